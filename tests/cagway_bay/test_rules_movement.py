"""Movement rules, with exact geometry. Wind in these tests blows from the west (upwind = 180°)."""

from __future__ import annotations

import math

import pytest

from tabletop.core import IllegalAction
from tabletop.testing import assert_rejected
from tabletop.titles.cagway_bay.actions import Dock, Done, Drift, Explore, Grapple, Sail, Stall
from tabletop.titles.cagway_bay.data import ship_classes
from tabletop.titles.cagway_bay.geometry import STICKS, TOUCH, Wind

from .helpers import kinds, make, ship, square


def frigate_alone(**extra):
    """A frigate at (50, 50) heading north; with ``turn_limit=1`` the game stops after this turn,
    so values can be read after the frigate's last choice."""
    return make([ship("hms", "frigate", 0, 50, 50, 90), ship("foe", "sloop", 1, 90, 90, 270, ap=0)], **extra)


def test_CB_TABLE_3_stick_lengths_at_twelve_feet_to_the_centimetre():
    assert STICKS == {"white": 0.0, "brown": 3.0, "red": 4.0, "yellow": 5.0, "green": 6.25, "blue": 8.0}


def test_CB_MOVE_SAIL_1_one_segment_per_ap_with_a_free_turn_on_the_bow():
    state = frigate_alone()
    state.apply("red", Sail("hms", 0.0))  # heading 90 is 90° off a west wind: yellow, 5 cm
    hms = state.ships["hms"]
    assert (hms.x, hms.y, hms.heading, hms.ap) == pytest.approx((50, 55, 90, 5))
    state.apply("red", Sail("hms", 15.0))  # heading 105 is 75° off: red, 4 cm along the new heading
    rad = math.radians(105)
    assert (hms.x, hms.y) == pytest.approx((50 + 4 * math.cos(rad), 55 + 4 * math.sin(rad)))
    assert hms.heading == pytest.approx(105) and hms.ap == 4


def test_CB_MOVE_SAIL_1_turns_over_45_degrees_are_rejected_unchanged():
    state = frigate_alone()
    for turn in (45.5, -50.0, 90.0):
        error = assert_rejected(state, "red", Sail("hms", turn))
        assert "at most 45 degrees" in str(error) and "legal now" in str(error)


def test_CB_MOVE_SAIL_1_any_heading_change_within_45_is_accepted():
    state = frigate_alone()
    state.apply("red", Sail("hms", -7.25))
    assert state.ships["hms"].heading == pytest.approx(82.75)


@pytest.mark.parametrize(("cls", "heading", "colour"), [
    ("galleon", 120.0, "brown"),  # 60° off the wind
    ("frigate", 120.0, "red"),
    ("frigate", 90.0, "yellow"),
    ("frigate", 45.0, "green"),  # 135° off
    ("schooner", 70.0, "blue"),  # 110° off
])
def test_CB_MOVE_SAIL_2_segment_length_from_the_wheel(cls, heading, colour):
    state = make([ship("a", cls, 0, 50, 50, heading), ship("foe", "sloop", 1, 90, 90, 270, ap=0)])
    state.apply("red", Sail("a", 0.0))
    moved = math.hypot(state.ships["a"].x - 50, state.ships["a"].y - 50)
    assert moved == pytest.approx(STICKS[colour])
    assert ship_classes()[cls].colour(abs(180 - heading)) == colour


def test_CB_WIND_1_point_source_wind_is_measured_from_the_bow():
    wind = Wind("point", 0.0, 50.0, 0.0)
    assert wind.upwind(50, 50) == pytest.approx(180)
    assert wind.off_wind(180, 50, 50) == pytest.approx(0)
    assert wind.off_wind(90, 50, 0) == pytest.approx(45)  # the eye lies 135°, up and to the west
    parallel = Wind("parallel", 0, 0, 180.0)
    assert parallel.downwind_unit(5, 5) == pytest.approx((1.0, 0.0))


def test_CB_MOVE_SAIL_3_white_means_no_way_straight_into_the_wind():
    state = make([ship("hms", "frigate", 0, 50, 50, 170), ship("foe", "sloop", 1, 90, 90, 270, ap=0)])
    error = assert_rejected(state, "red", Sail("hms", 0.0))
    assert "white" in str(error)
    assert Sail("hms", 0.0) not in state.legal_actions("red")


