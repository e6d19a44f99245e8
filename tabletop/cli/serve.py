"""``tabletop serve``: the online server, for play in the browser and over the network."""

from __future__ import annotations

import errno
import socket
from pathlib import Path
from typing import Annotated

import typer

from .errors import fail

__all__ = ["register"]

SQLITE = "sqlite:///"


EVERY_ADDRESS = ("0.0.0.0", "::", "")


def network_address() -> str:
    """This machine's address on its network: the one it would reach others from."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("192.0.2.1", 9))  # a datagram socket sends nothing on connect: it only picks a route
            return str(probe.getsockname()[0])
    except OSError:
        return "THIS-COMPUTER'S-ADDRESS"


def check_address(host: str, port: int) -> None:
    """Fail with the reason if the server could not listen on ``host:port`` (before it says it does)."""
    where = f"{host}:{port}"
    try:
        family, kind, proto, _, address = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM,
                                                             flags=socket.AI_PASSIVE)[0]
    except (socket.gaierror, UnicodeError) as exc:
        fail(f"cannot listen on {where}: there is no such address ({getattr(exc, 'strerror', None) or exc}); "
             "give --host 127.0.0.1, 0.0.0.0 or an address of this machine")
    with socket.socket(family, kind, proto) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as the server itself binds
        try:
            probe.bind(address)
        except OSError as exc:
            if exc.errno == errno.EADDRINUSE:
                fail(f"cannot listen on {where}: port {port} is already in use; stop what uses it or "
                     "choose another --port")
            if exc.errno == errno.EACCES:
                fail(f"cannot listen on {where}: this user may not use port {port}; choose a port above 1023")
            fail(f"cannot listen on {where}: {exc.strerror or exc}; give --host 127.0.0.1, 0.0.0.0 or an "
                 "address of this machine")


def database_problem(url: str, exc: Exception) -> str:
    """Why the database at ``url`` could not be opened, in plain words (no SQLAlchemy links)."""
    if url.startswith(SQLITE):
        folder = Path(url.removeprefix(SQLITE)).expanduser().parent
        if not folder.is_dir():
            return f"cannot open the database {url}: the folder {folder} does not exist; create it first"
    reason = getattr(exc, "orig", None) or (exc.args[0] if exc.args else exc)
    first = str(reason).strip().splitlines()[0] if str(reason).strip() else type(exc).__name__
    return f"cannot open the database {url}: {first}"


def check_database(url: str) -> None:
    """Open (creating an empty SQLite file if need be) the database, as the server will, or fail."""
    from sqlalchemy.exc import SQLAlchemyError

    from tabletop.server.db import connect

    try:
        engine = connect(url)
        try:
            with engine.connect():
                pass
        finally:
            engine.dispose()
    except (SQLAlchemyError, ImportError, ValueError) as exc:
        fail(database_problem(url, exc))


def register(app: typer.Typer) -> None:
    app.command("serve")(serve)


def serve(
    host: Annotated[str, typer.Option(help="Address to listen on (0.0.0.0 for every interface).")] = "127.0.0.1",
    port: Annotated[int, typer.Option(min=1, max=65535, help="Port to listen on.")] = 8000,
    db: Annotated[str, typer.Option(
        metavar="URL", help="Database: sqlite:///PATH or postgresql://USER@HOST/NAME.")] = "sqlite:///tabletop.db",
    workers: Annotated[int, typer.Option(min=1, max=64, help="Processes for computer players' thinking.")] = 2,
    tables_in_memory: Annotated[int | None, typer.Option(
        min=1, max=100_000, show_default="200", help="Tables kept live in memory at most; idle ones past it "
        "are replayed from the database when next visited.")] = None,
    message_rate: Annotated[str | None, typer.Option(
        metavar="RATE", show_default="200/second", help="Most messages one socket may send, e.g. 200/second; "
        "more are answered with an error and not read.")] = None,
    table_rate: Annotated[str | None, typer.Option(
        metavar="RATE", show_default="30/minute", help="Most tables one address may open, e.g. 30/minute.")] = None,
) -> None:
    """Start the Tabletop server: tables, seats, spectators and live games (see docs/server.md)."""
    if not (db.startswith("sqlite:///") or db.split("://")[0] in ("postgresql", "postgres", "postgresql+psycopg")):
        fail(f"--db takes sqlite:///PATH or a postgresql:// URL, not {db!r}")
    from tabletop.server import ServerSettings
    from tabletop.server import serve as run

    given = {name: value for name, value in (("tables_in_memory", tables_in_memory), ("message_rate", message_rate),
                                             ("table_rate", table_rate)) if value is not None}
    try:
        ServerSettings(database=db, workers=workers, **given)  # type: ignore[arg-type]
    except ValueError as exc:
        fail(str(exc).replace("message_rate", "--message-rate").replace("table_rate", "--table-rate"))

    check_address(host, port)
    check_database(db)
    shown = "localhost" if host in ("127.0.0.1", "::1") else host
    print(f"Tabletop server on http://{host}:{port} (API at http://{shown}:{port}/docs, database {db})", flush=True)
    if host in EVERY_ADDRESS:
        # 0.0.0.0 is no address a friend can open: name the one this machine has on its network
        print(f"Friends on your network open http://{network_address()}:{port}", flush=True)
    try:
        run(host, port, db, workers=workers, **given)
    except SystemExit as stop:  # uvicorn gave up starting (it has said why)
        fail(f"the server on {host}:{port} could not start (exit status {stop.code})")
    except Exception as exc:  # a database that fails later must not become a traceback
        fail(_run_problem(db, exc))


def _run_problem(url: str, exc: Exception) -> str:
    from sqlalchemy.exc import SQLAlchemyError

    if isinstance(exc, SQLAlchemyError):
        return database_problem(url, exc)
    return f"the server could not run: {type(exc).__name__}: {exc}"
