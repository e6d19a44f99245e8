"""``tabletop serve``: the online server, for play in the browser and over the network."""

from __future__ import annotations

from typing import Annotated

import typer

from .errors import fail

__all__ = ["register"]


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

    shown = "localhost" if host in ("127.0.0.1", "::1") else host
    print(f"Tabletop server on http://{host}:{port} (API at http://{shown}:{port}/docs, database {db})", flush=True)
    try:
        run(host, port, db, workers=workers, **given)
    except Exception as exc:  # a database that cannot be reached must not become a traceback
        fail(f"the server could not run: {type(exc).__name__}: {exc}")
