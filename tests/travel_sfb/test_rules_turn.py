"""The ships, the deck, the deal, allocation and reveal order, damage and the end of the duel."""

from __future__ import annotations

import json

import pytest

import tabletop
from tabletop.core import ScriptExhausted
from tabletop.testing import assert_rejected
from tabletop.titles.travel_sfb.actions import FINISH, Place, Power
from tabletop.titles.travel_sfb.cards import CODES, DECK_SIZE, RANKS, VALUES, parse_card, total
from tabletop.titles.travel_sfb.rules import ALLOCATE, PAIR
from tabletop.titles.travel_sfb.ships import SHIPS

from .helpers import allocate, hand, new, texts

SHIP_TABLE = {
    "federation": (3, 2, 3, 5), "klingon": (2, 3, 3, 5), "gorn": (4, 2, 2, 5), "romulan": (4, 1, 4, 4),
    "tholian": (2, 3, 2, 6), "orion": (2, 3, 2, 6), "kzinti": (2, 2, 4, 5), "lyran": (3, 3, 3, 4),
    "hydran-hellbore": (3, 3, 3, 4), "hydran-fusion": (2, 4, 2, 5), "hydran-fighters": (4, 4, 1, 4),
}


def test_TSFB_SHIP_1_the_eleven_ships_have_the_rulebook_limits_and_generation():
    assert {slug: (*ship.limits, ship.generation) for slug, ship in SHIPS.items()} == SHIP_TABLE
    for slug in SHIP_TABLE:
        state = tabletop.load("travel-sfb", ship1=slug).new_state(seed=3)
        assert len(state.hands[0]) == SHIP_TABLE[slug][3]
        assert state.view("seat1")["ships"]["seat1"]["limits"] == dict(
            zip(("offense", "movement", "defense"), SHIP_TABLE[slug][:3], strict=True))


def test_TSFB_CARD_1_one_deck_without_jokers_face_cards_count_ten():
    assert len(set(CODES)) == DECK_SIZE == 52
    assert not any("JOKER" in c.upper() for c in CODES)
    assert [VALUES[parse_card(c)] for c in ("JS", "QS", "KS", "AS", "10S", "2S")] == [10, 10, 10, 10, 10, 2]
    assert total(parse_card(c) for c in ("JH", "QH", "KH", "AH")) == 40


def test_TSFB_CARD_2_comparisons_rank_jack_queen_king_ace_above_ten():
    assert RANKS[parse_card("10C")] < RANKS[parse_card("JC")] < RANKS[parse_card("QC")] \
        < RANKS[parse_card("KC")] < RANKS[parse_card("AC")]
    state = new("JC 2S 3S 4S 5S 10D 6H 7H 8H 9H", {"ship2": "federation"}, generation={"seat2": 4})
    # Equal totals; seat1 resolves on generation and its Jack beats the ten.
    allocate(state, "seat1", movement="JC")
    allocate(state, "seat2", movement="10D")
    assert state.last_turn["advantage"] == {"seat1": 1, "seat2": 0}


def test_TSFB_DECK_1_the_deck_is_shuffled_once_per_duel():
    order = list(CODES)[::-1]
    game = tabletop.load("travel-sfb")
    state = game.new_state(seed=1, dice={"shuffles": [order]})
    assert [CODES[c] for c in state.hands[0]] == order[:5]
    for _ in range(6):  # several whole turns; a second shuffle would exhaust the script
        allocate(state, "seat1")
        allocate(state, "seat2")
    assert state.turn == 7
    assert sum(e.kind == "shuffle" for e in state.events) == 1
    with pytest.raises(ScriptExhausted):
        game.new_state(seed=1, dice={"shuffles": []})


def test_TSFB_DECK_2_cards_return_to_the_bottom_and_the_next_deal_comes_from_the_top():
    top = "2C 3C 4C 5C 6C 2D 3D 4D 5D 6D"
    state = new(top)
    next_top = [CODES[c] for c in state.deck[:10]]
    allocate(state, "seat1", offense="2C", defense="3C 4C")  # 5C and 6C stay unused
    allocate(state, "seat2", offense="2D 3D", defense="4D 5D 6D")
    assert state.turn == 2
    # The new hands came off the top; the used cards lie at the bottom, seat1's rows, hand, then seat2's.
    assert hand(state, "seat1") + hand(state, "seat2") == next_top
    assert " ".join(CODES[c] for c in state.deck[-10:]) == "2C 3C 4C 5C 6C 2D 3D 4D 5D 6D"
    assert "goes back under the deck" in texts(state, "return")[0]


def test_TSFB_DEAL_1_each_ship_is_dealt_its_generation_in_cards():
    state = new(None, {"ship1": "tholian", "ship2": "romulan"}, generation={"seat2": 2})
    assert len(state.hands[0]) == 6 and len(state.hands[1]) == 2
    assert "is dealt 2 card(s) for generation 2" in texts(state, "deal")[1]
    private = [e for e in state.events if e.kind == "deal-private"]
    assert private[0].visible_to == frozenset({"seat1"}) and private[1].visible_to == frozenset({"seat2"})


