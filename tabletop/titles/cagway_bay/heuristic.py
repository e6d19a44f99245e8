"""Rules of thumb: sail for the objective by the wind, dock and explore for treasure, fire the gun
that does the most damage, board and capture dead enemies, repair and douse at the end.

``suggest`` only ever returns one of the legal actions; ``evaluate`` scores a position in [-1, 1].
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np
import shapely
from shapely.geometry import Point, Polygon

from tabletop.core import Action, Randomness

from .actions import Commandeer, Dock, Done, Douse, Drift, Explore, Fire, Grapple, Melee, Repair, Sail, Stall
from .features import _gun_reach
from .geometry import RED, TOUCH, Island, Table, angle_between, place
from .movement import (
    TURN_STEPS,
    DriftPlan,
    SailPlan,
    drift_menu,
    motion,
    plan_drift,
    plan_sails,
    sail_course,
    sail_exact,
    sail_menu,
)
from .scenarios import battle_scores
from .ships import Ship

if TYPE_CHECKING:
    from .game import CagwayState

#: Centimetres of random preference between near-equal courses.
JITTER = 1.0
#: What a segment that leaves a runner stranded costs besides (cm): she would lie there to the end.
STRANDED = 100.0


def suggest(state: CagwayState, seat: str, rng: Randomness | None, position: tuple[object, ...] | None = None) -> Action:
    """The rules of thumb's next action (``position``: the state's :func:`situation`, if known).
    With ``rng`` None, the preference is the one a fresh ``Randomness(0)`` draws: the same each
    time, so a plan may stand on it."""
    # a search asks the same positions again and again: what follows from the position alone is
    # kept for it, and only the seeded preference between courses is drawn afresh each time
    key = (seat, *(situation(state) if position is None else position))
    decision = _DECIDED.get(key)
    if decision is None:
        if len(_DECIDED) >= DECIDED_KEPT:
            _DECIDED.clear()
        decision = _DECIDED[key] = _decide(state, seat)
    if isinstance(decision, _Steering):
        # a little seeded noise, so each seed sails its own course
        count = len(decision.sails)
        jitter = _undrawn(count) if rng is None else tuple(JITTER * rng.random() for _ in range(count))
        return _steer(state, decision, jitter)
    return decision


def _undrawn(count: int) -> tuple[float, ...]:
    """The first ``count`` preferences a fresh ``Randomness(0)`` draws, drawn once (seeding a
    generator for each question costs more than the rest of the answer)."""
    if len(_UNDRAWN) < count:
        zero = Randomness(0)
        _UNDRAWN[:] = [JITTER * zero.random() for _ in range(count)]
    return tuple(_UNDRAWN[:count])


_UNDRAWN: list[float] = []


@dataclass(frozen=True, slots=True)
class _Steering:
    """A move-phase decision that waits on the seeded preference between the sails offered."""

    ship: str
    options: list[Action]
    sails: list[Sail]
    goal: tuple[float, float]
    may_leave: bool
    island: str | None
    #: the sails' scores before the preference (worked out when first needed)
    courses: list[_Courses]


#: Recent positions' decisions, by seat and :func:`situation`; emptied when it grows past its size.
_DECIDED: dict[tuple[object, ...], Action | _Steering] = {}
DECIDED_KEPT = 20_000


def situation(state: CagwayState) -> tuple[object, ...]:
    """Everything about a position that the rules of thumb read, as one hashable value."""
    # tables are built once per layout and kept (``geometry.table_from_spec``), so an id stays one table's
    return (
        id(state.table), state.scenario_slug, state.objective.seat, state.needed, state.sight_range,
        state.turn_limit, state.first_capture,
        state.scoring_edges, tuple(state.waypoints), state.turn, state.phase, state.active, tuple(state.pending),
        tuple(sorted(state.grapples)), tuple(state.stock.items()),
        *[(s.id, id(s.cls), s.fittings, s.seat, s.home, s.x, s.y, s.heading, s.hp, s.ap, s.status, s.treasure,
           s.supplies, s.moved, s.sailing, s.docked, s.fired, tuple(s.fires), s.revealed)
          for s in state.ships.values()],
    )


def _decide(state: CagwayState, seat: str) -> Action | _Steering:
    legal = state.legal_actions(seat)
    by_ship: dict[str, list[Action]] = {}
    for action in legal:
        by_ship.setdefault(action.ship, []).append(action)  # type: ignore[attr-defined]
    ship_id = next(iter(by_ship))
    ship = state.ships[ship_id]
    options = by_ship[ship_id]
    if state.phase == "move":
        return _move(state, ship, options)
    if state.phase == "combat":
        return _combat(state, ship, options)
    return _end(ship, options)


# -- movement --------------------------------------------------------------------------------------


def _is_runner(state: CagwayState, ship: Ship) -> bool:
    return state.objective.kind != "battle" and ship.seat == state.objective.seat


def _exit_goal(state: CagwayState, ship: Ship) -> tuple[float, float]:
    table = state.table
    edges = sorted(state.scoring_edges)
    options = {
        "north": (ship.x, table.height + 30), "south": (ship.x, -30.0),
        "east": (table.width + 30, ship.y), "west": (-30.0, ship.y),
    }
    goal = min((options[e] for e in edges), key=lambda p: math.hypot(p[0] - ship.x, p[1] - ship.y))
    for wx, wy in state.waypoints:
        # pass the pilot's marks in order, heading the same way as the goal
        if (goal[1] - ship.y) * (wy - ship.y) > 0 and abs(wy - ship.y) > 3:
            return (wx, wy)
    return goal


def _treasure_goal(state: CagwayState, ship: Ship) -> tuple[tuple[float, float], str] | None:
    """The nearest island with treasure that no friendly ship nearer to it is already after."""
    claimed: set[str] = set()
    best = None
    friends = [s for s in state.afloat() if s.seat == ship.seat and s.alive and s.treasure == 0 and s is not ship]
    for island_id, (treasure, _) in sorted(state.stock.items()):
        if treasure <= 0:
            continue
        here = _island_distance(state, ship, island_id)
        if any(_island_distance(state, f, island_id) < here - 1 for f in friends):
            claimed.add(island_id)
            continue
        if best is None or here < best[0]:
            best = (here, island_id)
    if best is None:
        # every island is someone else's: help at the nearest anyway
        for island_id, (treasure, _) in sorted(state.stock.items()):
            if treasure > 0:
                here = _island_distance(state, ship, island_id)
                if best is None or here < best[0]:
                    best = (here, island_id)
    if best is None:
        return None
    return _landing(state, ship, state.table.islands[best[1]]), best[1]


def edge_charge(table: Table, ship: Ship, x: float, y: float) -> float:
    """What a course's bow at (x, y) is charged (cm) for lying within a hull's length of the
    table's edge, where the next wind may carry her off."""
    margin = ship.cls.length + 2
    return 0.0 if margin < x < table.width - margin and margin < y < table.height - margin else 60.0


