"""A coach's choices as the search sees them: the held card on the few best stacks, or a discard.

Plans read only what the coach may see, like the features.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.core import Action

from .actions import DISCARD, PASS, TAKE, Play
from .cards import PLAYER
from .heuristic import assess_stack

if TYPE_CHECKING:
    from .game import FightballState

__all__ = ["plans"]

PLAYS = tuple(Play(n) for n in range(1, 25))
PLACES = 4  # stacks a plan may put the held card on: the heuristic's best few
Plan = tuple[Action, ...]


def plans(state: FightballState, seat: str) -> list[Plan]:
    """A coach's choices: the held card on each of the few stacks where the rules of thumb rate it
    best, or on the discard pile; taking the top discard back together with where it goes; in the
    buzzer-beater, the Shot's best stacks or letting it go. Other moments offer every action."""
    s = 0 if seat == "home" else 1
    legal = state.legal_actions(seat)
    phase = state.phase
    held = state.held[s]
    if phase == "fast" and held < 0:
        pile = state.discards[s]
        out: list[Plan] = [(action,) for action in legal]
        if pile:
            out += [(TAKE, place) for place in _places(state, s, pile[-1], 2)]
        return out
    if phase == "fast" and held != state.table.buzz[s]:
        return [*((place,) for place in _places(state, s, held, PLACES)), (DISCARD,)]
    if phase == "buzzer-beater":
        return [*((place,) for place in _places(state, s, held, 2)), (PASS,)]
    return [(action,) for action in legal]


def _places(state: FightballState, s: int, card: int, count: int) -> list[Action]:
    """The stacks where ``card`` gains most by the rules of thumb' reckoning, best first; only
    stacks where it gains something (a card that helps nowhere is kept for the discard pile)."""
    is_player = state.table.cards[card].kind == PLAYER
    gains: list[tuple[float, int]] = []
    for index, stack in enumerate(state.stacks):
        if not stack and not is_player:
            continue  # a False Start
        before, status, _points = assess_stack(state, index, stack, s)
        if status in ("complete", "false-start"):
            continue
        gain = assess_stack(state, index, [*stack, card], s)[0] - before
        if gain > 0.05:
            gains.append((gain, index))
    gains.sort(key=lambda g: (-g[0], g[1]))
    return [PLAYS[index] for _gain, index in gains[:count]]
