"""Log events written when first read.

A search plays thousands of turns in copies of the duel whose logs nobody reads, and the
sentences and card lists of a turn's reveal cost more than the rules themselves. A
:class:`Drafted` event keeps what it needs to say (plain values, copied when it happened) and
writes its text and data the first time either is read; to every reader it is the same event
the engine would have logged.

>>> event = Drafted("reveal", lambda cards: (f"shows {cards}", {"count": len(cards)}), (("AH", "2C"),), None)
>>> event.text, event.data, event.visible("seat1")
("shows ('AH', '2C')", {'count': 2}, True)
>>> import pickle
>>> pickle.loads(pickle.dumps(event)) == event
True
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import FrozenInstanceError
from functools import partial
from typing import Any

from tabletop.core import Event

__all__ = ["Draft", "Drafted", "event", "fill_draft", "new_drafted"]

Draft = Callable[..., tuple[str, dict[str, Any]]]

# The storage of Event's own fields, reached past the frozen dataclass's guard.
_KIND = Event.__dict__["kind"]
_TEXT = Event.__dict__["text"]
_DATA = Event.__dict__["data"]
_VISIBLE_TO = Event.__dict__["visible_to"]
_RULE = Event.__dict__["rule"]


_NEW_EVENT = Event.__new__
_SET_KIND, _SET_TEXT, _SET_DATA = _KIND.__set__, _TEXT.__set__, _DATA.__set__
_SET_VISIBLE_TO, _SET_RULE = _VISIBLE_TO.__set__, _RULE.__set__


def event(kind: str, text: str, data: dict[str, Any], visible_to: frozenset[str] | None) -> Event:
    """``Event(kind, text, data, visible_to)``, the very same event, made without the dataclass's
    field-by-field guard (a search logs tens of thousands of them).

    >>> event("turn", "Turn 2 begins.", {"turn": 2}, None) == Event("turn", "Turn 2 begins.", {"turn": 2})
    True
    """
    made = _NEW_EVENT(Event)
    _SET_KIND(made, kind)
    _SET_TEXT(made, text)
    _SET_DATA(made, data)
    _SET_VISIBLE_TO(made, visible_to)
    _SET_RULE(made, None)
    return made


class Drafted(Event):
    """An :class:`Event` whose ``text`` and ``data`` come from ``draft(*values)`` when first read.
    What it knows is kept in one slot until then (a search makes tens of thousands)."""

    __slots__ = ("_draft",)
    _draft: tuple[str, frozenset[str] | None, Draft | None, tuple[Any, ...]]

    def __init__(self, kind: str, draft: Draft | None, values: tuple[Any, ...],
                 visible_to: frozenset[str] | None) -> None:
        _SET_DRAFT(self, (kind, visible_to, draft, values))

    def _write(self) -> None:
        kind, visible_to, draft, values = self._draft
        if draft is not None:
            text, data = draft(*values)
            _SET_TEXT(self, text)
            _SET_DATA(self, data)
            _SET_DRAFT(self, (kind, visible_to, None, ()))

    @property
    def kind(self) -> str:
        return self._draft[0]

    @kind.setter
    def kind(self, value: str) -> None:
        raise FrozenInstanceError("cannot assign to field 'kind'")

    @property
    def visible_to(self) -> frozenset[str] | None:
        return self._draft[1]

    @visible_to.setter
    def visible_to(self, value: frozenset[str] | None) -> None:
        raise FrozenInstanceError("cannot assign to field 'visible_to'")

    @property
    def rule(self) -> str | None:
        return None

    @rule.setter
    def rule(self, value: str | None) -> None:
        raise FrozenInstanceError("cannot assign to field 'rule'")

    @property
    def text(self) -> str:
        self._write()
        return str(_TEXT.__get__(self, Drafted))

    @text.setter
    def text(self, value: str) -> None:
        raise FrozenInstanceError("cannot assign to field 'text'")

    @property
    def data(self) -> dict[str, Any]:
        self._write()
        data: dict[str, Any] = _DATA.__get__(self, Drafted)
        return data

    @data.setter
    def data(self, value: dict[str, Any]) -> None:
        raise FrozenInstanceError("cannot assign to field 'data'")

    def __reduce__(self) -> tuple[Callable[..., Drafted], tuple[Any, ...]]:
        return _written, (self.kind, self.text, self.data, self.visible_to)


_SET_DRAFT = Drafted.__dict__["_draft"].__set__
# ``Drafted(kind, draft, values, visible_to)`` in two C calls, for the turn's busiest writers:
# ``fill_draft(new_drafted(), (kind, visible_to, draft, values))`` (the order ``_draft`` keeps).
new_drafted = partial(Drafted.__new__, Drafted)
fill_draft = _SET_DRAFT


def _written(kind: str, text: str, data: dict[str, Any], visible_to: frozenset[str] | None) -> Drafted:
    """A drafted event already written (how one comes back from a pickle)."""
    return Drafted(kind, _as_written, (text, data), visible_to)


def _as_written(text: str, data: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    return text, data
