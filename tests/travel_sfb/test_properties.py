"""Properties: replays, determinization that keeps exactly what a seat has seen, rejected actions
that leave the state alone, codec round trips, labels, the text picture and setup errors."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import tabletop
from tabletop.core import BadOption, BadScenario, InvalidAction, Randomness
from tabletop.testing import assert_rejected, assert_replays, fingerprint
from tabletop.titles.travel_sfb.actions import CANCEL, FINISH, KEEP, Pair, Place, Power
from tabletop.titles.travel_sfb.cards import CODES
from tabletop.titles.travel_sfb.rules import ALLOCATE
from tabletop.titles.travel_sfb.ships import load_ships

from .helpers import Invariants, allocate, new, texts, unrevealed

OPTION_SETS = [{}, {"batteries": True, "open_allocation": True}, {"ship1": "orion", "batteries": True}]


def walk(game, seed: int, steps: int):
    """A state ``steps`` random actions into a seeded duel (or the end, if sooner)."""
    rng = random.Random(seed)
    state = game.new_state(seed=seed)
    for _ in range(steps):
        if state.is_over:
            break
        seat = rng.choice(state.to_act)
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return state


@pytest.mark.parametrize("options", OPTION_SETS)
def test_replays_are_identical(options):
    game = tabletop.load("travel-sfb", **options)
    for seed in range(5):
        state = walk(game, seed, 10_000)
        assert_replays(state)
        assert_replays(walk(game, seed, 17))


def test_same_seed_same_duel():
    game = tabletop.load("travel-sfb")
    assert walk(game, 9, 500).view(None) == walk(game, 9, 500).view(None)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), steps=st.integers(0, 80), option=st.sampled_from(range(len(OPTION_SETS))))
def test_determinize_keeps_what_the_seat_saw_and_redraws_the_rest(seed, steps, option):
    state = walk(tabletop.load("travel-sfb", **OPTION_SETS[option]), seed, steps)
    for seat in state.seats:
        copy = state.determinize(seat, Randomness(seed))
        assert copy.view(seat) == state.view(seat)
        assert copy.to_act == state.to_act
        Invariants()(copy)
        assert [e.to_json() for e in copy.events] == [e.to_json() for e in state.events_for(seat)]
        for other in copy.to_act:
            assert copy.legal_actions(other)
        # The copy plays on to the end without error.
        rng = random.Random(seed)
        while not copy.is_over:
            who = rng.choice(copy.to_act)
            copy.apply(who, rng.choice(copy.legal_actions(who)))


def test_determinize_redraws_the_opponents_hand_and_the_unseen_deck():
    state = new(None)
    allocate(state, "seat2", offense="", finish=False)
    hands, decks = set(), set()
    for k in range(20):
        copy = state.determinize("seat1", Randomness(k))
        assert copy.hands[0] == state.hands[0]
        hands.add(tuple(copy.hands[1]))
        decks.add(tuple(copy.deck))
    assert len(hands) > 1 and len(decks) > 1


def test_suggest_works_on_a_determinized_copy_and_is_legal():
    game = tabletop.load("travel-sfb", batteries=True)
    for seed in range(6):
        state = walk(game, seed, seed * 7)
        while not state.is_over:
            seat = state.to_act[0]
            action = state.determinize(seat, Randomness(seed)).suggest(seat, Randomness(seed))
            assert action in state.legal_actions(seat)
            state.apply(seat, action)


def test_views_never_show_unrevealed_cards_of_the_other_seat():
    game = tabletop.load("travel-sfb", open_allocation=True)
    for seed in range(20):
        state = walk(game, seed, seed * 3)
        text1 = json.dumps(state.view("seat1")) + game.render_text(state.view("seat1"))
        for code in unrevealed(state, 1):
            assert f'"{code}"' not in text1


def test_illegal_actions_are_rejected_and_leave_the_state_unchanged():
    state = new("KC 5C 2S 4S 6S 9D 4C 7H 8H 10H", {"open_allocation": True}, first_placer="seat1")
    assert "waiting for seat1" in str(assert_rejected(state, "seat2", Place("9D", "offense")))
    assert "not in your hand" in str(assert_rejected(state, "seat1", Place("9D", "offense")))
    assert "only by the resolving ship" in str(assert_rejected(state, "seat1", Pair("KC", "9D")))
    assert "both ships scored" in str(assert_rejected(state, "seat1", KEEP))
    assert "power calls" in str(assert_rejected(state, "seat1", Power("use-batteries")))
    assert "rows are" in str(assert_rejected(state, "seat1", Place("KC", "sideways")))
    assert "no seat" in str(assert_rejected(state, "seat3", FINISH))
    assert_rejected(state, "seat1", "finish")
    before = fingerprint(state)
    with pytest.raises(InvalidAction):
        state.apply("seat1", state.game.parse_action("place card=KC"))
    assert fingerprint(state) == before
    assert "legal now" in str(assert_rejected(state, "seat1", CANCEL))


def test_actions_round_trip_through_text_and_json():
    game = tabletop.load("travel-sfb", batteries=True)
    for seed in range(10):
        state = walk(game, seed, seed * 5)
        for seat in state.to_act:
            for action in state.legal_actions(seat):
                assert game.parse_action(str(action)) == action
                assert game.action_from_json(json.loads(json.dumps(action.to_json()))) == action


def test_describe_action_gives_short_labels():
    state = new("KC 5C 2S 4S 6S 9D 4C 7H 8H 10H", {"batteries": True})
    assert state.describe_action("seat1", Power("use-batteries")) == "Use batteries (+1 card this turn)"
    state.apply("seat1", Power("no-call"))
    state.apply("seat2", Power("no-call"))
    assert state.describe_action("seat1", Place("KC", "offense")) == "Put K♣ in Offense"
    assert state.describe_action("seat1", FINISH) == "Finish allocating (leave 5 card(s) unused)"
    assert state.describe_action("seat1", Pair("KC", "9D")) == "Pair your K♣ against their 9♦"


def test_render_text_shows_ships_generation_rows_hand_and_deck():
    state = new("KC 5C 2S 4S 6S 9D 4C 7H 8H 10H")
    state.apply("seat1", Place("KC", "offense"))
    text = state.game.render_text(state.view("seat1"))
    for part in ("Federation", "generation 5/5", "Offense", "K♣", "Hand", "5♣", "deck: 42 cards", "Klingon",
                 "behind the screen"):
        assert part in text
    assert "9♦" not in text
    spectator = state.game.render_text(state.view(None))
    assert "K♣" not in spectator and "seat1" in spectator


def test_clone_is_independent():
    state = new(None)
    twin = state.clone()
    twin.apply("seat1", FINISH)
    assert state.finished == [False, False] and twin.finished[0]
    assert state.phase == ALLOCATE and not state.history


def test_bad_options_and_scenarios_are_explained():
    with pytest.raises(BadOption, match="federation"):
        tabletop.load("travel-sfb", ship1="enterprise")
    with pytest.raises(BadOption, match="true or false"):
        tabletop.load("travel-sfb", batteries="maybe")
    game = tabletop.load("travel-sfb")
    for scenario, message in (
        ({"deck": ["ZZ"]}, "not a card"),
        ({"deck": ["AS", "AS"]}, "twice"),
        ({"generation": {"seat1": 9}}, "from 1 to 5"),
        ({"generation": {"seat9": 1}}, "unknown seat"),
        ({"reserve": {"seat1": "ready"}}, "no reserve power"),
        ({"first_placer": "seat1"}, "open_allocation"),
        ({"dice": 3}, "scenarios take"),
        ({"turn": 0}, "turn"),
    ):
        with pytest.raises(BadScenario, match=message):
            game.new_state(seed=1, scenario=scenario)


def test_ship_table_errors_name_the_problem(tmp_path):
    broken = tmp_path / "ships.json"
    broken.write_text(json.dumps({"ships": [{"slug": "x", "name": "X", "offense": -1}]}))
    with pytest.raises(ValueError, match=r"ships\.0\.offense"):
        load_ships(broken)
    broken.write_text("{")
    with pytest.raises(ValueError, match="cannot read"):
        load_ships(broken)


def test_every_card_code_is_a_single_token():
    assert all(" " not in c and "=" not in c and "," not in c for c in CODES)


def test_TSFB_RULING_ADV_SECRET_advantage_cards_in_offense_stay_face_down_even_to_their_owner():
    deck = "5D 6D 2C 3C 4C 7C 8C 9H 10H JH QH KH"
    for option, owner_sees in (("face-down", False), ("owner-looks", True)):
        state = new(deck, {"advantage_cards": option}, advantage={"seat1": 2})
        assert state.adv_offense[0] == 2
        mine = state.view("seat1")["ships"]["seat1"]["rows"]["offense"]
        assert mine["cards"] == (["5D", "6D"] if owner_sees else [None, None])
        assert state.view("seat2")["ships"]["seat1"]["rows"]["offense"]["cards"] is None
        assert bool(texts(state, "deal-advantage-private")) == owner_sees
        assert ("5D" in json.dumps(state.view("seat1"))) == owner_sees
        assert "??" in state.game.render_text(state.view("seat1")) or owner_sees
        # Searching from seat1's seat re-draws the cards it has not seen.
        redrawn = {tuple(state.determinize("seat1", Randomness(k)).rows[0][0]) for k in range(6)}
        assert (len(redrawn) == 1) == owner_sees
        allocate(state, "seat1", offense="2C")
        allocate(state, "seat2")
        assert state.last_turn["offense"]["seat1"] == 5 + 6 + 2
