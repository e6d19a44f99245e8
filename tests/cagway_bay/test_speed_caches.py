"""The shortcuts and kept answers that make the engine quicker give the answers worked out afresh."""

from __future__ import annotations

from shapely.geometry import Point, Polygon

import tabletop
from tabletop.titles.cagway_bay import movement
from tabletop.titles.cagway_bay.actions import Sail
from tabletop.titles.cagway_bay.data import scenario_model, ship_classes
from tabletop.titles.cagway_bay.geometry import LandGaps, place, table_from_spec, table_spec
from tabletop.titles.cagway_bay.movement import (
    DRIFT_MENU,
    DriftPlan,
    drift_menu,
    hull_box,
    hull_reach,
    quick_gap,
)

from .helpers import make, ship
from .test_quick_geometry import ISLANDS, _poses


def _land_distance(state, coords) -> float:
    hull = Polygon(coords)
    return min(float(shape.distance(hull)) for _, shape, _, _ in state.table.land_pieces)


def test_a_point_of_the_grid_never_claims_more_room_than_there_is():
    state = make([ship("a", "sloop", 0, 10, 10, 0)], ISLANDS)
    gaps = LandGaps(state.table)
    for x, y, _ in _poses(300, 5):
        exact = min(float(shape.distance(Point(x, y))) for _, shape, _, _ in state.table.land_pieces)
        assert gaps.at(x, y) <= exact


def test_the_quick_gap_of_a_pose_never_exceeds_the_hull_s_distance_from_land():
    state = make([ship("a", "galleon", 0, 20, 10, 0)], ISLANDS)
    state.table._gaps = LandGaps(state.table)  # the grid a busy table has built
    galleon = state.ships["a"]
    for x, y, heading in _poses(200, 6):
        galleon.set_pose(x, y, heading)
        movement._POSES.clear()
        assert quick_gap(state.table, galleon) <= _land_distance(state, galleon.coords)


def test_drifts_settled_by_the_grid_agree_with_the_hulls_they_leave():
    state = make([ship("a", "frigate", 0, 10, 10, 0)], ISLANDS)
    state.table._gaps = LandGaps(state.table)
    frigate = state.ships["a"]
    checked = 0
    for x, y, heading in _poses(150, 7):
        frigate.set_pose(x, y, heading)
        if state.table.overlaps_land(frigate.hull):
            continue
        movement._POSES.clear()
        for plan, facing in zip(drift_menu(state.table, frigate), DRIFT_MENU, strict=True):
            if isinstance(plan, DriftPlan):
                assert not state.table.overlaps_land(Polygon(place(frigate.cls.outline, plan.x, plan.y, facing)))
            checked += 1
    assert checked > 300


def test_a_kept_refusal_of_a_white_heading_reads_as_one_written_afresh():
    sloop = ship_classes()["sloop"]
    for off in [k / 4 for k in range(0, 721)] + [0.49999999, 0.5000001, 2.5, 3.5, 44.5]:
        kept = movement._in_irons(sloop, off)
        assert kept == (f"{sloop.name} cannot sail {off:.0f} degrees off the wind (white on its wheel); "
                        "stall or drift instead")


def test_a_kept_sailing_sentence_is_the_one_the_sail_writes_afresh():
    state = make([ship("a", "brig", 0, 20, 30, 10), ship("b", "sloop", 1, 90, 70, 180)], ISLANDS)
    seat = state.to_act[0]
    twice = state.clone()
    sails = [a for a in state.legal_actions(seat) if isinstance(a, Sail)]
    assert sails
    for action in sails:
        first, again, second = state.clone(), state.clone(), twice.clone()
        first.apply(seat, action)
        again.apply(seat, action)  # the same pose and turn: the sentence is the one kept
        movement._POSES.clear()
        for one in second.ships.values():
            one._motion = None  # nothing kept: the sentence is written afresh
        second.apply(seat, action)
        assert [e.text for e in first.events] == [e.text for e in again.events] == [e.text for e in second.events]


def test_a_bow_well_inside_the_table_keeps_the_whole_hull_on_it():
    state = make([ship("a", "galleon", 0, 50, 50, 0)], [])
    table = state.table
    for index, cls in enumerate(ship_classes().values()):
        reach = hull_reach(cls)
        for x, y, heading in _poses(60, index):
            if reach < x < table.width - reach and reach < y < table.height - reach:
                assert table.off_table(place(cls.outline, x, y, heading)) is None


def test_the_box_round_a_keel_holds_the_whole_hull_and_a_hull_within_it_is_on_the_table():
    state = make([ship("a", "galleon", 0, 50, 50, 0)], [])
    table = state.table
    on_table = 0
    for index, cls in enumerate(ship_classes().values()):
        for x, y, heading in _poses(200, 40 + index):
            x, y = x * 1.2 - 10, y * 1.2 - 10  # across the edges as well
            for turned in (heading, 90.0 * (index % 4)):  # square to the table as well
                coords = place(cls.outline, x, y, turned)
                minx, miny, maxx, maxy = hull_box(cls, x, y, turned)
                assert all(minx <= px <= maxx and miny <= py <= maxy for px, py in coords)
                if minx >= 0 and miny >= 0 and maxx <= table.width and maxy <= table.height:
                    assert table.off_table(coords) is None
                    on_table += 1
    assert on_table > 500


def test_the_land_a_hull_touches_is_the_land_measured_within_touching_distance():
    state = make([ship("a", "frigate", 0, 20, 10, 0)], ISLANDS)
    state.table._gaps = LandGaps(state.table)  # the grid a busy table has built
    frigate = state.ships["a"]
    touched = 0
    for x, y, heading in _poses(600, 45):
        frigate.set_pose(x, y, heading)
        movement._POSES.clear()
        found = movement.land_touched(state.table, frigate)
        assert found == tuple(state.table.touching_land(frigate.hull))
        touched += bool(found)
    assert touched > 20


def test_a_plate_knows_whether_its_wheel_has_white():
    assert {cls.slug: cls.has_white for cls in ship_classes().values()} == {
        cls.slug: any(colour == "white" for _, colour in cls.wheel) for cls in ship_classes().values()}
    assert any(cls.has_white for cls in ship_classes().values())


def test_every_game_of_a_published_scenario_shares_the_table_its_map_describes():
    for scenario in ("the-ruins", "under-cover-of-darkness", "open-warfare"):
        for edges in ("open-sea", "land"):
            model = scenario_model(scenario)
            fresh = table_from_spec(table_spec(model.width, model.height, model.wind, model.islands,
                                               model.exit_edges, edges))
            first, second = (tabletop.load("cagway-bay", scenario=scenario, edges=edges).new_state(seed=seed)
                             for seed in (1, 2))
            assert first.table is second.table
            assert first.table.spec == fresh.spec


def test_an_island_s_kept_way_out_is_the_one_measured_afresh():
    from tabletop.titles.cagway_bay import features

    for scenario in ("the-ruins", "under-cover-of-darkness"):
        for edges in ("open-sea", "land"):
            state = tabletop.load("cagway-bay", scenario=scenario, edges=edges).new_state(seed=1)
            for island in state.table.islands:
                features._WAYS_OUT.clear()
                fresh = features._island_way_out(state, island)
                kept = features._island_way_out(state, island)
                cx, cy = features._island_centre(state, island)
                assert fresh == kept == (cx, cy, features._exit_distance(state, cx, cy))
