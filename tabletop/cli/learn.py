"""``tabletop learn GAME``: guided lessons, each teaching one rule by letting the player do it.

A lesson is a prepared position with scripted dice (see :mod:`tabletop.guide.lessons`). The
player sees the usual board, log and numbered actions and may use every prompt command (odds,
hint, why, rule, ...); an action other than the one the lesson is about is explained, not taken.
"""

from __future__ import annotations

from typing import Annotated

import typer

import tabletop
from tabletop.core import Action
from tabletop.guide import Lesson, lesson_state, lessons, rule_text
from tabletop.guide.lessons import LessonStep, matches, play_on, play_others

from .errors import fail, game_errors
from .output import Narrator, make_console
from .play import HUMAN, SvgWriter, Table
from .session import QuitGame
from .terminal import Prompt, TurnSession

__all__ = ["LessonSession", "register"]


class LessonSession(TurnSession):
    """One lesson at the terminal: the learner's seat is asked, step by step."""

    def __init__(self, name: str, lesson: Lesson, narrator: Narrator) -> None:
        state = lesson_state(name, lesson)
        kinds = {seat: HUMAN if seat == lesson.seat else "heuristic" for seat in state.seats}
        super().__init__(Table(state.game, state, kinds), narrator, save=None,
                         svg=SvgWriter(None, state.game, lesson.seat))
        self.lesson = lesson
        self.name = name
        self.step: LessonStep | None = None

    def teach(self) -> None:
        lesson, say, seat = self.lesson, self.narrator.line, self.lesson.seat
        self.narrator.rule(lesson.title)
        wording = rule_text(self.name, lesson.rule)
        say(f"Rule {lesson.rule}: {wording}" if wording else f"Rule {lesson.rule}.")
        say(lesson.intro)
        for number, step in enumerate(lesson.steps, 1):
            self.step = step
            say("")
            say(f"Step {number} of {len(lesson.steps)}: {step.say}", style="bold")
            if step.expect is not None:
                say(f"Type: {step.expect}")
            self.human_turn(seat)
            if step.after:
                say(step.after)
            play_others(self.state, seat, step)
            self.show_new_events(seat)
        self.step = None
        if lesson.play_on_until:
            play_on(self.state, lesson.play_on_until)
            self.show_new_events(seat)
        say("")
        say(f"Well done. {lesson.done}", style="bold")

    def _take(self, seat: str, action: Action) -> bool:
        step = self.step
        if step is not None and not matches(self.state, seat, step, action):
            reason = self.state.explain(seat, action)
            if reason is not None:
                self.narrator.line(f"Not allowed: {reason}")
            else:
                wanted = step.expect or f"a {step.expect_kind} action"
                self.narrator.line(f"That is legal, but this lesson is about something else: type {wanted}.")
            return False
        return super()._take(seat, action)

    def _undo(self) -> bool:
        self.narrator.line("A lesson goes forward only; type quit and start it again to repeat it.")
        return False


def register(app: typer.Typer) -> None:
    app.command("learn")(learn)


def learn(
    game: Annotated[str, typer.Argument(metavar="GAME", help="The game's name, as `tabletop list` shows it.")],
    lesson: Annotated[int | None, typer.Option(
        "--lesson", "-l", metavar="N", help="Start at lesson N (see --list) [default: 1].")] = None,
    only: Annotated[bool, typer.Option("--only", help="Play just that one lesson.")] = False,
    list_them: Annotated[bool, typer.Option("--list", help="List the game's lessons and stop.")] = False,
) -> None:
    """Learn a game by playing short guided lessons, one rule each, with dice set up to teach it.

    At the prompt type the action the lesson asks for (or its number), or any of: help, board,
    log, all, odds, hint, why ACTION, rule ID, quit.
    """
    with game_errors():
        info = tabletop.game_class(game).info
        found = lessons(info.name)
    if not found:
        fail(f"{info.name} has no lessons yet")
    narrator = Narrator(make_console())
    if list_them:
        for number, item in enumerate(found, 1):
            narrator.line(f"{number:>2}. {item.title} ({item.rule})")
        return
    first = 1 if lesson is None else lesson
    if not 1 <= first <= len(found):
        fail(f"{info.name} has lessons 1 to {len(found)}; there is no lesson {first}")
    chosen = found[first - 1 : first] if only else found[first - 1 :]
    narrator.line(f"{info.title}: {len(found)} lesson(s). Type help at any prompt for the commands.",
                  style="bold")
    try:
        for number, item in enumerate(chosen, first):
            if number > first:
                answer = Prompt().ask(f"Press Enter for lesson {number}, {item.title}, or type quit. ")
                if answer.lower() in ("quit", "exit", "q"):
                    break
            with game_errors():
                LessonSession(info.name, item, narrator).teach()
    except QuitGame as stop:
        narrator.line(str(stop))
        return
    narrator.line(f"That is every lesson of {info.title}. Play a game: tabletop play {info.name}")
