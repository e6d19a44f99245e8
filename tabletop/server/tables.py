"""A table in play: its game state, its seats, and what each person at it may be shown.

Everything a client receives is built here from the engine's public API for the asker's own seat
(``view``, ``events_for``, ``legal_actions``, ``describe_action``); a spectator is seat None.
So nothing a seat may not see can reach it, whatever the game.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import json
import unicodedata
from dataclasses import dataclass, field
from typing import Any

import tabletop
from tabletop.core import Action, Event, Game, State
from tabletop.core.record import RecordedAction, cut_record
from tabletop.core.undo import undo_last_human_decision
from tabletop.guide import event_rule

from .sight import Sightings

__all__ = ["HUMAN", "Client", "LiveTable", "SeatInfo", "TableError", "TableSettings", "hash_token", "shown_name", "shown_part"]

HUMAN = "human"
OUTBOX_LIMIT = 256
FORMS_KEPT = 20_000


class TableError(Exception):
    """A request the table refuses; ``code`` names the reason, ``status`` is its HTTP status."""

    def __init__(self, code: str, message: str, status: int = 409) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.status = status


def hash_token(token: str) -> str:
    """The SHA-256 of a seat token: the only form the server stores.

    >>> len(hash_token("a secret"))
    64
    """
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


JOINERS = {"\u200c", "\u200d"}
"""Invisible characters that belong in a name: they join the parts of an emoji or of a word."""
INVISIBLE = {"Cc", "Cf", "Cs"}
"""Control and formatting characters, and halves of surrogate pairs."""


def shown_name(text: str | None, limit: int = 80) -> str | None:
    r"""A name people type, as everyone else is shown it: no control characters, no invisible
    formatting (a right-to-left override would turn round whatever the page shows after the name),
    runs of spaces as one; None when nothing readable is left.

    >>> shown_name("  \u202eAnn\x00  & Bob ")
    'Ann & Bob'
    >>> shown_name("\u200b \t") is None
    True
    """
    if text is None:
        return None
    kept = "".join(" " if char.isspace() else char for char in text
                   if char in JOINERS or char.isspace() or unicodedata.category(char) not in INVISIBLE)
    return " ".join(kept.split())[:limit] or None


MAX_THINK = 30.0
"""The most seconds a computer at a server table may think over one move."""


@dataclass(frozen=True)
class TableSettings:
    """How the server runs a table: computers' thinking time and pace, what the end reveals, and
    whether the lobby lists it (a private table is found only through its links)."""

    think: float = 1.0
    pace: float = 0.5
    reveal_at_end: bool = True
    private: bool = False

    def to_json(self) -> dict[str, Any]:
        return {"think": self.think, "pace": self.pace, "reveal_at_end": self.reveal_at_end, "private": self.private}


@dataclass
class SeatInfo:
    seat: str
    position: int
    kind: str
    agent: str | None = None
    player: str | None = None
    token_hash: str | None = None

    @property
    def is_computer(self) -> bool:
        return self.kind != HUMAN

    @property
    def taken(self) -> bool:
        return self.is_computer or self.token_hash is not None

    def to_json(self, connected: bool) -> dict[str, Any]:
        return {"seat": self.seat, "kind": self.kind, "agent": self.agent, "player": self.player,
                "taken": self.taken, "connected": connected}


@dataclass
class UndoRequest:
    """An undo asked for: ``label`` is the decision in its maker's own words, which in a game
    with hidden information only that seat may read (it names the card placed, the row)."""

    by: str
    label: str
    step: int
    waiting: set[str]
    hidden: bool = False
    #: the others' later moves, made again after the cut to ``step`` (see ``undo_last_human_decision``)
    kept: list[tuple[str, Action]] = field(default_factory=list)

    def label_for(self, seat: str | None) -> str:
        return self.label if seat == self.by or not self.hidden else f"{self.by}'s last decision"


@dataclass(eq=False)
class Client:
    """One WebSocket: whose eyes it has, how much of that seat's log it holds, and its outbox."""

    seat: str | None
    seen: int = 0
    svg: bool = False
    reset: bool = False
    #: the last update sent, less its log lines (see :func:`shown_part`)
    shown: str | None = None
    outbox: asyncio.Queue[str | None] = field(default_factory=lambda: asyncio.Queue(OUTBOX_LIMIT))

    def send(self, text: str) -> None:
        try:
            self.outbox.put_nowait(text)
        except asyncio.QueueFull:
            # A client this far behind has stopped reading: close it; it reconnects and catches up.
            while not self.outbox.empty():
                self.outbox.get_nowait()
            self.outbox.put_nowait(None)


