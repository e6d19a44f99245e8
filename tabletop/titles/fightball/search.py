"""What a searching coach weighs: position features, a fitted evaluation, and plans.

Features and plans read only what the coach may see (the court, both discard piles, deck sizes,
its own held card): search calls them on determinized copies, where the rest is re-dealt.
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import TYPE_CHECKING

from tabletop.core import Action
from tabletop.core.evaluation import FittedEvaluation

from .actions import DISCARD, PASS, TAKE, Play
from .cards import PLAYER
from .heuristic import assess_stack

if TYPE_CHECKING:
    from .game import FightballState

__all__ = ["EVALUATION", "evaluate", "features", "plans"]

EVALUATION = FittedEvaluation.load(Path(__file__).parent / "data" / "evaluation.json")
PLAYS = tuple(Play(n) for n in range(1, 25))
PLACES = 4  # stacks a plan may put the held card on: the heuristic's best few
Plan = tuple[Action, ...]


def features(state: FightballState, seat: str) -> dict[str, float]:
    """From ``seat``'s side: points banked in earlier quarters, points the court would give now,
    the hope in unfinished plays, how far through its deck each coach is (whoever reaches the Buzz
    first ends the quarter), and how much game is left to turn things round."""
    s = 0 if seat == "home" else 1
    o = 1 - s
    banked = float(state.score[s] - state.score[o])
    court = 0.0
    hope = 0.0
    stacks = state.stacks
    for index in range(len(stacks)):
        stack = stacks[index]
        if stack:
            value, _status, points = assess_stack(state, index, stack, s)
            court += points
            hope += value - points
    decks = state.decks
    size = float(len(state.table.decks[s]) + 1)
    quarters_left = max(0, state.last_quarter - state.quarter)
    progress = 1.0 - (len(decks[s]) + len(decks[o])) / (2 * size)  # through this quarter
    left = quarters_left + 1.0 - min(1.0, max(0.0, progress))
    # The final margin spreads with the square root of the play left (a win ~ Φ(margin/spread)).
    scale = 1.0 / math.sqrt(left + 0.25)
    margin = banked + court
    return {
        "margin": margin * scale,
        "hope": hope * scale,
        "court_left": court * (1.0 - progress) * scale,
        "deck_lead": (len(decks[o]) - len(decks[s])) / size,
        "holding": float(state.held[s] >= 0) - float(state.held[o] >= 0),
    }


def evaluate(state: FightballState, seat: str) -> float:
    outcome = state.outcome
    if outcome is not None:
        return outcome.returns(seat)
    return EVALUATION.value(features(state, seat))


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
