"""The rules-of-thumb player behind ``TravelState.suggest``.

For allocation it tries every way to fill its rows (how many cards go to each row, and which row
gets the best cards first) and scores each plan against a model opponent, random cards dropped in
random rows of the opponent's ship: expected damage dealt minus damage taken, a bonus for a
kill, and a little for the movement advantage. It pairs movement cards to win the most pairs, calls reserve power at once, and keeps
mutual advantage points only when it is ahead in generation.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from functools import lru_cache
from typing import TYPE_CHECKING, cast

import numpy as np

from tabletop.core import Action, Randomness

from .actions import CANCEL, FINISH, KEEP, NO_CALL, PLACE, RECHARGE_BATTERIES, Power, pair_action
from .cards import DECK_SIZE, RANKS, VALUES
from .rules import ALLOCATE, PAIR, POWER, SETTLE

if TYPE_CHECKING:
    from .game import TravelState

__all__ = ["PLACING_ORDER", "PlacementKey", "best_plan", "movement_points", "placement_key", "placing", "split_bests",
           "suggest"]

SAMPLES = 48
MAX_TOTAL = 200
#: The order the heuristic places a plan's rows in: Movement, Offense, Defense.
PLACING_ORDER = (1, 0, 2)
_PERMUTATIONS = ((0, 1, 2), (0, 2, 1), (1, 0, 2), (1, 2, 0), (2, 0, 1), (2, 1, 0))
# Orders in which rows take the best cards, one per distinct outcome for each set of used rows
# (indexed by a bit mask of the rows that get cards: where an empty row stands changes nothing).
_ORDERS = tuple(
    tuple({tuple(r for r in p if mask >> r & 1): p for p in _PERMUTATIONS}.values()) for mask in range(8)
)
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
#
# The opponent is modelled as random cards from a full deck dropped into random rows with room.
# That model depends only on the opponent's ship and how many cards it holds where, so its
# samples, and tables of expected damage against them, are built once and cached: a decision then
# costs a few table look-ups per candidate plan, fast enough for search rollouts.

OpponentKey = tuple[tuple[int, int, int], tuple[int, int, int], int, int, int]
Sample = tuple[int, tuple[int, ...], int]


def _fits(counted: list[int], adds: tuple[int, int, int], limits: tuple[int, ...], bonus: int) -> bool:
    over = 0
    for n, add, lim in zip(counted, adds, limits, strict=True):
        if n + add > lim:
            over += n + add - lim
    return over <= bonus


@lru_cache(maxsize=2048)
def _splits(counted: tuple[int, int, int], limits: tuple[int, int, int], bonus: int,
            hand: int) -> tuple[tuple[int, int, int], ...]:
    """Every way to add as many hand cards as the rows can take, as counts per row."""
    for target in range(hand, -1, -1):
        found = tuple((a, b, target - a - b) for a in range(target + 1) for b in range(target - a + 1)
                      if _fits(list(counted), (a, b, target - a - b), limits, bonus))
        if found:
            return found
    return ((0, 0, 0),)


def _opponent_key(state: TravelState, j: int) -> OpponentKey:
    """What the model of opponent ``j`` depends on: ship limits, cards already placed, cards loose."""
    offense, movement, defense = state.rows[j]
    adv = state.adv_offense[j]
    # ``counts_visible`` (true outside allocation too), read inline: every placement asks
    if state.phase != ALLOCATE or state.rules.open_allocation or (state.finished[0] and state.finished[1]):
        counts = (len(offense), len(movement), len(defense))
        loose = 0 if state.finished[j] else len(state.hands[j])
    else:
        counts = (adv, 0, 0)
        loose = len(state.hands[j]) + len(offense) + len(movement) + len(defense) - adv
    key = (state.ships[j].limits, _COUNTS.setdefault(counts, counts), adv, loose, state.bonus[j])
    return _OPPONENTS.setdefault(key, key)  # shared, as ``_counts`` shares counts


_OPPONENTS: dict[OpponentKey, OpponentKey] = {}


@lru_cache(maxsize=512)
def _opponent_samples(key: OpponentKey) -> tuple[Sample, ...]:
    """(offense total, movement ranks, defense total) for random opponents fitting ``key``: cards
    drawn as ``random.Random.sample`` would, and rows chosen as its ``choice`` would, from a
    generator seeded by the key (see ``_drawn_cards``)."""
    limits, placed, adv, loose, bonus = key
    getrandbits = random.Random(hash(key) & 0xFFFF).getrandbits
    down = sum(placed)
    first, second = placed[0], placed[0] + placed[1]
    lo, lm, ld = limits
    start = [placed[0] - adv, placed[1], placed[2]]
    free = bonus - sum([max(0, n - lim) for n, lim in zip(start, limits, strict=True)])
    samples = []
    for _ in range(SAMPLES):
        cards = _drawn_cards(getrandbits, down + loose)
        rows: list[list[int]] = [cards[:first], cards[first:second], cards[second:down]]
        counts = list(start)
        spare = free
        for card in cards[down:]:
            # the rows with room (the same list, in the same order, as a scan of the three)
            open_rows = _ALL_ROWS if spare > 0 else _ROWS_WITH_ROOM[(counts[0] < lo) | (counts[1] < lm) << 1 |
                                                                   (counts[2] < ld) << 2]
            if not open_rows:
                break
            # one of them, drawn as the library's ``choice`` draws (by rejection, like its ``_randbelow``)
            size = len(open_rows)
            bits = size.bit_length()
            r = getrandbits(bits)
            while r >= size:
                r = getrandbits(bits)
            r = open_rows[r]
            if counts[r] >= limits[r]:
                spare -= 1
            counts[r] += 1
            rows[r].append(card)
        samples.append((sum([VALUES[c] for c in rows[0]]), tuple(sorted([RANKS[c] for c in rows[1]], reverse=True)),
                        sum([VALUES[c] for c in rows[2]])))
    return tuple(samples)


def _drawn_cards(getrandbits: Callable[[int], int], count: int) -> list[int]:
    """``random.Random.sample(range(DECK_SIZE), count)`` from the generator of ``getrandbits``, with
    the very same draws: the library keeps a shrinking pool of the cards when it would take more
    room than a set of those picked (always beyond five cards of 52), and otherwise draws again
    any card picked already; each draw is made by rejection, as its ``_randbelow`` makes it.
    Samples are drawn by the thousand when a search meets new opponents, and the library's own
    layers of calls cost more than the draws."""
    picked = [0] * count
    if count > 5:
        pool = list(range(DECK_SIZE))
        for k in range(count):
            size = DECK_SIZE - k
            bits = size.bit_length()
            j = getrandbits(bits)
            while j >= size:
                j = getrandbits(bits)
            picked[k] = pool[j]
            pool[j] = pool[size - 1]
    else:
        bits = DECK_SIZE.bit_length()
        selected: set[int] = set()
        for k in range(count):
            j = getrandbits(bits)
            while j >= DECK_SIZE or j in selected:
                j = getrandbits(bits)
            selected.add(j)
            picked[k] = j
    return picked


_ALL_ROWS = [0, 1, 2]
# The rows with room by a bit mask of offense (1), movement (2) and defense (4), as lists (as the
# library's ``choice`` was handed before).
_ROWS_WITH_ROOM = tuple([r for r in (0, 1, 2) if mask >> r & 1] for mask in range(8))


@lru_cache(maxsize=512)
def _damage_table(key: OpponentKey, target_gen: int, attacking: bool) -> list[float]:
    """Expected damage (kill bonus included) by total: dealt with my offense, or taken against my defense.

    Each sample's damage counts the full tens by which the offense beats the defense, up to
    ``target_gen``, and a kill adds ``KILL_BONUS`` at the last of them: so each of its tens is a
    threshold on my total, worth 1 (the last ``1 + KILL_BONUS``), that my total passes or not.
    Summed over the samples by counting thresholds, every sum is a whole number, so dividing it
    by the number of samples gives the very mean of the samples' damages."""
    samples = _opponent_samples(key)
    size = MAX_TOTAL + 1
    if target_gen <= 0:  # no damage can be dealt, and the target is already dead
        return [KILL_BONUS] * size
    others = np.array([d for _o, _m, d in samples] if attacking else [o for o, _m, _d in samples], dtype=np.int64)
    tens = 10 * np.arange(1, target_gen + 1)
    worth = np.ones(target_gen)
    worth[-1] += KILL_BONUS
    worths = np.tile(worth, len(samples))
    if attacking:
        # my total reaches a threshold from the defense plus its tens upwards
        first = np.clip(others[:, None] + tens[None, :], 0, size).ravel()
        sums = np.cumsum(np.bincount(first, weights=worths, minlength=size + 1)[:size])
    else:
        # my defense lets a threshold through up to the offense less its tens (index 0: never)
        last = (np.clip(others[:, None] - tens[None, :], -1, size - 1) + 1).ravel()
        sums = np.cumsum(np.bincount(last, weights=worths, minlength=size + 1)[::-1])[::-1][1:]
    return list((sums / len(samples)).tolist())


