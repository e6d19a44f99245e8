"""The server's tables: creating, seating, acting, undoing, and the computer players' moves.

Every change happens on the event loop, one at a time, in the order requests arrive: the action
is checked by the engine, appended to the database log, and only then shown to the clients. A
failed check changes nothing anywhere. Computer players decide in the worker pool.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import pickle
import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from limits import parse as parse_rate
from sqlalchemy import Engine, insert, select, update
from sqlalchemy.orm import Session

import tabletop
from tabletop.agents import BadAgentSpec, make_agent, parse_agent_spec
from tabletop.core import Action, BadOption, IllegalAction, Option, Randomness, TabletopError

from .computers import agent_seed, decide, make_pool, reaction_time
from .db import LogRow, SeatRow, TableRow, iso, now
from .tables import (
    HUMAN,
    MAX_THINK,
    LiveTable,
    SeatInfo,
    TableError,
    TableSettings,
    UndoRequest,
    hash_token,
    rebuild,
    shown_name,
)

__all__ = ["Hub", "ServerSettings"]

log = logging.getLogger("tabletop.server")
LOG_INSERT = insert(LogRow)
TOKEN_BYTES = 32


@dataclass(frozen=True)
class ServerSettings:
    """The database URL, how many workers of which kind (``process`` or ``thread``) the computer
    players think in, how many tables are kept live in memory at most (see :meth:`Hub.table`),
    and the most messages one socket may send and tables one address may open, as rates such as
    ``200/second`` (see :func:`limits.parse`)."""

    database: str = "sqlite:///tabletop.db"
    workers: int = 2
    pool: str = "process"
    tables_in_memory: int = 200
    message_rate: str = "200/second"
    table_rate: str = "30/minute"

    def __post_init__(self) -> None:
        if self.tables_in_memory < 1:
            raise ValueError(f"tables_in_memory is at least 1, not {self.tables_in_memory}")
        for name in ("message_rate", "table_rate"):
            try:
                allowed = parse_rate(getattr(self, name)).amount
            except ValueError:
                allowed = 0
            if allowed < 1:
                raise ValueError(f"{name} is a rate of at least 1, such as '20/second' or '30/minute', not "
                                 f"{getattr(self, name)!r}")


class Hub:
    """All tables of one server process, live in memory, with the database as the truth."""

    def __init__(self, engine: Engine, settings: ServerSettings) -> None:
        self.engine = engine
        self.settings = settings
        self.tables: dict[str, LiveTable] = {}
        self.pool = make_pool(settings.pool, settings.workers)
        self.loop: asyncio.AbstractEventLoop | None = None

    # -- start and stop --------------------------------------------------------------------

    def start(self) -> None:
        """Load the newest unfinished tables from the log, as many as may stay in memory, and let
        their computers play on. Older ones wait in the database for their next visit, as a table
        that left memory does: a server that ran for months has many an abandoned table, and
        replaying them all would keep it from answering for minutes."""
        self.loop = asyncio.get_running_loop()
        with Session(self.engine) as session:
            newest = session.scalars(select(TableRow.id).where(TableRow.status != "finished")
                                     .order_by(TableRow.created_at.desc(), TableRow.id.desc())
                                     .limit(self.settings.tables_in_memory)).all()
        for table_id in reversed(newest):  # so that the newest is the most recently used
            # a table is driven as it is loaded; one that no longer loads must not keep the rest from play
            with contextlib.suppress(TableError):
                self.table(table_id)

    def stop(self) -> None:
        for table in self.tables.values():
            if table.clock_timer is not None:
                table.clock_timer.cancel()
            for task in table.jobs.values():
                task.cancel()
        self.pool.shutdown(wait=False, cancel_futures=True)

    # -- finding tables --------------------------------------------------------------------

    def table(self, table_id: str) -> LiveTable:
        """The live table, replayed from its log if it is not in memory.

        A server that runs for months sees far more tables than it needs at once, so at most
        ``settings.tables_in_memory`` stay live: past that the least recently used idle ones are
        let go (see :func:`idle`). The database holds everything about them, and their next visit
        replays them as a restart would."""
        table = self.tables.pop(table_id, None)
        if table is None:
            table = self._load(table_id)
            self.tables[table_id] = table
            self._let_go(keep=table_id)
            self.drive(table)
        else:
            self.tables[table_id] = table  # the most recently used last
        return table

    def _let_go(self, keep: str) -> None:
        excess = len(self.tables) - self.settings.tables_in_memory
        if excess > 0:
            for table_id in [t.id for t in self.tables.values() if t.id != keep and idle(t)][:excess]:
                del self.tables[table_id]

    def _load(self, table_id: str) -> LiveTable:
        with Session(self.engine) as session:
            row = session.get(TableRow, table_id[:32])
            if row is None:
                raise TableError("no_table", f"there is no table {table_id!r}", 404)
            seat_rows = session.scalars(select(SeatRow).where(SeatRow.table_id == row.id)
                                        .order_by(SeatRow.position)).all()
            lines = session.scalars(select(LogRow).where(LogRow.table_id == row.id).order_by(LogRow.number)).all()
            try:
                game = tabletop.load(row.game, **row.options)
                state = rebuild(game, row.seed, [(line.kind, line.seat, line.action, line.back_to, line.clock)
                                                 for line in lines])
            except Exception as exc:
                raise unreadable(row.id, exc) from None
            seats = {r.seat: seat_info(r) for r in seat_rows}
            return LiveTable(
                id=row.id, name=row.name, game=game, seed=row.seed, settings=TableSettings(**row.settings),
                seats=seats, state=state, created_at=iso(row.created_at) or "", finished_at=iso(row.finished_at),
                log_count=len(lines), epoch=sum(1 for line in lines if line.kind == "undo"),
                client_ids={(line.seat, line.client_id) for line in lines if line.seat and line.client_id},
            )

    def list_tables(self, status: str | None, limit: int = 100) -> list[dict[str, Any]]:
        """Newest first. A finished table not in memory is summed up from its rows, not replayed."""
        query = select(TableRow).where(TableRow.private.is_(False)).order_by(TableRow.created_at.desc()).limit(limit)
        if status is not None:
            query = query.where(TableRow.status == status)
        with Session(self.engine) as session:
            rows = session.scalars(query).all()
            stored = [row.id for row in rows if row.status == "finished" and row.id not in self.tables]
            seats: dict[str, list[SeatRow]] = {}
            for seat in session.scalars(select(SeatRow).where(SeatRow.table_id.in_(stored))
                                        .order_by(SeatRow.position)):
                seats.setdefault(seat.table_id, []).append(seat)
        summaries = []
        for row in rows:
            # a table that no longer loads is left out: nobody could join, watch or replay it
            with contextlib.suppress(TableError):
                summaries.append(finished_summary(row, seats[row.id]) if row.id in seats
                                 else self.table(row.id).summary())
        return summaries

    # -- creating and joining --------------------------------------------------------------

    def create(self, game_name: str, options: dict[str, Any], seats: Sequence[str] | None, seed: int | None,
               name: str | None, settings: TableSettings) -> LiveTable:
        try:
            refuse_own_files(tabletop.game_class(game_name).info.options, options)
            game = tabletop.load(game_name, **options)
        except TabletopError as exc:
            raise TableError("bad_game", str(exc), 422) from None
        kinds = list(seats) if seats is not None else [HUMAN] + ["medium"] * (len(game.seats) - 1)
        if len(kinds) != len(game.seats):
            raise TableError("bad_seats", f"{game.name} with these options has {len(game.seats)} seats "
                             f"({', '.join(game.seats)}); {len(kinds)} were given", 422)
        for kind in kinds:
            if kind != HUMAN:
                check_computer(kind, settings.think)
        if seed is None:
            seed = secrets.randbelow(2**31)
        state = game.new_state(seed=seed)
        created = now()
        table = LiveTable(
            id=secrets.token_urlsafe(9), name=shown_name(name) or game.info.title, game=game, seed=seed,
            settings=settings, state=state, created_at=created.isoformat(),
            seats={seat: SeatInfo(seat, position, HUMAN if kind == HUMAN else "computer",
                                  None if kind == HUMAN else kind)
                   for position, (seat, kind) in enumerate(zip(game.seats, kinds, strict=True), 1)},
        )
        with Session(self.engine) as session, session.begin():
            session.add(TableRow(id=table.id, name=table.name, game=game.name, options=dict(game.options),
                                 seed=seed, settings=settings.to_json(), status=table.status, created_at=created,
                                 private=settings.private))
            session.flush()
            for info in table.seats.values():
                session.add(SeatRow(table_id=table.id, seat=info.seat, position=info.position, kind=info.kind,
                                    agent=info.agent))
        self.tables[table.id] = table
        self._let_go(keep=table.id)
        self.drive(table)
        return table

    def join(self, table: LiveTable, seat: str | None, player: str | None) -> tuple[str, str]:
        """Sit at an open seat (the first one when ``seat`` is None); the new token, shown only now."""
        if table.status == "finished":
            raise TableError("game_over", "the game at this table is over; nobody can sit down")
        open_seats = [s for s, info in table.seats.items() if not info.taken]
        if seat is None:
            if not open_seats:
                raise TableError("no_open_seat", "every seat at this table is taken; you can watch instead")
            seat = open_seats[0]
        if seat not in table.seats:
            raise TableError("no_seat", f"there is no seat {seat!r}; the seats are {', '.join(table.seats)}", 404)
        if seat not in open_seats:
            raise TableError("seat_taken", f"{seat} is already taken; open seats: {', '.join(open_seats) or 'none'}")
        token = secrets.token_urlsafe(TOKEN_BYTES)
        digest, name = hash_token(token), shown_name(player) or seat
        seated = all(info.taken for other, info in table.seats.items() if other != seat)
        with Session(self.engine) as session, session.begin():
            session.execute(update(SeatRow).where(SeatRow.table_id == table.id, SeatRow.seat == seat)
                            .values(token_hash=digest, player=name, joined_at=now()))
            session.execute(update(TableRow).where(TableRow.id == table.id)
                            .values(status="running" if seated else "open"))
        info = table.seats[seat]
        info.token_hash, info.player = digest, name
        table.version += 1
        table.broadcast()
        self.drive(table)
        return seat, token

    # -- acting ----------------------------------------------------------------------------

    def act(self, table: LiveTable, seat: str | None, data: dict[str, Any] | str, *, claimed: str | None = None,
            client_id: str | None = None, step: int | None = None) -> None:
        """A person's action, checked and logged; raises :class:`TableError` and changes nothing otherwise."""
        if seat is None:
            raise TableError("not_a_player", "spectators cannot act; join a seat with its token to play", 403)
        if claimed is not None and claimed != seat:
            raise TableError("wrong_seat", f"your token is for {seat}, not {claimed}", 403)
        if table.state.is_over:
            raise TableError("game_over", "the game is over; no more actions are taken")
        if table.status == "open":
            raise TableError("not_started", "the table is waiting for players to sit down")
        if client_id is not None and (seat, client_id) in table.client_ids:
            raise TableError("duplicate", f"action {client_id!r} was already received; it is not taken twice")
        if step is not None:
            # steps as this seat counts them (see sight.py), each standing for a length of the history
            sight = table.sightings()
            now, then = sight.step(seat), sight.history_at(seat, step)
            if then is None:
                raise TableError("stale", f"that action was meant for step {step}, but the game is only at step "
                                 f"{now}; look at the position first")
            if any(who == seat for who, _ in table.state.history[then:]):
                raise TableError("stale", f"that action was meant for step {step}, but {seat} has acted since "
                                 f"(the game is at step {now}); look at the new position first")
        try:
            action = (table.game.parse_action(data) if isinstance(data, str)
                      else table.game.action_from_json(data))
        except IllegalAction as exc:
            raise TableError("bad_action", str(exc), 422) from None
        self.apply(table, seat, action, client_id)

    def apply(self, table: LiveTable, seat: str, action: Action, client_id: str | None = None) -> None:
        self._run_clock(table)
        state = table.state
        if seat not in state.to_act:
            waiting = ", ".join(state.to_act) or "nobody"
            raise TableError("not_your_turn", f"it is not {seat}'s decision now; waiting for {waiting}")
        try:
            state.apply(seat, action)
        except IllegalAction as exc:
            raise TableError("illegal_action", str(exc), 422) from None
        try:
            self._append(table, {"kind": "action", "seat": seat, "action": action.to_json(), "client_id": client_id,
                                 "clock": _action_clock(state)})
        except Exception:
            # The log is the truth: an action it did not take did not happen.
            log.exception("could not log an action at table %s; taking it back", table.id)
            table.state = rebuild_to(table, len(table.state.history) - 1)
            raise TableError("not_saved", "the server could not save that action; try again", 503) from None
        if client_id is not None:
            table.client_ids.add((seat, client_id))
        table.sightings()  # every position looked at as it comes: see LiveTable.sightings
        self._changed(table)

    def _append(self, table: LiveTable, line: dict[str, Any]) -> None:
        """One line at the end of the table's log (Core, not the ORM: this runs for every move)."""
        row = {"seat": None, "action": None, "back_to": None, "client_id": None, "clock": None, **line,
               "table_id": table.id, "number": table.log_count + 1, "at": now()}
        with self.engine.begin() as connection:
            connection.execute(LOG_INSERT, row)
            if table.state.is_over:
                finished = now()
                table.finished_at = finished.isoformat()
                outcome = table.state.outcome
                connection.execute(update(TableRow).where(TableRow.id == table.id).values(
                    status="finished", finished_at=finished, steps=len(table.state.history),
                    outcome=outcome.to_json() if outcome else None))
        table.log_count += 1

    def _changed(self, table: LiveTable, *, reset: bool = False) -> None:
        table.version += 1
        if table.undo is not None and not reset and not self._undo_stands(table):
            table.undo = None
            table.tell({"type": "undo_cancelled", "reason": "the game moved on"})
        table.broadcast(reset=reset)
        self.drive(table)

    # -- undo with consent -----------------------------------------------------------------

    def request_undo(self, table: LiveTable, seat: str | None) -> None:
        if seat is None:
            raise TableError("not_a_player", "spectators cannot undo", 403)
        others = {s for s in table.humans if s != seat and table.seats[s].taken}
        table.undo = undo_request(table, seat, others)
        if not others:
            self._undo(table)
            return
        table.tell_undo("undo_request")
        table.broadcast()  # the updates show it at once, not with the next move (which may be hidden)

    def _undo_stands(self, table: LiveTable) -> bool:
        """Whether the undo waiting for answers still holds after a move. Where information is
        hidden the others' moves stand through an undo, so one may come meanwhile (cancelling would
        tell the asker that a hidden move was made); elsewhere any move overtakes it."""
        request = table.undo
        if request is None or not request.hidden:
            return False
        table.undo = None
        try:
            table.undo = undo_request(table, request.by, request.waiting)
        except TableError:
            return False
        return True

    def reply_undo(self, table: LiveTable, seat: str | None, accept: bool) -> None:
        request = table.undo
        if request is None or seat is None or seat not in request.waiting:
            raise TableError("no_undo_pending", "nobody is waiting for your answer to an undo")
        if not accept:
            table.undo = None
            table.tell({"type": "undo_declined", "by": seat})
            table.broadcast()
            return
        request.waiting.discard(seat)
        if request.waiting:
            table.tell_undo("undo_request")
            table.broadcast()
        else:
            self._undo(table)

    def _undo(self, table: LiveTable) -> None:
        request = table.undo
        assert request is not None
        for task in table.jobs.values():
            task.cancel()
        table.jobs.clear()
        self._append(table, {"kind": "undo", "seat": request.by, "back_to": request.step})
        table.state = rebuild_to(table, request.step)
        for seat, action in request.kept:
            table.state.apply(seat, action)
            self._append(table, {"kind": "action", "seat": seat, "action": action.to_json()})
        table.epoch += 1
        table.tell_undo("undo_done")
        table.undo = None
        self._changed(table, reset=True)

    # -- computer players ------------------------------------------------------------------

    def drive(self, table: LiveTable) -> None:
        """Start a decision for every computer seat that is to act and has none under way."""
        if self.loop is None or table.status != "running":
            return
        self._arm_clock(table)
        for seat in table.state.to_act:
            info = table.seats[seat]
            if info.is_computer and seat not in table.jobs:
                table.jobs[seat] = self.loop.create_task(self._computer_move(table, seat))

    async def _computer_move(self, table: LiveTable, seat: str) -> None:
        loop = asyncio.get_running_loop()
        info = table.seats[seat]
        spec = info.agent or "medium"
        started = loop.time()
        real_time = table.game.info.turn_style == "real-time"
        try:
            if real_time:
                seed = agent_seed(table.seed, info.position, len(table.state.history))
                await asyncio.sleep(max(table.settings.pace, reaction_time(spec, seed, table.state, seat)))
            if seat not in table.state.to_act:
                return
            version = table.version
            seed = agent_seed(table.seed, info.position, len(table.state.history))
            position = pickle.dumps(table.state, pickle.HIGHEST_PROTOCOL)
            try:
                chosen = await loop.run_in_executor(self.pool, decide, position, seat, spec, seed,
                                                    table.settings.think)
                action = table.game.action_from_json(chosen)
            except (asyncio.CancelledError, RuntimeError):
                raise
            except Exception:
                log.exception("the computer player at %s of table %s failed; it plays a random move", seat, table.id)
                action = Randomness(seed).choice(table.state.legal_actions(seat))
            if not real_time:
                await asyncio.sleep(max(0.0, table.settings.pace - (loop.time() - started)))
            if table.version != version and (seat not in table.state.to_act or not _legal(table, seat, action)):
                return
            with contextlib.suppress(TableError):
                self.apply(table, seat, action)
        finally:
            if table.jobs.get(seat) is asyncio.current_task():
                del table.jobs[seat]
                self.drive(table)


    # -- real time ---------------------------------------------------------------------------

    def _run_clock(self, table: LiveTable) -> None:
        """Bring a game that keeps its own clock (Fightball) up to the real time passed at its table.

        The clock runs only while the table is running; after a restart it goes on from the last
        logged action, so time the server was down does not count."""
        elapse = getattr(table.state, "elapse", None)
        if elapse is None or self.loop is None or table.status != "running":
            return
        if table.clock_origin is None:
            table.clock_origin = self.loop.time() - table.state.elapsed  # type: ignore[attr-defined]
            return
        logged = len(table.state.events)
        behind = self.loop.time() - table.clock_origin - table.state.elapsed  # type: ignore[attr-defined]
        if behind > 0:
            elapse(behind)
        if len(table.state.events) != logged:  # time alone moved the game on: tell everyone
            self._changed(table)

    def _arm_clock(self, table: LiveTable) -> None:
        """Start the table's clock, and wake the table when time alone will next move its game on."""
        if self.loop is None or getattr(table.state, "elapse", None) is None:
            return
        if table.clock_origin is None:
            self._run_clock(table)
        if table.clock_timer is not None:
            table.clock_timer.cancel()
            table.clock_timer = None
        deadline: float | None = getattr(table.state, "deadline", None)
        if deadline is not None and table.clock_origin is not None:
            table.clock_timer = self.loop.call_at(table.clock_origin + deadline + 0.001, self._run_clock, table)


