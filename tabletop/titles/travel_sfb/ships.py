"""The ship table, read from ``data/ships.json`` and checked with pydantic when the game loads.

>>> SHIPS["romulan"].limits, SHIPS["romulan"].generation
((4, 1, 4), 4)
>>> SHIPS["orion"].reserve.kind, SHIPS["orion"].reserve.cards
('engines', 2)
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

__all__ = ["SHIPS", "SHIP_SLUGS", "Reserve", "ShipSpec", "load_ships"]

DATA_FILE = Path(__file__).with_name("data") / "ships.json"


class ReserveModel(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    kind: Literal["batteries", "engines"]
    cards: int = Field(ge=1, le=5)
    rechargeable: bool


class ShipModel(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    slug: str = Field(pattern=r"^[a-z][a-z0-9-]*$")
    name: str
    offense: int = Field(ge=0, le=10)
    movement: int = Field(ge=0, le=10)
    defense: int = Field(ge=0, le=10)
    generation: int = Field(ge=1, le=12)
    reserve: ReserveModel


class ShipTable(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    ships: list[ShipModel] = Field(min_length=1)


@dataclass(frozen=True, slots=True)
class Reserve:
    """Spare power a ship may call on under the optional reserve-power rule."""

    kind: str
    cards: int
    rechargeable: bool


@dataclass(frozen=True, slots=True)
class ShipSpec:
    """One race's ship: the most cards each row may hold, and its starting generation."""

    slug: str
    name: str
    limits: tuple[int, int, int]
    generation: int
    reserve: Reserve


def load_ships(path: Path = DATA_FILE) -> dict[str, ShipSpec]:
    """Read and validate the ship table; a broken file names the ship and field at fault."""
    try:
        table = ShipTable.model_validate(json.loads(path.read_text(encoding="utf-8")))
    except (OSError, json.JSONDecodeError) as exc:
        raise ValueError(f"cannot read the Travel SFB ship table {path}: {exc}") from None
    except ValidationError as exc:
        problems = "; ".join(f"{'.'.join(map(str, e['loc']))}: {e['msg']}" for e in exc.errors()[:5])
        raise ValueError(f"the Travel SFB ship table {path} is invalid: {problems}") from None
    ships: dict[str, ShipSpec] = {}
    for ship in table.ships:
        if ship.slug in ships:
            raise ValueError(f"the Travel SFB ship table {path} lists {ship.slug!r} twice")
        reserve = Reserve(ship.reserve.kind, ship.reserve.cards, ship.reserve.rechargeable)
        ships[ship.slug] = ShipSpec(ship.slug, ship.name, (ship.offense, ship.movement, ship.defense),
                                    ship.generation, reserve)
    return ships


SHIPS: dict[str, ShipSpec] = load_ships()
SHIP_SLUGS: tuple[str, ...] = tuple(SHIPS)
