"""Sweeps on a Ray cluster: ``--cluster ray`` (a local instance, or the cluster in ``RAY_ADDRESS``)
or ``--cluster ray://HOST:PORT`` (Ray Client).

Games go out in batches, one Ray task per batch, so Ray's cost per task is shared by many games.
Only a few batches per CPU are in flight at a time, so a long sweep streams: results come back
as they finish and memory stays flat. A task whose worker process dies is retried by Ray
(``max_retries``); a task's results arrive only once it has finished, so a retried batch is
counted once. A batch that fails every retry is reported game by game, like any failed game.

Ray is an optional extra: ``pip install 'tabletop[ray]'``.
"""

from __future__ import annotations

import logging
import os
import socket
from collections.abc import Callable, Iterable, Iterator, Sequence
from itertools import islice
from types import ModuleType
from typing import Any, TypeVar

from tabletop.core import TabletopError

from .executors import OnCrash, batch_size, batched, run_batch

__all__ = ["ClusterUnavailable", "RayExecutor", "cluster_address", "import_ray"]

T = TypeVar("T")
R = TypeVar("R")

INSTALL_HINT = "install it with: pip install 'tabletop[ray]' (Ray 2.60.0)"

#: ``ray.init`` options that only a new local instance takes.
LOCAL_ONLY = ("num_cpus", "num_gpus", "resources", "object_store_memory", "_system_config")

#: Batches of this many games keep Ray's overhead per game small (see docs/agents.md).
RAY_BATCH = 25


class ClusterUnavailable(TabletopError, ValueError):
    """Ray is missing, the cluster address is malformed, or the cluster cannot be reached."""


def import_ray() -> ModuleType:
    """The ``ray`` module, or a :class:`ClusterUnavailable` that says how to get it."""
    try:
        import ray
    except ImportError as exc:
        raise ClusterUnavailable(f"--cluster ray needs Ray, which is not installed; {INSTALL_HINT}") from exc
    return ray


def cluster_address(cluster: str) -> str | None:
    """The address to give ``ray.init``: ``None`` for ``ray`` (``RAY_ADDRESS`` or a local instance).

    >>> cluster_address("ray"), cluster_address("ray://head:10001")
    (None, 'ray://head:10001')
    """
    if cluster == "ray":
        return None
    if cluster.startswith("ray://") and cluster[len("ray://"):].strip(":"):
        return cluster
    raise ClusterUnavailable(f"--cluster takes 'ray' or 'ray://HOST:PORT', not {cluster!r}")


def check_reachable(address: str, timeout: float = 5.0) -> None:
    """Fail fast when a ``HOST:PORT`` address takes no connections (Ray itself would retry for minutes).

    >>> check_reachable("auto")  # not an address to check: Ray finds the cluster itself
    """
    host, _, port = address.removeprefix("ray://").rpartition(":")
    if not host or not port.isdigit():
        return
    try:
        socket.create_connection((host, int(port)), timeout=timeout).close()
    except OSError as exc:
        raise ClusterUnavailable(f"cannot reach the Ray cluster at {address}: {exc.strerror or exc}") from exc


class RayExecutor:
    """Batches of items as Ray tasks. Connects on first use; shuts down only what it started.

    ``workers`` caps the CPUs of a local instance started here (default: all of them). When Ray
    is already initialised in this process (a notebook, a test), that instance is used as it is.
    """

    def __init__(self, cluster: str = "ray", *, modules: Sequence[str] = (), workers: int | None = None,
                 batch: int | None = None, retries: int = 3, on_crash: OnCrash | None = None,
                 init_options: dict[str, Any] | None = None) -> None:
        self.address = cluster_address(cluster)
        import_ray()  # without Ray, say so before any work starts
        self.modules = tuple(modules)
        self.workers = workers
        self.batch = batch
        self.retries = retries
        self.on_crash = on_crash
        self.init_options = dict(init_options or {})

    def _connect(self, ray: ModuleType) -> bool:
        """Initialise Ray unless it already is; True when this call started it."""
        if ray.is_initialized():
            return False
        options: dict[str, Any] = {"include_dashboard": False, "logging_level": logging.WARNING,
                                   "log_to_driver": False, **self.init_options}
        if self.address is None and self.workers:
            options.setdefault("num_cpus", self.workers)
        check_reachable(self.address or os.environ.get("RAY_ADDRESS", ""))
        try:
            try:
                ray.init(address=self.address, **options)
            except ValueError as exc:
                if "existing cluster" not in str(exc):
                    raise
                # RAY_ADDRESS, or a cluster started here with `ray start`: it has its own resources.
                ray.init(address=self.address, **{k: v for k, v in options.items() if k not in LOCAL_ONLY})
        except (ConnectionError, RuntimeError, ValueError) as exc:
            where = self.address or os.environ.get("RAY_ADDRESS") or "a local instance"
            raise ClusterUnavailable(f"cannot start or reach Ray at {where}: {exc}") from exc
        return True

    def run(self, fn: Callable[[T], R], items: Iterable[T]) -> Iterator[R]:
        ray = import_ray()
        started = self._connect(ray)
        running: dict[Any, list[T]] = {}
        try:
            task = ray.remote(max_retries=self.retries, retry_exceptions=False)(run_batch)
            cpus = max(1, int(ray.cluster_resources().get("CPU", 1)))
            batches = batched(items, batch_size(items, cpus, self.batch, largest=RAY_BATCH))
            while True:
                for batch in islice(batches, 2 * cpus + 2 - len(running)):
                    running[task.remote(fn, batch, self.modules)] = batch
                if not running:
                    break
                ready, _ = ray.wait(list(running), num_returns=1)
                for ref in ready:
                    batch = running.pop(ref)
                    try:
                        results = ray.get(ref)
                    except ray.exceptions.RayError as exc:  # every retry failed: report the games
                        if self.on_crash is None:
                            raise
                        results = [self.on_crash(item, exc) for item in batch]
                    yield from results
        finally:
            for ref in running:  # interrupted: stop the batches still queued or playing
                ray.cancel(ref, force=True)
            if started:
                ray.shutdown()
