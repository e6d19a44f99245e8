"""Each ship's card and gun arcs for the view, and the view's schema as pydantic models
(documented in docs/rules/cagway-bay.md, section 7).

A client draws the table from the view alone: the islands' polygons, the wind, each hull's
outline at its pose, and each ship class's card in ``cards`` (movement wheel, health chart, guns with
their damage charts and arcs, point cost). A card's outline and gun arcs are in the ship's own frame
(bow at the origin, pointing along +x): placed at a ship's pose (rotate by the heading, move to the
bow) they give her hull and her arcs on the table, out to each gun's longest range. Cagway Bay hides
nothing, so every seat and the spectator get the same view.

>>> import tabletop
>>> view = tabletop.load("cagway-bay", scenario="open-warfare").new_state(seed=1).view(None)
>>> checked = CagwayView.model_validate(view)
>>> checked.cards[checked.ships[0].class_].guns[0].position
'fore'
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field
from shapely.geometry import Point, Polygon

from .data import GUN_POSITIONS, ShipClass
from .geometry import RED, STICKS, arc_region, gun_origin, place

__all__ = ["CagwayView", "gun_cover", "gun_origins", "ship_card", "sticks_view"]


def gun_cover(x: float, y: float, heading: float, cls: ShipClass, position: str,
              quad_segs: int = 16) -> tuple[Any, Any, Polygon]:
    """A gun's arc on the table out to its longest range, for a ship whose bow is at (x, y):
    (the area covered, the point or hull range is measured from, the arc's band). ``quad_segs``:
    straight pieces per quarter circle of the range's rim."""
    gun = cls.guns[position]
    reach = gun.max_range * RED
    band = arc_region(x, y, heading, cls.length, position, reach + cls.length + cls.beam)
    origin = gun_origin(x, y, heading, cls.length, position)
    source = Point(origin) if origin is not None else Polygon(place(cls.outline, x, y, heading))
    return band.intersection(source.buffer(reach, quad_segs=quad_segs)), source, band


def _rounded(coords: Any) -> list[list[float]]:
    return [[round(px, 2), round(py, 2)] for px, py in coords]


def gun_origins(x: float, y: float, heading: float, cls: ShipClass) -> dict[str, list[float] | None]:
    """Each gun's origin at this pose: the bow or stern centre (null for a broadside: the hull's side)."""
    out: dict[str, list[float] | None] = {}
    for position in cls.guns:
        origin = gun_origin(x, y, heading, cls.length, position)
        out[position] = None if origin is None else [round(origin[0], 2), round(origin[1], 2)]
    return out


_ARCS: dict[str, dict[str, list[tuple[float, float]]]] = {}


def _local_arcs(cls: ShipClass) -> dict[str, list[tuple[float, float]]]:
    arcs = _ARCS.get(cls.slug)
    if arcs is None:
        arcs = {}
        for position in cls.guns:
            cover, _, _ = gun_cover(0.0, 0.0, 0.0, cls, position)
            arcs[position] = list(cover.exterior.coords) if isinstance(cover, Polygon) and not cover.is_empty else []
        _ARCS[cls.slug] = arcs
    return arcs


_CARDS: dict[str, dict[str, Any]] = {}


def _card(cls: ShipClass) -> dict[str, Any]:
    card = _CARDS.get(cls.slug)
    if card is None:
        card = _CARDS[cls.slug] = _make_card(cls)
    return card


def _make_card(cls: ShipClass) -> dict[str, Any]:
    return {
        "class": cls.slug, "name": cls.name, "summary": cls.summary, "points": cls.points, "hp": cls.hp,
        "supplies": cls.supplies, "length": round(cls.length, 3), "beam": round(cls.beam, 3),
        "outline": [[x, y] for x, y in cls.outline],
        "wheel": [{"up_to": up_to, "colour": colour} for up_to, colour in cls.wheel],
        "health": [{"min_hp": low, "actions": ap, "combat_value": cv} for low, ap, cv in cls.health],
        "guns": [{"position": g.position, "name": g.name, "chart": list(g.chart), "max_range": g.max_range,
                  "sets_fire": g.sets_fire, "arc": "half-plane" if g.position in ("fore", "aft") else "broadside",
                  "arc_outline": _rounded(_local_arcs(cls)[g.position])}
                 for g in sorted(cls.guns.values(), key=lambda g: GUN_POSITIONS.index(g.position))],
    }


def ship_card(cls: ShipClass) -> dict[str, Any]:
    """The ship's plate as printed on its card, a fresh copy (views belong to their reader)."""
    card = _card(cls)
    return {**card, "outline": [list(p) for p in card["outline"]], "wheel": [dict(b) for b in card["wheel"]],
            "health": [dict(b) for b in card["health"]],
            "guns": [{**g, "chart": list(g["chart"]), "arc_outline": [list(p) for p in g["arc_outline"]]}
                     for g in card["guns"]]}


def sticks_view() -> dict[str, Any]:
    """The movement sticks (cm per segment by colour) and the range unit."""
    return {"segment_cm": dict(STICKS), "range_segment_cm": RED}


# -- the schema ------------------------------------------------------------------------------------


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


Point2 = list[float]
Colour = Literal["white", "brown", "red", "yellow", "green", "blue"]
Position = Literal["fore", "aft", "port", "starboard"]


class WindView(_Model):
    kind: Literal["point", "parallel"]
    x: float
    y: float
    from_heading: float


class IslandView(_Model):
    id: str
    name: str
    outline: list[Point2]
    treasure: int
    supplies: int


class TableView(_Model):
    width: float
    height: float
    edges: Literal["open-sea", "land"]
    exits: list[Literal["north", "south", "east", "west"]]
    islands: list[IslandView]
    wind: WindView
    sticks: dict[str, Any]


class WheelBandView(_Model):
    up_to: float
    colour: Colour


class HealthBandView(_Model):
    min_hp: int
    actions: int
    combat_value: int


class CardGunView(_Model):
    position: Position
    name: str
    chart: list[int]
    max_range: int
    sets_fire: int | None
    arc: Literal["half-plane", "broadside"]
    arc_outline: list[Point2]


class CardView(_Model):
    class_: str = Field(alias="class")
    name: str
    summary: str
    points: int
    hp: int
    supplies: int
    length: float
    beam: float
    outline: list[Point2]
    wheel: list[WheelBandView]
    health: list[HealthBandView]
    guns: list[CardGunView]


class GunView(_Model):
    name: str
    chart: list[int]
    sets_fire: int | None
    max_range: int
    origin: Point2 | None


class FittingView(_Model):
    slug: str
    name: str
    kind: Literal["equipment", "crew"]
    points: int
    summary: str


class ShipView(_Model):
    id: str
    class_: str = Field(alias="class")
    name: str
    seat: str
    home: str
    x: float
    y: float
    heading: float
    hull: list[Point2]
    hp: int
    max_hp: int
    ap: int
    supplies: int
    max_supplies: int
    fires: list[int]
    treasure: int
    status: Literal["afloat", "sunk", "escaped", "fled"]
    docked: str | None
    fired: bool
    combat_value: int
    length: float
    points: int
    fittings: list[FittingView]
    guns: dict[Position, GunView]


class ShotView(_Model):
    ship: str
    gun: Position
    target: str
    range: int
    aim: int
    effective: int
    damage: int
    turn: int
    arc: list[Point2]
    rings: list[list[Point2]]
    line: list[Point2]


class OutcomeView(_Model):
    winners: list[str]
    draw: bool
    scores: dict[str, float]
    reason: str


class CagwayView(_Model):
    """One seat's (or the spectator's) view of a Cagway Bay position."""

    game: Literal["cagway-bay"]
    seat: str | None
    seats: list[str]
    to_act: list[str]
    is_over: bool
    outcome: OutcomeView | None
    scenario: str
    title: str
    objective: str
    turn: int
    turn_limit: int
    phase: Literal["start", "move", "combat", "end"]
    active: str | None
    choosable: list[str]
    darkness: int | None
    escape_edges: list[Literal["north", "south", "east", "west"]]
    table: TableView
    ships: list[ShipView]
    cards: dict[str, CardView]
    grapples: list[list[str]]
    last_shot: ShotView | None
    first_capture: str | None
