"""The fast round, the Buzz and the quarters (FB-FAST-*, FB-QTR-*)."""

from __future__ import annotations

import pytest

from tabletop.testing import assert_rejected
from tabletop.titles.fightball.actions import BUZZ, DISCARD, DRAW, PASS, TAKE, Play
from tests.fightball.helpers import buzz, game, invariants, position


def test_FB_FAST_1_both_coaches_act_at_once_in_arrival_order():
    g = game("aztecs", "the-dark")
    state = position(g, decks={"home": ["zal"], "away": ["tula"]}, exact_decks=False)
    assert state.to_act == ("home", "away")
    state.apply("away", DRAW)
    state.apply("home", DRAW)
    state.apply("away", Play(9))
    state.apply("home", Play(9))
    names = [state.table.cards[c].slug for c in state.stacks[8]]
    assert names == ["tula", "zal"]  # the stack records who got there first
    assert state.to_act == ("home", "away")


def test_FB_FAST_2_one_held_card_played_anywhere_or_discarded():
    g = game()
    state = position(g, decks={"home": ["zal", "tex"]}, exact_decks=False)
    state.apply("home", DRAW)
    exc = assert_rejected(state, "home", DRAW)
    assert "one card at a time" in str(exc)
    assert set(state.legal_actions("home")) == {*(Play(n) for n in range(1, 25)), DISCARD}
    state.apply("home", Play(24))  # a foul, but a legal move
    state.apply("home", DRAW)
    state.apply("home", DISCARD)
    assert state.held[0] == -1 and len(state.discards[0]) == 1
    assert_rejected(state, "home", Play(3))
    assert_rejected(state, "home", Play(25))


def test_FB_FAST_3_take_the_discard_top_and_never_return_a_drawn_card():
    g = game()
    state = position(g, discards={"home": ["zal", "tex"]}, decks={"home": ["itzel"]})
    assert state.legal_actions("home") == [DRAW, TAKE]
    state.apply("home", TAKE)
    assert state.table.cards[state.held[0]].slug == "tex"  # only the top card
    state.apply("home", Play(1))
    state.apply("home", DRAW)
    # No action puts a drawn card back on the deck.
    assert all(a in (DISCARD, *(Play(n) for n in range(1, 25))) for a in state.legal_actions("home"))


def test_FB_FAST_4_burning_to_the_buzz_one_card_at_a_time():
    g = game()
    state = position(g, decks={"home": ["zal", "tex"]})
    exc = assert_rejected(state, "home", BUZZ)
    assert "once drawn" in str(exc)
    for _ in range(2):
        state.apply("home", DRAW)
        assert_rejected(state, "home", BUZZ)
        state.apply("home", DISCARD)
    state.apply("home", DRAW)
    assert state.legal_actions("home") == [BUZZ]
    assert_rejected(state, "home", DISCARD)
    assert_rejected(state, "home", Play(1))
    state.apply("home", BUZZ)
    assert state.quarter == 2


def test_FB_FAST_5_a_buzz_ends_the_quarter_at_once():
    g = game()
    state = position(g, stacks={"away-red-1": ["home:zal", "home:red-ball"]}, held={"away": "tula"})
    events = buzz(state)
    kinds = [e.kind for e in events]
    assert kinds.index("buzz") < kinds.index("score") < kinds.index("quarter")
    assert "buzzer-beater" not in kinds  # Tula is no Shot: the away coach's card never lands
    assert state.quarter == 2 and all(not s for s in state.stacks)
    invariants(state)


def test_FB_FAST_6_the_shot_being_played_at_the_buzzer_still_counts():
    g = game()
    state = position(g, stacks={"home-blue-1": ["away:tula", "away:blue-ball"]}, held={"away": "jump-shot"})
    buzz(state)
    assert state.to_act == ("away",) and state.phase == "buzzer-beater"
    assert_rejected(state, "away", DRAW)
    assert_rejected(state, "home", DRAW)
    state.apply("away", Play(17))
    assert state.score == [0, 2] and state.quarter == 2


def test_FB_FAST_6_the_buzzer_beater_may_be_let_go_or_switched_off():
    state = position(game(), stacks={"home-blue-1": ["away:tula", "away:blue-ball"]}, held={"away": "jump-shot"})
    buzz(state)
    state.apply("away", PASS)
    assert state.score == [0, 0] and state.quarter == 2
    off = position(game(buzzer_beater=False), held={"away": "jump-shot"})
    buzz(off)
    assert off.quarter == 2 and off.to_act == ("home", "away")