@lru_cache(maxsize=512)
def _opponent_moves(key: OpponentKey) -> tuple[tuple[tuple[int, ...], int], ...]:
    """The model opponent's movement rows, each distinct one with how many samples hold it."""
    return tuple(Counter(theirs for _o, theirs, _d in _opponent_samples(key)).items())


def _movement_value(key: OpponentKey, mine: tuple[int, ...]) -> float:
    """Expected advantage points won minus lost, pairing best against best."""
    places, beyond = _movement_places(key)
    extra = len(mine) - len(places)
    total = beyond[len(mine)] if extra < 0 else extra * SAMPLES
    for place, rank in zip(places, mine, strict=False):
        total += place[rank]
    return total / SAMPLES


@lru_cache(maxsize=512)
def _movement_places(key: OpponentKey) -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]:
    """The model opponent's movement rows taken place by place, so that a row of mine is scored with
    a look-up per card. Against one row of theirs, each place holding cards on both sides scores the
    comparison (+1, 0 or -1) and each place holding only one side's card scores 1 for its owner:
    that is the unmatched cards' count difference plus the pairs won less the pairs lost. Summed
    over their rows (weighted by how many samples hold each), ``places[k][rank]`` is what my
    ``k``-th card of ``rank`` scores, and ``beyond[n]`` what the places after my ``n`` cards score
    (their unmatched cards); a card of mine past their longest row scores 1 in every sample. All
    counts are whole numbers, so the sum is exact."""
    moves = _opponent_moves(key)
    width = max((len(theirs) for theirs, _times in moves), default=0)
    # their card at each place of each row (-1 past its end) against every rank of mine: whole
    # numbers, so numpy's sums are exact
    theirs_at = np.array([[theirs[k] if k < len(theirs) else -1 for k in range(width)] for theirs, _t in moves],
                         dtype=np.int64).reshape(len(moves), width)
    weights = np.array([t for _theirs, t in moves], dtype=np.int64)
    signs = np.sign(np.arange(15)[None, None, :] - theirs_at[:, :, None])
    places = [tuple(place) for place in (weights[:, None, None] * signs).sum(axis=0).tolist()]
    beyond = [0] * (width + 1)
    for n in range(width + 1):
        for theirs, times in moves:
            beyond[n] -= times * max(0, len(theirs) - n)
    return tuple(places), tuple(beyond)


