"""Real-time play (``turn_style == "real-time"``, such as Fightball's fast round).

Every seat that may act is in ``to_act`` and actions apply in the order they arrive. A game that
keeps its own clock (``elapse``) is told how much real time has passed before each action and
whenever it has a ``deadline`` (Fightball's buzzer-beater window), so its records carry the real
pace and a window closes on time. Here a computer seat acts ``agent.reaction_time(state, seat)`` seconds after
it becomes able to act (never faster than :data:`MIN_PACE` against a human), while the human
types actions whenever they like; stdin is polled with ``select`` so neither waits for the other.
With no human at the table, :class:`~tabletop.agents.realtime.RealTimeTable` runs the agents on
a simulated clock, without waiting, exactly as the simulation lab does.
"""

from __future__ import annotations

import codecs
import io
import os
import re
import select
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager, nullcontext
from pathlib import Path

from rich.text import Text

from tabletop.agents.realtime import RealTimeTable
from tabletop.core import Action

from .output import Narrator, is_interactive, make_console
from .play import SvgWriter, Table
from .screen import Screen
from .session import AgentFailure, QuitGame
from .terminal import MENU_LIMIT, TurnSession

__all__ = ["MIN_PACE", "LineReader", "RealtimeSession", "keys_mode"]

MIN_PACE = 0.25
"""Seconds a computer waits at least before acting against a human, so the human can follow."""
LOG_LINES = 8
NOTE_LINES = 24


