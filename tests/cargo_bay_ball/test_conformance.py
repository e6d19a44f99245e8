"""Seeded random games with the game's invariants after every step, across the options."""

from __future__ import annotations

import os
import random

import pytest

from tabletop.testing import assert_replays, check_generic_invariants, random_playthrough

from .helpers import Invariants, game

SWEEP = int(os.environ.get("TABLETOP_SWEEP", "1"))

OPTION_SETS = [
    {},
    {"players": 3},
    {"players": 4, "team_size": 2},
    {"players": 5, "team_size": 4},
    {"players": 8, "team_size": 4, "mercy_rule": True},
    {"team_size": "roll"},
    {"team_size": 2, "mercy_rule": True},
    {"side1_crew": "mal+jayne+zoe", "side2_crew": "kaylee+wash+river", "official": "book"},
    {"side1_crew": "river+inara", "players": 4, "goal_exit": "back"},
]


def _play(options: dict, seed: int) -> int:
    g = game(**options)
    rng = random.Random(seed)
    state = g.new_state(seed=seed)
    check = Invariants()
    steps = 0
    while not state.is_over:
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        assert legal, "a seat to act has no choices"
        state.apply(seat, legal[int(rng.random() * len(legal))])
        check(state)
        steps += 1
        assert steps < 100_000
    assert state.outcome is not None and state.outcome.reason
    return steps


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()) or "default")
def test_random_games_keep_the_invariants(options):
    for seed in range(50 * SWEEP):
        _play(options, seed)


def test_generic_invariants_and_replays():
    g = game()
    for seed in range(2 * SWEEP):
        state = random_playthrough(g, seed, Invariants(), check_every=9)
        assert_replays(state)
    check_generic_invariants(g.new_state(seed=5))
