"""Who resolves movement, and how a comparison pair is scored: pure functions of the revealed rows.

>>> from .cards import parse_card as c
>>> resolver(([c("AH")], [c("2C"), c("3C")]), (2, 3), (5, 5))
(0, 'honour')
>>> resolver(([c("9H")], [c("9C")]), (2, 3), (5, 5))
(1, 'max-movement')
"""

from __future__ import annotations

from collections.abc import Sequence

from .cards import ACE, KING, RANKS, VALUES

__all__ = ["REASONS", "compare", "honour", "resolver"]

# Why a ship resolves movement, in the order the rulebook's priority chain checks them.
REASONS = {
    "more-cards": "it has more movement cards",
    "honour": "it has fewer movement cards but holds the higher of Ace or King",
    "more-cards-honour": "it has more movement cards and its own Ace or King is at least as high",
    "higher-total": "the counts are equal and its movement total is higher",
    "max-movement": "counts and totals are equal and its ship allows more movement cards",
    "generation": "counts, totals and movement allowances are equal and its generation is higher",
    "all-tied": "counts, totals, movement allowances and generation are all equal",
    "empty": "neither ship put any cards in Movement",
}


def honour(cards: Sequence[int]) -> int:
    """2 if the row holds an Ace, 1 if its best honour is a King, else 0 (an Ace beats a King)."""
    best = 0
    for card in cards:
        r = RANKS[card]
        if r == ACE:
            return 2
        if r == KING:
            best = 1
    return best


def resolver(
    movement: tuple[Sequence[int], Sequence[int]],
    max_movement: tuple[int, int],
    generation: tuple[int, int],
) -> tuple[int | None, str]:
    """The index of the ship that resolves movement (None: nobody) and the key of the reason."""
    first, second = movement
    if not first and not second:
        return None, "empty"
    if len(first) != len(second):
        more = 0 if len(first) > len(second) else 1
        fewer = 1 - more
        fewer_honour = honour(movement[fewer])
        if fewer_honour:
            if fewer_honour > honour(movement[more]):
                return fewer, "honour"
            return more, "more-cards-honour"
        return more, "more-cards"
    totals = (sum(VALUES[c] for c in first), sum(VALUES[c] for c in second))
    for key, pair in (("higher-total", totals), ("max-movement", max_movement), ("generation", generation)):
        if pair[0] != pair[1]:
            return (0 if pair[0] > pair[1] else 1), key
    return None, "all-tied"


def compare(a: int, b: int) -> int:
    """1 if card ``a`` outranks ``b``, -1 if it is outranked, 0 for equal ranks (no point)."""
    ra, rb = RANKS[a], RANKS[b]
    return (ra > rb) - (ra < rb)
