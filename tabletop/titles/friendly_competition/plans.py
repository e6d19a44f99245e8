"""A side's decisions as the search sees them: a teamster's whole run, a run and a pick-up or
tackle, a pass, each as a single plan.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from typing import TYPE_CHECKING

from tabletop.core import Action, Randomness

from . import heuristic
from .actions import DEPLOY_AT, END_TURN, MOVES, PICK_UPS, TACKLES
from .heuristic import DISTANCE, GOAL_DISTANCE, _best_feed, position_key
from .pitch import PITCH
from .procedures import FLIGHT, PLAY
from .rules import ATTACKS_GOAL, SEATS, TEAM_SIZE

if TYPE_CHECKING:
    from .game import FriendlyState

__all__ = ["plans"]

STEP = PITCH.step
Plan = tuple[Action, ...]


# -- plans ------------------------------------------------------------------------------------------

def plans(state: FriendlyState, seat: str) -> list[Plan]:
    """A side's decisions: the rules of thumb's own run of steps up to its next roll of the dice,
    one teamster's whole run (to the ball with the pick-up, to the carrier with the tackle, up
    the pitch in support, the carrier's run into goal or upfield), a shot or a pass to a
    team-mate, a tackle or jostle on the spot, ending the turn; when the ball flies by, each try
    or letting it go; in deployment, the formation's next place."""
    if state.phase == FLIGHT:
        return [_single(action) for action in state.legal_actions(seat)]
    kept = state.game.kept_plans
    if state.phase == PLAY:
        key = position_key(state)
    else:  # deployment: the place depends on who kicks off and where everyone stands already
        side = SEATS.index(seat)
        key = (DEPLOYING, side, state.kickoff, state.next_deploy[side], *state.pos)
    found = kept.get(key)
    if found is None:
        if len(kept) >= _PLANS_KEPT:
            kept.clear()
        made = _play_plans(state, seat) if state.phase == PLAY else _deploy_plans(state, seat)
        found = kept[key] = tuple(KeptPlan(plan) for plan in made)
    return list(found)


class KeptPlan(tuple[Action, ...]):
    """A plan that works out its hash once: the search looks each plan up in its statistics
    on every pass through a node, and hashing a run of ten steps each time cost more than the
    rest of choosing. Equal to (and hashed like) the plain tuple of the same actions."""

    _hash: int

    def __new__(cls, actions: tuple[Action, ...]) -> KeptPlan:
        plan = super().__new__(cls, actions)
        plan._hash = tuple.__hash__(plan)
        return plan

    def __hash__(self) -> int:
        return self._hash


def _single(action: Action) -> Plan:
    """The one-action plan of a shared action value, made once."""
    plan = _SINGLES.get(action)
    if plan is None:
        plan = _SINGLES[action] = KeptPlan((action,))
    return plan


# Plans depend only on the rules and the position on the pitch, which search revisits often:
# each game (one set of rules) keeps them, up to a bound; a plan is an immutable tuple of shared
# action values.
_PLANS_KEPT = 20_000
DEPLOYING = -1  # first in the key of a deployment's plans; a key in play starts with a side
_SINGLES: dict[Action, Plan] = {}
_UNDRAWN = Randomness(0)  # copied for each run, never drawn from itself
CHANCE = frozenset(("pass", "tackle", "jostle", "end-turn"))


# Where the searching side stands when the other side kicks off (seat1's squares, goalie first;
# seat2 mirrors them): a block in front of its goal, so that every shot at it passes teamsters
# who may try for the ball and a run in finds no way through. Against the rules of thumb's
# kick-off (which scores about three times in four against the opening formation) it lets in
# about one in four, measured over 400 kick-offs.
DEFENCE = ("j18", "i17", "k17", "h16", "l16", "j15")
DEFENCE_SQUARES = tuple(tuple(PITCH.parse(name) for name in names)
                        for names in (DEFENCE, tuple(heuristic.mirror(n) for n in DEFENCE)))


def _deploy_plans(state: FriendlyState, seat: str) -> list[Plan]:
    """One place, so the search spends no time here (the evaluation cannot tell one deployment
    from another): the defensive block when the other side kicks off, else the formation. Where
    teams go back to their opening places at every restart (option ``restart``), the opening
    places serve for attack too, so the formation it is."""
    side = SEATS.index(seat)
    offered = heuristic.Offered(state, seat)
    if state.kickoff != side and state.rules.restart == "redeploy":
        for square in DEFENCE_SQUARES[side][state.next_deploy[side]:]:
            if DEPLOY_AT[square] in offered:
                return [(DEPLOY_AT[square],)]
    return [(heuristic._deploy(state, side, offered) or offered.legal[0],)]


def _heuristic_run(state: FriendlyState, seat: str) -> Plan:
    """The heuristic's own steps from here until it rolls dice or its turn ends: steps and
    pick-ups change nothing by chance, so this is exactly what it would play."""
    world = state.clone()
    run: list[Action] = []
    rng = _UNDRAWN.clone()  # in play, the heuristic always has a move of its own (ending the turn)
    while world.phase == PLAY and seat in world.to_act:
        action = heuristic.suggest(world, seat, rng)
        run.append(action)
        if action.kind in CHANCE:
            break
        world.apply(seat, action)
    return tuple(run)


