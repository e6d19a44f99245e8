"""Combat rules with exact geometry. The frigate "hms" has its bow at (50, 50) heading east, so
its hull runs x 40..50 along y = 50; port (north) and starboard bands are x 40..50; the fore arc is
x >= 50 and the aft arc x <= 40. Targets have no AP so only the frigate acts."""

from __future__ import annotations

import math

import pytest
from shapely.geometry import Point, box

from tabletop.testing import assert_rejected
from tabletop.titles.cagway_bay.actions import Commandeer, Fire, Melee, Scuttle
from tabletop.titles.cagway_bay.combat import COVER_LIMIT
from tabletop.titles.cagway_bay.data import ship_classes
from tabletop.titles.cagway_bay.geometry import place, segments

from .helpers import make, ship, square


def shooter(**extra):
    return ship("hms", "frigate", 0, 50, 50, 0, **extra)


def wreck():
    """A dead enemy sloop alongside to starboard: it keeps the frigate in the combat phase (it can
    always be scuttled) without hiding anything to port or ahead."""
    return ship("wreck", "sloop", 1, 47, 48.9, 0, hp=0)


def fire_options(state, gun=None):
    return [a for a in state.legal_actions("red") if a.kind == "fire" and (gun is None or a.gun == gun)]


def test_CB_COMBAT_ARC_1_fore_arc_target_just_inside():
    state = make([shooter(), ship("t", "sloop", 1, 50.1, 60, 0, ap=0)], phase="combat")
    assert {(a.gun, a.aim) for a in fire_options(state, "fore")} >= {("fore", 0)}


def test_CB_COMBAT_ARC_1_fore_arc_target_just_outside():
    state = make([shooter(), ship("t", "sloop", 1, 49.9, 60, 0, ap=0)], phase="combat")
    assert not fire_options(state, "fore")
    assert "fore arc" in str(assert_rejected(state, "red", Fire("hms", "fore", "t", 0)))


def test_CB_COMBAT_ARC_1_aft_arc_from_the_stern_centre():
    state = make([shooter(), ship("t", "sloop", 1, 39.9, 60, 0, ap=0)], phase="combat")
    assert fire_options(state, "aft") and not fire_options(state, "port")


def test_CB_COMBAT_ARC_2_broadside_band_just_inside_and_just_outside():
    inside = make([shooter(), ship("t", "sloop", 1, 40.1, 60, 0, ap=0)], phase="combat")
    assert fire_options(inside, "port")
    outside = make([shooter(), ship("t", "sloop", 1, 39.9, 60, 0, ap=0)], phase="combat")
    assert not fire_options(outside, "port")
    assert "port arc" in str(assert_rejected(outside, "red", Fire("hms", "port", "t", 0)))
    below = make([shooter(), ship("t", "sloop", 1, 45, 40, 0, ap=0)], phase="combat")
    assert fire_options(below, "starboard") and not fire_options(below, "port")


def _cover_state(edge_x: float):
    target = ship("t", "sloop", 1, 48, 62, 0, ap=0)
    return make([shooter(), target, wreck()], [square(edge_x, 55, 60, 58)], phase="combat")


def _edge_for(fraction: float) -> float:
    """Where a wall's west edge must be so that its shadow (square to the keel) hides ``fraction``
    of the target's hull: found with shapely alone, independent of the game's code."""
    from shapely.geometry import Polygon

    hull = Polygon(place(ship_classes()["sloop"].outline, 48, 62, 0))
    low, high = hull.bounds[0], hull.bounds[2]
    for _ in range(60):
        mid = (low + high) / 2
        hidden = hull.intersection(box(mid, 0, 100, 100)).area / hull.area
        low, high = (mid, high) if hidden > fraction else (low, mid)
    return (low + high) / 2


def test_CB_COMBAT_COVER_1_49_percent_covered_is_still_a_target():
    state = _cover_state(_edge_for(0.49))
    assert fire_options(state, "port")
    sighting = next(s for s in state.sightings(state.ships["hms"]) if s.gun == "port")
    assert sighting.cover == pytest.approx(0.49, abs=1e-6)


def test_CB_COMBAT_COVER_1_51_percent_covered_is_not():
    state = _cover_state(_edge_for(0.51))
    assert not fire_options(state, "port")
    assert "hidden" in str(assert_rejected(state, "red", Fire("hms", "port", "t", 0)))
    assert COVER_LIMIT == 0.5


def test_CB_COMBAT_COVER_1_ships_hide_targets_too_and_shadows_fan_from_the_gun():
    # a big dead galleon square across the fore gun's line of sight hides the sloop behind it
    blocker = ship("wreck", "galleon", 1, 62, 56, 90, hp=0, ap=0)
    state = make([shooter(), blocker, ship("t", "sloop", 1, 75, 50, 0, ap=0)], phase="combat")
    sighting = next(s for s in state.sightings(state.ships["hms"]) if s.gun == "fore" and s.target == "t")
    assert sighting.cover > 0.5 and sighting.problem is not None


