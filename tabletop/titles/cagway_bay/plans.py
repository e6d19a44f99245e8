"""Whole manoeuvres for a search to weigh: a ship's move phase as one decision.

A plan sails a ship segment by segment towards one goal (turning at each segment to the heading
that brings the bow nearest it), for some number of segments, then ends her move, so the AP she
keeps are left for the guns. The goals are the rules of thumb's own goal first, then the others a
captain would weigh: each island with treasure or the exit for a raider, each quarry for a hunter.
Docking, exploring, grappling, stalling and drifting are plans of their own; the combat and end
phases are decided an action at a time. Nothing here is hidden from either side (the whole table
is open), and plans change nothing a player may do.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import TYPE_CHECKING

import shapely
from shapely.geometry import LineString, Point, Polygon

from tabletop.core import Action

from .actions import Dock, Done, Drift, Explore, Sail
from .geometry import MARGIN, STICKS, TOUCH, place
from .heuristic import (
    _combat_reserve,
    _drift_cost,
    _exit_goal,
    _goal,
    _is_runner,
    _island_distance,
    _landing,
    no_way,
    situation,
    stranded,
    suggest,
    trapped,
)
from .movement import (
    TURN_STEPS,
    SailPlan,
    hull_reach,
    land_touched,
    motion,
    sail_exact,
    sail_menu,
    sail_option,
)
from .pursuit import chasing, kept, open_segments
from .pursuit import step as chase_step
from .ships import Ship

if TYPE_CHECKING:
    from .game import CagwayState

Plan = tuple[Action, ...]

#: A course for a landing ends this near it (cm): close enough that the hull touches the shore.
ARRIVED = 3.0

#: Recent positions' plans (a search meets the same positions again and again).
_KNOWN: dict[tuple[object, ...], list[Plan]] = {}
KNOWN_KEPT = 20_000


def plans(state: CagwayState, seat: str) -> list[Plan]:
    """The seat's plans now, the rules of thumb's manoeuvre first."""
    legal = state.legal_actions(seat)
    position = None
    if chasing(state, seat):
        position = situation(state)
        # a treasure in enemy hands: the raiders must board her to win, a plan of its own
        step = _kept(("chase", seat, *position), lambda: _chase(state, seat, legal))
        if step:
            return list(step)
    if state.phase != "move":
        return [(action,) for action in legal]
    if position is None:
        position = situation(state)
    if _hunting(state, seat):
        # measured: searched manoeuvres for the hunters lost more often than the rules of thumb's
        # (with the same undrawn preference each time, their step follows from the position)
        return list(_kept(("hunt", seat, *position), lambda: [(suggest(state, seat, None, position),)]))
    explore = _treasure_to_take(state, legal)
    if explore is not None:
        return [(explore,)]
    return list(_kept((seat, *position), lambda: _sailing(state, seat, legal, position)))


def _sailing(state: CagwayState, seat: str, legal: list[Action], position: tuple[object, ...]) -> list[Plan]:
    """The plans of a move phase with no treasure to take where a ship lies (``position``: the
    state's :func:`situation`)."""
    landing = _landing_plan(state, legal)
    if landing is not None:
        return [landing]
    # the rules of thumb's next step (with the same undrawn preference each time it is asked)
    step = suggest(state, seat, None, position)
    hold = _hold_off(state, step)
    if hold is not None:
        return [(hold,)]
    approach = _approach_plan(state, legal)
    if approach is not None:
        return [approach]
    drift = _drift_out(state, legal)
    if drift is not None:
        return [(drift,)]
    if _round_the_land(state, legal):
        return [(step,)]
    # the rules of thumb's own next step first, alone: following it step by step is the
    # heuristic's manoeuvre, the baseline every other plan must beat
    return _free(state, list(dict.fromkeys([(step,), *_move_plans(state, legal)])))


def _kept(key: tuple[object, ...], work: Callable[[], list[Plan]]) -> list[Plan]:
    """The plans kept for ``key``, worked out by ``work`` the first time (a search asks for the
    same position's plans again and again)."""
    return kept(_KNOWN, KNOWN_KEPT, key, work)


def _chase(state: CagwayState, seat: str, legal: list[Action]) -> list[Plan]:
    step = chase_step(state, seat, legal)
    return [] if step is None else [(step,)]


def _treasure_to_take(state: CagwayState, legal: list[Action]) -> Action | None:
    """A raider's exploring where she lies docked at a ruin that still has its treasure, if she
    is one to fetch it (:func:`_fetcher`), or None. The run cannot be won without it; the search once weighed ending her
    move above it (a sloop docked at the North Ruin in turn 4 and took its treasure in turn 7)."""
    for action in legal:
        if isinstance(action, Explore):
            ship = state.ships[action.ship]
            if (_fetcher(state, ship) and ship.docked is not None and
                    state.stock.get(ship.docked, (0, 0))[0] > 0):
                return action
    return None


def _fetcher(state: CagwayState, ship: Ship) -> bool:
    """Whether a raider is one to fetch treasure from the islands: she has none aboard, or no
    friend with none aboard is left afloat to fetch it (the run needs every treasure, and a laden
    ship may take another)."""
    if not _is_runner(state, ship) or state.objective.kind != "treasure-run" or not ship.alive:
        return False
    return ship.treasure == 0 or not any(
        s.seat == ship.seat and s.alive and s.treasure == 0 for s in state.afloat())


def _landing_plan(state: CagwayState, legal: list[Action]) -> Plan | None:
    """For a raider who can reach an island with treasure this turn, sailed with the real land,
    with AP left to dock and explore: the course there, the dock and the exploring, or None.
    Courses reckoned in open water stopped short of the shore or ended with no AP to explore
    (a sloop beat the navy's frigate to the North Ruin by a turn and could not take its
    treasure), and a landing bow-on to the shore cost the next turn's drift out."""
    for ship_id in dict.fromkeys(a.ship for a in legal):  # type: ignore[attr-defined]
        ship = state.ships[ship_id]
        if not ship.sailing or not _fetcher(state, ship):
            continue
        # her own island first (the rules of thumb share the islands out), then any other no
        # friend free to fetch it lies nearer to
        _goal_point, _may_leave, own = _goal(state, ship)
        found = [(island != own, len(landing[1]), island, landing[1])
                 for island, (treasure, _) in sorted(state.stock.items())
                 if treasure > 0 and (island == own or not _claimed(state, ship, island)) and
                 (landing := landing_course(state, ship, island)) is not None]
        if found:
            _other, _length, island, course = min(found, key=lambda item: item[:2])
            return (*(Sail(ship.id, turn) for turn in course), Dock(ship.id, island), Explore(ship.id))
    return None


def _approach_plan(state: CagwayState, legal: list[Action]) -> Plan | None:
    """For a raider to fetch treasure from an island she cannot land on this turn: the course,
    sailed with the real land, after which a landing there is in reach next turn (see
    :func:`landing_course`), then the end of her move; or None. Of such courses, the one whose
    landing next turn leaves her free to sail, then the shortest landing. Making for the island
    a segment at a time, the sloop sent to the North Ruin went round Skull Rocks' west side and
    reached it in turn 3, after the navy's frigate had had two turns to take its treasure; this
    course takes it in turn 2."""
    ship = state.ships[legal[0].ship]  # type: ignore[attr-defined]
    if not ship.sailing or not _fetcher(state, ship):
        return None
    _goal_point, _may_leave, own = _goal(state, ship)
    if own is None or state.stock.get(own, (0, 0))[0] <= 0:
        return None
    course = approach_course(state, ship, own)
    if course is None:
        return None
    sails = tuple(Sail(ship.id, turn) for turn in course)
    return (*sails, Done(ship.id)) if len(course) < ship.ap else sails


def _next_turn(ship: Ship) -> Ship:
    """A copy of the ship with next turn's AP (a turn's damage aside)."""
    rested = ship.copy()
    rested.ap = ship.cls.actions(ship.hp)
    return rested


def _landing_next_turn(state: CagwayState, there: Ship, island: str) -> tuple[bool, int] | None:
    """Whether the landing that :func:`landing_course` finds from ``there`` next turn leaves her
    trapped, and its length; None if there is none (or she is trapped there now)."""
    if no_way(state.table, there):
        return None  # a drift out would take next turn
    landing = landing_course(state, _next_turn(there), island)
    return None if landing is None else (landing[0], len(landing[1]))


def approach_course(state: CagwayState, ship: Ship, island: str) -> tuple[float, ...] | None:
    """The turns of this turn's course after which :func:`landing_course` finds a landing at the
    island with next turn's AP, or None (kept with the pose's plans)."""
    notes = motion(state.table, ship).notes
    key = ("approach course", island, ship.ap, ship.hp)
    if key not in notes:
        notes[key] = _work_approach_course(state, ship, island)
    return notes[key]  # type: ignore[return-value]


def _work_approach_course(state: CagwayState, ship: Ship, island: str) -> tuple[float, ...] | None:
    table = state.table
    shape = table.islands[island].shape
    fastest = max(STICKS[colour] for _up_to, colour in ship.cls.wheel)
    next_ap = ship.cls.actions(ship.hp)  # next turn's AP (a turn's damage aside)
    start = shape.distance(Point(ship.x, ship.y))
    if start > (ship.ap + next_ap - 2) * fastest:
        return None  # more than two turns off
    # where she could end her move: where she lies, and the beam's poses after each segment
    candidates: list[tuple[float, tuple[float, ...], Ship]] = [(start, (), ship)]
    frontier: list[tuple[tuple[float, ...], Ship]] = [((), ship)]
    for _depth in range(ship.ap):
        sailed: list[tuple[tuple[float, ...], Ship, SailPlan]] = []
        for course, ghost in frontier:
            for turn, quick in zip(TURN_STEPS, sail_menu(table, ghost), strict=True):
                if isinstance(quick, SailPlan) and not quick.aground:
                    sailed.append(((*course, turn), ghost, quick))
        if not sailed:
            break
        nears = shapely.distance(shape, shapely.points([(pose.x, pose.y) for _c, _g, pose in sailed])).tolist()
        after: Beam = {}
        for (longer, ghost, pose), near in zip(sailed, nears, strict=True):
            _keep_nearest(after, near, longer, ghost, pose)
        ranked = sorted(after.values(), key=lambda item: item[0])[:LANDING_BEAM]
        frontier = [(longer, _posed(ghost, pose)) for _near, longer, ghost, pose in ranked]
        candidates.extend((near, longer, there) for (near, *_), (longer, there) in zip(ranked, frontier, strict=True))
    # a landing takes at least the segments that bring the bow within the hull's reach of the
    # shore: asked in that order, the search stops once no pose left could beat the best found
    touch = hull_reach(ship.cls) + TOUCH + MARGIN
    fewest = [(max(0, math.ceil((near - touch) / fastest)), len(course), course, there)
              for near, course, there in candidates]
    best: tuple[tuple[bool, int, int], tuple[float, ...]] | None = None
    for least, length, course, there in sorted(fewest, key=lambda item: item[:2]):
        if best is not None and (False, least, length) >= best[0]:
            break
        found = _landing_next_turn(state, there, island)
        if found is not None and (best is None or (*found, length) < best[0]):
            best = ((*found, length), course)
    return None if best is None else best[1]


def _hold_off(state: CagwayState, step: Action) -> Action | None:
    """The end of a raider's move one segment short of a treasure island, where the rules of
    thumb's next segment (``step``) would leave her against its shore bow-on, with too few AP to
    dock and explore, and a landing that leaves her free to sail after it is in reach next turn,
    or None. Berthed bow-on she takes the treasure next turn and spends the one after drifting
    out (the sloops lay so at the West and North Ruins in turn 3 while the navy's frigate sailed
    off with the North Ruin's treasure)."""
    if not isinstance(step, Sail):
        return None
    ship = state.ships[step.ship]
    if not _fetcher(state, ship) or ship.ap - 1 >= 2:
        return None
    pose = _sailed(state, ship, step.turn)
    if not isinstance(pose, SailPlan) or not trapped(state, ship, pose):
        return None
    berths = [island for island in land_touched(state.table, _posed(ship, pose)) if state.stock.get(island, (0, 0))[0] > 0]
    if not berths:
        return None
    landing = landing_course(state, _next_turn(ship), berths[0])
    return Done(ship.id) if landing is not None and not landing[0] else None


def _claimed(state: CagwayState, ship: Ship, island: str) -> bool:
    """Whether a friend free to fetch treasure lies nearer the island than the ship."""
    here = _island_distance(state, ship, island)
    return any(_island_distance(state, friend, island) < here for friend in state.afloat()
               if friend is not ship and friend.seat == ship.seat and friend.alive and friend.treasure == 0)


def _drift_out(state: CagwayState, legal: list[Action]) -> Action | None:
    """For a raider yet to move who is trapped where she lies (every segment her menu offers
    runs into land at once or into the wind's white), the drift that best frees her for her
    goal, or None. Only a drift gets her out; the rules of thumb's course ran a laden schooner
    a few millimetres along the East Ruin's shore, where she docked again and drifted out the
    turn after, a turn late to the fight for the North Ruin's treasure."""
    for ship_id in dict.fromkeys(a.ship for a in legal):  # type: ignore[attr-defined]
        ship = state.ships[ship_id]
        drifts = [a for a in legal if isinstance(a, Drift) and a.ship == ship_id]
        if not drifts or not _is_runner(state, ship) or not no_way(state.table, ship):
            continue
        goal, _may_leave, _island = _goal(state, ship)
        return min(drifts, key=lambda a: _drift_cost(state, ship, a, goal))
    return None


def landing_course(state: CagwayState, ship: Ship, island: str) -> tuple[bool, tuple[float, ...]] | None:
    """The turns of a course, sailed with the real land, after which the hull touches the island
    with 2 AP left to dock and explore, or None: of such courses one that leaves her free to sail
    from there next turn (not :func:`trapped`), then the shortest; with whether she is trapped
    there all the same. Kept with the pose's plans."""
    notes = motion(state.table, ship).notes
    key = ("landing course", island, ship.ap)
    if key not in notes:
        notes[key] = _work_landing_course(state, ship, island)
    return notes[key]  # type: ignore[return-value]


#: Poses a landing search carries on from after each segment: those whose bow is nearest the island.
LANDING_BEAM = 10


def _work_landing_course(state: CagwayState, ship: Ship, island: str) -> tuple[bool, tuple[float, ...]] | None:
    table = state.table
    shape = table.islands[island].shape
    most = ship.ap - 2
    fastest = max(STICKS[colour] for _up_to, colour in ship.cls.wheel)
    start = shape.distance(Point(ship.x, ship.y))
    if most < 1 or start > most * fastest:
        return None
    # every point of the hull lies within this of the bow: a bow farther off cannot touch the island
    touch = hull_reach(ship.cls) + TOUCH + MARGIN
    landings: list[tuple[int, tuple[float, ...], Ship, SailPlan]] = []  # segments, turns, from where, pose
    frontier: list[tuple[float, tuple[float, ...], Ship]] = [(start, (), ship)]
    for depth in range(most):
        last = depth == most - 1
        sailed: list[tuple[tuple[float, ...], Ship, SailPlan]] = []
        for near, course, ghost in frontier:
            ashore = near <= fastest + touch  # whether a segment from here may touch the island
            if last and not ashore:
                continue  # only landings count now
            for turn, quick in zip(TURN_STEPS, sail_menu(table, ghost), strict=True):
                if not isinstance(quick, SailPlan) or (quick.aground and not ashore):
                    continue  # refused, or run up against land clear of the island: a dead end
                pose = _sailed(state, ghost, turn)
                if isinstance(pose, SailPlan):
                    sailed.append(((*course, turn), ghost, pose))
        if not sailed:
            break
        # the bows' distances from the island in one pass (the same measure, point by point)
        nears = shapely.distance(shape, shapely.points([(pose.x, pose.y) for _c, _g, pose in sailed])).tolist()
        after: Beam = {}
        for (longer, ghost, pose), near in zip(sailed, nears, strict=True):
            if near <= touch and island in land_touched(table, _posed(ghost, pose)):
                landings.append((len(longer), longer, ghost, pose))
            elif not pose.aground and not last:  # the last segment's poses lead nowhere further
                _keep_nearest(after, near, longer, ghost, pose)
        ranked = sorted(after.values(), key=lambda item: item[0])[:LANDING_BEAM]
        frontier = [(near, longer, _posed(ghost, pose)) for near, longer, ghost, pose in ranked]
    return _best_landing(state, ship, island, landings)


#: A beam's poses by where they lie (to the millimetre and the degree): the course nearest the
#: island to each, with its distance, the ship it sailed from and the pose.
Beam = dict[tuple[float, float, float], tuple[float, tuple[float, ...], Ship, SailPlan]]


def _keep_nearest(after: Beam, near: float, course: tuple[float, ...], ghost: Ship, pose: SailPlan) -> None:
    """Keep the course to ``pose`` unless one to the same spot came nearer the island."""
    spot = (round(pose.x, 1), round(pose.y, 1), float(round(pose.heading)))
    if spot not in after or near < after[spot][0]:
        after[spot] = (near, course, ghost, pose)


def _best_landing(state: CagwayState, ship: Ship, island: str,
                  landings: list[tuple[int, tuple[float, ...], Ship, SailPlan]]) -> tuple[bool, tuple[float, ...]] | None:
    """Of the landings found (and staying where she lies, if she touches the island already), the
    shortest that leaves her free to sail, else the shortest that does not leave her stranded.
    Whether a landing traps or strands her is asked only of those that could be chosen."""
    here = island in land_touched(state.table, ship)
    if here and not no_way(state.table, ship):
        return False, ()
    shortest = sorted(landings, key=lambda item: item[:2])
    for _length, course, ghost, pose in shortest:
        if not trapped(state, ghost, pose):
            return False, course
    if here:
        return True, ()
    for _length, course, ghost, pose in shortest:
        if not stranded(state, ghost, pose):
            return True, course
    return None


def _posed(ship: Ship, pose: SailPlan) -> Ship:
    """A copy of the ship moved to ``pose``."""
    ghost = ship.copy()
    ghost.set_pose(pose.x, pose.y, pose.heading)
    return ghost


def _round_the_land(state: CagwayState, legal: list[Action]) -> bool:
    """Whether a raider is bound for a treasure island with land in the straight line to her
    landing, where the rules of thumb's next step is her plan. Their courses charge for the land
    a straight line crosses and clear Skull Rocks on the way to the North Ruin in one turn; the
    searched ones weighed a segment nearer the ruin above one round the rocks and ran a sloop
    bow-on onto them, and she lost two turns drifting clear (the navy's frigate had time to take
    its treasure)."""
    ship = state.ships[legal[0].ship]  # type: ignore[attr-defined]
    if not _is_runner(state, ship) or ship.treasure or state.objective.kind != "treasure-run":
        return False
    goal, _may_leave, island = _goal(state, ship)
    return island is not None and _land_between(state, ship, goal)


def _land_between(state: CagwayState, ship: Ship, goal: tuple[float, float]) -> bool:
    """Whether land other than the goal's own coast lies in the straight line from the bow to
    ``goal`` (kept with the pose's plans)."""
    notes = motion(state.table, ship).notes
    key = ("land between", goal)
    found = notes.get(key)
    if found is None:
        line = LineString([(ship.x, ship.y), goal])
        found = notes[key] = bool(state.table.land.intersection(line).length > 1.0)
    return bool(found)


def _free(state: CagwayState, found: list[Plan]) -> list[Plan]:
    """The plans less those that leave a raider trapped (bow-on against land or the wind with no
    segment to sail) by their first segment, unless she lies against a treasure island she may
    dock at: getting out takes a drift, a whole turn (the rules of thumb ran a sloop bow-on onto
    Skull Rocks this way on her way to the North Ruin, and she reached it two turns late). Neither
    a landing nor a plan that docks is taken where no drift leads out either (a laden sloop
    docked at the North Ruin's south shore facing the wind, where the shore blocked every drift,
    and lay there to the end)."""
    islands: dict[str, tuple[str, ...] | None] = {}  # by ship, as _traps finds them
    kept_plans = [plan for plan in found if not _traps(state, plan, islands)]
    return kept_plans or found


def _traps(state: CagwayState, plan: Plan, islands: dict[str, tuple[str, ...] | None]) -> bool:
    """Whether :func:`_free` leaves the plan out. Kept with the pose's plans: besides the pose
    and the plan it reads only her AP and the islands she may take treasure from (a ship's plans
    are weighed in one position after another while she lies there). ``islands``: those islands
    for each ship asked about so far (None for a ship that is no raider)."""
    first = plan[0]
    if not isinstance(first, Sail):
        return False
    ship = state.ships[first.ship]
    if ship.id not in islands:
        if not _is_runner(state, ship):
            islands[ship.id] = None
        elif _fetcher(state, ship):
            islands[ship.id] = tuple(island for island, (count, _) in state.stock.items() if count > 0)
        else:
            islands[ship.id] = ()
    treasure = islands[ship.id]
    if treasure is None:
        return False
    notes = motion(state.table, ship).notes
    key = ("traps", plan, ship.ap, treasure)
    found = notes.get(key)
    if found is None:
        found = notes[key] = _work_traps(state, ship, plan)
    return bool(found)


def _work_traps(state: CagwayState, ship: Ship, plan: Plan) -> bool:
    if Dock in map(type, plan):
        landing = _landing_pose(state, ship, plan)
        return landing is not None and stranded(state, ship, landing)
    pose = _sailed(state, ship, plan[0].turn)  # type: ignore[attr-defined]
    if isinstance(pose, SailPlan) and _trapped_there(state, ship, pose, ship.ap - 1, False):
        return True
    sails = sum(isinstance(action, Sail) for action in plan)
    end = _landing_pose(state, ship, plan) if sails > 1 else None
    return end is not None and _trapped_there(state, ship, end, ship.ap - sails, True)


def _trapped_there(state: CagwayState, ship: Ship, pose: SailPlan, left: int, end: bool) -> bool:
    """Whether a pose leaves the raider trapped where it does not pay: anywhere but against a
    treasure island she may dock at, and at the end of a manoeuvre there too when she has too
    few AP left (``left``) to dock and explore this turn: one segment short she lands next turn
    free to sail on after (a sloop sailed on to the North Ruin's shore with 1 AP, took its
    treasure next turn and drifted out the turn after)."""
    if not trapped(state, ship, pose):
        return False
    if not _at_treasure(state, ship, pose) or stranded(state, ship, pose):
        return True
    return end and left < 2


def _landing_pose(state: CagwayState, ship: Ship, plan: Plan) -> SailPlan | None:
    """Where the plan's segments leave the ship before she docks (None if one cannot be sailed)."""
    ghost = ship.copy()
    landing: SailPlan | None = None
    for action in plan:
        if not isinstance(action, Sail):
            break
        pose = _sailed(state, ghost, action.turn)
        if not isinstance(pose, SailPlan):
            return None
        ghost.set_pose(pose.x, pose.y, pose.heading)
        landing = pose
    return landing


def _sailed(state: CagwayState, ship: Ship, turn: float) -> SailPlan | str:
    """Where a sail of ``turn`` leaves her, or why she cannot sail it: where she runs up against
    the shore if she does (the menu's plan of such a segment ends a whole segment on, inside the
    land). A turn on the menu is planned alone unless the whole menu is known: a plan's course
    asks one turn of each pose on the way."""
    if turn in TURN_STEPS:
        plan = sail_option(state.table, ship, TURN_STEPS.index(turn))
        if not isinstance(plan, SailPlan) or not plan.aground:
            return plan
    return sail_exact(state.table, ship, turn)


def _at_treasure(state: CagwayState, ship: Ship, pose: SailPlan) -> bool:
    """Whether the ship, moved to ``pose``, touches an island that still has treasure."""
    hull = Polygon(place(ship.cls.outline, pose.x, pose.y, pose.heading))
    return _fetcher(state, ship) and any(state.table.islands[island].shape.distance(hull) <= TOUCH
                                      for island, (treasure, _) in state.stock.items() if treasure > 0)


def _hunting(state: CagwayState, seat: str) -> bool:
    """Whether the seat hunts the runners of a treasure or blockade run."""
    return state.objective.kind != "battle" and state.seats.index(seat) != state.objective.seat


def _move_plans(state: CagwayState, legal: list[Action]) -> list[Plan]:
    by_ship: dict[str, list[Action]] = {}
    for action in legal:
        by_ship.setdefault(action.ship, []).append(action)  # type: ignore[attr-defined]
    out: list[Plan] = []
    for ship_id, actions in by_ship.items():
        ship = state.ships[ship_id]
        done = Done(ship_id)
        if any(isinstance(a, Sail) for a in actions):
            out.extend(_sailing_plans(state, ship, done))
        for action in actions:
            if isinstance(action, Dock) and action.island in state.stock:
                out.append((action, Explore(ship_id)))  # docking is for exploring: one decision
            elif not isinstance(action, Sail | Done):
                out.append((action,))
        out.append((done,))
    return list(dict.fromkeys(out))


def _sailing_plans(state: CagwayState, ship: Ship, done: Done) -> list[Plan]:
    most = ship.ap
    keep = 0 if _is_runner(state, ship) else _combat_reserve(state, ship)
    own = _goal(state, ship)
    out: list[Plan] = []
    for index, (goal, may_leave, island) in enumerate([own, *_other_goals(state, ship)]):
        path = _course(state, ship, goal, may_leave, most, island is not None)
        if not path:
            continue
        if island is not None and len(path) + 2 <= most:
            # sail for the island, then dock and explore there if she has reached it
            out.append((*(Sail(ship.id, turn) for turn in path), Dock(ship.id, island), Explore(ship.id)))
        if index == 0:
            first = min(len(path), max(1, most - keep))
            lengths = [first, *range(len(path), 0, -1)]
        else:
            lengths = [len(path), max(1, len(path) - 2)]
        for n in dict.fromkeys(lengths):
            sails = tuple(Sail(ship.id, turn) for turn in path[:n])
            out.append((*sails, done) if n < most else sails)
    return out


Goal = tuple[tuple[float, float], bool, str | None]


def _other_goals(state: CagwayState, ship: Ship) -> list[Goal]:
    """Goals besides the rules of thumb's own (where to, whether leaving the table is welcome, an
    island to explore): treasure islands and the exit for a raider, every living enemy (where she
    is and where she is heading) for anyone else."""
    if _is_runner(state, ship):
        # a raider with no treasure aboard gains nothing off the table and leaves her friends
        # a gun short (the search sailed an empty sloop off the north edge with the North Ruin's
        # treasure still ashore)
        leave = ship.treasure > 0 or state.objective.kind != "treasure-run"
        goals: list[Goal] = [(_exit_goal(state, ship), leave, None)]
        if _fetcher(state, ship):
            for island_id, (treasure, _) in sorted(state.stock.items()):
                if treasure > 0:
                    goals.append((_landing(state, ship, state.table.islands[island_id]), False, island_id))
        return goals
    goals = []
    for enemy in state.enemies(ship):
        if enemy.alive:
            cx, cy = enemy.centre
            rad = math.radians(enemy.heading)
            goals.append(((cx, cy), False, None))
            goals.append(((cx + 12 * math.cos(rad), cy + 12 * math.sin(rad)), False, None))
    return goals


def _course(state: CagwayState, ship: Ship, goal: tuple[float, float], may_leave: bool, most: int,
            landfall: bool = False) -> tuple[float, ...]:
    """The turns of up to ``most`` segments, each to the heading that brings the bow nearest the
    goal, reckoned in open water (land is met when the plan is played: a blocked segment ends
    it); the first segment is one the menu offers, and none leaves the table unless welcome.
    Kept with the pose's plans: the ship's moves to the same goals are weighed in one position
    after another while she lies there."""
    notes = motion(state.table, ship).notes
    key = ("course", goal, may_leave, most, landfall)
    found = notes.get(key)
    if found is None:
        found = notes[key] = _work_course(state, ship, goal, may_leave, most, landfall)
    return found  # type: ignore[return-value]


def _work_course(state: CagwayState, ship: Ship, goal: tuple[float, float], may_leave: bool, most: int,
                 landfall: bool) -> tuple[float, ...]:
    table = state.table
    gx, gy = goal
    x, y, heading = ship.x, ship.y, ship.heading
    offered = {turn for turn, plan in zip(TURN_STEPS, sail_menu(table, ship), strict=True)
               if isinstance(plan, SailPlan) and not plan.aground}
    turns: list[float] = []
    for step in range(most):
        best: tuple[float, float, float, float, float, float] | None = None
        for turn, nx, ny, course in open_segments(state, ship, x, y, heading):
            if step == 0 and turn not in offered:
                continue
            if not may_leave and not (0 < nx < table.width and 0 < ny < table.height):
                continue
            score = (math.hypot(gx - nx, gy - ny), abs(turn))
            if best is None or score < best[:2]:
                best = (*score, turn, nx, ny, course)
        if best is None:
            break
        turns.append(best[2])
        x, y, heading = best[3], best[4], best[5]
        if landfall and best[0] < ARRIVED:
            break  # at the landing: the rest of her AP are for docking and exploring
        if not (0 <= x <= table.width and 0 <= y <= table.height):
            break  # off the table she is gone
    return tuple(turns)
