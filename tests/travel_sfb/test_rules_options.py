"""The optional reserve-power rule (batteries and the Orion's engines) and open allocation by
initiative draw with its role reversal."""

from __future__ import annotations

from tabletop.testing import assert_rejected
from tabletop.titles.travel_sfb.actions import FINISH, Place, Power
from tabletop.titles.travel_sfb.cards import CODES, parse_card
from tabletop.titles.travel_sfb.rules import ALLOCATE, POWER

from .helpers import allocate, new, texts

BATTERIES = {"batteries": True}


def calls(state, seat1: str | None, seat2: str | None) -> None:
    for seat, call in (("seat1", seat1), ("seat2", seat2)):
        if call is not None:
            state.apply(seat, Power(call))


def idle_turn(state) -> None:
    allocate(state, "seat1")
    allocate(state, "seat2")


def test_TSFB_BATT_1_batteries_give_one_extra_card_once():
    state = new(None, BATTERIES)
    assert state.phase == POWER and set(state.to_act) == {"seat1", "seat2"}
    assert set(state.legal_actions("seat1")) == {Power("use-batteries"), Power("no-call")}
    state.apply("seat1", Power("use-batteries"))
    # The call stays secret until both have called.
    assert state.view("seat2")["ships"]["seat1"]["power_call"] is None
    assert state.view("seat1")["ships"]["seat1"]["power_call"] == "use-batteries"
    state.apply("seat2", Power("no-call"))
    assert state.phase == ALLOCATE and len(state.hands[0]) == 6 and len(state.hands[1]) == 5
    assert "calls on its batteries" in texts(state, "power")[0]
    idle_turn(state)
    # Used up: the only calls left are to recharge or to make none.
    assert set(state.legal_actions("seat1")) == {Power("recharge-batteries"), Power("no-call")}
    assert_rejected(state, "seat1", Power("use-batteries"))


def test_TSFB_BATT_2_recharging_costs_a_card_and_lets_batteries_be_used_again():
    state = new(None, BATTERIES)
    calls(state, "use-batteries", "no-call")
    idle_turn(state)
    calls(state, "recharge-batteries", "no-call")
    assert len(state.hands[0]) == 4
    assert "recharges its batteries" in texts(state, "power")[-2]
    idle_turn(state)
    assert Power("use-batteries") in state.legal_actions("seat1")
    calls(state, "use-batteries", "no-call")
    assert len(state.hands[0]) == 6


def test_TSFB_BATT_3_orion_engines_give_two_cards_once_without_recharge():
    state = new(None, {"ship1": "orion", "batteries": True})
    assert set(state.legal_actions("seat1")) == {Power("use-engines"), Power("no-call")}
    calls(state, "use-engines", "no-call")
    assert len(state.hands[0]) == 8
    idle_turn(state)
    assert state.to_act == ("seat2",)  # nothing left for the Orion to call
    calls(state, None, "no-call")
    assert len(state.hands[0]) == 6


def test_TSFB_RULING_orion_engines_belong_to_the_reserve_power_rule_unless_always():
    plain = new(None, {"ship1": "orion"})
    assert plain.phase == ALLOCATE
    always = new(None, {"ship1": "orion", "orion_engines": "always"})
    assert always.phase == POWER and always.to_act == ("seat1",)


def _open_allocate(state, plan1: list[tuple[str, str]], plan2: list[tuple[str, str]]) -> list[str]:
    """Alternate placements as the open rule orders them; returns who placed, in order."""
    plans = {"seat1": list(plan1), "seat2": list(plan2)}
    order = []
    turn = state.turn
    while state.phase == ALLOCATE and state.turn == turn and not state.is_over:
        assert len(state.to_act) == 1
        seat = state.to_act[0]
        order.append(seat)
        if plans[seat]:
            card, row = plans[seat].pop(0)
            state.apply(seat, Place(card, row))
        else:
            state.apply(seat, FINISH)
    return order


def test_TSFB_OPEN_1_initiative_draw_lower_card_places_first_one_card_at_a_time():
    state = new("9D 5C 7H 7S 3C QD 2C 3D 4C 5D 6C 2D 3H 4D 5H", {"open_allocation": True})
    # 9 against 5: seat2 has the lower card and places first; the cards go to the bottom.
    draw = texts(state, "initiative")
    assert "Klingon has the lower card and places first" in draw[0]
    assert state.first_placer == 1 and state.to_act == ("seat2",)
    assert [state.deck[-2], state.deck[-1]] == [parse_card("9D"), parse_card("5C")]
    order = _open_allocate(state, [("7H", "offense"), ("7S", "defense")], [("3D", "defense")])
    assert order[:4] == ["seat2", "seat1", "seat2", "seat1"]
    tie = new("9D 9C 3C QD", {"open_allocation": True})
    assert "is a tie" in texts(tie, "initiative")[0] and tie.first_placer == 0


def test_TSFB_OPEN_1_face_cards_count_ten_so_jack_against_king_is_drawn_again():
    state = new("JD KC QH 10S 4C 9D 3C QD", {"open_allocation": True})
    draw = texts(state, "initiative")
    assert "is a tie (both count 10)" in draw[0] and "is a tie (both count 10)" in draw[1]
    # 4 against 9 settles it: seat1 has the lower card and places first.
    assert "Federation has the lower card" in draw[2] and state.first_placer == 0
    assert [CODES[c] for c in state.deck[-6:]] == ["JD", "KC", "QH", "10S", "4C", "9D"]


def test_TSFB_OPEN_1_placed_rows_are_seen_but_not_the_cards():
    state = new("7H 7S 3C QD 2C 3D 4C 5D 6C 2D", {"open_allocation": True}, first_placer="seat1")
    state.apply("seat1", Place("7H", "offense"))
    seen = state.view("seat2")["ships"]["seat1"]["rows"]["offense"]
    assert seen == {"count": 1, "cards": None}
    assert "puts a card face down in Offense" in texts(state, "place-open")[0]
    assert_rejected(state, "seat1", Place("7S", "offense"))  # seat2's turn to place


def test_TSFB_OPEN_2_roles_reverse_when_the_first_placer_scores_damage():
    state = new("KC QC AC 2C 3C 2D 3D 4D 5D 6D 7C 8C 9C 10C JC 7D 8D 9D 10D JD",
                {"open_allocation": True}, first_placer="seat1")
    _open_allocate(state, [("KC", "offense"), ("QC", "offense"), ("AC", "offense")], [])
    assert state.last_turn["damage_dealt"]["seat1"] == 3
    assert state.first_placer == 1 and state.to_act == ("seat2",)
    assert "the roles reverse" in texts(state, "role-reversal")[0]
    # Now seat2 places first; damage scored only by seat1 (placing second) changes nothing.
    _open_allocate(state, [("7C", "offense"), ("8C", "offense"), ("9C", "offense")], [])
    assert state.first_placer == 1
