"""Fightball: the real-time card game of futuristic three-ball basketball, six teams."""

from .game import FightballGame, FightballState
from .references import ACTION_RULES, EVENT_RULES

FightballGame.event_rules = EVENT_RULES
FightballGame.action_rules = ACTION_RULES

__all__ = ["FightballGame", "FightballState"]
