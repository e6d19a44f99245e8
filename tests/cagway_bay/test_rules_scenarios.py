"""Table edges, leaving the table, darkness and the three scenarios."""

from __future__ import annotations

import pytest

import tabletop
from tabletop.core import BadOption, BadScenario
from tabletop.testing import assert_rejected
from tabletop.titles.cagway_bay.actions import Dock, Done, Explore, Fire, Sail
from tabletop.titles.cagway_bay.data import fleet_points, scenario_model, ship_classes

from .helpers import make, ship, square


def test_CB_TABLE_1_tables_are_at_least_a_metre_square():
    for slug in ("the-ruins", "under-cover-of-darkness", "open-warfare"):
        model = scenario_model(slug)
        assert model.width >= 100 and model.height >= 100
    with pytest.raises(BadScenario, match="greater than or equal to 100"):
        make([ship("a", "sloop", 0, 50, 50, 0), ship("b", "sloop", 1, 60, 60, 0)], width=80)


def test_CB_TABLE_2_edges_are_an_option():
    assert tabletop.load("cagway-bay", edges="land").options["edges"] == "land"
    with pytest.raises(BadOption):
        tabletop.load("cagway-bay", edges="lava")


def test_CB_TABLE_2_open_sea_lets_a_ship_sail_off_and_leave_the_battle():
    # In a scenario (The Ruins) the table is the battle: a navy ship sailing off has fled.
    state = make([ship("a", "frigate", 1, 3, 50, 180), ship("b", "sloop", 1, 60, 60, 0, ap=0),
                  ship("foe", "sloop", 0, 90, 90, 0, ap=0)], [square(70, 10, 80, 20, treasure=1)],
                 wind={"kind": "parallel", "from_heading": 90}, scenario="the-ruins")
    while state.ships["a"].status == "afloat":
        state.apply("navy", Sail("a", 0.0))
    assert state.ships["a"].status == "fled"
    assert any(e.kind == "leave" and "leaves the battle" in e.text for e in state.events)


def test_CB_TABLE_2_open_sea_in_open_warfare_relocates_the_battle():
    state = make([ship("a", "sloop", 0, 3, 50, 180), ship("b", "sloop", 0, 60, 60, 0, ap=0),
                  ship("foe", "sloop", 1, 90, 90, 0, ap=0)], wind={"kind": "parallel", "from_heading": 90})
    for _ in range(3):
        state.apply("red", Sail("a", 0.0))
    a = state.ships["a"]
    assert a.status == "afloat" and max(x for x, _ in a.coords) < 0  # wholly beyond the west edge
    assert not any(e.kind == "leave" for e in state.events) and state.outcome is None
    assert Sail("a", 0.0) in state.legal_actions("red")  # the sea goes on: she sails on
    picture = state.game.render_svg(state.view(None))
    left = float(picture.split('viewBox="', 1)[1].split()[0])
    assert left < min(x for x, _ in a.coords)  # the picture widens to show her


def test_CB_TABLE_2_land_edges_are_a_coast_that_stops_ships():
    state = make([ship("a", "sloop", 0, 3, 50, 180), ship("foe", "sloop", 1, 90, 90, 0, ap=0)],
                 wind={"kind": "parallel", "from_heading": 90}, edges="land")
    state.apply("red", Sail("a", 0.0))
    a = state.ships["a"]
    assert a.status == "afloat" and a.x == pytest.approx(0, abs=0.01)
    assert Dock("a", "coast") in state.legal_actions("red")


def _raiders(edges: str, **extra):
    navy = [ship("resolute", "frigate", 1, 30, 90, 0, ap=0), ship("vigilant", "brig", 1, 80, 82, 270, ap=0)]
    return make([ship("swallow", "sloop", 0, 25, 0.5, 270, treasure=1),
                 ship("magpie", "sloop", 0, 0.5, 50, 180, treasure=1),
                 ship("heron", "sloop", 0, 75, 0.5, 270, treasure=1), *navy],
                scenario="the-ruins", wind={"kind": "parallel", "from_heading": 90.0}, edges=edges, **extra)


def test_CB_SCEN_RUINS_1_treasure_carried_off_the_table_wins():
    state = _raiders("open-sea")
    for ship_id in ("swallow", "magpie", "heron"):
        state.apply("raiders", Sail(ship_id, 0.0))
    assert all(state.ships[s].status == "escaped" for s in ("swallow", "magpie", "heron"))
    assert state.outcome is not None and state.outcome.winners == ("raiders",)
    assert state.outcome.scores["raiders"] == 3


