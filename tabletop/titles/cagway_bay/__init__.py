"""Cagway Bay: gridless sailing battles with real geometry (wind, arcs, cover, boarding)."""

from .game import CagwayBay, CagwayState

__all__ = ["CagwayBay", "CagwayState"]
