"""A PettingZoo AEC environment over any registered game.

Agents are the game's seats. Each step the selected seat picks an index into its legal actions;
the observation is a dict with ``observation`` (its view, as a hashed vector or JSON text) and
``action_mask``. Rewards come at the end: +1 win, -1 loss, 0 draw (and 0 if truncated).

Vector observations are what PettingZoo's ``api_test`` checks; JSON observations (a
``gymnasium.spaces.Text``) suit language-model agents, and hold exactly ``view(seat)``.

When several seats are to act (simultaneous or real-time turns) they are asked in turn, starting
after the seat that acted last, so no seat is starved. Every seat only ever sees its own view.

>>> import tests.pig
>>> env = TabletopAEC("test-pig")
>>> env.reset(seed=3)
>>> env.agent_selection, int(env.action_space("seat1").n)
('seat1', 3)
>>> env.step(1)  # hold
>>> env.agent_selection
'seat2'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar, Literal

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from tabletop.core import Action, IllegalAction, State, load
from tabletop.lab.match import DEFAULT_MAX_STEPS

from .encoding import JSON_CHARSET, encode_json, encode_vector, measure_action_count

__all__ = ["DEFAULT_MAX_STEPS", "TabletopAEC", "action_index", "check_settings", "env"]

ObservationKind = Literal["vector", "json"]


class TabletopAEC(AECEnv[str, dict[str, Any], int]):
    """``TabletopAEC("travel-sfb", {"ship1": "gorn"}, observation="vector")``.

    ``max_actions`` fixes the size of the action space (default: measured from random games);
    ``vector_size`` the length of vector observations; ``max_steps`` truncates long games (by
    default after as many steps as the simulation lab allows a game; None: never), since a fixed
    policy can keep some games going for ever (taking and discarding a card in Fightball).
    """

    metadata: ClassVar[dict[str, Any]] = {"name": "tabletop_v0", "render_modes": ["ansi"],
                                          "is_parallelizable": False}

    def __init__(self, game: str, options: Mapping[str, Any] | None = None, *, observation: ObservationKind = "vector",
                 max_actions: int | None = None, vector_size: int = 512, max_steps: int | None = DEFAULT_MAX_STEPS,
                 render_mode: str | None = None) -> None:
        super().__init__()
        check_settings(observation, max_actions, vector_size, max_steps, render_mode)
        self.game = load(game, **dict(options or {}))
        self.kind = observation
        self.vector_size = vector_size
        self.max_steps = max_steps
        self.render_mode = render_mode
        key = tuple(sorted(self.game.options.items()))
        self.n_actions = max_actions or measure_action_count(game, key)
        self.possible_agents = list(self.game.seats)
        self.agents = list(self.possible_agents)
        mask = spaces.Box(0, 1, (self.n_actions,), dtype=np.int8)
        view: spaces.Space[Any]
        if observation == "vector":
            view = spaces.Box(-np.inf, np.inf, (vector_size,), dtype=np.float32)
        else:
            view = spaces.Text(max_length=1_000_000, min_length=0, charset=JSON_CHARSET)
        self._observation_spaces = {a: spaces.Dict({"observation": view, "action_mask": mask})
                                    for a in self.possible_agents}
        self._action_spaces = {a: spaces.Discrete(self.n_actions) for a in self.possible_agents}
        self.state_: State | None = None
        self._last_actor: str | None = None
        self._steps = 0
        self.rewards: dict[str, float] = {}
        self._cumulative_rewards: dict[str, float] = {}
        self.terminations: dict[str, bool] = {}
        self.truncations: dict[str, bool] = {}
        self.infos: dict[str, dict[str, Any]] = {}

    # -- spaces ----------------------------------------------------------------------------------

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self._observation_spaces[self._known(agent)]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self._action_spaces[self._known(agent)]

    def _known(self, agent: str) -> str:
        if agent not in self._action_spaces:
            raise ValueError(f"there is no agent {agent!r}; the agents are {', '.join(self.possible_agents)}")
        return agent

    # -- the AEC cycle ---------------------------------------------------------------------------

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is None:
            seed = int(np.random.default_rng().integers(2**31))
        self.state_ = self.game.new_state(seed=int(seed))
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {agent: {} for agent in self.agents}
        self._last_actor = None
        self._steps = 0
        self.agent_selection = self._next_seat()
        self._note_overflow()

    def step(self, action: int | None) -> None:
        self._live()
        if not self.agents:
            raise RuntimeError("the episode is over; call reset() to start another")
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        state = self._live()
        chosen = self.action_for(agent, action_index(agent, action))
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        state.apply(agent, chosen)
        self._last_actor = agent
        self._steps += 1
        if state.is_over:
            self.rewards = {a: float(state.returns()[a]) for a in self.agents}
            self.terminations = dict.fromkeys(self.agents, True)
        elif self.max_steps is not None and self._steps >= self.max_steps:
            self.truncations = dict.fromkeys(self.agents, True)
        self._accumulate_rewards()
        self.agent_selection = self._next_seat()
        self._note_overflow()

    def observe(self, agent: str) -> dict[str, Any]:
        state = self._live()
        view = state.view(agent)
        encoded: Any = encode_vector(view, self.vector_size) if self.kind == "vector" else encode_json(view)
        return {"observation": encoded, "action_mask": self.action_mask(agent)}

    def render(self) -> str | None:
        if self.state_ is None:
            return None
        return self.game.render_text(self.state_.view(None))

    def close(self) -> None:
        self.state_ = None

    # -- actions -------------------------------------------------------------------------------

    def action_mask(self, agent: str) -> np.ndarray:
        mask = np.zeros(self.n_actions, dtype=np.int8)
        state = self._live()
        if not state.is_over and agent in state.to_act:
            mask[: min(self.n_actions, len(state.legal_actions(agent)))] = 1
        return mask

    def action_for(self, agent: str, index: int) -> Action:
        """The engine action behind index ``index`` for ``agent`` now."""
        state = self._live()
        if agent not in state.to_act:
            raise IllegalAction(f"it is not {agent}'s decision now")
        legal = state.legal_actions(agent)
        if not 0 <= index < min(len(legal), self.n_actions):
            raise IllegalAction(f"action index {index} is not legal for {agent}: it has "
                                f"{min(len(legal), self.n_actions)} actions now (see the action mask)")
        return legal[index]

    # -- helpers -------------------------------------------------------------------------------

    def _live(self) -> State:
        if self.state_ is None:
            raise RuntimeError("call reset() before using the environment")
        return self.state_

    def _next_seat(self) -> str:
        state = self._live()
        waiting = state.to_act
        if not waiting:
            return self.agents[0] if self.agents else self.possible_agents[0]
        if self._last_actor is None or len(waiting) == 1:
            return waiting[0]
        order = list(self.possible_agents)
        start = order.index(self._last_actor)
        for offset in range(1, len(order) + 1):
            seat = order[(start + offset) % len(order)]
            if seat in waiting:
                return seat
        return waiting[0]

    def _note_overflow(self) -> None:
        state = self._live()
        agent = self.agent_selection
        if agent in self.infos and not state.is_over and agent in state.to_act:
            self.infos[agent] = self.legal_info(agent)

    def legal_info(self, agent: str) -> dict[str, Any]:
        """How many legal actions ``agent`` has now (none unless it is to act), and how many of
        them lie beyond the action space (``truncated_actions``, only when some do)."""
        state = self._live()
        count = len(state.legal_actions(agent)) if not state.is_over and agent in state.to_act else 0
        info: dict[str, Any] = {"legal_actions": count}
        if count > self.n_actions:
            info["truncated_actions"] = count - self.n_actions
        return info


def env(game: str, options: Mapping[str, Any] | None = None, **kwargs: Any) -> TabletopAEC:
    """PettingZoo-style constructor: ``tabletop.interop.env("fightball")``."""
    return TabletopAEC(game, options, **kwargs)


def action_index(agent: str, action: object) -> int:
    """An action given as an index: a whole number (a NumPy one too), never a bool, a fraction or text."""
    if isinstance(action, (bool, np.bool_)) or not isinstance(action, (int, np.integer)):
        raise IllegalAction(f"{agent} must choose an action index (a whole number), not {action!r}")
    return int(action)


def check_settings(observation: str, max_actions: int | None, vector_size: int, max_steps: int | None,
                   render_mode: str | None) -> None:
    """Refuse settings that could only fail later, deep inside, with the choices named."""
    if observation not in ("vector", "json"):
        raise ValueError(f"observation is 'vector' or 'json', not {observation!r}")
    for name, value, may_be_none in (("max_actions", max_actions, True), ("vector_size", vector_size, False),
                                     ("max_steps", max_steps, True)):
        if value is None and may_be_none:
            continue
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            allowed = "a whole number of at least 1" + (", or None" if may_be_none else "")
            raise ValueError(f"{name} is {allowed}, not {value!r}")
    if render_mode not in (None, "ansi"):
        raise ValueError(f"render_mode is 'ansi' or None, not {render_mode!r}")
