"""Ship plates and scenario maps, loaded from the JSON files in ``data/`` through pydantic.

Nothing here runs on the hot path: the models are read once and turned into plain, frozen
values (:class:`ShipClass`) that the rules use.
"""

from __future__ import annotations

import json
import math
from bisect import bisect_left
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

from tabletop.core import BadOption, BadScenario

DATA = Path(__file__).parent / "data"
COLOURS = ("white", "brown", "red", "yellow", "green", "blue")
GUN_POSITIONS = ("fore", "aft", "port", "starboard")
EDGES = ("north", "south", "east", "west")
SCENARIOS = ("the-ruins", "under-cover-of-darkness", "open-warfare")
MAX_TABLE = 10_000.0  # cm: a scenario's table may be large, but not so large that distances overflow


class _Model(BaseModel):
    # NaN or infinite numbers would reach the geometry library as nonsense: refuse them here.
    model_config = ConfigDict(extra="forbid", frozen=True, allow_inf_nan=False)


_M = TypeVar("_M", bound=_Model)


class WheelBand(_Model):
    """Headings up to ``up_to`` degrees off the wind (and beyond the previous band) use ``colour``."""

    up_to: float = Field(gt=0, le=180)
    colour: Literal["white", "brown", "red", "yellow", "green", "blue"]


class HealthBand(_Model):
    """From ``min_hp`` up to the next band: this many actions and this close-combat value."""

    min_hp: int = Field(ge=0)
    actions: int = Field(ge=0, le=6)
    combat_value: int = Field(ge=0)


class GunModel(_Model):
    position: Literal["fore", "aft", "port", "starboard"]
    name: str
    chart: list[int] = Field(min_length=1, description="damage at range 1, 2, ...; 0 means no effect")
    sets_fire: int | None = Field(None, ge=2, le=7, description="a hit sets a fire token doused on this roll or more")


class ShipClassModel(_Model):
    slug: str
    name: str
    summary: str
    points: int = Field(gt=0)
    hp: int = Field(gt=0)
    supplies: int = Field(ge=0)
    outline: list[tuple[float, float]] = Field(min_length=3)
    wheel: list[WheelBand] = Field(min_length=1)
    health: list[HealthBand] = Field(min_length=2)
    guns: list[GunModel]

    @model_validator(mode="after")
    def _consistent(self) -> ShipClassModel:
        if self.wheel[-1].up_to != 180 or any(a.up_to >= b.up_to for a, b in zip(self.wheel, self.wheel[1:], strict=False)):
            raise ValueError(f"{self.slug}: wheel bands must rise strictly and end at 180 degrees")
        mins = [band.min_hp for band in self.health]
        if mins != sorted(mins, reverse=True) or len(set(mins)) != len(mins) or mins[-1] != 0:
            raise ValueError(f"{self.slug}: health bands must fall strictly to a 0-HP band")
        if self.health[-1].actions != 0 or self.health[0].min_hp > self.hp:
            raise ValueError(f"{self.slug}: a dead ship has no actions and the top band must fit the HP")
        xs = [x for x, _ in self.outline]
        if max(xs) != 0 or self.outline[0] != (0.0, 0.0):
            raise ValueError(f"{self.slug}: the outline starts at the bow (0, 0) and points along +x")
        if len({g.position for g in self.guns}) != len(self.guns):
            raise ValueError(f"{self.slug}: at most one gun per position")
        if not _is_convex(self.outline):
            raise ValueError(f"{self.slug}: a hull outline must be convex")
        return self


def _is_convex(points: list[tuple[float, float]]) -> bool:
    signs = set()
    n = len(points)
    for i in range(n):
        (ax, ay), (bx, by), (cx, cy) = points[i], points[(i + 1) % n], points[(i + 2) % n]
        cross = (bx - ax) * (cy - by) - (by - ay) * (cx - bx)
        if abs(cross) > 1e-9:
            signs.add(cross > 0)
    return len(signs) == 1


