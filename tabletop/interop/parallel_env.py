"""A PettingZoo Parallel environment over any registered game: each step, every seat that is to act
moves at once.

``step`` takes a dict of action indexes. Each seat that is to act now (its ``action_mask`` has a
1) must have one; an entry for a seat that is not to act is ignored, so a learner may simply send
an index for every live agent, as PettingZoo's own test does. Every index is checked before any
move is made, so a bad one leaves the game as it was.

The moves are then made one after another. Which seat goes first turns round every step, so in a
real-time race neither side is always the quicker. A move that an earlier one in the same step
made illegal (the other coach took that ball first) is not made: that seat's info says why under
``"not_made"``, and it decides again from its next observation. Simultaneous secret choices
(Travel SFB's energy allocation) never clash, and each seat sees only its own view throughout.

Observations, masks, rewards (+1 win, -1 loss, 0 draw, given at the end) and the step limit are
those of :class:`~tabletop.interop.TabletopAEC`; the limit counts moves made.

>>> import tests.agents.fixtures
>>> env = TabletopParallel("test-high-card")
>>> observations, infos = env.reset(seed=3)
>>> [int(observations[seat]["action_mask"].sum()) for seat in env.agents]  # three cards each
[3, 3]
>>> observations, rewards, terminations, truncations, infos = env.step({"seat1": 0, "seat2": 2})
>>> [int(observations[seat]["action_mask"].sum()) for seat in env.agents]
[2, 2]
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from gymnasium import spaces
from pettingzoo import ParallelEnv

from tabletop.core import Action, IllegalAction, State

from .pettingzoo_env import DEFAULT_MAX_STEPS, ObservationKind, TabletopAEC, action_index

__all__ = ["TabletopParallel", "parallel_env"]

Observations = dict[str, dict[str, Any]]


class TabletopParallel(ParallelEnv[str, dict[str, Any], int]):
    """``TabletopParallel("travel-sfb", observation="json")``; the settings are those of
    :class:`~tabletop.interop.TabletopAEC`."""

    metadata: ClassVar[dict[str, Any]] = {"name": "tabletop_parallel_v0", "render_modes": ["ansi"]}

    def __init__(self, game: str, options: Mapping[str, Any] | None = None, *, observation: ObservationKind = "vector",
                 max_actions: int | None = None, vector_size: int = 512, max_steps: int | None = DEFAULT_MAX_STEPS,
                 render_mode: str | None = None) -> None:
        # the seats' spaces, observations and actions are the AEC environment's (as for Gymnasium); only the cycle differs
        self.multi = TabletopAEC(game, options, observation=observation, max_actions=max_actions,
                                 vector_size=vector_size, max_steps=max_steps, render_mode=render_mode)
        self.possible_agents = list(self.multi.possible_agents)
        self.agents: list[str] = []
        self.max_steps = max_steps
        self.render_mode = render_mode
        self._steps = 0
        self._rounds = 0

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.multi.observation_space(agent)

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.multi.action_space(agent)

    @property
    def state_(self) -> State | None:
        """The game being played (None before the first reset)."""
        return self.multi.state_

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None
              ) -> tuple[Observations, dict[str, dict[str, Any]]]:
        self.multi.reset(seed=seed)
        self.agents = list(self.possible_agents)
        self._steps = self._rounds = 0
        return self._observations(), {agent: self.multi.legal_info(agent) for agent in self.agents}

    def step(self, actions: Mapping[str, Any]) -> tuple[Observations, dict[str, float], dict[str, bool],
                                                         dict[str, bool], dict[str, dict[str, Any]]]:
        state = self.multi._live()
        if not self.agents:
            raise RuntimeError("the episode is over; call reset() to start another")
        moves = self._moves(state, actions)
        not_made: dict[str, str] = {}
        for seat, move in moves:
            try:
                state.apply(seat, move)
            except IllegalAction as refused:
                not_made[seat] = f"an earlier move in the same step came first: {refused}"
            else:
                self._steps += 1
        self._rounds += 1
        over = state.is_over
        truncated = not over and self.max_steps is not None and self._steps >= self.max_steps
        returns = state.returns() if over else {}
        agents = self.agents
        rewards = {agent: float(returns.get(agent, 0.0)) for agent in agents}
        infos = {agent: self.multi.legal_info(agent) for agent in agents}
        for seat, why in not_made.items():
            infos[seat]["not_made"] = why
        observations = self._observations()
        if over or truncated:
            self.agents = []
        return (observations, rewards, dict.fromkeys(agents, over), dict.fromkeys(agents, truncated), infos)

    def render(self) -> str | None:
        return self.multi.render()

    def close(self) -> None:
        self.multi.close()

    def _moves(self, state: State, actions: Mapping[str, Any]) -> list[tuple[str, Action]]:
        """Every waiting seat's move, in this step's order, each checked before any is made."""
        if not isinstance(actions, Mapping):
            raise IllegalAction(f"actions is a dict from agent to action index, not {type(actions).__name__}")
        unknown = [str(agent) for agent in actions if agent not in self.possible_agents]
        if unknown:
            raise IllegalAction(f"there is no agent {', '.join(unknown)}; the agents are {', '.join(self.possible_agents)}")
        waiting = state.to_act
        missing = [seat for seat in waiting if seat not in actions]
        if missing:
            raise IllegalAction(f"{' and '.join(missing)} must choose an action index this step "
                                f"(the seats to act now are {', '.join(waiting)})")
        count = len(self.possible_agents)
        order = [self.possible_agents[(self._rounds + offset) % count] for offset in range(count)]
        return [(seat, self.multi.action_for(seat, action_index(seat, actions[seat])))
                for seat in order if seat in waiting]

    def _observations(self) -> Observations:
        return {agent: self.multi.observe(agent) for agent in self.agents}


def parallel_env(game: str, options: Mapping[str, Any] | None = None, **kwargs: Any) -> TabletopParallel:
    """PettingZoo-style constructor: ``tabletop.interop.parallel_env("travel-sfb")``."""
    return TabletopParallel(game, options, **kwargs)