def test_FB_FAST_7_each_coach_sees_only_its_own_held_card():
    g = game()
    state = position(g, decks={"home": ["zal"], "away": ["tula"]}, discards={"away": ["mei"]}, exact_decks=False)
    state.apply("home", DRAW)
    state.apply("away", DRAW)
    assert state.view("home")["coaches"]["home"]["held"]["slug"] == "zal"
    assert state.view("home")["coaches"]["away"]["held"] is None
    assert state.view("home")["coaches"]["away"]["holding"] is True
    assert state.view(None)["coaches"]["home"]["held"] is None
    state.apply("away", DISCARD)
    state.apply("away", TAKE)  # taken face up: now both coaches know it
    assert state.view("home")["coaches"]["away"]["held"]["slug"] == "tula"
    draw_events = [e for e in state.events_for("home") if e.kind == "draw"]
    assert len(draw_events) == 1 and "Zal" in draw_events[0].text


def test_FB_QTR_1_stacks_are_scored_and_set_aside_without_touching_the_discards():
    g = game("team-sport", "aztecs")
    state = position(g, discards={"home": ["long-shot", "jump-shot"]},
                     stacks={"away-red-1": ["home:tower", "home:red-ball", "home:boomerang", "home:lay-up"]})
    buzz(state)
    stacks, discards, points, _choices = state.quarter_log[0]
    assert [state.table.cards[c].slug for c in discards[0]] == ["long-shot", "jump-shot"]
    assert len(stacks[0]) == 4 and points == (2, 0)  # 8 + 2 + 2 (Boomerang) + 6 = 18
    assert "Boomerang +2" in state.last_scoring[0]


def test_FB_QTR_2_decks_are_reshuffled_with_the_buzz_at_the_bottom():
    g = game()
    state = position(g, stacks={"green-1": ["home:zal"]}, discards={"away": ["tula"]}, held={"away": "mei"})
    buzz(state)
    for s in (0, 1):
        assert len(state.decks[s]) == 44 and state.decks[s][0] == state.table.buzz[s]
        assert not state.discards[s] and state.held[s] == -1
    assert not any(state.stacks)
    invariants(state)


def test_FB_QTR_2_reshuffles_follow_the_scripted_deals():
    g = game()
    home = list(reversed(g.table.decks[0]))
    away = list(g.table.decks[1])
    state = g.new_state(dice={"shuffles": [home, away]})
    assert state.decks[0][1:] == home and state.decks[0][0] == g.table.buzz[0]
    state.apply("home", DRAW)
    assert state.held[0] == home[-1]


def _play_out(state):
    while not state.is_over:
        seat = "home"
        legal = state.legal_actions(seat) if seat in state.to_act else []
        if not legal:
            seat = state.to_act[0]
            legal = state.legal_actions(seat)
        action = BUZZ if BUZZ in legal else (DRAW if DRAW in legal else (PASS if PASS in legal else DISCARD))
        state.apply(seat, action)
    return state


def test_FB_QTR_3_four_quarters_and_the_higher_score_wins():
    g = game()
    state = position(g, score={"home": 3, "away": 5})
    _play_out(state)
    assert state.quarter == 4 and state.outcome is not None
    assert state.outcome.winners == ("away",) and state.outcome.scores == {"home": 3, "away": 5}


def test_FB_QTR_3_a_tied_game_is_a_draw_or_goes_to_overtime():
    state = _play_out(position(game(), score={"home": 4, "away": 4}))
    assert state.outcome is not None and state.outcome.is_draw
    overtime = _play_out(position(game(tiebreak="overtime"), score={"home": 4, "away": 4}))
    assert overtime.quarter == 7 and overtime.outcome is not None and overtime.outcome.is_draw
    assert any("overtime" in e.text for e in overtime.events)


def test_FB_QTR_3_overtime_stops_once_a_quarter_breaks_the_tie():
    g = game(tiebreak="overtime", quarters=1)
    state = position(g, score={"home": 4, "away": 4}, stacks={"home-red-1": ["home:zal"]})
    _play_out(state)
    assert state.quarter == 1 and state.outcome is not None and state.outcome.winners == ("away",)


def test_FB_QTR_4_discard_piles_are_real_and_public():
    g = game()
    state = position(g, discards={"away": ["tula", "bull"]})
    view = state.view("home")
    assert [c["slug"] for c in view["coaches"]["away"]["discard"]] == ["tula", "bull"]


@pytest.mark.parametrize("action", [TAKE, DISCARD, PASS, BUZZ, Play(1)])
def test_FB_FAST_8_only_physically_impossible_actions_are_rejected(action):
    state = position(game())
    exc = assert_rejected(state, "home", action)
    assert "legal now" in str(exc)
