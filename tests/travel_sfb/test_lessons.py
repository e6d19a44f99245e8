"""The lessons teach what they say: played through, each ends in the turn its words describe."""

from __future__ import annotations

from typing import Any

from tabletop.core import State
from tabletop.guide import lesson_state
from tabletop.guide.lessons import Lesson
from tests.lesson_steps import lesson_named
from tests.lesson_steps import played as played_lesson


def lesson(lesson_id: str) -> Lesson:
    return lesson_named("travel-sfb", lesson_id)


def played(item: Lesson, steps: int | None = None, last: str | None = None) -> State:
    return played_lesson("travel-sfb", item.id, steps, last)


def last_turn(state: State) -> dict[str, Any]:
    turn: dict[str, Any] = state.view(None)["last_turn"]
    return turn


def generation(state: State, seat: str) -> int:
    value: int = state.view(None)["ships"][seat]["generation"]
    return value


def test_the_first_turn_shows_movement_then_damage() -> None:
    state = played(lesson("allocate"))
    turn = last_turn(state)
    assert turn["movement"]["resolver"] == "seat1" and turn["advantage"] == {"seat1": 2, "seat2": 0}
    assert turn["offense"]["seat1"] == 17 and turn["defense"]["seat2"] == 7
    assert turn["damage_dealt"] == {"seat1": 1, "seat2": 0} and generation(state, "seat2") == 4
    # the Ace in Movement sent the two advantage cards to the hand, free of the row limits
    assert state.view("seat1")["ships"]["seat1"]["cards_held"] == 7


def test_damage_is_a_tenth_of_the_excess_rounded_down() -> None:
    state = played(lesson("damage"))
    turn = last_turn(state)
    assert turn["offense"]["seat1"] - turn["defense"]["seat2"] == 15
    assert turn["damage_dealt"]["seat1"] == 1 and generation(state, "seat2") == 4


def test_the_duel_ends_when_a_ship_reaches_zero_generation() -> None:
    state = played(lesson("explode"))
    assert state.is_over and state.view(None)["outcome"]["winners"] == ["seat1"]
    assert generation(state, "seat2") == 0


def test_the_resolver_pairs_its_best_card_against_theirs() -> None:
    item = lesson("pairing")
    assert last_turn(played(item))["advantage"]["seat1"] == 2
    assert last_turn(played(item, last="pair mine=5S theirs=9D"))["advantage"]["seat1"] == 1
    next_turn = played(item).view("seat1")["ships"]["seat1"]
    assert next_turn["advantage_in_offense"] == 2


def test_advantage_cards_in_offense_go_beyond_the_limit_and_hit() -> None:
    state = played(lesson("advantage"))
    turn = last_turn(state)
    assert len(turn["revealed"]["seat1"]["offense"]) == 5 and turn["offense"]["seat1"] == 44
    assert turn["damage_dealt"]["seat1"] == 1


def test_a_king_lets_the_ship_with_fewer_movement_cards_resolve() -> None:
    turn = last_turn(played(lesson("honour")))
    movement = turn["movement"]
    assert movement["resolver"] == "seat1" and movement["reason"] == "honour"
    assert movement["unpaired"]["seat"] == "seat2" and movement["settled"] == "cancel"
    assert turn["advantage"] == {"seat1": 0, "seat2": 1}


def test_an_ace_brings_the_advantage_cards_to_hand_and_past_the_limits() -> None:
    item = lesson("ace")
    assert lesson_state("travel-sfb", item).view("seat1")["ships"]["seat1"]["free_placements"] == 2
    turn = last_turn(played(item))
    assert turn["revealed"]["seat1"]["offense"] == ["KC", "QC", "JC", "10C", "9C"]
    assert turn["damage_dealt"]["seat1"] == 2
