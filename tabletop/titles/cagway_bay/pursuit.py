"""Winning back a seized treasure: the raiders close with the enemy ship that carries it, board
her and carry the treasure off themselves.

A treasure run needs every treasure in play, so once an enemy ship has one aboard the raiders can
win only by taking it back, and the rules allow that one way: bring her to 0 HP, grapple her,
commandeer her, and move the treasure across to a raider (sharing between friends). The rules of
thumb never try it (they sail for the islands and the exit), so the strongest player follows these
steps instead while a treasure is in enemy hands: the raiders still free to fetch a treasure from
an island do so, and every other raider (those already laden too: escaping early only leaves
fewer guns for the fight) closes with the carrier, grapples her on contact, fights her hand to
hand or with the gun that hurts her most, commandeers her once she is dead and takes the treasure
aboard. An enemy docked at a ruin that still has its treasure is gone for the same way, before
she can explore it, and the laden raiders stay to fight rather than sail off and leave their
friends too few. Everything here is on the open table, so it reveals nothing hidden.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import TYPE_CHECKING, TypeVar

import numpy as np
import shapely
from scipy.sparse import csr_matrix
from scipy.sparse.csgraph import dijkstra

from tabletop.core import Action, Randomness

from .actions import Commandeer, Done, Drift, Explore, Fire, Grapple, Melee, Sail, Share
from .combat import touching
from .data import normalise
from .features import _exit_distance
from .geometry import STICKS, Table, angle_between, unit
from .heuristic import _exit_goal, _is_runner, _island_distance, edge_charge, trapped
from .movement import TURN_STEPS, DriftPlan, SailPlan, plan_drift, sail_course

#: A pose on a course: which first move it follows, the bow's x and y, and the heading.
Node = tuple[int, float, float, float]
#: A first move: the action, where it leaves the bow and her heading, and what it costs besides.
Start = tuple[Action, float, float, float, float]

K = TypeVar("K")
V = TypeVar("V")

if TYPE_CHECKING:
    from .data import ShipClass
    from .game import CagwayState
    from .geometry import Table
    from .ships import Ship

#: AP a chaser keeps from sailing: the grapple and the blow, or a shot with one point of aim.
KEPT = 2
#: Beyond this (cm) no gun reaches her this turn, so a chaser sails with every AP.
FAR = 30.0
#: The distance (cm) a raider is reckoned to make good towards the exit in a turn.
PACE = 20.0
#: Segments a chaser looks ahead when choosing the next one (wearing round takes six or so).
LOOKAHEAD = 8
#: What a first segment that runs up against a shore costs besides (cm): she is stuck there.
AGROUND = 10.0
#: How far (cm) a course's bow keeps from land, so the hull swinging behind it clears it too.
CLEARANCE = 1.5
#: What each segment of a course costs (cm), so that of two courses the shorter wins.
STEP_COST = 0.5
#: The side (cm) of the cells of the sea chart a chaser measures her way round the land on.
CELL = 2.0
#: The most cells a sea chart is made of: a larger table gets coarser cells instead (a chart's
#: work and memory grow with its cells: 2 cm cells on a 20 m table took a minute and a gigabyte).
MOST_CELLS = 10_000
#: Cells of open water nearer the goal than this (cm) start the chart's measuring from it.
GOAL_REACH = 8.0
#: What a first move that leaves her trapped costs besides (cm): a whole turn's drift to get out.
TRAPPED = 30.0
#: What a drift costs besides (cm) where she could sail instead: the turn's sailing.
DRIFTING = 20.0
#: The same beside a dead quarry, who waits to be boarded: a drift that turns a chaser to her
#: beats a course that wears round and away from her (between Skull Rocks and the East Ruin the
#: raiders sailed round the ruin for three turns while the dead frigate lay there with her prize).
WRECK_DRIFTING = 5.0


def quarries(state: CagwayState) -> list[Ship]:
    """The ships the raiders must go for (empty outside a treasure run): enemies with a treasure
    aboard, prizes (enemy ships the raiders have commandeered) until their treasure is shared to
    a raider, and enemies docked at a ruin that still has its treasure (a laden raider who sails
    off now leaves her friends too few to win it back)."""
    if state.objective.kind != "treasure-run":
        return []
    runner = state.objective.seat
    stock = state.stock
    return [s for s in state.ships.values() if s.status == "afloat" and (
        (s.treasure > 0 and (s.seat != runner or s.home != runner)) or
        (s.seat != runner and s.alive and s.docked is not None and stock.get(s.docked, (0, 0))[0] > 0))]


def chasing(state: CagwayState, seat: str) -> bool:
    """Whether ``seat`` runs a treasure run with a treasure in enemy hands or about to be (a run
    needs every treasure in play, so until it is won back the run cannot be won), or has won one
    back by a capture and left none ashore (then its laden raiders run home by the chase's
    courses at once)."""
    mine = state.seats.index(seat) == state.objective.seat
    return mine and (bool(quarries(state)) or (state.first_capture == state.objective.seat and
                                               state.objective.kind == "treasure-run" and
                                               not any(treasure for treasure, _ in state.stock.values())))


def step(state: CagwayState, seat: str, legal: list[Action]) -> Action | None:
    """The chase's next action for ``seat``, or None where the chase has nothing to say (the end
    phase, ships sent for an island's treasure, a combat phase with nothing to do to a carrier).
    In the move phase the first of the ships free to move that the chase has work for goes."""
    if state.phase == "move":
        for ship_id in dict.fromkeys(a.ship for a in legal):  # type: ignore[attr-defined]
            found = _move(state, state.ships[ship_id], [a for a in legal if a.ship == ship_id])  # type: ignore[attr-defined]
            if found is not None:
                return found
        return None
    ship = state.ships[legal[0].ship]  # type: ignore[attr-defined]
    quarry = _quarry(state, ship) if _is_runner(state, ship) else None
    if quarry is None or quarry is ship:
        return None
    if state.phase == "combat":
        # with nothing to do to a carrier, the rules of thumb's shot (no idle sharing of stores)
        mine = [a for a in legal if a.ship == ship.id]  # type: ignore[attr-defined]
        return _board(state, ship, quarry, mine) or state.suggest(seat, Randomness(0))
    return None


def _move(state: CagwayState, ship: Ship, mine: list[Action]) -> Action | None:
    """One ship's move-phase step, or None where the chase leaves her to the search."""
    if not _is_runner(state, ship):
        return None
    if ship.treasure > 0 and (not quarries(state) or _must_leave(state, ship)):
        # the fight must go on without her, or her treasure is lost too; with every treasure
        # aboard again (``chasing``) there is nothing left to stay for
        return _run_home(state, ship, mine)
    quarry = _quarry(state, ship)
    if quarry is None or quarry is ship or (ship.treasure == 0 and _fetches_treasure(state, ship)):
        return None
    return _close(state, ship, quarry, mine)


