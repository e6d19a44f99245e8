"""What the search reads from Cargo Bay Ball: plans (whole walks, passes and shots), features and
the evaluation fitted to them."""

from __future__ import annotations

from pathlib import Path

import pytest

from tabletop.core import FittedEvaluation, Randomness
from tabletop.testing import heuristic_positions
from tabletop.titles.cargo_bay_ball import actions as A
from tabletop.titles.cargo_bay_ball.constants import PLAY
from tabletop.titles.cargo_bay_ball.game import CargoBayState

from .helpers import Invariants, game, position


def crew(slug, side, where):
    return {"crew": slug, "side": side, "at": where}


def played_positions(seed: int = 4, every: int = 9) -> list[CargoBayState]:
    return heuristic_positions(game(), seed, every=every, max_steps=100_000)


@pytest.fixture(scope="module")
def positions() -> list[CargoBayState]:
    return played_positions()


def test_plans_start_legal_play_out_legally_and_change_nothing(positions):
    for state in positions:
        seat = state.to_act[0]
        before = (state.rng._random.getstate(), list(state.pos), list(state.occ), len(state.events))
        found = state.plans(seat)
        assert (state.rng._random.getstate(), list(state.pos), list(state.occ), len(state.events)) == before
        assert found and len(found) <= 24 and len(set(found)) == len(found)
        legal = state.legal_actions(seat)
        assert all(plan[0] in legal for plan in found)
        for plan in found:
            world = state.clone()
            check = Invariants()
            check.last_score = list(world.score)
            for action in plan:
                if seat not in world.to_act or action not in world.legal_actions(seat):
                    break
                world.apply(seat, action)
                check(world)


def test_a_turn_offers_the_heuristic_choice_and_ending_the_turn(positions):
    turns = [s for s in positions if s.active >= 0 and not s.stack and len(s.legal_actions(s.to_act[0])) > 1]
    assert turns
    for state in turns:
        seat = state.to_act[0]
        found = state.plans(seat)
        hint = state.suggest(seat, Randomness(0))
        assert any(plan[0] == hint for plan in found)
        assert (A.Skip(),) in found


def test_choosing_who_acts_comes_with_that_crew_members_first_plan(positions):
    choices = [s for s in positions if s.phase == PLAY and s.active < 0 and not s.stack
               and len(s.legal_actions(s.to_act[0])) > 1]
    assert choices
    for state in choices:
        seat = state.to_act[0]
        found = state.plans(seat)
        assert found[0][0] == state.suggest(seat, Randomness(0))
        assert {plan[0] for plan in found} == set(state.legal_actions(seat))
        assert any(len(plan) > 1 for plan in found)


def test_reactions_are_one_plan_the_heuristic_choice():
    lineup = [crew("wash", 1, "C3"), crew("zoe", 1, "H3"), crew("jayne", 2, "E3"), crew("kaylee", 2, "N10")]
    state = position(lineup, dice=[6, 3], ball="wash", turn={"crew": "wash"})
    state.apply("seat1", A.Pass("zoe"))
    assert state.to_act == ("seat2",)
    assert state.plans("seat2") == [(state.suggest("seat2", Randomness(0)),)]


def test_a_carrier_walks_to_a_shot_in_one_plan():
    lineup = [crew("mal", 1, "D6"), crew("wash", 1, "B2"), crew("jayne", 2, "M9"), crew("kaylee", 2, "N10")]
    state = position(lineup, ball="mal", turn={"crew": "mal"})
    shots = [plan for plan in state.plans("seat1") if plan[-1] == A.Shoot() and len(plan) > 1]
    assert shots
    assert all(isinstance(step, A.Step | A.StepOver) for plan in shots for step in plan[:-1])
    assert all(len(plan) - 1 <= 4 for plan in shots)  # one move of Mal's MOVE 4, then the shot


def test_a_walk_over_a_loose_ball_picks_it_up_on_the_way():
    lineup = [crew("jayne", 1, "D3"), crew("wash", 1, "B2"), crew("mal", 2, "M9"), crew("kaylee", 2, "N10")]
    state = position(lineup, ball="F3", turn={"crew": "jayne"})
    found = state.plans("seat1")
    pick_up = A.PickUp("jayne")
    fetch = [plan for plan in found if pick_up in plan]
    assert fetch
    world = state.clone()
    walk = fetch[0]
    for action in walk[:walk.index(pick_up) + 1]:
        world.apply("seat1", action)
    assert world.holder == world.crew_by_slug("jayne")


def test_features_are_from_the_seat_side(positions):
    state = positions[len(positions) // 2]
    mine, theirs = state.features("seat1"), state.features("seat2")
    assert mine["margin"] == -theirs["margin"] == state.score[0] - state.score[1]
    for name, value in mine.items():
        if "_mine" in name:
            assert theirs[name.replace("_mine", "_theirs")] == pytest.approx(value)


def test_the_fitted_evaluation_loads_and_stays_within_bounds(positions):
    path = Path(__file__).parents[2] / "tabletop" / "titles" / "cargo_bay_ball" / "data" / "evaluation.json"
    model = FittedEvaluation.load(path)
    assert "margin_scaled" in model.names
    names = set(positions[-1].features("seat1"))
    assert set(model.names) <= names | {"sudden_death"}
    for state in positions:
        for seat in state.seats:
            assert -1.0 <= state.evaluate(seat) <= 1.0
    ahead = positions[-1]
    leader = "seat1" if ahead.score[0] > ahead.score[1] else "seat2"
    if ahead.score[0] != ahead.score[1]:
        assert ahead.evaluate(leader) > 0 > ahead.evaluate("seat2" if leader == "seat1" else "seat1")
