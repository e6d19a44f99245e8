"""Table geometry with shapely: hulls, land, wind, the pulse, gun arcs, range and cover.

Conventions: centimetres on the table, x east and y north from the south-west corner; headings
in degrees anticlockwise from east. A ship's pose is its bow point and heading; its outline is
stored with the bow at (0, 0) pointing along +x.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from itertools import chain
from typing import Any, Final

import numpy as np
import shapely
from shapely.geometry import Point, Polygon, box

from .data import IslandModel, WindModel

Coords = list[tuple[float, float]]

STICKS = {"white": 0.0, "brown": 3.0, "red": 4.0, "yellow": 5.0, "green": 6.25, "blue": 8.0}
RED: Final = STICKS["red"]
#: Two outlines whose gap is at most this many cm touch (0.5 cm is 6 ft at 12 ft = 1 cm).
TOUCH: Final = 0.5
#: Land is shrunk by this much before overlap tests, so a hull resting on a coast is not "in" it.
LAND_SLACK: Final = 0.005
#: A segment that cannot make this much headway before meeting land is blocked.
MIN_HEADWAY: Final = 0.05
#: Shadows are cast this far.
FAR: Final = 500.0
#: Pulse positions closer than this are a tie.
TIE: Final = 0.01


def place(outline: Sequence[tuple[float, float]], x: float, y: float, heading: float) -> Coords:
    """The outline's vertices on the table for a bow at (x, y) with ``heading``."""
    rad = math.radians(heading)
    c, s = math.cos(rad), math.sin(rad)
    return [(x + px * c - py * s, y + px * s + py * c) for px, py in outline]


def polygon(coords: Coords) -> Polygon:
    return Polygon(coords)


def convex(coords: Coords) -> Polygon:
    """The convex hull of some points: the area a convex hull sweeps between two poses."""
    return shapely.lib.convex_hull(line_through(np.array(coords, dtype=float)))


#: shapely's own defaults for building rings and polygons (coordinates may be NaN; no holes).
_NAN_ALLOWED = np.intc(0)
_NO_HOLES = np.empty((0,), dtype=object)


def rings_polygon(corners: np.ndarray) -> Any:
    """``shapely.polygons(corners)`` for coordinates of shape (n, 2) or (k, n, 2), built by the
    same two steps of shapely's core without its argument handling (a new pose asks for one)."""
    rings = shapely.lib.linearrings(corners, _NAN_ALLOWED)
    return shapely.lib.polygons(rings, _NO_HOLES if corners.ndim == 2 else np.empty((*rings.shape, 0), dtype=object))


def line_through(points: np.ndarray) -> Any:
    """``shapely.linestrings(points)`` for points of shape (n, 2) or (k, n, 2), without its
    argument handling: a line through the points in any order has the points' convex hull, and
    GEOS builds the same hull from it as from a ring through them, more cheaply."""
    return shapely.lib.linestrings(points, _NAN_ALLOWED)


@cache
def reaches(outline: tuple[tuple[float, float], ...]) -> tuple[float, float]:
    """How far the outline reaches from its bow and from its centre (the middle of the keel):
    the radii of the circles a pivot about either point swings the hull within."""
    length = -min(x for x, _ in outline)
    bow = max(math.hypot(x, y) for x, y in outline)
    centre = max(math.hypot(x + length / 2, y) for x, y in outline)
    return bow, centre


@cache
def keel_cover(outline: tuple[tuple[float, float], ...]) -> tuple[tuple[float, ...], float]:
    """Points along the keel (distances aft of the bow) and a radius such that discs of that
    radius round them cover the hull: a hull point is within half a spacing of a point's
    station fore and aft, and within the widest half-beam of the keel athwart."""
    length = -min(x for x, _ in outline)
    half_beam = max(abs(y) for _, y in outline)
    count = max(2, math.ceil(length / KEEL_SPACING) + 1)
    spacing = length / (count - 1)
    return tuple(k * spacing for k in range(count)), math.hypot(spacing / 2, half_beam)


