"""The physical actions of a Fightball coach. Foul plays are legal; only the impossible is not."""

from __future__ import annotations

from dataclasses import dataclass

from tabletop.core import Action, ActionCodec

__all__ = ["BUZZ", "CODEC", "DISCARD", "DRAW", "PASS", "TAKE", "Buzz", "Choose", "Discard", "Draw", "Pass", "Play",
           "Take"]


@dataclass(frozen=True, slots=True)
class Draw(Action):
    """Take the top card of your deck into your empty hand."""

    kind = "draw"


@dataclass(frozen=True, slots=True)
class Take(Action):
    """Take the top card of your discard pile into your empty hand."""

    kind = "take"


@dataclass(frozen=True, slots=True)
class Play(Action):
    """Put the held card on court stack ``stack`` (1-24, numbered from the away goal)."""

    kind = "play"
    stack: int


@dataclass(frozen=True, slots=True)
class Discard(Action):
    """Put the held card on top of your discard pile."""

    kind = "discard"


@dataclass(frozen=True, slots=True)
class Buzz(Action):
    """Throw the Buzz (held, after the whole deck) into the court: the quarter ends."""

    kind = "buzz"


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """In the buzzer-beater window, let the held Shot go unplayed."""

    kind = "pass"


@dataclass(frozen=True, slots=True)
class Choose(Action):
    """In the scoring round, the coach of a Go, Team! (or any effect that leaves the points to
    its coach) makes the successful play worth ``points`` more (+1) or fewer (-1)."""

    kind = "choose"
    points: int


DRAW, TAKE, DISCARD, BUZZ, PASS = Draw(), Take(), Discard(), Buzz(), Pass()
CODEC = ActionCodec(Draw, Take, Play, Discard, Buzz, Pass, Choose)
