"""Running the server on uvicorn."""

from __future__ import annotations

from typing import Any

from .protocol import MAX_MESSAGE_BYTES

__all__ = ["serve"]


def serve(host: str = "127.0.0.1", port: int = 8000, database: str = "sqlite:///tabletop.db",
          *, workers: int = 2, **settings: Any) -> None:
    """Serve until interrupted; the database is migrated first. ``settings``: the rest of
    :class:`ServerSettings` (``tables_in_memory``, ``message_rate``, ``table_rate``)."""
    import uvicorn

    from .app import create_app
    from .hub import ServerSettings

    app = create_app(ServerSettings(database=database, workers=workers, **settings))
    # Frames over the limit are refused by the protocol layer with an error; far larger ones by uvicorn.
    # No per-message compression: on a busy server the CPU is dearer than the bytes of a view.
    uvicorn.run(app, host=host, port=port, ws_max_size=MAX_MESSAGE_BYTES * 16, ws_per_message_deflate=False,
                log_level="warning")
