"""A Gymnasium single-agent environment: one seat learns, agents play the other seats.

The action space is ``Discrete(N)`` (the ``i``-th legal action) and the observation a dict with
the seat's view (a hashed vector or JSON text) and the ``action_mask``. The reward is +1 for a
win, -1 for a loss and 0 for a draw, given when the game ends. Opponents are agent specs
(``"heuristic"``, ``"mcts:iterations=50"``); in games where several seats act at once the
opponents move first, so the learner always acts on the position it observed.

An index outside the mask is, by default, wrapped onto the legal actions (``index % legal``) and
flagged with ``info["invalid_action"]``, so unmasked learners and Gymnasium's own checker can
run; ``invalid_action="raise"`` refuses it instead.

>>> import tests.pig
>>> env = TabletopGym("test-pig", opponents="random")
>>> obs, info = env.reset(seed=1)
>>> obs["action_mask"].tolist()
[1, 1, 0]
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import gymnasium as gym
import numpy as np

from tabletop.agents import Agent, make_agent
from tabletop.core import State

from .pettingzoo_env import DEFAULT_MAX_STEPS, ObservationKind, TabletopAEC, action_index

__all__ = ["TabletopGym"]


class TabletopGym(gym.Env[dict[str, Any], int]):
    """``TabletopGym("fightball", seat="home", opponents="heuristic:speed=pro")``."""

    metadata = {"render_modes": ["ansi"]}  # noqa: RUF012  (Gymnasium declares it per instance)

    def __init__(self, game: str, options: Mapping[str, Any] | None = None, *, seat: str | None = None,
                 opponents: str | Mapping[str, str] = "random", observation: ObservationKind = "vector",
                 max_actions: int | None = None, vector_size: int = 512, max_steps: int | None = DEFAULT_MAX_STEPS,
                 render_mode: str | None = None, invalid_action: str = "wrap") -> None:
        if invalid_action not in ("wrap", "raise"):
            raise ValueError(f"invalid_action must be wrap or raise, not {invalid_action!r}")
        self.invalid_action = invalid_action
        self.multi = TabletopAEC(game, options, observation=observation, max_actions=max_actions,
                                 vector_size=vector_size, max_steps=max_steps, render_mode=render_mode)
        seats = self.multi.possible_agents
        self.seat = seat or seats[0]
        if self.seat not in seats:
            raise ValueError(f"there is no seat {self.seat!r}; the seats are {', '.join(seats)}")
        others = [s for s in seats if s != self.seat]
        self.specs = {s: opponents for s in others} if isinstance(opponents, str) else dict(opponents)
        missing = [s for s in others if s not in self.specs]
        if missing:
            raise ValueError(f"no opponent agent given for {', '.join(missing)}")
        for spec in self.specs.values():
            make_agent(spec)  # a bad spec is refused now, not at the first reset
        self.opponents: dict[str, Agent] = {}
        self.action_space = self.multi.action_space(self.seat)
        self.observation_space = self.multi.observation_space(self.seat)
        self.render_mode = render_mode
        self._steps = 0
        self.max_steps = max_steps

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None
              ) -> tuple[dict[str, Any], dict[str, Any]]:
        super().reset(seed=seed)
        game_seed = int(self.np_random.integers(2**31))
        self.multi.reset(seed=game_seed)
        self.opponents = {s: make_agent(spec, seed=game_seed + i) for i, (s, spec) in enumerate(self.specs.items())}
        self._steps = 0
        self._advance()
        return self.multi.observe(self.seat), self._info()

    def step(self, action: int) -> tuple[dict[str, Any], float, bool, bool, dict[str, Any]]:
        state = self._state()
        if state.is_over or (self.max_steps is not None and self._steps >= self.max_steps):
            raise RuntimeError("the episode is over; call reset() to start another")
        index = action_index(self.seat, action)
        legal = min(len(state.legal_actions(self.seat)), self.multi.n_actions)
        invalid = not 0 <= index < legal
        if invalid and self.invalid_action == "wrap":
            index %= legal
        state.apply(self.seat, self.multi.action_for(self.seat, index))
        self._steps += 1
        self._advance()
        over = state.is_over
        truncated = not over and self.max_steps is not None and self._steps >= self.max_steps
        reward = float(state.returns()[self.seat]) if over else 0.0
        info = self._info()
        if invalid:
            info["invalid_action"] = True
        return self.multi.observe(self.seat), reward, over, truncated, info

    def action_masks(self) -> np.ndarray:
        """For maskable learners (``sb3-contrib`` style)."""
        return self.multi.action_mask(self.seat)

    def render(self) -> str | None:
        return self.multi.render()

    def _state(self) -> State:
        return self.multi._live()

    def _advance(self) -> None:
        """Let the opponents act until the learner is to act or the game ends."""
        state = self._state()
        while not state.is_over:
            waiting = [s for s in state.to_act if s != self.seat]
            if not waiting:
                return
            for seat in waiting:
                if not state.is_over and seat in state.to_act:
                    state.apply(seat, self.opponents[seat].choose(state, seat))
            if self.seat in state.to_act:
                return

    def _info(self) -> dict[str, Any]:
        return {**self.multi.legal_info(self.seat), "action_mask": self.multi.action_mask(self.seat)}