class FittingModel(_Model):
    """Equipment or special crew a ship may carry, with its point cost and its effect."""

    slug: str
    name: str
    kind: Literal["equipment", "crew"]
    points: int = Field(gt=0)
    summary: str
    supplies: int = Field(0, ge=0, description="more supplies stowed (capacity and starting stock)")
    douse: int = Field(0, ge=0, description="added to every douse roll")
    combat_value: int = Field(0, ge=0, description="added to the close-combat value while it is above 0")
    repair: int = Field(0, ge=0, description="more damage mended per AP of repairs")


class WindModel(_Model):
    kind: Literal["point", "parallel"]
    x: float = 0.0
    y: float = 0.0
    from_heading: float = Field(0.0, description="parallel wind: the direction the wind comes from, degrees")


class IslandModel(_Model):
    id: str
    name: str
    outline: list[tuple[float, float]] = Field(min_length=3)
    treasure: int = Field(0, ge=0)
    supplies: int = Field(0, ge=0)


class ShipPlacement(_Model):
    """A ship on the table: bow position (cm), heading (degrees, anticlockwise from east)."""

    id: str
    ship_class: str
    seat: int = Field(ge=0, le=1)
    x: float
    y: float
    heading: float
    hp: int | None = None
    ap: int | None = Field(default=None, ge=0, le=6)
    supplies: int | None = None
    fires: list[int] = Field(default_factory=list)
    treasure: int = Field(0, ge=0)
    status: Literal["afloat", "sunk", "escaped", "fled"] = "afloat"
    docked: str | None = None
    fired: bool = False
    moved: bool = False
    fittings: list[str] = Field(default_factory=list, description="equipment and special crew aboard (slugs)")

    @field_validator("id")
    @classmethod
    def _slug(cls, value: str) -> str:
        if not value or any(c in value for c in " =,:"):
            raise ValueError(f"ship id {value!r} must be a slug (no spaces, '=', ',' or ':')")
        return value


class ObjectiveModel(_Model):
    kind: Literal["treasure-run", "blockade-run", "battle"]
    seat: int = Field(0, ge=0, le=1, description="the seat that must escape (runs) ")
    needed: int = Field(1, ge=1)
    text: str


class DarknessModel(_Model):
    sight_range: int = Field(ge=0, description="targets beyond this many Red segments cannot be seen")


class DeploymentModel(_Model):
    y: float
    heading: float


class ScenarioModel(_Model):
    slug: str
    title: str
    summary: str
    seats: tuple[str, str]
    width: float = Field(ge=100)
    height: float = Field(ge=100)
    turn_limit: int = Field(ge=1)
    wind: WindModel
    islands: list[IslandModel]
    ships: list[ShipPlacement]
    objective: ObjectiveModel
    exit_edges: list[Literal["north", "south", "east", "west"]]
    darkness: DarknessModel | None = None
    deployment: list[DeploymentModel] = Field(default_factory=list)
    waypoints: list[tuple[float, float]] = Field(
        default_factory=list, description="pilotage for the heuristic: points a runner passes through in turn")


class ScenarioOverride(_Model):
    """What a ``scenario`` dict given to ``new_state`` may set on top of the chosen scenario."""

    width: float | None = Field(None, ge=100, le=MAX_TABLE)
    height: float | None = Field(None, ge=100, le=MAX_TABLE)
    turn_limit: int | None = Field(None, ge=1)
    turn: int = Field(1, ge=1)
    phase: Literal["move", "combat", "end"] = "move"
    wind: WindModel | None = None
    islands: list[IslandModel] | None = None
    ships: list[ShipPlacement] | None = None
    grapples: list[tuple[str, str]] = Field(default_factory=list)
    darkness: DarknessModel | None = None
    exit_edges: list[Literal["north", "south", "east", "west"]] | None = None


# -- plain values used by the rules ----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Gun:
    position: str
    name: str
    chart: tuple[int, ...]
    sets_fire: int | None

    @property
    def max_range(self) -> int:
        return len(self.chart)

    def damage(self, effective_range: int) -> int:
        if effective_range < 1 or effective_range > len(self.chart):
            return 0
        return self.chart[effective_range - 1]


