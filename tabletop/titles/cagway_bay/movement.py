"""Movement-phase geometry: sailing a segment, stalling and drifting, checked against land.

Each ``plan_*`` function either returns where the ship would end up or a sentence saying why it
cannot; nothing here changes a ship, so a state can validate before it mutates.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Sequence
from dataclasses import dataclass
from math import cos, fmod, radians, sin
from typing import Final, NamedTuple

from tabletop.core import Action

from .data import ShipClass, normalise
from .geometry import (
    MARGIN,
    MIN_HEADWAY,
    RED,
    STICKS,
    TOUCH,
    Coords,
    Table,
    angle_between,
    bounds,
    hull_order,
    place,
    reaches,
    swing,
    unit,
)
from .ships import Ship

MAX_TURN: Final = 45.0
#: Within this fraction of a segment of the computed landfall, the exact sweep test decides.
LANDFALL_DOUBT: Final = 1e-9
#: The discrete offer: heading changes in 15° steps (any value within 45° is accepted). Not
#: Final, unlike the numbers: compiled, other modules would find a Final tuple unset.
TURN_STEPS = (-45.0, -30.0, -15.0, 0.0, 15.0, 30.0, 45.0)


class SailPlan(NamedTuple):
    """Where one segment takes the ship (a tuple: a new pose makes seven of them)."""

    heading: float
    colour: str
    x: float
    y: float
    headway: float
    aground: bool


#: ``tuple.__new__``: a plan made from its fields without the named tuple's own constructor (a
#: new pose makes seven at a time)
_new_plan = tuple.__new__


class DriftPlan(NamedTuple):
    heading: float
    x: float
    y: float
    drifted: bool


#: A plan as the kept menus hold it: its fields in a plain tuple. The cycle collector stops
#: watching a tuple of plain numbers and strings (a named tuple it watches for good), and every
#: pose a game passes through keeps its menus.
KeptSail = tuple[float, str, float, float, float, bool]
KeptDrift = tuple[float, float, float, bool]


def _kept(plan: SailPlan | str) -> KeptSail | str:
    return plan if isinstance(plan, str) else tuple(plan)  # type: ignore[return-value]


def _sail_plan(kept: KeptSail | str) -> SailPlan | str:
    return kept if type(kept) is str else _new_plan(SailPlan, kept)


def _shift(coords: Coords, dx: float, dy: float) -> Coords:
    return [(px + dx, py + dy) for px, py in coords]


def _in_irons(cls: ShipClass, off: float) -> str:
    """The refusal of a heading ``off`` degrees off the wind that is white on the class's wheel."""
    # the sentence names the whole degrees only (rounded as the format rounds them): one of each is kept
    key = (cls.name, round(off))
    found = _IRONS.get(key)
    if found is None:
        found = _IRONS[key] = (f"{cls.name} cannot sail {off:.0f} degrees off the wind (white on its wheel); "
                               "stall or drift instead")
    return found


#: The refusals of white headings, by class name and whole degrees off the wind (at most 181 a class).
_IRONS: dict[tuple[str, int], str] = {}


def _placed_sweep(outline: Sequence[tuple[float, float]], x: float, y: float, c: float, s: float, dx: float,
                  dy: float) -> tuple[Coords, tuple[float, float, float, float]]:
    """``place`` by a heading's cosine and sine, and the bounds of that hull shifted by (dx, dy)
    (the same arithmetic as place, _shift and bounds: adding one number to each of several
    keeps their order, so the least and greatest shifted are the least and greatest, shifted)."""
    pivoted = [(x + px * c - py * s, y + px * s + py * c) for px, py in outline]
    xs, ys = zip(*pivoted, strict=True)
    return pivoted, (min(xs) + dx, min(ys) + dy, max(xs) + dx, max(ys) + dy)


