"""The rules-of-thumb player behind ``TravelState.suggest``.

It runs on a determinized copy, so the opponent's cards it sees are a guess. For allocation it
tries every way to fill its rows (by how many cards go to each row, and which row gets the best
cards first), plays each plan against several random allocations of the opponent's cards, and
scores damage dealt against damage taken, with a bonus for a kill and a little for movement
advantage. It pairs movement cards to win the most pairs, calls reserve power at once, and keeps
mutual advantage points only when it is ahead in generation.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import permutations
from typing import TYPE_CHECKING

from tabletop.core import Action, Randomness

from .actions import CANCEL, FINISH, KEEP, NO_CALL, PLACE, RECHARGE_BATTERIES, Power, pair_action
from .cards import RANKS, VALUES
from .movement import compare, resolver
from .rules import ALLOCATE, PAIR, POWER, SETTLE

if TYPE_CHECKING:
    from .game import TravelState

__all__ = ["suggest"]

SAMPLES = 12
POINT_WORTH = 0.35  # an advantage point is roughly a third of a point of damage next turn
KILL_BONUS = 4.0


def suggest(state: TravelState, seat: str, rng: Randomness) -> Action:
    i = 0 if seat == "seat1" else 1
    phase = state.phase
    if phase == ALLOCATE:
        return _allocate(state, i, rng)
    if phase == PAIR:
        return _pair(state, i)
    if phase == SETTLE:
        return KEEP if state.gen[i] > state.gen[1 - i] else CANCEL
    if phase == POWER:
        calls = [a for a in state._power_options(i) if isinstance(a, Power)]
        eager = [a for a in calls if a.call not in (NO_CALL, RECHARGE_BATTERIES)]
        return eager[0] if eager else next(a for a in calls if a.call == NO_CALL)
    return rng.choice(state.legal_actions(seat))


# -- allocation ----------------------------------------------------------------------------------


def _counted(state: TravelState, i: int) -> list[int]:
    rows = state.rows[i]
    return [len(rows[0]) - state.adv_offense[i], len(rows[1]), len(rows[2])]


def _fits(counted: list[int], adds: tuple[int, int, int], limits: tuple[int, ...], bonus: int) -> bool:
    over = 0
    for n, add, lim in zip(counted, adds, limits, strict=True):
        if n + add > lim:
            over += n + add - lim
    return over <= bonus


def _splits(state: TravelState, i: int) -> list[tuple[int, int, int]]:
    """Every way to add as many hand cards as the rows can take, as counts per row."""
    counted = _counted(state, i)
    limits = state.ships[i].limits
    bonus = state.bonus[i]
    hand = len(state.hands[i])
    for target in range(hand, -1, -1):
        found = [(a, b, target - a - b) for a in range(target + 1) for b in range(target - a + 1)
                 if _fits(counted, (a, b, target - a - b), limits, bonus)]
        if found:
            return found
    return [(0, 0, 0)]


def _opponent_samples(state: TravelState, j: int, rng: Randomness) -> list[tuple[int, list[int], int]]:
    """(offense total, movement cards, defense total) for random fills of the opponent's rows."""
    from .game import counts_visible

    rows = state.rows[j]
    if counts_visible(state, 1 - j) or state.phase != ALLOCATE:
        fixed = [list(r) for r in rows]
        loose = list(state.hands[j]) if not state.finished[j] else []
    else:
        fixed = [rows[0][: state.adv_offense[j]], [], []]
        loose = list(state.hands[j]) + rows[0][state.adv_offense[j]:] + rows[1] + rows[2]
    limits = state.ships[j].limits
    samples = []
    for _ in range(SAMPLES if loose else 1):
        filled = [list(r) for r in fixed]
        counts = [len(filled[0]) - state.adv_offense[j], len(filled[1]), len(filled[2])]
        spare = state.bonus[j] - sum(max(0, n - lim) for n, lim in zip(counts, limits, strict=True))
        cards = list(loose)
        rng.shuffle(cards, "heuristic")
        for card in cards:
            open_rows = [r for r in (0, 1, 2) if counts[r] < limits[r] or spare > 0]
            if not open_rows:
                break
            r = rng.choice(open_rows)
            if counts[r] >= limits[r]:
                spare -= 1
            counts[r] += 1
            filled[r].append(card)
        samples.append((sum(VALUES[c] for c in filled[0]), filled[1], sum(VALUES[c] for c in filled[2])))
    return samples


