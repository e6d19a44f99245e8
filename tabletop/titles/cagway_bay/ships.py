"""A ship on the table: its plate, its pose, and what it has left this turn."""

from __future__ import annotations

from typing import Any, Final

import numpy as np
from shapely.geometry import Polygon

from .data import Fitting, ShipClass
from .geometry import Coords, place, rings_polygon, unit
from .view import gun_origins

#: Recent hull polygons by class (by identity, see :func:`_class_key`) and pose (positions a
#: search returns to share them).
_HULLS: dict[tuple[int, float, float, float], Polygon] = {}
HULLS_KEPT: Final = 40_000
#: Recent hull outlines on the table and their bounding boxes, the same way. Kept as tuples of
#: numbers, which hold nothing the cycle collector need look at (it walks every object it tracks
#: at each full collection, and a long random game keeps thousands of outlines).
_OUTLINES: dict[tuple[int, float, float, float],
                tuple[tuple[tuple[float, float], ...], tuple[float, float, float, float]]] = {}
#: Every class the caches above have met, by identity: held here, a class's identity is never
#: reused by another object, so the caches may key on it alone.
_CLASSES: dict[int, ShipClass] = {}


def _class_key(cls: ShipClass) -> int:
    """``id(cls)``, with the class held for as long as the caches keyed on it."""
    key = id(cls)
    if _CLASSES.get(key) is not cls:
        _CLASSES[key] = cls
    return key


#: What a ship is, without what is worked out from its pose: what pickling keeps. A module-level
#: name, not read through ``Ship.__slots__``, which a compiled (mypyc) class does not have.
_KEPT = ("ap", "cls", "docked", "fired", "fires", "fittings", "heading", "home", "hp", "id", "moved",
         "revealed", "sailing", "seat", "status", "supplies", "treasure", "x", "y")