#: At most this far (cm) between the points of :func:`keel_cover`.
KEEL_SPACING: Final = 1.5


#: A corner of a hull worked out by :func:`hull_order` turns by at least this much, and a point
#: left out lies at least this far inside (or exactly on a side): rounding cannot change either.
ORDER_SLACK: Final = 1e-6


def hull_order(points: Sequence[tuple[float, float]]) -> tuple[int, ...] | None:
    """The places in ``points`` of the corners of their convex hull, in order round it (a point
    met twice counts once), or None where rounding could change which points are corners: a
    corner that hardly turns, or a point left out that lies just inside the hull (a point exactly
    on one of its sides is left out, as the hull is the same either way)."""
    first: dict[tuple[float, float], int] = {}
    for index, point in enumerate(points):
        first.setdefault(point, index)
    ordered = sorted(first)

    def cross(o: tuple[float, float], a: tuple[float, float], b: tuple[float, float]) -> float:
        return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])

    chains: list[list[tuple[float, float]]] = []
    for run in (ordered, ordered[::-1]):
        chain_: list[tuple[float, float]] = []
        for point in run:
            while len(chain_) >= 2 and cross(chain_[-2], chain_[-1], point) <= 0:
                chain_.pop()
            chain_.append(point)
        chains.append(chain_[:-1])
    corners = chains[0] + chains[1]
    count = len(corners)
    if count < 3:
        return None
    for k in range(count):
        if cross(corners[k - 1], corners[k], corners[(k + 1) % count]) <= ORDER_SLACK:
            return None
    for point in ordered:
        if point in corners:
            continue
        inside = min(cross(corners[k], corners[(k + 1) % count], point)
                     / math.dist(corners[k], corners[(k + 1) % count]) for k in range(count))
        if inside != 0.0 and inside <= ORDER_SLACK:
            return None
    return tuple(first[corner] for corner in corners)


def swing(radius: float, degrees: float) -> float:
    """How far any point within ``radius`` of a pivot moves when turned by ``degrees``."""
    return 2.0 * radius * math.sin(math.radians(min(abs(degrees), 180.0)) / 2.0)


#: Clearance tests keep this much in hand against rounding.
MARGIN: Final = 0.01


def bounds(coords: Coords) -> tuple[float, float, float, float]:
    xs = [p[0] for p in coords]
    ys = [p[1] for p in coords]
    return min(xs), min(ys), max(xs), max(ys)


def unit(heading: float) -> tuple[float, float]:
    rad = math.radians(heading)
    return math.cos(rad), math.sin(rad)


def angle_between(a: float, b: float) -> float:
    """The unsigned difference of two headings, 0..180."""
    d = abs(math.fmod(a - b, 360.0))
    return 360.0 - d if d > 180.0 else d


def point_at(x: float, y: float) -> Point:
    """``Point(x, y)`` built by shapely's core without the class's argument handling (a gun's
    origin is a new point at every new pose)."""
    return shapely.lib.points(np.array((x, y), dtype=float), _NAN_ALLOWED)


@cache
def _point(x: float, y: float) -> Point:
    """One shapely point for the wind's eye (asked for at every combat and end phase)."""
    return Point(x, y)


