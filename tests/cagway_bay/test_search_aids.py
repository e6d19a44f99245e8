"""What Cagway Bay gives a search: position features, the fitted evaluation, whole manoeuvres."""

from __future__ import annotations

import random

import pytest

import tabletop
from tabletop.core import IllegalAction
from tabletop.core.evaluation import FittedEvaluation
from tabletop.titles.cagway_bay.actions import Done, Sail
from tabletop.titles.cagway_bay.features import DATA, features, fitted

from .helpers import make, ship


def positions(scenario: str, count: int, seed: int = 3) -> list[tabletop.State]:
    """Positions of a seeded heuristic game, every few decisions."""
    state = tabletop.load("cagway-bay", scenario=scenario).new_state(seed=seed)
    found = []
    step = 0
    while not state.is_over and len(found) < count:
        if step % 7 == 0:
            found.append(state.clone())
        seat = state.to_act[0]
        state.apply(seat, state.suggest(seat, state.rng))
        step += 1
    return found


@pytest.mark.parametrize("scenario", ["the-ruins", "under-cover-of-darkness", "open-warfare"])
def test_features_are_finite_and_mirror_between_the_sides(scenario: str) -> None:
    for state in positions(scenario, 6):
        a, b = state.seats
        mine, theirs = state.features(a), state.features(b)
        assert mine and set(mine) == set(theirs)
        for name, value in mine.items():
            assert value == pytest.approx(-theirs[name]), name  # each feature is signed for its side
        assert -1.0 <= state.evaluate(a) <= 1.0
        assert state.evaluate(a) == pytest.approx(-state.evaluate(b))


def test_features_see_treasure_carried_off() -> None:
    state = positions("the-ruins", 1)[0]
    before = features(state, "raiders")
    runner = next(s for s in state.ships.values() if s.seat == 0)  # type: ignore[attr-defined]
    runner.treasure, runner.status = 1, "escaped"
    after = features(state, "raiders")
    assert after["progress"] > before["progress"]
    assert features(state, "navy")["progress"] == -after["progress"]


def test_the_evaluation_file_loads_and_names_only_known_features() -> None:
    model = FittedEvaluation.load(DATA / "evaluation.json")
    assert fitted("the-ruins") == model
    state = positions("the-ruins", 1)[0]
    assert set(model.names) <= set(features(state, "raiders"))
    for probe in ({}, {name: 50.0 for name in model.names}, {name: -50.0 for name in model.names}):
        assert -1.0 <= model.value(probe) <= 1.0


@pytest.mark.parametrize("scenario", ["the-ruins", "under-cover-of-darkness", "open-warfare"])
def test_plans_start_legal_and_play_out_legally(scenario: str) -> None:
    rng = random.Random(5)
    for state in positions(scenario, 5):
        seat = state.to_act[0]
        plans = state.plans(seat)
        assert plans and len(plans) <= 60
        legal = state.legal_actions(seat)
        assert all(plan[0] in legal for plan in plans)
        assert len(set(plans)) == len(plans)
        world = state.clone()
        for action in rng.choice(plans):
            if world.is_over or seat not in world.to_act:
                break
            try:
                world.apply(seat, action)
            except IllegalAction:
                break  # a plan stops where it stops being legal
        assert world.is_over or world.to_act  # the position stays playable


def test_a_manoeuvre_sails_towards_the_quarry_and_keeps_ap_for_the_guns() -> None:
    state = make([ship("hunter", "frigate", 0, 20, 50, 0), ship("prey", "sloop", 1, 70, 50, 180, ap=0)])
    plans = state.plans(state.seats[0])
    sailing = [p for p in plans if len(p) > 1 and all(isinstance(a, Sail) for a in p[:-1])]
    assert sailing, plans
    assert any(isinstance(p[-1], Done) for p in sailing)  # some stop short, keeping AP to fire
    assert max(len(p) for p in sailing) <= state.ships["hunter"].ap + 1  # type: ignore[attr-defined]


def test_plans_never_change_the_menu() -> None:
    state = positions("the-ruins", 2)[1]
    seat = state.to_act[0]
    before = list(state.legal_actions(seat))
    state.plans(seat)
    assert state.legal_actions(seat) == before
