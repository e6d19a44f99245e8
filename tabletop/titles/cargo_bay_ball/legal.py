"""Which decision is pending, what may be chosen, and which rule module carries each action out."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from tabletop.core import Action

from . import actions as A
from . import clock, play, setup
from .constants import PLAY

if TYPE_CHECKING:
    from .game import CargoBayState

__all__ = ["HANDLERS", "legal_actions"]


def legal_actions(st: CargoBayState) -> list[Action]:
    """The pending seat's choices: a procedure's (a reaction, a push), a setup step, the
    choice of who takes the side's turn, or the acting crew member's actions."""
    if st.stack:
        return st.stack[-1].legal(st)
    if st.phase != PLAY:
        return setup.legal_setup(st)
    if st.active >= 0:
        return play.turn_legal(st)
    table = st.game.a_activate
    return [table[st.crew_card[c]] for c in clock.choices_for_activation(st)]


def _activate(st: CargoBayState, action: A.Activate) -> None:
    clock.activate(st, st.crew_by_slug(action.crew))


def _procedure(st: CargoBayState, action: Action) -> None:
    st.stack[-1].decide(st, action)


HANDLERS: dict[type, Callable[[CargoBayState, Any], None]] = {
    A.Pick: setup.pick,
    A.Appoint: setup.appoint_action,
    A.PlaceObstacle: setup.place_obstacle,
    A.PlaceCrew: setup.place_crew,
    A.Activate: _activate,
    A.Step: play.step,
    A.StepOver: play.step_over,
    A.Pass: play.pass_ball,
    A.Handoff: play.handoff,
    A.TakeHandoff: play.take_handoff,
    A.Shoot: play.shoot,
    A.Slobberknock: play.slobberknock,
    A.Steal: play.steal,
    A.Skip: play.skip,
    A.Block: _procedure,
    A.Catch: _procedure,
    A.NoBlock: _procedure,
    A.Push: _procedure,
    A.Release: _procedure,
    A.PickUp: _procedure,
    A.LeaveBall: _procedure,
}
