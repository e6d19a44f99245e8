"""The HTTP API (``/api/...``), the WebSocket (``/ws/tables/{id}``) and the browser's static files (``/``).

See docs/server.md for every endpoint and message with examples; ``/docs`` and ``/openapi.json``
give the OpenAPI schema of the HTTP part. Every route is ``async``: tables change only on the
event loop, one request at a time, never from FastAPI's thread pool.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import json
import logging
import secrets
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Annotated, Any, Literal

from fastapi import Depends, FastAPI, Header, Query, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from limits import RateLimitItem
from limits import parse as parse_rate
from limits.storage import MemoryStorage
from limits.strategies import MovingWindowRateLimiter
from pydantic import BaseModel, ConfigDict, Field
from starlette.exceptions import HTTPException as StarletteHTTPException

import tabletop
from tabletop.agents import STRENGTHS, agent_names
from tabletop.core import Game, IllegalAction, Option

from .db import connect, migrate
from .guide import router as guide_router
from .hub import Hub, ServerSettings
from .lookahead import preview, replay_step
from .protocol import (
    Act,
    Hello,
    Ping,
    ProtocolError,
    Undo,
    UndoReply,
    error_message,
    read_message,
    validation_message,
)
from .tables import MAX_THINK, OUTBOX_LIMIT, Client, LiveTable, TableError, TableSettings, shown_part

__all__ = ["create_app"]

log = logging.getLogger("tabletop.server")
STATIC = Path(__file__).resolve().parent.parent / "web" / "static"
HIDDEN_PREFIX = "test-"


class CreateTable(BaseModel):
    """A new table. ``seats`` lists, in seat order, ``human`` for a person or a computer player's spec."""

    model_config = ConfigDict(extra="forbid")

    game: str = Field(max_length=64, examples=["travel-sfb"])
    options: dict[str, Any] = Field(default_factory=dict, examples=[{"turn_limit": 20}])
    seats: list[Annotated[str, Field(max_length=200)]] | None = Field(default=None, max_length=8,
                                                                      examples=[["human", "hard"]])
    seed: int | None = Field(default=None, ge=0, lt=2**31)
    name: str | None = Field(default=None, max_length=80)
    think: float = Field(default=1.0, gt=0, le=MAX_THINK, description="seconds a searching computer player thinks")
    pace: float = Field(default=0.5, ge=0, le=10, description="seconds a computer move takes at least")
    reveal_at_end: bool = Field(default=True, strict=True, description="publish the full record when the game ends")
    private: bool = Field(default=False, strict=True, description="leave the table out of the lobby: only its links lead to it")


class Join(BaseModel):
    model_config = ConfigDict(extra="forbid")

    seat: str | None = Field(default=None, max_length=32, description="the seat to take; the first open one if left out")
    name: str | None = Field(default=None, max_length=80, description="the name the others see")


class Preview(BaseModel):
    model_config = ConfigDict(extra="forbid")

    action: dict[str, Any] = Field(description="the move in its JSON form", examples=[{"kind": "roll"}])


def _token(authorization: str | None, token: str | None) -> str | None:
    if authorization and authorization.lower().startswith("bearer "):
        return authorization[7:].strip()
    if authorization:
        # another scheme would otherwise be read as no token at all: a spectator's eyes, in silence
        raise TableError("bad_token", "a seat's token goes in the header as 'Authorization: Bearer TOKEN' "
                         "(or as ?token=TOKEN)", 401)
    return token


def asker(
    request: Request,
    table_id: str,
    authorization: Annotated[str | None, Header()] = None,
    token: Annotated[str | None, Query(max_length=200)] = None,
) -> tuple[LiveTable, str | None]:
    """The table and whose eyes the asker has: a seat by its token, or a spectator's without one."""
    table = request.app.state.hub.table(table_id)
    given = _token(authorization, token)
    return table, table.seat_for_token(given) if given else None


Asker = Annotated[tuple[LiveTable, str | None], Depends(asker)]


def server_option(option: Option) -> dict[str, Any]:
    """An option as a server table offers it: one naming a data file chooses among the bundled ones."""
    shown = option.to_json()
    if option.bundled:
        shown["choices"] = list(option.bundled)
        shown["help"] = f"{option.help} (at a server table: the bundled ones only)"
    return shown


