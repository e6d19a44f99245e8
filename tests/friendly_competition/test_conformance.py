"""Seeded random matches, with the game's own invariants checked after every step."""

from __future__ import annotations

import os
import random
from collections.abc import Callable

import pytest

from tabletop.core import Action, State
from tabletop.testing import assert_replays, random_playthrough
from tabletop.titles.friendly_competition.actions import EndTurn, Move
from tabletop.titles.friendly_competition.game import FriendlyState
from tabletop.titles.friendly_competition.pitch import PITCH

from .helpers import game

SWEEP = int(os.environ.get("TABLETOP_SWEEP", "1"))


def invariants() -> Callable[[State], None]:
    """Checks after every step; remembers the last score so it can prove scores only rise."""
    last = {"score": [0, 0], "turn": 1}

    def check(state: State) -> None:
        assert isinstance(state, FriendlyState)
        # one ball: held by at most one teamster and lying where that teamster stands
        carriers = [t for t in range(12) if state.holder == t]
        assert len(carriers) <= 1
        if state.holder >= 0 and state.flight is None and state.phase != "over":
            assert state.ball == state.pos[state.holder]
        assert PITCH.on[state.ball]
        view = state.view(None)
        assert sum(m["carrying"] for team in view["teams"].values() for m in team) == (state.holder >= 0)
        # at most one teamster per square, and the square map agrees with the positions
        placed = [s for s in state.pos if s >= 0]
        assert len(placed) == len(set(placed))
        for teamster, square in enumerate(state.pos):
            if square >= 0:
                assert state.occ[square] == teamster and PITCH.on[square]
        assert sum(1 for t in state.occ if t >= 0) == len(placed)
        # AP never negative
        assert state.ap >= 0 and min(state.debt) >= 0
        # exactly one goalie per side
        for team in view["teams"].values():
            assert sum(m["goalie"] for m in team) == 1
        # scores only rise, turns only advance
        assert state.score[0] >= last["score"][0] and state.score[1] >= last["score"][1]
        assert state.turn >= last["turn"]
        last["score"], last["turn"] = list(state.score), state.turn
        if state.phase == "flight":
            assert state.flight is not None and state.flight.queue
            assert state.holder == -1  # a moving ball belongs to nobody
        else:
            assert state.flight is None

    return check


def lively(rng: random.Random, state: State, seat: str, legal: list[Action]) -> Action:
    """Random play that prefers doing something with the ball, so goals, tackles and
    interceptions all happen often."""
    busy = [a for a in legal if not isinstance(a, (Move, EndTurn))]
    if busy and rng.random() < 0.6:
        return busy[int(rng.random() * len(busy))]
    return legal[int(rng.random() * len(legal))]


def test_random_matches_keep_the_invariants():
    match = game()
    for seed in range(40 * SWEEP):
        state = random_playthrough(match, seed, invariants())
        assert state.outcome is not None


def test_lively_matches_keep_the_invariants_and_score_goals():
    match = game(match_turns=30)
    goals = 0
    for seed in range(60 * SWEEP):
        state = random_playthrough(match, seed, invariants(), choose=lively)
        goals += sum(state.score)
        assert state.outcome is not None and "full time" in state.outcome.reason
    assert goals > 0


OPTION_SWEEP = [
    {"tackle_count": "teamster"},
    {"max_tackles": 1},
    {"jostle_counts_as_tackle": True},
    {"floored_for": "rest-of-turn"},
    {"interception_attempts": "once-per-side"},
    {"interception_attempts": "once-per-ball"},
    {"interception_attempts": "every-square"},
    {"lofted_pass_teammates": "fly-over"},
    {"lofted_pass_teammates": "stops"},
    {"knocked_ball_interceptable": False},
    {"off_turn_intercept_ap": 2},
    {"restart": "kick-off-positions"},
    {"deployment": "blocks"},
    {"grey_area": "centre-and-goal-zones"},
    {"grey_area": "none"},
    {"goalie_protection": "either-zone"},
    {"interception_table": "generous"},
    {"interception_table": "tight"},
    {"goal_limit": 1},
    {"receiver": "team-mates"},
    {"action_points": 3},
]


@pytest.mark.parametrize("options", OPTION_SWEEP, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()))
def test_every_option_plays_to_the_end(options):
    match = game(match_turns=20, **options)
    for seed in range(6 * SWEEP):
        state = random_playthrough(match, seed, invariants(), choose=lively)
        assert state.outcome is not None


def test_matches_replay_identically():
    match = game(match_turns=16)
    for seed in range(3):
        state = random_playthrough(match, seed, choose=lively)
        assert_replays(state)


def test_random_play_is_bounded_by_the_match_length():
    match = game(match_turns=10)
    for seed in range(10):
        state = random_playthrough(match, seed, max_steps=10 * 600, choose=lively)
        assert state.turn == 11 or state.outcome is not None
