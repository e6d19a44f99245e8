"""Setting up: team size, order rolls, the draft, the Official, obstacles, placing the crew, the toss.

Rule IDs: CBB-SET-* in docs/rules/cargo-bay-ball.md.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

from tabletop.core import Action, BadScenario

from . import actions as A
from .constants import (
    DRAFT,
    FLOW_ROUND_START,
    OBSTACLES,
    OFFICIAL,
    OFFSTAGE,
    PLACEMENT,
    PLAY,
    STANDING,
)
from .flight import start_deflection

if TYPE_CHECKING:
    from .board import Board
    from .game import CargoBayState

__all__ = ["ObstacleChoices", "begin", "crew_spaces", "floor_spaces", "obstacle_choices", "obstacle_spaces",
           "start_restart_placement"]


def begin(st: CargoBayState) -> None:
    """CBB-SET-1..4: team size, order rolls, fixed rosters, and the draft queue."""
    game = st.game
    rules = game.rules
    fixed = [r for r in game.rosters if r]
    option = game.options["team_size"]
    if fixed:
        st.team_size = len(fixed[0])
        st.emit("setup", f"Fixed rosters: teams of {st.team_size}.", team_size=st.team_size)
    elif option == "roll":
        face = st.rng.roll(6)
        size = rules.team_size_roll[face - 1]
        most = (len(game.cards) - 1) // 2
        chosen = min(max(size, game.min_team), most)
        note = "" if chosen == size else f" (made {chosen} so every person on a side has crew)"
        st.team_size = chosen
        st.emit("setup", f"Team size roll: 1d6={face}, so teams of {size}{note}.", roll=face, team_size=chosen)
    else:
        st.team_size = option
        st.emit("setup", f"Teams of {option}.", team_size=option)
    st.order = roll_order(st, list(range(len(game.seats))))
    names = ", ".join(game.seats[s] for s in st.order)
    st.emit("order", f"Picking order: {names}.", order=[game.seats[s] for s in st.order])
    if game.fixed_official >= 0:
        st.pool.remove(game.fixed_official)
    for side, roster in enumerate(game.rosters):
        if not roster:
            continue
        seats = [s for s in st.order if game.seat_side[s] == side]
        for k, card in enumerate(roster):
            st.pool.remove(card)
            _add_crew(st, card, seats[k % len(seats)])
        st.emit("roster", f"Side {side + 1} plays {', '.join(game.cards[c].short for c in roster)}.",
                side=side + 1, crew=[game.cards[c].id for c in roster])
    st.draft_queue = draft_queue(st)
    st.last_chooser = st.draft_queue[-1] if st.draft_queue else st.order[-1]
    if st.draft_queue:
        st.phase = DRAFT
    else:
        after_draft(st)


def roll_order(st: CargoBayState, seats: list[int]) -> list[int]:
    """CBB-SET-2: everyone rolls 3d6, highest first; tied seats roll again among themselves."""
    dice_count = st.game.rules.order_dice
    totals: dict[int, int] = {}
    for seat in seats:
        dice = st.rng.rolls(dice_count, 6)
        totals[seat] = sum(dice)
        st.emit("order-roll", f"{st.seat_name(seat)} rolls {dice_count}d6 for order: "
                f"{'+'.join(map(str, dice))}={totals[seat]}.", seat=st.seat_name(seat), dice=dice)
    ordered: list[int] = []
    for total in sorted(set(totals.values()), reverse=True):
        group = [s for s in seats if totals[s] == total]
        if len(group) > 1:
            st.emit("order-tie", f"{' and '.join(st.seat_name(s) for s in group)} tie on {total} and roll again.")
            group = roll_order(st, group)
        ordered.extend(group)
    return ordered


def draft_queue(st: CargoBayState) -> list[int]:
    """CBB-SET-3: rounds of picks in the same order every round (no snake); a seat picks while
    its share of its side's team is unfilled. Sides with a fixed roster do not draft."""
    game = st.game
    quota: dict[int, int] = {}
    for side, seats in enumerate(game.side_seats):
        if game.rosters[side]:
            continue
        in_order = [s for s in st.order if s in seats]
        for rank, seat in enumerate(in_order):
            quota[seat] = st.team_size // len(in_order) + (1 if rank < st.team_size % len(in_order) else 0)
    queue: list[int] = []
    for k in range(max(quota.values(), default=0)):
        queue.extend(seat for seat in st.order if quota.get(seat, 0) > k)
    return queue