@dataclass(frozen=True)
class Wind:
    """Point-source wind blows away from (x, y); parallel wind comes from ``from_heading``."""

    kind: str
    x: float
    y: float
    from_heading: float

    def upwind(self, x: float, y: float) -> float:
        """The heading that points into the wind's eye from (x, y)."""
        if self.kind == "parallel":
            return self.from_heading
        return math.degrees(math.atan2(self.y - y, self.x - x)) % 360.0

    def downwind_unit(self, x: float, y: float) -> tuple[float, float]:
        dx, dy = unit(self.upwind(x, y))
        return -dx, -dy

    def off_wind(self, heading: float, x: float, y: float) -> float:
        """How many degrees ``heading`` is off the wind's eye at (x, y): 0 = straight into it."""
        return angle_between(heading, self.upwind(x, y))

    def downwind_lead(self, coords: Coords) -> float:
        """How far downwind the hull reaches: the pulse towards the wind's eye meets larger first."""
        if self.kind == "parallel":
            ux, uy = unit(self.from_heading)
            return max([-(px * ux + py * uy) for px, py in coords])
        wx, wy, hypot = self.x, self.y, math.hypot
        return max([hypot(px - wx, py - wy) for px, py in coords])

    def upwind_lead(self, hull: Polygon, coords: Coords) -> float:
        """How close the hull comes to the wind's eye: the pulse from the eye meets smaller first."""
        if self.kind == "parallel":
            ux, uy = unit(self.from_heading)
            return min(-(px * ux + py * uy) for px, py in coords)
        return float(shapely.lib.distance(hull, _point(self.x, self.y)))

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "x": self.x, "y": self.y, "from_heading": self.from_heading}


@dataclass(frozen=True)
class Island:
    id: str
    name: str
    shape: Polygon
    parts: tuple[Polygon, ...]  # convex pieces, for shadows
    bbox: tuple[float, float, float, float]
    coast: tuple[tuple[float, float], ...]  # points every 1.5 cm or so round the shore (at least 8)