def plan_sail(table: Table, ship: Ship, turn: float, exact: bool = True) -> SailPlan | str:
    """Pivot on the bow by ``turn`` degrees, then sail one segment of the colour the new heading
    earns, stopping where the hull first meets land (running aground costs the full AP)."""
    if not -MAX_TURN - 1e-9 <= turn <= MAX_TURN + 1e-9:
        return f"a turn while sailing is at most 45 degrees either way, not {turn:g}"
    heading = normalise(ship.heading + turn)
    off = table.wind.off_wind(heading, ship.x, ship.y)
    colour = ship.cls.colour(off)
    if colour == "white":
        return _in_irons(ship.cls, off)
    length = STICKS[colour]
    ux, uy = unit(heading)
    dx, dy = ux * length, uy * length
    start = ship.coords
    pivoted = place(ship.cls.outline, ship.x, ship.y, heading)
    final = _shift(pivoted, dx, dy)
    # every point of both sweeps lies within the pivot's swing plus the segment of the hull; the
    # hull is convex, so their convex hulls do too: with no land that near, nothing can block
    bow_reach, _ = reaches(ship.cls.outline)
    clear = clear_of_land(table, ship, swing(bow_reach, turn) + length + MARGIN)
    if clear or not table.may_meet_land(*bounds(start + final)):
        return SailPlan(heading, colour, ship.x + dx, ship.y + dy, length, False)
    # the pivot keeps the hull within its swing of where it was: land farther off than that
    # cannot stop the turn, nor the first sliver of headway
    turned = swing(bow_reach, turn)
    if turn != 0 and not clear_of_land(table, ship, turned + MARGIN) and table.sweep_blocked(start + pivoted):
        return "the turn would swing the hull into land"
    if not table.sweep_blocked(pivoted + final):
        return SailPlan(heading, colour, ship.x + dx, ship.y + dy, length, False)
    least = MIN_HEADWAY / length
    if not clear_of_land(table, ship, turned + MIN_HEADWAY + MARGIN) and table.sweep_blocked(
            pivoted + _shift(pivoted, dx * least, dy * least)):
        return "land dead ahead: the ship cannot make headway on that heading"
    if not exact:
        return SailPlan(heading, colour, ship.x + dx, ship.y + dy, length, True)
    return _run_aground(table, ship, pivoted, heading, colour, length, dx, dy)


def _run_aground(table: Table, ship: Ship, pivoted: Coords, heading: float, colour: str, length: float, dx: float,
                 dy: float) -> SailPlan:
    """The exact end of a segment whose sweep meets land but that can make headway: the farthest
    fraction of it (to 16 halvings) that the hull, turned to ``pivoted``, sweeps clear of land."""
    least = MIN_HEADWAY / length
    low, high = least, 1.0
    # where the hull first meets land, worked out once; the sweep is measured only where a step
    # of the search falls too near it to be sure
    contact = table.landfall(pivoted, dx, dy)
    for _ in range(16):
        mid = (low + high) / 2
        if abs(mid - contact) > LANDFALL_DOUBT:
            blocked = mid > contact
        else:
            blocked = table.sweep_blocked(pivoted + _shift(pivoted, dx * mid, dy * mid))
        if blocked:
            high = mid
        else:
            low = mid
    return SailPlan(heading, colour, ship.x + dx * low, ship.y + dy * low, length * low, True)


def plan_sails(table: Table, ship: Ship, turns: Sequence[float]) -> list[SailPlan | str]:
    """:func:`plan_sail` (without the exact landfall search) for several turns, testing all the
    sweeps against land in one vectorised pass."""
    return [_sail_plan(plan) for plan in _plan_sails(table, ship, turns, True) if plan is not None]


@dataclass(frozen=True, slots=True)
class _Helm:
    """What a class's hull and wheel make of the turns on the menu, worked out once per class."""

    cls: ShipClass
    bow_reach: float
    #: how far the hull reaches from the middle of its keel
    centre_reach: float
    #: how far a pivot by each menu turn swings the hull (see :func:`swing`)
    swings: dict[float, float]
    #: the farthest any sweep on the menu reaches from the hull
    widest: float
    #: the stick colour of each band of the wheel by its place in ``cls.bands``, and of any angle
    #: beyond the last band (see :meth:`ShipClass.colour`)
    colours: tuple[str, ...]
    #: the length of each of those sticks
    sticks: tuple[float, ...]
    #: half the keel's length and the widest half-beam: the hull lies in the rectangle they span
    #: round the middle of the keel
    half_length: float
    half_beam: float
    #: the corners of a segment's sweep in order round it (see :data:`Ring`): the hull's corners
    #: at the segment's end, then after the pivot (the same for every stick: the hull slides along
    #: its keel); None where rounding could matter
    slide_ring: Ring | None
    #: the same for the sweep of each menu turn's pivot: the hull's corners after the pivot, then
    #: before it (a turn is missing where rounding could matter)
    pivot_rings: dict[float, Ring]


