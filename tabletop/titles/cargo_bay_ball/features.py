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
from pathlib import Path
from typing import TYPE_CHECKING

from tabletop.core import FittedEvaluation

from .constants import DOWN, PLAY, STANDING
from .heuristic import shot_chance

if TYPE_CHECKING:
    from .game import CargoBayState

__all__ = ["MODEL", "features", "fitted_value"]

MODEL = FittedEvaluation.load(Path(__file__).parent / "data" / "evaluation.json")

_FAR = 8  # a loose ball further than this from everyone counts as this far


def features(st: CargoBayState, seat: str) -> dict[str, float]:
    """The position from ``seat``'s side, as named numbers (see the module docstring)."""
    game = st.game
    side = game.seat_side[game.seats.index(seat)]
    margin = float(st.score[side] - st.score[1 - side])
    if st.phase != PLAY:
        return {"margin": margin, "margin_scaled": margin / math.sqrt(_rounds_left(st) + 1)}
    board = game.board
    goal = board.goal
    distance = board.distance
    pos, status, crew_side = st.pos, st.status, st.crew_side
    holder, ball = st.holder, st.ball
    down = [0, 0]
    out = [0, 0]
    turns = [0.0, 0.0]
    nearest = [_FAR, _FAR]
    open_shot = [0.0, 0.0]
    acted = st.acted
    for crew, space in enumerate(pos):
        mine = 0 if crew_side[crew] == side else 1
        state = status[crew]
        if state == DOWN:
            down[mine] += 1
        elif state != STANDING:
            out[mine] += 1
        if crew == st.active:
            turns[mine] += st.actions_left / 2
        elif not (acted >> crew) & 1 and state == STANDING:
            turns[mine] += 1
        if state != STANDING or space < 0:
            continue
        if holder < 0 and ball >= 0:
            nearest[mine] = min(nearest[mine], distance[space][ball])
        if crew != holder:
            open_shot[mine] = max(open_shot[mine], shot_chance(st, crew, space))
    ball_mine = ball_theirs = shot_mine = shot_theirs = near_mine = near_theirs = 0.0
    pressure_mine = pressure_theirs = 0.0
    loose_race = loose_near = 0.0
    if holder >= 0 and ball >= 0:
        near = max(0.0, 1.0 - distance[ball][goal] / 10)
        chance = shot_chance(st, holder, ball)
        pressure = sum(1 for c, p in enumerate(pos) if crew_side[c] != crew_side[holder]
                       and status[c] == STANDING and p >= 0 and distance[p][ball] == 1)
        if crew_side[holder] == side:
            ball_mine, shot_mine, near_mine, pressure_mine = 1.0, chance, near, float(pressure)
        else:
            ball_theirs, shot_theirs, near_theirs, pressure_theirs = 1.0, chance, near, float(pressure)
    elif ball >= 0:
        loose_race = (nearest[1] - nearest[0]) / _FAR
        loose_near = max(0.0, 1.0 - distance[ball][goal] / 10) * loose_race
    positional = {
        "ball_mine": ball_mine, "ball_theirs": ball_theirs,
        "shot_mine": shot_mine, "shot_theirs": shot_theirs,
        "near_mine": near_mine, "near_theirs": near_theirs,
        "pressure_mine": pressure_mine, "pressure_theirs": pressure_theirs,
        "loose_race": loose_race, "loose_near": loose_near,
        "open_mine": open_shot[0], "open_theirs": open_shot[1],
        "down_mine": float(down[0]), "down_theirs": float(down[1]),
        "out_mine": float(out[0]), "out_theirs": float(out[1]),
        "turns_mine": turns[0], "turns_theirs": turns[1],
    }
    scale = 1.0 / math.sqrt(_rounds_left(st) + 1)
    found = {"margin": margin, "margin_scaled": margin * scale, "sudden_death": float(st.sudden_death)}
    for name, value in positional.items():
        found[name + "_scaled"] = value * scale
    return found


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
    """The fitted evaluation in [-1, 1] (a finished game scores its result)."""
    outcome = st.result
    if outcome is not None:
        return outcome.returns(seat)
    return MODEL.value(features(st, seat))
