"""What every way of playing at the terminal shares: narration per seat, computer moves, the
end of the game, saving and pictures.

Narration never shows a human an event they may not see: each human seat keeps a cursor into
the log and is shown only ``event.visible(seat)`` lines. With no human at the table the game is
narrated in full, private lines marked with whom they were for.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tabletop.core import Action, Event, Game, IllegalAction, State, possessive

from .errors import fail
from .output import ALL, Narrator
from .play import SvgWriter, Table

__all__ = ["AgentFailure", "QuitGame", "Session"]


class QuitGame(Exception):
    """The player stopped the game (``quit``, or the input ended); the message says how."""


class AgentFailure(Exception):
    """A computer player broke the rules or crashed; reported as a game error, not a traceback."""


class Session:
    """Runs one game at the terminal. Subclasses provide :meth:`loop`."""

    def __init__(self, table: Table, narrator: Narrator, *, save: Path | None, svg: SvgWriter) -> None:
        self.table = table
        self.narrator = narrator
        self.save_path = save
        # Files this session may replace: its own --save file (checked before the game began)
        # and every file it has written itself. Any other existing file is left alone unless asked.
        self.owned: set[Path] = {save.resolve()} if save is not None else set()
        self.svg = svg
        self.humans = table.humans
        self.hidden = table.game.info.hidden_information
        self.seen = dict.fromkeys(self.humans, 0)
        # The seed tells every deal: a player of a game that hides information learns it at the end.
        self.seed_secret = self.hidden and bool(self.humans)
        self.narrated = 0

    @property
    def state(self) -> State:
        return self.table.state

    @property
    def game(self) -> Game:
        return self.table.game

    # -- the whole game ----------------------------------------------------------------------

    def run(self) -> int:
        """Play to the end (or until the player quits); the exit code."""
        self.narrator.line("Players: " + ", ".join(f"{seat} {kind}" for seat, kind in self.table.kinds.items()))
        self.narrator.header(self.state, show_seed=not self.seed_secret)
        if not self.humans:
            self.narrate_all()
            self.narrator.board(self.game, self.state, ALL, "Opening position")
        self.svg.write(self.state)
        try:
            self.loop()
        except QuitGame as stop:
            self.narrator.line(str(stop))
            self.tell_seed()
            self.save_record()
            return 0
        except AgentFailure as exc:
            self.save_record()
            fail(str(exc))
        except KeyboardInterrupt:
            self.save_record()
            raise
        self.finish()
        return 0

    def loop(self) -> None:
        raise NotImplementedError

    def finish(self) -> None:
        state = self.state
        if not self.humans:
            self.narrate_all()
            self.narrator.board(self.game, state, ALL, "Final position")
        elif len(self.humans) == 1:
            (human,) = self.humans
            self.show_new_events(human)
            self.narrator.board(self.game, state, human, "Final position")
        else:
            if self.hidden:
                self.narrator.clear(scrollback=True)
            start = min(self.seen.values())
            self.narrator.events(state.events[start:], None)
            self.narrator.board(self.game, state, None, "Final position")
        self.narrator.outcome(state)
        self.tell_seed()
        self.save_record()

    def tell_seed(self) -> None:
        if self.seed_secret and self.state.is_over:
            self.narrator.line(f"The seed was {self.state.rng.seed}; play it again with --seed.")

    # -- moves ---------------------------------------------------------------------------------

    def computer_turn(self, seat: str) -> list[Event]:
        agent = self.table.agents[seat]
        try:
            action = agent.choose(self.state, seat)
        except Exception as exc:  # an agent bug must end the game cleanly, with its seed and seat
            raise AgentFailure(f"the computer player at {seat} ({self.table.kinds[seat]}) failed: "
                               f"{type(exc).__name__}: {exc}") from exc
        try:
            return self.apply(seat, action)
        except IllegalAction as exc:
            raise AgentFailure(f"the computer player at {seat} ({self.table.kinds[seat]}) "
                               f"chose an illegal action: {exc}") from exc

    def apply(self, seat: str, action: Action) -> list[Event]:
        events = self.state.apply(seat, action)
        self.svg.write(self.state)
        if not self.humans:
            self.narrate_all()
        return events

    # -- narration -----------------------------------------------------------------------------

    def narrate_all(self) -> None:
        events = self.state.events
        self.narrator.events(events[self.narrated :], ALL)
        self.narrated = len(events)

    def show_new_events(self, seat: str) -> None:
        events = self.state.events
        self.narrator.events(events[self.seen[seat] :], seat)
        self.seen[seat] = len(events)

    def replace_state(self, state: State) -> None:
        """Continue from another state (after an undo); cursors past its log move back."""
        self.table.state = state
        length = len(state.events)
        self.seen = {seat: min(seen, length) for seat, seen in self.seen.items()}
        self.narrated = min(self.narrated, length)
        self.svg.write(state)

    @property
    def current_human(self) -> str:
        """The human seat whose turn it is (or was last)."""
        return self.humans[0]

    def save_record(self, path: Path | None = None, seat: str | None = None) -> None:
        """Save the full record, unless the game hides information, is not over, and the person here
        did not play every seat: the full record's seed would tell every deal, so they get their
        own seat's record (``seat``'s, by default the human whose turn it is)."""
        target = path or self.save_path
        if target is None:
            return
        state = self.state
        if self.seed_secret and not state.is_over and set(self.humans) != set(state.seats):
            seat = seat or self.current_human
            self.write(state.seat_record(seat), target)
            self.narrator.line(f"Saved {possessive(seat)} record (what {seat} has seen; the full record is "
                               f"saved when the game ends) to {target}.")
            return
        self.write(state.record(), target)
        self.narrator.line(f"Saved the game record to {target}.")

    def may_replace(self, path: Path) -> bool:
        """True if writing ``path`` destroys nothing this session was not asked to replace."""
        return not path.exists() or path.resolve() in self.owned

    def write(self, record: Any, path: Path) -> None:
        record.save(path)
        self.owned.add(path.resolve())