def refuse_own_files(declared: Sequence[Option], options: dict[str, Any]) -> None:
    """Options that name a data file take only the files the game bundles at a server table:
    a path would have the server open, and tell about, a file of its own machine."""
    for option in declared:
        value = options.get(option.name, option.default)
        if option.bundled and value not in option.bundled:
            names = " or ".join(repr(name) for name in option.bundled)
            raise BadOption(f"option '{option.name}' must be {names} at a server table: files of your own "
                            "are for games played at the terminal")


def check_computer(spec: str, think: float) -> None:
    """Refuse a computer seat the server cannot afford: its thinking shares the server's few
    workers with every table, so it thinks on one worker and for at most MAX_THINK seconds."""
    try:
        if parse_agent_spec(spec)[1].get("workers", "1").strip() != "1":
            raise BadAgentSpec("a computer at a server table thinks on one worker (workers=1): the server's "
                               "workers are shared by every table")
        seconds = getattr(make_agent(spec, think=think), "think", None)
        if seconds is not None and seconds > MAX_THINK:
            raise BadAgentSpec(f"a computer at a server table thinks at most {MAX_THINK:g} seconds a move, "
                               f"not {seconds:g}")
    except BadAgentSpec as exc:
        raise TableError("bad_seats", f"{exc}; or 'human' for a person", 422) from None


