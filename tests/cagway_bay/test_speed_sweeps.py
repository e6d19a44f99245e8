"""The quicker ways of testing sweeps against land give exactly the answers of the slower ones."""

from __future__ import annotations

import math
import random

import numpy as np
import shapely
from shapely.geometry import Point

from tabletop.titles.cagway_bay import movement
from tabletop.titles.cagway_bay.geometry import (
    FAR,
    bounds,
    convex,
    hull_order,
    line_through,
    place,
    point_at,
    rings_polygon,
)
from tabletop.titles.cagway_bay.movement import TURN_STEPS, SailPlan, plan_sail, sail_exact, sail_menu

from .helpers import make, ship
from .test_quick_geometry import ISLANDS, _poses


def _hull_by_ring(coords: list[tuple[float, float]]) -> shapely.Geometry:
    """The convex hull as it was first built: from a polygon ringed through the points."""
    return shapely.convex_hull(rings_polygon(np.array(coords, dtype=float)))


def test_a_hull_built_from_a_line_is_the_hull_built_from_a_ring_vertex_for_vertex():
    outline = make([ship("a", "frigate", 0, 10, 10, 0)]).ships["a"].cls.outline
    rng = random.Random(11)
    point_sets = []
    for x, y, heading in _poses(150, 12):
        start = place(outline, x, y, heading)
        turned = place(outline, x, y, heading + rng.choice(TURN_STEPS))
        dx, dy = rng.uniform(-8, 8), rng.uniform(-8, 8)
        point_sets.append(start + turned)  # a pivot's sweep
        point_sets.append(turned + [(px + dx, py + dy) for px, py in turned])  # a segment's sweep
        point_sets.append(start + [(px + dx * FAR, py + dy * FAR) for px, py in start])  # a shadow
    many = line_through(np.array(point_sets[1::3], dtype=float))  # one array of equal-sized sets
    for coords, hull in zip(point_sets[1::3], shapely.convex_hull(many), strict=True):
        assert shapely.equals_exact(hull, _hull_by_ring(coords), tolerance=0.0)
    for coords in point_sets:
        assert shapely.equals_exact(convex(coords), _hull_by_ring(coords), tolerance=0.0)


def test_a_sweep_built_round_its_kept_corners_is_its_hull_and_meets_land_as_the_hull_does():
    state = make([ship("a", "frigate", 0, 10, 10, 0)], ISLANDS)
    rng = random.Random(14)
    for cls in ("sloop", "frigate", "galleon"):
        plate = make([ship("a", cls, 0, 50, 50, 0)]).ships["a"].cls
        outline, helm = plate.outline, movement._helm(plate)
        assert helm.slide_ring is not None and set(helm.pivot_rings) == set(TURN_STEPS) - {0.0}
        rings, point_sets = [], []
        for x, y, heading in _poses(150, 15):
            heading = rng.choice([heading, 90.0 * rng.randrange(4)])  # square to the table as well
            start = place(outline, x, y, heading)
            turn = rng.choice([t for t in TURN_STEPS if t])
            turned = place(outline, x, y, heading + turn)
            after, before = helm.pivot_rings[turn]
            rings.append([turned[k] for k in after] + [start[k] for k in before])
            point_sets.append(start + turned)
            length = rng.choice([movement.MIN_HEADWAY, 3.0, 4.0, 6.25, 8.0])
            rad = math.radians(heading + turn)
            dx, dy = math.cos(rad) * length, math.sin(rad) * length
            rings.append(movement._slid(turned, dx, dy, helm.slide_ring))
            point_sets.append(movement._slid(turned, dx, dy, None))
        for ring, points in zip(rings, point_sets, strict=True):
            # the same polygon, up to a point on a side that rounding puts a hair outside it
            assert shapely.hausdorff_distance(rings_polygon(np.array(ring, dtype=float)), convex(points)) < 1e-9
        blocked = state.table.rings_blocked(rings)
        assert blocked == state.table.sweeps_blocked(point_sets)
        assert 20 < sum(blocked) < len(blocked) - 20


def test_the_corners_of_a_hull_are_refused_where_rounding_could_change_them():
    square = [(0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0)]
    assert hull_order([*square, (0.5, 0.5), (0.5, 0.0)]) == (0, 1, 2, 3)  # inside, and on a side
    assert hull_order([*square, (0.5, 1e-9)]) is None  # all but on a side
    assert hull_order([(0.0, 0.0), (1.0, 0.0), (2.0, 1e-9), (1.0, 1.0)]) is None  # a corner that hardly turns


def test_the_exact_run_aground_from_the_menu_is_the_course_worked_out_afresh():
    state = make([ship("a", "frigate", 0, 10, 10, 0)], ISLANDS)
    frigate = state.ships["a"]
    aground = 0
    for pose in _poses(400, 13):
        frigate.set_pose(*pose)
        # a ship only ever sails from a hull clear of land
        menu = [] if state.table.overlaps_land(frigate.hull) else sail_menu(state.table, frigate)
        for turn, planned in zip(TURN_STEPS[:len(menu)], menu, strict=True):
            movement._POSES.clear()  # nothing kept: plan_sail checks the whole course again
            fresh = plan_sail(state.table, frigate, turn)
            frigate._motion = None
            sail_menu(state.table, frigate)  # the menu first, as a player's choice comes from it
            assert sail_exact(state.table, frigate, turn) == fresh
            if isinstance(planned, SailPlan) and planned.aground:
                aground += 1
    assert aground > 30


def test_a_point_built_by_shapely_s_core_is_the_point_of_its_class():
    for x, y, _ in _poses(50, 14):
        assert shapely.equals_exact(point_at(x, y), Point(x, y), tolerance=0.0)


def test_the_bounds_of_a_shifted_hull_are_its_own_bounds_shifted_to_the_last_bit():
    outline = make([ship("a", "galleon", 0, 20, 10, 0)]).ships["a"].cls.outline
    rng = random.Random(15)
    for x, y, heading in _poses(300, 16):
        rad = math.radians(heading)
        c, s = math.cos(rad), math.sin(rad)
        dx, dy = rng.uniform(-8, 8), rng.uniform(-8, 8)
        pivoted, box = movement._placed_sweep(outline, x, y, c, s, dx, dy)
        assert pivoted == place(outline, x, y, heading)
        assert box == bounds([(px + dx, py + dy) for px, py in pivoted])
