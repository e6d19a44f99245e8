"""Games register themselves; the registry finds them without the core importing any."""

from __future__ import annotations

import importlib
import pkgutil
import threading
from typing import Any, TypeVar

from .errors import UnknownGame, shorten
from .game import Game, GameInfo

__all__ = ["games", "load", "register"]

_GAMES: dict[str, type[Game]] = {}
_GAMES_PACKAGE = "tabletop.titles"
_discovered = False
# Servers ask for games from several threads at once; all must wait for one complete discovery.
_discovery_lock = threading.RLock()

G = TypeVar("G", bound=type[Game])


def register(cls: G) -> G:
    """Class decorator that makes a game loadable by its ``info.name``."""
    name = cls.info.name
    if name in _GAMES and _GAMES[name] is not cls:
        raise ValueError(f"two games claim the name {name!r}")
    _GAMES[name] = cls
    return cls


def _discover() -> None:
    global _discovered
    if _discovered:
        return
    with _discovery_lock:
        if _discovered:
            return
        package = importlib.import_module(_GAMES_PACKAGE)
        for module in pkgutil.iter_modules(package.__path__):
            importlib.import_module(f"{_GAMES_PACKAGE}.{module.name}")
        _discovered = True


def games() -> list[GameInfo]:
    """Every registered game's metadata, by name."""
    _discover()
    return [_GAMES[name].info for name in sorted(_GAMES)]


def game_class(name: str) -> type[Game]:
    _discover()
    try:
        return _GAMES[name]
    except KeyError:
        known = ", ".join(sorted(_GAMES)) or "none"
        raise UnknownGame(f"there is no game {shorten(name)}; the games are: {known}") from None


def load(name: str, **options: Any) -> Game:
    """The game ``name`` with validated ``options``.

    >>> load("no-such-game")
    Traceback (most recent call last):
    ...
    tabletop.core.errors.UnknownGame: there is no game 'no-such-game'; the games are: ...
    """
    return game_class(name)(**options)
