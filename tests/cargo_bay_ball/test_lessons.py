"""The guided lessons teach what they say: each lesson played through as its steps ask ends in
the position its words describe, so a rules change that breaks a lesson's point fails here."""

from __future__ import annotations

from typing import Any

from tabletop.core import State
from tabletop.guide.lessons import lessons
from tests.lesson_steps import played as played_lesson

NAME = "cargo-bay-ball"


def played(lesson_id: str, steps: int | None = None) -> State:
    return played_lesson(NAME, lesson_id, steps)


def crew(state: State, slug: str) -> dict[str, Any]:
    return next(member for member in state.view("seat1")["crew"] if member["crew"] == slug)


def test_the_course_starts_with_scoring_and_a_turn_and_keeps_every_lesson() -> None:
    ids = [lesson.id for lesson in lessons(NAME)]
    assert ids[:2] == ["shoot", "turn"]
    assert {"shoot", "steal", "pass", "block"} <= set(ids) and 6 <= len(ids) <= 9


def test_the_turn_lesson_moves_hands_off_mid_move_and_passes_the_turn() -> None:
    state = played("turn")
    assert crew(state, "wash")["at"] == "G5" and crew(state, "mal")["has_ball"]
    events = state.events
    wash_steps = [n for n, event in enumerate(events) if event.kind == "move" and event.text.startswith("Wash")]
    handoff = next(n for n, event in enumerate(events) if event.kind == "handoff")
    assert len(wash_steps) == 3 and wash_steps[0] < handoff < wash_steps[-1]
    assert [event.text for event in events if event.kind == "turn"] == ["Jayne's turn (side 2).", "Mal's turn (side 1)."]
    assert state.view("seat1")["turn"]["crew"] == "mal"


def test_the_slobberknock_lesson_wins_on_a_tie_and_takes_the_dropped_ball() -> None:
    after_knock = played("slobberknock", steps=1)
    assert crew(after_knock, "simon")["status"] == "down" and crew(after_knock, "jayne")["status"] == "standing"
    assert "7 against 4+3=7" in after_knock.events[0].text
    state = played("slobberknock")
    assert crew(state, "simon")["at"] == "G5" and crew(state, "simon")["status"] == "down"
    assert crew(state, "jayne")["has_ball"] and crew(state, "jayne")["at"] == "F5"
    assert state.view("seat1")["turn"]["move_left"] == 4


def test_the_side_on_lesson_cannot_score_from_the_edge_but_scores_in_front() -> None:
    start = played("side-on", steps=0)
    shot = start.game.parse_action("shoot")
    assert start.odds("seat1", shot).chance("scores") == 0
    state = played("side-on")
    assert state.view("seat1")["score"] == {"1": 1, "2": 0}


def test_the_dangerous_play_lesson_sends_the_attacker_off_without_a_roll() -> None:
    # the lesson scripts only the slobberknocker's two dice: an Official's roll would run out of them
    state = played("dangerous-play")
    assert crew(state, "jayne")["status"] == "penalty-box"
    assert crew(state, "simon")["status"] == "down" and crew(state, "simon")["on_obstacle"]


def test_the_climb_lesson_ends_the_move_on_the_obstacle_and_scores_with_the_bonus() -> None:
    climbed = played("climb", steps=1)
    assert crew(climbed, "kaylee")["on_obstacle"]
    assert climbed.view("seat1")["turn"] == {"side": 1, "crew": "kaylee", "actions_left": 1, "move_left": 0}
    state = played("climb")
    assert "SHOOT 7 (+3 on an obstacle near the goal)" in next(e.text for e in state.events if e.kind == "shoot")
    assert state.view("seat1")["score"] == {"1": 1, "2": 0}
