"""Reading a ``scenario`` dict: a mid-duel position for tests, tutorials and puzzles.

The schema is documented in docs/rules/travel-sfb.md; every problem raises BadScenario.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from tabletop.core import BadScenario

from .cards import parse_card
from .ships import ShipSpec

__all__ = ["SCENARIO_KEYS", "Scenario", "read_scenario"]

SCENARIO_KEYS = ("deck", "generation", "advantage", "advantage_to_hand", "reserve", "turn", "first_placer")


@dataclass
class Scenario:
    """A parsed scenario; seat-keyed entries are indexed 0 and 1."""

    deck_top: list[int] = field(default_factory=list)
    generation: dict[int, int] = field(default_factory=dict)
    advantage: dict[int, int] = field(default_factory=dict)
    advantage_to_hand: dict[int, bool] = field(default_factory=dict)
    reserve: dict[int, str] = field(default_factory=dict)
    turn: int = 1
    first_placer: int | None = None


def _seat_map(data: Any, key: str, seats: tuple[str, ...]) -> dict[int, Any]:
    if not isinstance(data, dict):
        raise BadScenario(f"scenario '{key}' must map seats to values, such as {{\"seat1\": ...}}")
    unknown = [s for s in data if s not in seats]
    if unknown:
        raise BadScenario(f"scenario '{key}' names unknown seat {unknown[0]!r}; the seats are {', '.join(seats)}")
    return {seats.index(s): v for s, v in data.items()}


def _whole(value: Any, what: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise BadScenario(f"{what} must be a whole number from {low} to {high}, not {value!r}")
    return value


def read_scenario(data: dict[str, Any], seats: tuple[str, ...], ships: tuple[ShipSpec, ShipSpec],
                  turn_limit: int, reserve_in_play: tuple[bool, bool]) -> Scenario:
    unknown = sorted(set(data) - set(SCENARIO_KEYS))
    if unknown:
        raise BadScenario(f"travel-sfb scenarios take {', '.join(SCENARIO_KEYS)}; not {', '.join(unknown)}")
    out = Scenario()
    deck = data.get("deck", [])
    if not isinstance(deck, list):
        raise BadScenario("scenario 'deck' must be a list of card codes, top card first")
    try:
        out.deck_top = [parse_card(c) for c in deck]
    except ValueError as exc:
        raise BadScenario(f"scenario 'deck': {exc}") from None
    if len(set(out.deck_top)) != len(out.deck_top):
        raise BadScenario("scenario 'deck' lists a card twice; the deck holds each card once")
    for i, value in _seat_map(data.get("generation", {}), "generation", seats).items():
        out.generation[i] = _whole(value, f"generation of {seats[i]}", 1, ships[i].generation)
    for i, value in _seat_map(data.get("advantage", {}), "advantage", seats).items():
        out.advantage[i] = _whole(value, f"advantage of {seats[i]}", 0, 20)
    for i, value in _seat_map(data.get("advantage_to_hand", {}), "advantage_to_hand", seats).items():
        if not isinstance(value, bool):
            raise BadScenario(f"advantage_to_hand of {seats[i]} must be true or false")
        out.advantage_to_hand[i] = value
    for i, value in _seat_map(data.get("reserve", {}), "reserve", seats).items():
        if not reserve_in_play[i]:
            raise BadScenario(f"{seats[i]} has no reserve power in play under these options")
        if value not in ("ready", "spent"):
            raise BadScenario(f"reserve of {seats[i]} must be 'ready' or 'spent', not {value!r}")
        out.reserve[i] = value
    out.turn = _whole(data.get("turn", 1), "scenario 'turn'", 1, turn_limit)
    first = data.get("first_placer")
    if first is not None:
        if first not in seats:
            raise BadScenario(f"scenario 'first_placer' must be one of {', '.join(seats)}, not {first!r}")
        out.first_placer = seats.index(first)
    return out
