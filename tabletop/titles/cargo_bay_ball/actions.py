"""Every decision a Cargo Bay Ball seat can make, as small frozen actions.

Crew are named by their slug ("jayne") and spaces by their label ("H6").
"""

from __future__ import annotations

from dataclasses import dataclass

from tabletop.core import Action, ActionCodec

__all__ = [
    "CODEC",
    "Activate",
    "Appoint",
    "Block",
    "Catch",
    "Handoff",
    "LeaveBall",
    "NoBlock",
    "Pass",
    "Pick",
    "PickUp",
    "PlaceCrew",
    "PlaceObstacle",
    "Push",
    "Release",
    "Shoot",
    "Skip",
    "Slobberknock",
    "Steal",
    "Step",
    "StepOver",
    "TakeHandoff",
]


@dataclass(frozen=True, slots=True)
class Pick(Action):
    """Draft a crew member onto the picking seat's side."""

    kind = "pick"
    crew: str


@dataclass(frozen=True, slots=True)
class Appoint(Action):
    """The last chooser names the Official from the crew nobody drafted."""

    kind = "appoint"
    crew: str


@dataclass(frozen=True, slots=True)
class PlaceObstacle(Action):
    kind = "obstacle"
    at: str


@dataclass(frozen=True, slots=True)
class PlaceCrew(Action):
    kind = "place"
    crew: str
    at: str


@dataclass(frozen=True, slots=True)
class Activate(Action):
    """Choose which of the side's crew takes the next turn."""

    kind = "activate"
    crew: str


@dataclass(frozen=True, slots=True)
class Step(Action):
    """Move the acting crew member one space."""

    kind = "step"
    to: str


@dataclass(frozen=True, slots=True)
class StepOver(Action):
    """Move two spaces in one go, across the space ``over`` where a downed crew member lies
    (nobody may stop on a space someone else lies on)."""

    kind = "step-over"
    to: str
    over: str


@dataclass(frozen=True, slots=True)
class Pass(Action):
    kind = "pass"
    to: str


@dataclass(frozen=True, slots=True)
class Handoff(Action):
    kind = "handoff"
    to: str


@dataclass(frozen=True, slots=True)
class TakeHandoff(Action):
    """The receiver's side of a handoff: take the ball from an adjacent teammate."""

    kind = "take"
    giver: str


@dataclass(frozen=True, slots=True)
class Shoot(Action):
    kind = "shoot"


@dataclass(frozen=True, slots=True)
class Slobberknock(Action):
    kind = "slobberknock"
    target: str


@dataclass(frozen=True, slots=True)
class Steal(Action):
    kind = "steal"
    target: str


@dataclass(frozen=True, slots=True)
class Skip(Action):
    """End the acting crew member's turn (skipping whatever actions are left)."""

    kind = "skip"


@dataclass(frozen=True, slots=True)
class Block(Action):
    """React to a ball in flight: try to block it."""

    kind = "block"
    crew: str


@dataclass(frozen=True, slots=True)
class Catch(Action):
    """React to a loose ball flying through one's own space: try to catch it."""

    kind = "catch"
    crew: str


@dataclass(frozen=True, slots=True)
class NoBlock(Action):
    """Let the ball go by without trying to block or catch it."""

    kind = "no-block"
    crew: str


@dataclass(frozen=True, slots=True)
class Push(Action):
    """After a slobberknocker: the space to push the downed crew member to, or None to leave them."""

    kind = "push"
    to: str | None


@dataclass(frozen=True, slots=True)
class PickUp(Action):
    """Having moved onto a loose ball (or starting a turn on it): pick it up, a free action."""

    kind = "pick-up"
    crew: str


@dataclass(frozen=True, slots=True)
class LeaveBall(Action):
    """Having moved onto a loose ball (or starting a turn on it): leave it lying there."""

    kind = "leave-ball"
    crew: str


@dataclass(frozen=True, slots=True)
class Release(Action):
    """After the other side scores: which penalised crew member moves to the airlock arrow space."""

    kind = "release"
    crew: str


CODEC = ActionCodec(Pick, Appoint, PlaceObstacle, PlaceCrew, Activate, Step, StepOver, Pass, Handoff, TakeHandoff,
                    Shoot, Slobberknock, Steal, Skip, Block, Catch, NoBlock, Push, Release, PickUp, LeaveBall)
