"""A ship on the table: its plate, its pose, and what it has left this turn."""

from __future__ import annotations

from typing import Any

from shapely.geometry import Polygon

from .data import ShipClass
from .geometry import Coords, Table, place, unit


class Ship:
    """Mutable per-state ship record. The hull polygon is cached until the pose changes."""

    __slots__ = (
        "_clear", "_coords", "_hull", "ap", "cls", "docked", "fired", "fires", "heading", "home", "hp", "id", "moved",
        "revealed", "sailing", "seat", "status", "supplies", "treasure", "x", "y",
    )

    def __init__(self, ship_id: str, cls: ShipClass, seat: int, x: float, y: float, heading: float) -> None:
        self.id = ship_id
        self.cls = cls
        self.seat = seat
        self.home = seat  # the seat it began with, for scoring captures
        self.x = x
        self.y = y
        self.heading = heading
        self.hp = cls.hp
        self.ap = 0
        self.supplies = cls.supplies
        self.fires: list[int] = []
        self.treasure = 0
        self.status = "afloat"
        self.docked: str | None = None
        self.moved = False  # took a move-phase action this turn (drift must come first)
        self.sailing = True  # may still sail this turn (stall, dock and drift end it)
        self.fired = False  # fired its one gun (or fought hand to hand) this turn
        self.revealed = 0  # last turn it fired: muzzle flashes show it in the dark
        self._coords: Coords | None = None
        self._hull: Polygon | None = None
        self._clear: float | None = None

    def copy(self) -> Ship:
        twin = Ship.__new__(Ship)
        for name in Ship.__slots__:
            setattr(twin, name, getattr(self, name))
        twin.fires = list(self.fires)
        return twin

    def __getstate__(self) -> dict[str, Any]:
        return {name: getattr(self, name) for name in Ship.__slots__ if name not in ("_coords", "_hull", "_clear")}

    def __setstate__(self, state: dict[str, Any]) -> None:
        for name, value in state.items():
            setattr(self, name, value)
        self._coords = None
        self._hull = None
        self._clear = None

    # -- pose ----------------------------------------------------------------------------------

    def set_pose(self, x: float, y: float, heading: float) -> None:
        self.x, self.y, self.heading = x, y, heading
        self._coords = None
        self._hull = None
        self._clear = None

    @property
    def coords(self) -> Coords:
        if self._coords is None:
            self._coords = place(self.cls.outline, self.x, self.y, self.heading)
        return self._coords

    @property
    def hull(self) -> Polygon:
        if self._hull is None:
            self._hull = Polygon(self.coords)
        return self._hull

    def clear_of_land(self, table: Table, reach: float) -> bool:
        """True when no land lies within ``reach`` cm beyond the hull's length from the bow."""
        if self._clear is None:
            self._clear = table.clearance(self.x, self.y)
        return self._clear > self.cls.length + reach

    @property
    def centre(self) -> tuple[float, float]:
        ux, uy = unit(self.heading)
        half = self.cls.length / 2
        return self.x - half * ux, self.y - half * uy

    # -- condition -----------------------------------------------------------------------------

    @property
    def afloat(self) -> bool:
        return self.status == "afloat"

    @property
    def alive(self) -> bool:
        return self.status == "afloat" and self.hp > 0

    @property
    def damage(self) -> int:
        return self.cls.hp - self.hp

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id, "class": self.cls.slug, "name": self.cls.name, "seat": self.seat,
            "x": round(self.x, 3), "y": round(self.y, 3), "heading": round(self.heading, 3),
            "hull": [[round(px, 3), round(py, 3)] for px, py in self.coords],
            "hp": self.hp, "max_hp": self.cls.hp, "ap": self.ap, "supplies": self.supplies,
            "max_supplies": self.cls.supplies, "fires": list(self.fires), "treasure": self.treasure,
            "status": self.status, "docked": self.docked, "fired": self.fired,
            "combat_value": self.cls.combat_value(self.hp), "length": self.cls.length,
            "guns": {pos: {"name": g.name, "chart": list(g.chart), "sets_fire": g.sets_fire}
                     for pos, g in self.cls.guns.items()},
        }