def idle(table: LiveTable) -> bool:
    """Whether the table may leave memory now: nobody is connected, no computer is thinking, no
    undo waits for an answer, and no game clock runs (time at a running real-time table counts
    only while it is live, as across a restart). A clock timer left from the game's last
    deadline does not count: its table is no longer running, and the timer then does nothing."""
    return (not table.clients and not table.jobs and table.undo is None
            and (table.clock_origin is None or table.status != "running"))


def _action_clock(state: Any) -> float | None:
    """The game's clock when its last action was taken, for games that keep one."""
    times: list[float] | None = getattr(state, "action_times", None)
    return times[-1] if times else None


def unreadable(table_id: str, exc: Exception) -> TableError:
    """The error for a stored table this server cannot set up again: its game, options or log no
    longer load (the game changed or left since it was played). Logged with its cause for the operator."""
    log.error("table %s cannot be loaded: %s: %s", table_id, type(exc).__name__, exc)
    why = str(exc) if isinstance(exc, TabletopError) else "its log of moves does not replay"
    return TableError("unreadable_table", f"table {table_id!r} cannot be set up on this server ({why}); "
                      "the game was changed since it was played, so it can no longer be played or watched", 500)


def seat_info(row: SeatRow) -> SeatInfo:
    return SeatInfo(row.seat, row.position, row.kind, row.agent, row.player, row.token_hash)


