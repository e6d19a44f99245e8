"""The decisions a search weighs in Cargo Bay Ball (``State.plans``), at the size a player
thinks of them.

A crew member's turn is one or two plans: a whole walk to a chosen space (picking up a loose
ball met on the way), maybe finished by a shot, a pass, a handoff, a steal or a slobberknocker
there; a run of two moves; or ending the turn. Choosing who takes the side's turn comes with the
first plan of that crew member's turn. Every reachable space is scored with the same
cheap judgement the rules of thumb use (shot odds, pass odds, distance to the ball, the odds of
a steal), and only the best few of each kind are offered, best first, with the heuristic's own
choice always among them. Reactions (blocks, catches, picking up, pushes, releases) are left to
the heuristic: one plan each, so the search spends its time on the turns. Setup offers the
picks and the best few spaces.

Plans read only the public position and change nothing; a person's choices are not affected.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import islice
from typing import TYPE_CHECKING

from tabletop.core import Action, Randomness

from . import actions as A
from .constants import DOWN, OBSTACLES, PLACEMENT, PLAY, STANDING
from .data import BLOCK, CATCH, ENDUR, MOVE, OFF, PASS, SLOBR, STEAL
from .heuristic import AT_LEAST, TWO_DICE, placement_value, rating, shot_chance, suggest
from .setup import floor_spaces, obstacle_choices

if TYPE_CHECKING:
    from .board import Board
    from .game import CargoBayState

__all__ = ["plans"]

_ROLLED_MOVE = 3  # the walk planned for River, whose MOVE is rolled when she sets off
_SETUP_PLANS = 6
_PER_KIND = 3  # plans kept of each kind (shots, passes, walks, ...)
_PER_CREW = 5  # plans kept for each crew member who may take the side's turn
_QUIET = Randomness(0)
_CACHED_POSITIONS = 4096  # the heuristic reads no dice once play has begun

Plan = tuple[Action, ...]


class KeptPlan(tuple[Action, ...]):
    """A plan kept for a position: equal to the plain tuple of its actions and hashed the same,
    but hashed only once, since a search looks each plan up many times an iteration."""

    _hash: int

    def __new__(cls, actions: Plan) -> KeptPlan:
        plan = tuple.__new__(cls, actions)
        plan._hash = tuple.__hash__(plan)
        return plan

    def __hash__(self) -> int:
        return self._hash


def plans(st: CargoBayState, seat: str) -> list[Plan]:
    """The plans for ``seat`` now, best first (see the module docstring)."""
    if st.stack or st.phase != PLAY:
        legal = st.legal_actions(seat)
        if len(legal) == 1:
            return [(legal[0],)]
        if st.stack:
            return [(suggest(st, seat, _QUIET),)]
        return _setup_plans(st, legal)
    # A search meets the same position again and again (walks roll no dice): work each out once.
    # The key settles the legal actions too, so a kept position never had just one.
    key = (st.active, st.actions_left, st.move_left, st.acted if st.active < 0 else 0, st.holder, st.ball, st.arrow, st.official,
           st.obstacles, tuple(st.pos), tuple(st.status), tuple(st.crew_card), tuple(st.crew_seat))
    cache = st.game.plan_cache
    found = cache.get(key)
    if found is None:
        legal = st.legal_actions(seat)
        if len(legal) == 1:
            return [(legal[0],)]
        if len(cache) >= _CACHED_POSITIONS:
            cache.clear()
        made = _turn_plans(st, seat) if st.active >= 0 else _activation_plans(st, seat, legal)
        cache[key] = found = tuple(KeptPlan(plan) for plan in made)
    elif seat not in st.game.seats:
        st.legal_actions(seat)  # refuses a seat that does not exist, as a worked-out answer would
    return list(found)


def _activation_plans(st: CargoBayState, seat: str, legal: list[Action]) -> list[Plan]:
    """Choosing who takes the side's turn and what they do with it is one decision: the first
    few plans of each crew member who may act, the heuristic's choice of crew first."""
    hint = suggest(st, seat, _QUIET)
    found: list[Plan] = []
    for action in sorted(legal, key=lambda a: a != hint):
        world = st.sketch()
        world.apply(seat, action)
        if world.to_act != (seat,) or world.stack or world.active < 0:
            found.append((action,))
            continue
        found += [(action, *plan) for plan in plans(world, seat)[:_PER_CREW]]
    return found


