"""The two agents every game supports from the start."""

from __future__ import annotations

from tabletop.core import Action, State

from .base import Agent, register_agent


@register_agent
class RandomAgent(Agent):
    """Uniform over the legal actions, seeded."""

    name = "random"
    summary = "picks uniformly among the legal actions"

    def choose(self, state: State, seat: str) -> Action:
        return self.rng.choice(state.legal_actions(seat))


@register_agent
class HeuristicAgent(Agent):
    """Each game's own rules-of-thumb policy (``State.suggest``), run on the seat's information."""

    name = "heuristic"
    summary = "plays each game's rules of thumb"

    def choose(self, state: State, seat: str) -> Action:
        action = self.information_state(state, seat).suggest(seat, self.rng)
        if action not in state.legal_actions(seat):
            # A determinized copy can, rarely, offer a move the real position does not.
            return self.rng.choice(state.legal_actions(seat))
        return action
