"""The turn: start phase, pulse order, the priority exception and the end phase."""

from __future__ import annotations

import pytest

from tabletop.testing import assert_rejected
from tabletop.titles.cagway_bay.actions import Done, Douse, Repair, Sail, Share

from .helpers import make, ship

POINT_WIND = {"kind": "point", "x": 0.0, "y": 50.0}


def test_CB_TURN_START_1_fire_burns_before_action_points():
    # a frigate on 21 HP with two fires burns to 19 at the start of turn 2: 5 AP, not 6
    state = make([ship("hms", "frigate", 0, 50, 50, 90, hp=21, fires=[3, 3], ap=0),
                  ship("foe", "sloop", 1, 90, 90, 270, ap=0)], phase="end", turn_limit=3)
    hms = state.ships["hms"]
    assert state.turn == 2 and hms.hp == 19 and hms.ap == 5
    burn = next(e for e in state.events if e.kind == "burn")
    assert burn.data["damage"] == 2
    assert [e.kind for e in state.events].index("burn") < [e.kind for e in state.events].index("turn")


def test_CB_TURN_START_2_action_points_from_the_health_chart():
    state = make([ship("a", "frigate", 0, 50, 50, 90, hp=12, ap=0), ship("b", "frigate", 0, 60, 50, 90, hp=4, ap=0),
                  ship("foe", "sloop", 1, 90, 90, 270, ap=0)], phase="end", turn_limit=3)
    assert (state.ships["a"].ap, state.ships["b"].ap, state.ships["foe"].ap) == (4, 2, 6)


def test_CB_TURN_MOVE_1_pulse_order_under_point_source_wind():
    # wind's eye at (0, 50): the move pulse runs towards it, so the farthest hull moves first
    state = make([ship("near", "sloop", 0, 30, 50, 0), ship("mid", "frigate", 1, 60, 60, 90),
                  ship("far", "sloop", 0, 90, 50, 0)], wind=POINT_WIND)
    assert state.pending == ["far", "mid", "near"] and state.to_act == ("red",)
    assert state.pulse_order("combat") == ["near", "mid", "far"]


def test_CB_TURN_MOVE_1_the_pulse_meets_any_part_of_the_hull():
    # the long galleon reaches both nearer to and farther from the eye than the sloop
    state = make([ship("long", "galleon", 0, 40, 50, 0), ship("short", "sloop", 1, 36, 60, 0)], wind=POINT_WIND)
    assert state.pulse_order("move") == ["long", "short"]
    assert state.pulse_order("combat") == ["long", "short"]


def test_CB_TURN_MOVE_1_pulse_order_under_parallel_wind():
    state = make([ship("west", "sloop", 0, 20, 30, 90), ship("east", "sloop", 1, 80, 70, 90)])
    assert state.pulse_order("move") == ["east", "west"]
    assert state.pulse_order("combat") == ["west", "east"]


def test_CB_TURN_MOVE_1_ties_alternate_between_the_seats_by_turn():
    ships = [ship("r", "sloop", 0, 50, 60, 0), ship("b", "sloop", 1, 50, 40, 0)]
    assert make(ships, wind=POINT_WIND).pulse_order("move") == ["r", "b"]
    assert make(ships, wind=POINT_WIND, turn=2).pulse_order("move") == ["b", "r"]


def test_CB_TURN_MOVE_1_ties_ignore_rounding_noise_in_the_keel_centres():
    # mirror-image ships, one heading north and one south: their keel centres differ only by
    # floating-point noise, which must not decide the order (the alternating lead does)
    west = {"kind": "parallel", "from_heading": 180.0}
    ships = [ship("r", "sloop", 0, 200 / 3, 13.5, 90), ship("b", "sloop", 1, 200 / 3, 86.5, 270)]
    assert make(ships, wind=west).pulse_order("move") == ["r", "b"]
    assert make(ships, wind=west, turn=2).pulse_order("move") == ["b", "r"]
    assert make(ships, wind=west, turn=2).pulse_order("combat") == ["b", "r"]


def test_CB_TURN_MOVE_2_consecutive_ships_of_one_player_go_in_any_order():
    state = make([ship("a", "sloop", 0, 90, 50, 0), ship("b", "sloop", 0, 80, 50, 0),
                  ship("c", "sloop", 1, 60, 50, 0), ship("d", "sloop", 0, 40, 50, 0)], wind=POINT_WIND)
    assert state.choosable() == ["a", "b"]
    state.apply("red", Sail("b", 0.0))
    assert state.choosable() == ["b"]  # once started, a ship finishes its move
    assert "not the ship" in str(assert_rejected(state, "red", Sail("a", 0.0)))
    state.apply("red", Done("b"))
    assert state.choosable() == ["a"]
    state.apply("red", Done("a"))
    assert state.choosable() == ["c"] and state.to_act == ("blue",)