def test_CB_MOVE_STALL_1_stall_turns_into_the_wind_costs_1_and_ends_the_move():
    # a dead foe alongside keeps a grapple on offer, so the move phase waits for the frigate
    state = make([ship("hms", "frigate", 0, 50, 50, 150), ship("foe", "sloop", 1, 49, 51, 180, hp=0),
                  ship("far", "sloop", 1, 90, 90, 270, ap=0)])
    assert "stall" in kinds(state)
    state.apply("red", Stall("hms"))
    hms = state.ships["hms"]
    assert hms.heading == pytest.approx(180) and hms.ap == 5 and (hms.x, hms.y) == (50, 50)
    assert kinds(state) == ["grapple", "done"]
    assert "finished sailing" in str(assert_rejected(state, "red", Sail("hms", 45.0)))


def test_CB_MOVE_STALL_1_only_ships_with_white_on_the_wheel_stall():
    state = make([ship("x", "xebec", 0, 50, 50, 170), ship("foe", "sloop", 1, 90, 90, 270, ap=0)])
    assert "never stalls" in str(assert_rejected(state, "red", Stall("x")))
    state.apply("red", Sail("x", 10.0))  # straight into the wind on sweeps: brown
    assert math.hypot(state.ships["x"].x - 50, state.ships["x"].y - 50) == pytest.approx(3.0)


def test_CB_MOVE_STALL_1_not_when_the_wind_is_over_45_degrees_away():
    state = make([ship("hms", "frigate", 0, 50, 50, 90), ship("foe", "sloop", 1, 90, 90, 270, ap=0)])
    assert "more than 45" in str(assert_rejected(state, "red", Stall("hms")))


def test_CB_MOVE_DRIFT_1_one_red_segment_downwind_then_any_heading_for_all_ap():
    state = frigate_alone(turn_limit=1)
    state.apply("red", Drift("hms", 12.5))  # centre (50, 45) drifts east to (54, 45)
    hms = state.ships["hms"]
    rad = math.radians(12.5)
    assert (hms.x, hms.y) == pytest.approx((54 + 5 * math.cos(rad), 45 + 5 * math.sin(rad)))
    assert hms.heading == pytest.approx(12.5) and hms.ap == 0


def test_CB_MOVE_DRIFT_1_drift_must_come_first():
    state = frigate_alone()
    state.apply("red", Sail("hms", 0.0))
    assert "first action" in str(assert_rejected(state, "red", Drift("hms", 0.0)))
    assert "drift" not in kinds(state)


def test_CB_MOVE_DRIFT_1_bad_drift_headings_are_rejected():
    state = frigate_alone()
    assert "360" in str(assert_rejected(state, "red", Drift("hms", 400.0)))


def test_CB_MOVE_DRIFT_2_drift_blocked_by_an_island_does_not_move():
    # the frigate's hull spans x 48.5..51.5; a rock 1 cm to the east blocks the 4 cm drift
    state = make([ship("hms", "frigate", 0, 50, 50, 90), ship("foe", "sloop", 1, 90, 90, 270, ap=0)],
                 [square(52.5, 30, 60, 70)], turn_limit=1)
    state.apply("red", Drift("hms", 90.0))
    hms = state.ships["hms"]
    assert (hms.x, hms.y, hms.heading, hms.ap) == pytest.approx((50, 50, 90, 0))
    assert "cannot drift" in state.events[-1].text or "held by land" in " ".join(e.text for e in state.events)


def test_CB_MOVE_DRIFT_2_cannot_pivot_onto_land():
    state = make([ship("hms", "frigate", 0, 50, 50, 90), ship("foe", "sloop", 1, 90, 90, 270, ap=0)],
                 [square(52.5, 30, 60, 70)])
    assert "on land" in str(assert_rejected(state, "red", Drift("hms", 0.0)))


def test_CB_MOVE_LAND_1_a_segment_into_land_stops_at_the_shore():
    state = make([ship("hms", "frigate", 0, 50, 50, 90), ship("foe", "sloop", 1, 90, 90, 270, ap=0)],
                 [square(40, 53, 60, 70)])
    state.apply("red", Sail("hms", 0.0))
    hms = state.ships["hms"]
    assert hms.y == pytest.approx(53, abs=0.01) and hms.ap == 5
    assert not state.table.overlaps_land(hms.hull)
    assert state.table.land.distance(hms.hull) <= TOUCH
    assert "dock" in kinds(state)
    assert "land dead ahead" in str(assert_rejected(state, "red", Sail("hms", 0.0)))