def _add_crew(st: CargoBayState, card: int, seat: int) -> int:
    st.crew_card.append(card)
    st.crew_side.append(st.game.seat_side[seat])
    st.crew_seat.append(seat)
    st.pos.append(-1)
    st.status.append(OFFSTAGE)
    return len(st.crew_card) - 1


def pick(st: CargoBayState, action: A.Pick) -> None:
    seat = st.draft_queue[st.draft_i]
    card = st.game.card_index[action.crew]
    st.pool.remove(card)
    crew = _add_crew(st, card, seat)
    st.emit("pick", f"{st.seat_name(seat)} picks {st.name(crew)} for side {st.crew_side[crew] + 1}.",
            seat=st.seat_name(seat), crew=action.crew)
    st.draft_i += 1
    if st.draft_i >= len(st.draft_queue):
        after_draft(st)


def after_draft(st: CargoBayState) -> None:
    """CBB-SET-4: the Official comes from the crew nobody drafted."""
    game = st.game
    if game.fixed_official >= 0:
        appoint(st, game.fixed_official, fixed=True)
    elif len(st.pool) == 1:
        appoint(st, st.pool[0], fixed=True)
    else:
        st.phase = OFFICIAL


def appoint(st: CargoBayState, card: int, fixed: bool = False) -> None:
    info = st.game.cards[card]
    if card in st.pool:
        st.pool.remove(card)
    st.official = card
    if fixed:
        text = f"{info.short} is the Official (OFF {info.printed(8)})."
    else:
        text = f"{st.seat_name(st.last_chooser)} appoints {info.short} as the Official (OFF {info.printed(8)})."
    st.emit("official", text, crew=info.id)
    begin_obstacles(st)


def appoint_action(st: CargoBayState, action: A.Appoint) -> None:
    appoint(st, st.game.card_index[action.crew])


def begin_obstacles(st: CargoBayState) -> None:
    """CBB-SET-5/6: the goal starts at the centre with arrows at 1 and 4; 3d6 obstacles follow."""
    rules = st.game.rules
    st.arrow = (rules.goal_start_arrow - 1) % 3 + 1
    st.emit("goal", f"The goal hangs at {st.game.board.label(st.game.board.goal)} with its arrows at "
            f"{st.arrow} and {st.arrow + 3}.", arrows=[st.arrow, st.arrow + 3])
    dice = st.rng.rolls(rules.obstacle_dice, 6)
    count = min(sum(dice), rules.obstacle_pieces)
    st.emit("obstacles", f"Obstacle roll: {rules.obstacle_dice}d6={'+'.join(map(str, dice))}={sum(dice)} "
            f"obstacles.", dice=dice, count=count)
    st.obstacles_left = count
    st.obstacle_seat = st.order[0]
    st.phase = OBSTACLES
    _check_obstacles_done(st)


@dataclass(frozen=True)
class ObstacleChoices:
    """Where an obstacle may go now: the spaces in board order, the same as a set, and the
    placing actions in that order."""

    spaces: tuple[int, ...]
    allowed: frozenset[int]
    actions: tuple[Action, ...]


_KEPT_OBSTACLE_CHOICES = 4096  # a search meets the same few layouts again and again


