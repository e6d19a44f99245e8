"""Friendly Sporting Competition in The Universe (Jim Wallman, 1998): six-a-side on an octagon."""

from .game import FriendlyCompetition, FriendlyState

__all__ = ["FriendlyCompetition", "FriendlyState"]
