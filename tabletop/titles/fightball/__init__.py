"""Fightball: the real-time card game of futuristic three-ball basketball, six teams."""

from .game import FightballGame, FightballState

__all__ = ["FightballGame", "FightballState"]
