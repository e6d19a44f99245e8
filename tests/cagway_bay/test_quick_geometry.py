"""The quick geometry behind the menus agrees with the exact shapely tests it stands in for."""

from __future__ import annotations

import random

import pytest
from shapely.geometry import Polygon

from tabletop.titles.cagway_bay import movement
from tabletop.titles.cagway_bay.geometry import LandGaps, keel_cover, place, unit
from tabletop.titles.cagway_bay.movement import STICKS, TURN_STEPS, may_sail, plan_sails, sail_menu

from .helpers import make, ship, square

#: An L-shaped island (not convex) and a square rock, with a sloop's room round them.
ISLANDS = [
    {"id": "ell", "name": "Ell", "outline": [[40, 40], [60, 40], [60, 45], [45, 45], [45, 60], [40, 60]]},
    square(70, 20, 76, 26),
]


def _poses(count: int, seed: int) -> list[tuple[float, float, float]]:
    rng = random.Random(seed)
    return [(rng.uniform(20, 90), rng.uniform(10, 80), rng.uniform(0, 360)) for _ in range(count)]


def test_landfall_matches_the_sweeps_on_either_side_of_it():
    state = make([ship("a", "sloop", 0, 10, 10, 0)], ISLANDS)
    table, outline = state.table, state.ships["a"].cls.outline
    checked = 0
    for x, y, heading in _poses(400, 1):
        hull = place(outline, x, y, heading)
        if table.sweep_blocked(hull + hull):
            continue  # the search only ever starts from a hull clear of land
        ux, uy = unit(heading)
        dx, dy = ux * STICKS["blue"], uy * STICKS["blue"]
        contact = table.landfall(hull, dx, dy)
        if contact > 1:
            assert not table.sweep_blocked(hull + [(px + dx, py + dy) for px, py in hull])
            continue
        for fraction in (contact - 1e-6, contact + 1e-6, contact / 2, (contact + 1) / 2):
            swept = table.sweep_blocked(hull + [(px + dx * fraction, py + dy * fraction) for px, py in hull])
            assert swept == (fraction > contact), (x, y, heading, fraction, contact)
            checked += 1
    assert checked > 40


def test_the_quick_clearance_bound_never_exceeds_the_exact_distance():
    state = make([ship("a", "frigate", 0, 10, 10, 0)], ISLANDS)
    table, outline = state.table, state.ships["a"].cls.outline
    gaps = LandGaps(table)
    offsets, radius = keel_cover(outline)
    for x, y, heading in _poses(300, 2):
        ux, uy = unit(heading)
        bound = gaps.least_along(x, y, -ux, -uy, offsets) - radius
        hull = Polygon(place(outline, x, y, heading))
        assert bound <= min(float(shape.distance(hull)) for _, shape, _, _ in table.land_pieces)


@pytest.mark.parametrize("seed", [3, 4])
def test_courses_planned_alone_agree_with_the_whole_menu(seed):
    # whether any course is open is first asked of the courses that need no sweep; the rest of the
    # menu is worked out afterwards, and all of it must match the seven planned together
    asked = 0
    for x, y, heading in _poses(60, seed):
        if _on_land(x, y):
            continue
        state = make([ship("a", "brig", 0, x, y, heading)], ISLANDS)
        brig = state.ships["a"]
        movement._POSES.clear()
        brig._motion = None
        open_course = may_sail(state.table, brig)
        menu = sail_menu(state.table, brig)
        movement._POSES.clear()
        twin = brig.copy()
        twin._motion = None
        whole = plan_sails(state.table, twin, TURN_STEPS)
        assert menu == whole
        assert open_course == any(not isinstance(plan, str) for plan in whole)
        asked += 1
    assert asked > 20


def _on_land(x: float, y: float) -> bool:
    """Near enough to an island that the brig might start on it."""
    return (30 <= x <= 70 and 30 <= y <= 70) or (60 <= x <= 86 and 10 <= y <= 36)
