"""What a position is worth, for search: named features and the evaluation fitted to them.

:func:`features` describes the position from one seat's side: the score margin and the time
left, and who has the ball, how good a shot the carrier has, who is nearer a loose ball, who is
down or in the airlock, and who still has turns this Round. Apart from the raw margin every
feature is divided by the square root of the Rounds left, because a lead or a chance matters
more the less time there is to answer it; the fit picks the weights
(``tabletop fit cargo-bay-ball``; the model lives in ``data/evaluation.json``).

Everything here reads the public position only and changes nothing.
"""

from __future__ import annotations

import math
from operator import mul
from pathlib import Path
from typing import TYPE_CHECKING

from tabletop.core import FittedEvaluation

from .constants import DOWN, PLAY, STANDING
from .heuristic import shot_chance

if TYPE_CHECKING:
    from .game import CargoBayState

__all__ = ["MODEL", "NAMES", "features", "fitted_value"]

MODEL = FittedEvaluation.load(Path(__file__).parent / "data" / "evaluation.json")

_FAR = 8  # a loose ball further than this from everyone counts as this far
#: Features that come in pairs, one for each side ("_mine" and "_theirs"), all scaled by time left.
_PAIRED = ("ball", "shot", "near", "pressure", "open", "down", "out", "turns")
#: Features of the loose ball, from the first side's view (negated for the other).
_LOOSE = ("loose_race", "loose_near")
NAMES: tuple[str, ...] = ("margin", "margin_scaled", "sudden_death",
                          *(f"{name}_{whose}_scaled" for name in _PAIRED for whose in ("mine", "theirs")),
                          *(f"{name}_scaled" for name in _LOOSE))
_WEIGHTS = dict(zip(MODEL.names, MODEL.weights, strict=True))
_VECTOR = tuple(_WEIGHTS.get(name, 0.0) for name in NAMES)


def features(st: CargoBayState, seat: str) -> dict[str, float]:
    """The position from ``seat``'s side, as named numbers (see the module docstring)."""
    game = st.game
    side = game.seat_side[game.seats.index(seat)]
    return dict(zip(NAMES, _both_sides(st)[side], strict=True))


def _both_sides(st: CargoBayState) -> tuple[list[float], list[float]]:
    """The feature values (in the order of ``NAMES``) for side 1 and for side 2, in one pass."""
    scale = 1.0 / math.sqrt(_rounds_left(st) + 1)
    margin = float(st.score[0] - st.score[1])
    head = [margin, margin * scale, float(st.sudden_death)]
    if st.phase != PLAY:
        rest = [0.0] * (2 * len(_PAIRED) + len(_LOOSE))
        return head + rest, [-margin, -margin * scale, head[2], *rest]
    board = st.game.board
    goal = board.goal
    distance = board.distance
    pos, status, crew_side = st.pos, st.status, st.crew_side
    holder, ball = st.holder, st.ball
    acted = st.acted
    # Per side (0, 1): ball, shot, near, pressure, open, down, out, turns.
    values = [[0.0] * len(_PAIRED), [0.0] * len(_PAIRED)]
    nearest = [_FAR, _FAR]
    for crew, space in enumerate(pos):
        mine = values[crew_side[crew]]
        state = status[crew]
        if state == DOWN:
            mine[5] += 1
        elif state != STANDING:
            mine[6] += 1
        if crew == st.active:
            mine[7] += st.actions_left / 2
        elif not (acted >> crew) & 1 and state == STANDING:
            mine[7] += 1
        if state != STANDING or space < 0:
            continue
        if holder < 0 and ball >= 0:
            nearest[crew_side[crew]] = min(nearest[crew_side[crew]], distance[space][ball])
        if crew != holder:
            mine[4] = max(mine[4], shot_chance(st, crew, space))
    loose_race = loose_near = 0.0
    if holder >= 0 and ball >= 0:
        owner = crew_side[holder]
        carrier = values[owner]
        carrier[0] = 1.0
        carrier[1] = shot_chance(st, holder, ball)
        carrier[2] = max(0.0, 1.0 - distance[ball][goal] / 10)
        carrier[3] = float(sum(1 for c, p in enumerate(pos) if crew_side[c] != owner
                               and status[c] == STANDING and p >= 0 and distance[p][ball] == 1))
    elif ball >= 0:
        loose_race = (nearest[1] - nearest[0]) / _FAR
        loose_near = max(0.0, 1.0 - distance[ball][goal] / 10) * loose_race
    first, second = values
    one = list(head)
    two = [-margin, -margin * scale, head[2]]
    for k in range(len(_PAIRED)):
        one += (first[k] * scale, second[k] * scale)
        two += (second[k] * scale, first[k] * scale)
    one += (loose_race * scale, loose_near * scale)
    two += (-loose_race * scale, -loose_near * scale)
    return one, two


def _rounds_left(st: CargoBayState) -> float:
    """Whole Rounds still to play after this one, plus the share of this Round's turns left;
    a sudden-death Chop counts as one Round, since the next goal ends it."""
    if st.sudden_death:
        return 1.0
    rules = st.game.rules
    crew = len(st.pos)
    share = 1.0 - bin(st.acted).count("1") / crew if crew else 1.0
    return (rules.chops - st.chop) * rules.rounds_per_chop + (rules.rounds_per_chop - st.round) + share


def fitted_value(st: CargoBayState, seat: str) -> float:
    """The fitted evaluation in [-1, 1] (a finished game scores its result). Both sides' values
    are worked out together and kept until the position moves on, since a search asks for both."""
    outcome = st.result
    if outcome is not None:
        return outcome.returns(seat)
    game = st.game
    side = game.seat_side[game.seats.index(seat)]
    moment = (len(st.history), len(st.events))
    memo = st.value_memo
    if memo is None or memo[0] != moment:
        bias, weights = MODEL.bias, _VECTOR
        one, two = _both_sides(st)
        # Feature by feature in order, as the fit's own dot product adds them.
        pair = (math.tanh((bias + sum(map(mul, weights, one))) / 2),
                math.tanh((bias + sum(map(mul, weights, two))) / 2))
        memo = st.value_memo = (moment, pair)
    return memo[1][side]
