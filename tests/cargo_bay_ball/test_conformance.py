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
    spaces = {s.label: s for s in board.spaces}
    assert len(spaces) == len(board.spaces) == 169 and sum(s.field for s in board.spaces) == 165
    assert spaces[board.goal].kind == "goal" and spaces[board.door].kind == "door"
    assert {s.label: s.number for s in board.spaces if s.number} == {
        "I5": 1, "H5": 2, "G6": 3, "H7": 4, "I7": 5, "I6": 6}
    step = {"E": (1, 0), "NE": (1, -1), "NW": (0, -1), "W": (-1, 0), "SW": (-1, 1), "SE": (0, 1)}
    by_axial = {(s.q, s.r): s for s in board.spaces}
    for space in board.spaces:
        assert space.label == f"{chr(ord('A') + space.col)}{space.row + 1}"
        assert space.q == space.col - (space.row - space.row % 2) // 2 and space.r == space.row
        for number, label in space.neighbours.items():
            dq, dr = step[board.directions[number]]
            there = by_axial.get((space.q + dq, space.r + dr))
            assert label == (there.label if there is not None and there.field else None)
            if label is not None and space.field:
                back = str((int(number) + 2) % 6 + 1)
                assert spaces[label].neighbours[back] == space.label
    cards = {c.crew: c.skills for c in CargoBayView.model_validate(view).cards}
    assert len(cards) == 9 and cards["river"]["SHOOT"] == "1d6" and cards["jayne"]["ENDUR"] == "6"
