"""CB-DATA-2 and CB-SCEN-OPEN-4: equipment and special crew with point costs, and Open Warfare fleets
named by the players checked for equal points."""

from __future__ import annotations

import pytest

import tabletop
from tabletop.core import BadOption, BadScenario
from tabletop.titles.cagway_bay.actions import Douse, Melee, Repair
from tabletop.titles.cagway_bay.data import fittings, fleet_points

from .helpers import make, ship


def test_CB_DATA_2_equipment_and_crew_have_point_costs():
    known = fittings()
    assert {f.kind for f in known.values()} == {"equipment", "crew"}
    assert all(f.points > 0 and f.summary for f in known.values())
    assert fleet_points(["brig/marines/carpenter", "sloop"]) == 60 + 10 + 10 + 30


def test_CB_DATA_2_spare_stores_and_a_carpenter():
    state = make([ship("hms", "frigate", 0, 50, 50, 90, hp=20, ap=3, fittings=["spare-stores", "carpenter"]),
                  ship("foe", "sloop", 1, 90, 90, 270, ap=0)], phase="end", turn_limit=1)
    hms = state.ships["hms"]
    assert hms.supplies == hms.max_supplies == 8 + 2 and hms.points == 90 + 5 + 10
    state.apply("red", Repair("hms"))
    assert (hms.hp, hms.supplies) == (23, 7)  # three damage mended for the AP


def test_CB_DATA_2_fire_buckets_help_douse():
    state = make([ship("hms", "frigate", 0, 50, 50, 90, ap=1, fires=[3], fittings=["fire-buckets"]),
                  ship("foe", "sloop", 1, 90, 90, 270, ap=0)], phase="end", turn_limit=1, dice=[2])
    state.apply("red", Douse("hms"))
    assert state.ships["hms"].fires == []
    assert "rolls 2+1, needing 3+; one fire is out" in next(e.text for e in state.events if e.kind == "douse")


def test_CB_DATA_2_marines_fight_harder_hand_to_hand():
    state = make([ship("hms", "frigate", 0, 50, 50, 0, fittings=["marines"]),
                  ship("t", "sloop", 1, 48, 52, 0, ap=0)], phase="combat")
    assert state.view(None)["ships"][0]["combat_value"] == 4 + 1
    state.apply("red", Melee("hms", "t"))
    assert state.ships["t"].hp == 12 - 5


def test_CB_DATA_2_unknown_or_repeated_fittings_are_refused():
    with pytest.raises(BadScenario, match="no equipment or crew 'cannons'; the choices are: spare-stores"):
        make([ship("hms", "frigate", 0, 50, 50, 0, fittings=["cannons"]), ship("t", "sloop", 1, 80, 80, 0)])
    with pytest.raises(BadScenario, match="at most once"):
        tabletop.load("cagway-bay", scenario="open-warfare", fleet1="brig/marines/marines")


def test_CB_SCEN_OPEN_4_named_fleets_must_be_worth_the_same():
    with pytest.raises(BadOption, match=r"fleet1 \(brig\) is 60 points and fleet2 \(frigate\) is 90"):
        tabletop.load("cagway-bay", scenario="open-warfare", fleet1="brig", fleet2="frigate")
    with pytest.raises(BadOption, match=r"fleet1 \(sloop/spare-stores\) is 35 points and fleet2 \(sloop\) is 30"):
        tabletop.load("cagway-bay", scenario="open-warfare", fleet1="sloop/spare-stores")  # no ships make 35
    uneven = tabletop.load("cagway-bay", scenario="open-warfare", fleet1="brig", fleet2="frigate", equal_points=False)
    assert uneven.new_state(seed=1).fleets == (("brig",), ("frigate",))  # a designer's deliberate test
    game = tabletop.load("cagway-bay", scenario="open-warfare", fleet1="brig/marines/carpenter+sloop",
                         fleet2="schooner/marines+xebec/fire-buckets")
    state = game.new_state(seed=1)
    red, blue = state.fleets
    assert fleet_points(list(red)) == fleet_points(list(blue)) == 110
    brig = next(s for s in state.ships.values() if s.cls.slug == "brig")
    assert [f.slug for f in brig.fittings] == ["marines", "carpenter"] and brig.points == 80
    cards = {s["id"]: s for s in state.view("red")["ships"]}
    assert cards[brig.id]["points"] == 80 and [f["slug"] for f in cards[brig.id]["fittings"]] == ["marines", "carpenter"]