def _island_distance(state: CagwayState, ship: Ship, island_id: str) -> float:
    """How far the ship's bow is from an island (kept until the ship moves)."""
    notes = motion(state.table, ship).notes
    key = ("distance", island_id)
    found = notes.get(key)
    if found is None:
        found = notes[key] = float(state.table.islands[island_id].shape.distance(Point(ship.x, ship.y)))
    return found  # type: ignore[return-value]


def _landing(state: CagwayState, ship: Ship, island: Island) -> tuple[float, float]:
    """A point on the coast the ship can sail at: near, and not dead to windward of her (kept
    until the ship moves)."""
    notes = motion(state.table, ship).notes
    key = ("landing", island.id)
    found = notes.get(key)
    if found is None:
        found = notes[key] = _work_landing(state, ship, island)
    return found  # type: ignore[return-value]


def _work_landing(state: CagwayState, ship: Ship, island: Island) -> tuple[float, float]:
    best = (math.inf, island.coast[0])
    white = max((up_to for up_to, colour in ship.cls.wheel if colour == "white"), default=0.0)
    x, y = ship.x, ship.y
    upwind = state.table.wind.upwind(x, y)  # the wind's eye as seen from the bow, for every coast point
    for px, py in island.coast:
        d = math.hypot(px - x, py - y)
        bearing = math.degrees(math.atan2(py - y, px - x))
        off = angle_between(bearing, upwind)
        cost = d + (25.0 if off <= white + 5 else 0.0)
        if cost < best[0]:
            best = (cost, (px, py))
    return best[1]


