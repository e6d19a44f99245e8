"""Cagway Bay: gridless sailing battles with real geometry (wind, arcs, cover, boarding)."""

from .game import CagwayBay, CagwayState
from .references import ACTION_RULES, EVENT_RULES

CagwayBay.event_rules = EVENT_RULES
CagwayBay.action_rules = ACTION_RULES

__all__ = ["CagwayBay", "CagwayState"]
