"""Odds before a Cargo Bay Ball roll: shots, passes, steals and slobberknockers.

Every die the action could meet is counted (:func:`tabletop.core.odds.enumerate_chances`).
The ball's flight offers blocks and catches to other crew; the main figures assume nobody
reacts, and each crew member's "up to" figure is the chance they stop it if they try every
time they may.
"""

from __future__ import annotations

from collections.abc import Iterable

from tabletop.core import Action, Event, State
from tabletop.core.odds import Classify, Odds, Reaction, combine, enumerate_chances

from . import actions as A
from .constants import LOOSE_FLIGHT
from .flight import Flight

__all__ = ["action_odds"]

ROLLING = (A.Shoot, A.Pass, A.Steal, A.Slobberknock, A.Block, A.Catch)
ORDER = ("reaches the goal", "scores", "falls short", "takes the ball", "knocks them down", "blocks it", "catches it",
         "holds on to it", "fails", "misses", "a penalty for you")


def _in_flight(world: State) -> bool:
    stack = getattr(world, "stack", [])
    return bool(stack) and isinstance(stack[-1], Flight) and stack[-1].waiting >= 0 \
        and stack[-1].kind < LOOSE_FLIGHT


def _settled(events: list[Event]) -> bool:
    """The throw's fate is known: it scored, missed, fell short, was blocked or was caught."""
    return any(e.kind in ("goal", "miss", "rim", "short", "deflect", "catch")
               or (e.kind == "block" and e.data.get("success")) for e in events)


def _everyone_reacts(world: State) -> tuple[str, Action] | None:
    if not _in_flight(world):
        return None
    seat = world.to_act[0]
    return seat, world.legal_actions(seat)[0]


def _nobody_reacts(world: State) -> tuple[str, Action] | None:
    if not _in_flight(world):
        return None
    seat = world.to_act[0]
    return seat, world.legal_actions(seat)[-1]


def _name(world: State, slug: str) -> str:
    from .game import CargoBayState

    assert isinstance(world, CargoBayState)
    return world.name(world.crew_by_slug(slug))


def _shot(world: State, events: list[Event]) -> Iterable[str]:
    kinds = {e.kind for e in events}
    if kinds & {"on-target", "miss", "rim", "goal"}:
        yield "reaches the goal"
    if "goal" in kinds:
        yield "scores"
    if "short" in kinds and not kinds & {"on-target", "miss", "rim"}:
        yield "falls short"


def _holder(world: State) -> str:
    from .game import CargoBayState

    assert isinstance(world, CargoBayState)
    return world.name(world.holder) if world.holder >= 0 else ""


def _pass(target: str) -> Classify:
    def classify(world: State, events: list[Event]) -> Iterable[str]:
        if _holder(world) == target:
            yield f"{target} catches it"
        else:
            yield "the ball comes loose"
    return classify


def _blocks(world: State, events: list[Event]) -> Iterable[str]:
    for event in events:
        if event.kind == "block" and event.data.get("success"):
            yield f"blocked by {_name(world, event.data['crew'])} up to"


def _contest(verb: str) -> Classify:
    def classify(world: State, events: list[Event]) -> Iterable[str]:
        for event in events:
            if event.kind in ("steal", "slobberknock"):
                yield verb if event.data.get("success") else "fails"
            if event.kind == "penalty":
                yield "a penalty for you"
    return classify


def _reaction_result(world: State, events: list[Event]) -> Iterable[str]:
    """A block or catch by the reacting crew member: the first block or catch roll decides."""
    for event in events:
        if event.kind == "block":
            yield "blocks it" if event.data.get("success") else "misses"
            if not event.data.get("success"):
                return
        elif event.kind == "catch":
            yield ("holds on to it" if "hold on" in event.text else "catches it") if event.data.get("success") \
                else "drops it"
            return
        elif event.kind == "penalty":
            yield "a penalty for you"


def action_odds(state: State, seat: str, action: Action) -> Odds | None:
    """The chances for a rolling action in Cargo Bay Ball, or None for one that rolls nothing."""
    if not isinstance(action, ROLLING):
        return None
    label = state.describe_action(seat, action)
    if isinstance(action, (A.Block, A.Catch)):
        return enumerate_chances(state, seat, action, _reaction_result, settled=_settled, label=label).ordered(ORDER)
    if isinstance(action, A.Steal):
        return enumerate_chances(state, seat, action, _contest("takes the ball"), label=label).ordered(ORDER)
    if isinstance(action, A.Slobberknock):
        return enumerate_chances(state, seat, action, _contest("knocks them down"), label=label).ordered(ORDER)
    quiet: Reaction = _nobody_reacts
    if isinstance(action, A.Shoot):
        main = enumerate_chances(state, seat, action, _shot, react=quiet, settled=_settled, label=label)
    else:
        target = _name(state, action.to)
        main = enumerate_chances(state, seat, action, _pass(target), react=quiet, settled=_settled, label=label)
    contested = enumerate_chances(state, seat, action, _blocks, react=_everyone_reacts, settled=_settled,
                                  label=label)
    return combine(label, (main.ordered(ORDER), contested), "if nobody tries to block" if contested.outcomes else "")
