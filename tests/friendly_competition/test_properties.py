"""Replays, views, rejected actions, clones and the action strings."""

from __future__ import annotations

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop.testing import assert_rejected, assert_replays, fingerprint
from tabletop.titles.friendly_competition.actions import (
    CODEC,
    Deploy,
    DontTry,
    EndTurn,
    Jostle,
    Move,
    Pass,
    PickUp,
    Tackle,
    Try,
)

from .helpers import game, position


def play_some(seed: int, steps: int, **options):
    rng = random.Random(seed)
    state = game(**options).new_state(seed=seed)
    for _ in range(steps):
        if state.is_over:
            break
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        busy = [a for a in legal if not isinstance(a, (Move, EndTurn))]
        pool = busy if busy and rng.random() < 0.6 else legal
        state.apply(seat, pool[int(rng.random() * len(pool))])
    return state


def test_replays_are_identical():
    for seed in range(3):
        assert_replays(play_some(seed, 400))


def test_scripted_replay_through_a_scenario():
    state = position(["f19", "j14", "i12"], ["j2", "k12"], ball={"holder": "seat1:2"}, dice=[3, 3, 5, 6])
    state.apply("seat1", Pass("short", "n"))
    state.apply("seat2", Try(2))
    state.apply("seat1", Try(3))
    assert_replays(state)


def test_every_seat_sees_the_same_public_view():
    state = play_some(4, 300)
    spectator = state.view(None)
    for seat in state.seats:
        mine = state.view(seat)
        mine.pop("seat")
        other = dict(spectator)
        other.pop("seat")
        assert mine == other
    json.dumps(spectator)
    assert state.events_for("seat1") == state.events


def test_illegal_actions_are_rejected_with_the_state_unchanged():
    state = position(["f19", "j14"], ["j2", "k12"], ball={"holder": "seat1:2"}, dice=[3, 3, 5])
    assert_rejected(state, "seat2", EndTurn())                 # not Red's turn
    assert_rejected(state, "seat1", Move(2, "zz"))             # no such direction
    assert_rejected(state, "seat1", Tackle(2))                 # nobody to tackle
    assert_rejected(state, "seat1", PickUp(2))                 # the ball is held
    assert_rejected(state, "seat1", Jostle(2, 2))              # not adjacent
    assert_rejected(state, "seat1", Deploy("j15"))             # deployment is over
    assert_rejected(state, "seat1", Try(2))                    # no ball in flight
    error = assert_rejected(state, "seat1", Pass("huge", "n"))
    assert "legal now" in str(error)
    state.apply("seat1", Pass("short", "n"))
    assert_rejected(state, "seat2", Try(4))                    # not within reach
    assert_rejected(state, "seat1", DontTry())                 # Red decides here


def test_scripted_dice_running_out_leaves_the_state_whole():
    state = position(["f19", "j14"], ["j2"], ball={"holder": "seat1:2"}, dice=[3])
    before = fingerprint(state)
    try:
        state.apply("seat1", Pass("short", "n"))
    except Exception as exc:
        assert "ran out" in str(exc)
    assert fingerprint(state) == before


def test_clone_is_independent_and_complete():
    state = play_some(7, 150)
    twin = state.clone()
    assert fingerprint(twin) == fingerprint(state)
    seat = twin.to_act[0]
    twin.apply(seat, twin.legal_actions(seat)[-1])
    assert fingerprint(twin) != fingerprint(state)
    assert state.pos != twin.pos or state.ap != twin.ap or state.turn != twin.turn or len(twin.events) > len(state.events)


def test_actions_round_trip_and_describe_themselves():
    state = play_some(9, 60)
    for _ in range(200):
        if state.is_over:
            break
        seat = state.to_act[0]
        for action in state.legal_actions(seat):
            assert CODEC.parse(str(action)) == action
            assert CODEC.from_json(json.loads(json.dumps(action.to_json()))) == action
            label = state.describe_action(seat, action)
            assert label and "=" not in label
        state.apply(seat, state.legal_actions(seat)[0])


def test_render_shows_the_pitch_teams_ball_score_and_ap():
    state = position(["j18", "j14"], ["j2", "k12"], ball={"holder": "seat1:2"}, ap=7, score={"seat2": 1})
    text = state.game.render_text(state.view("seat1"))
    assert "Blue 0 : 1 Red" in text and "7 AP left" in text
    assert "B2*" in text and "RG" in text and "BG" in text and "===" in text and " : " in text
    deploying = game().new_state(seed=1)
    assert "places a teamster" in deploying.game.render_text(deploying.view(None))


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), steps=st.integers(1, 500))
def test_any_prefix_of_play_keeps_a_consistent_state(seed, steps):
    state = play_some(seed, steps)
    clone = state.clone()
    assert clone.view(None) == state.view(None)
    if not state.is_over:
        for seat in state.to_act:
            assert state.legal_actions(seat)


def test_svg_picture_draws_the_teams_and_ball():
    state = position(["j18", "j14"], ["j2", "k12"], ball={"at": "j10"})
    picture = state.game.render_svg(state.view(None))
    assert picture is not None and picture.startswith("<svg") and picture.rstrip().endswith("</svg>")
    assert picture.count("<circle") == 13  # twelve teamsters and the ball
