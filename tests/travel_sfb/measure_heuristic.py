"""How often the heuristic (``suggest`` on a determinized copy) beats uniform random play.

Run: ``.venv/bin/python -m tests.travel_sfb.measure_heuristic [games] [option=value ...]``.
The heuristic alternates seats; draws count as not won.
"""

from __future__ import annotations

import sys
import time
from typing import Any

import tabletop
from tabletop.agents import make_agent


def play(game: tabletop.Game, seed: int, heuristic_seat: str) -> str | None:
    agents = {seat: make_agent("heuristic" if seat == heuristic_seat else "random", seed=seed * 2 + k)
              for k, seat in enumerate(game.seats)}
    state = game.new_state(seed=seed)
    while not state.is_over:
        seat = state.to_act[0]
        state.apply(seat, agents[seat].choose(state, seat))
    assert state.outcome is not None
    return state.outcome.winner


def win_rate(games: int, **options: Any) -> tuple[float, float, float]:
    """(win share, draw share, seconds) for the heuristic over ``games`` duels."""
    game = tabletop.load("travel-sfb", **options)
    wins = draws = 0
    start = time.perf_counter()
    for seed in range(games):
        seat = game.seats[seed % 2]
        winner = play(game, seed, seat)
        wins += winner == seat
        draws += winner is None
    return wins / games, draws / games, time.perf_counter() - start


def main(argv: list[str]) -> None:
    games = int(argv[0]) if argv else 200
    options: dict[str, Any] = dict(item.split("=", 1) for item in argv[1:])
    won, drawn, seconds = win_rate(games, **options)
    print(f"heuristic vs random over {games} duels {options or ''}: won {won:.1%}, drawn {drawn:.1%} "
          f"({seconds:.1f}s)")


if __name__ == "__main__":
    main(sys.argv[1:])