def columns(lines: list[str], width: int) -> list[str]:
    """A long menu side by side in as many columns as fit, so the screen need not scroll.
    The heading and any odds lines keep a line of their own."""
    head, items = lines[:1], lines[1:]
    if len(items) < 12 or any(line.startswith("        ") for line in items):
        return lines
    cell = max(map(len, items)) + 2
    count = max(1, min(3, width // cell))
    rows = -(-len(items) // count)
    return head + ["".join(items[r + c * rows].ljust(cell) for c in range(count) if r + c * rows < len(items)).rstrip()
                   for r in range(rows)]


class LineReader:
    """Whole lines from a file descriptor, waiting at most a given time for each.

    With ``editing`` (a terminal in :func:`keys_mode`) it reads key by key and keeps the line
    being typed in :attr:`typed`, so a redraw can show it again; ``on_typing`` is called whenever
    it changes. Backspace and Ctrl-U edit it, Ctrl-D on an empty line ends the input, and other
    control keys (arrows and the like) are ignored.
    """

    def __init__(self, fd: int, *, editing: bool = False, on_typing: Callable[[], None] | None = None) -> None:
        self.fd = fd
        self.buffer = b""
        self.closed = False
        self.editing = editing
        self.on_typing = on_typing
        self.typed = ""
        self._keys = ""
        self._decoder = codecs.getincrementaldecoder("utf-8")(errors="replace")

    def readline(self, timeout: float | None) -> str | None:
        """The next line, None if none arrived in ``timeout`` seconds; EOFError at the end."""
        deadline = None if timeout is None else time.monotonic() + timeout
        while (line := self._take_line()) is None:
            if self.closed:
                if self.buffer or self.typed:
                    rest = self.typed + self.buffer.decode(errors="replace")
                    self.buffer, self.typed = b"", ""
                    return rest.strip()
                raise EOFError
            wait = None if deadline is None else max(0.0, deadline - time.monotonic())
            ready, _, _ = select.select([self.fd], [], [], wait)
            if not ready:
                return None
            chunk = os.read(self.fd, 4096)
            if chunk:
                self.buffer += chunk
            else:
                self.closed = True
        return line

    def _take_line(self) -> str | None:
        if not self.editing:
            if b"\n" not in self.buffer:
                return None
            line, _, self.buffer = self.buffer.partition(b"\n")
            return line.decode(errors="replace").strip()
        if not self.buffer and not self._keys:
            return None
        keys = self._keys + self._decoder.decode(self.buffer)
        self.buffer, self._keys = b"", ""
        before = self.typed
        index = 0
        while index < len(keys):
            key = keys[index]
            index += 1
            if key in "\r\n":
                entered, self.typed = self.typed, ""
                self._keys = keys[index:]
                self._typing(before)
                return entered.strip()
            if key == "\x1b":  # an escape sequence (an arrow key): skip it whole
                match = ESCAPE.match(keys, index - 1)
                if match is None:
                    self._keys = keys[index - 1:]  # the rest has not arrived yet
                    break
                index = match.end()
            elif key in "\x7f\b":
                self.typed = self.typed[:-1]
            elif key == "\x15":  # Ctrl-U
                self.typed = ""
            elif key == "\x04" and not self.typed:  # Ctrl-D
                self.closed = True
            elif key.isprintable():
                self.typed += key
        self._typing(before)
        return None

    def _typing(self, before: str) -> None:
        if self.typed != before and self.on_typing is not None:
            self.on_typing()


ESCAPE = re.compile(r"\x1b(?:\[[0-9;?]*[@-~]|O.|[^\[O])", re.DOTALL)
"""An escape sequence as terminals send them for arrow, function and Alt keys."""


@contextmanager
def keys_mode(fd: int) -> Iterator[bool]:
    """Put the terminal on ``fd`` into key-by-key input without echo (Ctrl-C still interrupts),
    restoring it afterwards; yields False, changing nothing, where that is not possible."""
    try:
        import termios
        import tty

        saved = termios.tcgetattr(fd)
    except (ImportError, OSError):
        yield False
        return
    try:
        tty.setcbreak(fd, termios.TCSANOW)
        attributes = termios.tcgetattr(fd)
        attributes[3] &= ~termios.ECHO
        termios.tcsetattr(fd, termios.TCSANOW, attributes)
        yield True
    finally:
        termios.tcsetattr(fd, termios.TCSADRAIN, saved)


class RealtimeSession(TurnSession):
    """Real-time games: computers act on their own schedule, the human whenever they type."""

    def __init__(self, table: Table, narrator: Narrator, *, save: Path | None, svg: SvgWriter) -> None:
        super().__init__(table, narrator, save=save, svg=svg)
        self.menu: list[Action] = []
        self.notes: list[str] = []
        self.screen = Screen(narrator.console.file, narrator.console.size.height)
        self._ticket = 0
        self.echo = not is_interactive()
        self._clock_started = time.monotonic()
        self._clock_told = 0.0
        self.reader = LineReader(-1)

    def loop(self) -> None:
        if not self.humans:
            self.simulate()
            return
        (human,) = self.humans
        fd = sys.stdin.fileno()
        # On a terminal the session reads key by key and echoes the line itself, so a redraw
        # (whenever the computer acts) shows what the person has typed so far instead of wiping it.
        editing = self.narrator.console.is_terminal and not self.echo
        with keys_mode(fd) if editing else nullcontext(False) as keys:
            self.reader = LineReader(fd, editing=keys, on_typing=lambda: self.screen.prompt(self._prompt_line(human)))
            self._play(human, self.reader)

    def _play(self, human: str, reader: LineReader) -> None:
        due: dict[str, tuple[float, int]] = {}
        self.redraw(human)
        while not self.state.is_over:
            now = time.monotonic()
            if self._run_clock(now):
                self.redraw(human)
                continue
            self._schedule(due, now, MIN_PACE)
            ready = [seat for seat, at in due.items() if at[0] <= now]
            if ready:
                seat = min(ready, key=lambda s: due[s])
                del due[seat]
                self.computer_turn(seat)
                self.redraw(human)
                continue
            wait = min(at for at, _ in due.values()) - now if due else None
            deadline: float | None = getattr(self.state, "deadline", None)
            if deadline is not None:
                until = max(0.0, deadline - self._clock_told) + 0.001
                wait = until if wait is None else min(wait, until)
            try:
                line = reader.readline(wait)
            except EOFError:
                print()
                raise QuitGame("The input ended; the game is left unfinished.") from None
            if line is None:
                continue
            if self._run_clock(time.monotonic()):
                self.narrator.line(f"Too late for {line!r}: time ran out first.")
                self.redraw(human)
                continue
            if self.echo:
                print(line, flush=True)
            if self._answer(human, line):
                self.redraw(human)
            elif not self.narrator.console.is_terminal:
                self._prompt(human)

    def _run_clock(self, now: float) -> bool:
        """Tell a game with its own clock the real time that has passed; True if that alone
        moved the game on (a window closed)."""
        elapse = getattr(self.state, "elapse", None)
        seconds = now - self._clock_started
        if elapse is None or seconds <= self._clock_told:
            return False
        logged = len(self.state.events)
        elapse(seconds - self._clock_told)
        self._clock_told = seconds
        return len(self.state.events) != logged

    def simulate(self) -> None:
        """Computer-only real time on the agents' simulated clock: deterministic, without waiting."""
        table = RealTimeTable(self.table.agents, seed=self.state.rng.seed)
        while not self.state.is_over:
            try:
                table.step(self.state)
            except Exception as exc:  # an agent bug ends the game cleanly
                raise AgentFailure(f"a computer player failed: {type(exc).__name__}: {exc}") from exc
            self.svg.write(self.state)
            self.narrate_all()

    def _schedule(self, due: dict[str, tuple[float, int]], now: float, floor: float) -> None:
        """Give each computer seat that may act a time to act; forget seats that may not.

        Times carry a ticket number so equal times go first come, first served: two
        equally quick agents take turns instead of one starving the other.
        """
        to_act = self.state.to_act
        for seat, agent in self.table.agents.items():
            if seat in to_act:
                if seat not in due:
                    self._ticket += 1
                    due[seat] = (now + max(floor, agent.reaction_time(self.state, seat)), self._ticket)
            else:
                due.pop(seat, None)

    def redraw(self, human: str) -> None:
        """The human's screen: recent log, board, and what they may do now. On a terminal only
        the lines that changed are repainted (see :class:`~tabletop.cli.screen.Screen`)."""
        state = self.state
        if self.narrator.console.is_terminal:
            self.menu = [] if state.is_over else list(state.legal_actions(human))
            self.seen[human] = len(state.events)
            self.screen.paint(self.screen_lines(human))
            return
        self.show_new_events(human)
        if state.is_over:
            return
        self.show_board(human)
        self.menu = list(state.legal_actions(human))
        if self.menu:
            self.show_menu(human, self.menu, MENU_LIMIT)
        else:
            self.narrator.line("Nothing for you to do this moment.")
        self._prompt(human)

    def screen_lines(self, human: str) -> list[str]:
        """Everything on the real-time screen, top to bottom, ending with the prompt."""
        state = self.state
        width = self.narrator.console.size.width
        rules = self.game.event_rules
        log = [e.text + (f"  [{rule}]" if (rule := e.rule or rules.get(e.kind)) else "")
               for e in state.events_for(human)[-LOG_LINES:]]
        lines = [f"{self.game.info.title}, in real time: type an action's number or text whenever you like; "
                 "help for more."[:width]]
        lines += [""] * (LOG_LINES - len(log)) + [text[:width] for text in log]
        lines.append(f"--- {human}'s view ---")
        lines += self.game.render_text(state.view(human)).rstrip("\n").splitlines()
        if self.menu:
            lines += columns(self.menu_lines(human, self.menu, MENU_LIMIT), width)
        elif not state.is_over:
            lines.append("Nothing for you to do this moment.")
        lines += self.notes
        # A line wider than the terminal would wrap and shift every row below it.
        return [line[: width - 1] for line in lines] + [self._prompt_line(human)]

    def _prompt_line(self, human: str) -> str:
        """The prompt with what has been typed at it so far."""
        return f"{human}> {self.reader.typed}"

    def _answer(self, human: str, line: str) -> bool:
        """Take one typed line; on a terminal, what it prints goes into the screen's notes."""
        if not self.narrator.console.is_terminal:
            return self.answer(human, self.menu, line)
        buffer = io.StringIO()
        console = self.narrator.console
        self.narrator.console = make_console(buffer)
        try:
            done = self.answer(human, self.menu, line)
        finally:
            self.narrator.console = console
        self.notes = [] if done else buffer.getvalue().splitlines()[-NOTE_LINES:]
        if not done:
            self.redraw(human)
        return done

    def _prompt(self, human: str) -> None:
        self.narrator.console.print(Text(f"{human}> "), end="")
        self.narrator.console.file.flush()

    def _undo(self) -> bool:
        self.narrator.line("Undo is not allowed: the game runs in real time.")
        return False
