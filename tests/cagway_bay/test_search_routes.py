"""Raiders' courses that keep them free to sail: no segment into a trap of wind and shore, the
way round Skull Rocks to the North Ruin, and a chaser that waits beside her quarry."""

from __future__ import annotations

import pytest

import tabletop
from tabletop.titles.cagway_bay import heuristic, plans, pursuit
from tabletop.titles.cagway_bay.actions import Dock, Done, Drift, Explore, Sail
from tabletop.titles.cagway_bay.game import CagwayState
from tabletop.titles.cagway_bay.movement import DriftPlan, SailPlan, sail_exact, sail_menu

from .helpers import make, ship, square

#: A rock whose east shore faces the west wind at x = 39.6.
ROCK = square(30, 40, 39.6, 60)


def run(ships: list[dict[str, object]], islands: list[dict[str, object]] | None = None) -> CagwayState:
    return make(ships, islands, scenario="the-ruins", edges="open-sea")


def pose(state: CagwayState, ship_id: str) -> DriftPlan:
    here = state.ships[ship_id]
    return DriftPlan(here.heading, here.x, here.y, False)


def test_a_ship_bow_on_to_a_shore_and_facing_the_wind_is_trapped() -> None:
    ruins = tabletop.load("cagway-bay").new_state(seed=1)
    assert isinstance(ruins, CagwayState)
    magpie = ruins.ships["magpie"]
    # bow-on against Skull Rocks' south-west face, heading across the wind (seen in play)
    assert pursuit.trapped(ruins, magpie, DriftPlan(120.0, 48.71, 39.23, False))
    assert not pursuit.trapped(ruins, magpie, DriftPlan(90.0, 30.0, 25.0, False))


def test_a_raider_takes_no_segment_that_leaves_her_trapped() -> None:
    state = run([ship("swallow", "sloop", 0, 43, 50, 165), ship("resolute", "frigate", 1, 80, 80, 90, ap=0)], [ROCK])
    swallow = state.ships["swallow"]
    menu = dict(zip((-45.0, -30.0), sail_menu(state.table, swallow), strict=False))
    into, away = menu[-30.0], menu[-45.0]
    assert isinstance(into, SailPlan) and isinstance(away, SailPlan)
    assert pursuit.trapped(state, swallow, into) and not pursuit.trapped(state, swallow, away)
    offered = [(Sail("swallow", -30.0),), (Sail("swallow", -45.0),), (Done("swallow"),)]
    assert plans._free(state, offered) == offered[1:]
    # with every segment a trap she waits where she is
    cornered = run([ship("swallow", "sloop", 0, 42, 50, 165), ship("resolute", "frigate", 1, 80, 80, 90, ap=0)],
                   [ROCK])
    assert plans._free(cornered, offered) == [(Done("swallow"),)]


def test_the_sloop_bound_for_the_north_ruin_sails_turn_1_for_a_landing_in_turn_2() -> None:
    state = tabletop.load("cagway-bay").new_state(seed=1)
    assert isinstance(state, CagwayState)
    magpie = state.ships["magpie"]
    course = plans.approach_course(state, magpie, "north-ruin")
    assert course  # the ruin lies beyond this turn's reach, within the next's
    planned: list[tuple[int, tuple[object, ...]]] = []
    while state.turn <= 2:
        seat = state.to_act[0]
        if seat == "navy":  # the navy stays put
            state.apply(seat, next(a for a in state.legal_actions(seat) if isinstance(a, Done)))
            continue
        offered = state.plans(seat)
        if state.phase == "move" and offered[0][0].ship == "magpie" and not state.ships["magpie"].moved:  # type: ignore[attr-defined]
            [plan] = offered
            planned.append((state.turn, plan))
        state.apply(seat, offered[0][0])
    [(first_turn, first), (second_turn, second)] = planned
    # turn 1: the whole course at once, ended where she is free to sail and the landing is in reach
    assert first_turn == 1 and first[:len(course)] == tuple(Sail("magpie", turn) for turn in course)
    # turn 2: the landing, the dock and the treasure
    assert second_turn == 2 and second[-2:] == (Dock("magpie", "north-ruin"), Explore("magpie"))
    assert state.ships["magpie"].treasure == 1 and state.stock["north-ruin"][0] == 0


def test_no_approach_is_planned_for_an_island_beyond_next_turns_reach() -> None:
    state = tabletop.load("cagway-bay").new_state(seed=1)
    assert isinstance(state, CagwayState)
    magpie = state.ships["magpie"]
    assert plans.approach_course(state, magpie, "north-ruin")
    # with one AP left this turn, the ruin is more than this turn's and the next's sailing away
    tired = magpie.copy()
    tired.ap = 1
    assert plans.approach_course(state, tired, "north-ruin") is None