class Table:
    """The fixed parts of the table: size, land (islands and, with land edges, the coast), exits, wind.

    Built once per layout and shared by every state and clone; geometry here is prepared.
    """

    def __init__(self, spec: str) -> None:
        data = json.loads(spec)
        self.spec = spec
        self.width: float = data["width"]
        self.height: float = data["height"]
        self.wind = Wind(**WindModel.model_validate(data["wind"]).model_dump())
        self.exits: frozenset[str] = frozenset(data["exits"])
        self.land_edges: bool = data["edges"] == "land"
        self.rect = box(0, 0, self.width, self.height)
        islands = []
        for raw in data["islands"]:
            model = IslandModel.model_validate(raw)
            shape = Polygon(model.outline)
            if not shape.is_valid:
                shape = shape.buffer(0)
            if not isinstance(shape, Polygon) or shape.is_empty or shape.interiors:
                raise ValueError(f"island {model.id}: the outline must be one simple polygon")
            islands.append(Island(model.id, model.name, shape, _convex_parts(shape), shape.bounds, _coast(shape)))
        self.islands: dict[str, Island] = {i.id: i for i in islands}
        pieces: list[tuple[str, Polygon]] = [(i.id, i.shape) for i in islands]
        if self.land_edges:
            pieces.extend(("coast", strip) for strip in self._coast_strips())
        self.land_pieces: list[tuple[str, Polygon, Polygon, tuple[float, float, float, float]]] = []
        for name, shape in pieces:
            core = shape.buffer(-LAND_SLACK)
            shapely.prepare(core)
            shapely.prepare(shape)
            self.land_pieces.append((name, shape, core, shape.bounds))
        self.land = shapely.union_all([shape for _, shape, _, _ in self.land_pieces]) if pieces else Polygon()
        shapely.prepare(self.land)
        self.shadow_parts: list[tuple[Polygon, tuple[float, float, float, float]]] = [
            (part, part.bounds) for island in islands for part in island.parts
        ]
        self._rings: dict[int, list[np.ndarray]] = {}
        self._gaps: LandGaps | None = None
        self._gap_asks = 0
        #: keel_cover for each outline asked about, by identity (hashing an outline is slower)
        self._covers: dict[int, tuple[tuple[tuple[float, float], ...], tuple[float, ...], float]] = {}

    def __reduce__(self) -> tuple[Any, ...]:
        return (table_from_spec, (self.spec,))

    def _coast_strips(self) -> list[Polygon]:
        w, h, m = self.width, self.height, 60.0
        strips = {
            "west": box(-m, -m, 0, h + m), "east": box(w, -m, w + m, h + m),
            "south": box(-m, -m, w + m, 0), "north": box(-m, h, w + m, h + m),
        }
        return [strip for edge, strip in strips.items() if edge not in self.exits]

    def clearance(self, hull: Callable[[], Polygon], box: tuple[float, float, float, float], reach: float,
                  known: dict[int, float]) -> float:
        """The hull's distance from land where that is at most ``reach`` cm, else some distance
        above ``reach``: so for any ``r`` up to ``reach``, no land lies within ``r`` of the hull
        exactly when the answer exceeds ``r``. The exact gap to a piece (kept in ``known``) is
        measured only when the boxes (with bounds ``box`` for the hull) are that close."""
        minx, miny, maxx, maxy = box
        least = math.inf
        for index, (_, shape, _, (a, b, c, d)) in enumerate(self.land_pieces):
            # the gap between the boxes never exceeds the gap between the shapes
            gap = math.hypot(max(a - maxx, minx - c, 0.0), max(b - maxy, miny - d, 0.0))
            if gap <= reach:
                exact = known.get(index)
                if exact is None:
                    exact = known[index] = float(shapely.lib.distance(shape, hull()))
                gap = exact
            if gap < least:
                least = gap
        return least

    def keel_gap(self, x: float, y: float, heading: float, outline: tuple[tuple[float, float], ...]) -> float:
        """A quick lower bound on the distance from land of the hull with ``outline`` whose bow is
        at (x, y) on ``heading`` (negative where nothing quick is known).

        Read off a grid of exact distances, built once the table has been asked often enough to
        repay it (a one-off position never pays for the grid)."""
        gaps = self._gaps
        if gaps is None:
            self._gap_asks += 1
            if self._gap_asks < GAP_ASKS:
                return -1.0
            gaps = self._gaps = LandGaps(self)
        cover = self._covers.get(id(outline))
        if cover is None or cover[0] is not outline:
            cover = self._covers[id(outline)] = (outline, *keel_cover(outline))
        rad = math.radians(heading)
        return gaps.least_along(x, y, -math.cos(rad), -math.sin(rad), cover[1]) - cover[2]

    def point_gap(self, x: float, y: float) -> float:
        """A quick lower bound on the distance from land of the point (x, y): one node of the grid
        of :meth:`keel_gap` (negative while the grid is not built, or off it)."""
        gaps = self._gaps
        return -1.0 if gaps is None else gaps.at(x, y)

    def may_meet_land(self, minx: float, miny: float, maxx: float, maxy: float) -> bool:
        """Cheap test: could anything inside this box touch land?"""
        for _, _, _, (a, b, c, d) in self.land_pieces:
            if minx <= c + TOUCH and maxx >= a - TOUCH and miny <= d + TOUCH and maxy >= b - TOUCH:
                return True
        return False

    def overlaps_land(self, geom: Polygon) -> bool:
        """True when ``geom`` goes into land (merely resting against a coast does not count)."""
        minx, miny, maxx, maxy = geom.bounds
        for _, _, core, (a, b, c, d) in self.land_pieces:
            if minx <= c and maxx >= a and miny <= d and maxy >= b and shapely.lib.intersects(core, geom):
                return True
        return False

    def sweep_blocked(self, coords: Coords) -> bool:
        """Does the convex area spanned by these points go into land?"""
        if not self.may_meet_land(*bounds(coords)):
            return False
        return self.overlaps_land(convex(coords))

    def sweeps_blocked(self, sweeps: Sequence[Coords], pieces: Sequence[int] | None = None) -> list[bool]:
        """:meth:`sweep_blocked` for many point sets at once (one vectorised shapely pass);
        ``pieces``: the only land pieces (by index) that any of them could reach."""
        if not sweeps:
            return []
        if pieces is not None and not pieces:
            return [False] * len(sweeps)
        size = len(sweeps[0])
        if all(len(coords) == size for coords in sweeps):
            # equal-sized point sets: one (k, n, 2) array; an unordered ring's hull is the points' hull
            flat = chain.from_iterable(chain.from_iterable(sweeps))  # much quicker than nested lists
            array = np.fromiter(flat, dtype=float, count=2 * size * len(sweeps)).reshape(len(sweeps), size, 2)
            return self.hulls_blocked(array, pieces)
        points = np.array([p for coords in sweeps for p in coords], dtype=float)
        index = np.repeat(np.arange(len(sweeps)), [len(coords) for coords in sweeps])
        return self._blocked(shapely.convex_hull(shapely.multipoints(points, indices=index)), pieces)

    def rings_blocked(self, rings: Sequence[Coords], pieces: Sequence[int] | None = None) -> list[bool]:
        """:meth:`sweeps_blocked` for point sets already in order round their convex hulls (see
        :func:`hull_order`): the polygons are built from them as they are, without working out
        the hulls again."""
        if not rings:
            return []
        if pieces is not None and not pieces:
            return [False] * len(rings)
        # one (k, n, 2) array: a shorter ring repeats its last corner, which leaves it the same polygon
        size = max(len(ring) for ring in rings)
        flat = chain.from_iterable(chain.from_iterable(
            ring if len(ring) == size else ring + ring[-1:] * (size - len(ring)) for ring in rings))
        array = np.fromiter(flat, dtype=float, count=2 * size * len(rings)).reshape(len(rings), size, 2)
        return self._blocked(rings_polygon(array), pieces)

    def hulls_blocked(self, corners: np.ndarray, pieces: Sequence[int] | None = None) -> list[bool]:
        """:meth:`sweeps_blocked` for point sets given as one array of shape (k, n, 2)."""
        if pieces is not None and not pieces:
            return [False] * len(corners)
        return self._blocked(shapely.lib.convex_hull(line_through(corners)), pieces)

    def _blocked(self, hulls: np.ndarray, pieces: Sequence[int] | None) -> list[bool]:
        blocked = np.zeros(len(hulls), dtype=bool)
        land = self.land_pieces
        for piece in range(len(land)) if pieces is None else pieces:
            blocked |= shapely.lib.intersects(land[piece][2], hulls)  # shapely.intersects without its wrapper
        return blocked.tolist()

    def landfall(self, coords: Coords, dx: float, dy: float) -> float:
        """How far along (dx, dy), as a fraction of it, a convex hull with these corners first
        meets land (inf if it never does); the hull must start clear of land. Exact up to
        rounding: at every first contact a corner of one outline meets a side of the other."""
        hull = np.array(coords, dtype=float)
        sides = np.concatenate((hull[1:], hull[:1])) - hull  # each corner to the next (np.roll, more cheaply)
        minx, miny, maxx, maxy = bounds(coords)
        reach_x, reach_y = (min(dx, 0.0), max(dx, 0.0)), (min(dy, 0.0), max(dy, 0.0))
        first = math.inf
        for index, (_, _, _, (a, b, c, d)) in enumerate(self.land_pieces):
            if minx + reach_x[0] > c or maxx + reach_x[1] < a or miny + reach_y[0] > d or maxy + reach_y[1] < b:
                continue
            for ring in self._core_rings(index):
                first = min(first, _first_contact(hull, sides, ring, dx, dy))
        return first

    def _core_rings(self, index: int) -> list[np.ndarray]:
        found = self._rings.get(index)
        if found is None:
            core = self.land_pieces[index][2]
            found = self._rings[index] = [np.array(ring.coords, dtype=float)
                                          for part in shapely.get_parts(core)
                                          for ring in (part.exterior, *part.interiors)]
        return found

    def touching_land(self, hull: Polygon, box: tuple[float, float, float, float] | None = None) -> list[str]:
        """Islands (and ``"coast"``) within touching distance of a hull (``box``: its bounds)."""
        minx, miny, maxx, maxy = box if box is not None else hull.bounds
        found: list[str] = []
        for name, shape, _, (a, b, c, d) in self.land_pieces:
            near = minx <= c + TOUCH and maxx >= a - TOUCH and miny <= d + TOUCH and maxy >= b - TOUCH
            if near and name not in found and shapely.lib.distance(shape, hull) <= TOUCH:
                found.append(name)
        return found

    def off_table(self, coords: Coords) -> str | None:
        """The edge a hull has wholly crossed, or None while any of it is on the table."""
        minx, miny, maxx, maxy = bounds(coords)
        width, height = self.width, self.height
        if minx >= 0 and miny >= 0 and maxx <= width and maxy <= height:
            return None
        # the plain cases without building the hull: a corner still within the table, or a box
        # wholly beyond an edge
        if any(0 < px < width and 0 < py < height for px, py in coords):
            return None
        if not (maxx < 0 or minx > width or maxy < 0 or miny > height) and shapely.lib.intersects(
                self.rect, rings_polygon(np.array(coords, dtype=float))):
            return None
        cx, cy = (minx + maxx) / 2, (miny + maxy) / 2
        beyond = {"west": -cx, "east": cx - self.width, "south": -cy, "north": cy - self.height}
        return max(beyond, key=lambda edge: beyond[edge])


