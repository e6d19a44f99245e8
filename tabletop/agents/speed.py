"""Speed profiles: how long a player takes to act in a real-time game.

A profile gives the median reaction time and its spread; each decision's delay is drawn from a
log-normal distribution around that median, so most actions come near the median and a few are
slow. Profiles change only *when* an agent acts, never *what* it chooses, so ``heuristic:speed=pro``
and ``heuristic:speed=beginner`` make the same decisions from the same positions.

>>> profile = speed_profile("pro")
>>> profile.median
0.45
>>> speed_profile("0.7").name
'0.7s'
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

from tabletop.core import State

from .base import Agent, BadAgentSpec
from .settings import private_world

__all__ = ["DEFAULT_SPEED", "PROFILES", "PacedAgent", "ReactionClock", "SpeedProfile", "speed_profile"]


@dataclass(frozen=True)
class SpeedProfile:
    """A player's pace: median seconds per action and the log-normal spread around it."""

    name: str
    median: float
    spread: float
    summary: str = ""

    def sample(self, rng: random.Random) -> float:
        """One reaction time in seconds, never below a tenth of the median."""
        return max(self.median * 0.1, self.median * math.exp(self.spread * rng.gauss(0.0, 1.0)))


PROFILES: dict[str, SpeedProfile] = {
    "beginner": SpeedProfile("beginner", 1.6, 0.35, "reads the cards, then acts: about 1.6 s"),
    "club": SpeedProfile("club", 0.9, 0.25, "a regular player: about 0.9 s"),
    "pro": SpeedProfile("pro", 0.45, 0.15, "tournament pace: about 0.45 s"),
}
DEFAULT_SPEED = "club"


def speed_profile(text: str) -> SpeedProfile:
    """A named profile (beginner, club, pro) or a median in seconds such as ``0.7``."""
    key = text.strip().lower()
    if key in PROFILES:
        return PROFILES[key]
    try:
        median = float(key.removesuffix("s"))
    except ValueError:
        median = -1.0
    if not median > 0 or not math.isfinite(median):
        raise BadAgentSpec(
            f"speed must be one of {', '.join(PROFILES)} or a number of seconds above 0, not {text!r}"
        )
    return SpeedProfile(f"{median:g}s", median, 0.25, f"about {median:g} s")


class ReactionClock:
    """Draws an agent's reaction times from its own generator, apart from its decision stream."""

    def __init__(self, profile: SpeedProfile, seed: int) -> None:
        self.profile = profile
        self._rng = random.Random(f"reaction/{seed}")

    def next(self) -> float:
        return self.profile.sample(self._rng)


class PacedAgent(Agent):
    """An agent with a speed profile (option ``speed``) for real-time play.

    It also reasons over :func:`~tabletop.agents.settings.private_world` copies, whose chance
    generator is re-seeded, so a lookahead can never read the real game's future dice.
    """

    def __init__(self, seed: int = 0, speed: str = DEFAULT_SPEED) -> None:
        super().__init__(seed)
        self.speed = speed_profile(str(speed))
        self._clock = ReactionClock(self.speed, seed)

    def reaction_time(self, state: State, seat: str) -> float:
        return self._clock.next()

    def information_state(self, state: State, seat: str) -> State:
        if state.game.info.hidden_information:
            return private_world(state, seat, self.rng)
        return state
