"""Check sums that show a speed-up changed no decision: of seeded random play (every seat, action
and menu length, and each game's result) and of the strongest player's choices from
``make bench``'s positions at a fixed count of iterations.

Run it before and after a change and compare; equal sums mean the same games and the same
choices::

    .venv/bin/python bench/same_games.py
    .venv/bin/python bench/same_games.py --only cagway-bay --games 150 --iterations 100
"""

from __future__ import annotations

import argparse
import zlib

from rich.console import Console
from rich.table import Table
from run import positions  # bench/run.py: this script runs from the same folder

import tabletop
from tabletop.agents import make_agent
from tabletop.testing import random_play_sum


def search_sum(name: str, iterations: int) -> int:
    """The sum of ``hard``'s choices from the bench's positions at a fixed count of iterations."""
    total = 0
    for index, state in enumerate(positions(name, 5)):
        seat = next(s for s in state.to_act if len(state.legal_actions(s)) > 1)
        agent = make_agent(f"hard:iterations={iterations},think=1000", seed=index)
        action = agent.choose(state, seat)
        total = zlib.crc32(repr((action, agent.last.iterations)).encode(), total)
    return total


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--only", action="append", help="just this game (repeatable)")
    parser.add_argument("--games", type=int, default=40, help="random games per game")
    parser.add_argument("--first-seed", type=int, default=0, help="the first random game's seed")
    parser.add_argument("--iterations", type=int, default=400, help="search iterations from each position")
    args = parser.parse_args()
    table = Table(title="Check sums (equal before and after a change: the same games and choices; "
                        f"{tabletop.native.status()})")
    for column in ("game", f"random play ({args.games} games)", f"hard ({args.iterations} iterations)"):
        table.add_column(column)
    for info in tabletop.games():
        if info.name.startswith("test-") or (args.only and info.name not in args.only):
            continue
        table.add_row(info.name, str(random_play_sum(tabletop.load(info.name), args.games, args.first_seed)),
                      str(search_sum(info.name, args.iterations)))
    Console().print(table)


if __name__ == "__main__":
    main()