def _quarry(state: CagwayState, ship: Ship) -> Ship | None:
    """The quarry to go for."""
    found = quarries(state)
    if not found:
        return None
    # a dead carrier first (she only waits to be boarded), then a carrier, then the nearest
    return min(found, key=lambda s: (s.hp > 0, s.treasure == 0, math.hypot(s.x - ship.x, s.y - ship.y), s.id))


def _must_leave(state: CagwayState, ship: Ship) -> bool:
    """Whether a laden raider has only the turns left that she needs to sail off the table (at
    :data:`PACE` a turn, and a turn to spare)."""
    turns_left = state.turn_limit - state.turn + 1
    return _exit_distance(state, ship.x, ship.y) / PACE + 1 >= turns_left


def _fetches_treasure(state: CagwayState, ship: Ship) -> bool:
    """Whether the ship is the free raider nearest to some island that still has treasure."""
    free = [s for s in state.afloat() if s.seat == ship.seat and s.alive and s.treasure == 0]
    for island, (treasure, _) in sorted(state.stock.items()):
        if treasure > 0 and min(free, key=lambda s: (_island_distance(state, s, island), s.id)) is ship:
            return True
    return False


def _close(state: CagwayState, ship: Ship, quarry: Ship, mine: list[Action]) -> Action:
    """Move phase: grapple on contact, else sail at her while AP allow, else wait for combat."""
    done = next(a for a in mine if isinstance(a, Done))
    for action in mine:
        if isinstance(action, Explore):
            return action  # a ship already docked at a treasure takes it first
    for action in mine:
        if isinstance(action, Grapple) and action.target == quarry.id:
            return action
    if touching(ship, quarry):  # (a prize is a friend: alongside her the treasure comes across)
        return done  # already held: the AP are for the blow and the boarding
    goal = quarry.centre
    far = math.hypot(goal[0] - ship.x, goal[1] - ship.y)
    # out of gun range she needs every segment; nearer, a grapple and a blow (or an aimed shot)
    sailing = ship.ap > KEPT or far > FAR
    found = _best_course(state, ship, _starts(state, ship, mine, sailing, False), goal, False)
    if found is None:
        return done
    action, cost = found
    if quarry.hp == 0 and not isinstance(action, Drift) and cost >= _sea_costs(state, ship, [(ship.x, ship.y)], goal)[0]:
        # no course brings her nearer a dead quarry's middle: a segment that lays her alongside
        # is enough (contact is all a grapple needs), else, with every course wearing round and
        # away from her, a drift that turns the chaser to her costs only the turn, since she waits
        alongside = _alongside(state, ship, quarry, mine)
        if alongside is not None:
            return alongside
        action, cost = _best_course(state, ship, _starts(state, ship, mine, sailing, False, WRECK_DRIFTING),
                                    goal, False) or found
    if (quarry.hp > 0 and not isinstance(action, Drift) and _has_shot(state, ship, quarry) and
            cost >= _sea_costs(state, ship, [(ship.x, ship.y)], goal)[0]):
        # no course brings her nearer a living quarry than she is, and a gun of hers bears on
        # her: sailing on would only overshoot her (a dead one waits to be grappled, which takes
        # contact; without a shot, waiting only lets her get away, as behind an island)
        return done
    return action


