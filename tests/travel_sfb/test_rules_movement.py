"""Movement: who resolves (the whole priority chain and the Ace/King exceptions), pairing,
advantage points, keep-or-cancel, and where advantage cards are dealt next turn."""

from __future__ import annotations

import pytest

from tabletop.testing import assert_rejected
from tabletop.titles.travel_sfb.actions import Pair, Place
from tabletop.titles.travel_sfb.cards import parse_card
from tabletop.titles.travel_sfb.movement import resolver
from tabletop.titles.travel_sfb.rules import ALLOCATE, PAIR, SETTLE

from .helpers import allocate, hand, new, pair, settle, texts

# seat1 (Federation, O3 M2 D3, generation 5) is dealt the first five cards, seat2 (Klingon,
# O2 M3 D3, generation 5) the next five.


def duel(seat1: str, seat2: str, options: dict | None = None, **scenario) -> object:
    return new(seat1.split() + seat2.split(), options, **scenario)


def moves(state, m1: str, m2: str) -> None:
    """Both ships put exactly these movement cards down and nothing else."""
    allocate(state, "seat1", movement=m1)
    allocate(state, "seat2", movement=m2)


def cards(text: str) -> list[int]:
    return [parse_card(c) for c in text.split()]


def test_TSFB_MOVE_1_more_movement_cards_resolves():
    state = duel("2C 3C 4S 5S 6S", "4C 7H 8H 9H 10H")
    moves(state, "2C 3C", "4C")
    assert state.resolver == 0
    assert "Federation resolves movement: it has more movement cards" in texts(state, "resolver")[0]


@pytest.mark.parametrize(
    ("fewer", "more", "who"),
    [
        ("KC", "2C 3C", "fewer"),      # a King with the fewer cards takes over
        ("AC", "2C 3C", "fewer"),      # so does an Ace
        ("AC", "KD 3C", "fewer"),      # an Ace beats the more-cards ship's King
        ("KC", "KD 3C", "more"),       # King against King: the ship with more cards keeps it
        ("KC", "AD 3C", "more"),       # the more-cards ship's Ace beats a King
        ("AC", "AD 3C", "more"),       # Ace against Ace: more cards keeps it
    ],
)
def test_TSFB_MOVE_2_ace_or_king_exception(fewer, more, who):
    result, reason = resolver((cards(fewer), cards(more)), (2, 3), (5, 5))
    assert result == (0 if who == "fewer" else 1)
    assert reason == ("honour" if who == "fewer" else "more-cards-honour")


def test_TSFB_MOVE_2_king_exception_in_play_and_unpaired_cards_still_go_to_more_cards():
    state = duel("KC 2S 4S 5S 6S", "2C 3C 7H 8H 9H")
    moves(state, "KC", "2C 3C")
    # seat1 resolves with one card against two: it pairs its King, the odd card scores for seat2.
    assert state.resolver == 0 and state.phase == PAIR
    pair(state, "KC", "3C")
    assert state.phase == SETTLE and state.points == [1, 1]
    assert any("had no partner" in t and "Klingon" in t for t in texts(state, "unpaired"))


def test_TSFB_MOVE_2_ace_beats_king_in_play():
    state = duel("AC 2S 4S 5S 6S", "KD 3C 7H 8H 9H")
    moves(state, "AC", "KD 3C")
    assert state.resolver == 0
    state2 = duel("KC 2S 4S 5S 6S", "AD 3C 7H 8H 9H")
    moves(state2, "KC", "AD 3C")
    assert state2.resolver == 1


def test_TSFB_MOVE_3_equal_counts_higher_total_resolves():
    state = duel("9C 2S 4S 5S 6S", "8C 3C 7H 8H 9H")
    moves(state, "9C", "8C")
    assert state.resolver == 0
    assert "movement total is higher" in texts(state, "resolver")[0]


def test_TSFB_MOVE_4_equal_totals_higher_maximum_movement_resolves():
    # Jack and ten both total 10; the Klingon allows 3 movement cards, the Federation 2.
    state = duel("JC 2S 4S 5S 6S", "10C 3C 7H 8H 9H")
    moves(state, "JC", "10C")
    assert state.resolver == 1
    assert "allows more movement cards" in texts(state, "resolver")[0]
    # The Klingon resolves but the Jack outranks the ten: only the resolver scores a pair, so nobody.
    assert state.last_turn["advantage"] == {"seat1": 0, "seat2": 0}
    assert "only the resolving ship scores for a pair" in texts(state, "pair")[0]