def _setup_plans(st: CargoBayState, legal: list[Action]) -> list[Plan]:
    board = st.game.board
    if st.phase == OBSTACLES:
        # The floor nearest a ring two spaces out from the goal first (ties in board order).
        allowed = obstacle_choices(st).allowed
        table = st.game.a_obstacle
        return [(table[s],) for s in islice((s for s in _obstacle_rank(board) if s in allowed), _SETUP_PLANS)]
    if st.phase != PLACEMENT:
        return [(action,) for action in legal[:_SETUP_PLANS]]
    crew = st.place_queue[0]
    # What a placement is worth reads only these (see heuristic.placement_value).
    key = (PLACEMENT, st.crew_card[crew], st.arrow, st.obstacles, tuple(st.pos))
    cache = st.game.plan_cache
    found = cache.get(key)
    if found is None:
        if len(cache) >= _CACHED_POSITIONS:
            cache.clear()
        ranked = sorted(legal, key=lambda a: -placement_value(st, crew, board.index[a.at]))  # type: ignore[attr-defined]
        found = cache[key] = tuple(KeptPlan((action,)) for action in ranked[:_SETUP_PLANS])
    return list(found)


@lru_cache(maxsize=16)
def _obstacle_rank(board: Board) -> tuple[int, ...]:
    return tuple(sorted(floor_spaces(board), key=lambda s: abs(board.distance[s][board.goal] - 2)))


# -- walks ---------------------------------------------------------------------------------------


class _Walks:
    """Shortest walks from the acting crew member's space: ``steps[s]`` is the run of actions
    that ends on ``s`` (a pick-up included where the walk crosses a loose ball) and ``cost[s]``
    the spaces it uses. Climbing an obstacle ends a walk there."""

    def __init__(self, st: CargoBayState, crew: int, budget: int, start: int = -1) -> None:
        game = st.game
        board = game.board
        occ, status, obstacles = st.occ, st.status, st.obstacles
        here = start if start >= 0 else st.pos[crew]
        loose = st.ball if st.holder < 0 else -1
        pick_up = game.a_pick_up[st.crew_card[crew]]
        labels = board.labels
        self.steps: dict[int, Plan] = {here: ()}
        self.cost: dict[int, int] = {here: 0}
        self.has_ball: dict[int, bool] = {here: st.holder == crew}
        steps, cost, has_ball, a_step, neighbours = self.steps, self.cost, self.has_ball, game.a_step, board.neighbours
        frontier = [here]
        while frontier:
            later: list[int] = []
            for space in frontier:
                spent = cost[space]
                if spent >= budget or (space in obstacles and space != here):
                    continue
                carrying = has_ball[space]
                walk = steps[space]
                for nxt in neighbours[space]:
                    other = occ[nxt]
                    if other < 0 or other == crew:
                        if nxt in cost:
                            continue
                        if nxt == loose and not carrying:
                            steps[nxt] = (*walk, a_step[nxt], pick_up)
                            has_ball[nxt] = True
                        else:
                            steps[nxt] = (*walk, a_step[nxt])
                            has_ball[nxt] = carrying
                        cost[nxt] = spent + 1
                        later.append(nxt)
                    elif spent + 2 <= budget and status[other] == DOWN and nxt not in obstacles:
                        for beyond in board.neighbours[nxt]:
                            if beyond != space and occ[beyond] in (-1, crew) and beyond not in self.cost:
                                hop = A.StepOver(labels[beyond], labels[nxt])
                                self._reach(beyond, space, (hop,), spent + 2, carrying, loose, pick_up, later,
                                            (nxt,))
            frontier = later

    def _reach(self, space: int, came_from: int, moves: Plan, cost: int, carrying: bool, loose: int,
               pick_up: Action, later: list[int], crossed: tuple[int, ...]) -> None:
        if space in self.cost:
            return
        if not carrying and loose >= 0 and (loose == space or loose in crossed):
            moves += (pick_up,)
            carrying = True
        self.steps[space] = self.steps[came_from] + moves
        self.cost[space] = cost
        self.has_ball[space] = carrying
        later.append(space)