def _alongside(state: CagwayState, ship: Ship, quarry: Ship, mine: list[Action]) -> Sail | None:
    """The sail (the smallest turn) after which the ship's hull touches the quarry's, or None."""
    for sail in sorted((a for a in mine if isinstance(a, Sail)), key=lambda a: (abs(a.turn), a.turn)):
        plan = sail_course(state.table, ship, sail.turn)
        if isinstance(plan, SailPlan):
            ghost = ship.copy()
            ghost.set_pose(plan.x, plan.y, plan.heading)
            if touching(ghost, quarry):
                return sail
    return None


def _has_shot(state: CagwayState, ship: Ship, quarry: Ship) -> bool:
    """Whether a gun of the ship bears on the quarry from where they lie now."""
    return any(seen.target == quarry.id and seen.problem is None for seen in state.sightings(ship))


def _run_home(state: CagwayState, ship: Ship, mine: list[Action]) -> Action:
    """A laden raider short of time sails off the table by the best course she can find."""
    done = next(a for a in mine if isinstance(a, Done))
    starts = _starts(state, ship, mine, True, True)
    return _best_start(state, ship, starts, _exit_goal(state, ship), True) or done


def _starts(state: CagwayState, ship: Ship, mine: list[Action], sailing: bool, may_leave: bool,
            drifting: float = DRIFTING) -> list[Start]:
    """Her first moves: each segment (if she is to sail) or, with none, each drift."""
    table = state.table
    sails = [a for a in mine if isinstance(a, Sail)]
    starts: list[Start] = []
    if sails and sailing:
        for sail in sails:
            plan = sail_course(table, ship, sail.turn)
            if isinstance(plan, SailPlan) and (may_leave or _on_table(state, plan.x, plan.y)):
                extra = (AGROUND if plan.aground else 0.0) + (TRAPPED if trapped(state, ship, plan) else 0.0)
                starts.append((sail, plan.x, plan.y, plan.heading, extra))
    if not ship.moved and (sailing or not sails):
        # in irons, against a shore or facing off the table's edge: a drift turns her to any
        # heading, at the cost of the turn's sailing (one that leaves her facing into the wind
        # or the shore again wastes the next turn too)
        lost = drifting if starts else 0.0
        for action in mine:
            if isinstance(action, Drift):
                drift = plan_drift(table, ship, action.heading)
                if isinstance(drift, DriftPlan):
                    starts.append((action, drift.x, drift.y, drift.heading,
                                   lost + (TRAPPED if trapped(state, ship, drift) else 0.0)))
    return starts


def _best_start(state: CagwayState, ship: Ship, starts: list[Start], goal: tuple[float, float],
                may_leave: bool) -> Action | None:
    """The move that starts the best course of up to :data:`LOOKAHEAD` segments towards the goal
    (a greedy single segment gets stuck beating to windward, wearing round or against a coast).
    A beam search: after each segment only the course nearest the goal for each first move and
    heading goes on. Courses are reckoned in open water, keep off land and, unless she may leave,
    stay on the table: a raider who sails off it has left the fight."""
    found = _best_course(state, ship, starts, goal, may_leave)
    return None if found is None else found[0]


