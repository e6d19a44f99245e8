"""The plans' shortcuts and kept answers give the answers worked out afresh: a raider's landing
course searched with shortcuts (bows too far off to touch the island are not sailed on or measured
against it, and whether a landing traps or strands her is asked only of those that could be
chosen) is the one the plain beam search finds; a kept verdict on a plan follows what it reads;
a bow's kept segments in open water are its own table's and class's."""

from __future__ import annotations

import random

from shapely.geometry import Point

import tabletop
from tabletop.core import BadScenario, Randomness
from tabletop.titles.cagway_bay import heuristic, plans, pursuit
from tabletop.titles.cagway_bay.actions import Done, Sail
from tabletop.titles.cagway_bay.game import CagwayState
from tabletop.titles.cagway_bay.geometry import STICKS
from tabletop.titles.cagway_bay.heuristic import no_way, stranded, trapped
from tabletop.titles.cagway_bay.movement import TURN_STEPS, SailPlan, land_touched
from tabletop.titles.cagway_bay.ships import Ship

from .helpers import make, ship
from .test_search_landings import ruins


def plain_landing_course(state: CagwayState, ship: Ship, island: str) -> tuple[bool, tuple[float, ...]] | None:
    """The beam search sailed in full: every pose measured, every landing asked whether it strands her."""
    table = state.table
    shape = table.islands[island].shape
    most = ship.ap - 2
    fastest = max(STICKS[colour] for _up_to, colour in ship.cls.wheel)
    if most < 1 or shape.distance(Point(ship.x, ship.y)) > most * fastest:
        return None
    found: list[tuple[bool, int, tuple[float, ...]]] = []
    if island in land_touched(table, ship):
        found.append((no_way(table, ship), 0, ()))
    frontier: list[tuple[tuple[float, ...], Ship]] = [((), ship)]
    for _depth in range(most):
        after: dict[tuple[float, float, float], tuple[float, tuple[float, ...], Ship]] = {}
        for course, ghost in frontier:
            for turn in TURN_STEPS:
                pose = plans._sailed(state, ghost, turn)
                if not isinstance(pose, SailPlan):
                    continue
                moved = ghost.copy()
                moved.set_pose(pose.x, pose.y, pose.heading)
                longer = (*course, turn)
                if island in land_touched(table, moved):
                    if not stranded(state, ghost, pose):
                        found.append((trapped(state, ghost, pose), len(longer), longer))
                elif not pose.aground:
                    spot = (round(pose.x, 1), round(pose.y, 1), round(pose.heading))
                    near = shape.distance(Point(pose.x, pose.y))
                    if spot not in after or near < after[spot][0]:
                        after[spot] = (near, longer, moved)
        ranked = sorted(after.values(), key=lambda item: item[0])
        frontier = [(course, moved) for _near, course, moved in ranked][:plans.LANDING_BEAM]
    if not found:
        return None
    best = min(found)
    return best[0], best[2]


def test_the_landing_course_is_the_one_the_plain_beam_search_finds() -> None:
    rng = random.Random(7)
    seen = {"none": 0, "free": 0, "trapped": 0, "free there": 0}
    table = ruins().table
    for off in [20.0] * 120 + [4.0] * 120:
        island = rng.choice(sorted(table.islands))
        # off a point of its shore, within a few segments of it or against it
        x, y = rng.choice(table.islands[island].coast)
        pose = x + rng.uniform(-off, off), y + rng.uniform(-off, off), rng.choice(range(0, 360, 15))
        try:
            state = ruins(ship("magpie", "sloop", 0, *pose, ap=rng.choice([3, 4, 5, 6])))
        except BadScenario:
            continue  # a hull on land
        sloop = state.ships["magpie"]
        expected = plain_landing_course(state, sloop, island)
        assert plans._work_landing_course(state, sloop, island) == expected, (island, sloop.x, sloop.y, sloop.heading)
        seen["none" if expected is None else "trapped" if expected[0] else "free there" if not expected[1] else "free"] += 1
    # the positions drawn cover landings that leave her free, trapped ones and none at all
    assert min(seen.values()) > 0, seen


def test_a_kept_verdict_on_a_plan_follows_the_treasure_left_and_who_fetches_it() -> None:
    # against the West Ruin's shore, where every segment leaves her trapped: worth it only while
    # the ruin has treasure and she is the one to fetch it
    here = (21.46, 59.48, 300)
    offered = [(Sail("magpie", 0.0),), (Done("magpie"),)]
    state = ruins(ship("magpie", "sloop", 0, *here, ap=4))
    assert plans._free(state, offered) == offered
    taken = state.clone()
    taken.stock["west-ruin"] = (0, 0)
    assert plans._free(taken, offered) == offered[1:]
    assert plans._free(state, offered) == offered
    laden = ruins(ship("magpie", "sloop", 0, *here, ap=4, treasure=1))
    helped = ruins(ship("magpie", "sloop", 0, *here, ap=4, treasure=1), ship("swallow", "sloop", 0, 60, 10, 90))
    assert laden.table is helped.table
    assert plans._free(laden, offered) == offered
    assert plans._free(helped, offered) == offered[1:]  # the empty sloop fetches it


def test_a_bow_s_kept_segments_in_open_water_are_those_of_its_own_wind_and_class() -> None:
    here = (50.0, 50.0, 30.0)
    westerly = make([ship("magpie", "sloop", 0, *here)])
    northerly = make([ship("magpie", "sloop", 0, *here)], wind={"kind": "parallel", "from_heading": 90.0})
    frigate = make([ship("magpie", "frigate", 0, *here)])
    found = {}
    for name, state in (("west", westerly), ("north", northerly), ("frigate", frigate)):
        magpie = state.ships["magpie"]
        found[name] = pursuit.open_segments(state, magpie, *here)
        assert found[name] == pursuit._work_open_segments(state.table, magpie.cls, *here)
        assert pursuit.open_segments(state, magpie, *here) == found[name]
    assert found["west"] != found["north"] and found["west"] != found["frigate"]


def test_the_undrawn_preference_is_the_one_a_fresh_generator_draws() -> None:
    game = tabletop.load("cagway-bay")
    steered = 0
    for seed in range(3):
        state = game.new_state(seed=seed)
        rng = random.Random(seed)
        for _ in range(60):
            if state.is_over:
                break
            for seat in state.to_act:
                assert heuristic.suggest(state, seat, None) == heuristic.suggest(state, seat, Randomness(0))
                steered += state.phase == "move"
            seat = rng.choice(state.to_act)
            state.apply(seat, rng.choice(state.legal_actions(seat)))
    assert steered > 50
