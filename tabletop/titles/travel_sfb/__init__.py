"""Travel SFB: a card-driven starship duel (game name ``travel-sfb``)."""

from .game import TravelSFBGame, TravelState
from .references import ACTION_RULES, EVENT_RULES

TravelSFBGame.event_rules = EVENT_RULES
TravelSFBGame.action_rules = ACTION_RULES

__all__ = ["TravelSFBGame", "TravelState"]
