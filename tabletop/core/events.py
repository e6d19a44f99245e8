"""The typed game log: each event has a kind, data and a sentence a person can read."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

__all__ = ["Event", "make_event", "possessive"]


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened.

    ``visible_to`` is None for public events, or the seats allowed to see this one (a private
    deal, a secret allocation). Views and narration filter by it. ``rule`` is the ID of the
    rule (in ``docs/rules/<game>.md``) that produced it, when the game names one.

    >>> Event("roll", "Jayne rolls 4.", {"value": 4}).to_json()["text"]
    'Jayne rolls 4.'
    """

    kind: str
    text: str
    data: dict[str, Any] = field(default_factory=dict)
    visible_to: frozenset[str] | None = None
    rule: str | None = None

    def visible(self, seat: str | None) -> bool:
        return self.visible_to is None or (seat is not None and seat in self.visible_to)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind, "text": self.text, "data": self.data}
        if self.visible_to is not None:
            out["visible_to"] = sorted(self.visible_to)
        if self.rule is not None:
            out["rule"] = self.rule
        return out


_NEW = object.__new__
_SETTERS = tuple(getattr(Event, name).__set__ for name in ("kind", "text", "data", "visible_to", "rule"))


def make_event(kind: str, text: str, data: dict[str, Any], visible_to: frozenset[str] | None,
               rule: str | None) -> Event:
    """``Event(kind, text, data, visible_to, rule)``, the same value, built by setting each slot
    once: a frozen class's own constructor goes through ``object.__setattr__`` per field, and
    games emit events on every action a search plays.

    >>> make_event("roll", "Jayne rolls 4.", {"value": 4}, None, "R1") == Event("roll", "Jayne rolls 4.", {"value": 4}, None, "R1")
    True
    """
    event = _NEW(Event)
    set_kind, set_text, set_data, set_visible_to, set_rule = _SETTERS
    set_kind(event, kind)
    set_text(event, text)
    set_data(event, data)
    set_visible_to(event, visible_to)
    set_rule(event, rule)
    return event


def possessive(name: str) -> str:
    """A seat's or a side's name with its possessive ending, for log and screen text.

    >>> possessive("raiders"), possessive("seat1")
    ("raiders'", "seat1's")
    """
    return f"{name}'" if name.endswith("s") else f"{name}'s"