#: A convex sweep's corners in order round it, as two runs of places in the outline: the run in
#: the later pose, then the run in the earlier one.
Ring = tuple[tuple[int, ...], tuple[int, ...]]


def _runs(order: tuple[int, ...] | None, size: int) -> Ring | None:
    """``order`` (places in the earlier pose's corners, then from ``size`` on in the later
    pose's) as a :data:`Ring`, begun at the later pose's run; None unless it is two runs."""
    if order is None:
        return None
    later = [k >= size for k in order]
    starts = [k for k in range(len(order)) if later[k] and not later[k - 1]]
    if len(starts) != 1:
        return None
    turned = order[starts[0]:] + order[:starts[0]]
    count = sum(later)
    return tuple(k - size for k in turned[:count]), turned[count:]


_HELMS: dict[int, _Helm] = {}
#: Added to each side of a box worked out from a hull's rectangle, so that rounding in the
#: corners' own arithmetic never takes them outside it.
_BOX_SLACK: Final = 1e-9


def _helm(cls: ShipClass) -> _Helm:
    found = _HELMS.get(id(cls))
    if found is None or found.cls is not cls:
        bow_reach, centre_reach = reaches(cls.outline)
        found = _HELMS[id(cls)] = _Helm(
            cls, bow_reach, centre_reach, {turn: swing(bow_reach, turn) for turn in TURN_STEPS},
            swing(bow_reach, MAX_TURN) + STICKS["blue"] + MARGIN,
            colours := tuple(cls.wheel[index][1] if index < len(cls.wheel) else cls.wheel[-1][1]
                             for index in range(len(cls.bands) + 1)),
            tuple(STICKS[colour] for colour in colours),
            -min(px for px, _ in cls.outline) / 2, max(abs(py) for _, py in cls.outline),
            _slide_ring(cls.outline), _pivot_rings(cls.outline))
    return found


def _slide_ring(outline: tuple[tuple[float, float], ...]) -> Ring | None:
    """See :attr:`_Helm.slide_ring`: one order for every length a segment may have, or None."""
    orders = {hull_order([*outline, *((px + length, py) for px, py in outline)])
              for length in (MIN_HEADWAY, *(stick for stick in STICKS.values() if stick > 0))}
    return _runs(orders.pop(), len(outline)) if len(orders) == 1 else None


def _pivot_rings(outline: tuple[tuple[float, float], ...]) -> dict[float, Ring]:
    """See :attr:`_Helm.pivot_rings`."""
    found = {}
    for turn in TURN_STEPS:
        ring = _runs(hull_order([*outline, *place(outline, 0.0, 0.0, turn)]), len(outline)) if turn else None
        if ring is not None:
            found[turn] = ring
    return found


def hull_box(cls: ShipClass, x: float, y: float, heading: float) -> tuple[float, float, float, float]:
    """A box round the whole hull of a ``cls`` whose bow is at (x, y) on ``heading``, found
    without placing its outline: the box round its keel's rectangle, a hair wider."""
    helm = _helm(cls)
    rad = radians(heading)
    c, s = cos(rad), sin(rad)
    half_length, half_beam = helm.half_length, helm.half_beam
    mx, my = x - half_length * c, y - half_length * s
    ex = abs(c) * half_length + abs(s) * half_beam + _BOX_SLACK
    ey = abs(s) * half_length + abs(c) * half_beam + _BOX_SLACK
    return mx - ex, my - ey, mx + ex, my + ey


def hull_reach(cls: ShipClass) -> float:
    """How far any point of the class's hull lies from its bow."""
    return _helm(cls).bow_reach


