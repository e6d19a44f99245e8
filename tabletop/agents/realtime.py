"""A deterministic simulator for real-time games: agents act in the order of their reaction times.

In a real-time game every seat in ``state.to_act`` may act whenever it is ready. The simulator
keeps a simulated clock. Each waiting seat decides from the position it sees and its action is
due after its agent's ``reaction_time`` (drawn from the agent's speed profile). The earliest due
action happens first; equal times are settled by a seeded draw. A decision made before the
position changed stays committed while it is still legal (the player is already moving); one that
became illegal is dropped and that seat decides again from the new position, paying a fresh
reaction time. Everything is drawn from seeded generators, so a seed replays the same game.

A game that keeps its own clock can define ``State.elapse(seconds)``; the simulator then calls it
with the simulated time between consecutive actions, before applying the next one. If the game
also has a ``deadline`` (the clock time at which time alone moves it on, such as Fightball's
buzzer-beater window closing) and every pending action is due later, the clock runs to the
deadline first and the seats decide again from the position it leaves.

>>> import tests.pig, tabletop
>>> from tabletop.agents import make_agent
>>> game = tabletop.load("test-pig")
>>> table = RealTimeTable({"seat1": make_agent("heuristic:speed=pro"), "seat2": make_agent("random")}, seed=3)
>>> state = table.play(game.new_state(seed=3))
>>> state.is_over and table.clock > 0
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from tabletop.core import Action, IllegalAction, State

from .base import Agent

__all__ = ["RealTimeTable", "TimedAction"]


@dataclass(frozen=True)
class TimedAction:
    """One action as it happened: when (simulated seconds), who, and what."""

    time: float
    seat: str
    action: Action


@dataclass
class _Plan:
    due: float
    tie: float
    action: Action


class RealTimeTable:
    """Runs agents on a real-time game by their simulated reaction times."""

    def __init__(self, agents: Mapping[str, Agent], seed: int = 0) -> None:
        self.agents = dict(agents)
        self.clock = 0.0
        self.timeline: list[TimedAction] = []
        self._plans: dict[str, _Plan] = {}
        self._ties = random.Random(f"real-time/{seed}")

    def step(self, state: State) -> TimedAction | None:
        """Carry out the next action to happen and return it (None if time alone ended the game)."""
        moved = False
        while True:
            if state.is_over:
                if moved:
                    return None
                raise IllegalAction("the game is over; no more actions are taken")
            waiting = state.to_act
            for seat in list(self._plans):
                if seat not in waiting:
                    del self._plans[seat]
            for seat in waiting:
                if seat not in self._plans:
                    self._plans[seat] = self._decide(state, seat)
            seat = min(self._plans, key=lambda s: (self._plans[s].due, self._plans[s].tie))
            plan = self._plans[seat]
            deadline: float | None = getattr(state, "deadline", None)
            until = plan.due if deadline is None or deadline <= self.clock else min(plan.due, deadline)
            logged = len(state.events)
            self._run_clock(state, until)
            if len(state.events) != logged:  # time alone moved the game on (it says so in the log)
                moved = True
                self._drop_stale(state)
                continue
            if until >= plan.due:
                break
        del self._plans[seat]
        state.apply(seat, plan.action)
        happened = TimedAction(self.clock, seat, plan.action)
        self.timeline.append(happened)
        self._drop_stale(state)
        return happened

    def _run_clock(self, state: State, until: float) -> None:
        if until > self.clock:
            elapse: Callable[[float], None] | None = getattr(state, "elapse", None)
            if elapse is not None:
                elapse(until - self.clock)
            self.clock = until

    def _drop_stale(self, state: State) -> None:
        """Commitments that the new position made impossible are dropped and re-decided."""
        for other in list(self._plans):
            if other not in state.to_act or not _is_legal(state, other, self._plans[other].action):
                del self._plans[other]

    def play(self, state: State, max_steps: int = 1_000_000) -> State:
        """Run ``state`` to the end (or ``max_steps`` actions) and return it."""
        steps = 0
        while not state.is_over and steps < max_steps:
            self.step(state)
            steps += 1
        return state

    def _decide(self, state: State, seat: str) -> _Plan:
        agent = self.agents[seat]
        action = agent.choose(state, seat)
        delay = max(0.0, float(agent.reaction_time(state, seat)))
        return _Plan(self.clock + delay, self._ties.random(), action)


def _is_legal(state: State, seat: str, action: Action) -> bool:
    try:
        state.check(seat, action)
    except IllegalAction:
        return False
    return True
