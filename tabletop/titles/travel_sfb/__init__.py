"""Travel SFB: a card-driven starship duel (game name ``travel-sfb``)."""

from .game import TravelSFBGame, TravelState

__all__ = ["TravelSFBGame", "TravelState"]