def chase_from(x: float, quarry_hp: int = 28) -> CagwayState:
    """Swallow heading north at (x, 45), the laden frigate's hull from (60, 40) to (60, 50)."""
    return run([ship("swallow", "sloop", 0, x, 45, 90),
                ship("resolute", "frigate", 1, 60, 50, 90, treasure=1, ap=0, hp=quarry_hp),
                ship("magpie", "sloop", 0, 90, 10, 90, treasure=1, ap=0),
                ship("heron", "sloop", 0, 10, 10, 90, treasure=1, ap=0)])


def test_a_chaser_beside_her_quarry_waits_rather_than_sail_past_her() -> None:
    assert chase_from(56.5).plans("raiders") == [(Done("swallow"),)]  # 2 cm off her beam, not touching
    (step,), = chase_from(30).plans("raiders")
    assert isinstance(step, Sail)


def test_a_chaser_with_no_gun_bearing_on_her_quarry_sails_on_rather_than_wait() -> None:
    # a wall between them: no course brings her nearer this turn, and no gun of hers bears
    state = run([ship("swallow", "sloop", 0, 55, 45, 90),
                 ship("resolute", "frigate", 1, 60, 50, 90, treasure=1, ap=0),
                 ship("magpie", "sloop", 0, 90, 10, 90, treasure=1, ap=0),
                 ship("heron", "sloop", 0, 10, 10, 90, treasure=1, ap=0)], [square(56.5, 30, 58.5, 60, "wall")])
    swallow, quarry = state.ships["swallow"], state.ships["resolute"]
    mine = [a for a in state.legal_actions("raiders") if a.ship == "swallow"]  # type: ignore[attr-defined]
    best = pursuit._best_course(state, swallow, pursuit._starts(state, swallow, mine, True, False), quarry.centre, False)
    assert best is not None and best[1] >= pursuit._sea_costs(state, swallow, [(55.0, 45.0)], quarry.centre)[0]
    assert not pursuit._has_shot(state, swallow, quarry)
    (step,), = state.plans("raiders")
    assert isinstance(step, Sail)


def test_a_chaser_sails_on_to_grapple_a_dead_quarry() -> None:
    (step,), = chase_from(56.5, quarry_hp=0).plans("raiders")
    assert isinstance(step, Sail)  # only contact lets her grapple and commandeer her


def test_a_trapped_chaser_drifts_clear_rather_than_run_aground() -> None:
    state = run([ship("heron", "sloop", 0, 40, 50, 180, treasure=1),
                 ship("resolute", "frigate", 1, 80, 50, 90, treasure=1, ap=0),
                 ship("magpie", "sloop", 0, 90, 10, 90, treasure=1, ap=0)], [ROCK])
    assert pursuit.trapped(state, state.ships["heron"], pose(state, "heron"))
    assert any(isinstance(a, Sail) for a in state.legal_actions("raiders"))  # (only into the rock)
    (step,), = state.plans("raiders")
    assert isinstance(step, Drift)


def test_a_quarry_by_the_table_edge_is_gone_for_all_the_same() -> None:
    state = run([ship("swallow", "sloop", 0, 50, 50, 90), ship("resolute", "frigate", 1, 80, 80, 90, ap=0)])
    sloop = state.ships["swallow"]
    by_the_edge, middle = (50.0, 99.0), (50.0, 50.0)
    (near,) = pursuit._sea_costs(state, sloop, [(50.0, 96.0)], by_the_edge)
    assert near < 10  # no charge for lying near the edge where the goal lies
    (charged,) = pursuit._sea_costs(state, sloop, [(50.0, 96.0)], middle)
    assert charged > 46 + 50  # elsewhere the edge is still charged


def test_kept_traps_and_land_in_the_way_are_those_worked_out_afresh() -> None:
    state = run([ship("swallow", "sloop", 0, 43, 50, 165), ship("resolute", "frigate", 1, 80, 80, 90, ap=0)], [ROCK])
    swallow = state.ships["swallow"]
    for x, heading in ((42.0, 150.0), (43.0, 165.0), (40.0, 180.0), (46.0, 210.0), (60.0, 90.0)):
        ghost = swallow.copy()
        ghost.set_pose(x, 50.0, heading)
        fresh = not any(isinstance(plan, SailPlan) and not plan.aground for plan in sail_menu(state.table, ghost))
        where = DriftPlan(heading, x, 50.0, False)
        assert pursuit.trapped(state, swallow, where) == fresh == pursuit.trapped(state, swallow, where)
    for goal, crossing in (((20.0, 50.0), True), ((60.0, 50.0), False)):
        assert plans._land_between(state, swallow, goal) is crossing is plans._land_between(state, swallow, goal)


