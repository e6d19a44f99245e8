"""What a searching coach weighs in a position: named features and the evaluation fitted to them.

Features read only what the coach may see (the court, both discard piles, deck sizes, its own held
card): search calls them on determinized copies, where the rest is re-dealt.
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import TYPE_CHECKING

from tabletop.core.evaluation import FittedEvaluation

from .heuristic import assess_stack

if TYPE_CHECKING:
    from .game import FightballState

__all__ = ["EVALUATION", "evaluate", "features"]

EVALUATION = FittedEvaluation.load(Path(__file__).parent / "data" / "evaluation.json")


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