#: A table is asked this many times before its grid of land distances is built.
GAP_ASKS: Final = 2000


class LandGaps:
    """Exact distances to land at the nodes of a square grid over the table and a border round
    it. The distance to a set is 1-Lipschitz, so a node's distance less the way to the node is a
    sound lower bound anywhere: enough to show quickly that a hull is far from land."""

    STEP = 1.0
    BORDER = 20.0
    #: A large table gets a coarser grid rather than more nodes than this.
    MOST_NODES = 100_000

    def __init__(self, table: Table) -> None:
        border = self.BORDER
        width, height = table.width + 2 * border, table.height + 2 * border
        step = self.step = max(self.STEP, math.sqrt(width * height / self.MOST_NODES))
        self.x0, self.y0 = -border, -border
        self.columns = math.ceil(width / step) + 1
        self.rows = math.ceil(height / step) + 1
        xs = self.x0 + step * np.arange(self.columns)
        ys = self.y0 + step * np.arange(self.rows)
        grid_x, grid_y = np.meshgrid(xs, ys)
        if table.land_pieces:
            found = shapely.distance(table.land, shapely.points(grid_x.ravel(), grid_y.ravel()))
        else:
            found = np.full(grid_x.size, math.inf)
        self.gaps: list[float] = [float(d) for d in found]

    def at(self, x: float, y: float) -> float:
        """A lower bound on the distance to land of the point (x, y): the nearest node's distance
        less the way to it (-1 off the grid)."""
        step, x0, y0 = self.step, self.x0, self.y0
        column = round((x - x0) / step)
        row = round((y - y0) / step)
        if not (0 <= column < self.columns and 0 <= row < self.rows):
            return -1.0
        return self.gaps[row * self.columns + column] - math.hypot(x - x0 - column * step, y - y0 - row * step) - GAP_SLACK

    def least_along(self, x: float, y: float, ux: float, uy: float, offsets: Sequence[float]) -> float:
        """A lower bound on the distance to land of every point (x, y) + t (ux, uy), t in
        ``offsets``: a node's distance less the way to the node (0 off the grid)."""
        step, x0, y0, columns, rows, gaps = self.step, self.x0, self.y0, self.columns, self.rows, self.gaps
        least = math.inf
        for t in offsets:
            px, py = x + t * ux, y + t * uy
            column = round((px - x0) / step)
            row = round((py - y0) / step)
            if not (0 <= column < columns and 0 <= row < rows):
                return 0.0
            gap = gaps[row * columns + column] - math.hypot(px - x0 - column * step, py - y0 - row * step)
            if gap < least:
                least = gap
        return least - GAP_SLACK


