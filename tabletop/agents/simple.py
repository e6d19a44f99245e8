"""The two agents every game supports from the start."""

from __future__ import annotations

from tabletop.core import Action, IllegalAction, State

from .base import register_agent
from .speed import PacedAgent


@register_agent
class RandomAgent(PacedAgent):
    """Uniform over the legal actions, seeded. Options: ``speed`` (real-time pace)."""

    name = "random"
    summary = "picks uniformly among the legal actions"

    def choose(self, state: State, seat: str) -> Action:
        return self.rng.choice(state.legal_actions(seat))


@register_agent
class HeuristicAgent(PacedAgent):
    """Each game's own rules-of-thumb policy (``State.suggest``), run on the seat's information.

    Options: ``speed`` (real-time pace).
    """

    name = "heuristic"
    summary = "plays each game's rules of thumb"

    def choose(self, state: State, seat: str) -> Action:
        legal = state.legal_actions(seat)
        if len(legal) == 1:
            return legal[0]
        action = self.information_state(state, seat).suggest(seat, self.rng)
        try:
            state.check(seat, action)
        except IllegalAction:
            # A determinized copy can, rarely, offer a move the real position does not.
            return self.rng.choice(legal)
        return action