def test_CB_SCEN_RUINS_1_with_land_edges_only_the_south_edge_is_open():
    state = _raiders("land")
    state.apply("raiders", Sail("magpie", 0.0))  # west edge: the coast stops her
    assert state.ships["magpie"].afloat and state.ships["magpie"].x == pytest.approx(0, abs=0.01)
    state.apply("raiders", Done("magpie"))
    state.apply("raiders", Sail("swallow", 0.0))
    assert state.ships["swallow"].status == "escaped"


def test_CB_MOVE_EXPLORE_1_explore_a_ruin_for_its_treasure():
    state = make([ship("swallow", "sloop", 0, 50, 53, 90),
                  ship("resolute", "frigate", 1, 30, 90, 0, ap=0)],
                 [square(40, 53, 60, 70, name="ruin", treasure=2)], scenario="the-ruins")
    state.apply("raiders", Dock("swallow", "ruin"))
    state.apply("raiders", Explore("swallow"))
    assert state.ships["swallow"].treasure == 1 and state.stock["ruin"][0] == 1


def test_CB_SCEN_RUINS_1_the_navy_wins_when_the_raiders_cannot_succeed():
    state = make([ship("swallow", "sloop", 0, 50, 20, 90, hp=0), ship("resolute", "frigate", 1, 30, 90, 0)],
                 scenario="the-ruins")
    assert state.outcome is not None and state.outcome.winners == ("navy",)


def _night(**target):
    runner = ship("ghost", "sloop", 0, 48, 69.4, 0, ap=0, **target)  # 18 cm off the port side: range 5
    shooter = ship("sentinel", "frigate", 1, 50, 50, 0)
    wreck = ship("wreck", "sloop", 0, 47, 48.9, 0, hp=0)
    return make([runner, shooter, wreck], scenario="under-cover-of-darkness", phase="combat",
                wind={"kind": "parallel", "from_heading": 250})


def test_CB_SCEN_DARK_1_darkness_hides_targets_beyond_three_segments():
    state = _night()
    assert not [a for a in state.legal_actions("blockade") if a.kind == "fire"]
    assert "dark" in str(assert_rejected(state, "blockade", Fire("sentinel", "port", "ghost", 0)))


def test_CB_SCEN_DARK_1_fires_and_muzzle_flashes_show_a_ship():
    assert [a for a in _night(fires=[3]).legal_actions("blockade") if a.kind == "fire"]
    flashed = _night()
    flashed.ships["ghost"].revealed = 1
    flashed._opts.clear()
    flashed._legal_cache.clear()
    assert [a for a in flashed.legal_actions("blockade") if a.kind == "fire"]


def test_CB_SCEN_DARK_1_runners_win_by_leaving_the_north_edge():
    state = make([ship("ghost", "sloop", 0, 50, 99, 90), ship("smuggler", "sloop", 0, 60, 99, 90),
                  ship("sentinel", "frigate", 1, 20, 20, 0, ap=0)],
                 scenario="under-cover-of-darkness", wind={"kind": "parallel", "from_heading": 250})
    while not state.is_over:
        ship_id = state.choosable()[0]
        state.apply("runners", Sail(ship_id, 0.0))
    assert state.outcome.winners == ("runners",)


def test_CB_SCEN_DARK_1_all_three_runners_must_escape_before_dawn():
    model = scenario_model("under-cover-of-darkness")
    assert model.objective.needed == 3 and model.turn_limit == 6
    state = tabletop.load("cagway-bay", scenario="under-cover-of-darkness").new_state(seed=1)
    assert state.needed == 3


def test_CB_SCEN_DARK_1_a_dead_runner_with_no_living_friend_ends_the_run():
    runners = [ship("ghost", "sloop", 0, 50, 150, 90), ship("heron", "sloop", 0, 70, 150, 90),
               ship("wreck", "sloop", 0, 30, 40, 90, hp=0)]
    state = make([*runners, ship("sentinel", "frigate", 1, 20, 20, 0, ap=0)],
                 scenario="under-cover-of-darkness", wind={"kind": "parallel", "from_heading": 250})
    assert state.needed == 3
    state.apply("runners", Sail("ghost", 0.0))
    assert state.ships["ghost"].status == "escaped" and not state.is_over  # the wreck may yet be manned
    state.apply("runners", Sail("heron", 0.0))
    assert state.outcome.winners == ("blockade",) and "no longer" in state.outcome.reason
    assert state.outcome.scores == {"runners": 2, "blockade": 1}


