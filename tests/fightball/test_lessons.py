"""The lessons teach what they say: played through, each ends in the position its words describe."""

from __future__ import annotations

from typing import Any

from tabletop.core import State
from tabletop.guide import lesson_state, lessons
from tabletop.guide.lessons import Lesson
from tests.lesson_steps import lesson_named
from tests.lesson_steps import played as played_lesson


def lesson(lesson_id: str) -> Lesson:
    return lesson_named("fightball", lesson_id)


def played(item: Lesson, steps: int | None = None) -> State:
    return played_lesson("fightball", item.id, steps)


def stack(state: State, number: int) -> dict[str, Any]:
    play: dict[str, Any] = state.view(None)["court"][number - 1]["play"]
    return play


def test_the_lessons_start_with_a_play_and_the_buzz() -> None:
    assert [item.id for item in lessons("fightball")][:3] == ["play", "discard", "buzz"]


def test_the_first_play_is_complete_and_would_score() -> None:
    play = stack(played(lesson("play")), 9)
    assert play["status"] == "complete" and play["value"] == 14 and play["succeeds"] and play["play_points"] == 3


def test_the_buzz_lesson_wins_the_last_quarter() -> None:
    state = played(lesson("buzz"))
    assert state.is_over and state.view(None)["score"] == {"home": 12, "away": 11}
    assert state.view("home")["outcome"]["winners"] == ["home"]


def test_the_matching_ball_turns_a_failing_play_into_a_score() -> None:
    item = lesson("ball")
    before = lesson_state("fightball", item)
    assert stack(before, 5)["ball"] and stack(before, 5)["value"] == 5
    play = stack(played(item, 3), 5)
    assert play["value"] == 11 and play["succeeds"]
    assert played(item).view(None)["score"] == {"home": 2, "away": 0}


def test_the_block_sinks_their_play() -> None:
    item = lesson("block")
    play = stack(played(item, 1), 17)
    assert play["status"] == "complete" and play["value"] == 9 and not play["succeeds"]
    assert played(item).view(None)["score"] == {"home": 0, "away": 0}


def test_the_new_shooter_clears_the_blocks() -> None:
    item = lesson("new-shooter")
    assert stack(lesson_state("fightball", item), 10)["value"] == 0
    play = stack(played(item), 10)
    # Zal's 5 starts the play again: the blocks (to 1, then -2) and the old Ball are gone
    assert play["running"] == [5, 1, -2, 0, 5, 7, 14] and play["succeeds"] and play["scorer"] == "home"


def test_the_false_start_scores_for_the_learner() -> None:
    state = played(lesson("false-start"))
    assert state.view(None)["score"] == {"home": 2, "away": 0}


def test_the_early_shot_costs_a_point_but_the_play_goes_on() -> None:
    item = lesson("early-shot")
    play = stack(played(item, 5), 9)
    assert play["value"] == 14 and play["succeeds"] and play["fouls"] == {"home": 0, "away": 1}
    assert played(item).view(None)["score"] == {"home": 3, "away": 1}


def test_the_board_shows_an_early_shot_foul_while_the_play_is_still_being_built() -> None:
    state = played(lesson("early-shot"), 1)
    board = state.game.render_text(state.view("home"))
    assert "= 5 so far, needs Ball and Shot; foul: 1 to The Dark" in board
