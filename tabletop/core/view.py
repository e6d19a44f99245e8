"""The common part of every game's view, as a pydantic schema a game's own view schema extends.

:meth:`State.view` wraps each game's view in the same few keys; a game documents the rest in its
rules document and describes it with a model derived from :class:`BaseView`, so an interface can
check, or generate code from, exactly what it will be given.

>>> from pydantic import Field
>>> class PigView(BaseView):
...     totals: dict[str, int] = Field(description="banked points per seat")
>>> PigView.model_validate({"game": "pig", "seat": None, "seats": ["a"], "to_act": [], "is_over": False,
...                         "outcome": None, "totals": {"a": 3}}).totals
{'a': 3}
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

__all__ = ["BaseView", "OutcomeView", "ViewModel"]


class ViewModel(BaseModel):
    """A part of a view: every key is named, nothing else may appear."""

    model_config = ConfigDict(extra="forbid", frozen=True)


class OutcomeView(ViewModel):
    winners: list[str] = Field(description="the winning seats; empty for a draw")
    draw: bool
    scores: dict[str, float]
    reason: str


class BaseView(ViewModel):
    """The keys :meth:`State.view` adds to every game's view."""

    game: str
    seat: str | None = Field(description="whose view this is; null for a spectator")
    seats: list[str]
    to_act: list[str] = Field(description="seats whose decision is pending")
    is_over: bool
    outcome: OutcomeView | None
