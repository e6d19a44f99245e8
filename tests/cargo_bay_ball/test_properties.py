"""Properties over many positions: replays, rejected actions, views, labels, rendering, clones,
the heuristic's legality and the evaluation's range."""

from __future__ import annotations

import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tabletop.core import Randomness
from tabletop.testing import assert_rejected, assert_replays, fingerprint
from tabletop.titles.cargo_bay_ball import actions as A

from .helpers import game

GAME = game()


def walk(seed: int, steps: int, options: dict | None = None):
    """A random position ``steps`` decisions into a seeded game (or the end, if sooner)."""
    g = game(**options) if options else GAME
    state = g.new_state(seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_over:
            break
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[int(rng.random() * len(legal))])
    return state


def probes(state):
    """Actions worth trying anywhere: every kind, with names and spaces from this game."""
    labels = state.game.board.labels
    crew = [c.id for c in state.game.cards]
    out = [A.Shoot(), A.Skip(), A.Push(None)]
    for slug in crew:
        out += [A.Pick(slug), A.Appoint(slug), A.Activate(slug), A.Pass(slug), A.Handoff(slug),
                A.TakeHandoff(slug), A.Slobberknock(slug), A.Steal(slug), A.Block(slug), A.Catch(slug),
                A.NoBlock(slug), A.Release(slug)]
    for label in labels[::7]:
        out += [A.Step(label), A.PlaceObstacle(label), A.Push(label), A.PlaceCrew(crew[0], label),
                A.StepOver(label, labels[0])]
    return out


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), steps=st.integers(0, 1500), pick=st.integers(0, 10_000))
def test_illegal_actions_are_rejected_with_the_state_unchanged(seed, steps, pick):
    state = walk(seed, steps)
    if state.is_over:
        return
    seat = state.to_act[0]
    legal = state.legal_actions(seat)
    candidates = [a for a in probes(state) if a not in legal]
    assert_rejected(state, seat, candidates[pick % len(candidates)])
    others = [s for s in state.seats if s != seat]
    assert "waiting for" in str(assert_rejected(state, others[0], legal[0]))


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), steps=st.integers(0, 2000))
def test_views_labels_renders_and_suggestions_everywhere(seed, steps):
    state = walk(seed, steps, {"players": 1 + seed % 4 + 1} if seed % 3 == 0 else None)
    views = [state.view(s) for s in (None, *state.seats)]
    for view in views:
        json.dumps(view)
        assert {k: v for k, v in view.items() if k != "seat"} == {k: v for k, v in views[0].items() if k != "seat"}
    text = state.game.render_text(views[0])
    assert "Score" in text and "Chop" in text and "Round" in text and " H6" not in text.split("\n")[0]
    if state.is_over:
        return
    seat = state.to_act[0]
    for action in state.legal_actions(seat):
        label = state.describe_action(seat, action)
        assert label and "=" not in label, (action, label)
        assert state.game.parse_action(str(action)) == action
        assert state.game.action_from_json(json.loads(json.dumps(action.to_json()))) == action
    before = fingerprint(state)
    default = state.auto_action(seat)
    assert default is None or default in state.legal_actions(seat)
    suggestion = state.suggest(seat, Randomness(seed))
    assert suggestion in state.legal_actions(seat)
    assert fingerprint(state) == before
    for s in state.seats:
        assert -1.0 <= state.evaluate(s) <= 1.0


def test_replays_are_identical():
    for seed in (3, 4):
        assert_replays(walk(seed, 100_000))
    state = game(players=4, team_size=2).new_state(seed=9)
    brain = Randomness(1)
    while not state.is_over:
        seat = state.to_act[0]
        state.apply(seat, state.suggest(seat, brain))
    assert_replays(state)


def test_clones_are_independent_and_continue_identically():
    state = walk(21, 700)
    twin = state.clone()
    assert fingerprint(twin) == fingerprint(state)
    rng_a, rng_b = random.Random(5), random.Random(5)
    for _ in range(300):
        if state.is_over:
            break
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[int(rng_a.random() * len(legal))])
        legal_b = twin.legal_actions(seat)
        twin.apply(seat, legal_b[int(rng_b.random() * len(legal_b))])
    assert fingerprint(twin) == fingerprint(state)
    fresh = walk(21, 700)
    assert fingerprint(fresh) != fingerprint(state) or state.is_over


def test_a_finished_game_has_no_decisions_and_rejects_actions():
    state = walk(2, 100_000)
    assert state.is_over and state.to_act == ()
    assert "game is over" in str(assert_rejected(state, "seat1", A.Skip()))


def test_the_heuristic_beats_random_play():
    from .measure_heuristic import measure

    rate, _, _ = measure(10)
    assert rate >= 0.8


def test_the_text_board_shows_crew_ball_goal_airlock_and_clock():
    from .helpers import position

    state = position([{"crew": "jayne", "side": 1, "at": "E6"}, {"crew": "mal", "side": 1, "status": "penalty-box"},
                      {"crew": "simon", "side": 2, "at": "F6", "status": "down"},
                      {"crew": "kaylee", "side": 2, "status": "arrow-space"}],
                     ball="jayne", obstacles=["E6"], arrows=2, chop=2, round=4, score=[3, 1])
    text = state.game.render_text(state.view("seat1"))
    rows = text.splitlines()
    assert "^JA*" in rows[6] and "si_" in rows[6] and "(\\)" in rows[6]
    assert ">5" in rows[7] and ">2" in rows[5]
    assert "MA" in rows[12] and "ka" in rows[12]
    assert "Score  side 1: 3   side 2: 1    Chop 2   Round 4" in text


def test_the_svg_picture_is_well_formed_and_shows_everyone():
    import xml.etree.ElementTree as ET

    for seed, steps in ((1, 40), (2, 900), (3, 100_000)):
        state = walk(seed, steps)
        picture = state.game.render_svg(state.view(None))
        root = ET.fromstring(picture)
        assert root.tag.endswith("svg")
        for crew, space in enumerate(state.pos):
            if space >= 0:
                assert f">{state.game.cards[state.crew_card[crew]].code}</text>" in picture
        assert "Round" in picture and "Chop" in picture