PlacementKey = tuple[tuple[tuple[int, int], ...], int, tuple[int, ...], int, tuple[int, int, int],
                     tuple[int, int, int], int, OpponentKey, int, int]
# Decisions already worked out: an allocation's whole plan is stored for each step along it, so
# the rest of the allocation costs a dictionary look-up per card.
_PLACEMENTS: dict[PlacementKey, tuple[int, int] | None] = {}
_PLACEMENTS_MAX = 50_000
_UNSET = object()  # a look-up's answer when a cache holds nothing for the key (None is an answer)


# Sorting by this puts the best cards first: higher value, then higher rank (as (-value, -rank) would).
_BEST_FIRST: tuple[int, ...] = tuple(-(VALUES[c] * 16 + RANKS[c]) for c in range(DECK_SIZE))
_VALUE_RANK: tuple[tuple[int, int], ...] = tuple((VALUES[c], RANKS[c]) for c in range(DECK_SIZE))


def _counts(offense: int, movement: int, defense: int) -> tuple[int, int, int]:
    """The one shared tuple of these row counts. The heuristic keeps tens of thousands of keys,
    each holding its counts: shared, they are not each another object for Python's collector."""
    counts = (offense, movement, defense)
    return _COUNTS.setdefault(counts, counts)


_COUNTS: dict[tuple[int, int, int], tuple[int, int, int]] = {}


