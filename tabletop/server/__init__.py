"""The Tabletop server: tables, seats, spectators and live games over HTTP and WebSockets.

An interface beside the command line: it uses only the public engine API, and no game knows it.
``create_app()`` builds the FastAPI application; ``serve()`` runs it on uvicorn. docs/server.md
documents every endpoint and message.
"""

from .app import create_app
from .hub import ServerSettings
from .run import serve

__all__ = ["ServerSettings", "create_app", "serve"]
