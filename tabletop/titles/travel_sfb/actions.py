"""Travel SFB's actions and their codec.

Allocation is decided one card at a time (``place``) and closed with ``finish``; the ship that
resolves movement builds the comparison pairs one at a time (``pair``) and, when both ships
scored, chooses ``keep`` or ``cancel``; under the reserve-power rule each ship makes a ``power``
call before the deal.

>>> str(Place("KS", "offense"))
'place card=KS row=offense'
>>> CODEC.parse("pair mine=AH theirs=9D") == Pair("AH", "9D")
True
"""

from __future__ import annotations

from dataclasses import dataclass

from tabletop.core import Action, ActionCodec

from .cards import CODES, DECK_SIZE

__all__ = [
    "CANCEL",
    "CODEC",
    "FINISH",
    "KEEP",
    "PLACE",
    "POWER_CALLS",
    "ROWS",
    "Cancel",
    "Finish",
    "Keep",
    "Pair",
    "Place",
    "Power",
    "pair_action",
]

ROWS: tuple[str, str, str] = ("offense", "movement", "defense")
ROW_INDEX = {name: i for i, name in enumerate(ROWS)}

USE_BATTERIES = "use-batteries"
RECHARGE_BATTERIES = "recharge-batteries"
USE_ENGINES = "use-engines"
NO_CALL = "no-call"
POWER_CALLS: tuple[str, ...] = (USE_BATTERIES, RECHARGE_BATTERIES, USE_ENGINES, NO_CALL)


@dataclass(frozen=True, slots=True)
class Place(Action):
    """Put one card from the hand face down in a row."""

    kind = "place"
    card: str
    row: str


@dataclass(frozen=True, slots=True)
class Finish(Action):
    """Stop allocating this turn; cards still in hand are left unused."""

    kind = "finish"


@dataclass(frozen=True, slots=True)
class Pair(Action):
    """The resolving ship lines up one of its movement cards against one of the opponent's."""

    kind = "pair"
    mine: str
    theirs: str


@dataclass(frozen=True, slots=True)
class Keep(Action):
    """Both ships keep the advantage points they scored this turn."""

    kind = "keep"


@dataclass(frozen=True, slots=True)
class Cancel(Action):
    """The ships' advantage points cancel each other out."""

    kind = "cancel"


@dataclass(frozen=True, slots=True)
class Power(Action):
    """A call on reserve power before the deal: one of ``POWER_CALLS``."""

    kind = "power"
    call: str


CODEC = ActionCodec(Place, Finish, Pair, Keep, Cancel, Power)

# Actions are made once and shared: legal-move lists are then cheap to build and compare by identity.
PLACE: tuple[tuple[Place, Place, Place], ...] = tuple(
    (Place(CODES[c], ROWS[0]), Place(CODES[c], ROWS[1]), Place(CODES[c], ROWS[2])) for c in range(DECK_SIZE)
)
FINISH = Finish()
KEEP = Keep()
CANCEL = Cancel()
POWER = {call: Power(call) for call in POWER_CALLS}
_PAIRS: dict[tuple[int, int], Pair] = {}


def pair_action(mine: int, theirs: int) -> Pair:
    """The shared :class:`Pair` for two cards (resolver's card first)."""
    key = (mine, theirs)
    action = _PAIRS.get(key)
    if action is None:
        action = _PAIRS[key] = Pair(CODES[mine], CODES[theirs])
    return action