def _nearest_enemy(state: CagwayState, ship: Ship, prefer: str = "") -> Ship | None:
    foes = [o for o in state.enemies(ship) if o.alive]
    if not foes:
        return None

    def key(o: Ship) -> float:
        d = math.hypot(o.x - ship.x, o.y - ship.y)
        if prefer == "cargo" and o.treasure:
            d -= 40
        if prefer == "runner":
            d -= 0.3 * max(0.0, o.y - 30)  # runners far up the passage are the danger
        return d

    return min(foes, key=key)


def _goal(state: CagwayState, ship: Ship) -> tuple[tuple[float, float], bool, str | None]:
    """Where the ship wants to be, whether sailing off the table is welcome, and a goal island."""
    kind = state.objective.kind
    if _is_runner(state, ship):
        if kind == "treasure-run" and ship.treasure == 0:
            found = _treasure_goal(state, ship)
            if found is not None:
                return found[0], False, found[1]
        return _exit_goal(state, ship), True, None
    if kind == "battle":
        prizes = [o for o in state.enemies(ship) if o.hp == 0]
        if prizes and ship.hp >= 3:
            prize = min(prizes, key=lambda o: math.hypot(o.x - ship.x, o.y - ship.y))
            return prize.centre, False, None
    if kind == "blockade-run" and state.waypoints:
        return _guard_point(state, ship), False, None
    target = _nearest_enemy(state, ship, "cargo" if kind == "treasure-run" else "runner")
    if target is None:
        return (state.table.width / 2, state.table.height / 2), False, None
    if kind == "battle" or not target.alive:
        return target.centre, False, None
    # cut a runner off: head for where she is going, not where she is
    cx, cy = target.centre
    lead = min(20.0, math.hypot(cx - ship.x, cy - ship.y) / 2)
    hx, hy = math.cos(math.radians(target.heading)), math.sin(math.radians(target.heading))
    return (cx + lead * hx, cy + lead * hy), False, None


def _guard_point(state: CagwayState, ship: Ship) -> tuple[float, float]:
    """Blockaders wait on the runners' road: each takes a pilot mark still ahead of the leading
    runner (the first blockader the nearest mark, the next one the mark after), so the runners
    must pass close by their broadsides."""
    runners = [s for s in state.ships.values() if s.alive and s.seat == state.objective.seat]
    lead_y = max((s.y for s in runners), default=0.0)
    marks = [(x, y) for x, y in state.waypoints if y > lead_y - 2]
    marks.append((state.table.width / 2, min(state.table.height - 12, max(lead_y + 20, 80.0))))
    # the southernmost guard takes the southernmost mark, so no two guards cross the strait
    guards = sorted((s.y, s.id) for s in state.ships.values() if s.alive and s.seat == ship.seat)
    index = min(guards.index((ship.y, ship.id)), len(marks) - 1)
    return marks[index]


def _move(state: CagwayState, ship: Ship, options: list[Action]) -> Action | _Steering:
    goal, may_leave, island = _goal(state, ship)
    for action in options:
        if isinstance(action, Explore):
            return action
    for action in options:
        if isinstance(action, Dock) and action.island == island:
            return action
    for action in options:
        if isinstance(action, Grapple) and state.ships[action.target].hp == 0:
            return action
    reserve = 0 if _is_runner(state, ship) else _combat_reserve(state, ship)
    sails = [a for a in options if isinstance(a, Sail)]
    if sails and ship.ap > reserve:
        return _Steering(ship.id, options, sails, goal, may_leave, island, [])
    return _unless_sailing(state, ship, options, sails, goal)


def _steer(state: CagwayState, steering: _Steering, jitter: tuple[float, ...]) -> Action:
    """The sail to take (or else what to do instead) with this draw of the preference."""
    ship = state.ships[steering.ship]
    goal, may_leave = steering.goal, steering.may_leave
    here, best = _best_sail(state, ship, steering, jitter)
    near_goal = math.hypot(goal[0] - ship.x, goal[1] - ship.y) < 2 * RED and not may_leave
    if best[0] < here - 0.2 or not near_goal:
        return best[2]
    return _unless_sailing(state, ship, steering.options, steering.sails, goal)


def _unless_sailing(state: CagwayState, ship: Ship, options: list[Action], sails: list[Sail],
                    goal: tuple[float, float]) -> Action:
    if not sails and not ship.moved:
        drifts = [a for a in options if isinstance(a, Drift)]
        if drifts:
            return min(drifts, key=lambda a: _drift_cost(state, ship, a, goal))
    for action in options:
        if isinstance(action, Stall) and not sails:
            return action
    return next(a for a in options if isinstance(a, Done))


