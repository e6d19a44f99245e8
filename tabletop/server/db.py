"""The server's database: tables, seats and the append-only log of what happened at each table.

A game's state is never stored; it is rebuilt by replaying the log, so the log is the only truth
and a server killed at any moment resumes from its last committed line. SQLite is the default
(write-ahead log, so a killed process loses nothing it committed); PostgreSQL works by URL.
The schema is created and upgraded by the Alembic migrations shipped in ``migrations/``.
"""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from sqlalchemy import (
    JSON,
    Boolean,
    DateTime,
    Engine,
    Float,
    ForeignKey,
    Integer,
    String,
    UniqueConstraint,
    create_engine,
    event,
    false,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

__all__ = ["Base", "LogRow", "SeatRow", "TableRow", "connect", "engine_url", "iso", "migrate", "now"]

DEFAULT_DATABASE = "sqlite:///tabletop.db"
MIGRATIONS = Path(__file__).with_name("migrations")


def now() -> datetime:
    return datetime.now(UTC)


def iso(moment: datetime | None) -> str | None:
    """A stored time as ISO 8601 in UTC (SQLite gives times back without their zone).

    >>> iso(datetime(2026, 1, 2, 3, 4, 5))
    '2026-01-02T03:04:05+00:00'
    """
    if moment is None:
        return None
    return (moment if moment.tzinfo else moment.replace(tzinfo=UTC)).isoformat()


class Base(DeclarativeBase):
    pass


class TableRow(Base):
    """A table: the game with its options and seed, and how the server runs it."""

    __tablename__ = "tables"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    name: Mapped[str] = mapped_column(String(80))
    game: Mapped[str] = mapped_column(String(64))
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    seed: Mapped[int] = mapped_column(Integer)
    settings: Mapped[dict[str, Any]] = mapped_column(JSON)
    status: Mapped[str] = mapped_column(String(16), index=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    finished_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    outcome: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    steps: Mapped[int] = mapped_column(Integer, server_default="0")
    #: left out of the lobby's lists (also in ``settings``; here so that the lists can skip it)
    private: Mapped[bool] = mapped_column(Boolean, server_default=false())


class SeatRow(Base):
    """One seat: a person's (open until someone sits down; then only a hash of their token) or a computer's."""

    __tablename__ = "seats"

    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    seat: Mapped[str] = mapped_column(String(32), primary_key=True)
    position: Mapped[int] = mapped_column(Integer)
    kind: Mapped[str] = mapped_column(String(16))
    agent: Mapped[str | None] = mapped_column(String(200), nullable=True)
    player: Mapped[str | None] = mapped_column(String(80), nullable=True)
    token_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)
    joined_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)


class LogRow(Base):
    """One line of a table's append-only log: an action, or an agreed undo back to an earlier step."""

    __tablename__ = "log"
    __table_args__ = (UniqueConstraint("table_id", "seat", "client_id", name="uq_log_client_id"),)

    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    number: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(16))
    seat: Mapped[str | None] = mapped_column(String(32), nullable=True)
    action: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    back_to: Mapped[int | None] = mapped_column(Integer, nullable=True)
    client_id: Mapped[str | None] = mapped_column(String(64), nullable=True)
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    # The game's own clock (seconds) when a real-time game's action was taken; None for other games.
    clock: Mapped[float | None] = mapped_column(Float, nullable=True)


def engine_url(url: str) -> str:
    """``postgresql://`` means psycopg 3 here; anything else is passed to SQLAlchemy as given.

    >>> engine_url("postgresql://me@localhost/tabletop")
    'postgresql+psycopg://me@localhost/tabletop'
    """
    if url.startswith("postgresql://") or url.startswith("postgres://"):
        return "postgresql+psycopg://" + url.split("://", 1)[1]
    return url


def connect(url: str = DEFAULT_DATABASE) -> Engine:
    """An engine for ``url``; SQLite gets its write-ahead log so commits survive a killed process."""
    full = engine_url(url)
    if full.startswith("sqlite"):
        engine = create_engine(full, connect_args={"check_same_thread": False})

        @event.listens_for(engine, "connect")
        def _pragmas(connection: Any, _record: Any) -> None:
            cursor = connection.cursor()
            cursor.execute("PRAGMA journal_mode=WAL")
            cursor.execute("PRAGMA synchronous=NORMAL")
            cursor.execute("PRAGMA foreign_keys=ON")
            cursor.close()

        return engine
    return create_engine(full, pool_pre_ping=True)


def migrate(engine: Engine) -> None:
    """Bring the schema up to the newest migration (creating it in an empty database)."""
    from alembic import command
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "head")
