"""Scenario balance: the heuristic on both sides, every scenario, seats' seeds swapped.

    .venv/bin/python -m tests.cagway_bay.measure_balance [games per scenario] [scenario ...]

Each pair of games uses the same table seed with the two agents' seeds swapped, so any edge a
seed gives one policy is handed to the other side in the twin game. Prints each side's wins.
"""

from __future__ import annotations

import sys
import time

import tabletop
from tabletop.agents.base import make_agent

SCENARIOS = ("the-ruins", "under-cover-of-darkness", "open-warfare")


def play(scenario: str, seed: int, swap: bool) -> tuple[tuple[str, ...], str, int]:
    """One heuristic-against-heuristic game: the winners, the reason and the turns played."""
    game = tabletop.load("cagway-bay", scenario=scenario)
    state = game.new_state(seed=seed)
    seeds = (seed * 2, seed * 2 + 1)
    if swap:
        seeds = seeds[::-1]
    agents = {seat: make_agent("heuristic", seed=seeds[index]) for index, seat in enumerate(state.seats)}
    while not state.is_over:
        seat = state.to_act[0]
        state.apply(seat, agents[seat].choose(state, seat))
    assert state.outcome is not None
    return state.outcome.winners, state.outcome.reason, state.turn  # type: ignore[attr-defined]


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 40
    chosen = tuple(sys.argv[2:]) or SCENARIOS
    for scenario in chosen:
        start = time.perf_counter()
        seats = tabletop.load("cagway-bay", scenario=scenario).seats
        wins = dict.fromkeys(seats, 0)
        draws = 0
        turns = 0
        reasons: dict[str, int] = {}
        for index in range(games):
            winners, reason, turn = play(scenario, index // 2, swap=index % 2 == 1)
            turns += turn
            reasons[reason] = reasons.get(reason, 0) + 1
            if winners:
                wins[winners[0]] += 1
            else:
                draws += 1
        shares = ", ".join(f"{seat} {count}/{games} ({count / games:.0%})" for seat, count in wins.items())
        print(f"{scenario:<24} {shares}, draws {draws}; mean {turns / games:.1f} turns "
              f"({time.perf_counter() - start:.0f}s)")
        for reason, count in sorted(reasons.items(), key=lambda item: -item[1])[:6]:
            print(f"    {count:3d}  {reason}")


if __name__ == "__main__":
    main()
