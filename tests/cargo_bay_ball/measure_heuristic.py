"""Measure the heuristic (State.suggest) against uniform random play.

Run: .venv/bin/python -m tests.cargo_bay_ball.measure_heuristic [games] [option=value ...]
The heuristic plays one side (alternating sides game by game); a draw counts as not a win.
"""

from __future__ import annotations

import random
import sys
import time

import tabletop
from tabletop.core import Randomness


def play(game: tabletop.Game, seed: int, heuristic_side: int) -> tuple[float, int]:
    """Return (1 win / 0.5 draw / 0 loss for the heuristic side, decisions)."""
    state = game.new_state(seed=seed)
    chooser = random.Random(seed)
    brain = Randomness(seed + 1)
    steps = 0
    while not state.is_over:
        seat = state.to_act[0]
        side = game.seats.index(seat) % 2
        if side == heuristic_side:
            action = state.suggest(seat, brain)
        else:
            legal = state.legal_actions(seat)
            action = legal[int(chooser.random() * len(legal))]
        state.apply(seat, action)
        steps += 1
    outcome = state.outcome
    assert outcome is not None
    if outcome.is_draw:
        return 0.5, steps
    return (1.0 if game.seats[heuristic_side] in outcome.winners else 0.0), steps


def measure(games: int, **options: object) -> tuple[float, float, float]:
    """(win rate, mean goals for the heuristic side, seconds per game)."""
    game = tabletop.load("cargo-bay-ball", **options)
    wins = 0.0
    start = time.perf_counter()
    for seed in range(games):
        result, _ = play(game, seed, seed % 2)
        wins += result
    return wins / games, 0.0, (time.perf_counter() - start) / games


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 100
    options = dict(arg.split("=", 1) for arg in sys.argv[2:])
    rate, _, per_game = measure(games, **options)
    print(f"heuristic beats random in {rate:.1%} of {games} games ({per_game:.2f} s per game)")


if __name__ == "__main__":
    main()