def test_CB_TURN_COMBAT_1_combat_runs_upwind_first():
    state = make([ship("a", "frigate", 0, 90, 50, 0), ship("b", "frigate", 1, 30, 50, 0)], wind=POINT_WIND)
    assert state.pulse_order("combat") == ["b", "a"]


def test_CB_END_REPAIR_1_one_ap_mends_two_damage_and_uses_supplies():
    state = make([ship("hms", "frigate", 0, 50, 50, 90, hp=20, supplies=3, ap=3),
                  ship("foe", "sloop", 1, 90, 90, 270, ap=0)], phase="end", turn_limit=1)
    state.apply("red", Repair("hms"))
    hms = state.ships["hms"]
    assert (hms.hp, hms.supplies, hms.ap) == (22, 1, 2)
    state.apply("red", Repair("hms"))
    assert (hms.hp, hms.supplies, hms.ap) == (23, 0, 1)
    assert state.is_over  # no supplies left: nothing more to do, the last turn ends


def test_CB_END_REPAIR_1_no_supplies_no_repair():
    state = make([ship("hms", "frigate", 0, 50, 50, 90, hp=20, supplies=0, ap=3, fires=[3]),
                  ship("foe", "sloop", 1, 90, 90, 270, ap=0)], phase="end", turn_limit=1, dice=[1])
    assert [a.kind for a in state.legal_actions("red")] == ["douse", "done"]
    assert_rejected(state, "red", Repair("hms"))


@pytest.mark.parametrize(("fires", "roll", "left"), [([3], 3, []), ([3], 2, [3]), ([5], 4, [5]), ([5], 5, [])])
def test_CB_END_DOUSE_1_douse_needs_3_and_magic_fire_more(fires, roll, left):
    state = make([ship("hms", "frigate", 0, 50, 50, 90, ap=1, fires=list(fires)),
                  ship("foe", "sloop", 1, 90, 90, 270, ap=0)], phase="end", turn_limit=1, dice=[roll])
    state.apply("red", Douse("hms"))
    assert state.ships["hms"].fires == left and state.ships["hms"].ap == 0


def test_CB_DEAD_SHARE_1_touching_friends_share_hp_supplies_and_cargo():
    state = make([ship("a", "frigate", 0, 50, 50, 90, hp=10, supplies=0, ap=2),
                  ship("b", "brig", 0, 52.9, 50, 90, hp=22, supplies=6, treasure=1, ap=0),
                  ship("foe", "sloop", 1, 90, 90, 270, ap=0)], phase="combat", turn_limit=1)
    state.apply("red", Share("a", "b", -8, -3, -1))
    a, b = state.ships["a"], state.ships["b"]
    assert (a.hp, b.hp, a.supplies, b.supplies, a.treasure, b.treasure, a.ap) == (18, 14, 3, 3, 1, 0, 1)


def test_CB_DEAD_SHARE_1_limits():
    state = make([ship("a", "frigate", 0, 50, 50, 90, hp=12, ap=2),
                  ship("b", "brig", 0, 52.9, 50, 90, hp=12, ap=0),
                  ship("far", "brig", 0, 80, 50, 90, ap=0),
                  ship("foe", "sloop", 1, 90, 90, 270, ap=0)], phase="combat", turn_limit=1)
    assert "at least 1 HP" in str(assert_rejected(state, "red", Share("a", "b", 12, 0, 0)))
    assert "at least 1 HP" in str(assert_rejected(state, "red", Share("a", "b", -12, 0, 0)))
    assert "more HP" in str(assert_rejected(state, "red", Share("a", "b", 11, 0, 0)))
    assert "must touch" in str(assert_rejected(state, "red", Share("a", "far", 1, 0, 0)))
    assert "must move something" in str(assert_rejected(state, "red", Share("a", "b", 0, 0, 0)))


def test_CB_TURN_END_1_the_turn_limit_ends_the_game():
    state = make([ship("hms", "frigate", 0, 50, 50, 90, ap=0), ship("foe", "sloop", 1, 90, 90, 270, ap=0)],
                 phase="end", turn=4, turn_limit=4)
    assert state.is_over and "turn limit" in state.outcome.reason


def test_CB_TURN_COMBAT_1_each_phase_and_each_ship_finishing_it_is_logged_under_that_phase_rule():
    import random

    import tabletop

    state = tabletop.load("cagway-bay", scenario="open-warfare").new_state(seed=3)
    rng = random.Random(3)
    while state.turn < 3 and not state.is_over:
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[rng.randrange(len(legal))])
    rules = {"move": "CB-TURN-MOVE-1", "combat": "CB-TURN-COMBAT-1", "end": "CB-TURN-END-1"}
    phase = None
    seen = set()
    for event in state.events:
        if event.kind == "phase":
            phase = event.data["phase"]
            assert event.rule == rules[phase]
        elif event.kind == "done":
            assert f"done for the {phase} phase" in event.text and event.rule == rules[phase]
        seen.add((event.kind, phase))
    assert {("phase", "move"), ("phase", "combat"), ("done", "move")} <= seen