def test_CB_COMBAT_SIGHT_1_any_part_of_the_hull_in_the_arc_is_enough():
    # only the sloop's bow tip pokes 0.1 cm past the frigate's bow line, and that is a target
    state = make([shooter(), ship("t", "sloop", 1, 50.1, 60, 0, ap=0)], phase="combat")
    assert any(a.target == "t" for a in fire_options(state, "fore"))


def test_CB_COMBAT_RANGE_1_range_is_to_the_part_of_the_target_inside_the_arc():
    state = make([shooter(), ship("t", "sloop", 1, 52, 58, 45, ap=0)], phase="combat")
    hms, target = state.ships["hms"], state.ships["t"]
    sighting = next(s for s in state.sightings(hms) if s.gun == "fore")
    inside = target.hull.intersection(box(50, 0, 200, 200))
    assert sighting.distance == pytest.approx(Point(50, 50).distance(inside))
    assert sighting.distance > Point(50, 50).distance(target.hull) + 0.5
    assert sighting.range == math.ceil(sighting.distance / 4)


def test_CB_TABLE_4_range_counts_red_segments():
    assert [segments(d) for d in (0.6, 4.0, 4.01, 26.0, 28.0, 28.1)] == [1, 1, 2, 7, 7, 8]


def _range_seven():
    # the sloop's lowest edge is 26 cm north of the frigate's port side (y 51.5): range 7
    return make([shooter(), ship("t", "sloop", 1, 48, 78.4, 0, ap=0), wreck()], phase="combat")


def test_CB_COMBAT_DAMAGE_1_side_chart_at_range_7():
    state = _range_seven()
    state.apply("red", Fire("hms", "port", "t", 0))
    assert state.ships["t"].hp == 11  # the side chart does 1 at range 7


@pytest.mark.parametrize(("aim", "damage"), [(0, 1), (1, 1), (2, 2), (3, 2)])
def test_CB_COMBAT_AIM_1_aiming_at_range_7_down_to_4(aim, damage):
    state = _range_seven()
    assert sorted(a.aim for a in fire_options(state, "port")) == [0, 1, 2, 3, 4, 5]
    state.apply("red", Fire("hms", "port", "t", aim))
    assert state.ships["t"].hp == 12 - damage
    assert state.ships["hms"].ap == 6 - 1 - aim
    assert state.events[[e.kind for e in state.events].index("fire")].data["effective"] == 7 - aim


def test_CB_COMBAT_AIM_1_effective_range_never_below_1():
    # 6 cm away: range 2, so one point of aim at most
    state = make([shooter(), ship("t", "sloop", 1, 48, 58.4, 0, ap=0)], phase="combat")
    assert sorted(a.aim for a in fire_options(state, "port")) == [0, 1]
    assert "below 1" in str(assert_rejected(state, "red", Fire("hms", "port", "t", 2)))


def test_CB_COMBAT_AIM_2_aiming_never_extends_the_maximum_range():
    # 34 cm: range 9, past the side chart's last entry (8)
    state = make([shooter(), ship("t", "sloop", 1, 48, 86.4, 0, ap=0),
                  ship("u", "sloop", 1, 48, 20, 0, ap=0)], phase="combat")
    assert not fire_options(state, "port")
    assert "does nothing" in str(assert_rejected(state, "red", Fire("hms", "port", "t", 5)))


def test_CB_COMBAT_GUN_1_one_gun_per_turn():
    # a dead wreck alongside keeps the frigate in play after she has fired
    state = make([shooter(fired=True), ship("t", "sloop", 1, 48, 70, 0, ap=0),
                  ship("wreck", "sloop", 1, 47, 48.9, 0, hp=0)], phase="combat")
    assert not fire_options(state)
    assert "already fired" in str(assert_rejected(state, "red", Fire("hms", "port", "t", 0)))


def test_CB_COMBAT_GUN_1_firing_costs_one_ap_and_only_one_gun():
    state = make([shooter(), ship("t", "sloop", 1, 48, 70, 0, ap=0), ship("u", "sloop", 1, 60, 50, 0, ap=0),
                  ship("wreck", "sloop", 1, 47, 48.9, 0, hp=0)], phase="combat")
    state.apply("red", Fire("hms", "port", "t", 0))
    assert state.ships["hms"].ap == 5 and state.ships["hms"].fired
    assert not fire_options(state)


def test_CB_COMBAT_CLOSE_1_touching_ships_fight_at_combat_value():
    state = make([shooter(), ship("t", "brig", 1, 48, 52, 0, ap=0)], phase="combat")
    assert [a.kind for a in state.legal_actions("red")] == ["melee", "done"]
    assert "hand to hand" in str(assert_rejected(state, "red", Fire("hms", "port", "t", 0)))
    state.apply("red", Melee("hms", "t"))
    assert state.ships["t"].hp == 22 - 4  # a full-health frigate's close-combat value is 4