def _plan_sails(table: Table, ship: Ship, turns: Sequence[float], sweep: bool,
                first_open: bool = False) -> list[KeptSail | str | None]:
    """:func:`plan_sails` as kept (see :data:`KeptSail`), or with ``sweep`` False only what needs
    no sweep (None for the rest); with ``first_open`` the list stops at the first course found open."""
    plans: list[KeptSail | str | None] = []
    pending: list[tuple[int, float, str, float, float, float, Coords]] = []
    cls = ship.cls
    helm = _helm(cls)
    swings, bands, colours, sticks = helm.swings, cls.bands, helm.colours, helm.sticks
    half_length, half_beam = helm.half_length, helm.half_beam
    x, y, bearing = ship.x, ship.y, ship.heading
    upwind = table.wind.upwind(x, y)  # the wind is judged at the bow, before the segment
    # a quick lower bound on the hull's gap to land; the exact gap (wherever the widest swing and
    # the longest stick could meet land) only when a course needs it
    plans_here = motion(table, ship)
    clearance = _quick_gap(table, ship, plans_here)
    exact = False
    start_box: tuple[float, float, float, float] | None = None
    for index, turn in enumerate(turns):
        # normalise(bearing + turn) and angle_between(heading, upwind), inlined: a search asks
        # this of every new pose
        heading = fmod(bearing + turn, 360.0)
        if heading < 0:
            heading += 360.0
        off = abs(fmod(heading - upwind, 360.0))
        if off > 180.0:
            off = 360.0 - off
        band = bisect_left(bands, off)
        colour = colours[band]  # cls.colour(off), inlined
        turned = swings.get(turn)  # every turn on the menu is within reach
        if turned is None:
            if not -MAX_TURN - 1e-9 <= turn <= MAX_TURN + 1e-9:
                plans.append(_kept(plan_sail(table, ship, turn, exact=False)))
                continue
            turned = swing(helm.bow_reach, turn)
        if colour == "white":
            plans.append(_in_irons(cls, off))
            continue
        length = sticks[band]
        rad = radians(heading)
        c, s = cos(rad), sin(rad)
        dx, dy = c * length, s * length
        reach = turned + length + MARGIN  # see plan_sail
        if clearance > reach:
            plans.append((heading, colour, x + dx, y + dy, length, False))
            if first_open:
                return plans
            continue
        if start_box is None:
            start_box = ship.bounds
        sminx, sminy, smaxx, smaxy = start_box
        # the final hull lies in its keel's rectangle, turned to the heading: when the box round
        # that and the start's box could meet no land, neither could the hull's own box (below),
        # and the same plan follows without the exact gap or the hull's corners
        mx, my = x + dx - half_length * c, y + dy - half_length * s
        ex = abs(c) * half_length + abs(s) * half_beam + _BOX_SLACK
        ey = abs(s) * half_length + abs(c) * half_beam + _BOX_SLACK
        if not table.may_meet_land(min(sminx, mx - ex), min(sminy, my - ey), max(smaxx, mx + ex),
                                   max(smaxy, my + ey)):
            plans.append((heading, colour, x + dx, y + dy, length, False))
            if first_open:
                return plans
            continue
        if not exact:
            clearance = _land_clearance(table, ship, helm.widest, plans_here)
            exact = True
            if clearance > reach:
                plans.append((heading, colour, x + dx, y + dy, length, False))
                if first_open:
                    return plans
                continue
        pivoted, (fminx, fminy, fmaxx, fmaxy) = _placed_sweep(cls.outline, x, y, c, s, dx, dy)
        if not table.may_meet_land(min(sminx, fminx), min(sminy, fminy), max(smaxx, fmaxx), max(smaxy, fmaxy)):
            plans.append((heading, colour, x + dx, y + dy, length, False))
            if first_open:
                return plans
            continue
        plans.append(None)
        pending.append((index, heading, colour, length, dx, dy, pivoted))
    if pending and sweep:
        start = ship.coords
        least = MIN_HEADWAY
        # the sweeps' corners in order round them where the helm knows the order (the polygons
        # are then built as they are), else all the points of both poses (their hulls worked out)
        slide_ring, pivot_rings = helm.slide_ring, helm.pivot_rings
        in_order = slide_ring is not None and all(turns[index] == 0 or turns[index] in pivot_rings
                                                  for index, *_ in pending)
        sweeps: list[Coords] = []
        asked: list[tuple[int, int, int]] = []  # where each turn's three answers are (-1: clear)
        for index, _, _, length, dx, dy, pivoted in pending:
            # the pivot keeps the hull within its swing of where it was (see plan_sail); land
            # farther off than that cannot stop the turn, nor the first sliver of headway
            turned = swings[turns[index]] if turns[index] in swings else swing(helm.bow_reach, turns[index])
            swung = -1
            if turns[index] != 0 and not clearance > turned + MARGIN:
                swung = len(sweeps)
                if in_order:
                    after, before = pivot_rings[turns[index]]
                    sweeps.append([pivoted[k] for k in after] + [start[k] for k in before])
                else:
                    sweeps.append(start + pivoted)
            slide = len(sweeps)
            sweeps.append(_slid(pivoted, dx, dy, slide_ring if in_order else None))
            headway = -1
            if not clearance > turned + least + MARGIN:
                headway = len(sweeps)
                sweeps.append(_slid(pivoted, dx * least / length, dy * least / length, slide_ring if in_order else None))
            asked.append((swung, slide, headway))
        # every sweep stays within the widest reach of the hull: land pieces farther off are not asked
        widest = helm.widest
        near = [piece for piece, gap in plans_here.clear.items() if gap <= widest]
        found = table.rings_blocked(sweeps, near) if in_order else table.sweeps_blocked(sweeps, near)
        for (index, heading, colour, length, dx, dy, _), where in zip(pending, asked, strict=True):
            # names of their own: the indexes above are ints, these answers are bools
            swing_blocked, slide_blocked, headway_blocked = (
                where[0] >= 0 and found[where[0]], found[where[1]], where[2] >= 0 and found[where[2]])
            if swing_blocked and turns[index] != 0:
                plans[index] = "the turn would swing the hull into land"
            elif slide_blocked and headway_blocked:
                plans[index] = "land dead ahead: the ship cannot make headway on that heading"
            else:
                plans[index] = (heading, colour, x + dx, y + dy, length, slide_blocked)
    return plans


