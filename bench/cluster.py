"""The same sweep with ``--jobs 1``, ``--jobs 2`` and ``--cluster ray`` (two local workers):
games per second for each, and each executor's overhead per game.

Overhead per game is the time a worker spends on a game beyond playing it: wall time × workers
− the games' own playing time, over the games. It covers sending specs, batching, collecting
results, idle workers and, for ``--jobs 2``, starting its processes (every sweep does). Ray's start-up (the instance and its workers' first imports) is timed
apart, because a cluster pays it once, not per sweep. ``--scaling`` adds, for every game, the
seconds per game on one core of its heaviest sweep (MCTS on both sides, timed at
``--mcts-iterations`` and scaled to the default 300), for the estimate in docs/agents.md.

Run it niced, once: ``nice -n 10 .venv/bin/python bench/cluster.py``.
"""

from __future__ import annotations

import argparse
import platform
import tempfile
import time

from rich.console import Console
from rich.table import Table

import tabletop
from tabletop.lab import simulate
from tabletop.lab.cluster import RayExecutor, import_ray
from tabletop.lab.simulate import modules_for

DEFAULT_ITERATIONS = 300


def timed(game: str, agents: list[str], games: int, seed: int, **how: object) -> tuple[float, float, int]:
    """Wall seconds, the games' own seconds, and failed games."""
    start = time.perf_counter()
    report = simulate(game, agents, games, seed, keep_games=False, **how)  # type: ignore[arg-type]
    wall = time.perf_counter() - start
    return wall, report.summary().seconds, len(report.errors)


def sweep_table(args: argparse.Namespace) -> Table:
    agents = args.agents.split(",")
    table = Table(title=f"{args.game}, {args.games} games of {' vs '.join(agents)}, seed {args.seed}")
    for column in ("executor", "games/s", "speed-up", "overhead per game", "failed"):
        table.add_column(column, justify="left" if column == "executor" else "right")
    timed(args.game, agents, 2, args.seed + 1)  # the driver imports the engine and the statistics first
    rows: list[tuple[str, int, tuple[float, float, int]]] = [
        ("--jobs 1", 1, timed(args.game, agents, args.games, args.seed, jobs=1)),
        ("--jobs 2", 2, timed(args.game, agents, args.games, args.seed, jobs=2)),
    ]
    ray = import_ray()
    start = time.perf_counter()
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, logging_level="WARNING",
             object_store_memory=80 * 1024 * 1024, _temp_dir=tempfile.mkdtemp(prefix="tt-ray-bench-", dir="/tmp"))
    executor = RayExecutor("ray", modules=modules_for(args.game, agents), batch=args.batch)
    timed(args.game, agents, 4, args.seed + 1, executor=executor)  # workers start and import the engine
    startup = time.perf_counter() - start
    rows.append((f"--cluster ray (2 workers, batches of {executor.batch or 'up to 25'})", 2,
                 timed(args.game, agents, args.games, args.seed, executor=executor)))
    ray.shutdown()
    base = rows[0][2][0]
    for name, workers, (wall, playing, failed) in rows:
        overhead = (wall * workers - playing) / args.games
        table.add_row(name, f"{args.games / wall:,.1f}", f"{base / wall:.2f}×", f"{1000 * overhead:,.1f} ms",
                      str(failed))
    table.caption = (f"Ray start-up (instance and first imports in its workers): {startup:.1f} s, once per "
                     f"cluster. One game takes {1000 * rows[0][2][1] / args.games:,.1f} ms on one core.")
    return table


def scaling_table(iterations: int) -> Table:
    table = Table(title="Heaviest sweep per game: MCTS on both sides, one core")
    for column in ("game", "heuristic games/s", "MCTS s/game (300 iterations)", "MCTS games/s per core"):
        table.add_column(column, justify="left" if column == "game" else "right")
    for info in tabletop.games():
        if info.name.startswith("test-"):
            continue
        wall, _, _ = timed(info.name, ["heuristic", "heuristic"], 4, 0)
        mcts, _, _ = timed(info.name, [f"mcts:iterations={iterations}"] * 2, 1, 0)
        per_game = mcts * DEFAULT_ITERATIONS / iterations
        table.add_row(info.name, f"{4 / wall:,.1f}", f"{per_game:,.0f}", f"{1 / per_game:.4f}")
    return table


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", default="travel-sfb")
    parser.add_argument("--agents", default="heuristic,heuristic")
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--batch", type=int, default=None, help="games per Ray task")
    parser.add_argument("--scaling", action="store_true", help="also time each game's heaviest sweep")
    parser.add_argument("--mcts-iterations", type=int, default=30)
    args = parser.parse_args()
    console = Console(width=max(Console().width, 110))
    console.print(f"{platform.machine()}, Python {platform.python_version()}")
    console.print(sweep_table(args))
    if args.scaling:
        console.print(scaling_table(args.mcts_iterations))


if __name__ == "__main__":
    main()
