"""Properties: replays, rejection leaves the state unchanged, continuous headings, views and pictures."""

from __future__ import annotations

import json
import math
import pickle
import random
import xml.etree.ElementTree as ET

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tabletop
from tabletop.core import IllegalAction, Randomness
from tabletop.testing import assert_rejected, assert_replays, fingerprint, random_playthrough
from tabletop.titles.cagway_bay.actions import Drift, Fire, Sail

from .helpers import make, ship, square


def _midgame(scenario: str = "open-warfare", steps: int = 40, seed: int = 2):
    game = tabletop.load("cagway-bay", scenario=scenario)
    state = game.new_state(seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_over:
            break
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[int(rng.random() * len(legal))])
    return state


def test_same_seed_same_game_and_identical_replays():
    game = tabletop.load("cagway-bay", scenario="under-cover-of-darkness")
    first, second = random_playthrough(game, 9), random_playthrough(game, 9)
    assert [str(a) for _, a in first.history] == [str(a) for _, a in second.history]
    assert_replays(first)


@settings(max_examples=60, deadline=None)
@given(turn=st.floats(min_value=-90, max_value=90, allow_nan=False))
def test_any_heading_change_is_validated_and_refusals_leave_the_state_unchanged(turn):
    state = make([ship("hms", "frigate", 0, 50, 50, 90), ship("foe", "sloop", 1, 90, 90, 270, ap=0)],
                 [square(40, 58, 60, 70)])
    action = Sail("hms", turn)
    if abs(turn) > 45:
        assert_rejected(state, "red", action)
        return
    before = fingerprint(state)
    try:
        state.apply("red", action)
    except IllegalAction as exc:
        assert fingerprint(state) == before and "legal now" in str(exc)
        return
    hms = state.ships["hms"]
    assert abs(((hms.heading - 90 - turn) + 180) % 360 - 180) < 1e-6
    assert not state.table.overlaps_land(hms.hull)


@settings(max_examples=40, deadline=None)
@given(heading=st.floats(min_value=-720, max_value=720, allow_nan=False))
def test_any_drift_heading_is_validated(heading):
    state = make([ship("hms", "frigate", 0, 50, 50, 90), ship("foe", "sloop", 1, 90, 90, 270, ap=0)],
                 turn_limit=1)
    if not 0 <= heading < 360:
        assert "360" in str(assert_rejected(state, "red", Drift("hms", heading)))
    else:
        state.apply("red", Drift("hms", heading))
        assert abs(state.ships["hms"].heading - heading) < 1e-9


def test_wrong_seat_wrong_ship_and_unknown_targets_are_rejected():
    state = _midgame()
    seat = state.to_act[0]
    other = next(s for s in state.seats if s != seat)
    legal = state.legal_actions(seat)
    assert_rejected(state, other, legal[0])
    assert_rejected(state, seat, Fire("nobody", "port", "nobody", 0))
    assert_rejected(state, seat, Sail(legal[0].ship, 45.0001))


def test_actions_round_trip_through_text_and_json():
    game = tabletop.load("cagway-bay")
    for action in (Sail("swallow", -12.5), Drift("heron", 271.25), Fire("resolute", "port", "swallow", 3)):
        assert game.parse_action(str(action)) == action
        assert game.action_from_json(json.loads(json.dumps(action.to_json()))) == action


def test_views_are_the_same_for_every_seat_and_json_safe():
    state = _midgame("the-ruins")
    assert not state.game.info.hidden_information
    views = [state.view(seat) for seat in (None, *state.seats)]
    bodies = [{k: v for k, v in view.items() if k != "seat"} for view in views]
    assert all(body == bodies[0] for body in bodies)
    json.dumps(views)


def test_clone_is_independent():
    state = _midgame()
    twin = state.clone()
    seat = twin.to_act[0]
    twin.apply(seat, twin.legal_actions(seat)[0])
    assert fingerprint(state) != fingerprint(twin)
    assert state.determinize(seat, Randomness(1)).view(None) == state.view(None)


