"""Computer players think in a worker pool, never on the server's event loop.

A decision is a pure function of the position and a seed: :func:`decide` rebuilds the agent from its
spec in the worker, so a thinking MCTS at one table never delays another table's updates, and a
restarted server makes the same decisions from the same positions (searches bounded by time aside).
"""

from __future__ import annotations

import multiprocessing
import pickle
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from typing import Any

from tabletop.agents import make_agent

__all__ = ["agent_seed", "decide", "make_pool", "reaction_time"]


def agent_seed(table_seed: int, position: int, step: int) -> int:
    """The seed of one decision: a function of the table, the seat and the step only.

    >>> agent_seed(7, 1, 0) == agent_seed(7, 1, 0) != agent_seed(7, 2, 0)
    True
    """
    return (table_seed * 1009 + position * 7919 + step * 104_729 + 1) % (2**31)


def decide(state_bytes: bytes, seat: str, spec: str, seed: int, think: float) -> dict[str, Any]:
    """Run in a worker: the agent's action for ``seat`` in the pickled position, as JSON."""
    state = pickle.loads(state_bytes)
    agent = make_agent(spec, seed=seed, think=think)
    return agent.choose(state, seat).to_json()


def reaction_time(spec: str, seed: int, state: Any, seat: str) -> float:
    """How long the agent takes to act in a real-time game, from its speed profile."""
    return float(make_agent(spec, seed=seed).reaction_time(state, seat))


def make_pool(kind: str, workers: int) -> Executor:
    """Processes by default (true parallelism for searches); threads for light test servers."""
    if kind == "thread":
        return ThreadPoolExecutor(max_workers=workers, thread_name_prefix="tabletop-computer")
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload(["tabletop.server.computers", "tabletop.titles"])
    return ProcessPoolExecutor(max_workers=workers, mp_context=context)
