"""What a new pose keeps (outlines, hull polygons, menus, landings) is what a fresh computation gives."""

from __future__ import annotations

import dataclasses
import gc
import pickle
from collections.abc import Iterator

import numpy as np
import shapely

import tabletop
from tabletop.titles.cagway_bay import movement, procedures, ships
from tabletop.titles.cagway_bay.combat import touching
from tabletop.titles.cagway_bay.data import ship_classes
from tabletop.titles.cagway_bay.game import CagwayState
from tabletop.titles.cagway_bay.geometry import TOUCH, bounds, place, rings_polygon
from tabletop.titles.cagway_bay.movement import (
    DRIFT_MENU,
    TURN_STEPS,
    drift_menu,
    land_touched,
    may_sail,
    plan_drifts,
    plan_sails,
    sail_exact,
    sail_menu,
)

from .helpers import make, ship
from .test_quick_geometry import ISLANDS, _on_land, _poses


def test_a_kept_outline_and_hull_are_the_ones_placed_afresh_and_hold_nothing_for_the_collector():
    state = make([ship("a", "frigate", 0, 10, 10, 0), ship("b", "frigate", 1, 90, 90, 0)], ISLANDS)
    first, second = state.ships["a"], state.ships["b"]
    for x, y, heading in _poses(40, 21):
        first.set_pose(x, y, heading)
        second.set_pose(x, y, heading)
        fresh = place(first.cls.outline, x, y, heading)
        # the first ship at a pose works it out; the second finds it kept
        assert first.coords == second.coords == fresh
        assert first.bounds == second.bounds == bounds(fresh)
        assert shapely.equals_exact(first.hull, rings_polygon(np.array(fresh, dtype=float)), tolerance=0.0)
        assert second.hull is first.hull
    for _ in range(3):
        gc.collect()  # the collector lets go of a tuple of numbers (one level of nesting a pass)
    assert not any(gc.is_tracked(kept) for kept in ships._OUTLINES.values())


def test_the_helm_s_colours_are_the_class_s_own_at_every_angle():
    for cls in ship_classes().values():
        colours = movement._helm(cls).colours
        angles = [k / 8 for k in range(0, 1441)] + [band for band in cls.bands] + [band + 1e-12 for band in cls.bands]
        for off in angles:
            assert colours[movement.bisect_left(cls.bands, off)] == cls.colour(off)


def _forget(one) -> None:
    """Nothing kept for any pose: the next question of ``one`` is worked out afresh."""
    movement._POSES.clear()
    one._motion = None


def _at_sea(count: int, seed: int, cls: str, *others: dict) -> Iterator[CagwayState]:
    """Positions with ship ``a`` of ``cls`` at random poses off the islands, nothing kept."""
    for x, y, heading in _poses(count, seed):
        if not _on_land(x, y):
            state = make([ship("a", cls, 0, x, y, heading), *others], ISLANDS)
            _forget(state.ships["a"])
            yield state


def test_the_drift_menu_is_the_drifts_planned_afresh_for_its_headings():
    checked = 0
    for state in _at_sea(80, 22, "sloop"):
        sloop = state.ships["a"]
        menu = drift_menu(state.table, sloop)
        _forget(sloop)
        assert menu == plan_drifts(state.table, sloop, list(DRIFT_MENU))  # the same headings, not the menu's own
        checked += 1
    assert checked > 30


def test_a_course_kept_from_the_menu_is_the_one_planned_afresh_once_the_menu_is_whole():
    asked = 0
    for state in _at_sea(80, 23, "brig"):
        brig = state.ships["a"]
        may_sail(state.table, brig)  # some courses planned alone first
        menu = sail_menu(state.table, brig)
        assert not movement.motion(state.table, brig)._some  # the menu alone answers now
        exact = [sail_exact(state.table, brig, turn) for turn in TURN_STEPS]
        twin = brig.copy()
        _forget(twin)
        assert menu == plan_sails(state.table, twin, TURN_STEPS)
        for turn, kept in zip(TURN_STEPS, exact, strict=True):
            _forget(twin)
            assert kept == movement.plan_sail(state.table, twin, turn)
        assert land_touched(state.table, brig) == tuple(state.table.touching_land(brig.hull))
        asked += 1
    assert asked > 30


def test_a_pose_s_kept_menus_are_its_plans_and_hold_nothing_for_the_collector():
    kept = []
    for state in _at_sea(60, 26, "frigate"):
        frigate = state.ships["a"]
        courses = movement.sail_courses(state.table, frigate)
        drifts = movement.drift_courses(state.table, frigate)
        exact = [sail_exact(state.table, frigate, turn) for turn in (*TURN_STEPS, 10.0)]
        assert [tuple(plan) if isinstance(plan, movement.SailPlan) else plan
                for plan in sail_menu(state.table, frigate)] == list(courses)
        assert [tuple(plan) if isinstance(plan, movement.DriftPlan) else plan
                for plan in drift_menu(state.table, frigate)] == list(drifts)
        assert [movement.sail_option(state.table, frigate, index) for index in range(len(TURN_STEPS))
                ] == sail_menu(state.table, frigate)
        assert [movement.course_open(state.table, frigate, index) for index in range(len(TURN_STEPS))
                ] == [isinstance(plan, movement.SailPlan) for plan in sail_menu(state.table, frigate)]
        assert exact == [sail_exact(state.table, frigate, turn) for turn in (*TURN_STEPS, 10.0)]
        kept.append(movement.motion(state.table, frigate))
    for _ in range(3):
        gc.collect()  # the collector lets go of a tuple of numbers (one level of nesting a pass)
    assert len(kept) > 30
    for plans in kept:
        assert not gc.is_tracked(plans._menu) and not gc.is_tracked(plans._drifts)
        assert not any(gc.is_tracked(plan) for plan in plans._exact.values())


def test_the_acting_ship_has_a_choice_exactly_when_a_waiting_one_would():
    checked = 0
    for state in _at_sea(60, 24, "sloop", ship("b", "brig", 1, 95, 90, 0)):
        sloop = state.ships["a"]
        sloop.ap = 1
        acting = procedures.has_choice(state, sloop, acting=True)
        _forget(sloop)
        state._opts.clear()
        assert acting == procedures.has_choice(state, sloop)
        checked += 1
    assert checked > 20


def test_touching_is_the_measured_gap_of_the_hulls():
    state = make([ship("a", "sloop", 0, 40, 40, 0), ship("b", "galleon", 1, 45, 45, 90)])
    a, b = state.ships["a"], state.ships["b"]
    for x, y, heading in _poses(300, 25):
        b.set_pose(x / 3 + 25, y / 3 + 25, heading)
        assert touching(a, b) == bool(shapely.distance(a.hull, b.hull) <= TOUCH)


def test_a_state_sent_to_another_process_sails_with_the_same_ship_plates() -> None:
    """A copy sent to a worker finds each plate of the rules again, so the caches keyed on the
    plate (outlines, hulls, helms) neither miss nor gather one entry per copy."""
    state = tabletop.load("cagway-bay").new_state(seed=1)
    assert isinstance(state, CagwayState)
    sent = pickle.loads(pickle.dumps(state))
    assert [s.cls for s in sent.ships.values()] == [s.cls for s in state.ships.values()]
    assert all(a.cls is b.cls for a, b in zip(sent.ships.values(), state.ships.values(), strict=True))
    # a plate that is not the rules' own (a changed copy) still travels whole
    changed = dataclasses.replace(ship_classes()["sloop"], name="Test sloop")
    back = pickle.loads(pickle.dumps(changed))
    assert back == changed and back is not changed and back is not ship_classes()["sloop"]