def test_svg_and_text_pictures():
    for scenario in ("the-ruins", "under-cover-of-darkness", "open-warfare"):
        state = _midgame(scenario, steps=80)
        game = state.game
        svg = game.render_svg(state.view(None))
        root = ET.fromstring(svg)
        assert root.tag.endswith("svg")
        for ship_data in state.view(None)["ships"]:
            if ship_data["status"] == "afloat":
                assert ship_data["id"] in svg
        text = game.render_text(state.view(state.seats[0]))
        assert "turn" in text and state.seats[0] in text


def test_suggest_is_legal_and_evaluate_is_bounded():
    for scenario in ("the-ruins", "under-cover-of-darkness", "open-warfare"):
        state = _midgame(scenario, steps=30)
        rng = Randomness(4)
        for _ in range(40):
            if state.is_over:
                break
            seat = state.to_act[0]
            action = state.suggest(seat, rng)
            assert action in state.legal_actions(seat)
            for s in state.seats:
                assert -1.0 <= state.evaluate(s) <= 1.0
            state.apply(seat, action)


def test_plans_kept_for_a_pose_match_plans_worked_out_afresh():
    # move plans are kept on each ship until it moves and shared by clones; a pickled copy keeps
    # none of them, so its menus are worked out from scratch and must agree, as must the plans
    # of every other turn, the exact landfall search and the drifts
    from tabletop.titles.cagway_bay.movement import (
        DRIFT_MENU,
        TURN_STEPS,
        drift_menu,
        plan_drifts,
        plan_sail,
        plan_sails,
        sail_exact,
        sail_menu,
    )

    for scenario, seed in (("the-ruins", 3), ("under-cover-of-darkness", 5)):
        state = tabletop.load("cagway-bay", scenario=scenario).new_state(seed=seed)
        rng = random.Random(seed)
        for _ in range(150):
            if state.is_over:
                break
            seat = state.to_act[0]
            fresh = state.clone()
            fresh.__dict__.update(pickle.loads(pickle.dumps(state)).__dict__)
            assert state.legal_actions(seat) == fresh.legal_actions(seat)
            for ship_ in state.afloat():
                twin = fresh.ships[ship_.id]
                assert sail_menu(state.table, ship_) == plan_sails(fresh.table, twin, TURN_STEPS)
                assert drift_menu(state.table, ship_) == plan_drifts(fresh.table, twin, DRIFT_MENU)
                for turn, planned in zip(TURN_STEPS, sail_menu(state.table, ship_), strict=True):
                    assert sail_exact(state.table, ship_, turn) == plan_sail(fresh.table, twin, turn)
                    # the menu's plan is the single course's, refusal and all (why_not reads it)
                    assert planned == plan_sail(fresh.table, twin, turn, exact=False)
            legal = state.legal_actions(seat)
            state.apply(seat, legal[int(rng.random() * len(legal))])


def test_the_picture_shows_the_shot_grapples_fire_and_a_key():
    # a frigate (bow at (50, 50), heading east) fires its port broadside at a sloop 26 cm north;
    # two other ships are grappled and one of them burns
    state = make([ship("hms", "frigate", 0, 50, 50, 0, hp=26), ship("t", "sloop", 1, 48, 78.4, 0, ap=0),
                  ship("a", "sloop", 0, 20, 20, 0, ap=0), ship("b", "sloop", 1, 20, 21.5, 0, ap=0, fires=[3])],
                 phase="combat", grapples=[["a", "b"]])
    state.apply("red", Fire("hms", "port", "t", 0))
    assert state.phase == "end" and state.turn == 1  # the damaged frigate may still repair: same turn
    shot = state.view(None)["last_shot"]
    assert shot["range"] == 7 and shot["arc"] and len(shot["rings"]) == 8  # the broadside reaches 8 segments
    (ax, ay), (bx, by) = shot["line"]
    assert math.hypot(bx - ax, by - ay) == pytest.approx(26.0, abs=0.05)  # from the hull's side to the sloop
    svg = state.game.render_svg(state.view(None))
    ET.fromstring(svg)
    for mark in ("range 7", "a and b are grappled", "fire token", "grappled to b", "yellow ring", "Open Warfare"):
        assert mark in svg
    assert state.view(None) == state.clone().view(None)  # the drawing of the shot is kept, not changed
