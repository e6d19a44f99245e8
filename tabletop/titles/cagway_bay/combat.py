"""Who can shoot whom: arcs, range, darkness and cover, and who is touching whom."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Final

import shapely
from shapely.geometry import Polygon

from .data import ShipClass
from .geometry import (
    MARGIN,
    RED,
    TOUCH,
    Table,
    arc_region,
    gun_origin,
    hidden_fraction,
    point_at,
    segments,
    unit,
)
from .movement import hull_reach, motion
from .ships import Ship

#: A target hidden over more than this share of its hull area is not a valid target.
COVER_LIMIT: Final = 0.5


@dataclass(frozen=True, slots=True)
class Sighting:
    """The geometry of one gun on one target, worked out once per combat phase."""

    gun: str
    target: str
    distance: float
    range: int
    cover: float
    problem: str | None  # why the gun cannot fire at it (geometry only), or None


def boxes_near(a: Ship, b: Ship, gap: float) -> bool:
    ax0, ay0, ax1, ay1 = a.bounds
    bx0, by0, bx1, by1 = b.bounds
    return ax0 <= bx1 + gap and bx0 <= ax1 + gap and ay0 <= by1 + gap and by0 <= ay1 + gap


def touching(a: Ship, b: Ship) -> bool:
    """Hulls touch when the gap between them is at most :data:`TOUCH` (overlapping counts)."""
    # every point of a hull lies within its reach of the bow: bows farther apart than both
    # reaches and the touching distance cannot touch (and need no outline placed)
    dx, dy = a.x - b.x, a.y - b.y
    if dx * dx + dy * dy > _far_apart(a.cls, b.cls) or not boxes_near(a, b, TOUCH):
        return False
    # the answer follows from the two poses alone, and a search asks it of the same ones again
    key = (id(a.cls), a.x, a.y, a.heading, id(b.cls), b.x, b.y, b.heading)
    found = _TOUCHING.get(key)
    if found is None:
        if len(_TOUCHING) >= SEEN_KEPT:
            _TOUCHING.clear()
        found = _TOUCHING[key] = bool(shapely.lib.distance(a.hull, b.hull) <= TOUCH)
    return found


def _far_apart(a: ShipClass, b: ShipClass) -> float:
    """The square of the bow-to-bow distance beyond which hulls of these classes cannot touch."""
    key = (id(a), id(b))
    found = _APART.get(key)
    if found is None or found[0] is not a or found[1] is not b:
        found = _APART[key] = (a, b, (hull_reach(a) + hull_reach(b) + TOUCH + MARGIN) ** 2)
    return found[2]


#: :func:`_far_apart` for each pair of classes (classes live as long as the program).
_APART: dict[tuple[int, int], tuple[ShipClass, ShipClass, float]] = {}

#: Whether two hulls touch, by both classes and poses (classes live as long as the program).
_TOUCHING: dict[tuple[int, float, float, float, int, float, float, float], bool] = {}


def obstacles(table: Table, ships: Iterable[Ship], shooter: Ship, target: Ship) -> list[Polygon]:
    """Everything that can hide a target: island pieces and every other hull still afloat."""
    found = [part for part, _ in table.shadow_parts]
    found.extend(s.hull for s in ships if s.afloat and s is not shooter and s is not target)
    return found


def sight(table: Table, ships: Iterable[Ship], shooter: Ship, position: str, target: Ship) -> Sighting:
    """Arc, range and cover of ``shooter``'s ``position`` gun on ``target``."""
    gun = shooter.cls.guns[position]
    reach = gun.max_range * RED
    length = shooter.cls.length
    if not boxes_near(shooter, target, reach + length):
        # the commonest answer, and always the same one for the gun and target: made once
        key = (position, target.id, gun.name)
        beyond = _BEYOND.get(key)
        if beyond is None:
            beyond = _BEYOND[key] = Sighting(position, target.id, 1e9, 99, 0.0,
                                             f"{target.id} is beyond the {gun.name}'s range")
        return beyond
    notes = motion(table, shooter).notes
    region = notes.get(("arc", position))  # the same for every target while the shooter stays put
    if region is None:
        region = notes[("arc", position)] = arc_region(shooter.x, shooter.y, shooter.heading, length, position,
                                                       reach + length + shooter.cls.beam)
    assert isinstance(region, Polygon)
    # shapely's own operations without their Python wrappers: this is asked for every gun and target
    if not shapely.lib.intersects(region, target.hull):
        return Sighting(position, target.id, 1e9, 99, 0.0, f"no part of {target.id} is in the {position} arc")
    part = shapely.lib.intersection(target.hull, region)
    origin = gun_origin(shooter.x, shooter.y, shooter.heading, length, position)
    distance = float(shapely.lib.distance(point_at(*origin) if origin is not None else shooter.hull, part))
    if touching(shooter, target):
        return Sighting(position, target.id, distance, 0, 0.0,
                        f"{target.id} is touching: the crews fight hand to hand (melee) instead")
    rng = segments(distance)
    if rng > gun.max_range or gun.damage(rng) <= 0:
        return Sighting(position, target.id, distance, rng, 0.0,
                        f"{target.id} is at range {rng}, where the {gun.name} does nothing")
    if origin is not None:
        keel = None
    else:
        ux, uy = unit(shooter.heading)
        nx, ny = (-uy, ux) if position == "port" else (uy, -ux)
        keel = (shooter.x, shooter.y, nx, ny)
    cover = hidden_fraction(target.hull, obstacles(table, ships, shooter, target), origin, keel)
    if cover > COVER_LIMIT:
        return Sighting(position, target.id, distance, rng, cover,
                        f"{target.id} is {cover:.0%} hidden (more than half) from the {position} gun")
    return Sighting(position, target.id, distance, rng, cover, None)


#: Sightings of targets beyond a gun's range, by gun position, target and gun name.
_BEYOND: dict[tuple[str, str, str], Sighting] = {}

#: Recent sightings, by table, shooter and every hull afloat; emptied when it grows past its size.
_SEEN: dict[tuple[object, ...], list[Sighting]] = {}
SEEN_KEPT: Final = 20_000


def sightings_from(table: Table, ships: list[Ship], shooter: Ship) -> list[Sighting]:
    """Every gun of ``shooter`` on every living enemy among ``ships`` (those afloat). The answer
    follows from the table and the hulls afloat alone, so positions a search returns to share it."""
    key = (id(table), shooter.id, *((s.id, id(s.cls), s.seat, s.hp > 0, s.x, s.y, s.heading) for s in ships))
    found = _SEEN.get(key)
    if found is None:
        if len(_SEEN) >= SEEN_KEPT:
            _SEEN.clear()
        found = _SEEN[key] = [sight(table, ships, shooter, position, target)
                              for position in shooter.cls.guns
                              for target in ships if target.seat != shooter.seat and target.hp > 0]
    return list(found)


def visible_in_dark(target: Ship, rng: int, sight_range: int | None, turn: int) -> bool:
    """At night a target is seen only within ``sight_range`` segments, unless it burns or its
    guns flashed this turn or last."""
    if sight_range is None or rng <= sight_range:
        return True
    return bool(target.fires) or (target.revealed > 0 and target.revealed >= turn - 1)
