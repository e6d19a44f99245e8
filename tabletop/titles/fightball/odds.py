"""Odds before a Fightball draw: what kind of card comes off the top of your deck.

Your deck's order is hidden from everyone, but what is left in it is not: every one of your 44
cards that is not on the court, in your discard pile or in your hand is still in the deck. So
the chance of each kind is an exact count. The Buzz stays at the bottom, so it comes only last.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from typing import TYPE_CHECKING

from tabletop.core import Action
from tabletop.core.odds import Chance, Odds

from .actions import Draw
from .cards import KIND_NAMES

if TYPE_CHECKING:
    from .game import FightballState

__all__ = ["action_odds"]

WORDS = {"player": "a Player", "ball": "a Ball", "shot": "a Shot", "effect": "a Special Effect", "buzz": "the Buzz"}


def action_odds(state: FightballState, seat: str, action: Action) -> Odds | None:
    """The chance of each kind of card on a draw; None for every other action."""
    if not isinstance(action, Draw):
        return None
    deck = state.decks[state.seats.index(seat)]
    if not deck:
        return None
    cards = state.table.cards
    buzz = [c for c in deck if KIND_NAMES[cards[c].kind] == "buzz"]
    drawable = [c for c in deck if c not in buzz] or buzz
    kinds = Counter(KIND_NAMES[cards[c].kind] for c in drawable)
    outcomes = tuple(Chance(WORDS.get(kind, kind), Fraction(count, len(drawable)))
                     for kind, count in sorted(kinds.items(), key=lambda item: -item[1]))
    return Odds(state.describe_action(seat, action), outcomes, True, len(drawable),
                f"{len(deck)} cards left in your deck, the Buzz at the bottom")
