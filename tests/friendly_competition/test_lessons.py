"""The guided lessons teach what they say: each lesson played through as its steps ask ends in
the position its words describe, so a rules change that breaks a lesson's point fails here."""

from __future__ import annotations

from typing import Any

from tabletop.core import State
from tabletop.guide.lessons import lessons
from tests.lesson_steps import played as played_lesson

NAME = "friendly-competition"


def played(lesson_id: str, steps: int | None = None) -> State:
    return played_lesson(NAME, lesson_id, steps)


def teamster(view: dict[str, Any], seat: str, number: int) -> dict[str, Any]:
    return next(member for member in view["teams"][seat] if member["number"] == number)


def test_the_course_starts_with_a_turn_and_a_goal_and_keeps_every_lesson() -> None:
    ids = [lesson.id for lesson in lessons(NAME)]
    assert ids[:2] == ["turn", "goal"]
    assert {"tackle", "pass", "jostle"} <= set(ids) and 6 <= len(ids) <= 9


def test_the_turn_lesson_ends_blues_turn_when_its_points_run_out() -> None:
    before_last = played("turn", steps=2).view("seat1")
    assert before_last["side"] == "seat1" and before_last["ap"] == 1
    state = played("turn")
    view = state.view("seat1")
    ended = next(event.text for event in state.events if event.kind == "end-turn")
    assert ended == "Blue's turn ends: no action points left."
    assert view["turn"] == 3 and view["side"] == "seat1" and view["ap"] == 10
    assert view["ball"]["holder"] == "seat1:2" and view["ball"]["at"] == "j10"


def test_the_goal_lesson_scores_by_carrying_the_ball_over_the_line() -> None:
    view = played("goal").view("seat1")
    assert view["score"] == {"seat1": 1, "seat2": 0}


def test_the_pickup_lesson_charges_a_point_for_picking_up() -> None:
    on_the_ball = played("pickup", steps=3).view("seat1")
    assert on_the_ball["ball"]["holder"] is None and teamster(on_the_ball, "seat1", 2)["at"] == "j10"
    view = played("pickup").view("seat1")
    assert view["ball"]["holder"] == "seat1:2" and view["ap"] == on_the_ball["ap"] - 1 == 6


def test_the_intercept_lesson_takes_the_ball_on_reds_turn_for_nothing() -> None:
    state = played("intercept")
    view = state.view("seat1")
    assert view["ball"]["holder"] == "seat1:2"
    assert "free on the other side's turn" in next(event.text for event in state.events if event.kind == "try")
    assert view["turn"] == 2 and view["side"] == "seat1" and view["ap"] == 10


def test_the_foul_lesson_risks_nothing_on_the_first_tackle_and_fouls_on_the_second() -> None:
    after_first = played("foul", steps=1)
    assert after_first.view("seat1")["side"] == "seat1" and not any(e.kind == "foul" for e in after_first.events)
    state = played("foul")
    assert [event.kind for event in state.events].count("foul") == 1
    assert next(event.text for event in state.events if event.kind == "end-turn") == "Blue's turn ends: a foul."
