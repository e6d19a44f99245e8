"""Odds before a Cagway Bay roll. Only fire fighting rolls a die; gunnery, boarding and sailing
are worked out from the geometry without chance, so their odds are None."""

from __future__ import annotations

from collections.abc import Iterable

from tabletop.core import Action, Event, State
from tabletop.core.odds import Odds, enumerate_chances

from .actions import Douse

__all__ = ["action_odds"]


def _douse(world: State, events: list[Event]) -> Iterable[str]:
    for event in events:
        if event.kind == "douse":
            yield "puts a fire out" if event.data.get("success") else "the fire still burns"


def action_odds(state: State, seat: str, action: Action) -> Odds | None:
    """The chance a douse puts out the easiest fire, or None for actions without dice."""
    if not isinstance(action, Douse):
        return None
    return enumerate_chances(state, seat, action, _douse, label=state.describe_action(seat, action))
