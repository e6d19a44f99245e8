"""Properties: hidden information stays hidden, determinize is consistent with a seat's view,
rejected actions change nothing, records replay, and hypothesis-driven interleavings keep the rules."""

from __future__ import annotations

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop.core import Randomness
from tabletop.testing import assert_rejected, assert_replays, fingerprint
from tabletop.titles.fightball.actions import BUZZ, DISCARD, DRAW, PASS, TAKE, Choose, Play
from tests.fightball.helpers import game, invariants


def random_position(seed: int, steps: int):
    g = game("cruisers", "texas-wildcats")
    state = g.new_state(seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_over:
            break
        seat = rng.choice(state.to_act)
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return state


def test_views_never_show_deck_order_or_the_other_held_card():
    for seed in range(30):
        state = random_position(seed, 60 + seed)
        for viewer, other in (("home", "away"), ("away", "home")):
            view = state.view(viewer)
            text = json.dumps(view)
            held = state.held[1 if other == "away" else 0]
            public = state.held_public[1 if other == "away" else 0]
            if held >= 0 and not public:
                assert view["coaches"][other]["held"] is None
            assert "decks" not in text and isinstance(view["coaches"][other]["deck"], int)
            for event in state.events_for(viewer):
                if event.kind == "draw":
                    assert event.data["seat"] == viewer


def test_determinize_keeps_everything_the_seat_can_see():
    for seed in range(30):
        state = random_position(seed, 40 + 3 * seed)
        for seat in ("home", "away", None):
            copy = state.determinize(seat, Randomness(seed))
            viewer = seat if seat is not None else None
            assert copy.view(viewer) == state.view(viewer)
            invariants(copy)
            for s in (0, 1):
                assert sorted(copy.decks[s] + [copy.held[s]]) == sorted(state.decks[s] + [state.held[s]])


def test_determinize_redraws_the_hidden_cards():
    state = random_position(3, 30)
    orders = {tuple(state.determinize("home", Randomness(n)).decks[1]) for n in range(5)}
    assert len(orders) > 1
    own = {tuple(state.determinize("home", Randomness(n)).decks[0]) for n in range(5)}
    assert len(own) > 1  # nobody knows the order of their own deck either
    # The determinized copy has its own chance: later reshuffles are unknown as well.
    assert state.determinize("home", Randomness(1)).rng.seed != state.rng.seed


def test_determinize_tells_the_hidden_draw_again_with_the_redrawn_card():
    checked = 0
    for seed in range(30):
        state = random_position(seed, 20 + seed)
        for viewer, s in (("home", 1), ("away", 0), (None, 0), (None, 1)):
            if state.held[s] < 0 or state.held_public[s]:
                continue
            copy = state.determinize(viewer, Randomness(seed + 100))
            hidden_draws = [e for e in copy.events if e.kind == "draw" and not e.visible(viewer)
                            and e.data["seat"] == ("home", "away")[s]]
            last = hidden_draws[-1]
            assert last.data["card"] == copy.held[s]
            assert last.text == f"You draw {copy.table.cards[copy.held[s]].name}."
            if copy.held[s] != state.held[s]:
                assert all(e.data.get("card") != state.held[s] for e in copy.events if not e.visible(viewer))
            assert copy.events_for(viewer) == state.events_for(viewer)
            checked += 1
    assert checked > 10


def test_log_wording_agrees_with_the_teams_name():
    state = game("the-dark", "aztecs").new_state(seed=2)
    state.apply("home", DRAW)
    state.apply("home", DISCARD)
    dark = next(e.text for e in state.events if e.kind == "discard")
    assert dark.startswith("The Dark discards "), dark
    state = game("aztecs", "the-dark").new_state(seed=2)
    state.apply("home", DRAW)
    state.apply("home", DISCARD)
    assert next(e.text for e in state.events if e.kind == "discard").startswith("Aztecs discard ")


def test_physically_impossible_actions_leave_the_state_unchanged():
    for seed in range(20):
        state = random_position(seed, 25 + seed)
        if state.is_over:
            continue
        for seat in state.to_act:
            legal = state.legal_actions(seat)
            for action in (DRAW, TAKE, DISCARD, BUZZ, PASS, Choose(1), Choose(-1), Play(0), Play(25),
                           *(Play(n) for n in (1, 24))):
                if action not in legal:
                    assert_rejected(state, seat, action)


def test_legal_actions_agree_with_the_fast_check():
    for seed in range(15):
        state = random_position(seed, 50)
        if state.is_over:
            continue
        for seat in state.to_act:
            legal = set(state.legal_actions(seat))
            for action in (DRAW, TAKE, DISCARD, BUZZ, PASS, Choose(1), Choose(-1), Choose(2),
                           *(Play(n) for n in range(0, 26))):
                ok = not state._impossible(0 if seat == "home" else 1, action)
                assert ok == (action in legal), (seat, action)


def test_records_replay_identically_including_scenarios():
    assert_replays(random_position(4, 500))
    g = game()
    state = g.new_state(seed=9, scenario={"stacks": {"5": ["home:zal"]}, "held": {"away": "tula"}})
    state.apply("away", Play(9))
    assert_replays(state)


@settings(max_examples=40, deadline=None)
@given(st.lists(st.tuples(st.booleans(), st.integers(0, 30)), min_size=1, max_size=300), st.integers(0, 10_000))
def test_any_interleaving_of_the_two_coaches_keeps_the_invariants(moves, seed):
    state = game("the-dark", "team-sport").new_state(seed=seed)
    for away_first, pick in moves:
        if state.is_over:
            break
        seat = state.to_act[-1] if away_first else state.to_act[0]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[pick % len(legal)])
    invariants(state)
    json.dumps(state.view(None))


def test_clone_is_independent():
    state = random_position(2, 40)
    twin = state.clone()
    seat = state.to_act[0]
    twin.apply(seat, twin.legal_actions(seat)[0])
    assert fingerprint(state) != fingerprint(twin)
    invariants(state)
