"""Sweeps on Ray: the same results as one local job, and no game lost or counted twice when a
worker process dies mid-sweep.

One local Ray instance serves the whole module (start-up is slow), with two CPUs and a small
object store; the xdist group keeps every test of this module in one pytest worker, so two Ray
instances never run at once.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import tempfile
import time
from pathlib import Path

import pytest

ray = pytest.importorskip("ray")

import tests.pig  # noqa: E402, F401
from tabletop.lab import simulate  # noqa: E402
from tabletop.lab.balance import run_balance  # noqa: E402
from tabletop.lab.cluster import RayExecutor  # noqa: E402
from tabletop.lab.ladder import run_ladder  # noqa: E402
from tabletop.lab.simulate import modules_for  # noqa: E402
from tests.agents import fixtures  # noqa: E402, F401

pytestmark = pytest.mark.xdist_group("ray")


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().split()[2]
    except OSError:
        return False
    return state != "Z"


@pytest.fixture(scope="module")
def local_ray():
    """A local Ray instance for this module, shut down (every process of it) at the end."""
    temp = tempfile.mkdtemp(prefix="tt-ray-", dir="/tmp")
    ray.init(num_cpus=2, include_dashboard=False, object_store_memory=80 * 1024 * 1024, _temp_dir=temp,
             log_to_driver=False, logging_level="WARNING")
    node = ray._private.worker._global_node
    pids = [info.process.pid for infos in node.all_processes.values() for info in infos]
    raylet = node.all_processes["raylet"][0].process.pid
    yield raylet
    ray.shutdown()
    deadline = time.monotonic() + 10
    while any(_alive(pid) for pid in pids) and time.monotonic() < deadline:
        time.sleep(0.1)
    shutil.rmtree(temp, ignore_errors=True)
    assert not any(_alive(pid) for pid in pids), "Ray left processes behind"


def _fingerprint(report):
    return [(r.index, r.seed, r.lineup, r.winners, r.scores, r.length, r.error) for r in report.results]


def test_ray_gives_the_same_results_as_one_local_job(local_ray):
    agents = ["heuristic", "mcts:iterations=6,depth=4"]
    local = simulate("test-pig", agents, games=30, seed=11, jobs=1)
    on_ray = simulate("test-pig", agents, games=30, seed=11, cluster="ray")
    assert _fingerprint(on_ray) == _fingerprint(local) and not on_ray.errors
    assert on_ray.summary().to_json() | {"seconds": 0} == local.summary().to_json() | {"seconds": 0}
    ladder = {"game": "test-high-card", "agents": ["random", "heuristic"], "games": 8, "seed": 2, "bootstrap": 20}
    assert run_ladder(**ladder, cluster="ray").to_json() == run_ladder(**ladder).to_json()
    balance = {"games": 6, "seed": 4}
    assert (run_balance("test-high-card", **balance, cluster="ray").to_json()
            == run_balance("test-high-card", **balance).to_json())


def test_the_commands_take_cluster_ray(local_ray, tmp_path):
    import typer
    from typer.testing import CliRunner

    from tabletop.cli.lab import register

    app = typer.Typer()
    register(app)
    args = ["simulate", "test-pig", "-n", "10", "--seed", "3", "--seat2", "random"]
    local = CliRunner().invoke(app, [*args, "--json", str(tmp_path / "local.json")])
    on_ray = CliRunner().invoke(app, [*args, "--cluster", "ray", "--out", str(tmp_path),
                                      "--json", str(tmp_path / "ray.json")])
    assert local.exit_code == on_ray.exit_code == 0, on_ray.output
    games = [json.loads((tmp_path / name).read_text())["games"] for name in ("local.json", "ray.json")]
    assert [{**g, "seconds": 0} for g in games[0]] == [{**g, "seconds": 0} for g in games[1]]
    assert len((tmp_path / "test-pig-simulate-games.jsonl").read_text().splitlines()) == 11


def _workers_playing(raylet: int) -> list[int]:
    """Our Ray instance's worker processes that are running a batch of games right now."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            title = (entry / "cmdline").read_bytes()
            parent = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
        except (OSError, ValueError, IndexError):
            continue
        if parent == raylet and title.startswith(b"ray::run_batch"):
            found.append(int(entry.name))
    return found


def test_a_worker_killed_mid_sweep_loses_no_game_and_counts_each_once(local_ray):
    agents = ["mcts:iterations=40,depth=8", "heuristic"]
    killed: list[int] = []

    def kill_a_worker(_result) -> None:
        if not killed and (playing := _workers_playing(local_ray)):
            os.kill(playing[0], signal.SIGKILL)
            killed.append(playing[0])

    executor = RayExecutor("ray", modules=modules_for("test-pig", agents), batch=3)
    on_ray = simulate("test-pig", agents, games=24, seed=5, executor=executor, progress=kill_a_worker)
    assert killed, "no worker was playing when the first games came back"
    local = simulate("test-pig", agents, games=24, seed=5)
    assert [r.index for r in on_ray.results] == list(range(24))
    assert _fingerprint(on_ray) == _fingerprint(local) and not on_ray.errors


def test_a_batch_that_fails_every_retry_is_reported_game_by_game(local_ray):
    agents = ["mcts:iterations=60,depth=8", "heuristic"]
    doomed: list[int] = []

    def kill_every_try(_result) -> None:
        for pid in _workers_playing(local_ray):
            os.kill(pid, signal.SIGKILL)
            doomed.append(pid)

    def lost(spec, exc):
        from tabletop.lab.match import GameResult

        return GameResult(index=spec.index, seed=spec.seed, lineup=spec.lineup, seats=(), error=f"lost: {exc}")

    executor = RayExecutor("ray", modules=modules_for("test-pig", agents), batch=2, retries=0, on_crash=lost)
    report = simulate("test-pig", agents, games=10, seed=6, executor=executor, progress=kill_every_try)
    assert doomed and report.errors
    assert report.summary().games == 10
    assert all(e.error.startswith("lost:") for e in report.errors)


def test_a_long_sweep_streams_with_few_games_in_flight(local_ray):
    pulled = 0

    def items():
        nonlocal pulled
        for n in range(2000):
            pulled += 1
            yield -n

    most_in_flight = 0
    results = []
    for value in RayExecutor("ray", batch=10).run(abs, items()):
        results.append(value)
        most_in_flight = max(most_in_flight, pulled - len(results))
    assert sorted(results) == list(range(2000))
    assert most_in_flight <= (2 * 2 + 2) * 10  # two batches per CPU and two more, never the whole sweep