#: A notch opening west (into the west wind), just wide and deep enough for a sloop: its walls
#: stop her turns, its head stops her drift, and she may dock at it.
NOTCH = [square(19, 51.1, 30, 60, "north-wall", treasure=1), square(19, 40, 30, 48.9, "south-wall"),
         square(25.7, 48.9, 30, 51.1, "head")]


def test_a_berth_no_drift_leads_out_of_strands_the_ship_there() -> None:
    state = run([ship("swallow", "sloop", 0, 10, 50, 0), ship("resolute", "frigate", 1, 80, 80, 90, ap=0)], NOTCH)
    swallow = state.ships["swallow"]
    facing_the_wind, facing_the_head = DriftPlan(180.0, 20.0, 50.0, False), DriftPlan(0.0, 25.5, 50.0, False)
    assert heuristic.stranded(state, swallow, facing_the_wind) and heuristic.stranded(state, swallow, facing_the_head)
    # bow-on to the rock's lee shore a drift downwind takes her clear: trapped, not stranded
    rock = run([ship("swallow", "sloop", 0, 40, 50, 180), ship("resolute", "frigate", 1, 80, 80, 90, ap=0)], [ROCK])
    bow_on = pose(rock, "swallow")
    assert pursuit.trapped(rock, rock.ships["swallow"], bow_on) and not heuristic.stranded(rock, rock.ships["swallow"], bow_on)


def test_a_raider_does_not_land_where_she_would_be_stranded() -> None:
    state = run([ship("swallow", "sloop", 0, 19, 50, 0), ship("resolute", "frigate", 1, 80, 80, 90, ap=0)], NOTCH)
    landing = (Sail("swallow", 0.0), Dock("swallow", "north-wall"), Explore("swallow"))
    into = (Sail("swallow", 0.0),)  # touching the treasure island, but no way out
    offered = [landing, into, (Done("swallow"),)]
    assert plans._free(state, offered) == [(Done("swallow"),)]
    # the same landing with the head gone is free: a drift downwind takes her out
    open_notch = run([ship("swallow", "sloop", 0, 19, 50, 0), ship("resolute", "frigate", 1, 80, 80, 90, ap=0)],
                     NOTCH[:2])
    assert plans._free(open_notch, [landing, (Done("swallow"),)]) == [landing, (Done("swallow"),)]


def test_the_rules_of_thumb_charge_a_segment_that_strands_a_raider() -> None:
    def charge(state: CagwayState, turn: float) -> float:
        """What the rules of thumb charge for the sail besides the distance it leaves to go."""
        swallow = state.ships["swallow"]
        sails = [a for a in state.legal_actions("raiders") if isinstance(a, Sail)]
        steering = heuristic._Steering("swallow", sails, sails, (60.0, 50.0), False, None, [])
        stop = sail_exact(state.table, swallow, turn)
        assert isinstance(stop, SailPlan) and stop.aground
        return heuristic._aground_cost(state, swallow, steering, Sail("swallow", turn)) - heuristic._cost(
            state, swallow, (stop.x, stop.y), (60.0, 50.0), False)

    notch = run([ship("swallow", "sloop", 0, 20, 50, 0), ship("resolute", "frigate", 1, 80, 80, 90, ap=0)], NOTCH)
    assert charge(notch, 0.0) == pytest.approx(5 + heuristic.STRANDED)
    # into the rock's lee shore she is trapped, but a drift gets her out
    rock = run([ship("swallow", "sloop", 0, 41, 50, 135), ship("resolute", "frigate", 1, 80, 80, 90, ap=0)], [ROCK])
    assert charge(rock, 0.0) == pytest.approx(5)


def test_a_raider_docked_at_a_ruin_with_its_treasure_explores_it() -> None:
    def docked(treasure: int, friends: int = 1) -> CagwayState:
        return run([ship("swallow", "sloop", 0, 20, 50, 180, docked="north-wall", treasure=treasure, ap=5),
                    *[ship(f"friend{k}", "sloop", 0, 80, 10 + 10 * k, 90, ap=0) for k in range(friends)],
                    ship("resolute", "frigate", 1, 80, 80, 90, ap=0)], NOTCH)

    empty = docked(0)
    assert Explore("swallow") in empty.legal_actions("raiders")
    assert empty.plans("raiders") == [(Explore("swallow"),)]
    # laden, she leaves it to her empty friend (trapped as she lies, she drifts out)
    assert docked(1).plans("raiders") != [(Explore("swallow"),)]
    # with no friend left to fetch it the run needs her to take it too
    assert docked(1, friends=0).plans("raiders") == [(Explore("swallow"),)]