def test_CB_DEAD_1_a_dead_ship_takes_no_more_damage_and_does_not_act():
    state = make([shooter(), ship("t", "sloop", 1, 48, 58.4, 0, ap=0, hp=1),
                  ship("u", "sloop", 1, 10, 90, 0, ap=0)], phase="combat")
    state.apply("red", Fire("hms", "port", "t", 0))
    target = state.ships["t"]
    assert target.hp == 0 and target.ap == 0
    assert any(e.kind == "dead" for e in state.events)
    assert "t" not in state.pending


def test_CB_DEAD_COMMANDEER_1_needs_a_grapple_costs_1_and_moves_crew():
    ships = [shooter(), ship("t", "sloop", 1, 48, 52, 0, hp=0), ship("u", "sloop", 1, 10, 90, 0, ap=0)]
    loose = make(ships, phase="combat")
    assert "grapple" in str(assert_rejected(loose, "red", Commandeer("hms", "t", 5)))
    state = make(ships, phase="combat", grapples=[["hms", "t"]])
    assert "from 1 to 12" in str(assert_rejected(state, "red", Commandeer("hms", "t", 13)))  # a sloop holds 12
    state.apply("red", Commandeer("hms", "t", 5))
    hms, prize = state.ships["hms"], state.ships["t"]
    assert (hms.hp, prize.hp, prize.seat, hms.ap) == (23, 5, 0, 5)
    assert state.outcome is None  # by default Open Warfare goes on to total destruction


def test_CB_SCEN_OPEN_3_the_objective_is_total_destruction_or_by_option_the_first_capture():
    ships = [shooter(), ship("t", "sloop", 1, 48, 52, 0, hp=0), ship("u", "sloop", 1, 10, 90, 0, ap=0)]
    state = make(ships, phase="combat", grapples=[["hms", "t"]], options={"objective": "capture"})
    state.apply("red", Commandeer("hms", "t", 5))
    assert state.outcome is not None and state.outcome.winners == ("red",)
    assert "captured an enemy ship first" in state.outcome.reason
    state = make(ships, phase="combat", grapples=[["hms", "t"]])
    assert state.game.options["objective"] == "destruction"
    state.apply("red", Commandeer("hms", "t", 5))
    assert state.outcome is None


def test_CB_DEAD_SCUTTLE_1_scuttle_a_touching_dead_ship_for_1_ap():
    state = make([shooter(), ship("t", "sloop", 1, 48, 52, 0, hp=0), ship("u", "sloop", 1, 10, 90, 0, ap=0)],
                 phase="combat", turn_limit=1)
    state.apply("red", Scuttle("hms", "t"))
    assert state.ships["t"].status == "sunk" and state.ships["hms"].ap == 5


def test_CB_DEAD_SCUTTLE_1_a_dead_ship_cannot_scuttle_itself():
    state = make([shooter(), ship("t", "sloop", 1, 48, 52, 0, hp=0), ship("u", "sloop", 1, 10, 90, 0, ap=0)],
                 phase="combat")
    assert_rejected(state, "blue", Scuttle("t", "t"))
    assert_rejected(state, "red", Scuttle("t", "t"))


def test_CB_FIRE_1_an_incendiary_hit_sets_a_fire_token():
    # a bomb ketch's mortar (no effect inside range 3) lobs a shell about 14 cm: range 4, 2 damage
    state = make([ship("bomb", "bomb-ketch", 0, 50, 50, 0), ship("t", "brig", 1, 70, 60, 0, ap=0),
                  ship("w", "sloop", 1, 47, 48.9, 0, hp=0)], phase="combat")
    state.apply("red", Fire("bomb", "fore", "t", 0))
    target = state.ships["t"]
    assert target.fires == [3] and target.hp == 20
    assert any(e.kind == "ignite" for e in state.events)


def test_CB_COMBAT_AIM_4_the_rulebooks_aiming_example_follows_the_chart():
    # The rulebook's example: side guns at range 7, three points of aim, effective range 4. Its text says
    # 3 damage; its own side chart says 2 at range 4. The chart rules (see the ruling).
    state = _range_seven()
    state.apply("red", Fire("hms", "port", "t", 3))
    assert state.ships["t"].hp == 12 - 2 and state.ships["hms"].ap == 6 - 1 - 3


def _mortar_at_range_seven():
    # the bomb ketch's fore mortar (0, 0, 2, 2, 2, 2, 1, 1): the sloop's nearest edge is 26 cm ahead
    ketch = ship("hms", "bomb-ketch", 0, 48, 50, 90)
    return make([ketch, ship("t", "sloop", 1, 50, 76.9, 0, ap=0)], phase="combat")


def test_CB_COMBAT_AIM_3_aiming_never_lowers_the_damage():
    state = _mortar_at_range_seven()
    assert sorted(a.aim for a in fire_options(state, "fore")) == [0, 1, 2, 3, 4]  # aim 5 would reach range 2: 0
    error = str(assert_rejected(state, "red", Fire("hms", "fore", "t", 5)))
    assert "aiming only increases damage" in error and "does 1 at range 7 but 0 at range 2" in error
    state.apply("red", Fire("hms", "fore", "t", 4))
    shot = next(e for e in state.events if e.kind == "fire")
    assert (shot.data["effective"], shot.data["damage"]) == (3, 2)
