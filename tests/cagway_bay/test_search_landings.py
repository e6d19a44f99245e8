"""Raiders' landings at the ruins: in reach this turn, a course sailed with the real land that
touches the shore with AP left to take the treasure; one segment short, a wait rather than a berth
bow-on to the shore; and no empty raider sails off the table."""

from __future__ import annotations

import json

from tabletop.titles.cagway_bay import heuristic, plans, pursuit
from tabletop.titles.cagway_bay.actions import Dock, Done, Drift, Explore, Sail
from tabletop.titles.cagway_bay.data import DATA
from tabletop.titles.cagway_bay.game import CagwayState

from .helpers import make, ship

RUINS = json.loads((DATA / "scenario-the-ruins.json").read_text(encoding="utf-8"))
FAR_FRIGATE = ship("resolute", "frigate", 1, 90, 95, 0, ap=0)


def ruins(*ships: dict[str, object], taken: tuple[str, ...] = ()) -> CagwayState:
    """The Ruins' own islands (less the treasure of those ``taken``) and wind with these ships."""
    islands = [{**island, "treasure": 0} if island["id"] in taken else island for island in RUINS["islands"]]
    return make([*ships, FAR_FRIGATE], islands, wind=RUINS["wind"], scenario="the-ruins")


def test_a_raider_in_reach_of_a_ruin_lands_there_with_ap_to_take_its_treasure() -> None:
    # seen in play: the open-water course stopped a hair short of the North Ruin's shore
    state = ruins(ship("magpie", "sloop", 0, 58.1, 47.9, 105), taken=("east-ruin",))
    [plan] = plans.plans(state, "raiders")
    assert all(isinstance(a, Sail) for a in plan[:-2]) and plan[-2:] == (Dock("magpie", "north-ruin"),
                                                                          Explore("magpie"))
    for action in plan:
        state.apply("raiders", action)
    assert state.ships["magpie"].treasure == 1 and state.stock["north-ruin"][0] == 0
    # out of reach (no AP to explore after the last segment) there is no landing to plan
    assert plans.landing_course(state, ruins(ship("magpie", "sloop", 0, 58.1, 47.9, 105, ap=3)).ships["magpie"],
                                "north-ruin") is None


def test_one_segment_short_of_a_ruin_a_raider_waits_rather_than_berth_bow_on() -> None:
    # her last AP would put her bow on to the West Ruin's south shore, trapped there next turn
    state = ruins(ship("swallow", "sloop", 0, 28.24, 42.82, 90, ap=1))
    step = state.suggest("raiders", heuristic.Randomness(0))
    assert isinstance(step, Sail)
    assert plans.plans(state, "raiders") == [(Done("swallow"),)]
    # from there a full turn's AP lands her where she is free to sail on afterwards
    rested = ruins(ship("swallow", "sloop", 0, 28.24, 42.82, 90))
    landing = plans.landing_course(rested, rested.ships["swallow"], "west-ruin")
    assert landing is not None and landing[0] is False


def test_an_empty_raider_plans_no_course_off_the_table_in_a_treasure_run() -> None:
    state = ruins(ship("magpie", "sloop", 0, 60, 90, 90), ship("heron", "schooner", 0, 60, 10, 270, treasure=1))
    exits = {s: [g for g in plans._other_goals(state, state.ships[s]) if g[2] is None] for s in ("magpie", "heron")}
    assert [leave for _goal, leave, _island in exits["magpie"]] == [False]
    assert [leave for _goal, leave, _island in exits["heron"]] == [True]


def test_a_manoeuvre_that_ends_bow_on_to_a_ruin_with_no_ap_to_explore_is_not_weighed() -> None:
    state = ruins(ship("swallow", "sloop", 0, 28.24, 36.57, 90, ap=2))
    onto = (Sail("swallow", 0.0), Sail("swallow", 15.0))  # bow-on to the West Ruin's south shore
    short = (Sail("swallow", 0.0), Done("swallow"))
    assert plans._free(state, [onto, short]) == [short]
    # with AP to dock and explore there, the berth is the way to its treasure
    rested = ruins(ship("swallow", "sloop", 0, 28.24, 36.57, 90, ap=4))
    assert plans._free(rested, [onto, short]) == [onto, short]


def test_a_trapped_raider_drifts_out_at_once() -> None:
    # bow-on to the East Ruin's south shore with a treasure aboard: every segment runs aground
    state = ruins(ship("heron", "schooner", 0, 79.76, 38.93, 105, treasure=1), ship("magpie", "sloop", 0, 50, 12, 90))
    [(drift,)] = [plan for plan in plans.plans(state, "raiders") if plan[0].ship == "heron"]  # type: ignore[attr-defined]
    assert isinstance(drift, Drift)


def test_a_chaser_whose_every_course_wears_away_from_a_dead_quarry_drifts_to_her() -> None:
    def chase(hp: int) -> object:
        state = make([ship("magpie", "sloop", 0, 60.2, 42.3, 315),
                      ship("resolute", "frigate", 1, 68.4, 49.2, 0, hp=hp, ap=0, treasure=1)],
                     [{**island, "treasure": 0} for island in RUINS["islands"]], wind=RUINS["wind"],
                     scenario="the-ruins")
        mine = [a for a in state.legal_actions("raiders") if a.ship == "magpie"]  # type: ignore[attr-defined]
        return pursuit._move(state, state.ships["magpie"], mine)

    # seen in play: between Skull Rocks and the East Ruin the raiders sailed round the ruin instead
    assert isinstance(chase(0), Drift)
    assert not isinstance(chase(10), Drift)  # a living quarry moves on: the turn's sailing counts
