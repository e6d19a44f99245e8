"""Engine speed for every registered game: random-play decisions per second and full games
per second on one core. Run with ``make bench``; ``--games N`` and ``--only NAME`` narrow it."""

from __future__ import annotations

import argparse
import random
import time

from rich.console import Console
from rich.table import Table

import tabletop


def play_random(game: tabletop.Game, seed: int) -> int:
    rng = random.Random(seed)
    state = game.new_state(seed=seed)
    steps = 0
    while not state.is_over:
        to_act = state.to_act
        seat = to_act[int(rng.random() * len(to_act))]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[int(rng.random() * len(legal))])
        steps += 1
    return steps


def measure(name: str, seconds: float) -> tuple[int, int, float]:
    game = tabletop.load(name)
    games = steps = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds or games == 0:
        steps += play_random(game, games)
        games += 1
    return games, steps, time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=5.0, help="time per game")
    parser.add_argument("--only", action="append", help="bench just this game (repeatable)")
    args = parser.parse_args()
    table = Table(title="Random play, one core")
    for column in ("game", "games/s", "decisions/s", "decisions/game"):
        table.add_column(column, justify="right" if column != "game" else "left")
    for info in tabletop.games():
        if info.name.startswith("test-") or (args.only and info.name not in args.only):
            continue
        games, steps, elapsed = measure(info.name, args.seconds)
        table.add_row(info.name, f"{games / elapsed:,.1f}", f"{steps / elapsed:,.0f}", f"{steps / games:,.0f}")
    Console().print(table)


if __name__ == "__main__":
    main()
