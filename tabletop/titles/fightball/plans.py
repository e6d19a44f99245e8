"""A coach's choices as the search sees them: the held card on the few stacks where it is
expected to gain most by the Buzz, or a discard; drawing, or taking the top discard back together
with where it goes.

Plans read only what the coach may see, like the features.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.core import Action

from .actions import DISCARD, DRAW, PASS, TAKE, Play
from .features import cards_left, placement_gains
from .quarter import favoured_choice

if TYPE_CHECKING:
    from .game import FightballState

__all__ = ["plans"]

PLAYS = tuple(Play(n) for n in range(1, 25))
PLACES = 5  # stacks a plan may put the held card on: the best few
Plan = tuple[Action, ...]


# Plans by everything they read, kept by each game (one table and court) up to a bound: a search
# asks for a seat's plans at every node it passes, in every sampled world, and the hidden cards
# never change them.
PLANS_KEPT = 10_000


def plans(state: FightballState, seat: str) -> list[Plan]:
    """The coach's plans (see ``_plans``), kept for the position as the coach sees it."""
    s = 0 if seat == "home" else 1
    key = (s, state.phase, state.held[s], bool(state.decks[s]), cards_left(state),
           tuple(map(tuple, state.stacks)), tuple(state.discards[0]), tuple(state.discards[1]),
           state.pending[0] if state.pending else None)
    kept = state.game.kept_plans
    found = kept.get(key)
    if found is None:
        if len(kept) >= PLANS_KEPT:
            kept.clear()
        found = kept[key] = tuple(_plans(state, seat))
    return list(found)


def _plans(state: FightballState, seat: str) -> list[Plan]:
    """A coach's choices: the held card on each of the few stacks where it is expected to gain
    most, or on the discard pile; drawing, or taking the top discard back together with where it
    goes (a card is taken back only to be played); in the buzzer-beater, the Shot's best stacks or
    letting it go; in the scoring round, the answer in the coach's own favour."""
    s = 0 if seat == "home" else 1
    phase = state.phase
    held = state.held[s]
    if phase == "fast":
        if held < 0:
            pile = state.discards[s]
            out: list[Plan] = [(DRAW,)] if state.decks[s] else []
            if pile:
                out += [(TAKE, place) for place in _places(state, s, pile[-1], PLACES)]
            return out or [(action,) for action in state.legal_actions(seat)]
        if held != state.table.buzz[s]:
            return [(DISCARD,), *((place,) for place in _places(state, s, held, PLACES))]
    elif phase == "buzzer-beater":
        return [(PASS,), *((place,) for place in _places(state, s, held, PLACES))]
    elif phase == "scoring":
        return [(favoured_choice(state),)]
    return [(action,) for action in state.legal_actions(seat)]


def _places(state: FightballState, s: int, card: int, count: int) -> list[Action]:
    """The ``count`` stacks where ``card`` is expected to gain most, best first (the search looks
    at every plan once, so each choice offers as many)."""
    best = sorted((-gain, index) for gain, index in placement_gains(state, s, card, cards_left(state)))
    return [PLAYS[index] for _loss, index in best[:count]]