@dataclass(frozen=True, slots=True)
class ShipClass:
    slug: str
    name: str
    summary: str
    points: int
    hp: int
    supplies: int
    outline: tuple[tuple[float, float], ...]
    wheel: tuple[tuple[float, str], ...]
    health: tuple[tuple[int, int, int], ...]
    guns: dict[str, Gun]
    length: float
    beam: float
    #: where each band of the wheel ends, with the rounding allowance :meth:`colour` gives (worked
    #: out from the wheel when not given)
    bands: tuple[float, ...] = ()
    #: whether any band of the wheel is white (worked out from the wheel: the engine asks at every pose)
    has_white: bool = field(default=False, compare=False, repr=False)

    def colour(self, off_wind: float) -> str:
        """The stick colour for a heading ``off_wind`` degrees (0..180) from the wind's eye."""
        # the first band reaching the angle (with a rounding allowance), found by bisection
        index = bisect_left(self.bands, off_wind)
        return self.wheel[index][1] if index < len(self.wheel) else self.wheel[-1][1]

    def __post_init__(self) -> None:
        if not self.bands:
            object.__setattr__(self, "bands", tuple(up_to + 1e-9 for up_to, _ in self.wheel))
        object.__setattr__(self, "has_white", any(colour == "white" for _, colour in self.wheel))

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        # A plate of the rules is sent (to a worker, a copy) by its slug and found again there:
        # every ship of that class shares one object, and the caches keyed on it stay warm.
        if ship_classes().get(self.slug) is self:
            return ship_class, (self.slug,)
        return ShipClass, tuple(getattr(self, name) for name in self.__dataclass_fields__)

    def band(self, hp: int) -> tuple[int, int, int]:
        for band in self.health:
            if hp >= band[0]:
                return band
        return self.health[-1]

    def actions(self, hp: int) -> int:
        return self.band(hp)[1]

    def combat_value(self, hp: int) -> int:
        return self.band(hp)[2]

    @property
    def reach(self) -> float:
        """Longest gun range in Red segments."""
        return max((g.max_range for g in self.guns.values()), default=0)


@dataclass(frozen=True, slots=True)
class Fitting:
    slug: str
    name: str
    kind: str
    points: int
    summary: str
    supplies: int
    douse: int
    combat_value: int
    repair: int


def _load_json(path: Path) -> object:
    return json.loads(path.read_text(encoding="utf-8"))


def _explain(error: ValidationError, where: str) -> str:
    parts = [f"{'.'.join(map(str, e['loc'])) or 'file'}: {e['msg']}" for e in error.errors()[:5]]
    return f"{where}: " + "; ".join(parts)


def _load_models(name: str, key: str, model: type[_M]) -> list[_M]:
    """The list under ``key`` in ``data/<name>``, each item validated as ``model``."""
    raw = _load_json(DATA / name)
    try:
        return [model.model_validate(item) for item in raw[key]]  # type: ignore[index]
    except ValidationError as exc:
        raise ValueError(_explain(exc, f"data/{name}")) from None


@cache
def ship_classes() -> dict[str, ShipClass]:
    """Every ship plate, by slug."""
    models = _load_models("ships.json", "ships", ShipClassModel)
    classes = {}
    for m in models:
        xs = [x for x, _ in m.outline]
        ys = [y for _, y in m.outline]
        classes[m.slug] = ShipClass(
            slug=m.slug, name=m.name, summary=m.summary, points=m.points, hp=m.hp, supplies=m.supplies,
            outline=tuple((float(x), float(y)) for x, y in m.outline),
            wheel=tuple((b.up_to, b.colour) for b in m.wheel),
            health=tuple((b.min_hp, b.actions, b.combat_value) for b in m.health),
            guns={g.position: Gun(g.position, g.name, tuple(g.chart), g.sets_fire) for g in m.guns},
            length=-min(xs), beam=max(ys) - min(ys),
        )
    return classes


def ship_class(slug: str) -> ShipClass:
    """The ship plate ``slug`` (see :func:`ship_classes`)."""
    return ship_classes()[slug]


