"""What a side can do: deploy, move, pick up, tackle, jostle, pass, end the turn, and the
try / don't-try decision when a moving ball comes within reach.

Teamsters are numbered 1-6 within their side; number 1 is the goalie. Squares are named
like ``j10`` and directions are compass points (``n``, ``ne`` ... ``nw``).
"""

from __future__ import annotations

from dataclasses import dataclass

from tabletop.core import Action, ActionCodec

from .pitch import DIRECTION_NAMES, PITCH

__all__ = [
    "CODEC",
    "PASS_LENGTHS",
    "Deploy",
    "DontTry",
    "EndTurn",
    "Jostle",
    "Move",
    "Pass",
    "PickUp",
    "Tackle",
    "Try",
]

TEAM_SIZE = 6
PASS_LENGTHS = ("short", "medium", "long")


@dataclass(frozen=True, slots=True)
class Deploy(Action):
    """Place the side's next teamster (the goalie first) on a square of its own half."""

    kind = "deploy"
    at: str


@dataclass(frozen=True, slots=True)
class Move(Action):
    """Move a teamster one square (1 AP); a carrier takes the ball along."""

    kind = "move"
    who: int
    dir: str


@dataclass(frozen=True, slots=True)
class PickUp(Action):
    """Pick up the loose ball lying in the teamster's own square (1 AP)."""

    kind = "pick-up"
    who: int


@dataclass(frozen=True, slots=True)
class Tackle(Action):
    """Tackle the enemy ball carrier standing next to this teamster (1 AP)."""

    kind = "tackle"
    who: int


@dataclass(frozen=True, slots=True)
class Jostle(Action):
    """Jostle an enemy teamster next to this one who does not hold the ball (1 AP)."""

    kind = "jostle"
    who: int
    target: int


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """Kick the ball along one of the eight directions: short 2d6 (1 AP), medium 3d6 (3 AP),
    long 4d6 (7 AP)."""

    kind = "pass"
    length: str
    dir: str


@dataclass(frozen=True, slots=True)
class EndTurn(Action):
    """Give up the rest of the turn's action points."""

    kind = "end-turn"


@dataclass(frozen=True, slots=True)
class Try(Action):
    """Try to intercept the moving ball with this teamster."""

    kind = "try"
    who: int


@dataclass(frozen=True, slots=True)
class DontTry(Action):
    """Let the moving ball go by this time."""

    kind = "dont-try"


CODEC = ActionCodec(Deploy, Move, PickUp, Tackle, Jostle, Pass, EndTurn, Try, DontTry)

# Every action value is made once, so legal-move lists are built from shared objects.
DEPLOY_AT: dict[int, Deploy] = {s: Deploy(PITCH.label(s)) for s in range(len(PITCH.on)) if PITCH.on[s]}
DEPLOY_SQUARE: dict[str, int] = {action.at: square for square, action in DEPLOY_AT.items()}
MOVES: tuple[tuple[Move, ...], ...] = tuple(
    tuple(Move(who, d) for d in DIRECTION_NAMES) for who in range(TEAM_SIZE + 1)
)
PICK_UPS = tuple(PickUp(who) for who in range(TEAM_SIZE + 1))
TACKLES = tuple(Tackle(who) for who in range(TEAM_SIZE + 1))
JOSTLES = tuple(tuple(Jostle(who, t) for t in range(TEAM_SIZE + 1)) for who in range(TEAM_SIZE + 1))
PASSES: tuple[tuple[Pass, ...], ...] = tuple(
    tuple(Pass(length, d) for d in DIRECTION_NAMES) for length in PASS_LENGTHS
)
TRIES = tuple(Try(who) for who in range(TEAM_SIZE + 1))
END_TURN = EndTurn()
DONT_TRY = DontTry()
PASS_INDEX = {name: number for number, name in enumerate(PASS_LENGTHS)}
