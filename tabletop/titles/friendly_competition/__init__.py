"""Friendly Sporting Competition in The Universe (Jim Wallman, 1998): six-a-side on an octagon."""

from .game import FriendlyCompetition, FriendlyState
from .references import ACTION_RULES, EVENT_RULES

FriendlyCompetition.event_rules = EVENT_RULES
FriendlyCompetition.action_rules = ACTION_RULES

__all__ = ["FriendlyCompetition", "FriendlyState"]
