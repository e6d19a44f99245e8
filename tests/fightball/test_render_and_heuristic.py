"""The terminal picture, menu labels, evaluate, and the heuristic coach."""

from __future__ import annotations

import os

import pytest

from tabletop.core import Randomness
from tabletop.titles.fightball.actions import BUZZ, DISCARD, DRAW, TAKE, Play
from tests.fightball.helpers import buzz, game, position
from tests.fightball.heuristic_vs_random import measure


def test_render_shows_the_court_by_zone_the_hand_the_discard_deck_and_score():
    g = game("cruisers", "the-dark")
    state = position(g, stacks={"home-blue-2": ["away:tula", "home:stern"]}, held={"home": "domino", "away": "mei"},
                     discards={"home": ["jump-shot"]}, score={"home": 4, "away": 2})
    text = g.render_text(state.view("home"))
    for part in ("Cruisers 4 : 2 The Dark", "The Dark's Red zone:", "Green zone:", "Cruisers' Blue zone:",
                 "[18] Tula S7 B3 > Stern S4 B4   Shot Value 7 3  = 3 so far, needs Ball and Shot",
                 "You (Cruisers): holding Domino (Shot R6 B6 G4; Block R3 B4 G2); discard top Jump Shot (1 cards); "
                 "deck 1 cards",
                 "Away (The Dark): holding a card"):
        assert part in text, part
    assert "Mei" not in text


def test_render_narrates_the_last_scoring_round():
    g = game("cruisers", "the-dark")
    state = position(g, stacks={"home-blue-2": [
        "away:tula", "home:stern", "away:blue-ball", "home:domino", "away:jump-shot"]})
    buzz(state)
    text = g.render_text(state.view("away"))
    assert ("Stack 18, Cruisers' Blue zone: Tula 7, Stern \u22124, Blue Ball +2, Domino \u22124, Jump Shot +7 = 8. "
            "Below 10, the play fails.") in text


def test_describe_action_names_the_card_and_the_zone():
    state = position(game(), held={"home": "zal"}, discards={"away": ["tula"]})
    assert state.describe_action("home", Play(5)) == "Play Zal on stack 5 (The Dark's Blue zone)"
    assert state.describe_action("home", DISCARD) == "Discard Zal"
    assert state.describe_action("away", TAKE) == "Take Tula off your discard pile"
    assert state.describe_action("away", DRAW) == "Draw from your deck"


def test_auto_action_draws_into_an_empty_hand_and_throws_a_held_buzz():
    state = position(game(), held={"away": "tula"})
    assert state.auto_action("home") == DRAW and state.auto_action("away") is None
    state.apply("home", DRAW)
    assert state.auto_action("home") == BUZZ


def test_evaluate_follows_the_score_and_the_court():
    state = position(game(), score={"home": 10, "away": 2}, stacks={"green-1": ["away:red-ball"]})
    assert 0 < state.evaluate("home") < 1 and state.evaluate("away") == -state.evaluate("home")


def test_heuristic_finishes_its_play_and_spoils_the_other_one():
    g = game("aztecs", "the-dark")
    mine = position(g, stacks={"away-blue-1": ["home:zal", "home:blue-ball"]}, held={"home": "jump-shot"})
    assert mine.suggest("home", Randomness(1)) == Play(5)
    theirs = position(g, stacks={"home-blue-1": ["away:mei", "away:green-ball"]}, held={"home": "nochtli"})
    assert theirs.suggest("home", Randomness(1)) == Play(17)  # block it


def test_heuristic_never_fouls_on_purpose_and_takes_back_a_useful_discard():
    g = game("aztecs", "the-dark")
    state = position(g, stacks={n: ["home:zal", "home:blue-ball", "home:jump-shot"] for n in (5,)},
                     held={"home": "red-ball"})
    action = state.suggest("home", Randomness(1))
    assert action == DISCARD or (isinstance(action, Play) and action.stack in range(1, 5))
    back = position(g, stacks={"away-blue-1": ["home:zal", "home:blue-ball"]}, discards={"home": ["jump-shot"]})
    assert back.suggest("home", Randomness(1)) == TAKE


def test_heuristic_beats_random_quickly():
    win_rate, _ = measure(12, first_seed=500)
    assert win_rate >= 0.8


@pytest.mark.slow
@pytest.mark.skipif(not os.environ.get("TABLETOP_SLOW"), reason="set TABLETOP_SLOW=1 for the 200-game measurement")
def test_heuristic_beats_random_in_at_least_80_percent():
    win_rate, _ = measure(200)
    assert win_rate >= 0.8


def test_render_shows_the_choice_the_scoring_round_waits_for():
    g = game("texas-wildcats", "team-sport")
    state = position(g, stacks={"green-3": [
        "home:heather-m", "home:go-team", "home:green-ball", "away:blue-ball", "away:interception", "away:long-shot"]})
    buzz(state)
    text = g.render_text(state.view("away"))
    assert ("Scoring round: Texas Wildcats choose for Go, Team! on stack 11: 1 more or 1 less for the play "
            "Team Sport score.") in text