def _movement_edge(state: TravelState, i: int, mine: list[int], theirs: list[int]) -> int:
    """My advantage points minus theirs, pairing best against best (a quick estimate)."""
    moves = (mine, theirs) if i == 0 else (theirs, mine)
    limits = (state.ships[0].limits[1], state.ships[1].limits[1])
    who, _ = resolver(moves, limits, (state.gen[0], state.gen[1]))
    if who is None:
        return 0
    a = sorted(mine, key=lambda c: -RANKS[c])
    b = sorted(theirs, key=lambda c: -RANKS[c])
    edge = sum(compare(x, y) for x, y in zip(a, b, strict=False))
    return edge + len(a) - len(b)


def _allocate(state: TravelState, i: int, rng: Randomness) -> Action:
    hand = sorted(state.hands[i], key=lambda c: (-VALUES[c], -RANKS[c]))
    if not hand:
        return FINISH
    j = 1 - i
    samples = _opponent_samples(state, j, rng)
    mine = state.rows[i]
    base = (sum(VALUES[c] for c in mine[0]), list(mine[1]), sum(VALUES[c] for c in mine[2]))
    best: tuple[float, list[tuple[int, int]]] | None = None
    seen: set[tuple[tuple[int, ...], ...]] = set()
    for adds in _splits(state, i):
        for order in permutations((0, 1, 2)):
            plan: list[tuple[int, int]] = []
            rest = iter(hand)
            for r in order:
                plan.extend((next(rest), r) for _ in range(adds[r]))
            key = tuple(tuple(sorted(RANKS[c] for c, r in plan if r == row)) for row in (0, 1, 2))
            if key in seen:
                continue
            seen.add(key)
            score = _score(state, i, base, plan, samples)
            if best is None or score > best[0]:
                best = (score, plan)
    if best is None or not best[1]:
        return FINISH
    plan = sorted(best[1], key=lambda cr: (cr[1] != 1, cr[1]))
    card, row = plan[0]
    return PLACE[card][row]


def _score(state: TravelState, i: int, base: tuple[int, list[int], int], plan: list[tuple[int, int]],
           samples: list[tuple[int, list[int], int]]) -> float:
    offense, movement, defense = base[0], list(base[1]), base[2]
    for card, row in plan:
        if row == 0:
            offense += VALUES[card]
        elif row == 1:
            movement.append(card)
        else:
            defense += VALUES[card]
    my_gen, their_gen = state.gen[i], state.gen[1 - i]
    total = 0.0
    for their_offense, their_movement, their_defense in samples:
        dealt = min(their_gen, max(0, offense - their_defense) // 10)
        taken = min(my_gen, max(0, their_offense - defense) // 10)
        value = dealt - taken + POINT_WORTH * _movement_edge(state, i, movement, their_movement)
        if dealt >= their_gen:
            value += KILL_BONUS
        if taken >= my_gen:
            value -= KILL_BONUS
        total += value
    return total / len(samples)


# -- pairing -------------------------------------------------------------------------------------


def _pair(state: TravelState, i: int) -> Action:
    own_walk = state.walk_owner == i
    walk = tuple(RANKS[c] for c in state.walk)
    choices = state._partner_choices()
    best_value: tuple[int, int] | None = None
    best_card = choices[0]
    for card in choices:
        rest = list(state.pool)
        rest.remove(card)
        first = _sign(walk[0], RANKS[card], own_walk)
        later = _best_matching(walk[1:], tuple(sorted(RANKS[c] for c in rest)), own_walk)
        value = (first[0] + later[0], first[1] + later[1])
        if best_value is None or value > best_value:
            best_value, best_card = value, card
    walked = state.walk[0]
    return pair_action(walked, best_card) if own_walk else pair_action(best_card, walked)


def _sign(walk_rank: int, pool_rank: int, own_walk: bool) -> tuple[int, int]:
    """(my points minus theirs, my points) for one pair."""
    mine, theirs = (walk_rank, pool_rank) if own_walk else (pool_rank, walk_rank)
    if mine > theirs:
        return (1, 1)
    if mine < theirs:
        return (-1, 0)
    return (0, 0)


@lru_cache(maxsize=4096)
def _best_matching(walk: tuple[int, ...], pool: tuple[int, ...], own_walk: bool) -> tuple[int, int]:
    """The best (edge, my points) over every way to pair the remaining walked cards."""
    if not walk:
        left = len(pool)
        return (-left, 0) if own_walk else (left, left)
    best: tuple[int, int] | None = None
    for k, rank in enumerate(pool):
        if k and pool[k - 1] == rank:
            continue
        first = _sign(walk[0], rank, own_walk)
        later = _best_matching(walk[1:], pool[:k] + pool[k + 1:], own_walk)
        value = (first[0] + later[0], first[1] + later[1])
        if best is None or value > best:
            best = value
    assert best is not None
    return best