@cache
def fittings() -> dict[str, Fitting]:
    """Every kind of equipment and special crew, by slug."""
    return {m.slug: Fitting(**m.model_dump()) for m in _load_models("fittings.json", "fittings", FittingModel)}


def fitting_list(slugs: list[str], where: str) -> tuple[Fitting, ...]:
    """The fittings named by ``slugs``; unknown or repeated ones are an error naming the choices."""
    known = fittings()
    for slug in slugs:
        if slug not in known:
            raise BadScenario(f"{where}: there is no equipment or crew {slug!r}; the choices are: {', '.join(known)}")
    if len(set(slugs)) != len(slugs):
        raise BadScenario(f"{where}: a ship carries each kind of equipment or crew at most once")
    return tuple(known[slug] for slug in slugs)


@cache
def scenario_model(slug: str) -> ScenarioModel:
    """The named scenario's map, wind, fleets and objective."""
    path = DATA / f"scenario-{slug}.json"
    try:
        return ScenarioModel.model_validate(_load_json(path))
    except ValidationError as exc:
        raise ValueError(_explain(exc, f"data/{path.name}")) from None


def parse_override(scenario: dict[str, object]) -> ScenarioOverride:
    try:
        return ScenarioOverride.model_validate(scenario)
    except ValidationError as exc:
        raise BadScenario(_explain(exc, "cagway-bay scenario")) from None


def parse_fleet(text: str) -> list[str]:
    """``"sloop+brig/marines"`` → ``["sloop", "brig/marines"]``: ships joined by ``+``, each a class
    with any equipment and special crew after ``/``. Unknown names are an error naming the choices."""
    names = [part.strip() for part in text.split("+") if part.strip()]
    known = ship_classes()
    for name in names:
        slug, *extras = name.split("/")
        if slug not in known:
            raise BadScenario(f"there is no ship class {slug!r}; the classes are: {', '.join(known)}")
        fitting_list(extras, f"fleet ship {name!r}")
    return names


def fleet_entry(entry: str) -> tuple[str, list[str]]:
    """``"brig/marines"`` → ``("brig", ["marines"])``."""
    slug, *extras = entry.split("/")
    return slug, extras


def build_fleet(points: int, avoid_empty: bool = True) -> list[str]:
    """A fleet worth exactly ``points`` (or as close below as the plates allow), deterministic.

    Prefers few ships, then the costliest flagship, so both sides built this way are equal.
    """
    classes = sorted(ship_classes().values(), key=lambda c: (-c.points, c.slug))
    best: tuple[int, int, int, list[str]] | None = None

    def search(start: int, remaining: int, chosen: list[str], lead: int) -> None:
        nonlocal best
        total = points - remaining
        key = (-total, len(chosen), -lead)
        if chosen and (best is None or key < best[:3]):
            best = (-total, len(chosen), -lead, list(chosen))
        if len(chosen) >= 5:
            return
        for index in range(start, len(classes)):
            cls = classes[index]
            if cls.points <= remaining:
                chosen.append(cls.slug)
                search(index, remaining - cls.points, chosen, lead or cls.points)
                chosen.pop()

    search(0, points, [], 0)
    if best is None:
        cheapest = min(classes, key=lambda c: c.points)
        return [cheapest.slug] if avoid_empty else []
    return best[3]


def fleet_points(fleet: list[str]) -> int:
    """Ships, equipment and special crew, at their point costs."""
    known, extra = ship_classes(), fittings()
    total = 0
    for entry in fleet:
        slug, extras = fleet_entry(entry)
        total += known[slug].points + sum(extra[e].points for e in extras)
    return total


def check_equal_points(first: list[str], second: list[str]) -> None:
    """CB-SCEN-OPEN-4: Open Warfare fleets must be worth the same."""
    a, b = fleet_points(first), fleet_points(second)
    if a != b:
        raise BadOption(f"Open Warfare fleets must be worth the same points: fleet1 ({'+'.join(first)}) is {a} "
                        f"points and fleet2 ({'+'.join(second)}) is {b}")


def normalise(degrees: float) -> float:
    """A heading in [0, 360)."""
    value = math.fmod(degrees, 360.0)
    return value + 360.0 if value < 0 else value