def _slid(pivoted: Coords, dx: float, dy: float, ring: Ring | None) -> Coords:
    """The sweep of the hull ``pivoted`` slid by (dx, dy): the corners of ``ring`` (see
    :attr:`_Helm.slide_ring`), or with None every point of both ends."""
    if ring is None:
        return pivoted + _shift(pivoted, dx, dy)
    ahead, behind = ring
    return [(pivoted[k][0] + dx, pivoted[k][1] + dy) for k in ahead] + [pivoted[k] for k in behind]


def plan_stall(table: Table, ship: Ship) -> float | str:
    """The heading straight into the wind, if a turn of 45° or less on the bow reaches it."""
    if not ship.cls.has_white:
        return f"a {ship.cls.name} can make way into the wind, so it never stalls"
    upwind = table.wind.upwind(ship.x, ship.y)
    if angle_between(upwind, ship.heading) > MAX_TURN + 1e-9:
        return "the wind's eye is more than 45 degrees off the bow"
    if clear_of_land(table, ship, swing(_helm(ship.cls).bow_reach, angle_between(upwind, ship.heading)) + MARGIN):
        return upwind
    pivoted = place(ship.cls.outline, ship.x, ship.y, upwind)
    if table.sweep_blocked(ship.coords + pivoted):
        return "the turn would swing the hull into land"
    return upwind


def plan_drift(table: Table, ship: Ship, heading: float) -> DriftPlan | str:
    """One Red segment downwind from the centre (not at all if land is in the way), then a pivot
    on the centre to any heading that leaves the hull clear of land."""
    if not 0.0 <= heading < 360.0:
        return f"a drift heading is from 0 up to (not including) 360 degrees, not {heading:g}"
    return plan_drifts(table, ship, [heading])[0]


def plan_drifts(table: Table, ship: Ship, headings: Sequence[float]) -> list[DriftPlan | str]:
    """:func:`plan_drift` for several headings: the drift is worked out once, the pivots together."""
    return [_drift_plan(plan) for plan in _plan_drifts(table, ship, headings)]


def _drift_plan(kept: KeptDrift | str) -> DriftPlan | str:
    return kept if type(kept) is str else _new_plan(DriftPlan, kept)


def _plan_drifts(table: Table, ship: Ship, headings: Sequence[float]) -> list[KeptDrift | str]:
    """:func:`plan_drifts` as kept (see :data:`KeptSail`)."""
    cx, cy = ship.centre
    wx, wy = table.wind.downwind_unit(cx, cy)
    dx, dy = wx * RED, wy * RED
    plans = motion(table, ship)
    # the drift moves the centre one Red segment and the pivot keeps the hull within its reach of it
    centre_reach = _helm(ship.cls).centre_reach
    reach = RED + centre_reach + MARGIN
    clear = _land_clearance(table, ship, reach, plans) > reach
    if clear or _land_clearance(table, ship, RED + MARGIN, plans) > RED + MARGIN:
        drifted = True
    else:
        start = ship.coords
        drifted = not table.sweep_blocked(start + _shift(start, dx, dy))
    if drifted:
        cx, cy = cx + dx, cy + dy
    half = ship.cls.length / 2
    units = _MENU_UNITS if headings is DRIFT_MENU else [unit(heading) for heading in headings]
    bows = [(cx + half * ux, cy + half * uy) for ux, uy in units]
    blocked = [False] * len(bows)
    # every final hull lies within the centre's reach of the centre the drift leaves
    if not clear and not table.point_gap(cx, cy) > centre_reach:
        # a final pose plainly clear of land needs no closer look
        outline = ship.cls.outline
        unsure = [k for k, ((bx, by), heading) in enumerate(zip(bows, headings, strict=True))
                  if not table.keel_gap(bx, by, heading, outline) > 0.0]
        finals = [place(outline, *bows[k], headings[k]) for k in unsure]
        # every final hull lies within the drift and the centre's reach of the hull: farther land is not asked
        near = [piece for piece, gap in plans.clear.items() if gap <= reach]
        for k, stuck in zip(unsure, table.sweeps_blocked(finals, near), strict=True):
            blocked[k] = stuck
    return [
        f"facing {heading:g} degrees after the drift would put the hull on land" if stuck
        else (heading, bx, by, drifted)
        for heading, (bx, by), stuck in zip(headings, bows, blocked, strict=True)
    ]


