"""Lessons played as the learner plays them, for the tests that check each lesson teaches what
it says."""

from __future__ import annotations

from tabletop.core import State
from tabletop.guide import Lesson, lesson_state, lessons
from tabletop.guide.lessons import play_others


def lesson_named(game: str, lesson_id: str) -> Lesson:
    return next(lesson for lesson in lessons(game) if lesson.id == lesson_id)


def played(game: str, lesson_id: str, steps: int | None = None, last: str | None = None) -> State:
    """The lesson's table after the learner has taken its first ``steps`` steps as asked (all by
    default), the other seats answering as they do in the lesson; ``last`` replaces the learner's
    final action (to show what another choice would have done)."""
    lesson = lesson_named(game, lesson_id)
    state = lesson_state(game, lesson)
    chosen = lesson.steps[:steps]
    for number, step in enumerate(chosen, 1):
        text = last if last is not None and number == len(chosen) else step.expect
        assert text is not None, f"step {step.say!r} of {lesson_id} names no action"
        state.apply(lesson.seat, state.game.parse_action(text))
        play_others(state, lesson.seat, step)
    return state