def obstacle_choices(st: CargoBayState) -> ObstacleChoices:
    """CBB-SET-6: bay floor only (no grating, airlock, half spaces, door or goal), no counter
    already there, and no group of touching obstacles larger than the limit. Kept by layout
    while nobody stands on the field (the layout is then the whole answer)."""
    game = st.game
    if any(p >= 0 for p in st.pos):
        return _work_out_choices(st)
    cache = game.obstacle_cache
    found = cache.get(st.obstacles)
    if found is None:
        if len(cache) >= _KEPT_OBSTACLE_CHOICES:
            cache.clear()
        found = cache[st.obstacles] = _work_out_choices(st)
    return found


def obstacle_spaces(st: CargoBayState) -> tuple[int, ...]:
    """The spaces of :func:`obstacle_choices`, in board order."""
    return obstacle_choices(st).spaces


def _work_out_choices(st: CargoBayState) -> ObstacleChoices:
    game = st.game
    board = game.board
    limit = game.rules.max_adjoining_obstacles
    obstacles = st.obstacles
    occ = st.occ
    neighbours = board.neighbours
    group_of, group_sizes = _obstacle_groups(neighbours, obstacles)
    spaces = []
    for space in floor_spaces(board):
        if space in obstacles or occ[space] >= 0:
            continue
        touched = {group_of[n] for n in neighbours[space] if n in group_of}
        # The new obstacle joins every group it touches into one.
        if not touched or 1 + sum(group_sizes[g] for g in touched) <= limit:
            spaces.append(space)
    table = game.a_obstacle
    return ObstacleChoices(tuple(spaces), frozenset(spaces), tuple(table[s] for s in spaces))


@lru_cache(maxsize=16)
def floor_spaces(board: Board) -> tuple[int, ...]:
    """The plain floor spaces of a bay, in board order: where obstacles may go."""
    return tuple(s for s in board.field_spaces if board.kinds[s] == "floor")


def _obstacle_groups(neighbours: tuple[tuple[int, ...], ...],
                     obstacles: frozenset[int]) -> tuple[dict[int, int], list[int]]:
    """Each obstacle's group of touching obstacles (by number) and each group's size."""
    group_of: dict[int, int] = {}
    sizes: list[int] = []
    for start in obstacles:
        if start in group_of:
            continue
        group = len(sizes)
        group_of[start] = group
        todo = [start]
        for space in todo:
            for nxt in neighbours[space]:
                if nxt in obstacles and nxt not in group_of:
                    group_of[nxt] = group
                    todo.append(nxt)
        sizes.append(len(todo))
    return group_of, sizes


def cluster_size(neighbours: tuple[tuple[int, ...], ...], obstacles: frozenset[int], space: int) -> int:
    """How many obstacles touch one another in the group ``space`` is in, once an obstacle stands there."""
    group_of, sizes = _obstacle_groups(neighbours, obstacles | {space})
    return sizes[group_of[space]]


def place_obstacle(st: CargoBayState, action: A.PlaceObstacle) -> None:
    space = st.game.board.index[action.at]
    seat = st.obstacle_seat
    st.obstacles = st.obstacles | {space}
    st.obstacles_left -= 1
    st.emit("obstacle", f"{st.seat_name(seat)} places an obstacle on {action.at}.",
            seat=st.seat_name(seat), at=action.at)
    st.obstacle_seat = (seat + 1) % len(st.game.seats)
    _check_obstacles_done(st)


def _check_obstacles_done(st: CargoBayState) -> None:
    if st.obstacles_left > 0 and not obstacle_spaces(st):
        st.emit("obstacles", f"No legal space is left; {st.obstacles_left} obstacles are set aside.")
        st.obstacles_left = 0
    if st.obstacles_left == 0:
        start_first_placement(st)


def start_first_placement(st: CargoBayState) -> None:
    """CBB-SET-7: the last chooser places first, then the others going the other way round
    the table, one crew member each time, each seat in the order it drafted."""
    n = len(st.game.seats)
    remaining = {seat: [c for c in range(len(st.crew_card)) if st.crew_seat[c] == seat] for seat in range(n)}
    cycle = [(st.last_chooser - k) % n for k in range(n)]
    queue: list[int] = []
    while any(remaining.values()):
        for seat in cycle:
            if remaining[seat]:
                queue.append(remaining[seat].pop(0))
    st.place_queue = queue
    st.phase = PLACEMENT


