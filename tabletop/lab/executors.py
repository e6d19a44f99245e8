"""Where a sweep's games run. The lab only needs ``Executor.run``: results in any order.

:class:`SerialExecutor` runs in this process; :class:`ProcessExecutor` (the default for
``--jobs`` above 1) spreads batches over local worker processes with ``concurrent.futures``;
:class:`~tabletop.lab.cluster.RayExecutor` (``--cluster ray``) spreads them over a Ray cluster.
Each game carries its own seed, so the results do not depend on which executor ran them or in
what order. Items are taken from ``items`` only as workers free up, so a million-game sweep never
holds a million games in memory.
"""

from __future__ import annotations

import importlib
import multiprocessing
import sys
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence, Sized
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from itertools import islice
from typing import Protocol, TypeVar

__all__ = ["Executor", "ProcessExecutor", "SerialExecutor", "batched", "make_executor", "run_batch"]

T = TypeVar("T")
R = TypeVar("R")

OnCrash = Callable[[object, BaseException], object]

#: Games per batch unless an executor is told otherwise: enough to make the cost of sending a
#: batch small beside the games, few enough that a lost worker costs little.
DEFAULT_BATCH = 20


class Executor(Protocol):
    """Runs ``fn`` on every item and yields the results as they complete (any order)."""

    def run(self, fn: Callable[[T], R], items: Iterable[T]) -> Iterator[R]: ...


class SerialExecutor:
    """Everything in the calling process, in order. Simple, and easy to debug."""

    def run(self, fn: Callable[[T], R], items: Iterable[T]) -> Iterator[R]:
        for item in items:
            yield fn(item)


def batched(items: Iterable[T], size: int) -> Iterator[list[T]]:
    """``items`` in lists of ``size`` (the last may be shorter), taken lazily.

    >>> list(batched(range(5), 2))
    [[0, 1], [2, 3], [4]]
    """
    source = iter(items)
    while batch := list(islice(source, size)):
        yield batch


def batch_size(items: Iterable[object], workers: int, batch: int | None, largest: int = DEFAULT_BATCH) -> int:
    """Small batches for small sweeps (so every worker gets some), up to ``largest``."""
    if batch:
        return batch
    if isinstance(items, Sized):
        return max(1, min(largest, len(items) // (workers * 8) or 1))
    return largest


def run_batch(fn: Callable[[T], R], batch: Sequence[T], modules: Sequence[str] = ()) -> list[R]:
    """A worker's job: import the modules that register the games and agents in use, play a batch."""
    for name in modules:
        importlib.import_module(name)
    return [fn(item) for item in batch]


class ProcessExecutor:
    """Local worker processes. Items go out in small batches to keep the overhead low.

    ``modules`` are imported in each worker first, so games and agents registered outside
    ``tabletop`` (test fixtures, a researcher's own) exist there too.
    """

    def __init__(self, jobs: int, modules: Sequence[str] = (), batch: int | None = None,
                 on_crash: OnCrash | None = None) -> None:
        self.jobs = max(1, jobs)
        self.modules = tuple(modules)
        self.batch = batch
        self.on_crash = on_crash

    def run(self, fn: Callable[[T], R], items: Iterable[T]) -> Iterator[R]:
        batches = batched(items, batch_size(items, self.jobs, self.batch))
        # Workers are started fresh rather than forked: a forked copy of a process running a
        # progress-bar thread can deadlock.
        if sys.platform != "win32":
            context = multiprocessing.get_context("forkserver")
            # The fork server imports these once; every worker forked from it starts warm.
            context.set_forkserver_preload(["tabletop.lab.worker", *self.modules])
        else:
            context = multiprocessing.get_context("spawn")
        pool = ProcessPoolExecutor(self.jobs, mp_context=context)
        finished = False
        # Each batch with the number of pools it has already broken with.
        running: dict[Future[list[R]], tuple[list[T], int]] = {}
        again: deque[tuple[list[T], int]] = deque()
        try:
            while True:
                lost: BrokenProcessPool | None = None
                # A few batches per worker in flight: the workers never wait, memory stays flat.
                while len(running) < 4 * self.jobs:
                    queued = again.popleft() if again else next(((batch, 0) for batch in batches), None)
                    if queued is None:
                        break
                    try:
                        running[pool.submit(run_batch, fn, queued[0], self.modules)] = queued
                    except BrokenProcessPool as exc:  # the pool broke since the last look; it never ran
                        again.appendleft(queued)
                        lost = exc
                        break
                if lost is None:
                    if not running:
                        break
                    done, _ = wait(running, return_when=FIRST_COMPLETED)
                    for future in done:
                        batch, broke = running.pop(future)
                        try:
                            results = future.result()
                        except BrokenProcessPool as exc:
                            lost = exc
                            yield from self._again_or_crashed(batch, broke, exc, again)
                            continue
                        except Exception as exc:  # the batch itself failed; its games are reported
                            results = self._crashed(batch, exc)
                        yield from results
                if lost is not None:
                    # A worker died (killed, out of memory) and took the pool with it, and every
                    # batch it had not finished. Play those on a fresh pool: each game has its own
                    # seed, so a game played again gives the same result.
                    for future, (batch, broke) in running.items():
                        if future.done() and not future.cancelled() and future.exception() is None:
                            yield from future.result()
                        else:
                            yield from self._again_or_crashed(batch, broke, lost, again)
                    running.clear()
                    pool.shutdown(wait=False, cancel_futures=True)
                    pool = ProcessPoolExecutor(self.jobs, mp_context=context)
            finished = True
        finally:
            # On Ctrl-C (or an abandoned generator) drop the queued batches instead of playing them.
            pool.shutdown(wait=finished, cancel_futures=not finished)

    def _again_or_crashed(self, batch: list[T], broke: int, exc: BaseException,
                          again: deque[tuple[list[T], int]]) -> Iterator[R]:
        """A batch lost with a broken pool goes round once more; lost twice, its games are reported
        (a batch that kills its worker every time must not stop the sweep)."""
        if broke < 1:
            again.append((batch, broke + 1))
            return
        yield from self._crashed(batch, exc)

    def _crashed(self, batch: list[T], exc: BaseException) -> list[R]:
        if self.on_crash is None:
            raise exc
        return [self.on_crash(item, exc) for item in batch]  # type: ignore[misc]


def make_executor(jobs: int, modules: Sequence[str] = (), on_crash: OnCrash | None = None,
                  cluster: str | None = None) -> Executor:
    """Serial for one job, local processes for more, Ray for ``cluster`` (``ray`` or ``ray://HOST:PORT``;
    ``jobs`` above 1 then caps the workers of a local Ray instance)."""
    if cluster:
        from .cluster import RayExecutor

        return RayExecutor(cluster, modules=modules, on_crash=on_crash, workers=jobs if jobs > 1 else None)
    return SerialExecutor() if jobs <= 1 else ProcessExecutor(jobs, modules, on_crash=on_crash)
