"""Agent strength for every registered game: the targets of the agents' issue, measured.

* heuristic against random (target: the heuristic wins at least 80% of games);
* MCTS at ``--think`` seconds per decision against heuristic (target: at least 65%);
* for real-time games, how the win rate moves with speed (heuristic at pro, club and beginner pace).

Seats swap in half the games. Win rates count a draw as half a win and carry 95% Wilson
intervals. These are long runs, so they are a script, not unit tests::

    .venv/bin/python bench/strength.py --only travel-sfb --games 200 --mcts-games 20 --think 1 --jobs 2
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table

import tabletop
from tabletop.lab import simulate

SPEED_PAIRS = (("pro", "club"), ("pro", "beginner"), ("club", "beginner"))


def matchup(game: str, first: str, second: str, games: int, seed: int, jobs: int,
            console: Console) -> dict[str, Any]:
    """``first`` against ``second``; the first agent's record."""
    started = time.perf_counter()
    report = simulate(game, [first, second], games, seed, jobs=jobs)
    summary = report.summary()
    me = summary.participants[0]
    row = {
        "game": game, "agent": first, "opponent": second, "games": summary.completed,
        "wins": me.wins.count, "draws": me.draws.count, "losses": me.losses.count,
        "points": round(me.points.value, 4), "low": round(me.points.low, 4), "high": round(me.points.high, 4),
        "errors": len(summary.errors), "minutes": round((time.perf_counter() - started) / 60, 2),
        "mean_length": round(summary.length.value, 1),
    }
    console.print(f"  {game}: {first} vs {second}: {me.points.text()} over {summary.completed} games "
                  f"({row['minutes']} min{', ' + str(row['errors']) + ' failed' if row['errors'] else ''})")
    return row


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--only", action="append", help="just this game (repeatable)")
    parser.add_argument("--games", type=int, default=100, help="games of heuristic against random")
    parser.add_argument("--mcts-games", type=int, default=10, help="games of MCTS against heuristic (0: skip)")
    parser.add_argument("--think", type=float, default=1.0, help="MCTS seconds per decision")
    parser.add_argument("--mcts", default="", help="extra MCTS options, such as depth=10,rollout=random")
    parser.add_argument("--speed-games", type=int, default=40, help="games per speed pairing in real-time games")
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--json", type=Path, help="also write the rows as JSON")
    args = parser.parse_args()
    console = Console(stderr=True)
    rows: list[dict[str, Any]] = []
    mcts = f"mcts:think={args.think}" + (f",{args.mcts}" if args.mcts else "")
    for info in tabletop.games():
        if info.name.startswith("test-") or (args.only and info.name not in args.only):
            continue
        console.print(f"[bold]{info.name}[/]")
        if args.games:
            rows.append(matchup(info.name, "heuristic", "random", args.games, args.seed, args.jobs, console))
        if args.mcts_games:
            rows.append(matchup(info.name, mcts, "heuristic", args.mcts_games, args.seed, args.jobs, console))
        if info.turn_style == "real-time" and args.speed_games:
            for fast, slow in SPEED_PAIRS:
                rows.append(matchup(info.name, f"heuristic:speed={fast}", f"heuristic:speed={slow}",
                                    args.speed_games, args.seed, args.jobs, console))
    table = Table(title="Agent strength: points share of the first agent (draws count half), 95% Wilson interval")
    for column in ("game", "agent", "opponent", "games", "W-D-L", "points", "95% interval", "target"):
        table.add_column(column, justify="left" if column in ("game", "agent", "opponent") else "right")
    for row in rows:
        target = {"random": "≥ 80%", "heuristic": "≥ 65%"}.get(row["opponent"], "") if "speed" not in row["agent"] else ""
        table.add_row(row["game"], row["agent"], row["opponent"], str(row["games"]),
                      f"{row['wins']:g}-{row['draws']:g}-{row['losses']:g}", f"{row['points']:.1%}",
                      f"{row['low']:.1%}–{row['high']:.1%}", target)
    Console(width=max(Console().width, 150)).print(table)
    if args.json:
        args.json.write_text(json.dumps(rows, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