#: Kept in hand by every quick bound against rounding in the exact measures it stands in for.
GAP_SLACK: Final = 1e-6


def _first_contact(hull: np.ndarray, sides: np.ndarray, ring: np.ndarray, dx: float, dy: float) -> float:
    """The least fraction of (dx, dy) at which the moving convex ``hull`` (corners, and the sides
    from each to the next) touches the fixed closed ``ring``: a hull corner reaching a ring side,
    or a ring corner reached by a hull side (inf if neither happens)."""
    starts = ring[:-1]
    edges = ring[1:] - starts
    with np.errstate(divide="ignore", invalid="ignore"):
        # a hull corner v reaches the side a + u e at v + t d: t = (a - v) x e / d x e, u = (a - v) x d / d x e
        across = dx * edges[:, 1] - dy * edges[:, 0]
        gap = starts[None, :, :] - hull[:, None, :]
        t = (gap[..., 0] * edges[None, :, 1] - gap[..., 1] * edges[None, :, 0]) / across
        u = (gap[..., 0] * dy - gap[..., 1] * dx) / across
        hits = t[(across != 0) & (t >= 0) & (u >= 0) & (u <= 1)]
        # a ring corner w is met by the hull side p + u f at p + t d: t = (w - p) x f / d x f, u = d x (w - p) / d x f
        facing = dx * sides[:, 1] - dy * sides[:, 0]
        gap = starts[:, None, :] - hull[None, :, :]
        t2 = (gap[..., 0] * sides[None, :, 1] - gap[..., 1] * sides[None, :, 0]) / facing
        u2 = (gap[..., 1] * dx - gap[..., 0] * dy) / facing
        hits2 = t2[(facing != 0) & (t2 >= 0) & (u2 >= 0) & (u2 <= 1)]
    least = math.inf
    if hits.size:
        least = float(hits.min())
    if hits2.size:
        least = min(least, float(hits2.min()))
    return least


