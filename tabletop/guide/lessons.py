"""Guided lessons: short scenarios with scripted dice, each teaching one rule by doing it.

A game's lessons live in ``lessons.json`` in its folder. Each lesson sets up a position (a
scenario, options and the dice that make it work), then walks the learner through steps: what
to try, the action that does it, and what to notice afterwards. Other seats answer with the
actions the lesson scripts, or else as the heuristic player would (seeded, so every run of a
lesson is the same).
"""

from __future__ import annotations

import json
from functools import lru_cache
from importlib import import_module
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

import tabletop
from tabletop.agents import make_agent
from tabletop.core import Action, BadScenario, InvalidAction, State

__all__ = ["Lesson", "LessonStep", "asked_for", "lesson_state", "lessons", "matches", "play_on", "play_others"]


class LessonStep(BaseModel):
    """One thing to do: ``say`` explains it, ``expect`` is the action (its text form) that
    does it, or ``expect_kind`` any action of that kind; ``after`` is said once it is done.
    ``replies`` are other seats' actions to take next, as ``[seat, action text]`` pairs."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    say: str
    expect: str | None = None
    expect_kind: str | None = None
    after: str = ""
    replies: tuple[tuple[str, str], ...] = ()


class Lesson(BaseModel):
    """A lesson: the rule it teaches, the position, the dice, the learner's seat and the steps."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    id: str
    title: str
    rule: str
    intro: str
    seat: str = "seat1"
    options: dict[str, Any] = Field(default_factory=dict)
    scenario: dict[str, Any] | None = None
    dice: Any = None
    seed: int = 1
    setup: tuple[tuple[str, str], ...] = ()
    steps: tuple[LessonStep, ...]
    play_on_until: str | None = None
    done: str


class _LessonFile(BaseModel):
    model_config = ConfigDict(extra="forbid")

    lessons: tuple[Lesson, ...]


def _folder(name: str) -> Path:
    module = tabletop.game_class(name).__module__.rsplit(".", 1)[0]
    return Path(import_module(module).__file__ or "").parent


@lru_cache(maxsize=16)
def lessons(name: str) -> tuple[Lesson, ...]:
    """The lessons of game ``name``, in teaching order (empty when it has none)."""
    path = _folder(tabletop.game_class(name).info.name) / "lessons.json"
    if not path.is_file():
        return ()
    try:
        return _LessonFile.model_validate(json.loads(path.read_text(encoding="utf-8"))).lessons
    except (ValidationError, ValueError) as exc:
        raise BadScenario(f"{path} is not a valid lesson file: {exc}") from None


def lesson_state(name: str, lesson: Lesson) -> State:
    """The lesson's opening position, with its scripted dice and its setup moves made."""
    game = tabletop.load(name, **lesson.options)
    state = game.new_state(seed=lesson.seed, scenario=lesson.scenario, dice=lesson.dice)
    for seat, text in lesson.setup:
        state.apply(seat, game.parse_action(text))
    return state


def matches(state: State, seat: str, step: LessonStep, action: Action) -> bool:
    """Does ``action`` do what ``step`` asks?"""
    if step.expect is not None:
        try:
            return action == state.game.parse_action(step.expect)
        except InvalidAction:
            return False
    return step.expect_kind is None or action.kind == step.expect_kind


def asked_for(state: State, seat: str, step: LessonStep) -> tuple[Action, str] | None:
    """The one action ``step`` asks for, with its label as the game describes it, when it names
    one. A lesson's words say what to do; each interface shows how (the command to type, the
    move to click)."""
    if step.expect is None:
        return None
    action = state.game.parse_action(step.expect)
    return action, state.describe_action(seat, action)


def play_others(state: State, seat: str, step: LessonStep, seed: int = 0) -> None:
    """After the learner's action: the step's scripted replies, then the heuristic for any
    other seat until the learner is to act again (or the game ends)."""
    for other, text in step.replies:
        state.apply(other, state.game.parse_action(text))
    agent = make_agent("heuristic", seed=seed)
    guard = 0
    while not state.is_over and seat not in state.to_act and guard < 500:
        other = state.to_act[0]
        state.apply(other, agent.choose(state, other))
        guard += 1


def play_on(state: State, until: str, seed: int = 0) -> None:
    """Every seat plays as the heuristic would until an event of kind ``until`` (or the end)."""
    agent = make_agent("heuristic", seed=seed)
    start = len(state.events)
    guard = 0
    while not state.is_over and guard < 500 and not any(e.kind == until for e in state.events[start:]):
        seat = state.to_act[0]
        state.apply(seat, agent.choose(state, seat))
        guard += 1