def test_TSFB_ALLOC_1_three_rows_offense_movement_defense():
    state = new("2C 3C 4C 5C 6C")
    rows = {a.row for a in state.legal_actions("seat1") if isinstance(a, Place)}
    assert rows == {"offense", "movement", "defense"}
    assert list(state.view("seat1")["ships"]["seat1"]["rows"]) == ["offense", "movement", "defense"]


def test_TSFB_ALLOC_2_rows_hold_no_more_than_the_ship_allows():
    state = new("2C 3C 4C 5C 6C")
    allocate(state, "seat1", movement="2C 3C", finish=False)
    assert "Movement is full" in str(assert_rejected(state, "seat1", Place("4C", "movement")))
    assert not any(a.row == "movement" for a in state.legal_actions("seat1") if isinstance(a, Place))


def test_TSFB_ALLOC_3_allocation_is_secret_and_simultaneous():
    state = new("2C 3C 4C 5C 6C")
    assert set(state.to_act) == {"seat1", "seat2"}
    state.apply("seat1", Place("2C", "offense"))
    seen_by_2 = state.view("seat2")["ships"]["seat1"]
    assert seen_by_2["rows"]["offense"] == {"count": None, "cards": None} and seen_by_2["hand"] is None
    assert seen_by_2["hand_count"] is None and seen_by_2["cards_held"] == 5
    place = [e for e in state.events if e.kind == "place"][-1]
    assert place.visible_to == frozenset({"seat1"}) and "2♣" in place.text
    assert not [e for e in state.events_for("seat2") if "2♣" in e.text]


def test_TSFB_REVEAL_1_movement_is_revealed_first_then_offense_and_defense():
    state = new("KC 5C 2S 4S 6S 9D 4C 7H 8H 10H")
    allocate(state, "seat1", offense="2S", movement="KC 5C", defense="4S")
    allocate(state, "seat2", offense="7H", movement="9D 4C", defense="8H")
    assert state.phase == PAIR
    seen = state.view("seat2")["ships"]["seat1"]["rows"]
    assert seen["movement"]["cards"] == ["KC", "5C"]
    assert seen["offense"] == {"count": 1, "cards": None} and seen["defense"]["cards"] is None
    state.apply("seat1", state.legal_actions("seat1")[0])
    kinds = [e.kind for e in state.events]
    assert kinds.index("reveal-movement") < kinds.index("pair") < kinds.index("reveal-combat") < kinds.index("damage")


def _fight(offense1: str, defense2: str, generation2: int = 5):
    cards1 = offense1.split() + ["2H", "3H", "4H", "5H", "6H"][: 5 - len(offense1.split())]
    cards2 = defense2.split() + ["2D", "3D", "4D", "5D", "6D"][: 5 - len(defense2.split())]
    state = new(cards1 + cards2[:generation2], generation={"seat2": generation2})
    allocate(state, "seat1", offense=offense1)
    allocate(state, "seat2", defense=defense2)
    return state


@pytest.mark.parametrize(
    ("offense", "defense", "damage"),
    [("KC QC JC", "9D 5D", 1), ("KC QC AC", "", 3), ("KC QC AC", "QD", 2), ("9C 9S", "QD 8D", 0),
     ("5C", "KD QD", 0), ("KC QC 9C", "9D", 2), ("KC QC 9C", "10D", 1)],
)
def test_TSFB_DMG_1_damage_is_offense_over_defense_divided_by_ten_rounded_down(offense, defense, damage):
    state = _fight(offense, defense)
    assert state.last_turn["damage_dealt"]["seat1"] == damage
    assert state.gen[1] == 5 - damage


def test_TSFB_DMG_2_damage_permanently_reduces_generation_and_cards_dealt():
    state = _fight("KC QC AC", "")
    assert state.gen[1] == 2 and len(state.hands[1]) == 2
    assert "drops from generation 5 to 2" in texts(state, "damage")[0]
    allocate(state, "seat1")
    allocate(state, "seat2")
    assert state.gen[1] == 2 and len(state.hands[1]) == 2


def test_TSFB_END_1_a_ship_at_zero_generation_explodes_and_the_other_wins():
    state = _fight("KC QC AC", "", generation2=3)
    assert state.is_over and state.outcome.winners == ("seat1",)
    assert "Klingon exploded" in state.outcome.reason
    assert "game is over" in str(assert_rejected(state, "seat1", FINISH))


