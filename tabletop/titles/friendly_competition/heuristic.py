"""The rules-of-thumb player (``suggest``) and the position score (``evaluate``).

With the ball: run it in if the goal can be reached this turn, otherwise shoot when a pass is
likely to cross the goal line, otherwise carry it forward. Without it: the nearest teamster
chases a loose ball or the carrier and tackles once (a second tackle risks a foul), the rest
move up in support while the goalie keeps to its goal. A moving ball is tried for when the
side would rather have it than let it land.
"""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Iterator
from typing import TYPE_CHECKING

from tabletop.core import Action, Randomness

from .actions import DEPLOY_AT, DONT_TRY, END_TURN, MOVES, PASSES, PICK_UPS, TACKLES, TRIES
from .pitch import PITCH
from .procedures import DEPLOY, FLIGHT, PLAY
from .rules import ATTACKS_GOAL, INTERCEPTION, PASS_COST, PASS_DICE, SEATS, TEAM_SIZE, Flight

if TYPE_CHECKING:
    from .game import FriendlyState

__all__ = ["evaluate", "goal_distance", "position_key", "shot_chances", "suggest"]

SQUARES = PITCH.width * PITCH.height
# Opening places, seat1's (defending the south goal); seat2 mirrors them north to south.
FORMATION = ("j18", "h13", "l13", "j14", "e12", "o12", "j16", "f15", "n15")
SHOT_THRESHOLD = 0.3
FEED_THRESHOLD = 0.4   # how sure a pass to a team-mate further up must be
FEED_GAIN = 3          # squares nearer the goal the team-mate must stand


def mirror(name: str) -> str:
    """The square's twin at the other end of the pitch (``j18`` -> ``j2``)."""
    square = PITCH.parse(name)
    x, y = PITCH.xy(square)
    return PITCH.label((PITCH.height - 1 - y) * PITCH.width + x)


FORMATIONS = (FORMATION, tuple(mirror(n) for n in FORMATION))
FORMATION_SQUARES = tuple(tuple(PITCH.parse(name) for name in names) for names in FORMATIONS)


def _enemy_reach(state: FriendlyState, side: int) -> set[int]:
    """Squares next to a standing enemy of ``side``."""
    found: set[int] = set()
    for enemy in range((1 - side) * TEAM_SIZE, (2 - side) * TEAM_SIZE):
        if not state.floored[enemy]:
            found.update(PITCH.neighbours[state.pos[enemy]])
    return found


def _goal_distances(goal: int) -> tuple[int, ...]:
    """King's moves from each square to step into ``goal``, ignoring teamsters."""
    far = 99
    dist = [far] * SQUARES
    queue: deque[int] = deque()
    for square in range(SQUARES):
        if PITCH.on[square] and goal in PITCH.step[square]:
            dist[square] = 1
            queue.append(square)
    while queue:
        square = queue.popleft()
        for near in PITCH.neighbours[square]:
            if dist[near] == far:
                dist[near] = dist[square] + 1
                queue.append(near)
    return tuple(dist)


GOAL_DISTANCE = tuple(_goal_distances(ATTACKS_GOAL[side]) for side in (0, 1))


def goal_distance(side: int, square: int) -> int:
    """Moves a carrier of ``side`` needs from ``square`` to score, on an empty pitch."""
    return GOAL_DISTANCE[side][square]


