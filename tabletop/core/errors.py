"""The exceptions the engine raises. Every one says what was wrong and what is allowed."""

from __future__ import annotations

from typing import Any

_QUOTED = 40  # characters of an untrusted value quoted back in a message


def clip(text: str, limit: int) -> str:
    """``text`` cut to ``limit`` characters, so untrusted input never floods an error message.

    >>> clip("abcdef", 4)
    'abc…'
    """
    return text if len(text) <= limit else text[: limit - 1] + "…"


def shorten(value: Any, limit: int = _QUOTED) -> str:
    """``repr(value)`` cut to ``limit`` characters.

    >>> shorten("x" * 100, 10)
    "'xxxxxxxx…"
    """
    return clip(repr(value), limit)


class TabletopError(Exception):
    """Base of every error the engine raises on purpose."""


class IllegalAction(TabletopError, ValueError):
    """An action that the rules do not allow now, or one from a seat that is not to act.

    The state is unchanged when this is raised.
    """


class InvalidAction(IllegalAction):
    """An action that could not be read at all: unknown kind, missing or mistyped fields."""


class UnknownGame(TabletopError, ValueError):
    """A game name that is not registered."""


class BadOption(TabletopError, ValueError):
    """An option that the game does not have, or a value it does not accept."""


class BadScenario(TabletopError, ValueError):
    """A scenario dict that does not describe a legal position."""


class BadRecord(TabletopError, ValueError):
    """A game record that is malformed, from another engine version, or altered."""


class ScriptExhausted(TabletopError, RuntimeError):
    """A scripted dice or deal source ran out of values."""


class ScriptMismatch(TabletopError, ValueError):
    """A scripted value that cannot serve the request (a 7 for a d6, a deal that is not a permutation)."""
