"""What a seat cannot see, and re-drawing it: ``determinize`` for search and the heuristic.

Hidden from a seat: the identity of every deck card it has not seen go under the deck (the
deck is shuffled once, and revealed cards return to the bottom in a known order), the
opponent's hand, the opponent's face-down rows, and while the screen is up even how many
cards the opponent has put in each row. A pending power call is hidden until both have called.
Advantage cards dealt straight into Offense are face down to their owner too, until the reveal
(unless ``advantage_cards=owner-looks``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.core import Randomness

from .flow import BOTH
from .rules import ALLOCATE, POWER

if TYPE_CHECKING:
    from .game import TravelState

__all__ = ["counts_visible", "determinize", "row_visible", "unseen_advantage"]

SEATS = ("seat1", "seat2")


def row_visible(state: TravelState, owner: int, viewer: int | None, row: int) -> bool:
    """Whether ``viewer`` (None: a spectator) may see the faces of ``owner``'s cards in ``row``."""
    return viewer == owner or state.revealed >= 2 or (row == 1 and state.revealed >= 1)


def unseen_advantage(state: TravelState, owner: int, viewer: int | None) -> int:
    """How many cards at the bottom of ``owner``'s Offense (its advantage cards) the owner itself
    has not seen; 0 for anyone else (their whole row is hidden or revealed already)."""
    if viewer != owner or state.rules.advantage_seen or state.revealed >= 2:
        return 0
    return state.adv_offense[owner]


def counts_visible(state: TravelState, viewer: int | None) -> bool:
    """Row counts are hidden only behind the screen, while someone is still allocating."""
    return state.rules.open_allocation or state.phase != ALLOCATE or (state.finished[0] and state.finished[1])


def determinize(state: TravelState, seat: str | None, rng: Randomness) -> TravelState:
    """A copy of ``state`` with everything ``seat`` cannot see re-drawn at random."""
    viewer = None if seat is None else SEATS.index(seat)
    copy = state.copy_position(state.seen_by(seat), [])
    copy.rng = Randomness(int(rng.random() * 2**31))
    known = copy.known
    if viewer is None:
        slots = [k for k, seen in enumerate(known) if seen != BOTH]
    else:
        bit = 1 << viewer
        slots = [k for k, seen in enumerate(known) if not seen & bit]
    pool = [copy.deck[k] for k in slots]
    counted = counts_visible(copy, viewer)
    resplit: list[int] = []
    layout: dict[int, tuple[list[int], int]] = {}
    for i in (0, 1):
        if i == viewer:
            own_unseen = unseen_advantage(copy, i, viewer)
            if own_unseen:
                pool.extend(copy.rows[i][0][:own_unseen])
                copy.rows[i][0][:own_unseen] = [0] * own_unseen
                layout[i] = ([], 0)
            continue
        if copy.phase == POWER and copy.calls[i] is not None:
            copy.calls[i] = rng.choice(copy._power_options(i)).call
        hidden_rows = [r for r in (0, 1, 2) if not row_visible(copy, i, viewer, r)]
        for r in hidden_rows:
            pool.extend(copy.rows[i][r])
        pool.extend(copy.hands[i])
        if counted or copy.phase != ALLOCATE:
            layout[i] = (hidden_rows, len(copy.hands[i]))
            for r in hidden_rows:
                copy.rows[i][r] = [0] * len(copy.rows[i][r])
            copy.hands[i] = [0] * len(copy.hands[i])
        else:
            # Behind the screen: only the advantage cards' place is known; the split is re-drawn.
            held = len(copy.hands[i]) + sum(len(row) for row in copy.rows[i])
            layout[i] = ([0], held - copy.adv_offense[i])
            copy.rows[i] = [[0] * copy.adv_offense[i], [], []]
            copy.hands[i] = []
            if copy.finished[i]:
                resplit.append(i)
    # Sorted first, so the re-draw depends only on which cards are unseen, never on where the
    # hidden ones really lie.
    pool.sort()
    rng.shuffle(pool, "determinize")
    deck = copy.deck
    for k, card in zip(slots, pool, strict=False):  # the rest of the pool goes to rows and hands
        deck[k] = card
    taken = len(slots)  # the shuffled cards dealt out so far, in this order
    for i, (hidden_rows, hand_size) in layout.items():
        if i == viewer:
            own_unseen = unseen_advantage(copy, i, viewer)
            copy.rows[i][0][:own_unseen] = pool[taken:taken + own_unseen]
            taken += own_unseen
            continue
        for r in hidden_rows:
            count = len(copy.rows[i][r])
            copy.rows[i][r] = pool[taken:taken + count]
            taken += count
        copy.hands[i] = pool[taken:taken + hand_size]
        taken += hand_size
    for i in resplit:
        _random_split(copy, i, rng)
    copy.rooms = [copy._room(0), copy._room(1)]
    copy.searcher = viewer  # its plans model the other ship by its likeliest reply (plans.py)
    copy.placements = [None, None]
    copy._legal_cache = {}
    return copy


def _random_split(state: TravelState, i: int, rng: Randomness) -> None:
    """Place a finished opponent's re-drawn hand card by card in random rows that have room."""
    while True:
        rooms = state._room(i)
        if not rooms:
            return
        card = rng.choice(state.hands[i])
        state.hands[i].remove(card)
        state.rows[i][rng.choice(rooms)].append(card)