def test_TSFB_MOVE_5_equal_movement_allowance_higher_generation_resolves():
    state = duel("9C 2S 4S 5S", "9D 3C 7H 8H 10H", {"ship2": "federation"}, generation={"seat1": 4})
    moves(state, "9C", "9D")
    assert state.resolver == 1
    assert "generation is higher" in texts(state, "resolver")[0]


def test_TSFB_MOVE_6_all_tied_nobody_scores():
    state = duel("JC 2S 4S 5S 6S", "10C 3C 7H 8H 9H", {"ship2": "federation"})
    moves(state, "JC", "10C")
    assert state.resolver == -1
    assert "Nobody resolves movement" in texts(state, "resolver")[0]
    assert state.last_turn["advantage"] == {"seat1": 0, "seat2": 0}
    assert not texts(state, "pair")


def test_TSFB_RES_1_resolver_chooses_the_pairing():
    state = duel("KC 5C 2S 4S 6S", "9D 4C 7H 8H 10H")
    moves(state, "KC 5C", "9D 4C")
    assert state.phase == PAIR and state.to_act == ("seat1",)
    assert set(state.legal_actions("seat1")) == {Pair("KC", "9D"), Pair("5C", "9D")}
    assert_rejected(state, "seat2", Pair("KC", "9D"))
    assert_rejected(state, "seat1", Pair("KC", "4C"))  # the nine is paired first
    pair(state, "KC", "9D")  # then the five against the four is forced
    assert state.last_turn["advantage"] == {"seat1": 2, "seat2": 0}

    other = duel("KC 5C 2S 4S 6S", "9D 4C 7H 8H 10H")
    moves(other, "KC 5C", "9D 4C")
    pair(other, "5C", "9D")
    assert other.last_turn["advantage"] == {"seat1": 1, "seat2": 0}


def test_TSFB_RES_2_only_the_resolver_scores_the_pairs_it_wins():
    state = duel("KC 5C 2S 4S 6S", "9D 4C 7H 8H 10H")
    moves(state, "KC 5C", "9D 4C")
    pair(state, "5C", "9D")
    pair_texts = texts(state, "pair")
    assert "nobody gains a point" in pair_texts[0]
    assert "Federation gains an advantage point" in pair_texts[1]
    assert state.last_turn["advantage"] == {"seat1": 1, "seat2": 0}


def test_TSFB_RULING_PAIR_POINTS_both_option_scores_each_higher_card_for_its_owner():
    state = duel("KC 5C 2S 4S 6S", "9D 4C 7H 8H 10H", {"pair_points": "both"})
    moves(state, "KC 5C", "9D 4C")
    pair(state, "5C", "9D")
    pair_texts = texts(state, "pair")
    assert "Klingon gains an advantage point" in pair_texts[0]
    assert "Federation gains an advantage point" in pair_texts[1]
    assert state.phase == SETTLE and state.points == [1, 1]


def test_TSFB_RES_3_unpaired_cards_score_for_the_ship_with_more_cards():
    state = duel("QC 9C 2S 4S 6S", "3D 4C 7H 8H 10H", {"ship2": "hydran-fusion"})
    moves(state, "QC 9C", "3D")
    # seat1 resolves with more cards: it pairs one card, the other scores unpaired.
    pair(state, "9C", "3D")
    assert state.last_turn["advantage"] == {"seat1": 2, "seat2": 0}
    assert "1 advantage point(s) for the ship with more movement cards" in texts(state, "unpaired")[0]


def _to_settle(options=None):
    state = duel("KC 5C 3C 2S 6S", "9D 4C 2C 8H 10H", options)
    allocate(state, "seat1", movement="KC")
    allocate(state, "seat2", movement="9D 4C 2C")
    # seat1 resolves with fewer cards (its King); its King beats the nine it is paired with, and
    # seat2's two leftover cards score unpaired for the ship with more cards.
    assert state.resolver == 0 and state.walk_owner == 0 and state.to_act == ("seat1",)
    state.apply("seat1", Pair("KC", "9D"))
    return state