def _best_course(state: CagwayState, ship: Ship, starts: list[Start], goal: tuple[float, float],
                 may_leave: bool) -> tuple[Action, float] | None:
    """:func:`_best_start` with what its course costs."""
    if not starts:
        return None
    frontier = [(k, x, y, h) for k, (_a, x, y, h, _extra) in enumerate(starts)]
    best: dict[int, float] = {}
    for depth in range(1, LOOKAHEAD + 1):
        if depth > 1:
            frontier = _clear(state, [(parent, node) for parent in frontier
                                      for node in _segments(state, ship, parent, may_leave)])
        if not frontier:
            break
        bows = [(x, y) for _k, x, y, _h in frontier]
        costs = _exit_costs(state, bows) if may_leave else _sea_costs(state, ship, bows, goal)
        kept: dict[tuple[int, int], tuple[float, Node]] = {}
        for node, cost in zip(frontier, costs, strict=True):
            k = node[0]
            best[k] = min(best.get(k, math.inf), cost + STEP_COST * depth + starts[k][4])  # sooner is better
            # the nearest course for each first move and heading: wearing round first sails away
            bucket = (k, round(node[3] / 15.0) % 24)
            if bucket not in kept or cost < kept[bucket][0]:
                kept[bucket] = (cost, node)
        frontier = [node for _cost, node in kept.values()]
    k = min(best, key=lambda k: (best[k], k))
    return starts[k][0], best[k]


def _sea_costs(state: CagwayState, ship: Ship, bows: list[tuple[float, float]],
               goal: tuple[float, float]) -> list[float]:
    """How far each bow has to sail to the goal round the land (a straight line with a charge
    for the land it crosses would send her the long way round, away from it), and a charge for
    lying near the table's edge, as the rules of thumb charge it, unless the goal lies there too."""
    table = state.table
    field = _sea_field(state, goal)
    # (a quarry that lies by the edge herself is gone for all the same)
    charge_edge = edge_charge(table, ship, *goal) == 0
    cell = _cell(table)
    return [_read(field, cell, bx, by, math.hypot(goal[0] - bx, goal[1] - by)) +
            (edge_charge(table, ship, bx, by) if charge_edge else 0.0) for bx, by in bows]


def _cell(table: Table) -> float:
    """The side (cm) of the table's chart cells: :data:`CELL`, or coarser where that would make
    more than :data:`MOST_CELLS` of them."""
    return max(CELL, math.sqrt(table.width * table.height / MOST_CELLS))


def _read(field: np.ndarray, cell: float, x: float, y: float, fallback: float) -> float:
    """The chart's distance at a point (cm): its cell's, and the way to the cell's centre."""
    columns, rows = field.shape
    i = min(columns - 1, max(0, int(x / cell)))
    j = min(rows - 1, max(0, int(y / cell)))
    cost = float(field[i, j]) + math.hypot(x - (i + 0.5) * cell, y - (j + 0.5) * cell)
    return cost if math.isfinite(cost) else 1000.0 + fallback


def _exit_costs(state: CagwayState, bows: list[tuple[float, float]]) -> list[float]:
    """How far each bow has to sail off the table by a scoring edge, round the land; beyond
    such an edge, less the way she is already past it; beyond any other edge she would only flee."""
    table = state.table
    field = _exit_field(state)
    cell = _cell(table)
    out = []
    for bx, by in bows:
        beyond = {"west": -bx, "east": bx - table.width, "south": -by, "north": by - table.height}
        past = max(beyond.values())
        if past <= 0:
            out.append(_read(field, cell, bx, by, 0.0))
        elif any(beyond[edge] > 0 for edge in state.scoring_edges):
            out.append(-past)
        else:
            out.append(200.0 + past)
    return out


def _exit_field(state: CagwayState) -> np.ndarray:
    """The distance (cm) from each cell of the table to a scoring edge by open water."""
    edges = tuple(sorted(state.scoring_edges))

    def work() -> np.ndarray:
        blocked, graph, (columns, rows) = _chart(state)
        edge_cells = np.zeros((columns, rows), dtype=bool)
        edge_cells[0, :] |= "west" in edges
        edge_cells[-1, :] |= "east" in edges
        edge_cells[:, 0] |= "south" in edges
        edge_cells[:, -1] |= "north" in edges
        sources = np.flatnonzero(edge_cells.ravel() & np.isfinite(blocked))
        cell = _cell(state.table)
        distances = dijkstra(graph, directed=False, indices=sources, min_only=True) + cell / 2
        return _spread(distances, columns, rows, cell)

    return _kept_field(("exit", id(state.table), edges), work)


