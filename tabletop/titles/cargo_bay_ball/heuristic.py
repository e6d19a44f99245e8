"""Placeholder heuristic (filled in later)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.core import Action, Randomness

if TYPE_CHECKING:
    from .game import CargoBayState


def suggest(st: CargoBayState, seat: str, rng: Randomness) -> Action:
    return rng.choice(st.legal_actions(seat))


def evaluate(st: CargoBayState, seat: str) -> float:
    return 0.0