@dataclass(eq=False)
class LiveTable:
    id: str
    name: str
    game: Game
    seed: int
    settings: TableSettings
    seats: dict[str, SeatInfo]
    state: State
    created_at: str
    finished_at: str | None = None
    log_count: int = 0
    epoch: int = 0
    version: int = 0
    client_ids: set[tuple[str, str]] = field(default_factory=set)
    clients: set[Client] = field(default_factory=set)
    jobs: dict[str, asyncio.Task[None]] = field(default_factory=dict)
    undo: UndoRequest | None = None
    # Real time: the event loop's time at which the game's clock read zero, and the timer that
    # wakes the table when time alone moves the game on (a window closing).
    clock_origin: float | None = None
    clock_timer: asyncio.TimerHandle | None = None
    _logs: dict[str | None, tuple[list[Event], list[Event]]] = field(default_factory=dict)
    _checked: dict[str | None, int] = field(default_factory=dict)
    _forms: dict[Action, dict[str, Any]] = field(default_factory=dict)
    _undo_answers: dict[str, tuple[tuple[int, int | None, bool], bool]] = field(default_factory=dict)
    _sight: Sightings | None = None

    # -- who sits where --------------------------------------------------------------------

    @property
    def status(self) -> str:
        if self.state.is_over:
            return "finished"
        if not all(info.taken for info in self.seats.values()):
            return "open"
        return "running"

    @property
    def humans(self) -> tuple[str, ...]:
        return tuple(seat for seat, info in self.seats.items() if not info.is_computer)

    def seat_for_token(self, token: str) -> str:
        """The seat this token belongs to; compared in constant time against every seat's hash."""
        digest = hash_token(token)
        found = None
        for seat, info in self.seats.items():
            stored = info.token_hash or ""
            if hmac.compare_digest(stored.encode(), digest.encode()) and stored:
                found = seat
        if found is None:
            raise TableError("bad_token", "that token does not belong to a seat at this table", 403)
        return found

    def log_for(self, seat: str | None) -> list[Event]:
        """``state.events_for(seat)``, extended as the log grows instead of filtered anew each time.
        An undo replaces the state and so its event list, which starts the cache again."""
        events = self.state.events
        source, log = self._logs.get(seat, (None, []))
        if source is not events:
            log = []
        checked = self._checked.get(seat, 0) if source is events else 0
        log.extend(event for event in events[checked:] if event.visible(seat))
        self._logs[seat] = (events, log)
        self._checked[seat] = len(events)
        return log

    def sightings(self) -> Sightings:
        """Each viewer's step count, brought up to the present (the hub looks after every action,
        so only a new state, after an undo or a reload, is replayed)."""
        sight = self._sight
        if sight is None or not sight.follows(self.state):
            sight = self._sight = Sightings.of(self.state)
        else:
            sight.look(self.state)
        return sight

    def step_for(self, viewer: str | None) -> int:
        return self.sightings().step(viewer)

    def connected(self, seat: str) -> bool:
        return any(client.seat == seat for client in self.clients)

    # -- what a person may see -------------------------------------------------------------

    def summary(self) -> dict[str, Any]:
        state = self.state
        public_seed = state.is_over and self.settings.reveal_at_end
        return {
            "id": self.id,
            "name": self.name,
            "game": self.game.name,
            "title": self.game.info.title,
            "turn_style": self.game.info.turn_style,
            "options": dict(self.game.options),
            "seats": [info.to_json(self.connected(seat)) for seat, info in self.seats.items()],
            "status": self.status,
            # a finished game's replays step through the whole history; until then, a spectator's count
            "step": len(state.history) if state.is_over else self.step_for(None),
            "to_act": list(state.to_act),
            "outcome": state.outcome.to_json() if state.outcome else None,
            "settings": self.settings.to_json(),
            "seed": self.seed if public_seed else None,
            "created_at": self.created_at,
            "finished_at": self.finished_at,
        }

    def update(self, seat: str | None, since: int = 0, *, svg: bool = False, reset: bool = False) -> dict[str, Any]:
        """The ``update`` message for ``seat``: its view, its log from ``since`` on, its legal actions."""
        state = self.state
        log = self.log_for(seat)
        if reset or since > len(log):
            since, reset = 0, True
        running = self.status == "running"
        legal = state.legal_actions(seat) if seat is not None and running else []
        message: dict[str, Any] = {
            "type": "update",
            "table": self.id,
            "status": self.status,
            "epoch": self.epoch,
            "step": self.step_for(seat),
            "seat": seat,
            "to_act": list(state.to_act),
            "your_turn": bool(legal),
            "view": state.view(seat),
            "events_from": since,
            "reset": reset,
            "events": [event_json(self.game, event, number) for number, event in enumerate(log[since:], since + 1)],
            "legal": [{**self.action_forms(action), "label": state.describe_action(seat, action)}
                      for action in legal] if seat is not None else [],
            "outcome": state.outcome.to_json() if state.outcome else None,
            "players": [info.to_json(self.connected(s)) for s, info in self.seats.items()],
            "undo": self.undo_json(seat),
            "can_undo": seat is not None and running and self.can_undo(seat),
        }
        if svg:
            message["svg"] = self.game.render_svg(message["view"])
        return message

    def action_forms(self, action: Action) -> dict[str, Any]:
        """An action's JSON and text forms; the same actions come back move after move, so they are kept."""
        forms = self._forms.get(action)
        if forms is None:
            if len(self._forms) > FORMS_KEPT:
                self._forms.clear()
            forms = self._forms[action] = {"action": action.to_json(), "text": str(action)}
        return forms

    def undo_for(self, seat: str, known: int | None = None) -> tuple[State, Action]:
        """The position with ``seat``'s last decision taken back (see ``undo_last_human_decision``),
        and that decision; TableError when undo is refused now. With ``known``, as if the game were
        still where the history that long left it."""
        if self.game.info.turn_style == "real-time":
            raise TableError("undo_refused", "undo is not allowed: the game runs in real time")
        if self.state.is_over:
            raise TableError("game_over", "the game is over; nothing can be taken back")
        if self.undo is not None:
            raise TableError("undo_pending", f"{self.undo.by} already asked to take back a decision")
        state = self.state
        if known is not None and known < len(state.history):
            state = tabletop.replay(cut_record(state.record(), known), verify=False)
        result = undo_last_human_decision(state, (seat,))
        if isinstance(result, str):
            raise TableError("undo_refused", f"undo is not allowed: {result}")
        earlier, _, action = result
        return earlier, action

    def can_undo(self, seat: str) -> bool:
        """Whether ``seat`` may ask for an undo, as far as it can tell: from the position where its
        own step began, so that a hidden move of another seat since does not show in it (should
        that move bar the undo, the request says so). Kept per position, as working it out replays
        the game."""
        sight = self.sightings()
        known = sight.history_at(seat, sight.step(seat))
        position = (self.epoch, known, self.undo is None)
        found = self._undo_answers.get(seat)
        if found is None or found[0] != position:
            try:
                self.undo_for(seat, known)
                answer = True
            except TableError:
                answer = False
            found = self._undo_answers[seat] = (position, answer)
        return found[1]

    def undo_json(self, seat: str | None) -> dict[str, Any] | None:
        """The undo waiting for answers, as ``seat`` may read it."""
        if self.undo is None:
            return None
        label = self.undo.label_for(seat)
        return {"by": self.undo.by, "label": label, "label_hidden": label != self.undo.label,
                "waiting_for": sorted(self.undo.waiting)}

    def broadcast(self, *, reset: bool = False) -> None:
        """Send every client what changed for its own seat (the whole log again after an undo). A
        client whose position did not change is sent nothing: the message itself would say that
        someone made a move hidden from it."""
        cache: dict[tuple[str | None, int, bool, bool], tuple[str, str, bool]] = {}
        for client in list(self.clients):
            again = reset or client.reset
            key = (client.seat, client.seen, client.svg, again)
            if key not in cache:
                message = self.update(client.seat, client.seen, svg=client.svg, reset=again)
                cache[key] = (json.dumps(message), shown_part(message), bool(message["events"]))
            text, shown, told = cache[key]
            client.reset = False
            client.seen = len(self.log_for(client.seat))
            if again or told or shown != client.shown:
                client.shown = shown
                client.send(text)

    def tell(self, message: dict[str, Any], *, skip: Client | None = None) -> None:
        text = json.dumps(message)
        for client in list(self.clients):
            if client is not skip:
                client.send(text)

    def tell_undo(self, kind: str) -> None:
        """An undo's news to everyone, each in the words their seat may read."""
        for client in list(self.clients):
            client.send(json.dumps({"type": kind, **(self.undo_json(client.seat) or {})}))

    def tell_players(self, skip: Client | None = None) -> None:
        """Who sits where and who is connected, after someone comes or goes."""
        players = [info.to_json(self.connected(s)) for s, info in self.seats.items()]
        self.tell({"type": "players", "players": players}, skip=skip)

    def record_for(self, seat: str | None) -> dict[str, Any]:
        """The record the asker may have.

        A finished game's full record (seed and every decision) is public when the table
        reveals at the end; otherwise the asker gets a transcript of what it saw: its log, its own
        decisions (every decision, in games where nothing is hidden), and no seed.
        """
        state = self.state
        if state.is_over and self.settings.reveal_at_end:
            return state.record().model_dump(mode="json")
        hidden = self.game.info.hidden_information
        sight = self.sightings()
        # steps as the asker counted them, so the numbering tells nothing of the others' hidden moves
        return {
            "format": "tabletop-transcript",
            "game": self.game.name,
            "options": dict(self.game.options),
            "seat": seat,
            "seats": list(state.seats),
            "steps": sight.step(seat),
            "actions": [{"step": sight.step_after(seat, number), "seat": who, "action": action.to_json()}
                        for number, (who, action) in enumerate(state.history, 1) if not hidden or who == seat],
            "events": [event_json(self.game, event, number) for number, event in enumerate(self.log_for(seat), 1)],
            "view": state.view(seat),
            "outcome": state.outcome.to_json() if state.outcome else None,
        }


def shown_part(update: dict[str, Any]) -> str:
    """An update message without its log lines: equal for two updates that show the same position."""
    return json.dumps({key: value for key, value in update.items() if key not in ("events", "events_from", "reset")})


def event_json(game: Game, event: Event, number: int) -> dict[str, Any]:
    """An event as a client sees it: numbered in the viewer's own log; private lines only marked;
    with the rule that produced it."""
    return {"seq": number, "kind": event.kind, "text": event.text, "data": event.data,
            "private": event.visible_to is not None, "rule": event_rule(game, event)}


def rebuild(game: Game, seed: int,
            log: list[tuple[str, str | None, dict[str, Any] | None, int | None, float | None]]) -> State:
    """The state a table's log leads to: actions in order, each undo cutting back to its step, and a
    real-time game's clock run to each action's time before it, as it ran in play."""
    actions: list[RecordedAction] = []
    for kind, seat, action, back_to, clock in log:
        if kind == "undo" and back_to is not None:
            del actions[back_to:]
        elif seat is not None and action is not None:
            actions.append(RecordedAction(seat=seat, action=action, at=clock))
    record = tabletop.Record(game=game.name, options=dict(game.options), seed=seed, actions=actions)
    return tabletop.replay(record, verify=False)
