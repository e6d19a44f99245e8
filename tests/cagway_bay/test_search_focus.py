"""Where Cagway Bay's search looks: the hunters' danger features and the hunters' one plan."""

from __future__ import annotations

from dataclasses import replace

import tabletop
from tabletop.core import Randomness
from tabletop.lab.fitting import Positions
from tabletop.titles.cagway_bay.features import features
from tabletop.titles.cagway_bay.refit import SENSE, signed_fit

from .helpers import make, ship


def run(ships: list[dict[str, object]]) -> object:
    return make(ships, scenario="the-ruins", edges="open-sea")


def test_danger_grows_with_hunters_in_reach_of_a_runner() -> None:
    far = run([ship("heron", "sloop", 0, 20, 50, 0), ship("resolute", "frigate", 1, 90, 90, 180)])
    near = run([ship("heron", "sloop", 0, 20, 50, 0), ship("resolute", "frigate", 1, 30, 50, 180)])
    assert features(far, "raiders")["danger"] == 0.0  # type: ignore[arg-type]
    assert features(near, "raiders")["danger"] > 0.0  # signed by the runners: a weight against it  # type: ignore[arg-type]
    assert features(near, "navy")["danger"] == -features(near, "raiders")["danger"]  # type: ignore[arg-type]


def test_a_runner_hull_to_hull_with_a_hunter_is_caught() -> None:
    free = run([ship("heron", "sloop", 0, 20, 50, 0), ship("resolute", "frigate", 1, 60, 50, 0)])
    held = run([ship("heron", "sloop", 0, 20, 50, 0), ship("resolute", "frigate", 1, 20, 52.5, 0)])
    assert features(free, "raiders")["caught"] == 0.0  # type: ignore[arg-type]
    assert features(held, "raiders")["caught"] > 0.0  # type: ignore[arg-type]


def test_the_hunters_of_a_run_weigh_only_the_rules_of_thumbs_move() -> None:
    state = tabletop.load("cagway-bay").new_state(seed=2)
    while state.to_act[0] != "navy" or state.phase != "move":  # type: ignore[attr-defined]
        seat = state.to_act[0]
        state.apply(seat, state.suggest(seat, Randomness(0)))
    assert state.plans("navy") == [(state.suggest("navy", Randomness(0)),)]
    # (a raider in reach of a ruin has her landing there as her one plan: this one is at sea)
    raiders = make([ship("heron", "schooner", 0, 50, 20, 90, treasure=1), ship("resolute", "frigate", 1, 80, 80, 90, ap=0)],
                   scenario="the-ruins")
    assert len(raiders.plans(raiders.to_act[0])) > 1  # the runners search
    battle = make([ship("a", "frigate", 0, 20, 50, 0), ship("b", "sloop", 1, 70, 50, 180, ap=0)])
    assert len(battle.plans(battle.to_act[0])) > 1  # in a battle both sides search


def test_a_hunter_s_kept_step_is_the_one_the_rules_of_thumb_take_afresh() -> None:
    # the hunters' plans are kept by position: through two whole games, every one handed out
    # (the second time round, the kept one) is the rules of thumb's step in that very position
    asked = 0
    for seed in (2, 2, 4):
        state = tabletop.load("cagway-bay").new_state(seed=seed)
        while not state.is_over and state.turn <= 3:  # type: ignore[attr-defined]
            seat = state.to_act[0]
            step = state.suggest(seat, Randomness(0))
            if seat == "navy" and state.phase == "move":  # type: ignore[attr-defined]
                assert state.plans(seat) == [(step,)]
                asked += 1
            state.apply(seat, step)
    assert asked > 20


def test_the_signed_fit_drops_a_feature_fitted_against_its_sense() -> None:
    # "pace" (work left) rises with winning here, against its sense: it must not keep a weight
    rows, labels = [], []
    for k in range(200):
        good = k % 2
        rows.append({"progress": good + 0.1 * (k % 7), "pace": good + 0.05 * (k % 3)})
        labels.append(float(good))
    positions = Positions(rows=rows, current=[0.0] * 200, labels=labels, games=list(range(200)))
    fit = signed_fit(replace(positions))
    weights = dict(zip(fit.model.names, fit.model.weights, strict=True))
    assert "pace" not in weights and weights["progress"] > 0
    assert all(SENSE[name] * w >= 0 for name, w in weights.items())