#: The drift headings offered on the menu (any heading is accepted).
DRIFT_MENU = (0.0, 90.0, 180.0, 270.0)
#: :func:`unit` of each heading on the drift menu (the same numbers, worked out once)
_MENU_UNITS = tuple(unit(heading) for heading in DRIFT_MENU)


class Motion:
    """Every move-phase plan from one pose, worked out at most once.

    What a ship may do with its own hull (sail, stall, drift, which land it touches) depends only
    on its pose, its class and the fixed table, not on the other ships, so the plans are kept for
    the pose: on the ship until it moves, and in a table of recent poses that every state shares
    (a search returns to the same poses over and over). They are never changed, only added to.
    """

    __slots__ = ("_drift_plans", "_drifts", "_exact", "_glanced", "_land", "_menu", "_open", "_sails", "_some", "_stall",
                 "clear", "clearance", "cls", "gap", "moves", "notes", "table")

    def __init__(self, table: Table, cls: object) -> None:
        self.table = table
        self.cls = cls
        #: the sail menu as kept (see KeptSail), and as handed out by sail_menu once asked for
        self._menu: tuple[KeptSail | str, ...] | None = None
        self._sails: list[SailPlan | str] | None = None
        #: plans for single turns (by their place in TURN_STEPS) worked out before the whole menu
        self._some: dict[int, KeptSail | str] = {}
        #: whether every course that needs no sweep is among them
        self._glanced = False
        #: whether any course on the menu is open, once known
        self._open: bool | None = None
        self._stall: float | str | None = None
        self._drifts: tuple[KeptDrift | str, ...] | None = None
        self._drift_plans: list[DriftPlan | str] | None = None
        self._land: tuple[str, ...] | None = None
        self._exact: dict[float, KeptSail | str] = {}
        #: exact gaps from the hull to each land piece, measured when first needed
        self.clear: dict[int, float] = {}
        #: a quick lower bound on the hull's distance from land, found when first needed
        self.gap: float | None = None
        #: (Table.clearance's answer, the reach it was asked for), for the last reach asked
        self.clearance: tuple[float, float] = (0.0, -1.0)
        #: the move-phase actions the pose alone allows, by (sailing, moved, docked)
        self.moves: dict[tuple[bool, bool, str | None], tuple[Action, ...]] = {}
        #: other facts that follow from the pose alone (the heuristic's landing points, gun arcs)
        self.notes: dict[object, object] = {}


#: Recent poses' plans, by table, ship, class and pose; emptied when it grows past its size.
_POSES: dict[tuple[int, str, int, float, float, float], Motion] = {}
POSES_KEPT: Final = 40_000


def motion(table: Table, ship: Ship) -> Motion:
    """The ship's plans for its present pose (made empty the first time the pose is seen)."""
    found = ship._motion
    if isinstance(found, Motion):
        return found
    key = (id(table), ship.id, id(ship.cls), ship.x, ship.y, ship.heading)
    found = _POSES.get(key)
    if found is None or found.table is not table or found.cls is not ship.cls:
        if len(_POSES) >= POSES_KEPT:
            _POSES.clear()
        found = _POSES[key] = Motion(table, ship.cls)
    ship._motion = found
    return found


def clear_of_land(table: Table, ship: Ship, reach: float) -> bool:
    """True when no land lies within ``reach`` cm of the hull."""
    return land_clearance(table, ship, reach) > reach


