"""Cargo Bay Ball: importing this package registers the game as "cargo-bay-ball".

The rule modules: setup, clock, play, flight (the procedure stack), legal, render,
heuristic, scenario; board and data hold the bay geometry and the data files.
"""

from .game import CargoBayBall, CargoBayState
from .references import ACTION_RULES, EVENT_RULES

CargoBayBall.event_rules = EVENT_RULES
CargoBayBall.action_rules = ACTION_RULES

__all__ = ["CargoBayBall", "CargoBayState"]
