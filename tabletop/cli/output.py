"""Everything the command line prints about a game: headers, boards, the log and the outcome.

``play`` and ``replay`` share this narrator, so a computer-only game and its replay read
identically, line for line. Game text (event sentences, boards) is printed literally, never
read as rich markup, and never wrapped, so it stays greppable in a pipe.
"""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Iterable, Mapping
from typing import TextIO

from rich.console import Console
from rich.rule import Rule
from rich.text import Text

from tabletop.core import Event, Game, Outcome, State

__all__ = ["ALL", "CLEAR_SCROLLBACK", "Narrator", "Viewer", "make_console", "viewer_label"]

CLEAR_SCROLLBACK = "\x1b[3J"
"""The xterm sequence (ED 3) that erases the terminal's scrollback buffer."""


class _All:
    """The narrator's viewpoint that sees every event, for games no human is playing."""

    def __repr__(self) -> str:
        return "ALL"


ALL = _All()
Viewer = str | None | _All
"""Whose eyes the narration uses: a seat, None for a spectator, or ALL."""


def viewer_label(viewer: Viewer) -> str:
    if viewer is ALL:
        return "everything"
    return "spectator" if viewer is None else str(viewer)


def make_console(file: TextIO | None = None) -> Console:
    """A console that never wraps game text and leaves colour to the terminal (NO_COLOR works)."""
    return Console(file=file, soft_wrap=True, highlight=False, markup=False, emoji=False)


def stderr_console() -> Console:
    return make_console(sys.stderr)


class Narrator:
    """Prints a game the same way wherever it comes from."""

    def __init__(self, console: Console) -> None:
        self.console = console
        self.rules: Mapping[str, str] = {}

    # -- plain building blocks ---------------------------------------------------------------

    def line(self, text: str = "", style: str = "") -> None:
        self.console.print(Text(text, style=style))

    def rule(self, title: str) -> None:
        if self.console.is_terminal:
            self.console.print(Rule(Text(title, style="bold")))
        else:
            self.line(f"--- {title} ---")

    def clear(self, *, scrollback: bool = False) -> None:
        """Wipe the screen on a terminal (with ``scrollback``, the scrollback too); in a pipe,
        mark the break instead.

        The scrollback matters at a shared terminal: the next player must not scroll up to the
        last one's hand.
        """
        if self.console.is_terminal:
            self.console.clear()
            if scrollback:
                self.console.file.write(CLEAR_SCROLLBACK)
                self.console.file.flush()
        else:
            self.line("=" * 40)

    # -- the game ------------------------------------------------------------------------------

    def header(self, state: State, *, show_seed: bool = True) -> None:
        """Title, seats and options; the seed only when ``show_seed`` (in a game that hides
        information the seed tells every deal, so a player must not see it while playing)."""
        game = state.game
        info = game.info
        self.rules = game.event_rules
        seed = f", seed {state.rng.seed}" if show_seed else ""
        self.line(f"{info.title} ({info.name}){seed}", style="bold")
        self.line(f"Seats: {', '.join(state.seats)}")
        if game.options:
            self.line("Options: " + ", ".join(f"{k}={_text(v)}" for k, v in game.options.items()))

    def board(self, game: Game, state: State, viewer: Viewer, title: str) -> None:
        seat = None if viewer is ALL or viewer is None else str(viewer)
        self.rule(title)
        self.console.print(Text(game.render_text(state.view(seat)).rstrip("\n")))

    def events(self, events: Iterable[Event], viewer: Viewer) -> None:
        """The log lines ``viewer`` may see, each with the rule that produced it (``[CBB-ACT-SHOOT-1]``,
        see ``tabletop rules GAME``); with ALL, private lines say whom they were for: ``[to seat1]``."""
        for event in events:
            if viewer is ALL:
                who = None if event.visible_to is None else ", ".join(sorted(event.visible_to)) or "nobody"
            elif event.visible(None if viewer is None else str(viewer)):
                who = None
            else:
                continue
            rule = event.rule or self.rules.get(event.kind)
            self.console.print(Text.assemble((f"[to {who}] " if who else "", "dim"), event.text,
                                             (f"  [{rule}]" if rule else "", "dim")))

    def outcome(self, state: State) -> None:
        outcome = state.outcome
        if outcome is None:
            self.line("The game is not finished.", style="bold")
            return
        self.line(describe_outcome(outcome, state.seats), style="bold")


def describe_outcome(outcome: Outcome, seats: Iterable[str]) -> str:
    if outcome.is_draw:
        head = "Game over: a draw"
    elif len(outcome.winners) == 1:
        head = f"Game over: {outcome.winners[0]} wins"
    else:
        head = f"Game over: {', '.join(outcome.winners)} win"
    text = f"{head} ({outcome.reason})."
    if outcome.scores:
        ordered = [s for s in seats if s in outcome.scores] + [s for s in outcome.scores if s not in seats]
        text += " Scores: " + ", ".join(f"{s} {_text(outcome.scores[s])}" for s in ordered) + "."
    return text


def _text(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def enable_line_editing() -> None:
    """Give ``input()`` prompts history and cursor keys at a terminal, through the standard
    library's readline where the platform has it; pipes and files read lines as before."""
    if not is_interactive():
        return
    with contextlib.suppress(ImportError):
        import readline  # noqa: F401  (importing it is what turns line editing on for input())


def forget_typed_lines() -> None:
    """Empty the prompt history, so the next player at a shared terminal cannot bring back the
    last one's secret choices with the up arrow."""
    readline = sys.modules.get("readline")
    if readline is not None:
        readline.clear_history()


def is_interactive() -> bool:
    """True when a person is typing at a terminal (not a pipe or a test harness)."""
    try:
        return os.isatty(sys.stdin.fileno())
    except (OSError, ValueError):
        return False
