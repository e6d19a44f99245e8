"""The chase's sea chart: distances by open water round the islands, and to the table's edges."""

from __future__ import annotations

import math

import numpy as np

import tabletop
from tabletop.titles.cagway_bay import pursuit


def ruins():  # type: ignore[no-untyped-def]
    return tabletop.load("cagway-bay").new_state(seed=1)


def test_the_way_round_an_island_is_longer_than_the_straight_line() -> None:
    state = ruins()
    sloop = state.ships["swallow"]
    behind, goal = (52.0, 62.0), (52.0, 88.0)  # the North Ruin lies between them
    (round_it,) = pursuit._sea_costs(state, sloop, [behind], goal)
    assert round_it > math.dist(behind, goal) + 5
    (open_water,) = pursuit._sea_costs(state, sloop, [(30.0, 25.0)], (20.0, 25.0))
    assert abs(open_water - 10.0) <= pursuit.CELL + 0.01  # the chart reads a cell's centre


def test_a_bow_against_the_shore_reads_the_open_water_beside_it() -> None:
    state = ruins()
    on_the_coast = (30.9, 53.2)  # a corner of the West Ruin
    (cost,) = pursuit._sea_costs(state, state.ships["swallow"], [on_the_coast], (40.0, 30.0))
    assert cost < 100  # not the charge for a point the chart cannot reach


def test_off_the_table_by_a_scoring_edge_beats_any_place_on_it() -> None:
    state = ruins()
    inside, gone = pursuit._exit_costs(state, [(50.0, 5.0), (50.0, -3.0)])
    assert gone < 0 < inside < 10


def test_a_kept_chart_is_the_chart_worked_out_afresh() -> None:
    state = ruins()
    goal = (47.3, 80.5)
    pursuit._FIELDS.clear()
    kept = pursuit._sea_field(state, goal)
    assert pursuit._sea_field(state, goal) is kept
    assert np.array_equal(kept, pursuit._work_field(state, goal))
    # a goal a hair away shares the millimetre's chart, whichever of them was asked for first
    pursuit._FIELDS.clear()
    assert np.array_equal(pursuit._sea_field(state, (47.32, 80.48)), kept)
    assert pursuit._sea_field(state, goal) is pursuit._sea_field(state, (47.32, 80.48))
    exits = pursuit._exit_field(state)
    pursuit._FIELDS.clear()
    assert np.array_equal(pursuit._exit_field(state), exits)
    other = state.clone()
    other.scoring_edges = frozenset({"north"})
    assert other.scoring_edges != state.scoring_edges
    assert not np.array_equal(pursuit._exit_field(other), exits)  # kept by the edges, not the table alone


def test_a_large_tables_chart_has_coarser_cells_not_more_of_them() -> None:
    ruins_chart = pursuit._chart(ruins())
    assert pursuit._cell(ruins().table) == pursuit.CELL  # The Ruins keep their 2 cm cells
    assert ruins_chart[2] == (50, 50)
    wide = tabletop.load("cagway-bay").new_state(seed=1, scenario={"width": 3000, "height": 1500})
    _blocked, _graph, (columns, rows) = pursuit._chart(wide)
    assert columns * rows <= pursuit.MOST_CELLS * 1.01
    assert columns / rows == 2
    cell = pursuit._cell(wide.table)
    assert columns * cell >= 3000 > (columns - 1) * cell
    # the islands are still charted: a bow behind the North Ruin goes round it
    sloop = wide.ships["swallow"]
    (round_it,) = pursuit._sea_costs(wide, sloop, [(52.0, 50.0)], (52.0, 100.0))
    assert round_it > 50 + 5
    (open_water,) = pursuit._sea_costs(wide, sloop, [(1500.0, 700.0)], (1000.0, 700.0))
    assert abs(open_water - 500.0) <= 2 * cell