# -- a turn ----------------------------------------------------------------------------------------


def _turn_plans(st: CargoBayState, seat: str) -> list[Plan]:
    crew = st.active
    card = st.game.cards[st.crew_card[crew]]
    moving = st.move_left > 0
    actions = st.actions_left
    if moving:
        budget, spare = st.move_left, actions  # the walk costs no further action
    else:
        budget, spare = (card.skills[MOVE] or _ROLLED_MOVE), actions - 1
    walks = _Walks(st, crew, budget if (moving or actions > 0) else 0)
    chosen = _Choices()
    marking = _Marking(st, st.crew_side[crew])
    adjacent = st.game.board.adjacent
    contact: set[int] = set()  # spaces next to someone this crew member could rob, knock or take from
    for other, there in enumerate(st.pos):
        if other != crew and there >= 0 and st.status[other] == STANDING and (
                st.crew_side[other] != st.crew_side[crew] or other == st.holder):
            contact |= adjacent[there]
    mates = _teammates(st, crew) if any(walks.has_ball.values()) else []
    for space, steps in walks.steps.items():
        left = actions if not steps else spare  # actions still left on arrival
        carrying = walks.has_ball[space]
        if carrying:
            _carrier_options(st, crew, space, steps, left, chosen, marking, mates)
        elif left > 0 and space in contact:
            _defender_options(st, crew, space, steps, left, chosen)
        if steps and not carrying:
            chosen.add("walk", _walk_value(st, crew, space, marking), steps)
    if not moving and actions >= 2:
        _runs(st, crew, card.skills[MOVE] or _ROLLED_MOVE, walks, chosen)
    found = chosen.best()
    hint = suggest(st, seat, _QUIET)
    first = next((k for k, plan in enumerate(found) if plan[0] == hint), -1)
    found.insert(0, found.pop(first) if first >= 0 else (hint,))
    skip: Plan = (st.game.a_skip,)
    if skip not in found:
        found.append(skip)
    return found


class _Choices:
    """The best few plans of each kind."""

    def __init__(self) -> None:
        self.kinds: dict[str, list[tuple[float, int, Plan]]] = {}
        self.n = 0

    def add(self, kind: str, value: float, plan: Plan) -> None:
        self.n += 1
        options = self.kinds.get(kind)
        if options is None:
            options = self.kinds[kind] = []
        options.append((-value, self.n, plan))

    def best(self) -> list[Plan]:
        kept: list[tuple[float, int, Plan]] = []
        for options in self.kinds.values():
            options.sort()
            kept += options[:_PER_KIND]
        kept.sort()
        return [plan for *_rest, plan in kept]


class _Marking:
    """Where the other side's standing crew are, worked out once per turn's plans: how many stand
    on or next to each space, and the spaces from which each could block a ball."""

    def __init__(self, st: CargoBayState, side: int) -> None:
        adjacent = st.game.board.adjacent
        self.beside: dict[int, int] = {}
        self.blockers: list[tuple[frozenset[int], float]] = []
        for c, p in enumerate(st.pos):
            if p < 0 or st.crew_side[c] == side or st.status[c] != STANDING:
                continue
            reach = adjacent[p] | {p}
            for space in reach:
                self.beside[space] = self.beside.get(space, 0) + 1
            self.blockers.append((reach, 1 - rating(st, c, BLOCK) / 6 * 0.6))

    def through(self, path: tuple[int, ...]) -> float:
        """The chance the ball gets past every opponent who may try to block along ``path``."""
        chance = 1.0
        for reach, factor in self.blockers:
            if not reach.isdisjoint(path):
                chance *= factor
        return chance


def _teammates(st: CargoBayState, crew: int) -> list[tuple[int, int, float, float]]:
    """The standing teammates a carrier might hand or pass to: card, space, CATCH and the shot
    they would have there."""
    side = st.crew_side[crew]
    return [(st.crew_card[mate], there, rating(st, mate, CATCH), shot_chance(st, mate, there))
            for mate, there in enumerate(st.pos)
            if mate != crew and st.crew_side[mate] == side and st.status[mate] == STANDING]