def placement_key(state: TravelState, i: int) -> tuple[list[int], PlacementKey]:
    """Ship ``i``'s hand, best cards first, and what its allocation depends on: the hand's values
    and ranks, its rows so far, its ship, the model of the opponent and both generations."""
    hand = sorted(state.hands[i], key=_BEST_FIRST.__getitem__)
    j = 1 - i
    offense, movement, defense = state.rows[i]
    counts = (len(offense) - state.adv_offense[i], len(movement), len(defense))
    # Looked up with ``map`` rather than list displays: a search builds several keys an iteration.
    key: PlacementKey = (
        tuple(map(_VALUE_RANK.__getitem__, hand)),
        sum(map(VALUES.__getitem__, offense)),
        tuple(map(RANKS.__getitem__, movement)),
        sum(map(VALUES.__getitem__, defense)),
        _COUNTS.setdefault(counts, counts),
        state.ships[i].limits,
        state.bonus[i],
        _opponent_key(state, j),
        state.gen[i],
        state.gen[j],
    )
    return hand, key


def _allocate(state: TravelState, i: int, rng: Randomness) -> Action:
    if not state.hands[i]:
        return FINISH
    hand, key = placement_key(state, i)
    found = _PLACEMENTS.get(key, _UNSET)
    if found is _UNSET:
        if len(_PLACEMENTS) > _PLACEMENTS_MAX:
            _PLACEMENTS.clear()
        found = _plan(key)
    choice = cast("tuple[int, int] | None", found)
    if choice is None:
        return FINISH
    position, row = choice
    return PLACE[hand[position]][row]


def best_plan(key: PlacementKey) -> tuple[int, ...] | None:
    """The whole allocation the heuristic would choose for ``key`` from scratch; None to finish."""
    found = _BEST.get(key, _UNSET)
    if found is _UNSET:
        found = _keep_best(key, _best_split(*key))
    return cast("tuple[int, ...] | None", found)


def _keep_best(key: PlacementKey, plan: tuple[int, ...] | None) -> tuple[int, ...] | None:
    if len(_BEST) > _PLACEMENTS_MAX:
        _BEST.clear()
    _BEST[key] = plan
    return plan


# The plans already found, by key (a search meets the same short hands again and again).
_BEST: dict[PlacementKey, tuple[int, ...] | None] = {}


def split_bests(key: PlacementKey) -> list[tuple[float, int, tuple[int, ...]]]:
    """The best plan of each split of card counts over the rows, in the order ``_plan_scores`` scores
    them, as (score, its place there, plan); the first of equally good plans wins."""
    hand, base_offense, base_moves, base_defense, counted, limits, bonus, opponent, my_gen, their_gen = key
    scores, plans = _plan_scores(hand, base_offense, base_moves, base_defense, counted, limits, bonus, opponent,
                                 my_gen, their_gen)
    found = []
    for start, end in _split_ranges(counted, limits, bonus, len(hand)):
        run = scores[start:end]
        best = start + run.index(max(run))
        found.append((scores[best], best, plans[best]))
    if key not in _BEST:  # the same scores answer ``best_plan``: the rules of thumb ask it next
        _keep_best(key, _first_best(scores, plans))
    return found


