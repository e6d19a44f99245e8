"""Cagway Bay actions. Every action names the ship that takes it; headings are degrees.

>>> str(Sail("swallow", 15.0))
'sail ship=swallow turn=15.0'
>>> CODEC.parse("fire ship=resolute gun=port target=swallow aim=2")
Fire(ship='resolute', gun='port', target='swallow', aim=2)
"""

from __future__ import annotations

from dataclasses import dataclass

from tabletop.core import Action, ActionCodec


@dataclass(frozen=True, slots=True)
class Sail(Action):
    """Turn up to 45° (positive = anticlockwise, to port) pivoting on the bow, then sail one segment."""

    kind = "sail"
    ship: str
    turn: float


@dataclass(frozen=True, slots=True)
class Stall(Action):
    """Turn (45° or less) to face straight into the wind without moving; ends the move."""

    kind = "stall"
    ship: str


@dataclass(frozen=True, slots=True)
class Drift(Action):
    """Drift one Red segment downwind, then pivot on the centre to ``heading``; costs all AP."""

    kind = "drift"
    ship: str
    heading: float


@dataclass(frozen=True, slots=True)
class Dock(Action):
    kind = "dock"
    ship: str
    island: str


@dataclass(frozen=True, slots=True)
class Explore(Action):
    kind = "explore"
    ship: str


@dataclass(frozen=True, slots=True)
class Grapple(Action):
    kind = "grapple"
    ship: str
    target: str


@dataclass(frozen=True, slots=True)
class Fire(Action):
    """Fire one gun; ``aim`` extra AP each lower the effective range by one."""

    kind = "fire"
    ship: str
    gun: str
    target: str
    aim: int


@dataclass(frozen=True, slots=True)
class Melee(Action):
    """Fight a touching enemy at the ship's close-combat value."""

    kind = "melee"
    ship: str
    target: str


@dataclass(frozen=True, slots=True)
class Commandeer(Action):
    """Take a grappled dead ship, moving ``crew`` HP aboard it."""

    kind = "commandeer"
    ship: str
    target: str
    crew: int


@dataclass(frozen=True, slots=True)
class Scuttle(Action):
    kind = "scuttle"
    ship: str
    target: str


@dataclass(frozen=True, slots=True)
class Share(Action):
    """Move HP, supplies and treasure to a touching friend (negative amounts come back)."""

    kind = "share"
    ship: str
    friend: str
    hp: int
    supplies: int
    treasure: int


@dataclass(frozen=True, slots=True)
class Repair(Action):
    """Spend 1 AP and up to 2 supplies to mend up to 2 damage."""

    kind = "repair"
    ship: str


@dataclass(frozen=True, slots=True)
class Douse(Action):
    kind = "douse"
    ship: str


@dataclass(frozen=True, slots=True)
class Done(Action):
    """The ship ends its part in this phase."""

    kind = "done"
    ship: str


CODEC = ActionCodec(Sail, Stall, Drift, Dock, Explore, Grapple, Fire, Melee, Commandeer, Scuttle, Share,
                    Repair, Douse, Done)
MOVE_KINDS = frozenset({"sail", "stall", "drift", "dock", "explore", "grapple"})
COMBAT_KINDS = frozenset({"fire", "melee", "commandeer", "scuttle"})
END_KINDS = frozenset({"share", "repair", "douse"})