def _play_plans(state: FriendlyState, seat: str) -> list[Plan]:
    legal = state.legal_actions(seat)
    side = SEATS.index(seat)
    # The heuristic's run comes first: it is the search's default, played in one go.
    run = _heuristic_run(state, seat)
    out: list[Plan] = [run]
    seen: set[Plan] = set(out)

    def add(plan: Plan) -> None:
        if plan and plan not in seen:
            seen.add(plan)
            out.append(plan)

    if len(run) > 1:
        add(run[:1])
    ap = state.ap
    holder = state.holder
    low = side * TEAM_SIZE
    floored = state.floored
    mine_carry = low <= holder < low + TEAM_SIZE
    if mine_carry:
        _carrier_plans(state, side, holder, add)
    ball = state.pos[holder] if holder >= 0 else state.ball
    legal_ids = {id(a) for a in legal}
    for action in legal:  # tackles and jostles on the spot
        if action.kind in ("tackle", "jostle"):
            add((action,))
    helpers = sorted((t for t in range(low, low + TEAM_SIZE) if not floored[t] and t != holder),
                     key=lambda t: DISTANCE[state.pos[t]][ball])
    for rank, teamster in enumerate(helpers):
        number = teamster % TEAM_SIZE + 1
        here = state.pos[teamster]
        if holder < 0 and rank < 3:
            path, end = _walk(state, teamster, ball, ap, stop_next_to=False)
            if end == ball and len(path) < ap:
                add((*path, PICK_UPS[number]))
            elif path:
                add(tuple(path))
            if here == ball and id(PICK_UPS[number]) in legal_ids:
                add((PICK_UPS[number],))
        elif holder >= 0 and not mine_carry and rank < 3:
            path, end = _walk(state, teamster, ball, ap, stop_next_to=True)
            if DISTANCE[end][ball] <= 1 and len(path) < ap:
                add((*path, TACKLES[number]))
            elif path:
                add(tuple(path))
        if number != 1:
            forward = _forward(state, side, teamster, min(ap, 3))
            if forward:
                add(tuple(forward))
    add((END_TURN,))
    return [plan for plan in out if id(plan[0]) in legal_ids] or [(action,) for action in legal]


def _carrier_plans(state: FriendlyState, side: int, carrier: int, add: Callable[[Plan], None]) -> None:
    ap = state.ap
    square = state.pos[carrier]
    if GOAL_DISTANCE[side][square] <= ap:
        run = _route_in(state, side, carrier, ap)
        if run:
            add(tuple(run))
    # shots at goal that have a fair chance, then passes that feed a team-mate upfield
    shots = [(p_goal * survive, shot) for shot, p_goal, survive, _cost in heuristic.shot_chances(state, side, square)
             if p_goal > 0.05]
    shots.sort(key=lambda s: -s[0])
    for _value, shot in shots[:3]:
        add((shot,))
    feed, value = _best_feed(state, side, carrier)
    if feed is not None and value > 0.1:
        add((feed,))
    for steps in (ap, 2):
        carry = _forward(state, side, carrier, steps)
        if carry:
            add(tuple(carry))


def _forward(state: FriendlyState, side: int, teamster: int, steps: int) -> list[Action]:
    """Up to ``steps`` greedy moves toward the goal ``side`` attacks, over free squares."""
    distance = GOAL_DISTANCE[side]
    occ = state.occ
    moves = MOVES[teamster % TEAM_SIZE + 1]
    here = state.pos[teamster]
    path: list[Action] = []
    for _ in range(steps):
        best, best_dir = distance[here], -1
        for direction, target in enumerate(STEP[here]):
            if target >= 0 and occ[target] < 0 and distance[target] < best:
                best, best_dir = distance[target], direction
        if best_dir < 0:
            break
        path.append(moves[best_dir])
        here = STEP[here][best_dir]
    return path


def _walk(state: FriendlyState, teamster: int, target: int, steps: int, stop_next_to: bool) -> tuple[list[Action], int]:
    """Greedy moves toward ``target`` over free squares (the target itself too, unless
    ``stop_next_to``), and the square where they end."""
    occ = state.occ
    moves = MOVES[teamster % TEAM_SIZE + 1]
    here = state.pos[teamster]
    near = DISTANCE
    path: list[Action] = []
    goal_gap = 1 if stop_next_to else 0
    while len(path) < steps and near[here][target] > goal_gap:
        best, best_dir = near[here][target], -1
        for direction, square in enumerate(STEP[here]):
            if square >= 0 and occ[square] < 0 and near[square][target] < best:
                best, best_dir = near[square][target], direction
        if best_dir < 0:
            break
        path.append(moves[best_dir])
        here = STEP[here][best_dir]
    return path, here


def _route_in(state: FriendlyState, side: int, carrier: int, limit: int) -> list[Action]:
    """The carrier's shortest run around teamsters into the goal ``side`` attacks, within
    ``limit`` moves: a breadth-first search that, like the rules of thumb's, leaves out the
    squares with no run in within ``limit`` even on an empty pitch (the same run is found)."""
    goal = ATTACKS_GOAL[side]
    to_goal = GOAL_DISTANCE[side]
    occ = state.occ
    moves = MOVES[carrier % TEAM_SIZE + 1]
    start = state.pos[carrier]
    came: dict[int, tuple[int, int]] = {start: (-1, -1)}
    depth = {start: 0}
    queue: deque[int] = deque([start])
    while queue:
        square = queue.popleft()
        here = depth[square]
        if here >= limit:
            break
        for direction, target in enumerate(STEP[square]):
            if target == goal:
                path: list[Action] = [moves[direction]]
                while square != start:
                    square, step = came[square]
                    path.append(moves[step])
                path.reverse()
                return path
            if target >= 0 and target not in came and occ[target] < 0 and here + 1 + to_goal[target] <= limit:
                came[target] = (square, direction)
                depth[target] = here + 1
                queue.append(target)
    return []