class Ship:
    """Mutable per-state ship record. The hull polygon is cached until the pose changes."""

    __slots__ = ("_bounds", "_coords", "_hull", "_motion", *_KEPT)

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
        self.fittings: tuple[Fitting, ...] = ()  # equipment and special crew aboard (Open Warfare points)
        self._forget_pose()

    def fit(self, fittings: tuple[Fitting, ...]) -> None:
        """Ship equipment and special crew; spare stores come aboard full."""
        self.fittings = fittings
        self.supplies = self.max_supplies

    def _forget_pose(self) -> None:
        """Drop everything worked out from the pose (outline, polygon, clearance, move plans)."""
        self._coords: Coords | None = None
        self._hull: Polygon | None = None
        self._bounds: tuple[float, float, float, float] | None = None
        # the move plans for this pose (movement.Motion); shared with clones until either moves
        self._motion: Any = None

    def copy(self) -> Ship:
        # made by the constructor, not a blank ``Ship.__new__(Ship)``: compiled (tabletop.native),
        # a ship's __new__ runs __init__
        twin = Ship(self.id, self.cls, self.seat, self.x, self.y, self.heading)
        # spelled out: a search copies every ship at every step, and a loop over the slots is slow
        twin._bounds, twin._coords, twin._hull, twin._motion = self._bounds, self._coords, self._hull, self._motion
        twin.ap, twin.cls, twin.docked, twin.fired = self.ap, self.cls, self.docked, self.fired
        twin.fires, twin.fittings, twin.heading, twin.home = list(self.fires), self.fittings, self.heading, self.home
        twin.hp, twin.id, twin.moved, twin.revealed = self.hp, self.id, self.moved, self.revealed
        twin.sailing, twin.seat, twin.status, twin.supplies = self.sailing, self.seat, self.status, self.supplies
        twin.treasure, twin.x, twin.y = self.treasure, self.x, self.y
        return twin

    def __reduce__(self) -> tuple[Any, ...]:
        # pickled as the constructor's arguments and the state, for the same reason as copy()
        return _unpickled, (self.__getstate__(),)

    def __getstate__(self) -> dict[str, Any]:
        return {name: getattr(self, name) for name in _KEPT}

    def __setstate__(self, state: dict[str, Any]) -> None:
        for name, value in state.items():
            setattr(self, name, value)
        self._forget_pose()

    # -- pose ----------------------------------------------------------------------------------

    def set_pose(self, x: float, y: float, heading: float) -> None:
        self.x, self.y, self.heading = x, y, heading
        self._forget_pose()

    @property
    def coords(self) -> Coords:
        if self._coords is None:
            self._outline()
        return self._coords  # type: ignore[return-value]

    def _outline(self) -> None:
        """Find (or work out and keep) the outline on the table and its bounding box."""
        key = (_class_key(self.cls), self.x, self.y, self.heading)
        found = _OUTLINES.get(key)
        if found is None:
            if len(_OUTLINES) >= HULLS_KEPT:
                _OUTLINES.clear()
            coords = place(self.cls.outline, self.x, self.y, self.heading)
            xs, ys = zip(*coords, strict=True)
            found = _OUTLINES[key] = (tuple(coords), (min(xs), min(ys), max(xs), max(ys)))
            self._coords = coords
        else:
            self._coords = list(found[0])
        self._bounds = found[1]

    @property
    def hull(self) -> Polygon:
        if self._hull is None:
            key = (_class_key(self.cls), self.x, self.y, self.heading)
            found = _HULLS.get(key)
            if found is None:
                if len(_HULLS) >= HULLS_KEPT:
                    _HULLS.clear()
                found = _HULLS[key] = rings_polygon(np.array(self.coords, dtype=float))
            self._hull = found
        return self._hull

    @property
    def bounds(self) -> tuple[float, float, float, float]:
        """The hull's bounding box (min x, min y, max x, max y)."""
        if self._bounds is None:
            self._outline()
        return self._bounds  # type: ignore[return-value]

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

    # -- what equipment and special crew add (CB-DATA-2) --------------------------------------

    @property
    def max_supplies(self) -> int:
        return self.cls.supplies + sum(f.supplies for f in self.fittings)

    @property
    def combat_value(self) -> int:
        value = self.cls.combat_value(self.hp)
        return value + sum(f.combat_value for f in self.fittings) if value else 0

    @property
    def repair_rate(self) -> int:
        """Damage mended per AP of repairs."""
        return 2 + sum(f.repair for f in self.fittings)

    @property
    def douse_bonus(self) -> int:
        return sum(f.douse for f in self.fittings)

    @property
    def points(self) -> int:
        return self.cls.points + sum(f.points for f in self.fittings)

    def to_json(self) -> dict[str, Any]:
        """The ship as the view shows it: pose, hull, condition and where her guns fire from
        (CB-VIEW-1); her class's card, with the arcs, is in the view's ``cards``."""
        origins = gun_origins(self.x, self.y, self.heading, self.cls)
        return {
            "id": self.id, "class": self.cls.slug, "name": self.cls.name, "seat": self.seat,
            "x": round(self.x, 3), "y": round(self.y, 3), "heading": round(self.heading, 3),
            "hull": [[round(px, 3), round(py, 3)] for px, py in self.coords],
            "hp": self.hp, "max_hp": self.cls.hp, "ap": self.ap, "supplies": self.supplies,
            "max_supplies": self.max_supplies, "fires": list(self.fires), "treasure": self.treasure,
            "status": self.status, "docked": self.docked, "fired": self.fired,
            "combat_value": self.combat_value, "length": self.cls.length, "points": self.points,
            "fittings": [{"slug": f.slug, "name": f.name, "kind": f.kind, "points": f.points, "summary": f.summary}
                         for f in self.fittings],
            "guns": {pos: {"name": g.name, "chart": list(g.chart), "sets_fire": g.sets_fire, "max_range": g.max_range,
                           "origin": origins[pos]} for pos, g in self.cls.guns.items()},
        }


def _unpickled(state: dict[str, Any]) -> Ship:
    ship = Ship(state["id"], state["cls"], state["seat"], state["x"], state["y"], state["heading"])
    ship.__setstate__(state)
    return ship