def quick_gap(table: Table, ship: Ship) -> float:
    """A quick lower bound on the hull's distance from land (worked out once per pose)."""
    return _quick_gap(table, ship, motion(table, ship))


def _quick_gap(table: Table, ship: Ship, plans: Motion) -> float:
    """:func:`quick_gap`, given the pose's plans."""
    gap = plans.gap
    if gap is None:
        # one node of the grid at the middle of the keel settles it for a hull well out at sea:
        # every reach asked of a pose is within the helm's widest
        helm = _helm(ship.cls)
        rad = radians(ship.heading)
        half = ship.cls.length / 2
        gap = table.point_gap(ship.x - half * cos(rad), ship.y - half * sin(rad)) - helm.centre_reach
        if not gap > helm.widest:
            gap = max(gap, table.keel_gap(ship.x, ship.y, ship.heading, ship.cls.outline))
        plans.gap = gap
    return gap


def land_clearance(table: Table, ship: Ship, reach: float) -> float:
    """The hull's distance from land where that is at most ``reach`` cm, else some number above
    ``reach`` (see :meth:`Table.clearance`): one answer for every test within ``reach``."""
    return _land_clearance(table, ship, reach, motion(table, ship))


def _land_clearance(table: Table, ship: Ship, reach: float, plans: Motion) -> float:
    """:func:`land_clearance`, given the pose's plans."""
    gap = _quick_gap(table, ship, plans)
    if gap > reach:
        return gap
    found, asked = plans.clearance
    if asked < reach:
        found, asked = plans.clearance = (table.clearance(lambda: ship.hull, ship.bounds, reach, plans.clear), reach)
    return found


def sail_menu(table: Table, ship: Ship) -> list[SailPlan | str]:
    """:func:`plan_sails` for :data:`TURN_STEPS` from the ship's pose (cached)."""
    cache = motion(table, ship)
    if cache._sails is None:
        cache._sails = [_sail_plan(kept) for kept in _sail_courses(table, ship, cache)]
    return cache._sails


def sail_courses(table: Table, ship: Ship) -> tuple[KeptSail | str, ...]:
    """:func:`sail_menu` as kept (see :data:`KeptSail`): a plain tuple is an open course."""
    return _sail_courses(table, ship, motion(table, ship))


def _sail_courses(table: Table, ship: Ship, cache: Motion) -> tuple[KeptSail | str, ...]:
    menu = cache._menu
    if menu is None:
        some = cache._some
        if not some:
            planned = _plan_sails(table, ship, TURN_STEPS, True)
            menu = cache._menu = tuple(planned)  # type: ignore[arg-type]  # a whole sweep leaves no None
            return menu
        missing = [index for index in range(len(TURN_STEPS)) if index not in some]
        found = dict(zip(missing, (plan for plan in _plan_sails(table, ship, [TURN_STEPS[index] for index in missing],
                                                                 True) if plan is not None), strict=True)
                     ) if missing else {}
        menu = cache._menu = tuple(some[index] if index in some else found[index] for index in range(len(TURN_STEPS)))
        # the whole menu answers from now on: what was planned alone need not be kept twice
        some.clear()
    return menu


def sail_option(table: Table, ship: Ship, index: int) -> SailPlan | str:
    """The menu's plan for ``TURN_STEPS[index]`` alone (cached): each turn's plan is the same
    whether it is worked out alone or with the others."""
    return _sail_plan(_sail_course(table, ship, index))


def course_open(table: Table, ship: Ship, index: int) -> bool:
    """Whether the menu's course ``TURN_STEPS[index]`` is open (:func:`sail_option` is a plan)."""
    return type(_sail_course(table, ship, index)) is tuple


def _sail_course(table: Table, ship: Ship, index: int) -> KeptSail | str:
    cache = motion(table, ship)
    if cache._menu is not None:
        return cache._menu[index]
    found = cache._some.get(index)
    if found is None:
        planned = _plan_sails(table, ship, [TURN_STEPS[index]], True)[0]
        assert planned is not None
        found = cache._some[index] = planned
    return found


def may_sail(table: Table, ship: Ship) -> bool:
    """Whether any course on the menu is open: the courses that need no sweep first, then (only
    if none of those is open) the rest of the menu together."""
    cache = motion(table, ship)
    found = cache._open
    if found is None:
        found = cache._open = _any_open(table, ship, cache)
    return found