def _draws(game_class: type[Game]) -> bool:
    return game_class.render_svg is not Game.render_svg


HTTP_CODES = {404: "not_found", 405: "method_not_allowed", 413: "too_large", 415: "unsupported_media_type"}
"""The ``error`` code of an HTTP error the framework raises itself (an unknown route, a wrong method)."""


def create_app(settings: ServerSettings | None = None) -> FastAPI:
    """The whole server as an ASGI application; the database is migrated when it starts."""
    settings = settings or ServerSettings()
    # Find every game now, before the first request waits for it.
    tabletop.games()
    engine = connect(settings.database)
    migrate(engine)
    hub = Hub(engine, settings)
    # one socket's messages, and one address's new tables: each within its rate over any window
    limiter = MovingWindowRateLimiter(MemoryStorage())
    table_rate, message_rate = parse_rate(settings.table_rate), parse_rate(settings.message_rate)

    @contextlib.asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        hub.start()
        # Everything loaded so far (modules, game data) lives as long as the server: keeping it out
        # of the collector's full passes shortens the pauses every client would feel.
        gc.collect()
        gc.freeze()
        try:
            yield
        finally:
            hub.stop()
            engine.dispose()

    app = FastAPI(title="Tabletop", version=tabletop.__version__, lifespan=lifespan,
                  summary="Play the Tabletop games online: tables, seats, spectators and live updates.")
    app.state.hub = hub

    @app.exception_handler(TableError)
    async def table_error(_request: Request, exc: TableError) -> JSONResponse:
        return JSONResponse({"error": exc.code, "message": exc.message}, status_code=exc.status)

    @app.exception_handler(Exception)
    async def server_error(_request: Request, exc: Exception) -> JSONResponse:
        # a fault of the server's own: logged with its stack for the operator, said plainly to the asker
        log.error("a request failed", exc_info=exc)
        return JSONResponse({"error": "server_error", "message": "the server failed to answer this request (the "
                             "fault is logged); try again, and if it fails again, report it"}, status_code=500)

    @app.exception_handler(RequestValidationError)
    async def bad_request(_request: Request, exc: RequestValidationError) -> JSONResponse:
        # every error in the one documented shape; the values are not echoed (a NaN cannot be JSON)
        return JSONResponse({"error": "bad_request", "message": validation_message(exc.errors())}, status_code=422)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(_request: Request, exc: StarletteHTTPException) -> JSONResponse:
        code = HTTP_CODES.get(exc.status_code, "http_error")
        return JSONResponse({"error": code, "message": str(exc.detail).lower()}, status_code=exc.status_code,
                            headers=getattr(exc, "headers", None))

    @app.get("/api/games", tags=["games"])
    async def list_games() -> list[dict[str, Any]]:
        """Every game with its seats, turn style, options and defaults, and whether it draws pictures."""
        return [{**info.to_json(), "options": [server_option(option) for option in info.options],
                 "pictures": _draws(tabletop.game_class(info.name))}
                for info in tabletop.games() if not info.name.startswith(HIDDEN_PREFIX)]

    @app.get("/api/agents", tags=["games"])
    async def list_agents() -> dict[str, Any]:
        """The computer players a seat may take: named strengths first, then any agent spec."""
        return {"strengths": [{"name": name, "spec": spec} for name, spec in STRENGTHS.items()],
                "agents": [name for name in agent_names()
                           if name not in STRENGTHS and not name.startswith(HIDDEN_PREFIX)]}

    @app.post("/api/tables", status_code=201, tags=["tables"])
    async def create_table(body: CreateTable, request: Request) -> dict[str, Any]:
        """Open a table. Options are checked exactly as `tabletop.load` checks them."""
        if not limiter.hit(table_rate, "tables", request.client.host if request.client else ""):
            raise TableError("too_many_tables", f"this address has opened as many tables as it may for now (at "
                             f"most {table_rate}); try again in a little while", 429)
        table = hub.create(body.game, body.options, body.seats, body.seed, body.name,
                           TableSettings(think=body.think, pace=body.pace, reveal_at_end=body.reveal_at_end,
                                         private=body.private))
        return table.summary()

    @app.get("/api/tables", tags=["tables"])
    async def list_tables(
        status: Annotated[Literal["open", "running", "finished"] | None, Query()] = None,
        limit: Annotated[int, Query(ge=1, le=500)] = 100,
    ) -> list[dict[str, Any]]:
        """Tables, newest first: open (seats free), running, or finished; private tables are left out."""
        return hub.list_tables(status, limit)

    @app.get("/api/tables/{table_id}", tags=["tables"])
    async def get_table(table_id: str) -> dict[str, Any]:
        """A table's public summary: game, seats and who sits there, status, outcome."""
        return hub.table(table_id).summary()

    @app.post("/api/tables/{table_id}/join", tags=["tables"])
    async def join_table(table_id: str, body: Join) -> dict[str, Any]:
        """Take an open seat. The token in the answer is shown once: it is the only key to the seat."""
        table = hub.table(table_id)
        seat, token = hub.join(table, body.seat, body.name)
        return {"table": table.id, "seat": seat, "token": token, "socket": f"/ws/tables/{table.id}"}

    @app.get("/api/tables/{table_id}/state", tags=["play"])
    async def table_state(who: Asker, svg: bool = False) -> dict[str, Any]:
        """What the asker may see now (a seat with its token, else a spectator): the same `update` the socket sends."""
        table, seat = who
        return table.update(seat, svg=svg)

    @app.get("/api/tables/{table_id}/picture", tags=["play"],
             responses={200: {"content": {"image/svg+xml": {}}}})
    async def table_picture(who: Asker) -> Response:
        """An SVG picture of the asker's view, for games that draw."""
        table, seat = who
        picture = table.game.render_svg(table.state.view(seat))
        if picture is None:
            raise TableError("no_picture", f"{table.game.name} does not draw pictures", 404)
        return Response(picture, media_type="image/svg+xml")

    @app.get("/api/tables/{table_id}/record", tags=["play"])
    async def table_record(who: Asker) -> JSONResponse:
        """The game's record as the asker may have it (see docs/server.md, "Records")."""
        table, seat = who
        filename = f"{table.game.name}-{table.id}.json"
        return JSONResponse(table.record_for(seat),
                            headers={"Content-Disposition": f'attachment; filename="{filename}"'})

    @app.get("/api/tables/{table_id}/replay", tags=["play"])
    async def table_replay(
        table_id: str,
        step: Annotated[int, Query(ge=0)] = 0,
        seat: Annotated[str | None, Query(max_length=32)] = None,
        svg: bool = False,
    ) -> dict[str, Any]:
        """A finished game at one step, through one seat's eyes (no `seat`: the spectator's)."""
        return replay_step(hub.table(table_id), seat, step, svg=svg)

    @app.post("/api/tables/{table_id}/preview", tags=["play"])
    async def table_preview(body: Preview, who: Asker) -> dict[str, Any]:
        """Where a move would lead (view, log lines, picture), without taking it; for chance-free moves
        in games that hide nothing, by the seat whose move it is."""
        table, seat = who
        try:
            action = table.game.action_from_json(body.action)
        except IllegalAction as exc:
            raise TableError("bad_action", str(exc), 422) from None
        return preview(table, seat, action)

    @app.websocket("/ws/tables/{table_id}")
    async def table_socket(socket: WebSocket, table_id: str) -> None:
        await socket.accept()
        try:
            table = hub.table(table_id)
        except TableError as exc:
            await socket.send_json(error_message(exc.code, exc.message))
            await socket.close(code=4404)
            return
        await Connection(hub, table, socket, Throttle(limiter, message_rate)).run()

    app.include_router(guide_router)
    if STATIC.is_dir():
        app.mount("/", StaticFiles(directory=STATIC, html=True), name="web")
    else:
        @app.get("/", include_in_schema=False)
        async def home() -> HTMLResponse:
            return HTMLResponse("<!doctype html><title>Tabletop</title><h1>Tabletop server</h1>"
                                "<p>The API is under <a href='/docs'>/docs</a>.</p>")

    return app