@dataclass(frozen=True, slots=True)
class _Courses:
    """What a ship's sails score before the seeded preference between them is added."""

    here: float  # the cost of staying put
    clear: list[tuple[int, float]]  # (place among the sails, cost) of each sail that runs clear
    #: (place, best case less 3) of each sail that runs aground: the closest its course comes to the goal
    aground: list[tuple[int, float]]
    #: the cost where an aground sail really stops, once worked out
    stopped: dict[int, float]


def _courses(state: CagwayState, ship: Ship, steering: _Steering) -> _Courses:
    table = state.table
    sails, goal, may_leave = steering.sails, steering.goal, steering.may_leave
    plans: list[SailPlan] = []
    for action in sails:
        plan = sail_course(table, ship, action.turn)
        assert isinstance(plan, SailPlan)
        plans.append(plan)
    clear = [k for k, plan in enumerate(plans) if not plan.aground]
    # the costs follow from the pose and the goal alone: kept with the pose's plans
    notes = motion(table, ship).notes
    key = ("costs", goal, may_leave, state.scoring_edges, tuple(clear))
    costs = notes.get(key)
    if costs is None:
        costs = notes[key] = _costs(state, ship, [(ship.x, ship.y), *((plans[k].x, plans[k].y) for k in clear)],
                                    goal, may_leave)
    assert isinstance(costs, list)
    aground = [(k, _segment_distance(goal, (ship.x, ship.y), (plans[k].x, plans[k].y)) - 3)
               for k, plan in enumerate(plans) if plan.aground]
    return _Courses(costs[0], list(zip(clear, costs[1:], strict=True)), aground, {})


def _best_sail(state: CagwayState, ship: Ship, steering: _Steering,
               jitter: tuple[float, ...]) -> tuple[float, tuple[float, float, Sail]]:
    """The cost of staying put, and the cheapest segment: (cost, size of the turn, the sail).

    A segment that runs aground is scored where she really stops, which takes a search; it is
    searched for only if even its best case (the closest its course comes to the goal) could
    beat the cheapest segment found so far.
    """
    if not steering.courses:
        steering.courses.append(_courses(state, ship, steering))
    courses = steering.courses[0]
    sails = steering.sails
    scored: dict[int, tuple[float, float, Sail]] = {
        k: (cost + jitter[k], abs(sails[k].turn), sails[k]) for k, cost in courses.clear
    }
    best = min(scored.values(), key=lambda item: (item[0], item[1]), default=None)
    bounds = {k: reach + jitter[k] - 1e-9 for k, reach in courses.aground}
    for k in sorted(bounds, key=lambda k: bounds[k]):
        if best is not None and bounds[k] > best[0]:
            continue  # she cannot do better than that, wherever she stops
        cost = courses.stopped.get(k)
        if cost is None:
            cost = courses.stopped[k] = _aground_cost(state, ship, steering, sails[k])
        scored[k] = (cost + jitter[k], abs(sails[k].turn), sails[k])
        if best is None or (scored[k][0], scored[k][1]) < (best[0], best[1]):
            best = scored[k]
    # the first of the cheapest, in menu order, as a plain scan would find
    chosen = min((scored[k] for k in sorted(scored)), key=lambda item: (item[0], item[1]))
    return courses.here, chosen


def _aground_cost(state: CagwayState, ship: Ship, steering: _Steering, sail: Sail) -> float:
    """The cost of a sail that runs aground, scored where she really stops."""
    table, island = state.table, steering.island
    plan = sail_exact(table, ship, sail.turn)  # where she really stops
    assert isinstance(plan, SailPlan)
    cost = _cost(state, ship, (plan.x, plan.y), steering.goal, steering.may_leave)
    # running up against the goal island is the way to dock there
    touching = island is not None and table.islands[island].shape.distance(
        Polygon(place(ship.cls.outline, plan.x, plan.y, plan.heading))) <= TOUCH
    cost += -3 if touching else 5
    if _is_runner(state, ship) and stranded(state, ship, plan):
        cost += STRANDED
    return cost


