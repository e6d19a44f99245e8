"""The two agents every game supports from the start."""

from __future__ import annotations

from tabletop.core import Action, IllegalAction, State

from .base import BadAgentSpec, register_agent
from .settings import parse_float
from .speed import DEFAULT_SPEED, PacedAgent


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

    Options: ``blunder`` (the chance of a uniformly random legal move instead, default 0; the
    ``easy`` strength uses 0.35) and ``speed`` (real-time pace).
    """

    name = "heuristic"
    summary = "plays each game's rules of thumb (options: blunder, speed)"

    def __init__(self, seed: int = 0, blunder: object = 0.0, speed: str = DEFAULT_SPEED) -> None:
        super().__init__(seed, speed)
        self.blunder = parse_float("blunder", blunder, minimum=0.0)
        if self.blunder > 1:
            raise BadAgentSpec(f"agent option blunder must be a chance from 0 to 1, not {blunder!r}")

    def choose(self, state: State, seat: str) -> Action:
        legal = state.legal_actions(seat)
        if len(legal) == 1:
            return legal[0]
        # Drawn only when asked for, so the plain heuristic's seeded games stay as they were.
        if self.blunder and self.rng.random() < self.blunder:
            return self.rng.choice(legal)
        action = self.information_state(state, seat).suggest(seat, self.rng)
        try:
            state.check(seat, action)
        except IllegalAction:
            # A determinized copy can, rarely, offer a move the real position does not.
            return self.rng.choice(legal)
        return action
