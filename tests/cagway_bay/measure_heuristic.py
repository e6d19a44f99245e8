"""Heuristic against random in every scenario, both seats: run as a script and report win rates.

    .venv/bin/python -m tests.cagway_bay.measure_heuristic [games per scenario and seat]
"""

from __future__ import annotations

import sys
import time

import tabletop
from tabletop.agents.base import make_agent

SCENARIOS = ("the-ruins", "under-cover-of-darkness", "open-warfare")


def play(scenario: str, heuristic_seat: int, seed: int) -> float:
    game = tabletop.load("cagway-bay", scenario=scenario)
    state = game.new_state(seed=seed)
    agents = {}
    for index, seat in enumerate(state.seats):
        agents[seat] = make_agent("heuristic" if index == heuristic_seat else "random", seed=seed * 2 + index)
    while not state.is_over:
        seat = state.to_act[0]
        state.apply(seat, agents[seat].choose(state, seat))
    assert state.outcome is not None
    return state.outcome.returns(state.seats[heuristic_seat])


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    total_wins = total = 0
    for scenario in SCENARIOS:
        for seat in (0, 1):
            start = time.perf_counter()
            results = [play(scenario, seat, seed) for seed in range(games)]
            wins = sum(1 for r in results if r > 0)
            total_wins += wins
            total += games
            print(f"{scenario:<24} heuristic as seat {seat + 1}: {wins}/{games} wins, "
                  f"{sum(1 for r in results if r == 0)} draws ({time.perf_counter() - start:.1f}s)")
    print(f"overall: {total_wins}/{total} = {total_wins / total:.0%}")


if __name__ == "__main__":
    main()