def test_TSFB_RES_4_resolver_keeps_or_cancels_mutual_points():
    state = _to_settle()
    assert state.phase == SETTLE and state.points == [1, 2] and state.to_act == ("seat1",)
    assert_rejected(state, "seat2", state.legal_actions("seat1")[0])
    settle(state, keep=True)
    assert state.last_turn["advantage"] == {"seat1": 1, "seat2": 2}

    cancel = _to_settle()
    settle(cancel, keep=False)
    assert cancel.last_turn["advantage"] == {"seat1": 0, "seat2": 1}


def test_TSFB_RULING_cancel_rule_all_wipes_both_sides():
    wipe = _to_settle({"cancel_rule": "all"})
    settle(wipe, keep=False)
    assert wipe.last_turn["advantage"] == {"seat1": 0, "seat2": 0}


def test_TSFB_RULING_equal_pair_scores_nobody():
    state = duel("9C 5C 2S 4S 6S", "9D 4C 7H 8H 10H")
    moves(state, "9C 5C", "9D 4C")
    # seat1 resolves (total 14 against 13); pairing 9 with 9 scores nothing, 5 against 4 one point.
    pair(state, "9C", "9D")
    assert "equal ranks, so nobody gains a point" in texts(state, "pair")[0]
    assert state.last_turn["advantage"] == {"seat1": 1, "seat2": 0}


def test_TSFB_ADV_1_advantage_cards_go_straight_into_offense_beyond_the_limit():
    deck = "QC 9C 2S 4S 6S 3D 4C 7H 8H 10H 5D 6D 7D 8D 9D 10D JD QD KD 2H 3H"
    state = new(deck, {"ship2": "hydran-fusion"})
    moves(state, "QC 9C", "3D")
    pair(state, "9C", "3D")
    # Turn 2: two advantage cards first, face down in seat1's Offense, then five generation cards.
    assert state.turn == 2 and state.phase == ALLOCATE
    assert [c for c in state.rows[0][0]] == [parse_card("5D"), parse_card("6D")]
    assert state.adv_offense[0] == 2 and hand(state, "seat1") == ["7D", "8D", "9D", "10D", "JD"]
    assert "face down straight into its Offense" in texts(state, "deal-advantage")[0]
    # The Federation may still place its full three cards in Offense.
    for card in ("7D", "8D", "9D"):
        state.apply("seat1", Place(card, "offense"))
    assert len(state.rows[0][0]) == 5
    assert_rejected(state, "seat1", Place("10D", "offense"))


def test_TSFB_ADV_2_with_an_ace_advantage_cards_join_the_hand_and_may_exceed_limits():
    deck = "AC 9C 2S 4S 6S 3D 4C 7H 8H 10H 5D 6D 7D 8D 9D 10D JD QD KD 2H 3H"
    state = new(deck, {"ship2": "hydran-fusion"})
    moves(state, "AC 9C", "3D")
    pair(state, "9C", "3D")
    assert "because an Ace was in the movement" in texts(state, "advantage")[0]
    assert state.turn == 2 and state.rows[0][0] == [] and state.bonus[0] == 2
    assert hand(state, "seat1") == ["5D", "6D", "7D", "8D", "9D", "10D", "JD"]
    # Two placements beyond the limits: four cards in the Federation's two-card Movement row.
    for card in ("5D", "6D", "7D", "8D"):
        state.apply("seat1", Place(card, "movement"))
    assert_rejected(state, "seat1", Place("9D", "movement"))
    state.apply("seat1", Place("9D", "defense"))


def test_TSFB_RULING_ace_rule_own_ship_only_sends_the_ace_holders_cards_to_hand():
    deck = "KC 5C 3C 2S 6S AD 4C 2C 8H 10H"
    for rule, expected in (("either-ship", [True, True]), ("own-ship", [False, True])):
        state = new(deck, {"ace_rule": rule, "pair_points": "both"})
        allocate(state, "seat1", movement="KC 5C")
        allocate(state, "seat2", movement="AD 4C 2C")
        # seat2 resolves (more cards; its Ace outranks seat1's King); pair so both sides score.
        state.apply("seat2", Pair("4C", "KC"))
        state.apply("seat2", Pair("AD", "5C"))
        settle(state, keep=True)
        assert [state.bonus[0] > 0, state.bonus[1] > 0] == expected