#: The sea charts worked out, by table and goal (a chase comes back to the same goal all turn).
_FIELDS: dict[tuple[object, ...], np.ndarray] = {}
FIELDS_KEPT = 256
#: Each table's open-water cells and the steps between them.
_CHARTS: dict[int, tuple[np.ndarray, csr_matrix, tuple[int, int]]] = {}


def kept(store: dict[K, V], limit: int, key: K, work: Callable[[], V]) -> V:
    """``store[key]``, worked out by ``work`` the first time; the store is emptied when it
    reaches ``limit`` (a search comes back to the same answers again and again)."""
    found = store.get(key)
    if found is None:
        if len(store) >= limit:
            store.clear()
        found = store[key] = work()
    return found


def _kept_field(key: tuple[object, ...], work: Callable[[], np.ndarray]) -> np.ndarray:
    return kept(_FIELDS, FIELDS_KEPT, key, work)


def _sea_field(state: CagwayState, goal: tuple[float, float]) -> np.ndarray:
    """The distance (cm) from each cell of the table to the goal by open water, measured from the
    goal to the nearest millimetre (so a kept chart is exactly the one worked out afresh)."""
    at = (round(goal[0], 1), round(goal[1], 1))
    return _kept_field(("sea", id(state.table), *at), lambda: _work_field(state, at))


def _chart(state: CagwayState) -> tuple[np.ndarray, csr_matrix, tuple[int, int]]:
    """The table's cell centres that lie clear of land, and the graph of steps between them
    (to the 16 neighbours a knight's move away or nearer), kept for the table."""
    table = state.table
    found = _CHARTS.get(id(table))
    if found is not None:
        return found
    cell = _cell(table)
    columns, rows = math.ceil(table.width / cell), math.ceil(table.height / cell)
    xs, ys = np.meshgrid((np.arange(columns) + 0.5) * cell, (np.arange(rows) + 0.5) * cell, indexing="ij")
    centres = np.stack([xs.ravel(), ys.ravel()], axis=1)
    free = np.ones(len(centres), dtype=bool)
    if not table.land.is_empty:
        free = ~shapely.dwithin(table.land, shapely.points(centres), CLEARANCE)
    index = np.arange(columns * rows).reshape(columns, rows)
    starts, ends, lengths = [], [], []
    for di, dj in ((1, 0), (0, 1), (1, 1), (1, -1), (1, 2), (2, 1), (1, -2), (2, -1)):
        a = index[max(0, -di):columns - max(0, di), max(0, -dj):rows - max(0, dj)].ravel()
        b = index[max(0, di):columns + min(0, di) or None, max(0, dj):rows + min(0, dj) or None].ravel()
        keep = free[a] & free[b]
        starts.append(a[keep])
        ends.append(b[keep])
        lengths.append(np.full(int(keep.sum()), math.hypot(di, dj) * cell))
    graph = csr_matrix((np.concatenate(lengths), (np.concatenate(starts), np.concatenate(ends))),
                       shape=(columns * rows, columns * rows))
    chart = (np.where(free, 0.0, np.inf), graph, (columns, rows))
    if len(_CHARTS) >= FIELDS_KEPT:
        _CHARTS.clear()
    _CHARTS[id(table)] = chart  # tables are kept for the program's life, so their ids stay theirs
    return chart


def _work_field(state: CagwayState, goal: tuple[float, float]) -> np.ndarray:
    blocked, graph, (columns, rows) = _chart(state)
    cell = _cell(state.table)
    centres_x = (np.arange(columns) + 0.5) * cell
    centres_y = (np.arange(rows) + 0.5) * cell
    xs, ys = np.meshgrid(centres_x, centres_y, indexing="ij")
    near = np.hypot(xs - goal[0], ys - goal[1]).ravel()
    sources = np.flatnonzero((near < max(GOAL_REACH, cell)) & np.isfinite(blocked))
    if len(sources) == 0:
        sources = np.flatnonzero(np.isfinite(blocked))
        sources = sources[np.argsort(near[sources])[:4]]
    rows_found = dijkstra(graph, directed=False, indices=sources)
    return _spread(np.min(rows_found + near[sources][:, None], axis=0), columns, rows, cell)