@lru_cache(maxsize=1024)
def _split_ranges(counted: tuple[int, int, int], limits: tuple[int, int, int], bonus: int,
                  size: int) -> tuple[tuple[int, int], ...]:
    """Where each split's plans stand in ``_layouts`` (which lists them split by split), as
    (first, past the last)."""
    ranges: list[tuple[int, int]] = []
    split = None
    for index, layout in enumerate(_layouts(counted, limits, bonus, size)):
        if layout[6][3:] != split:
            split = layout[6][3:]
            ranges.append((index, index + 1))
        else:
            ranges[-1] = (ranges[-1][0], index + 1)
    return tuple(ranges)


def _plan(key: PlacementKey) -> tuple[int, int] | None:
    """Find the best plan for ``key`` and record its next placement for every step along it; the
    first (None: finish)."""
    hand, offense, moves, defense, counted, limits, bonus, opponent, my_gen, their_gen = key
    best = best_plan(key)
    if best is None:
        _PLACEMENTS[key] = None
        return None
    order = placing(best)
    _PLACEMENTS[key] = order[0]
    remaining = list(hand)
    count = list(counted)
    shared = _COUNTS.setdefault
    for index, (position, row) in enumerate(order):
        if index:
            counts = (count[0], count[1], count[2])
            _PLACEMENTS[(tuple(remaining), offense, moves, defense, shared(counts, counts), limits, bonus, opponent,
                         my_gen, their_gen)] = order[index]
        value, rank = remaining.pop(position)
        count[row] += 1
        if row == 0:
            offense += value
        elif row == 1:
            moves = (*moves, rank)
        else:
            defense += value
    return order[0]


@lru_cache(maxsize=4096)
def placing(plan: tuple[int, ...]) -> tuple[tuple[int, int], ...]:
    """A plan's placements in the order the heuristic makes them (Movement, Offense, Defense), each
    as (where the card stands among the cards still in hand, row). A row's run is contiguous in the
    hand, so each of its cards in turn stands where the run starts, less the cards of the runs
    before it placed already."""
    starts, adds = plan[:3], plan[3:]
    order: list[tuple[int, int]] = []
    done: list[int] = []
    for row in PLACING_ORDER:
        position = starts[row] - sum([adds[r] for r in done if starts[r] < starts[row]])
        order += [(position, row)] * adds[row]
        done.append(row)
    return tuple(order)


@lru_cache(maxsize=1024)
def _layouts(counted: tuple[int, int, int], limits: tuple[int, int, int], bonus: int,
             size: int) -> tuple[tuple[int, int, int, int, int, int, tuple[int, ...]], ...]:
    """Every plan for a hand of ``size`` cards, best first, in the order they are weighed: the
    (start, end) of the offense, movement and defense runs in the hand, then the plan itself as
    (start of each row's run, cards for each row)."""
    found = []
    for adds in _splits(counted, limits, bonus, size):
        if not any(adds):
            continue
        for first, second, third in _ORDERS[(adds[0] > 0) | (adds[1] > 0) << 1 | (adds[2] > 0) << 2]:
            ends = [0, 0, 0]
            ends[first] = adds[first]
            ends[second] = ends[first] + adds[second]
            ends[third] = ends[second] + adds[third]
            starts = (ends[0] - adds[0], ends[1] - adds[1], ends[2] - adds[2])
            found.append((starts[0], ends[0], starts[1], ends[1], starts[2], ends[2], (*starts, *adds)))
    return tuple(found)