def finished_summary(row: TableRow, seats: list[SeatRow]) -> dict[str, Any]:
    """The summary of a finished table, from its rows alone (the same fields as a live table's)."""
    try:
        info = tabletop.game_class(row.game).info
    except TabletopError as exc:
        raise unreadable(row.id, exc) from None
    settings = TableSettings(**row.settings)
    return {
        "id": row.id, "name": row.name, "game": row.game, "title": info.title, "turn_style": info.turn_style,
        "options": dict(row.options), "seats": [seat_info(seat).to_json(False) for seat in seats],
        "status": row.status, "step": row.steps, "to_act": [], "outcome": row.outcome,
        "settings": settings.to_json(), "seed": row.seed if settings.reveal_at_end else None,
        "created_at": iso(row.created_at), "finished_at": iso(row.finished_at),
    }


def undo_request(table: LiveTable, seat: str, waiting: set[str]) -> UndoRequest:
    """``seat``'s undo as asked for now, waiting for ``waiting`` to agree; TableError if refused."""
    earlier, action = table.undo_for(seat)
    # where the histories part is where the decision was; what follows it (the others' moves
    # that did not hang on it, in a game that hides information) is kept
    history = table.state.history
    step = next((i for i, move in enumerate(earlier.history) if move != history[i]), len(earlier.history))
    return UndoRequest(by=seat, label=earlier.describe_action(seat, action), step=step, waiting=set(waiting),
                       hidden=table.game.info.hidden_information, kept=list(earlier.history[step:]))


def rebuild_to(table: LiveTable, step: int) -> Any:
    history = table.state.history[:step]
    times: list[float | None] = list(getattr(table.state, "action_times", None) or [None] * len(history))
    return rebuild(table.game, table.seed, [("action", seat, action.to_json(), None, times[k])
                                            for k, (seat, action) in enumerate(history)])


def _legal(table: LiveTable, seat: str, action: Action) -> bool:
    try:
        table.state.check(seat, action)
    except IllegalAction:
        return False
    return True
