"""Where a sweep's games run. The lab only needs ``Executor.run``: results in any order.

:class:`SerialExecutor` runs in this process; :class:`ProcessExecutor` (the default for
``--jobs`` above 1) spreads batches over local worker processes with ``concurrent.futures``.
A distributed engine only has to provide the same ``run`` method. Each game carries its own
seed, so the results do not depend on which executor ran them or in what order.
"""

from __future__ import annotations

import importlib
import multiprocessing
import sys
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Future, ProcessPoolExecutor, as_completed
from typing import Protocol, TypeVar

__all__ = ["Executor", "ProcessExecutor", "SerialExecutor", "make_executor"]

T = TypeVar("T")
R = TypeVar("R")


class Executor(Protocol):
    """Runs ``fn`` on every item and yields the results as they complete (any order)."""

    def run(self, fn: Callable[[T], R], items: Sequence[T]) -> Iterator[R]: ...


class SerialExecutor:
    """Everything in the calling process, in order. Simple, and easy to debug."""

    def run(self, fn: Callable[[T], R], items: Sequence[T]) -> Iterator[R]:
        for item in items:
            yield fn(item)


def _import_all(modules: Sequence[str]) -> None:
    """Worker start-up: import the modules that register the games and agents in use."""
    for name in modules:
        importlib.import_module(name)


def _run_batch(fn: Callable[[T], R], batch: Sequence[T]) -> list[R]:
    return [fn(item) for item in batch]


class ProcessExecutor:
    """Local worker processes. Items go out in small batches to keep the overhead low.

    ``modules`` are imported in each worker first, so games and agents registered outside
    ``tabletop`` (test fixtures, a researcher's own) exist there too.
    """

    def __init__(self, jobs: int, modules: Sequence[str] = (), batch: int | None = None,
                 on_crash: Callable[[object, BaseException], object] | None = None) -> None:
        self.jobs = max(1, jobs)
        self.modules = tuple(modules)
        self.batch = batch
        self.on_crash = on_crash

    def run(self, fn: Callable[[T], R], items: Sequence[T]) -> Iterator[R]:
        if not items:
            return
        size = self.batch or max(1, min(20, len(items) // (self.jobs * 8) or 1))
        batches = [items[i : i + size] for i in range(0, len(items), size)]
        # Workers are started fresh rather than forked: a forked copy of a process running a
        # progress-bar thread can deadlock.
        if sys.platform != "win32":
            context = multiprocessing.get_context("forkserver")
            # The fork server imports these once; every worker forked from it starts warm.
            context.set_forkserver_preload(["tabletop.lab.worker", *self.modules])
        else:
            context = multiprocessing.get_context("spawn")
        pool = ProcessPoolExecutor(self.jobs, mp_context=context, initializer=_import_all, initargs=(self.modules,))
        finished = False
        try:
            futures: dict[Future[list[R]], Sequence[T]] = {
                pool.submit(_run_batch, fn, batch): batch for batch in batches
            }
            for future in as_completed(futures):
                try:
                    results = future.result()
                except Exception as exc:  # a worker died; its games are reported, the rest go on
                    if self.on_crash is None:
                        raise
                    results = [self.on_crash(item, exc) for item in futures[future]]  # type: ignore[misc]
                yield from results
            finished = True
        finally:
            # On Ctrl-C (or an abandoned generator) drop the queued batches instead of playing them.
            pool.shutdown(wait=finished, cancel_futures=not finished)


def make_executor(jobs: int, modules: Sequence[str] = (),
                  on_crash: Callable[[object, BaseException], object] | None = None) -> Executor:
    """Serial for one job, local processes for more."""
    return SerialExecutor() if jobs <= 1 else ProcessExecutor(jobs, modules, on_crash=on_crash)