# The model opponent's tables for one (opponent, my generation, its generation): expected damage
# dealt by offense total, expected damage taken by defense total, and the worth of movement rows
# (a dictionary filled as plans need it).
_Tables = tuple[list[float], list[float], dict[tuple[int, ...], float]]
_TABLES: dict[tuple[OpponentKey, int, int], _Tables] = {}
_MOVEMENTS: dict[OpponentKey, dict[tuple[int, ...], float]] = {}
_BEYOND = sum(VALUES) - MAX_TOTAL


def _tables(key: OpponentKey, my_gen: int, their_gen: int) -> _Tables:
    found = _TABLES.get((key, my_gen, their_gen))
    if found is None:
        if len(_TABLES) > 2048:
            _TABLES.clear()
        movement = _MOVEMENTS.get(key)
        if movement is None:
            if len(_MOVEMENTS) > 512:
                _MOVEMENTS.clear()
            movement = _MOVEMENTS[key] = {}
        # Stretched to every total the deck can make (a total past MAX_TOTAL scores as MAX_TOTAL),
        # so a plan looks its totals up without clamping them.
        dealt, taken = _damage_table(key, their_gen, True), _damage_table(key, my_gen, False)
        found = _TABLES[key, my_gen, their_gen] = (dealt + [dealt[-1]] * _BEYOND, taken + [taken[-1]] * _BEYOND,
                                                   movement)
    return found


@lru_cache(maxsize=1024)
def _run_table(counted: tuple[int, int, int], limits: tuple[int, int, int], bonus: int, size: int) -> tuple[
        tuple[tuple[tuple[int, int], ...], ...], tuple[tuple[int, int, int], ...], tuple[tuple[int, ...], ...]]:
    """``_layouts`` by runs: the distinct (start, end) runs of each row, each plan as the indices of
    its offense, movement and defense runs among them, and the plans themselves, in that order.
    Many plans share a run, so a hand's runs are each scored once."""
    runs: tuple[dict[tuple[int, int], int], ...] = ({}, {}, {})
    picks = []
    plans = []
    for s0, e0, s1, e1, s2, e2, plan in _layouts(counted, limits, bonus, size):
        picks.append((runs[0].setdefault((s0, e0), len(runs[0])), runs[1].setdefault((s1, e1), len(runs[1])),
                      runs[2].setdefault((s2, e2), len(runs[2]))))
        plans.append(plan)
    return tuple(tuple(row) for row in runs), tuple(picks), tuple(plans)


def _plan_scores(hand: tuple[tuple[int, int], ...], base_offense: int, base_moves: tuple[int, ...],
                 base_defense: int, counted: tuple[int, int, int], limits: tuple[int, int, int], bonus: int,
                 key: OpponentKey, my_gen: int, their_gen: int) -> tuple[list[float], tuple[tuple[int, ...], ...]]:
    """The score of every plan of ``_layouts`` and the plans, in that order; a plan is (start of each
    row's run in ``hand``, cards for each row), and ``hand`` is (value, rank) pairs, best first. A
    plan scores the damage its offense is expected to deal, less what its defense lets through, plus
    ``POINT_WORTH`` for each advantage point its movement is expected to win."""
    dealt, taken, movement = _tables(key, my_gen, their_gen)
    ranks = tuple([r for _v, r in hand])
    prefix = [0]
    for v, _r in hand:
        prefix.append(prefix[-1] + v)
    (offense_runs, movement_runs, defense_runs), picks, plans = _run_table(counted, limits, bonus, len(hand))
    attack = [dealt[base_offense + prefix[end] - prefix[start]] for start, end in offense_runs]
    guard = [taken[base_defense + prefix[end] - prefix[start]] for start, end in defense_runs]
    manoeuvre = []
    for start, end in movement_runs:
        moves = ranks[start:end]
        if base_moves:
            moves = tuple(sorted(moves + base_moves, reverse=True))
        worth = movement.get(moves)
        if worth is None:
            worth = movement[moves] = _movement_value(key, moves)
        manoeuvre.append(POINT_WORTH * worth)
    return [attack[o] - guard[d] + manoeuvre[m] for o, m, d in picks], plans