def start_restart_placement(st: CargoBayState) -> None:
    """CBB-TIME-5: at a new Chop the side with more goals sets up first (a roll breaks a tie);
    sides alternate, and the people on a side take turns."""
    game = st.game
    if st.score[0] != st.score[1]:
        first = 0 if st.score[0] > st.score[1] else 1
        st.emit("setup-order", f"Side {first + 1} leads and sets up first.")
    else:
        face = st.rng.roll(6)
        first = 0 if face in game.rules.side1_first_on else 1
        st.emit("setup-order", f"Scores are level; 1d6={face}, so side {first + 1} sets up first.", roll=face)
    per_side: list[list[int]] = []
    for side in (first, 1 - first):
        by_seat = [[c for c in range(len(st.crew_card)) if st.crew_seat[c] == seat]
                   for seat in game.side_seats[side]]
        order: list[int] = []
        while any(by_seat):
            for crew_list in by_seat:
                if crew_list:
                    order.append(crew_list.pop(0))
        per_side.append(order)
    queue: list[int] = []
    for k in range(max(len(per_side[0]), len(per_side[1]))):
        for order in per_side:
            if k < len(order):
                queue.append(order[k])
    st.place_queue = queue
    st.phase = PLACEMENT


def crew_spaces(st: CargoBayState) -> list[int]:
    """CBB-SET-7: any field space with no counter (obstacle, goal), no printed number or door
    marking, and nobody on it."""
    obstacles = st.obstacles
    occ = st.occ
    return [s for s in _placeable(st) if occ[s] < 0 and s not in obstacles]


def _placeable(st: CargoBayState) -> tuple[int, ...]:
    board = st.game.board
    cached: tuple[int, ...] | None = getattr(board, "_placeable", None)
    if cached is None:
        cached = tuple(s for s in board.field_spaces
                       if board.kinds[s] in ("floor", "grating", "half") and s not in board.numbered)
        board._placeable = cached  # type: ignore[attr-defined]
    return cached


def place_crew(st: CargoBayState, action: A.PlaceCrew) -> None:
    crew = st.place_queue.pop(0)
    space = st.game.board.index[action.at]
    st.pos[crew] = space
    st.status[crew] = STANDING
    st.occ[space] = crew
    st.emit("place", f"{st.seat_name(st.crew_seat[crew])} places {st.name(crew)} on {action.at}.",
            crew=action.crew, at=action.at)
    if not st.place_queue:
        toss(st)


def toss(st: CargoBayState) -> None:
    """CBB-SET-8: the Official tosses the ball in: a deflection from the goal."""
    board = st.game.board
    st.ball = board.goal
    st.holder = -1
    st.phase = PLAY
    st.flow = FLOW_ROUND_START
    official = st.game.cards[st.official].short if st.official >= 0 else "The Official"
    st.emit("toss", f"Official {official} tosses the ball in from the catwalk over the goal.")
    start_deflection(st, board.goal, replace=False)


def legal_setup(st: CargoBayState) -> list[Action]:
    """The choices of the setup phases."""
    game = st.game
    phase = st.phase
    if phase in (DRAFT, OFFICIAL):
        table = game.a_pick if phase == DRAFT else game.a_appoint
        return [table[card] for card in st.pool]
    if phase == OBSTACLES:
        return list(obstacle_choices(st).actions)
    if phase == PLACEMENT:
        placings = game.placings(st.crew_card[st.place_queue[0]])
        return [placings[s] for s in crew_spaces(st)]
    raise BadScenario(f"no setup decision in phase {phase}")


def setup_seat(st: CargoBayState) -> int:
    phase = st.phase
    if phase == DRAFT:
        return st.draft_queue[st.draft_i]
    if phase == OFFICIAL:
        return st.last_chooser
    if phase == OBSTACLES:
        return st.obstacle_seat
    return st.crew_seat[st.place_queue[0]]

