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

__all__ = ["Hidden", "counts_visible", "determinize", "row_visible", "unseen_advantage"]

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
    hidden = state.hidden_from(viewer)
    for i in hidden.calls:
        copy.calls[i] = rng.choice(copy._power_options(i)).call
    pool = list(hidden.pool)
    rng.shuffle(pool, "determinize")
    deck = copy.deck
    slots = hidden.slots
    taken = len(slots)  # the shuffled cards dealt out so far, in this order
    if hidden.first is not None:
        deck[hidden.first:hidden.first + taken] = pool[:taken]
    else:
        for k, card in zip(slots, pool, strict=False):  # the rest of the pool goes to rows and hands
            deck[k] = card
    for i, place, count in hidden.places:
        cards = pool[taken:taken + count]
        taken += count
        if place == _HAND:
            copy.hands[i] = cards
        elif place == _UNSEEN_ADVANTAGE:
            copy.rows[i][0][:count] = cards
        elif place == _SCREENED:
            copy.rows[i] = [cards, [], []]
        else:
            copy.rows[i][place] = cards
    for i in hidden.resplit:
        _random_split(copy, i, rng)
    copy.rooms = [copy._room(0), copy._room(1)]
    copy.searcher = viewer  # its plans model the other ship by its likeliest reply (plans.py)
    copy.placements = [None, None]
    copy._legal_cache = {}
    return copy


# Where the re-drawn cards go besides the deck: a row (0-2), the hand, the seat's own unseen
# advantage cards at the bottom of its Offense, or behind the screen a fresh Offense of only the
# advantage cards (the other rows emptied, the split re-drawn).
_HAND = 3
_UNSEEN_ADVANTAGE = 4
_SCREENED = 5


class Hidden:
    """What a seat cannot see in one position, laid out for re-drawing (``determinize``): the
    deck places to fill (``first`` when they are one run), the unseen cards sorted (so a re-draw
    depends only on which cards are unseen, never on where they really lie), where the rest of
    them go (seat, place, count) in order, the finished opponents whose split is re-drawn, and the
    pending power calls re-drawn. A search re-draws the same position in every world it plays, so
    a position keeps this (``TravelState.hidden_from``)."""

    __slots__ = ("calls", "first", "places", "pool", "resplit", "slots")

    def __init__(self, state: TravelState, viewer: int | None) -> None:
        known = state.known
        if viewer is None:
            slots = [k for k, seen in enumerate(known) if seen != BOTH]
        else:
            bit = 1 << viewer
            slots = [k for k, seen in enumerate(known) if not seen & bit]
        pool = [state.deck[k] for k in slots]
        counted = counts_visible(state, viewer)
        self.calls: list[int] = []
        self.places: list[tuple[int, int, int]] = []
        self.resplit: list[int] = []
        for i in (0, 1):
            rows = state.rows[i]
            if i == viewer:
                own_unseen = unseen_advantage(state, i, viewer)
                if own_unseen:
                    pool.extend(rows[0][:own_unseen])
                    self.places.append((i, _UNSEEN_ADVANTAGE, own_unseen))
                continue
            if state.phase == POWER and state.calls[i] is not None:
                self.calls.append(i)
            hidden_rows = [r for r in (0, 1, 2) if not row_visible(state, i, viewer, r)]
            for r in hidden_rows:
                pool.extend(rows[r])
            pool.extend(state.hands[i])
            if counted or state.phase != ALLOCATE:
                self.places.extend((i, r, len(rows[r])) for r in hidden_rows)
                self.places.append((i, _HAND, len(state.hands[i])))
            else:
                # Behind the screen: only the advantage cards' place is known; the split is re-drawn.
                held = len(state.hands[i]) + sum(len(row) for row in rows)
                self.places.append((i, _SCREENED, state.adv_offense[i]))
                self.places.append((i, _HAND, held - state.adv_offense[i]))
                if state.finished[i]:
                    self.resplit.append(i)
        pool.sort()
        self.pool = tuple(pool)
        self.slots = slots
        self.first = slots[0] if slots and slots[-1] - slots[0] == len(slots) - 1 else None


def _random_split(state: TravelState, i: int, rng: Randomness) -> None:
    """Place a finished opponent's re-drawn hand card by card in random rows that have room."""
    while True:
        rooms = state._room(i)
        if not rooms:
            return
        card = rng.choice(state.hands[i])
        state.hands[i].remove(card)
        state.rows[i][rng.choice(rooms)].append(card)