def _best_split(hand: tuple[tuple[int, int], ...], base_offense: int, base_moves: tuple[int, ...],
                base_defense: int, counted: tuple[int, int, int], limits: tuple[int, int, int], bonus: int,
                key: OpponentKey, my_gen: int, their_gen: int) -> tuple[int, ...] | None:
    """The best plan as (start of each row's run in ``hand``, cards for each row); None to finish.
    The first of equally good plans wins."""
    return _first_best(*_plan_scores(hand, base_offense, base_moves, base_defense, counted, limits, bonus, key,
                                     my_gen, their_gen))


def _first_best(scores: list[float], plans: tuple[tuple[int, ...], ...]) -> tuple[int, ...] | None:
    """The plan of the best score, the first of equally good ones; None to finish."""
    if not scores:
        return None
    best = scores.index(max(scores))
    return plans[best] if scores[best] > -1e9 else None


# -- pairing -------------------------------------------------------------------------------------


def _pair(state: TravelState, i: int) -> Action:
    own_walk = state.walk_owner == i
    walk = tuple([RANKS[c] for c in state.walk])
    choices = state._partner_choices()
    both = state.rules.pair_points_both
    best_value: tuple[int, int] | None = None
    best_card = choices[0]
    for card in choices:
        rest = list(state.pool)
        rest.remove(card)
        first = _sign(walk[0], RANKS[card], own_walk, both)
        later = _best_matching(walk[1:], tuple(sorted([RANKS[c] for c in rest])), own_walk, both)
        value = (first[0] + later[0], first[1] + later[1])
        if best_value is None or value > best_value:
            best_value, best_card = value, card
    walked = state.walk[0]
    return pair_action(walked, best_card) if own_walk else pair_action(best_card, walked)


def movement_points(state: TravelState) -> list[int]:
    """Each ship's advantage points from this turn's movement once the resolving ship has paired
    and settled the way ``suggest`` does (while pairing or settling; else the points so far)."""
    points = list(state.points)
    who = state.resolver
    if state.phase == PAIR:
        edge, mine = _best_matching(tuple(RANKS[c] for c in state.walk), tuple(sorted(RANKS[c] for c in state.pool)),
                                    state.walk_owner == who, state.rules.pair_points_both)
        points[who] += mine
        points[1 - who] += mine - edge
    if state.phase in (PAIR, SETTLE) and points[0] and points[1] and state.gen[who] <= state.gen[1 - who]:
        cut = max(points) if state.rules.cancel_all else min(points)
        points = [max(0, p - cut) for p in points]
    return points


def _sign(walk_rank: int, pool_rank: int, own_walk: bool, both: bool) -> tuple[int, int]:
    """(my points minus theirs, my points) for one pair, paired by me as the resolver; the other
    ship scores a pair it wins only when ``both`` (option ``pair_points=both``)."""
    mine, theirs = (walk_rank, pool_rank) if own_walk else (pool_rank, walk_rank)
    if mine > theirs:
        return (1, 1)
    if mine < theirs and both:
        return (-1, 0)
    return (0, 0)


@lru_cache(maxsize=4096)
def _best_matching(walk: tuple[int, ...], pool: tuple[int, ...], own_walk: bool, both: bool) -> tuple[int, int]:
    """The best (edge, my points) over every way to pair the remaining walked cards."""
    if not walk:
        left = len(pool)
        return (-left, 0) if own_walk else (left, left)
    best: tuple[int, int] | None = None
    for k, rank in enumerate(pool):
        if k and pool[k - 1] == rank:
            continue
        first = _sign(walk[0], rank, own_walk, both)
        later = _best_matching(walk[1:], pool[:k] + pool[k + 1:], own_walk, both)
        value = (first[0] + later[0], first[1] + later[1])
        if best is None or value > best:
            best = value
    assert best is not None
    return best