#: The menu's turns from straight ahead outwards.
_GLANCE_ORDER = (3, 2, 4, 1, 5, 0, 6)


def _any_open(table: Table, ship: Ship, cache: Motion) -> bool:
    if cache._menu is None:
        some = cache._some
        if any(type(plan) is tuple for plan in some.values()):
            return True
        if not cache._glanced:
            cache._glanced = True
            # the courses with the least swing first: the likeliest to be plainly open; when
            # none is, the sweeps settle the rest of the menu in the same pass
            missing = [index for index in _GLANCE_ORDER if index not in some]
            found = _plan_sails(table, ship, [TURN_STEPS[index] for index in missing], True, first_open=True)
            for index, plan in zip(missing, found, strict=False):
                if plan is not None:
                    some[index] = plan
            if any(type(plan) is tuple for plan in found):
                return True
    return any(type(plan) is tuple for plan in _sail_courses(table, ship, cache))


def sail_exact(table: Table, ship: Ship, turn: float) -> SailPlan | str:
    """:func:`plan_sail` with the exact landfall search (cached per turn)."""
    cache = motion(table, ship)
    found = cache._exact.get(turn)
    if found is None:
        if turn in TURN_STEPS:
            # a menu plan that reaches its full length is already exact
            index = TURN_STEPS.index(turn)
            quick = cache._menu[index] if cache._menu is not None else cache._some.get(index)
            if type(quick) is tuple:
                heading, colour, _, _, headway, aground = quick
                if not aground:
                    return cache._sails[index] if cache._sails is not None else _new_plan(SailPlan, quick)
                # the menu has already found the turn clear, the sweep blocked and headway
                # possible (as plan_sail would again): only the search for the landfall is left
                ux, uy = unit(heading)
                pivoted = place(ship.cls.outline, ship.x, ship.y, heading)
                found = cache._exact[turn] = _kept(_run_aground(table, ship, pivoted, heading, colour, headway,
                                                                ux * headway, uy * headway))
                return _sail_plan(found)
        found = cache._exact[turn] = _kept(plan_sail(table, ship, turn))
    return _sail_plan(found)


def sail_course(table: Table, ship: Ship, turn: float) -> SailPlan | str:
    """Where a sail of ``turn`` takes her, for weighing courses: the menu's plan where the menu
    has one that sails (its landfall found by the quick search), else :func:`sail_exact`."""
    if turn in TURN_STEPS:
        # the menu's plans, built once for the pose: a search weighs the same courses again and again
        plan = sail_menu(table, ship)[TURN_STEPS.index(turn)]
        if isinstance(plan, SailPlan):
            return plan
    return sail_exact(table, ship, turn)


def stall_plan(table: Table, ship: Ship) -> float | str:
    """:func:`plan_stall` from the ship's pose (cached)."""
    cache = motion(table, ship)
    if cache._stall is None:
        cache._stall = plan_stall(table, ship)
    return cache._stall


def drift_menu(table: Table, ship: Ship) -> list[DriftPlan | str]:
    """:func:`plan_drifts` for :data:`DRIFT_MENU` from the ship's pose (cached)."""
    cache = motion(table, ship)
    if cache._drift_plans is None:
        cache._drift_plans = [_drift_plan(kept) for kept in drift_courses(table, ship)]
    return cache._drift_plans


def drift_courses(table: Table, ship: Ship) -> tuple[KeptDrift | str, ...]:
    """:func:`drift_menu` as kept (see :data:`KeptSail`): a plain tuple is an open drift."""
    cache = motion(table, ship)
    if cache._drifts is None:
        cache._drifts = tuple(_plan_drifts(table, ship, DRIFT_MENU))
    return cache._drifts


def drift_option(table: Table, ship: Ship, index: int) -> DriftPlan | str:
    """The drift menu's plan for ``DRIFT_MENU[index]`` (cached)."""
    return _drift_plan(drift_courses(table, ship)[index])


def land_touched(table: Table, ship: Ship) -> tuple[str, ...]:
    """The islands (and coast) the hull touches (cached)."""
    cache = motion(table, ship)
    if cache._land is None:
        # a tuple of names: nothing in it for the cycle collector to walk once the pose is kept;
        # a hull plainly farther than touching distance from all land needs no gap measured
        near = table.may_meet_land(*ship.bounds) and not _quick_gap(table, ship, cache) > TOUCH
        cache._land = tuple(table.touching_land(ship.hull, ship.bounds)) if near else ()
    return cache._land
