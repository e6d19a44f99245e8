"""Shared set-up for the Friendly Sporting Competition tests."""

from __future__ import annotations

from typing import Any

import tabletop
from tabletop.titles.friendly_competition import FriendlyCompetition
from tabletop.titles.friendly_competition.game import FriendlyState
from tabletop.titles.friendly_competition.pitch import PITCH

# Far corners where teamsters stay out of the way of the play a test sets up.
BLUE_SPARE = ["b14", "b15", "c16", "d17", "e18", "a13"]
RED_SPARE = ["r6", "r5", "q4", "p3", "o2", "s7"]


def game(**options: Any) -> tabletop.Game:
    return FriendlyCompetition(**options)


def position(
    blue: list[str],
    red: list[str],
    *,
    ball: dict[str, str] | None = None,
    side: str = "seat1",
    ap: int | None = None,
    dice: Any = None,
    options: dict[str, Any] | None = None,
    **extra: Any,
) -> FriendlyState:
    """A play position; team lists shorter than six are filled from the spare corners."""
    blue = blue + [s for s in BLUE_SPARE if s not in blue][: 6 - len(blue)]
    red = red + [s for s in RED_SPARE if s not in red][: 6 - len(red)]
    scenario: dict[str, Any] = {"teams": {"seat1": blue, "seat2": red}, "side": side, **extra}
    if ap is not None:
        scenario["ap"] = ap
    if ball is not None:
        scenario["ball"] = ball
    state = game(**(options or {})).new_state(seed=1, scenario=scenario, dice=dice)
    assert isinstance(state, FriendlyState)
    return state


def at(state: FriendlyState, seat: str, number: int) -> str:
    """The square of a teamster, by seat and number (1 is the goalie)."""
    return PITCH.label(state.pos[(0 if seat == "seat1" else 1) * 6 + number - 1])


def kinds(state: FriendlyState, start: int = 0) -> list[str]:
    return [event.kind for event in state.events[start:]]


def texts(state: FriendlyState, start: int = 0) -> str:
    return "\n".join(event.text for event in state.events[start:])
