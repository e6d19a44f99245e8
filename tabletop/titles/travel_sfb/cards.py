"""The shared deck: 52 playing cards, no jokers, held as small integers for speed.

A card ``c`` in 0..51 has rank ``c // 4 + 2`` (2..14, where 11..14 are J, Q, K, A) and suit
``c % 4``. Totals count J, Q, K and A as 10; comparisons in movement use the rank order.

>>> card = parse_card("KS")
>>> code(card), label(card), value(card), rank(card)
('KS', 'K♠', 10, 13)
>>> [code(c) for c in sorted(parse_card(x) for x in ("10H", "AS", "2C"))]
['2C', '10H', 'AS']
"""

from __future__ import annotations

from collections.abc import Iterable

__all__ = [
    "ACE",
    "CODES",
    "DECK_SIZE",
    "KING",
    "LABELS",
    "RANKS",
    "VALUES",
    "code",
    "codes",
    "label",
    "labels",
    "parse_card",
    "rank",
    "total",
    "value",
]

DECK_SIZE = 52
KING = 13
ACE = 14
_RANK_NAMES = {11: "J", 12: "Q", 13: "K", 14: "A"}
_SUITS = "CDHS"
_SUIT_SYMBOLS = "♣♦♥♠"

RANKS: tuple[int, ...] = tuple(c // 4 + 2 for c in range(DECK_SIZE))
VALUES: tuple[int, ...] = tuple(min(r, 10) for r in RANKS)
CODES: tuple[str, ...] = tuple(_RANK_NAMES.get(r, str(r)) + _SUITS[c % 4] for c, r in enumerate(RANKS))
LABELS: tuple[str, ...] = tuple(_RANK_NAMES.get(r, str(r)) + _SUIT_SYMBOLS[c % 4] for c, r in enumerate(RANKS))
_BY_CODE = {text: c for c, text in enumerate(CODES)}


def rank(card: int) -> int:
    """2..14; the order movement pairs are compared in (Jack < Queen < King < Ace)."""
    return RANKS[card]


def value(card: int) -> int:
    """Points towards a row's total: the pip value, and 10 for J, Q, K and A."""
    return VALUES[card]


def total(cards: Iterable[int]) -> int:
    return sum([VALUES[c] for c in cards])


def code(card: int) -> str:
    """The card's text form in actions and views, such as ``"QH"`` or ``"10C"``."""
    return CODES[card]


def codes(cards: Iterable[int]) -> list[str]:
    return [CODES[c] for c in cards]


def label(card: int) -> str:
    """The card as a person reads it, such as ``"Q♥"``."""
    return LABELS[card]


def labels(cards: Iterable[int]) -> str:
    shown = " ".join([LABELS[c] for c in cards])
    return shown or "nothing"


def parse_card(text: str) -> int:
    """The card named by a code; raises ValueError naming the form expected."""
    card = _BY_CODE.get(text.upper() if isinstance(text, str) else text)
    if card is None:
        raise ValueError(f"{text!r} is not a card; cards look like 2C, 10H, JD, QS, KC, AH")
    return card