def test_CB_MOVE_LAND_1_the_stern_cannot_swing_through_land():
    # rock just east of the stern: pivoting the bow left swings the stern east
    state = make([ship("hms", "frigate", 0, 50, 50, 90), ship("foe", "sloop", 1, 90, 90, 270, ap=0)],
                 [square(51.6, 38, 60, 42)])
    assert "swing" in str(assert_rejected(state, "red", Sail("hms", 30.0)))
    state.apply("red", Sail("hms", -15.0))


def test_CB_MOVE_DOCK_1_dock_costs_1_and_ends_sailing_then_explore():
    rock = square(40, 53, 60, 70, treasure=1, supplies=2)
    state = make([ship("hms", "frigate", 0, 50, 53, 90, supplies=5), ship("foe", "sloop", 1, 90, 90, 270, ap=0)],
                 [rock])
    state.apply("red", Dock("hms", "rock"))
    hms = state.ships["hms"]
    assert hms.docked == "rock" and hms.ap == 5
    assert "sail" not in kinds(state)
    assert "finished sailing" in str(assert_rejected(state, "red", Sail("hms", -30.0)))
    state.apply("red", Explore("hms"))
    assert hms.treasure == 1 and state.stock["rock"] == (0, 2) and hms.ap == 4
    state.apply("red", Explore("hms"))
    assert hms.supplies == 7 and state.stock["rock"] == (0, 0)
    assert "explore" not in kinds(state)


def test_CB_MOVE_DOCK_1_no_dock_without_touching_land():
    state = make([ship("hms", "frigate", 0, 50, 50, 90), ship("foe", "sloop", 1, 90, 90, 270, ap=0)],
                 [square(40, 51, 60, 70)])
    assert "dock" not in kinds(state)  # the rock is 1 cm off the bow, beyond the touching gap
    assert_rejected(state, "red", Dock("hms", "rock"))


def test_CB_MOVE_GRAPPLE_1_grapple_on_contact_for_1_ap():
    state = make([ship("hms", "frigate", 0, 50, 50, 90), ship("foe", "sloop", 1, 52.7, 45, 90, ap=0)])
    assert state.ships["hms"].hull.distance(state.ships["foe"].hull) == pytest.approx(0.3, abs=0.01)
    state.apply("red", Grapple("hms", "foe"))
    assert state.grappled("hms", "foe") and state.ships["hms"].ap == 5


def test_CB_MOVE_GRAPPLE_1_not_without_contact():
    state = make([ship("hms", "frigate", 0, 50, 50, 90), ship("foe", "sloop", 1, 55, 45, 90, ap=0)])
    assert "grapple" not in kinds(state)
    assert_rejected(state, "red", Grapple("hms", "foe"))


def test_CB_MOVE_GRAPPLE_2_moving_away_breaks_the_grapple():
    state = make([ship("hms", "frigate", 0, 50, 50, 90), ship("foe", "sloop", 1, 53.3, 45, 90, ap=0)],
                 grapples=[["hms", "foe"]])
    assert state.grappled("hms", "foe")
    state.apply("red", Sail("hms", 0.0))
    assert not state.grappled("hms", "foe")
    assert any(e.kind == "ungrapple" for e in state.events)


def test_CB_MOVE_PASS_1_ships_sail_through_each_other_and_never_ram():
    state = make([ship("hms", "frigate", 0, 50, 50, 90), ship("foe", "sloop", 1, 52.5, 55, 180, ap=0)])
    state.apply("red", Sail("hms", 0.0))
    state.apply("red", Sail("hms", 0.0))
    assert state.ships["hms"].y == pytest.approx(60)
    assert state.ships["foe"].hp == state.ships["foe"].cls.hp  # no ramming damage
    assert "ram" not in state.game.codec.kinds


def test_finishing_movement_keeps_the_unspent_ap_for_combat():
    state = make([ship("hms", "frigate", 0, 50, 50, 90), ship("foe", "sloop", 1, 90, 90, 270, ap=0)])
    ap_before = state.ships["hms"].ap
    state.apply("red", Done("hms"))
    assert state.ships["hms"].ap == ap_before


def test_illegal_actions_name_the_legal_ones():
    state = frigate_alone()
    with pytest.raises(IllegalAction, match="legal now"):
        state.apply("red", Sail("nobody", 0.0))
    assert_rejected(state, "blue", Sail("hms", 0.0))
    assert_rejected(state, "red", Sail("foe", 0.0))
