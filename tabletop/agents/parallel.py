"""Root-parallel search: independent searches in worker processes, their root statistics added.

Each worker searches the same position with its own seed; adding up the root's plan statistics
gives a steadier choice than one search of the same length, and uses every core a player has.
Where processes cannot be started (inside a daemonic worker, such as the lab's), the search runs
in the calling process alone.
"""

from __future__ import annotations

import atexit
import math
import multiprocessing
from concurrent.futures import Executor, ProcessPoolExecutor
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from tabletop.core import State, games

from .settings import SearchSettings
from .tree import Edge, Node

if TYPE_CHECKING:
    from .mcts import MCTSAgent

__all__ = ["prepare_workers", "search_in_parallel"]

_POOLS: dict[int, Executor] = {}
HANDOVER_SECONDS = 0.05


def _pool(workers: int) -> Executor | None:
    if multiprocessing.current_process().daemon:
        return None
    pool = _POOLS.get(workers)
    if pool is None:
        context = multiprocessing.get_context("forkserver")
        context.set_forkserver_preload(["tabletop.agents"])
        pool = _POOLS[workers] = ProcessPoolExecutor(workers, mp_context=context)
    return pool


@atexit.register
def _close_pools() -> None:
    for pool in _POOLS.values():
        pool.shutdown(wait=False, cancel_futures=True)
    _POOLS.clear()


def _ready() -> bool:
    games()  # every game imported now, so the first position a worker receives is quick
    return True


def prepare_workers(workers: int) -> None:
    """Start the worker processes now, so the first decision does not pay for it."""
    pool = _pool(workers)
    if pool is not None:
        for future in [pool.submit(_ready) for _ in range(workers)]:
            future.result()


def _root_summary(root: Node, seat: str) -> Node:
    """The part of a root the merge needs: the seat's plan statistics and hints."""
    summary = Node()
    summary.edges = {move: edge for move, edge in root.edges.items() if move[0] == seat}
    summary.hints = dict(root.hints)
    return summary


def _search_one(state: State, seat: str, options: dict[str, Any], settings: SearchSettings,
                seed: int) -> tuple[Node, int]:
    from .mcts import MCTSAgent

    agent = MCTSAgent(seed=seed, **{**options, "workers": 1})  # a worker never starts workers of its own
    root, done = agent.search(state, seat, settings, agent.rng)
    return _root_summary(root, seat), done


def search_in_parallel(agent: MCTSAgent, state: State, seat: str,
                       settings: SearchSettings) -> tuple[Node, int, int]:
    """Search with ``settings.workers`` processes; the merged root, iterations and workers used."""
    workers = settings.workers
    pool = _pool(workers)
    if pool is None:
        root, done = agent.search(state, seat, replace(settings, workers=1), agent.rng)
        return root, done, 1
    share = replace(settings, workers=1,
                    iterations=math.ceil(settings.iterations / workers) if settings.iterations else None,
                    # Sending the position out and the statistics back takes a little of the time.
                    think=max(0.01, settings.think - HANDOVER_SECONDS) if settings.think else None)
    seeds = [int(agent.rng.random() * 2**62) for _ in range(workers)]
    futures = [pool.submit(_search_one, state, seat, agent.options, share, seed) for seed in seeds]
    merged = Node()
    done = 0
    for future in futures:
        part, count = future.result()
        done += count
        for move, edge in part.edges.items():
            merged.edges.setdefault(move, Edge()).merge(edge)
        for mover, hint in part.hints.items():
            merged.hints.setdefault(mover, hint)
    return merged, done, workers