def test_TSFB_END_2_both_ships_exploding_is_a_draw():
    state = new("KC QC KD QD", generation={"seat1": 2, "seat2": 2})
    allocate(state, "seat1", offense="KC QC")
    allocate(state, "seat2", offense="KD QD")
    assert state.is_over and state.outcome.is_draw and "both ships exploded" in state.outcome.reason
    assert json.dumps(state.view(None))


def test_TSFB_TURN_1_turns_repeat_until_a_ship_explodes():
    state = new(None)
    for _ in range(3):
        assert state.phase == ALLOCATE
        allocate(state, "seat1")
        allocate(state, "seat2")
    assert state.turn == 4 and not state.is_over and state.gen == [5, 5]


def test_TSFB_RULING_turn_limit_ends_the_duel():
    state = new(None, {"turn_limit": 2})
    for _ in range(2):
        allocate(state, "seat1")
        allocate(state, "seat2")
    assert state.is_over and state.outcome.is_draw and "turn limit (2)" in state.outcome.reason
    lead = new("KC QC AC 2C 3C 2D 3D 4D 5D 6D", {"turn_limit": 1, "limit_result": "less-damage"})
    allocate(lead, "seat1", offense="KC QC AC")
    allocate(lead, "seat2")
    assert lead.outcome.winners == ("seat1",) and "lost less generation" in lead.outcome.reason


def test_TSFB_RULING_cards_may_be_left_unallocated():
    state = new("KC 5C 2S 4S 6S")
    state.apply("seat1", Place("KC", "offense"))
    assert "leave 4 card(s) unused" in state.describe_action("seat1", FINISH)
    state.apply("seat1", FINISH)
    unused = [e for e in state.events if e.kind == "finish-private"][-1]
    assert unused.visible_to == frozenset({"seat1"}) and "unused" in unused.text
    assert "seat1" not in state.to_act


def test_TSFB_RULING_a_ship_that_cannot_place_more_finishes_by_itself():
    state = new(None, {"ship1": "orion", "orion_engines": "always"})
    state.apply("seat1", state.legal_actions("seat1")[0])  # use the engines: 8 cards for 7 places
    state.apply("seat2", state.legal_actions("seat2")[0]) if "seat2" in state.to_act else None
    assert len(state.hands[0]) == 8
    for card in list(hand(state, "seat1"))[:7]:
        row = next(a.row for a in state.legal_actions("seat1") if isinstance(a, Place) and a.card == card)
        state.apply("seat1", Place(card, row))
    assert state.finished[0] and len(state.hands[0]) == 1
    # The screen ruling: the opponent is told only that seat1 finished, not that every place is full.
    assert texts(state, "finish")[-1].endswith("has finished allocating.")
    assert all("cannot place" not in e.text and "automatic" not in e.data for e in state.events_for("seat2"))
    full = [e for e in state.events if e.kind == "finish-full"][-1]
    assert full.visible_to == frozenset({"seat1"}) and "cannot place any more cards" in full.text


def test_TSFB_RULING_no_movement_cards_on_either_side_scores_nothing():
    state = new(None)
    allocate(state, "seat1", offense="")
    allocate(state, "seat2", offense="")
    assert "neither ship put any cards in Movement" in texts(state, "resolver")[0]
    assert state.last_turn["advantage"] == {"seat1": 0, "seat2": 0}


def test_TSFB_RULING_a_short_deck_deals_what_it_has():
    state = new(None, {"ship1": "orion", "ship2": "orion", "orion_engines": "always"},
                advantage={"seat1": 20, "seat2": 20}, advantage_to_hand={"seat1": True, "seat2": True})
    state.apply("seat1", Power("use-engines"))
    state.apply("seat2", Power("use-engines"))
    assert len(state.hands[0]) == 28 and len(state.hands[1]) == 24 and not state.deck
    assert "the deck held only 4" in texts(state, "deal")[1]


def test_TSFB_RULING_recharging_at_generation_one_deals_no_cards():
    state = new(None, {"batteries": True}, generation={"seat1": 1}, reserve={"seat1": "spent"})
    state.apply("seat1", Power("recharge-batteries"))
    state.apply("seat2", Power("no-call"))
    assert state.hands[0] == [] and state.finished[0] and state.to_act == ("seat2",)
    assert state.gen[0] == 1 and not state.is_over


@pytest.mark.parametrize(("ship2", "names"), [("klingon", ("Federation", "Klingon")),
                                              ("federation", ("Federation (seat1)", "Federation (seat2)"))])
def test_the_log_names_each_side_by_its_ship_and_by_its_seat_only_when_both_are_one_class(
        ship2: str, names: tuple[str, str]) -> None:
    state = tabletop.load("travel-sfb", ship2=ship2, turn_limit=3).new_state(seed=4)
    while not state.is_over:
        seat = state.to_act[0]
        state.apply(seat, state.legal_actions(seat)[0])
    log = "\n".join(event.text for event in state.events)
    assert all(name in log for name in names)
    assert "seat1 (" not in log
