"""The agent contract and registry. Agents see the game only through the public engine API,
and decide from what their own seat may know."""

from __future__ import annotations

import inspect
from abc import ABC, abstractmethod
from collections.abc import Iterable, Sequence
from typing import Any, ClassVar, TypeVar

from tabletop.core import Action, Randomness, State, TabletopError

__all__ = [
    "STRENGTHS",
    "Agent",
    "BadAgentSpec",
    "agent_names",
    "make_agent",
    "parse_agent_spec",
    "register_agent",
]


class BadAgentSpec(TabletopError, ValueError):
    """An agent name or option that does not exist or has a bad value."""


class Agent(ABC):
    """A computer player. ``choose`` must return one of ``state.legal_actions(seat)``."""

    name: ClassVar[str]
    summary: ClassVar[str] = ""
    thinks: ClassVar[bool] = False
    """True for agents whose thinking time a table or the command line may set (option ``think``)."""

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self.rng = Randomness(seed)

    @abstractmethod
    def choose(self, state: State, seat: str) -> Action:
        """Pick an action for ``seat``, which must be in ``state.to_act``."""

    def reaction_time(self, state: State, seat: str) -> float:
        """Seconds this agent takes to act in a real-time game (0 for turn-based play)."""
        return 0.0

    def information_state(self, state: State, seat: str) -> State:
        """What the agent may reason over: a copy with everything hidden from ``seat`` re-drawn."""
        if state.game.info.hidden_information:
            return state.determinize(seat, self.rng)
        return state

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name}>"


A = TypeVar("A", bound=type[Agent])
_AGENTS: dict[str, type[Agent]] = {}


def register_agent(cls: A) -> A:
    _AGENTS[cls.name] = cls
    return cls


STRENGTHS: dict[str, str] = {
    "easy": "heuristic:blunder=0.35",
    "medium": "heuristic",
    "hard": "mcts:think=1",
}
"""Named strengths for players who do not want to pick an algorithm: each is another agent's spec.
Options given with a strength (``hard:think=3``) override the ones it stands for."""


def agent_names() -> list[str]:
    """The registered agents and the named strengths."""
    return sorted([*_AGENTS, *STRENGTHS])


def refuse_unknown(agent: str, options: Iterable[str], allowed: Sequence[str]) -> None:
    """Raise :class:`BadAgentSpec` naming any of ``options`` that ``agent`` does not take.

    >>> refuse_unknown("random", ["seed"], ["speed"])
    Traceback (most recent call last):
    ...
    tabletop.agents.base.BadAgentSpec: agent 'random' does not take the options ['seed']; it takes speed
    """
    unknown = set(options) - set(allowed)
    if unknown:
        takes = f"it takes {', '.join(allowed)}" if allowed else "it takes none"
        raise BadAgentSpec(f"agent {agent!r} does not take the options {sorted(unknown)}; {takes}")


def parse_agent_spec(spec: str) -> tuple[str, dict[str, str]]:
    """``"mcts:think=0.5,iterations=200"`` → ``("mcts", {"think": "0.5", "iterations": "200"})``."""
    name, _, rest = spec.partition(":")
    options: dict[str, str] = {}
    for item in filter(None, rest.split(",")):
        key, sep, value = item.partition("=")
        if not sep or not key:
            raise BadAgentSpec(f"agent option {item!r} should look like name=value")
        options[key.strip()] = value.strip()
    return name.strip(), options


def make_agent(spec: str, *, seed: int = 0, think: float | str | None = None) -> Agent:
    """Build an agent from its spec string; raises :class:`BadAgentSpec` naming the choices.

    A named strength stands for another spec; ``think`` (seconds) reaches agents that search,
    unless the spec itself says how long to think.

    >>> make_agent("hard", think=0.5).think, make_agent("hard:think=2", think=0.5).think
    (0.5, 2.0)
    """
    name, options = parse_agent_spec(spec)
    if name in STRENGTHS:
        name, implied = parse_agent_spec(STRENGTHS[name])
        if think is not None and "think" not in options:
            implied.pop("think", None)
        options = {**implied, **options}
    if name not in _AGENTS:
        raise BadAgentSpec(f"there is no agent {name!r}; the agents are: {', '.join(agent_names())}")
    cls: Any = _AGENTS[name]
    if think is not None and "think" not in options and (cls.thinks or "think" in inspect.signature(cls.__init__).parameters):
        options["think"] = str(think)
    takes = inspect.signature(cls.__init__).parameters
    if not any(option.kind is option.VAR_KEYWORD for option in takes.values()):  # else it checks its own
        refuse_unknown(name, options, [option for option in takes if option not in ("self", "seed")])
    agent: Agent = cls(seed=seed, **options)
    return agent