def _coast(shape: Polygon) -> tuple[tuple[float, float], ...]:
    ring = shape.exterior
    steps = max(8, int(ring.length / 1.5))
    points = [ring.interpolate(k * ring.length / steps) for k in range(steps)]
    return tuple((p.x, p.y) for p in points)


def _convex_parts(shape: Polygon) -> tuple[Polygon, ...]:
    if abs(shape.convex_hull.area - shape.area) < 1e-6:
        return (shape,)
    triangles = shapely.constrained_delaunay_triangles(shape)
    return tuple(t for t in triangles.geoms if t.area > 1e-9)


@cache
def table_from_spec(spec: str) -> Table:
    return Table(spec)


def table_spec(width: float, height: float, wind: WindModel, islands: Sequence[IslandModel],
               exits: Sequence[str], edges: str) -> str:
    return json.dumps({
        "width": width, "height": height, "wind": wind.model_dump(),
        "islands": [i.model_dump() for i in islands], "exits": sorted(exits), "edges": edges,
    }, sort_keys=True)


# -- guns -------------------------------------------------------------------------------------------


def arc_region(x: float, y: float, heading: float, length: float, position: str, reach: float) -> Polygon:
    """The area a gun covers, out to ``reach`` cm: fore and aft are half-planes from the ends'
    centres; a broadside is the band abeam the hull between the lines through bow and stern."""
    if position == "fore":
        local = [(0.0, -reach), (reach, -reach), (reach, reach), (0.0, reach)]
    elif position == "aft":
        local = [(-length, -reach), (-length, reach), (-length - reach, reach), (-length - reach, -reach)]
    elif position == "port":
        local = [(0.0, 0.0), (0.0, reach), (-length, reach), (-length, 0.0)]
    else:
        local = [(0.0, 0.0), (-length, 0.0), (-length, -reach), (0.0, -reach)]
    return rings_polygon(np.array(place(local, x, y, heading), dtype=float))