def _carrier_options(st: CargoBayState, crew: int, space: int, steps: Plan, left: int, chosen: _Choices,
                     marking: _Marking, mates: list[tuple[int, int, float, float]]) -> None:
    game = st.game
    board = game.board
    if left > 0:
        path = board.line(space, board.goal)
        if space != board.goal and path is not None:
            chance = shot_chance(st, crew, space) * marking.through(path)
            chosen.add("shoot", chance, (*steps, game.a_shoot))
        adjacent = board.adjacent[space]
        passing = rating(st, crew, PASS)
        for mate_card, there, catching, their_shot in mates:
            if there in adjacent:
                value = 1.0 * (their_shot + 0.1)
                chosen.add("handoff", value, (*steps, game.a_handoff[mate_card]))
                continue
            line = board.line(space, there)
            if line is None:
                continue
            reach = min(1.0, max(0.0, (7 - max(1, len(line) - passing)) / 6))
            arrive = reach * catching / 6 * marking.through(line)
            chosen.add("pass", arrive * (their_shot + 0.1), (*steps, game.a_pass[mate_card]))
    if steps:
        value = shot_chance(st, crew, space) - 0.12 * marking.beside.get(space, 0)
        chosen.add("carry", value, steps)


def _defender_options(st: CargoBayState, crew: int, space: int, steps: Plan, left: int, chosen: _Choices) -> None:
    """Steals, slobberknockers and handoffs taken from ``space``."""
    if left <= 0:
        return
    game = st.game
    side = st.crew_side[crew]
    adjacent = game.board.adjacent[space]
    holder = st.holder
    called = TWO_DICE[game.cards[st.official].skills[OFF] or 6]
    for other, there in enumerate(st.pos):
        if there not in adjacent or st.status[other] != STANDING:
            continue
        other_card = st.crew_card[other]
        if st.crew_side[other] == side:
            if other == holder:
                gain = shot_chance(st, crew, space) - shot_chance(st, holder, there)
                chosen.add("take", gain, (*steps, game.a_take[other_card]))
            continue
        penalty = 1.0 if there in st.obstacles else called
        hit = _odds(rating(st, crew, SLOBR) - rating(st, other, ENDUR)) * (1 - penalty)
        if other == holder:
            steal = _odds(rating(st, crew, STEAL) - rating(st, other, STEAL))
            chosen.add("rob", steal, (*steps, game.a_steal[other_card]))
            chosen.add("rob", hit * 0.9, (*steps, game.a_slobber[other_card]))
        else:
            chosen.add("knock", hit * 0.5, (*steps, game.a_slobber[other_card]))


def _odds(difference: float) -> float:
    return AT_LEAST[max(-6, min(6, int(difference)))]


def _walk_value(st: CargoBayState, crew: int, space: int, marking: _Marking) -> float:
    """How good a space is to walk to without the ball, by what the crew member should be doing."""
    board = st.game.board
    side = st.crew_side[crew]
    holder = st.holder
    if holder < 0:
        return -board.distance[space][st.ball] / 10 - (0.05 if space in st.obstacles else 0.0)
    if st.crew_side[holder] != side:
        return -board.distance[space][st.pos[holder]] / 10
    return shot_chance(st, crew, space) - 0.15 * marking.beside.get(space, 0)


def _runs(st: CargoBayState, crew: int, move: int, walks: _Walks, chosen: _Choices) -> None:
    """Two moves back to back toward the ball, from the best few first walks' ends."""
    board = st.game.board
    target = st.ball if st.holder < 0 or st.crew_side[st.holder] != st.crew_side[crew] else board.goal
    if board.distance[st.pos[crew]][target] <= move + 1:
        return  # one move gets there: the second action is better spent on the ball
    ends = [s for s, cost in walks.cost.items() if cost == move and s not in st.obstacles]
    ends.sort(key=lambda s: board.distance[s][target])
    for end in ends[:2]:
        second = _Walks(st, crew, move, start=end)
        for space, steps in second.steps.items():
            if steps and not second.has_ball[space] and not walks.has_ball[end]:
                chosen.add("run", -board.distance[space][target] / 10, walks.steps[end] + steps)
