"""Hints: what the strongest computer player would do, and each action's estimated win chance.

The search runs on copies of the position in which everything hidden from the seat is re-drawn
(as every agent does), with a fresh chance generator, so a hint can neither change the game nor
tell a player anything their seat may not see.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tabletop.agents.mcts import MCTSAgent
from tabletop.core import Action, IllegalAction, State

__all__ = ["DEFAULT_ITERATIONS", "DEFAULT_SECONDS", "ActionEstimate", "Hint", "hint"]

DEFAULT_ITERATIONS = 400
DEFAULT_SECONDS = 1.5


@dataclass(frozen=True)
class ActionEstimate:
    """One legal action: its menu label, the share of the search it got, and its estimated
    chance of winning (a draw counts half), or None when the search never tried it."""

    action: Action
    label: str
    visits: int
    win_chance: float | None

    def to_json(self) -> dict[str, Any]:
        return {"action": str(self.action), "label": self.label, "visits": self.visits,
                "win_chance": self.win_chance}


@dataclass(frozen=True)
class Hint:
    """The suggested action and the estimates behind it, best first."""

    seat: str
    best: Action
    best_label: str
    estimates: tuple[ActionEstimate, ...]
    iterations: int

    def lines(self, limit: int = 8) -> list[str]:
        """The hint as a person reads it."""
        out = [f"The strongest computer player would choose: {self.best_label}  [{self.best}]"]
        if self.iterations == 0:
            out.append("It is the only legal action.")
            return out
        out.append(f"Estimated chance to win after each action ({self.iterations} simulated games "
                   "from what you can see):")
        for estimate in self.estimates[:limit]:
            chance = "not tried" if estimate.win_chance is None else f"{round(estimate.win_chance * 100):>3}%"
            out.append(f"  {chance}  {estimate.label}")
        if len(self.estimates) > limit:
            out.append(f"  ... and {len(self.estimates) - limit} more the search thought less of")
        return out

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "best": str(self.best), "best_label": self.best_label,
                "iterations": self.iterations, "estimates": [e.to_json() for e in self.estimates]}


def hint(state: State, seat: str, *, iterations: int = DEFAULT_ITERATIONS, seconds: float | None = DEFAULT_SECONDS,
         seed: int = 0) -> Hint:
    """A hint for ``seat``, which must be to act: at most ``iterations`` simulated games, and
    at most ``seconds`` of thinking (None: no time limit, so the hint is the same on every
    machine). ``state`` is never changed."""
    legal = state.legal_actions(seat)
    if not legal:
        raise IllegalAction(f"{seat} has nothing to decide now")
    agent = MCTSAgent(seed=seed, iterations=iterations, think=seconds)
    best = agent.choose(state, seat)
    report = agent.last
    estimates = []
    for action in legal:
        value = report.values.get(str(action))
        estimates.append(ActionEstimate(action, state.describe_action(seat, action),
                                        report.visits.get(str(action), 0),
                                        None if value is None else (value + 1) / 2))
    estimates.sort(key=lambda e: (e.action != best, -e.visits, -(e.win_chance or 0.0)))
    return Hint(seat, best, state.describe_action(seat, best), tuple(estimates), report.iterations)
