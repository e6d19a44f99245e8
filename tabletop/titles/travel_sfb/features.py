"""Numbers that describe a Travel SFB position from one ship's side, and the evaluation fitted to them.

A duel is decided by generation: each point lost is a card fewer every turn, and zero explodes the
ship. So the features are the generations, as they will stand once the damage already decided
this turn lands (the rows are fixed once both ships have finished allocating), whether that
damage kills, the advantage cards coming (while movement is being paired, as the resolving ship
would pair and settle it by the rules of thumb), the cards each ship holds this turn, and how much of
the duel is left before the turn limit. The weights come from ``tabletop fit`` on self-play
(``data/evaluation.json``, read once as ``FITTED``); without it ``evaluate`` falls back to the generation share without it.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from operator import itemgetter, mul
from pathlib import Path
from typing import TYPE_CHECKING, Literal

from tabletop.core.evaluation import FittedEvaluation

from .cards import VALUES
from .heuristic import movement_points
from .rules import ALLOCATE, PAIR, POWER, SETTLE

if TYPE_CHECKING:
    from .game import TravelState

__all__ = ["EVALUATION_FILE", "FEATURES", "FITTED", "feature_values", "features", "fitted_value", "fitted_values",
           "load_evaluation"]

EVALUATION_FILE = Path(__file__).with_name("data") / "evaluation.json"
FEATURES = (
    "generation_share_margin",
    "generation_margin",
    "my_generation",
    "their_generation",
    "kill_now",
    "killed_now",
    "advantage_margin",
    "card_margin",
    "value_margin",
    "turns_left",
)


def features(state: TravelState, seat: str) -> dict[str, float]:
    """The position from ``seat``'s side; call it on a determinized copy (it reads both hands)."""
    return dict(zip(FEATURES, feature_values(state, seat), strict=True))


def feature_values(state: TravelState, seat: str) -> tuple[float, ...]:
    """:func:`features` as a tuple in the order of ``FEATURES``."""
    return _from_side(_position(state), 0 if seat == "seat1" else 1)


# What the features of both sides are worked out from: each ship's generation once this turn's
# decided damage lands, full generation, coming advantage points, cards held and their value, and
# the share of the duel left.
_Position = tuple[list[int], tuple[int, int], list[int], list[int], list[int], float]


def _position(state: TravelState) -> _Position:
    gen = list(state.gen)
    phase = state.phase
    rows = state.rows
    if phase in (PAIR, SETTLE):
        # Every row is down: the damage of this turn is known, only its reveal is to come.
        offense = (sum([VALUES[c] for c in rows[0][0]]), sum([VALUES[c] for c in rows[1][0]]))
        defense = (sum([VALUES[c] for c in rows[0][2]]), sum([VALUES[c] for c in rows[1][2]]))
        gen = [max(0, gen[k] - max(0, offense[1 - k] - defense[k]) // 10) for k in (0, 1)]
    full = (state.ships[0].generation, state.ships[1].generation)
    coming = movement_points(state) if phase in (PAIR, SETTLE) else list(state.adv_points)
    cards = [0, 0]
    value = [0, 0]
    if phase == ALLOCATE:
        for k in (0, 1):
            held = state.hands[k] + rows[k][0] + rows[k][1] + rows[k][2]
            cards[k] = len(held)
            value[k] = sum([VALUES[c] for c in held])
    elif phase == POWER:
        cards = [gen[0] + coming[0], gen[1] + coming[1]]
    limit = state.rules.turn_limit
    return gen, full, coming, cards, value, max(0, limit - state.turn) / limit


def _from_side(position: _Position, i: int) -> tuple[float, ...]:
    """The features of ``position`` for ship ``i``, in the order of ``FEATURES``."""
    gen, full, coming, cards, value, left = position
    j = 1 - i
    return (
        gen[i] / full[i] - gen[j] / full[j],
        float(gen[i] - gen[j]),
        float(gen[i]),
        float(gen[j]),
        float(gen[j] == 0 and gen[i] > 0),
        float(gen[i] == 0 and gen[j] > 0),
        float(coming[i] - coming[j]),
        float(cards[i] - cards[j]),
        (value[i] - value[j]) / 10,
        left,
    )


def fitted_value(model: FittedEvaluation, state: TravelState, seat: str) -> float:
    """``model.value(features(state, seat))`` without building the dictionary: the same sum of
    the same products in the same order, so the very same number."""
    return _fitted(model, feature_values(state, seat))


def fitted_values(model: FittedEvaluation, state: TravelState) -> tuple[float, float]:
    """:func:`fitted_value` for seat1 and seat2, from one look at the position."""
    position = _position(state)
    return _fitted(model, _from_side(position, 0)), _fitted(model, _from_side(position, 1))


def _fitted(model: FittedEvaluation, values: tuple[float, ...]) -> float:
    """``model.value`` of the features ``values`` (in the order of ``FEATURES``): the products of
    each weight with its feature, summed in the model's order."""
    names = model.names
    found = _REORDERS.get(names)
    if found is None:
        places = tuple(FEATURES.index(n) if n in FEATURES else None for n in names)
        found = _REORDERS[names] = (_reorder(places), places)
    reorder, places = found
    if reorder is not False:
        return math.tanh((model.bias + sum(map(mul, model.weights, reorder(values)))) / 2)
    logit = model.bias + sum([w * (0.0 if k is None else values[k]) for k, w in zip(places, model.weights, strict=True)])
    return math.tanh(logit / 2)


def _reorder(places: tuple[int | None, ...]) -> Callable[[tuple[float, ...]], tuple[float, ...]] | Literal[False]:
    """Features in ``FEATURES`` order to the model's order, in one C call; False when the model
    names a feature this game does not know (it counts as 0)."""
    known = [k for k in places if k is not None]
    if len(known) < len(places):
        return False
    if len(known) > 1:
        return itemgetter(*known)
    return lambda values: tuple([values[k] for k in known])


# How each model's names (its weights' order) are read from ``FEATURES``: the one-call reorder
# (False when a name is unknown) and where each name stands (None: unknown).
_REORDERS: dict[tuple[str, ...], tuple[Callable[[tuple[float, ...]], tuple[float, ...]] | Literal[False],
                                       tuple[int | None, ...]]] = {}


def load_evaluation(path: Path = EVALUATION_FILE) -> FittedEvaluation | None:
    """The fitted model stored at ``path``; None when there is none."""
    return FittedEvaluation.load(path) if path.exists() else None


FITTED = load_evaluation()