def _spread(distances: np.ndarray, columns: int, rows: int, cell: float) -> np.ndarray:
    """The chart's distances as a grid of cells, read into the cells against the shore too."""
    field = distances.reshape(columns, rows)
    # a bow against the shore lies in a cell the chart leaves out: it reads its open neighbours
    for _ in range(2):
        padded = np.pad(field, 1, constant_values=np.inf)
        around = np.min([padded[1 + di:1 + di + columns, 1 + dj:1 + dj + rows] + math.hypot(di, dj) * cell
                         for di in (-1, 0, 1) for dj in (-1, 0, 1) if di or dj], axis=0)
        field = np.where(np.isfinite(field), field, around)
    return field


def _clear(state: CagwayState, legs: list[tuple[Node, Node]]) -> list[Node]:
    """The ends of the legs whose bow's track keeps clear of land (by half a beam and a little)."""
    land = state.table.land
    if land.is_empty or not legs:
        return [end for _start, end in legs]
    tracks = shapely.linestrings(np.array([[a[1:3], b[1:3]] for a, b in legs], dtype=float))
    blocked = shapely.dwithin(land, tracks, CLEARANCE)
    return [end for (_start, end), hit in zip(legs, blocked, strict=True) if not hit]


def _segments(state: CagwayState, ship: Ship, node: Node, may_leave: bool) -> list[Node]:
    """Each segment a ship at this pose could sail next (on the table unless she may leave it),
    reckoned in open water."""
    k, x, y, heading = node
    return [(k, nx, ny, course) for _turn, nx, ny, course in open_segments(state, ship, x, y, heading)
            if may_leave or _on_table(state, nx, ny)]


def open_segments(state: CagwayState, ship: Ship, x: float, y: float,
                  heading: float) -> tuple[tuple[float, float, float, float], ...]:
    """Each menu turn a ship with her bow at (x, y) on this heading could sail in open water: the
    turn, where the bow ends and the new heading (none into the white of her wheel). Kept by
    table, class and bow: courses to different goals pass the same bows."""
    table, cls = state.table, ship.cls
    key = (id(table), id(cls), x, y, heading)
    found = _OPEN.get(key)
    if found is None or found[0] is not table or found[1] is not cls:
        if len(_OPEN) >= OPEN_KEPT:
            _OPEN.clear()
        found = _OPEN[key] = (table, cls, _work_open_segments(table, cls, x, y, heading))
    return found[2]


def _work_open_segments(table: Table, cls: ShipClass, x: float, y: float,
                        heading: float) -> tuple[tuple[float, float, float, float], ...]:
    upwind = table.wind.upwind(x, y)
    out = []
    for turn in TURN_STEPS:
        course = normalise(heading + turn)
        colour = cls.colour(angle_between(course, upwind))
        if colour != "white":
            ux, uy = unit(course)
            out.append((turn, x + ux * STICKS[colour], y + uy * STICKS[colour], course))
    return tuple(out)


#: :func:`open_segments` by table, class and bow; emptied when it grows past its size.
_OPEN: dict[tuple[int, int, float, float, float], tuple[Table, ShipClass, tuple[tuple[float, float, float, float], ...]]] = {}
OPEN_KEPT = 20_000


def _on_table(state: CagwayState, x: float, y: float) -> bool:
    return 1 < x < state.table.width - 1 and 1 < y < state.table.height - 1


def _board(state: CagwayState, ship: Ship, quarry: Ship, mine: list[Action]) -> Action | None:
    """Combat phase: take the treasure from a prize, commandeer a dead carrier, then strike her."""
    for action in mine:
        # a prize (an enemy ship commandeered) hands her treasure to the raider beside her
        if isinstance(action, Share) and action.treasure < 0 and action.hp == 0 and action.supplies == 0:
            friend = state.ships[action.friend]
            if friend.home != ship.seat:
                return action
    boarding = [a for a in mine if isinstance(a, Commandeer) and state.ships[a.target].treasure > 0]
    if boarding:
        return min(boarding, key=lambda a: a.crew)  # a prize crew of one: the raider keeps her AP
    for action in mine:
        if isinstance(action, Melee) and action.target == quarry.id:
            return action
    shots = [a for a in mine if isinstance(a, Fire) and a.target == quarry.id]
    if shots:
        gun = ship.cls.guns

        def damage(a: Fire) -> tuple[int, int]:
            sighting = next(s for s in state.sightings(ship) if s.gun == a.gun and s.target == a.target)
            return gun[a.gun].damage(max(1, sighting.range - a.aim)), -a.aim

        return max(shots, key=damage)
    return None
