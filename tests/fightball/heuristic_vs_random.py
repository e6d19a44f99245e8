"""Measure the heuristic coach against a random one when both act at the same rate.

The two coaches' actions alternate (one each, the buzzer-beater window aside), the heuristic runs
on a determinized copy as the heuristic agent does, and it takes each seat in turn.

    .venv/bin/python -m tests.fightball.heuristic_vs_random --games 200
"""

from __future__ import annotations

import argparse
import itertools
import time

import tabletop
from tabletop.agents import make_agent
from tabletop.titles.fightball.cards import team_slugs


def play(home: str, away: str, seed: int, heuristic_seat: str) -> float:
    """One game; +1 if the heuristic won, 0 for a draw, -1 for a loss."""
    game = tabletop.load("fightball", home=home, away=away)
    state = game.new_state(seed=seed)
    agents = {
        heuristic_seat: make_agent("heuristic", seed=seed),
        ("away" if heuristic_seat == "home" else "home"): make_agent("random", seed=seed + 1),
    }
    turn = itertools.cycle(("home", "away"))
    while not state.is_over:
        to_act = state.to_act
        seat = next(turn)
        if seat not in to_act:
            seat = to_act[0]
        state.apply(seat, agents[seat].choose(state, seat))
    return state.returns()[heuristic_seat]


def measure(games: int, first_seed: int = 0) -> tuple[float, float]:
    teams = team_slugs()
    wins = draws = 0
    for n in range(games):
        seed = first_seed + n
        home, away = teams[seed % 6], teams[(seed // 6) % 6]
        result = play(home, away, seed, "home" if n % 2 == 0 else "away")
        wins += result > 0
        draws += result == 0
    return wins / games, draws / games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    start = time.perf_counter()
    win_rate, draw_rate = measure(args.games, args.seed)
    print(f"heuristic vs random over {args.games} games: won {win_rate:.1%}, drew {draw_rate:.1%} "
          f"({time.perf_counter() - start:.1f}s)")


if __name__ == "__main__":
    main()