class Throttle:
    """One socket's share of the message rate."""

    def __init__(self, limiter: MovingWindowRateLimiter, rate: RateLimitItem) -> None:
        self.limiter, self.rate, self.key = limiter, rate, secrets.token_hex(8)

    def admits(self) -> bool:
        return self.limiter.hit(self.rate, "messages", self.key)


class Connection:
    """One client's socket: reads its messages one at a time (within the ``throttle``'s rate, if
    one is given) and answers errors to it alone."""

    def __init__(self, hub: Hub, table: LiveTable, socket: WebSocket, throttle: Throttle | None = None) -> None:
        self.hub = hub
        self.table = table
        self.socket = socket
        self.throttle = throttle
        self.client = Client(None)
        self.attached = False

    async def run(self) -> None:
        writer = asyncio.get_running_loop().create_task(self.write())
        try:
            while not writer.done():
                # Messages already received are read without a pause, which would starve the
                # writer: a burst of them would fill the outbox and close the socket. Reading waits
                # while the answers pile up, so a quick sender is slowed, not dropped.
                while self.client.outbox.qsize() > OUTBOX_LIMIT // 2 and not writer.done():
                    await asyncio.sleep(0.001)
                message = await self.socket.receive()
                if message["type"] == "websocket.disconnect":
                    break
                if self.throttle is not None and not self.throttle.admits():
                    self.reply(error_message("too_many_messages", f"too many messages from this socket (at most "
                                             f"{self.throttle.rate}); this one was not read: send it again in a moment"))
                    continue
                text = message.get("text")
                self.handle(text if text is not None else message.get("bytes") or b"")
        except (WebSocketDisconnect, RuntimeError):
            pass
        finally:
            if self.attached:
                self.table.clients.discard(self.client)
                if self.client.seat is not None:
                    self.table.tell_players()
            writer.cancel()

    def reply(self, message: dict[str, Any]) -> None:
        self.client.send(json.dumps(message))

    def handle(self, text: str | bytes) -> None:
        """One message in; every failure becomes an ``error`` to this client only."""
        about = None
        try:
            message = read_message(text)
            about = message.type
            self.dispatch(message)
        except ProtocolError as exc:
            self.reply(error_message(exc.code, str(exc), about))
        except TableError as exc:
            self.reply(error_message(exc.code, exc.message, about))

    def dispatch(self, message: Hello | Act | Undo | UndoReply | Ping) -> None:
        table = self.table
        if isinstance(message, Ping):
            self.reply({"type": "pong", "id": message.id})
            return
        if isinstance(message, Hello):
            self.hello(message)
            return
        if not self.attached:
            raise TableError("hello_first", "say hello first (with your seat token, or without one to watch)")
        seat = self.client.seat
        if isinstance(message, Act):
            self.hub.act(table, seat, message.action, claimed=message.seat, client_id=message.id,
                         step=message.step)
        elif isinstance(message, Undo):
            self.hub.request_undo(table, seat)
        else:
            self.hub.reply_undo(table, seat, message.accept)

    def hello(self, message: Hello) -> None:
        if self.attached:
            raise TableError("already_attached", "this connection already said hello; open another to change seats")
        # the table may have left memory since the socket opened (nobody was attached to it then)
        table = self.table = self.hub.table(self.table.id)
        seat = table.seat_for_token(message.token) if message.token else None
        client = self.client
        client.seat, client.svg = seat, message.svg
        reset = message.epoch is not None and message.epoch != table.epoch
        # among the table's clients before its first update is made, so that it shows this seat connected
        table.clients.add(client)
        self.reply({"type": "welcome", "table": table.id, "seat": seat,
                    "role": "player" if seat else "spectator", "summary": table.summary()})
        update = table.update(seat, message.last_event, svg=message.svg, reset=reset)
        self.reply(update)
        client.seen, client.shown = len(table.log_for(seat)), shown_part(update)
        self.attached = True
        if seat is not None:
            table.tell_players(skip=client)
        if table.undo is not None:
            self.reply({"type": "undo_request", **(table.undo_json(seat) or {})})

    async def write(self) -> None:
        while True:
            text = await self.client.outbox.get()
            if text is None:
                with contextlib.suppress(Exception):
                    await self.socket.close(code=4408)
                return
            await self.socket.send_text(text)
