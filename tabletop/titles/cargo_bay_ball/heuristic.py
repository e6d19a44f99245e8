"""Rules of thumb for Cargo Bay Ball (``State.suggest``).

The policy: carriers shoot when the odds are good and otherwise walk to a good shooting space
or pass to an open teammate in a better one; others chase a loose ball, close down and rob the
carrier (a steal, or a slobberknocker when the Official is unlikely to call it), or take up a
shooting space. Opponents' passes and shots are always blocked; loose balls are caught.
Everything here reads only the public position.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from tabletop.core import Action, Randomness

from . import actions as A
from .constants import LOOSE_FLIGHT, PLAY, STANDING
from .data import CATCH, ENDUR, MOVE, OFF, PASS, SHOOT, SLOBR, STEAL
from .flight import Flight, PickUpChoice, PushChoice
from .play import bonus_at

if TYPE_CHECKING:
    from .game import CargoBayBall, CargoBayState

__all__ = ["AT_LEAST", "TWO_DICE", "placement_value", "rating", "shot_chance", "suggest"]

# P(1d6 + a >= 1d6 + b) for a - b from -6 to 6.
AT_LEAST = {d: sum(1 for x in range(1, 7) for y in range(1, 7) if x + d >= y) / 36 for d in range(-6, 7)}
# P(2d6 <= n).
TWO_DICE = {n: sum(1 for x in range(1, 7) for y in range(1, 7) if x + y <= n) / 36 for n in range(0, 13)}
_ROLLED = 3.5  # what a "1d6" skill is worth on average


def rating(st: CargoBayState, crew: int, skill: int) -> float:
    return st.printed_skill(crew, skill) or _ROLLED


def shot_chance(st: CargoBayState, crew: int, space: int) -> float:
    """The chance a shot from ``space`` scores, ignoring blocks."""
    game = st.game
    key = (st.crew_card[crew], st.arrow, space in st.obstacles)
    row = game.shot_rows.get(key)
    if row is None:
        row = game.shot_rows[key] = _shot_row(game, *key)
    return row[space]


def _shot_row(game: CargoBayBall, card: int, arrow: int, high: bool) -> tuple[float, ...]:
    """Shot chances from every space for one crew card and goal facing, worked out once a game."""
    board = game.board
    printed = game.cards[card].skills[SHOOT] or _ROLLED
    row = []
    for space in range(board.size):
        if space == board.goal or board.line(space, board.goal) is None or board.side_of_axis(space, arrow) == 0:
            row.append(0.0)
            continue
        bonus, _ = bonus_at(game, space, high)
        skill = printed + bonus
        distance = board.distance[space][board.goal]
        reach = min(1.0, max(0.0, (7 - max(1, distance - skill)) / 6)) if distance > skill else 1.0
        row.append(reach * min(1.0, skill / 6))
    return tuple(row)


def _opponents_near(st: CargoBayState, side: int, space: int) -> int:
    adjacent = st.game.board.adjacent[space]
    return sum(1 for c, p in enumerate(st.pos)
               if st.crew_side[c] != side and st.status[c] == STANDING and (p == space or p in adjacent))


def _path_pressure(st: CargoBayState, side: int, path: tuple[int, ...]) -> int:
    return sum(_opponents_near(st, side, p) for p in path)


def suggest(st: CargoBayState, seat: str, rng: Randomness) -> Action:
    legal = st.legal_actions(seat)
    if len(legal) == 1:
        return legal[0]
    if st.stack:
        top = st.stack[-1]
        if isinstance(top, Flight):
            return _react(st, top, legal)
        if isinstance(top, PushChoice):
            return _push(st, top, legal)
        if isinstance(top, PickUpChoice):
            return legal[0]  # a ball in hand is always worth more than one lying at your feet
        return legal[0]
    if st.phase != PLAY:
        return _setup(st, legal, rng)
    if st.active < 0:
        return _activate(st, legal)
    return _turn(st, legal, rng)


# -- reactions and setup -------------------------------------------------------------------------


def _react(st: CargoBayState, flight: Flight, legal: list[Action]) -> Action:
    crew = flight.waiting
    if flight.kind != LOOSE_FLIGHT:
        return legal[0]  # always try to stop the other side's pass or shot
    if st.pos[crew] == flight.at:
        return legal[0]  # a loose ball coming through: try to catch it
    side = st.crew_side[crew]
    if flight.left == 0:
        occupant = st.occ[flight.at]
        theirs = occupant >= 0 and st.crew_side[occupant] != side and st.status[occupant] == STANDING
        return legal[0] if theirs else legal[1]
    return legal[1]


def _push(st: CargoBayState, push: PushChoice, legal: list[Action]) -> Action:
    board = st.game.board

    def away(action: Action) -> int:
        assert isinstance(action, A.Push)
        space = st.pos[push.defender] if action.to is None else board.index[action.to]
        return board.distance[space][st.ball] + board.distance[space][board.goal]

    return max(legal, key=away)


def _card_value(st: CargoBayState, card: int) -> float:
    skills = st.game.cards[card].skills
    v = [s or _ROLLED for s in skills]
    return 1.6 * v[SHOOT] + 1.0 * v[MOVE] + 0.8 * v[CATCH] + 0.6 * v[STEAL] + 0.5 * v[5] + 0.5 * v[SLOBR] \
        + 0.4 * v[ENDUR] + 0.4 * v[PASS]


def _setup(st: CargoBayState, legal: list[Action], rng: Randomness) -> Action:
    game = st.game
    board = game.board
    first = legal[0]
    if isinstance(first, A.Pick):
        return max(legal, key=lambda a: _card_value(st, game.card_index[a.crew]))  # type: ignore[attr-defined]
    if isinstance(first, A.Appoint):
        return min(legal, key=lambda a: game.cards[game.card_index[a.crew]].skills[OFF] or 6)  # type: ignore[attr-defined]
    if isinstance(first, A.PlaceObstacle):
        near = [a for a in legal if board.distance[board.index[a.at]][board.goal] == 2]  # type: ignore[attr-defined]
        return rng.choice(near or legal)
    # Crew placement: good shooting spaces a little apart from each other.
    assert isinstance(first, A.PlaceCrew)
    crew = st.place_queue[0]

    def spot(action: Action) -> float:
        assert isinstance(action, A.PlaceCrew)
        return placement_value(st, crew, board.index[action.at])

    best = sorted(legal, key=spot, reverse=True)[:4]
    return rng.choice(best)


def placement_value(st: CargoBayState, crew: int, space: int) -> float:
    """How good ``space`` is to set ``crew`` up on: a good shot, not crowded, near the goal."""
    board = st.game.board
    crowd = sum(1 for p in st.pos if p >= 0 and board.distance[p][space] <= 1)
    return shot_chance(st, crew, space) - 0.3 * crowd - 0.05 * board.distance[space][board.goal]


def _activate(st: CargoBayState, legal: list[Action]) -> Action:
    board = st.game.board
    target = st.ball

    def urgency(action: Action) -> float:
        assert isinstance(action, A.Activate)
        crew = st.crew_by_slug(action.crew)
        if crew == st.holder:
            return 100.0
        space = st.pos[crew]
        if space < 0:
            return 0.0
        return -board.distance[space][target]

    return max(legal, key=urgency)


# -- the acting crew member ----------------------------------------------------------------------


def _turn(st: CargoBayState, legal: list[Action], rng: Randomness) -> Action:
    crew = st.active
    side = st.crew_side[crew]
    here = st.pos[crew]
    board = st.game.board
    by_kind: dict[type, list[Action]] = {}
    for action in legal:
        by_kind.setdefault(type(action), []).append(action)
    steps = by_kind.get(A.Step, [])
    can_step_free = st.move_left > 0
    actions = st.actions_left
    if st.holder == crew:
        chance = shot_chance(st, crew, here)
        if A.Shoot in by_kind and chance >= 0.55:
            return by_kind[A.Shoot][0]
        better = _best_pass(st, crew, by_kind.get(A.Pass, []) + by_kind.get(A.Handoff, []), chance)
        if better is not None and ((actions == 1 and not can_step_free) or chance < 0.2):
            return better
        if steps and (can_step_free or actions >= 2):
            step = _best_step(st, crew, steps, lambda s: shot_chance(st, crew, s) - 0.12 * _opponents_near(st, side, s))
            if step is not None:
                return step
        if A.Shoot in by_kind and chance >= 0.25:
            return by_kind[A.Shoot][0]
        if better is not None:
            return better
        if A.Shoot in by_kind and actions == 1 and chance > 0:
            return by_kind[A.Shoot][0]
        return A.Skip()
    holder = st.holder
    if holder >= 0 and st.crew_side[holder] != side:
        if holder in _adjacent_crew(st, here):
            steal_odds = AT_LEAST[max(-6, min(6, int(rating(st, crew, STEAL) - rating(st, holder, STEAL))))]
            hit_odds = AT_LEAST[max(-6, min(6, int(rating(st, crew, SLOBR) - rating(st, holder, ENDUR))))]
            called = TWO_DICE[st.game.cards[st.official].skills[OFF] or 6]
            if st.pos[holder] in st.obstacles:
                called = 1.0
            if actions and steal_odds >= 0.45:
                return st.game.a_steal[st.crew_card[holder]]
            if actions and hit_odds * (1 - called) >= 0.35:
                return st.game.a_slobber[st.crew_card[holder]]
            if actions:
                return st.game.a_steal[st.crew_card[holder]]
        target = st.pos[holder]
        step = _best_step(st, crew, steps, lambda s: -board.distance[s][target])
        if step is not None and (can_step_free or actions):
            return step
        return A.Skip()
    if holder < 0:
        step = _best_step(st, crew, steps, lambda s: -board.distance[s][st.ball] - (0.5 if s in st.obstacles else 0))
        if step is not None and (can_step_free or actions):
            return step
        return A.Skip()
    # A teammate has the ball: take a handoff if it is better placed with us, else get open near the goal.
    takes = by_kind.get(A.TakeHandoff, [])
    if takes and shot_chance(st, crew, here) > shot_chance(st, holder, st.pos[holder]) + 0.2:
        return takes[0]
    if steps and (can_step_free or actions):
        step = _best_step(st, crew, steps, lambda s: shot_chance(st, crew, s) - 0.15 * _opponents_near(st, side, s))
        if step is not None:
            return step
    return A.Skip()


def _adjacent_crew(st: CargoBayState, space: int) -> list[int]:
    adjacent = st.game.board.adjacent[space]
    return [c for c, p in enumerate(st.pos) if p in adjacent]


def _best_step(st: CargoBayState, crew: int, steps: list[Action], rate: Callable[[int], float]) -> Action | None:
    """The step that most improves ``rate`` (a function of a space); None when staying is as good."""
    board = st.game.board
    here = st.pos[crew]
    current = rate(here)
    best, best_value = None, current + 1e-9
    for action in steps:
        assert isinstance(action, A.Step)
        space = board.index[action.to]
        value = rate(space)
        if space in st.obstacles and st.move_left > 1:
            value -= 0.05  # climbing ends the move
        if value > best_value:
            best, best_value = action, value
    return best


def _best_pass(st: CargoBayState, crew: int, options: list[Action], my_chance: float) -> Action | None:
    board = st.game.board
    here = st.pos[crew]
    side = st.crew_side[crew]
    best, best_value = None, my_chance + 0.25
    for action in options:
        mate = st.crew_by_slug(action.to)  # type: ignore[attr-defined]
        space = st.pos[mate]
        if isinstance(action, A.Handoff):
            arrive = 1.0
        else:
            path = board.line(here, space) or ()
            reach = min(1.0, max(0.0, (7 - max(1, len(path) - rating(st, crew, PASS))) / 6))
            arrive = reach * rating(st, mate, CATCH) / 6 * (0.7 ** _path_pressure(st, side, path))
        value = arrive * shot_chance(st, mate, space) + 0.1 * arrive
        if value > best_value:
            best, best_value = action, value
    return best
