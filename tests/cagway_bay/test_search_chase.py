"""Winning back a treasure a hunter has taken: the features that see it and the raiders' chase."""

from __future__ import annotations

import math
from typing import Any

from tabletop.core import Action
from tabletop.titles.cagway_bay.actions import Commandeer, Done, Grapple, Melee, Sail, Share
from tabletop.titles.cagway_bay.features import features
from tabletop.titles.cagway_bay.game import CagwayState
from tabletop.titles.cagway_bay.pursuit import chasing, quarries

from .helpers import make, ship

# the raiders are seat 0 in The Ruins, the navy seat 1; three treasures aboard means three needed
RAIDERS = [ship("swallow", "sloop", 0, 20, 30, 90, treasure=1), ship("magpie", "sloop", 0, 70, 20, 90, treasure=1)]


def run(ships: list[dict[str, object]], phase: str = "move", islands: list[dict[str, object]] | None = None,
        **extra: Any) -> CagwayState:
    return make(ships, islands, scenario="the-ruins", edges="open-sea", phase=phase, **extra)


def only_plan(state: CagwayState, seat: str = "raiders") -> Action:
    plans = state.plans(seat)
    assert len(plans) == 1 and len(plans[0]) == 1  # one step at a time, decided by the chase
    return plans[0][0]


def test_a_treasure_in_enemy_hands_is_seen_with_the_way_to_it() -> None:
    near = run([*RAIDERS, ship("resolute", "frigate", 1, 30, 30, 90, treasure=1)])
    far = run([*RAIDERS, ship("resolute", "frigate", 1, 60, 85, 90, treasure=1)])
    free = run([*RAIDERS, ship("heron", "schooner", 0, 40, 40, 90, treasure=1),
                ship("resolute", "frigate", 1, 60, 85, 90)])
    assert features(free, "raiders")["seized"] == 0.0 and features(free, "raiders")["chase"] == 0.0
    assert features(near, "raiders")["seized"] > 0.0  # signed by the runners: its weight is negative
    assert features(far, "raiders")["chase"] > features(near, "raiders")["chase"] > 0.0
    assert features(near, "navy")["seized"] == -features(near, "raiders")["seized"]
    assert chasing(near, "raiders") and not chasing(near, "navy") and not chasing(free, "raiders")


def test_an_enemy_docked_at_a_ruin_with_treasure_is_gone_for_before_she_explores() -> None:
    ruin = {"id": "ruin", "name": "Ruin", "outline": [[40, 60], [60, 60], [60, 80], [40, 80]], "treasure": 1}
    raiders = [ship("swallow", "sloop", 0, 20, 30, 90, treasure=1), ship("magpie", "sloop", 0, 70, 20, 90)]
    docked = run([*raiders, ship("resolute", "frigate", 1, 45, 58.5, 0, docked="ruin")], islands=[ruin])
    passing = run([*raiders, ship("resolute", "frigate", 1, 45, 58.5, 0)], islands=[ruin])
    assert chasing(docked, "raiders") and not chasing(passing, "raiders")
    assert features(docked, "raiders")["seized"] == 0.0  # nothing is taken yet


def test_the_raiders_sail_at_the_carrier_and_grapple_on_contact() -> None:
    state = run([ship("swallow", "sloop", 0, 20, 30, 90, treasure=1),
                 ship("resolute", "frigate", 1, 60, 50, 90, treasure=1, ap=0),
                 ship("magpie", "sloop", 0, 90, 10, 90, treasure=1, ap=0)])
    carrier = state.ships["resolute"]
    before = math.dist(state.ships["swallow"].centre, carrier.centre)
    step = only_plan(state)
    assert isinstance(step, Sail)
    state.apply("raiders", step)
    assert math.dist(state.ships["swallow"].centre, carrier.centre) < before
    alongside = run([ship("swallow", "sloop", 0, 40, 52.5, 0, treasure=1),
                     ship("resolute", "frigate", 1, 45, 50, 0, treasure=1, ap=0),
                     ship("magpie", "sloop", 0, 90, 10, 90, treasure=1, ap=0)])
    assert only_plan(alongside) == Grapple("swallow", "resolute")
    alongside.apply("raiders", Grapple("swallow", "resolute"))
    assert only_plan(alongside) == Done("swallow")  # held fast: the AP are kept for the boarding


def test_the_raiders_strike_board_and_take_the_treasure_back() -> None:
    touching = [ship("swallow", "sloop", 0, 40, 52.5, 0, treasure=1),
                ship("magpie", "sloop", 0, 90, 10, 90, treasure=1, ap=0)]
    fight = run([*touching, ship("resolute", "frigate", 1, 45, 50, 0, treasure=1, ap=0)], phase="combat")
    assert only_plan(fight) == Melee("swallow", "resolute")
    dead = run([*touching, ship("resolute", "frigate", 1, 45, 50, 0, treasure=1, hp=0, ap=0)], phase="combat",
               grapples=[["swallow", "resolute"]])
    assert only_plan(dead) == Commandeer("swallow", "resolute", 1)  # a prize crew of one
    dead.apply("raiders", Commandeer("swallow", "resolute", 1))
    step = only_plan(dead)
    assert isinstance(step, Share) and step.treasure == -1
    dead.apply("raiders", step)
    assert dead.ships["swallow"].treasure == 2 and not quarries(dead)  # nothing left to go for


def test_a_laden_raider_leaves_the_chase_when_only_the_turns_to_sail_off_are_left() -> None:
    fleet = [ship("swallow", "sloop", 0, 50, 30, 0, treasure=1),
             ship("resolute", "frigate", 1, 50, 80, 90, treasure=1, ap=0),
             ship("magpie", "sloop", 0, 90, 10, 90, treasure=1, ap=0)]
    early, late = run(fleet, turn=3), run(fleet, turn=12)
    towards, away = only_plan(early), only_plan(late)
    early.apply("raiders", towards)
    late.apply("raiders", away)
    assert early.ships["swallow"].y > 30  # north to the carrier
    assert late.ships["swallow"].y < 30  # south, for the nearest edge: no time is left for the fight



def test_after_a_capture_the_run_home_waits_until_no_treasure_is_left_ashore() -> None:
    ruin = {"id": "ruin", "name": "Ruin", "outline": [[40, 60], [60, 60], [60, 80], [40, 80]], "treasure": 1}
    ashore = run([*RAIDERS, ship("resolute", "frigate", 1, 60, 20, 90)], islands=[ruin])
    ashore.first_capture = ashore.objective.seat  # the raiders have commandeered an empty navy ship
    assert not quarries(ashore) and not chasing(ashore, "raiders")
    emptied = ashore.clone()
    emptied.stock = {island: (0, kept) for island, (_treasure, kept) in emptied.stock.items()}
    assert chasing(emptied, "raiders")