def test_CB_SCEN_RUINS_1_all_three_treasures_must_escape():
    assert scenario_model("the-ruins").objective.needed == 3
    assert tabletop.load("cagway-bay", scenario="the-ruins").new_state(seed=1).needed == 3
    # a position with less treasure in play needs only what is there
    state = make([ship("swallow", "sloop", 0, 25, 0.5, 270, treasure=1),
                  ship("resolute", "frigate", 1, 30, 90, 0, ap=0)], scenario="the-ruins",
                 wind={"kind": "parallel", "from_heading": 90.0})
    assert state.needed == 1
    state.apply("raiders", Sail("swallow", 0.0))
    assert state.outcome.winners == ("raiders",)


def test_CB_SCEN_OPEN_1_fleets_are_built_to_equal_points():
    game = tabletop.load("cagway-bay", scenario="open-warfare", points=200)
    state = game.new_state(seed=3)
    red, blue = state.fleets
    assert fleet_points(list(red)) == fleet_points(list(blue)) == 200
    assert game.seats == ("red", "blue")


def test_CB_SCEN_OPEN_2_named_fleets_and_the_other_side_matched():
    game = tabletop.load("cagway-bay", scenario="open-warfare", fleet1="sloop+brig")
    red, blue = game.new_state(seed=3).fleets
    assert red == ("sloop", "brig") and fleet_points(list(blue)) == 90
    both = tabletop.load("cagway-bay", scenario="open-warfare", fleet1="galleon", fleet2="frigate+sloop")
    assert both.new_state(seed=1).fleets == (("galleon",), ("frigate", "sloop"))
    with pytest.raises(BadScenario, match="no ship class 'junk'"):
        tabletop.load("cagway-bay", scenario="open-warfare", fleet1="junk").new_state(seed=1)


def test_CB_SCEN_OPEN_1_destroying_the_enemy_fleet_wins():
    state = make([ship("hms", "frigate", 0, 50, 50, 0), ship("t", "sloop", 1, 48, 58.4, 0, ap=0, hp=1)],
                 phase="combat")
    state.apply("red", Fire("hms", "port", "t", 0))
    assert state.outcome.winners == ("red",) and "destroyed" in state.outcome.reason


def test_CB_DATA_1_at_least_five_ship_classes_from_sloop_to_galleon():
    classes = ship_classes()
    assert len(classes) >= 5
    assert classes["sloop"].points < classes["galleon"].points
    for cls in classes.values():
        assert cls.health[-1] == (0, 0, 0) and cls.hp >= cls.health[0][0]
        assert cls.wheel[-1][0] == 180 and cls.guns and cls.supplies > 0 and cls.points > 0


def test_bad_scenarios_are_explained():
    with pytest.raises(BadScenario, match="on land"):
        make([ship("a", "sloop", 0, 50, 50, 0), ship("b", "sloop", 1, 90, 90, 0)], [square(40, 45, 60, 55)])
    with pytest.raises(BadScenario, match="unique"):
        make([ship("a", "sloop", 0, 50, 50, 0), ship("a", "sloop", 1, 90, 90, 0)])
    with pytest.raises(BadScenario, match="no class"):
        make([ship("a", "dinghy", 0, 50, 50, 0), ship("b", "sloop", 1, 90, 90, 0)])
    with pytest.raises(BadScenario, match="cagway-bay scenario"):
        make([ship("a", "sloop", 0, 50, 50, 0)], colour="red")


def test_CB_SCEN_OPEN_1_the_objective_says_a_first_capture_wins_only_when_that_option_is_on():
    import tabletop

    plain = tabletop.load("cagway-bay", scenario="open-warfare").new_state(seed=1).view(None)["objective"]
    by_capture = tabletop.load("cagway-bay", scenario="open-warfare", objective="capture").new_state(seed=1)
    assert "destroy the enemy fleet" in plain.lower() and "capture" not in plain.lower()
    assert "first side to capture an enemy ship wins" in by_capture.view(None)["objective"]