def trapped(state: CagwayState, ship: Ship, pose: SailPlan | DriftPlan) -> bool:
    """Whether the ship, moved to ``pose``, could sail no segment from there: every turn her
    menu offers points into the wind's white, runs into land at once or swings her hull into it.
    Only a drift, which takes a whole turn, gets her out (kept with the pose's plans)."""
    ghost, notes = _moved(state, ship, pose)
    found = notes.get("trapped")
    if found is None:
        found = notes["trapped"] = no_way(state.table, ghost)
    return bool(found)


def no_way(table: Table, ship: Ship) -> bool:
    """Whether no sail on the ship's menu where she lies makes way: every turn points into the
    wind's white, runs into land at once or swings her hull into it."""
    return not any(isinstance(plan, SailPlan) and not plan.aground for plan in sail_menu(table, ship))


def stranded(state: CagwayState, ship: Ship, pose: SailPlan | DriftPlan) -> bool:
    """Whether the ship, moved to ``pose``, is trapped there (:func:`trapped`) and no drift the
    menu offers leaves her free to sail either: against a shore that blocks the drift, facing the
    wind, she would lie there to the end (kept with the pose's plans)."""
    if not trapped(state, ship, pose):
        return False
    ghost, notes = _moved(state, ship, pose)
    found = notes.get("stranded")
    if found is None:
        found = notes["stranded"] = not any(isinstance(drift, DriftPlan) and not trapped(state, ship, drift)
                                            for drift in drift_menu(state.table, ghost))
    return bool(found)


def _moved(state: CagwayState, ship: Ship, pose: SailPlan | DriftPlan) -> tuple[Ship, dict[object, object]]:
    """A copy of the ship moved to ``pose``, and the notes kept with that pose's plans."""
    ghost = ship.copy()
    ghost.set_pose(pose.x, pose.y, pose.heading)
    return ghost, motion(state.table, ghost).notes


def _segment_distance(point: tuple[float, float], a: tuple[float, float], b: tuple[float, float]) -> float:
    """How close the segment from ``a`` to ``b`` comes to ``point``."""
    (px, py), (ax, ay), (bx, by) = point, a, b
    dx, dy = bx - ax, by - ay
    span = dx * dx + dy * dy
    t = 0.0 if span == 0 else max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / span))
    return math.hypot(px - (ax + t * dx), py - (ay + t * dy))


def _combat_reserve(state: CagwayState, ship: Ship) -> int:
    """AP to keep for the guns: some when an enemy could be in range by the combat phase."""
    reach = _gun_reach(ship.cls) + 12  # the class's reach * RED + length, kept for the class
    if state.sight_range is not None:
        reach = state.sight_range * RED + ship.cls.length + 48
    # an enemy still to move this phase may close several segments before combat
    coming = set(state.pending) if state.phase == "move" else set()

    def near(o: Ship) -> bool:
        return math.hypot(o.x - ship.x, o.y - ship.y) < reach + (36.0 if o.id in coming else 0.0)

    close = any(near(o) for o in state.enemies(ship) if o.alive)
    # up to 3 AP (to fire and aim twice), out of the turn's allowance
    return min(3, ship.cls.actions(ship.hp) - 1) if close else 0


def _cost(state: CagwayState, ship: Ship, bow: tuple[float, float], goal: tuple[float, float],
          may_leave: bool) -> float:
    """Distance to the goal, plus a detour penalty for land in the straight line to it."""
    return _costs(state, ship, [bow], goal, may_leave)[0]


def _costs(state: CagwayState, ship: Ship, bows: list[tuple[float, float]], goal: tuple[float, float],
           may_leave: bool) -> list[float]:
    """:func:`_cost` for several bow positions, with one vectorised pass over the land."""
    table = state.table
    costs = [math.hypot(goal[0] - bx, goal[1] - by) for bx, by in bows]
    if not table.land.is_empty:
        gx, gy = goal
        # only a line whose box reaches some land can cross it
        far = [k for k, distance in enumerate(costs) if distance > 0.5 and table.may_meet_land(
            min(bows[k][0], gx), min(bows[k][1], gy), max(bows[k][0], gx), max(bows[k][1], gy))]
        if far:
            lines = shapely.linestrings(np.array([[bows[k], goal] for k in far], dtype=float))
            hit = shapely.intersects(table.land, lines)
            if hit.any():
                crossed = shapely.length(shapely.intersection(table.land, lines[hit]))
                for k, length in zip(np.array(far)[hit], crossed, strict=True):
                    costs[k] += 2.5 * float(length) + 10
    scoring = state.scoring_edges
    for k, (bx, by) in enumerate(bows):
        if not may_leave:
            costs[k] += edge_charge(table, ship, bx, by)
        if may_leave:
            beyond = {"west": bx < 0, "east": bx > table.width, "south": by < 0, "north": by > table.height}
            if any(out and edge not in scoring for edge, out in beyond.items()):
                costs[k] += 200  # off the wrong edge the ship would only flee
    return costs


