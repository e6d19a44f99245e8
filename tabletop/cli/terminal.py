"""Turn-based play at the terminal: the human prompt, pass-and-play hand-over, and undo.

A human sees their board (``render_text`` of their own view), the log lines they may see since
they last looked, and the numbered legal actions. They answer with a number, an action's text
form, or a command (see :data:`HELP`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path

from tabletop.core import Action, IllegalAction, InvalidAction, possessive
from tabletop.core.undo import undo_last_human_decision

from .help import HELP_WORDS, table_help
from .output import Narrator, enable_line_editing, forget_typed_lines, is_interactive
from .play import SvgWriter, Table
from .session import QuitGame, Session

__all__ = ["HELP", "TurnSession", "undo_last_human_decision"]

MENU_LIMIT = 40
FORCE = "--force"

HELP = """At the prompt, type:
  a number        take that action from the list
  an action       its text form, such as the one shown in brackets
  Enter           take the suggested default, when the prompt offers one
  board           show your board again
  log             show the whole log as you saw it
  all             list every legal action
  undo            take back the last human decision, when no dice were rolled or cards
                  dealt since and, in games with hidden information, nobody else acted
                  or was told anything since
  odds [N]        the chance of each outcome of the actions that roll or draw (or of action N)
  hint            what the strongest computer player would do here, and each action's
                  estimated chance to win from what you can see (takes a second or two)
  why ACTION      why an action (its number or text) is not allowed now, with its rule
  rule ID         the words of a rule; each log line ends with the ID of its rule
  save FILE       save the game record so far (save --force FILE replaces an existing file)
  quit            leave the game (the record is saved if --save was given: in an unfinished
                  game with hidden information, your own seat's record, as with save)"""

MENU_ODDS = 8


class Prompt:
    """Reads a player's lines; echoes them when input comes from a pipe, so transcripts read well."""

    def __init__(self) -> None:
        self.echo = not is_interactive()
        enable_line_editing()

    def ask(self, text: str) -> str:
        try:
            line = input(text)
        except EOFError:
            print()
            raise QuitGame("The input ended; the game is left unfinished.") from None
        if self.echo:
            print(line, flush=True)
        return line.strip()


class TurnSession(Session):
    """Sequential and simultaneous games: computers act at once, humans are asked in turn."""

    def __init__(self, table: Table, narrator: Narrator, *, save: Path | None, svg: SvgWriter) -> None:
        super().__init__(table, narrator, save=save, svg=svg)
        self.prompt = Prompt()
        self.on_screen: str | None = None

    @property
    def current_human(self) -> str:
        return self.on_screen or self.humans[0]

    def loop(self) -> None:
        while not self.state.is_over:
            to_act = self.state.to_act
            # Computers first in a simultaneous choice: their secret picks cannot tell a human anything.
            seat = next((s for s in to_act if s in self.table.agents), to_act[0])
            if seat in self.table.agents:
                self.computer_turn(seat)
            else:
                self.human_turn(seat)

    # -- one human decision ----------------------------------------------------------------------

    def human_turn(self, seat: str) -> None:
        if self.hidden and len(self.humans) > 1 and self.on_screen != seat:
            self.hand_over(seat)
        self.on_screen = seat
        self.show_new_events(seat)
        self.narrator.board(self.game, self.state, seat, f"{seat} to act")
        legal = self.state.legal_actions(seat)
        self.show_menu(seat, legal, MENU_LIMIT)
        while not self.answer(seat, legal, self.prompt.ask(self._prompt_text(seat))):
            pass

    def _prompt_text(self, seat: str) -> str:
        default = self.state.auto_action(seat)
        if default is not None:
            return f"{seat} [Enter: {self.state.describe_action(seat, default)}]> "
        return f"{seat}> "

    def answer(self, seat: str, legal: Sequence[Action], line: str) -> bool:
        """Act on one line of input; True once the seat's decision is made (or undone)."""
        word, _, rest = line.partition(" ")
        command = word.lower()
        say = self.narrator.line
        if command in ("help", "?"):
            say(HELP)
        elif command == "quit" or command == "exit":
            raise QuitGame("You left the game unfinished.")
        elif command == "board":
            self.show_board(seat)
        elif command == "log":
            self.narrator.events(self.state.events, seat)
        elif command == "all":
            self.show_menu(seat, legal, None)
        elif command == "save":
            self._save(seat, rest.strip())
        elif command in HELP_WORDS:
            table_help(self.state, seat, legal, command, rest.strip(), say)
        elif command == "undo":
            return self._undo()
        elif not line:
            default = self.state.auto_action(seat)
            if default is None:
                say(f"Type the number of an action (1-{len(legal)}), an action, or help.")
                return False
            return self._take(seat, default)
        elif re.fullmatch(r"[-+]?\d{1,18}", line):
            number = int(line)
            if not 1 <= number <= len(legal):
                say(f"There is no action {number}; pick 1 to {len(legal)}.")
                return False
            return self._take(seat, legal[number - 1])
        else:
            by_label = [a for a in legal if self.state.describe_action(seat, a).lower() == line.lower()]
            if len(by_label) == 1:
                return self._take(seat, by_label[0])
            try:
                action = self.game.parse_action(line)
            except InvalidAction as exc:
                say(f"Cannot read that: {exc}. Type a number, an action, or help.")
                return False
            return self._take(seat, action)
        return False

    def _take(self, seat: str, action: Action) -> bool:
        try:
            self.apply(seat, action)
        except IllegalAction as exc:
            self.narrator.line(f"Not allowed: {exc}")
            return False
        self.show_new_events(seat)
        return True

    def _save(self, seat: str, name: str) -> None:
        force = name == FORCE or name.startswith(FORCE + " ")
        name = name.removeprefix(FORCE).strip() if force else name
        if not name:
            self.narrator.line("Say where: save FILE")
            return
        path = Path(name).expanduser()
        if not force and not self.may_replace(path):
            self.narrator.line(f"{name} already exists; to replace it, type: save {FORCE} {name}")
            return
        try:
            self.save_record(path, seat)
        except OSError as exc:
            self.narrator.line(f"Cannot save to {name}: {exc.strerror or exc}")

    def _undo(self) -> bool:
        result = undo_last_human_decision(self.state, self.humans)
        if isinstance(result, str):
            self.narrator.line(f"Undo is not allowed: {result}.")
            return False
        earlier, seat, action = result
        label = earlier.describe_action(seat, action)
        self.replace_state(earlier)
        self.narrator.line(f"Took back {possessive(seat)} decision: {label}.")
        return True

    # -- screens -----------------------------------------------------------------------------------

    def hand_over(self, seat: str) -> None:
        """Clear the screen and wait, so the next player cannot see the last one's secrets."""
        self.narrator.clear(scrollback=True)
        forget_typed_lines()
        self.narrator.line(f"Pass the terminal to {seat}.", style="bold")
        if self.prompt.ask(f"{seat}, press Enter when you are ready. ").lower() in ("quit", "exit"):
            raise QuitGame("You left the game unfinished.")
        self.narrator.clear(scrollback=True)

    def show_board(self, seat: str) -> None:
        self.narrator.board(self.game, self.state, seat, f"{possessive(seat)} view")

    def show_menu(self, seat: str, legal: Sequence[Action], limit: int | None) -> None:
        for line in self.menu_lines(seat, legal, limit):
            self.narrator.line(line)

    def menu_lines(self, seat: str, legal: Sequence[Action], limit: int | None) -> list[str]:
        """The numbered actions, with the odds of those that roll under them."""
        lines = ["Your options:"]
        shown = legal if limit is None else legal[:limit]
        # Odds appear under the actions they concern in games without hidden information (quick
        # to count); in the others they are a command away, as working them out takes longer.
        with_odds = 0 if self.hidden else MENU_ODDS
        for number, action in enumerate(shown, 1):
            label = self.state.describe_action(seat, action)
            text = str(action)
            lines.append(f"  {number:>2}. {label}" + ("" if label == text else f"  [{text}]"))
            odds = self.state.odds(seat, action) if with_odds else None
            if odds is not None:
                with_odds -= 1
                lines.append("        " + odds.text().removeprefix(odds.action + ": "))
        if len(shown) < len(legal):
            lines.append(f"  ... and {len(legal) - len(shown)} more: type 'all' to list them, or type an action.")
        return lines
