"""Movement-phase geometry: sailing a segment, stalling and drifting, checked against land.

Each ``plan_*`` function either returns where the ship would end up or a sentence saying why it
cannot; nothing here changes a ship, so a state can validate before it mutates.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .data import normalise
from .geometry import MIN_HEADWAY, RED, STICKS, Coords, Table, angle_between, bounds, place, unit
from .ships import Ship

MAX_TURN = 45.0
#: The discrete offer: heading changes in 15° steps (any value within 45° is accepted).
TURN_STEPS = (-45.0, -30.0, -15.0, 0.0, 15.0, 30.0, 45.0)


@dataclass(frozen=True, slots=True)
class SailPlan:
    heading: float
    colour: str
    x: float
    y: float
    headway: float
    aground: bool


@dataclass(frozen=True, slots=True)
class DriftPlan:
    heading: float
    x: float
    y: float
    drifted: bool


def _shift(coords: Coords, dx: float, dy: float) -> Coords:
    return [(px + dx, py + dy) for px, py in coords]


def plan_sail(table: Table, ship: Ship, turn: float, exact: bool = True) -> SailPlan | str:
    """Pivot on the bow by ``turn`` degrees, then sail one segment of the colour the new heading
    earns, stopping where the hull first meets land (running aground costs the full AP)."""
    if not -MAX_TURN - 1e-9 <= turn <= MAX_TURN + 1e-9:
        return f"a turn while sailing is at most 45 degrees either way, not {turn:g}"
    heading = normalise(ship.heading + turn)
    off = table.wind.off_wind(heading, ship.x, ship.y)
    colour = ship.cls.colour(off)
    if colour == "white":
        return (f"{ship.cls.name} cannot sail {off:.0f} degrees off the wind (white on its wheel); "
                "stall or drift instead")
    length = STICKS[colour]
    ux, uy = unit(heading)
    dx, dy = ux * length, uy * length
    start = ship.coords
    pivoted = place(ship.cls.outline, ship.x, ship.y, heading)
    final = _shift(pivoted, dx, dy)
    if ship.clear_of_land(table, length + 1.0) or not table.may_meet_land(*bounds(start + final)):
        return SailPlan(heading, colour, ship.x + dx, ship.y + dy, length, False)
    if turn != 0 and table.sweep_blocked(start + pivoted):
        return "the turn would swing the hull into land"
    if not table.sweep_blocked(pivoted + final):
        return SailPlan(heading, colour, ship.x + dx, ship.y + dy, length, False)
    least = MIN_HEADWAY / length
    if table.sweep_blocked(pivoted + _shift(pivoted, dx * least, dy * least)):
        return "land dead ahead: the ship cannot make headway on that heading"
    if not exact:
        return SailPlan(heading, colour, ship.x + dx, ship.y + dy, length, True)
    low, high = least, 1.0
    for _ in range(16):
        mid = (low + high) / 2
        if table.sweep_blocked(pivoted + _shift(pivoted, dx * mid, dy * mid)):
            high = mid
        else:
            low = mid
    return SailPlan(heading, colour, ship.x + dx * low, ship.y + dy * low, length * low, True)


def plan_sails(table: Table, ship: Ship, turns: Sequence[float]) -> list[SailPlan | str]:
    """:func:`plan_sail` (without the exact landfall search) for several turns, testing all the
    sweeps against land in one vectorised pass."""
    plans: list[SailPlan | str | None] = []
    pending: list[tuple[int, float, str, float, float, float, Coords, Coords]] = []
    start = ship.coords
    clear = ship.clear_of_land(table, STICKS["blue"] + 1.0)
    for index, turn in enumerate(turns):
        heading = normalise(ship.heading + turn)
        colour = ship.cls.colour(table.wind.off_wind(heading, ship.x, ship.y))
        if colour == "white" or not -MAX_TURN - 1e-9 <= turn <= MAX_TURN + 1e-9:
            plans.append(plan_sail(table, ship, turn, exact=False))
            continue
        length = STICKS[colour]
        ux, uy = unit(heading)
        dx, dy = ux * length, uy * length
        if clear:
            plans.append(SailPlan(heading, colour, ship.x + dx, ship.y + dy, length, False))
            continue
        pivoted = place(ship.cls.outline, ship.x, ship.y, heading)
        final = _shift(pivoted, dx, dy)
        if not table.may_meet_land(*bounds(start + final)):
            plans.append(SailPlan(heading, colour, ship.x + dx, ship.y + dy, length, False))
            continue
        plans.append(None)
        pending.append((index, heading, colour, length, dx, dy, pivoted, final))
    if pending:
        least = MIN_HEADWAY
        sweeps = []
        for _, _, _, length, dx, dy, pivoted, final in pending:
            sweeps.append(start + pivoted)
            sweeps.append(pivoted + final)
            sweeps.append(pivoted + _shift(pivoted, dx * least / length, dy * least / length))
        blocked = table.sweeps_blocked(sweeps)
        for k, (index, heading, colour, length, dx, dy, _, _) in enumerate(pending):
            swing, slide, headway = blocked[3 * k: 3 * k + 3]
            if swing and turns[index] != 0:
                plans[index] = "the turn would swing the hull into land"
            elif slide and headway:
                plans[index] = "land dead ahead: the ship cannot make headway on that heading"
            else:
                plans[index] = SailPlan(heading, colour, ship.x + dx, ship.y + dy, length, slide)
    return [plan for plan in plans if plan is not None]


def plan_stall(table: Table, ship: Ship) -> float | str:
    """The heading straight into the wind, if a turn of 45° or less on the bow reaches it."""
    if not ship.cls.has_white:
        return f"a {ship.cls.name} can make way into the wind, so it never stalls"
    upwind = table.wind.upwind(ship.x, ship.y)
    if angle_between(upwind, ship.heading) > MAX_TURN + 1e-9:
        return "the wind's eye is more than 45 degrees off the bow"
    if ship.clear_of_land(table, 1.0):
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
    cx, cy = ship.centre
    wx, wy = table.wind.downwind_unit(cx, cy)
    dx, dy = wx * RED, wy * RED
    start = ship.coords
    clear = ship.clear_of_land(table, RED + 1.0)
    drifted = clear or not table.sweep_blocked(start + _shift(start, dx, dy))
    if drifted:
        cx, cy = cx + dx, cy + dy
    half = ship.cls.length / 2
    bows = []
    finals = []
    for heading in headings:
        ux, uy = unit(heading)
        bows.append((cx + half * ux, cy + half * uy))
        finals.append(place(ship.cls.outline, cx + half * ux, cy + half * uy, heading))
    blocked = [False] * len(finals) if clear else table.sweeps_blocked(finals)
    return [
        f"facing {heading:g} degrees after the drift would put the hull on land" if stuck
        else DriftPlan(heading, bx, by, drifted)
        for heading, (bx, by), stuck in zip(headings, bows, blocked, strict=True)
    ]