def gun_origin(x: float, y: float, heading: float, length: float, position: str) -> tuple[float, float] | None:
    """The point range and shadows are taken from (None for a broadside: the hull's side)."""
    if position == "fore":
        return (x, y)
    if position == "aft":
        ux, uy = unit(heading)
        return (x - length * ux, y - length * uy)
    return None


def segments(distance: float) -> int:
    """A distance in whole Red segments, counting any part of a segment as one."""
    return max(1, math.ceil(distance / RED - 1e-9))


def point_shadow(obstacle: Polygon, origin: tuple[float, float]) -> Polygon:
    """The obstacle and everything behind it as seen from a point (for a convex obstacle)."""
    ox, oy = origin
    pts = list(obstacle.exterior.coords)
    far = []
    for px, py in pts:
        dx, dy = px - ox, py - oy
        d = math.hypot(dx, dy)
        if d < 1e-9:
            return box(-FAR * 4, -FAR * 4, FAR * 4, FAR * 4)
        far.append((ox + dx * FAR / d, oy + dy * FAR / d))
    if shapely.lib.contains(obstacle, point_at(ox, oy)):
        return box(-FAR * 4, -FAR * 4, FAR * 4, FAR * 4)
    return convex(pts + far)


def parallel_shadow(obstacle: Polygon, direction: tuple[float, float]) -> Polygon:
    """The obstacle and everything beyond it along ``direction`` (for a convex obstacle)."""
    dx, dy = direction
    pts = list(obstacle.exterior.coords)
    return convex(pts + [(px + dx * FAR, py + dy * FAR) for px, py in pts])


def hidden_fraction(target: Polygon, obstacles: Sequence[Polygon], origin: tuple[float, float] | None,
                    keel: tuple[float, float, float, float] | None) -> float:
    """The share of the target's hull area hidden from the gun by the obstacles (convex pieces).

    A fore or aft gun sees from its ``origin`` point; a broadside looks out square to the keel,
    ``keel`` = (bow x, bow y, outward normal x, y), and only what lies outboard of the keel line
    can hide anything.
    """
    if not obstacles:
        return 0.0
    tcoords = list(target.exterior.coords)
    shadows = []
    if origin is not None:
        cone = convex([*tcoords, origin])
        for ob in obstacles:
            if shapely.lib.intersects(ob, cone):
                shadows.append(point_shadow(ob, origin))
    else:
        assert keel is not None
        bx, by, nx, ny = keel
        # the corridor between the keel line and the target, square to the keel
        feet = []
        for px, py in tcoords:
            depth = (px - bx) * nx + (py - by) * ny
            feet.append((px - depth * nx, py - depth * ny))
        corridor = convex(tcoords + feet)
        outboard = Polygon(place([(-FAR, 0.0), (FAR, 0.0), (FAR, FAR), (-FAR, FAR)], bx, by,
                                 math.degrees(math.atan2(ny, nx)) - 90.0))
        for ob in obstacles:
            if not shapely.lib.intersects(ob, corridor):
                continue
            piece = ob
            if min((px - bx) * nx + (py - by) * ny for px, py in ob.exterior.coords) < 0:
                piece = ob.intersection(outboard)
                if piece.is_empty or piece.area < 1e-9 or not isinstance(piece, Polygon):
                    continue
            shadows.append(parallel_shadow(piece, (nx, ny)))
    if not shadows:
        return 0.0
    shade = shadows[0] if len(shadows) == 1 else shapely.union_all(shadows)
    # shapely's own operations without their Python wrappers (the same measures)
    return float(shapely.lib.area(shapely.lib.intersection(target, shade)) / shapely.lib.area(target))
