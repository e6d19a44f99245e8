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
# estimates this close together (win chance, 0 to 1) tell the actions apart no better than chance
NO_DIFFERENCE = 0.005


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

    @property
    def searched(self) -> bool:
        """Whether the search weighed the actions: it does not when the game's own plans leave
        just one worth playing (or only one action is legal)."""
        return self.iterations > 0

    @property
    def note(self) -> str:
        """What a person should know to read the estimates (empty when nothing needs saying)."""
        if not self.searched:
            if len(self.estimates) == 1:
                return "It is the only legal action."
            return ("The computer's plans for this position leave just this one worth playing, so it did "
                    "not weigh the other actions.")
        chances = [e.win_chance for e in self.estimates if e.win_chance is not None]
        if len(chances) > 1 and max(chances) - min(chances) < NO_DIFFERENCE:
            return ("The search sees no difference between these from here (the outcome is too far "
                    "off to tell); the choice is the one it tried most.")
        return ("The choice is the action the search tried most; an estimate from few games is a "
                "rougher one.")

    def lines(self, limit: int = 8) -> list[str]:
        """The hint as a person reads it."""
        out = [f"The strongest computer player would choose: {self.best_label}  [{self.best}]"]
        if not self.searched:
            out.append(self.note)
            return out
        out.append(f"Estimated chance to win after each action ({self.iterations} simulated games "
                   "from what you can see):")
        for estimate in self.estimates[:limit]:
            if estimate.win_chance is None:
                out.append(f"  not tried  {estimate.label}")
            else:
                games = "1 game" if estimate.visits == 1 else f"{estimate.visits} games"
                out.append(f"  {round(estimate.win_chance * 100):>3}%  {estimate.label}  ({games})")
        if len(self.estimates) > limit:
            out.append(f"  ... and {len(self.estimates) - limit} more the search thought less of")
        out.append(self.note)
        return out

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "best": str(self.best), "best_label": self.best_label,
                "iterations": self.iterations, "note": self.note,
                "estimates": [e.to_json() for e in self.estimates]}


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
    # the choice first, then the best estimates; what the search never tried last
    estimates.sort(key=lambda e: (e.action != best, e.win_chance is None, -(e.win_chance or 0.0), -e.visits))
    return Hint(seat, best, state.describe_action(seat, best), tuple(estimates), report.iterations)
