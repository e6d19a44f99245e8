"""Building exact test positions for Cagway Bay from scenario dicts."""

from __future__ import annotations

from typing import Any

import tabletop
from tabletop.titles.cagway_bay.game import CagwayState

WEST_WIND = {"kind": "parallel", "from_heading": 180.0}  # blows from the west towards +x


def ship(ship_id: str, cls: str, seat: int, x: float, y: float, heading: float, **extra: Any) -> dict[str, Any]:
    return {"id": ship_id, "ship_class": cls, "seat": seat, "x": x, "y": y, "heading": heading, **extra}


def square(x0: float, y0: float, x1: float, y1: float, name: str = "rock", **extra: Any) -> dict[str, Any]:
    return {"id": name, "name": name.title(), "outline": [[x0, y0], [x1, y0], [x1, y1], [x0, y1]], **extra}


def make(ships: list[dict[str, Any]], islands: list[dict[str, Any]] | None = None, *, wind: dict | None = None,
         phase: str = "move", scenario: str = "open-warfare", edges: str = "open-sea", dice: Any = None,
         options: dict[str, Any] | None = None, **extra: Any) -> CagwayState:
    game = tabletop.load("cagway-bay", scenario=scenario, edges=edges, **(options or {}))
    spec: dict[str, Any] = {"ships": ships, "islands": islands or [], "phase": phase,
                            "wind": wind or WEST_WIND, **extra}
    state = game.new_state(seed=1, scenario=spec, dice=dice)
    assert isinstance(state, CagwayState)
    return state


def kinds(state: CagwayState, seat: str | None = None) -> list[str]:
    seat = seat or state.to_act[0]
    return [a.kind for a in state.legal_actions(seat)]