def _king_distances() -> tuple[tuple[int, ...], ...]:
    cols = [s % PITCH.width for s in range(SQUARES)]
    rows = [s // PITCH.width for s in range(SQUARES)]
    return tuple(
        tuple(max(abs(cols[a] - cols[b]), abs(rows[a] - rows[b])) for b in range(SQUARES))
        for a in range(SQUARES)
    )


DISTANCE = _king_distances()
LONGEST = 4 * 6
# The straight-line flight of a ball from every square in every direction, as far as it can go.
FLIGHTS = tuple(
    tuple(PITCH.ball_path(square, direction, LONGEST) if PITCH.on[square] else ([], 0) for direction in range(8))
    for square in range(SQUARES)
)


def _distance(a: int, b: int) -> int:
    return DISTANCE[a][b]


def _sum_distribution(dice: int) -> dict[int, float]:
    totals = {0: 1.0}
    for _ in range(dice):
        nxt: dict[int, float] = {}
        for total, p in totals.items():
            for face in range(1, 7):
                nxt[total + face] = nxt.get(total + face, 0.0) + p / 6
        totals = nxt
    return totals


DISTANCES = tuple(_sum_distribution(n) for n in PASS_DICE)


# -- the policy -----------------------------------------------------------------------------------

class Offered:
    """The legal actions of ``seat``, asked one at a time: a step, pick-up, pass, tackle, jostle
    or end of turn is checked on its own (``quick_legal``); anything else against the menu, worked out only
    then and checked by identity (a state's menus are built from shared action objects)."""

    __slots__ = ("_legal", "ids", "seat", "state")

    def __init__(self, state: FriendlyState, seat: str) -> None:
        self.state = state
        self.seat = seat
        self._legal: list[Action] | None = None
        self.ids: set[int] | None = None

    @property
    def legal(self) -> list[Action]:
        if self._legal is None:
            self._legal = self.state.legal_actions(self.seat)
        return self._legal

    def __contains__(self, action: object) -> bool:
        if isinstance(action, Action):
            quick = self.state.quick_legal(self.seat, action)
            if quick is not None:
                return quick
        if self.ids is None:
            self.ids = set(map(id, self.legal))
        return id(action) in self.ids


def position_key(state: FriendlyState) -> tuple[int, ...]:
    """Everything of a position in play that the rules of thumb and the search's plans read:
    whose turn and its action points, the ball, tackles made, and where every teamster is and
    whether it is down. Answers kept by it are the same whatever else differs (the score, the
    turn, the log)."""
    return (state.side, state.ap, state.holder, state.ball, state.side_tackles,
            *state.pos, *state.floored, *state.tackles)


# Decisions in play, kept by each game (one set of rules) by position up to a bound: a search
# asks the rules of thumb about the same positions again and again. In play the side to act can
# always end its turn, so a decision never draws on the dice and a kept one is the same.
SUGGESTIONS_KEPT = 50_000


def suggest(state: FriendlyState, seat: str, rng: Randomness) -> Action:
    if state.phase != PLAY or seat != SEATS[state.side] or seat not in state.to_act:
        return _suggest(state, seat, rng)
    kept = state.game.kept_suggestions
    key = position_key(state)
    action = kept.get(key)
    if action is None:
        if len(kept) >= SUGGESTIONS_KEPT:
            kept.clear()
        action = kept[key] = _suggest(state, seat, rng)
    return action


def _suggest(state: FriendlyState, seat: str, rng: Randomness) -> Action:
    offered = Offered(state, seat)
    side = SEATS.index(seat)
    if state.phase == DEPLOY:
        choice: Action | None = _deploy(state, side, offered)
    elif state.phase == FLIGHT:
        choice = _interception(state, side)
    elif state.phase == PLAY:
        choice = _play(state, side, offered)
        if choice is None or choice not in offered:
            choice = _support(state, side, offered)
    else:
        choice = None
    if choice is not None and choice in offered:
        return choice
    return END_TURN if END_TURN in offered else rng.choice(offered.legal)


def _deploy(state: FriendlyState, side: int, offered: Offered) -> Action | None:
    for square in FORMATION_SQUARES[side][state.next_deploy[side]:]:
        action = DEPLOY_AT[square]
        if action in offered:
            return action
    return None


def _catch_chance(state: FriendlyState, teamster: int, square: int) -> float:
    need = state.rules.targets[teamster % TEAM_SIZE == 0][state.pos[teamster] != square]
    if state.is_marked(teamster):
        need -= INTERCEPTION.marked_modifier
    return max(0.0, min(1.0, (7 - need) / 6))


def _interception(state: FriendlyState, side: int) -> Action:
    flight = state.flight
    assert flight is not None
    square = flight.path[flight.index]
    if not _want_ball(state, side, flight):
        return DONT_TRY
    best = max(flight.choices[side], key=lambda t: _catch_chance(state, t, square))
    return TRIES[best % TEAM_SIZE + 1]


def _want_ball(state: FriendlyState, side: int, flight: Flight) -> bool:
    """Try for the ball unless letting it land serves this side better."""
    if flight.goal:
        return flight.goal != ATTACKS_GOAL[side]  # stop anything heading into our own goal
    landing = flight.path[-1]
    owner = state.occ[landing]
    if owner >= 0 and not state.floored[owner]:
        return owner // TEAM_SIZE != side
    free_try = side != state.side and state.rules.off_turn_intercept_ap == 0
    if free_try:
        return True
    if side == state.side and flight.kind == "pass" and flight.side == side:
        return True  # our own pass would only lie loose: catch it while it is near a team-mate
    mine = _nearest(state, side, landing)
    theirs = _nearest(state, 1 - side, landing)
    return theirs <= mine


def _nearest(state: FriendlyState, side: int, square: int) -> int:
    best = 99
    for teamster in range(side * TEAM_SIZE, side * TEAM_SIZE + TEAM_SIZE):
        if not state.floored[teamster]:
            best = min(best, _distance(state.pos[teamster], square))
    return best


def _play(state: FriendlyState, side: int, legal: Offered) -> Action | None:
    holder = state.holder
    if holder >= 0 and holder // TEAM_SIZE == side:
        return _with_ball(state, side, holder)
    if holder < 0:
        return _chase(state, side, state.ball, loose=True)
    return _defend(state, side, holder, legal)


def _support(state: FriendlyState, side: int, legal: Offered) -> Action | None:
    """Move a field teamster up toward the enemy goal, to an unmarked square if it can."""
    best: Action | None = None
    best_gain = 0
    marked = _enemy_reach(state, side)
    for teamster in range(side * TEAM_SIZE + 1, side * TEAM_SIZE + TEAM_SIZE):
        if state.floored[teamster] or teamster == state.holder:
            continue
        here = state.pos[teamster]
        if goal_distance(side, here) <= 3:
            continue  # far enough up the pitch
        for direction, square in enumerate(PITCH.step[here]):
            if square < 0 or state.occ[square] >= 0:
                continue
            gain = goal_distance(side, here) - goal_distance(side, square)
            if square in marked:
                gain -= 1
            if gain > best_gain:
                best, best_gain = MOVES[teamster % TEAM_SIZE + 1][direction], gain
    return best if best in legal else None


def _with_ball(state: FriendlyState, side: int, carrier: int) -> Action | None:
    number = carrier % TEAM_SIZE + 1
    square = state.pos[carrier]
    if goal_distance(side, square) <= state.ap:
        step, distance = _route_to_goal(state, side, square, state.ap)
    else:
        step, distance = _greedy_step(state, side, square), 99
    if step >= 0 and distance <= state.ap:
        return MOVES[number][step]
    shot, value = _best_shot(state, side, square)
    if shot is not None and value >= SHOT_THRESHOLD:
        return shot
    if state.ap <= 1 and shot is not None and value >= 0.1:
        return shot
    if distance > state.ap:
        feed, feed_value = _best_feed(state, side, carrier)
        if feed is not None and feed_value >= FEED_THRESHOLD:
            return feed
    if step >= 0:
        return MOVES[number][step]
    return shot if shot is not None else END_TURN


def _greedy_step(state: FriendlyState, side: int, square: int) -> int:
    """The direction to the free square nearest the goal, keeping clear of enemies if it can."""
    best, best_score = -1, goal_distance(side, square) * 2 + 2
    marked = _enemy_reach(state, side)
    for direction, target in enumerate(PITCH.step[square]):
        if target < 0 or state.occ[target] >= 0:
            continue
        score = goal_distance(side, target) * 2
        if target in marked:
            score += 1
        if score < best_score:
            best, best_score = direction, score
    return best


def _route_to_goal(state: FriendlyState, side: int, start: int, limit: int) -> tuple[int, int]:
    """The first direction of a shortest run into the goal ``side`` attacks, around teamsters,
    and its length, looking no further than ``limit`` moves.

    A breadth-first search that leaves out every square from which even an empty pitch gives no
    run in within ``limit``: no square it keeps is first reached through one it leaves out, so it
    finds the same run as the search over every square."""
    goal = ATTACKS_GOAL[side]
    to_goal = GOAL_DISTANCE[side]
    occ = state.occ
    first: dict[int, int] = {}
    dist = {start: 0}
    queue: deque[int] = deque([start])
    while queue:
        square = queue.popleft()
        here = dist[square]
        if here >= limit:
            break
        for direction, target in enumerate(PITCH.step[square]):
            if target == goal:
                return (first[square] if square != start else direction), here + 1
            if target >= 0 and target not in dist and occ[target] < 0 and here + 1 + to_goal[target] <= limit:
                dist[target] = here + 1
                first[target] = direction if square == start else first[square]
                queue.append(target)
    return -1, 99


def _best_shot(state: FriendlyState, side: int, square: int) -> tuple[Action | None, float]:
    best: Action | None = None
    best_value = 0.0
    for shot, p_goal, survive, cost in shot_chances(state, side, square):
        value = p_goal * survive - 0.02 * cost
        if value > best_value:
            best, best_value = shot, value
    return best, best_value


def shot_chances(state: FriendlyState, side: int, square: int) -> Iterator[tuple[Action, float, float, int]]:
    """Every affordable pass from ``square`` whose line crosses the goal ``side`` attacks: the
    pass, its chance to go far enough, the chance no enemy catches it, and its AP cost."""
    goal = ATTACKS_GOAL[side]
    for direction in range(8):
        path, crossing = FLIGHTS[square][direction]
        if crossing != goal:
            continue
        survive = _survival(state, side, path)
        for length, cost in enumerate(PASS_COST):
            if cost > state.ap:
                continue
            reach = len(path) + 1  # squares the ball needs to cross the line
            p_goal = sum(p for total, p in DISTANCES[length].items() if total >= reach)
            yield PASSES[length][direction], p_goal, survive, cost


def _best_feed(state: FriendlyState, side: int, carrier: int) -> tuple[Action | None, float]:
    """A pass along a line to an unmarked team-mate well up the pitch: it gathers the ball if it
    stops at its feet, and tries to catch it (1 AP) if it would fly on."""
    square = state.pos[carrier]
    here = goal_distance(side, square)
    low = side * TEAM_SIZE
    best: Action | None = None
    best_value = 0.0
    reach = max(DISTANCES[1])
    for direction in range(8):
        path = FLIGHTS[square][direction][0][:reach]
        for index, on_path in enumerate(path):
            mate = state.occ[on_path]
            if mate < 0:
                continue
            if not low <= mate < low + TEAM_SIZE or state.floored[mate] or mate == carrier:
                break  # an enemy or a team-mate who cannot play it stands in the way
            if here - goal_distance(side, on_path) < FEED_GAIN or state.is_marked(mate):
                break
            catch = _catch_chance(state, mate, on_path)
            survive = _survival(state, side, path[: index + 1])
            for length in (0, 1):
                if PASS_COST[length] + 1 > state.ap:
                    continue
                odds = DISTANCES[length]
                exact = odds.get(index + 1, 0.0)
                beyond = sum(p for total, p in odds.items() if total > index + 1)
                value = survive * (exact + beyond * catch) - 0.03 * PASS_COST[length]
                if value > best_value:
                    best, best_value = PASSES[length][direction], value
            break
    return best, best_value


def _survival(state: FriendlyState, side: int, path: list[int]) -> float:
    """Chance that no enemy along ``path`` catches the ball (each tries once)."""
    chance = 1.0
    enemies = range((1 - side) * TEAM_SIZE, (1 - side) * TEAM_SIZE + TEAM_SIZE)
    for enemy in enemies:
        if state.floored[enemy]:
            continue
        near = DISTANCE[state.pos[enemy]]
        best = 0.0
        for square in path:
            if near[square] <= 1:
                best = max(best, _catch_chance(state, enemy, square))
        chance *= 1 - best
    return chance


def _chase(state: FriendlyState, side: int, target: int, loose: bool) -> Action | None:
    """The nearest free teamster goes for ``target``; picks up a loose ball under its feet."""
    chaser = _closest(state, side, target, skip_goalie=not loose or _goalie_far(state, side, target))
    if chaser < 0:
        return None
    number = chaser % TEAM_SIZE + 1
    if loose and state.pos[chaser] == target:
        return PICK_UPS[number]
    return _step_towards(state, chaser, target)


def _goalie_far(state: FriendlyState, side: int, target: int) -> bool:
    return _distance(state.pos[side * TEAM_SIZE], target) > 2


def _defend(state: FriendlyState, side: int, carrier: int, legal: Offered) -> Action | None:
    """Tackle the carrier if one may, else close in on it with the nearest field teamster that
    can still come nearer; when none can, the turn ends (a defender sent up the pitch instead came
    straight back, and the two moves took turns until the points ran out)."""
    target = state.pos[carrier]
    danger = goal_distance(1 - side, target) <= 4
    for teamster in range(side * TEAM_SIZE, side * TEAM_SIZE + TEAM_SIZE):
        tackle = TACKLES[teamster % TEAM_SIZE + 1]
        if tackle in legal and (state.tackle_number(teamster) == 0 or danger):
            return tackle
    for chaser in _nearest_first(state, side, target, skip_goalie=True):
        step = _step_towards(state, chaser, target)
        if step is not None:
            return step
    return END_TURN


def _standing(state: FriendlyState, side: int, skip_goalie: bool) -> list[int]:
    return [teamster for teamster in range(side * TEAM_SIZE, side * TEAM_SIZE + TEAM_SIZE)
            if not state.floored[teamster] and not (skip_goalie and teamster % TEAM_SIZE == 0)]


def _nearest_first(state: FriendlyState, side: int, target: int, skip_goalie: bool) -> list[int]:
    """The side's standing teamsters, nearest ``target`` first (ties in shirt order)."""
    return sorted(_standing(state, side, skip_goalie), key=lambda teamster: _distance(state.pos[teamster], target))


def _closest(state: FriendlyState, side: int, target: int, skip_goalie: bool) -> int:
    """The first of :func:`_nearest_first`, found without sorting (the rules of thumb ask it often)."""
    return min(_standing(state, side, skip_goalie), key=lambda teamster: _distance(state.pos[teamster], target),
               default=-1)


def _step_towards(state: FriendlyState, teamster: int, target: int) -> Action | None:
    if teamster < 0:
        return None
    here = state.pos[teamster]
    best, best_distance = -1, _distance(here, target)
    for direction, square in enumerate(PITCH.step[here]):
        if square >= 0 and state.occ[square] < 0:
            distance = _distance(square, target)
            if distance < best_distance:
                best, best_distance = direction, distance
    if best < 0:
        return None
    return MOVES[teamster % TEAM_SIZE + 1][best]


# -- the position score ---------------------------------------------------------------------------

def evaluate(state: FriendlyState, seat: str) -> float:
    """Goal difference first, then how near the ball is to each goal and who holds it."""
    outcome = state.outcome
    if outcome is not None:
        return outcome.returns(seat)
    side = SEATS.index(seat)
    lead = state.score[side] - state.score[1 - side]
    holder = state.holder
    square = state.pos[holder] if holder >= 0 else state.ball
    if square < 0:
        square = PITCH.centre
    field = (goal_distance(1 - side, square) - goal_distance(side, square)) / PITCH.height
    possession = 0.0 if holder < 0 else (0.15 if holder // TEAM_SIZE == side else -0.15)
    return math.tanh(0.8 * lead + 0.3 * field + possession)

