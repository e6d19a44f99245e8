"""Seeded random games with the game's invariants after every step, across the options."""

from __future__ import annotations

import os
import random

import pytest

from tabletop.testing import assert_replays, check_generic_invariants, random_playthrough
from tabletop.titles.cargo_bay_ball.view import CargoBayView

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


def test_random_games_under_the_rulings_options():
    options = {"river_shoot": "once-per-shot", "short_deflection": "target", "goal_space_block": "clean",
               "push_onto_obstacles": True, "side1_crew": "river+jayne+zoe"}
    for seed in range(10 * SWEEP):
        _play(options, seed)


def _check_view_schema(state) -> None:
    spectator = CargoBayView.model_validate(state.view(None)).model_dump()
    for seat in state.seats:
        mine = CargoBayView.model_validate(state.view(seat)).model_dump()
        assert mine["seat"] == seat and {**mine, "seat": None} == spectator  # nothing hidden, nothing added


def test_every_view_matches_the_documented_schema():
    g = game(players=3)
    rng = random.Random(3)
    for seed in range(2):
        state = g.new_state(seed=seed)
        steps = 0
        while not state.is_over:
            if steps % 40 == 0:
                _check_view_schema(state)
            seat = state.to_act[0]
            legal = state.legal_actions(seat)
            state.apply(seat, legal[int(rng.random() * len(legal))])
            steps += 1
        _check_view_schema(state)


def test_the_views_bay_geometry_is_complete_and_consistent():
    view = game().new_state(seed=1).view(None)
    board = CargoBayView.model_validate(view).board
    assert board.space_fields == ["label", "kind", "col", "row", "neighbours"]
    spaces = board.spaces
    index = {space[0]: i for i, space in enumerate(spaces)}
    assert len(index) == len(spaces) == 169
    field = {i for i, space in enumerate(spaces) if space[1] not in ("airlock", "arrow")}
    assert len(field) == 165
    assert spaces[index[board.goal]][1] == "goal" and spaces[index[board.door]][1] == "door"
    assert board.numbers == {"I5": 1, "H5": 2, "G6": 3, "H7": 4, "I7": 5, "I6": 6}
    for label, number in board.numbers.items():  # the numbered spaces ring the goal in their directions
        assert spaces[index[board.goal]][4][number - 1] == index[label]
    step = {"E": (1, 0), "NE": (1, -1), "NW": (0, -1), "W": (-1, 0), "SW": (-1, 1), "SE": (0, 1)}

    def axial(space):  # the documented conversion from offset (col, row) to axial (q, r)
        return space[2] - (space[3] - space[3] % 2) // 2, space[3]

    by_axial = {axial(space): i for i, space in enumerate(spaces)}
    for i, (label, _kind, col, row, near) in enumerate(spaces):
        assert label == f"{chr(ord('A') + col)}{row + 1}"
        q, r = axial(spaces[i])
        for number, there in enumerate(near, start=1):
            dq, dr = step[board.directions[str(number)]]
            expected = by_axial.get((q + dq, r + dr), -1)
            assert there == (expected if expected in field else -1)
            if there >= 0 and i in field:
                assert spaces[there][4][(number + 2) % 6] == i  # the way back is the opposite number
    cards = {c.crew: c.skills for c in CargoBayView.model_validate(view).cards}
    assert len(cards) == 9 and cards["river"]["SHOOT"] == "1d6" and cards["jayne"]["ENDUR"] == "6"