def _drift_cost(state: CagwayState, ship: Ship, action: Drift, goal: tuple[float, float]) -> float:
    """How close to the goal the ship could get with one segment after this drift (a ship that
    would still be stuck scores badly). Kept with the pose's plans: it follows from pose and goal."""
    notes = motion(state.table, ship).notes
    key = ("drift", action.heading, goal)
    found = notes.get(key)
    if found is None:
        found = notes[key] = _work_drift_cost(state, ship, action, goal)
    assert isinstance(found, float)
    return found


def _work_drift_cost(state: CagwayState, ship: Ship, action: Drift, goal: tuple[float, float]) -> float:
    plan = plan_drift(state.table, ship, action.heading)
    if isinstance(plan, str):
        return 1e9
    ghost = ship.copy()
    ghost.set_pose(plan.x, plan.y, plan.heading)
    best = 1e6
    for turn, after in zip(TURN_STEPS, plan_sails(state.table, ghost, TURN_STEPS), strict=True):
        if isinstance(after, SailPlan) and not after.aground:
            best = min(best, _cost(state, ghost, (after.x, after.y), goal, False) + abs(turn) / 100)
    return best


# -- combat and end --------------------------------------------------------------------------------


def _combat(state: CagwayState, ship: Ship, options: list[Action]) -> Action:
    for action in options:
        if isinstance(action, Commandeer) and action.crew == max(
            a.crew for a in options if isinstance(a, Commandeer) and a.target == action.target
        ):
            return action
    melees = [a for a in options if isinstance(a, Melee)]
    if melees:
        return min(melees, key=lambda a: (state.ships[a.target].hp, a.target))
    best: tuple[float, Action] | None = None
    for action in options:
        if not isinstance(action, Fire):
            continue
        target = state.ships[action.target]
        sighting = next(s for s in state.sightings(ship) if s.gun == action.gun and s.target == action.target)
        gun = ship.cls.guns[action.gun]
        damage = min(gun.damage(max(1, sighting.range - action.aim)), target.hp)
        value = damage - 0.35 * action.aim + (1.5 if gun.sets_fire and damage else 0)
        value += 1.0 if target.treasure else 0.0
        value += 3.0 if damage >= target.hp else 0.0
        value += 1.5 * target.damage / target.cls.hp  # finish what has been started
        if best is None or value > best[0]:
            best = (value, action)
    if best is not None and best[0] > 0:
        return best[1]
    return next(a for a in options if isinstance(a, Done))


def _end(ship: Ship, options: list[Action]) -> Action:
    for action in options:
        if isinstance(action, Douse):
            return action
    for action in options:
        if isinstance(action, Repair):
            return action
    return next(a for a in options if isinstance(a, Done))


# -- evaluation ------------------------------------------------------------------------------------


def evaluate(state: CagwayState, seat: str) -> float:
    outcome = state.outcome
    if outcome is not None:
        return outcome.returns(seat)
    me = state.seats.index(seat)
    if state.objective.kind == "battle":
        scores = battle_scores(state)
        total = sum(s.cls.points for s in state.ships.values()) or 1
        diff = (scores[seat] - scores[state.seats[1 - me]]) / total
        return max(-0.95, min(0.95, 2 * diff))
    runner = state.objective.seat
    needed = state.needed
    escaped = [s for s in state.ships.values() if s.status == "escaped" and s.seat == runner]
    if state.objective.kind == "treasure-run":
        done = sum(s.treasure for s in escaped)
        carrying = sum(s.treasure for s in state.ships.values() if s.alive and s.seat == runner)
        progress = (done + 0.5 * carrying) / needed
    else:
        done = len(escaped)
        ahead = sum(min(1.0, s.y / state.table.height) for s in state.ships.values() if s.alive and s.seat == runner)
        progress = (done + 0.4 * ahead) / needed
    late = state.turn / max(1, state.turn_limit)
    value = max(-0.95, min(0.95, 1.6 * progress - 0.6 - 0.4 * late))
    return value if me == runner else -value
