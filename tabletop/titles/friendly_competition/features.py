"""What a searching player weighs in the match: position features and the evaluation fitted to them.

Everything here is read from the public position: the match has no hidden information.
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import TYPE_CHECKING

from tabletop.core.evaluation import FittedEvaluation

from .heuristic import DISTANCE, GOAL_DISTANCE
from .pitch import PITCH
from .procedures import FLIGHT, PLAY
from .rules import SEATS, TEAM_SIZE

if TYPE_CHECKING:
    from .game import FriendlyState

__all__ = ["EVALUATION", "evaluate", "features"]

EVALUATION = FittedEvaluation.load(Path(__file__).parent / "data" / "evaluation.json")
HEIGHT = float(PITCH.height)


# -- features ---------------------------------------------------------------------------------------

def features(state: FriendlyState, seat: str) -> dict[str, float]:
    """The position from ``seat``'s side: goals ahead (and how late it is), where the ball is and
    who holds it, whose turn it is with how many action points, how close a carrier is to running
    the ball in, the race to a loose ball, and teamsters on the ground."""
    side = SEATS.index(seat)
    other = 1 - side
    rules = state.rules
    score = state.score
    lead = float(score[side] - score[other])
    holder = state.holder
    pos = state.pos
    ball = pos[holder] if holder >= 0 else state.ball
    if ball < 0:
        ball = PITCH.centre
    mine_to_score = GOAL_DISTANCE[side][ball]
    theirs_to_score = GOAL_DISTANCE[other][ball]
    field = (theirs_to_score - mine_to_score) / HEIGHT
    playing = state.phase in (PLAY, FLIGHT)
    acting = state.side if playing else -1
    full = float(rules.action_points)
    tempo = 0.0
    if playing:
        tempo = (state.ap / full) * (1.0 if acting == side else -1.0)
    possession = 0.0
    run_in = 0.0
    carrier_near = 0.0
    marked = 0.0
    chase = 0.0
    floored = state.floored
    if holder >= 0:
        owner = holder // TEAM_SIZE
        sign = 1.0 if owner == side else -1.0
        possession = sign
        to_goal = GOAL_DISTANCE[owner][ball]
        points = state.ap if (playing and acting == owner) else rules.action_points
        run_in = sign * max(0.0, min(1.0, (points - to_goal + 1) / 4))
        carrier_near = sign * max(0.0, 1.0 - to_goal / HEIGHT)
        enemies = 0
        low = (1 - owner) * TEAM_SIZE
        for enemy in range(low, low + TEAM_SIZE):
            if not floored[enemy] and DISTANCE[pos[enemy]][ball] <= 1:
                enemies += 1
        marked = -sign * enemies
    elif playing:
        near = DISTANCE[ball]
        mine = min((near[pos[t]] for t in range(side * TEAM_SIZE, side * TEAM_SIZE + TEAM_SIZE)
                    if not floored[t]), default=20)
        theirs = min((near[pos[t]] for t in range(other * TEAM_SIZE, other * TEAM_SIZE + TEAM_SIZE)
                      if not floored[t]), default=20)
        chase = (theirs - mine) / HEIGHT
    down = 0.0
    for teamster in range(2 * TEAM_SIZE):
        if floored[teamster]:
            down += 1.0 if teamster // TEAM_SIZE == other else -1.0
    # The final margin spreads with the square root of the turns left, so what the position is
    # worth in goals weighs more as full time nears (a win is roughly Φ(margin / spread)).
    scale = 4.0 / math.sqrt(max(0, rules.match_turns - state.turn) + 1)
    return {
        "lead": lead,
        "lead_scaled": lead * scale,
        "field_scaled": field * scale,
        "possession_scaled": possession * scale,
        "tempo_scaled": tempo * scale,
        "run_in_scaled": run_in * scale,
        "carrier_near_scaled": carrier_near * scale,
        "carrier_marked": marked,
        "loose_chase_scaled": chase * scale,
        "floored": down,
    }


def evaluate(state: FriendlyState, seat: str) -> float:
    outcome = state.outcome
    if outcome is not None:
        return outcome.returns(seat)
    return EVALUATION.value(features(state, seat))


def evaluations(state: FriendlyState) -> dict[str, float]:
    """Both sides' evaluations from one pass: the other side's features are these, negated."""
    if state.outcome is not None:
        return {seat: state.outcome.returns(seat) for seat in SEATS}
    mine, theirs = EVALUATION.mirrored_values(features(state, SEATS[0]))
    return {SEATS[0]: mine, SEATS[1]: theirs}
