"""Speed of the help a player asks for: odds of every rolling action on a menu, and a hint.

    .venv/bin/python bench/help_at_the_table.py [positions per game]

Positions are reached by seeded random play. For each game it reports how long the odds of all
the legal actions that roll or draw take at one prompt (median and worst), how many of those
were exact, and how long a hint takes with its default budget.
"""

from __future__ import annotations

import random
import statistics
import sys
import time

import tabletop
from tabletop.guide import hint

MAX_SEEDS = 30
ROLLING = {"cargo-bay-ball": {"shoot", "pass", "steal", "slobberknock", "block", "catch"},
           "friendly-competition": {"pass", "tackle", "jostle"}, "cagway-bay": {"douse"},
           "travel-sfb": {"place", "finish"}, "fightball": {"draw"}}


def positions(name: str, count: int) -> list[tabletop.State]:
    found: list[tabletop.State] = []
    seed = 0
    while len(found) < count and seed < MAX_SEEDS:
        state = tabletop.load(name).new_state(seed=seed)
        chooser = random.Random(seed)
        for _ in range(400):
            if state.is_over or len(found) >= count:
                break
            seat = state.to_act[0]
            legal = state.legal_actions(seat)
            if chooser.random() < 0.3 and any(a.kind in ROLLING[name] for a in legal):
                found.append(state.clone())
            state.apply(seat, chooser.choice(legal))
        seed += 1
    return found


def main(count: int) -> None:
    for name in ROLLING:
        menu_times, exact, total, hint_times = [], 0, 0, []
        found = positions(name, count)
        if not found:
            print(f"{name:22} no position with a rolling action in {MAX_SEEDS} random games")
            continue
        for state in found:
            seat = state.to_act[0]
            started = time.perf_counter()
            for action in state.legal_actions(seat):
                odds = state.odds(seat, action)
                if odds is not None:
                    total += 1
                    exact += odds.exact
            menu_times.append(time.perf_counter() - started)
            started = time.perf_counter()
            hint(state, seat)
            hint_times.append(time.perf_counter() - started)
        print(f"{name:22} odds of a whole menu: median {statistics.median(menu_times):.3f}s, "
              f"worst {max(menu_times):.3f}s; {exact}/{total} exact; hint median "
              f"{statistics.median(hint_times):.2f}s, worst {max(hint_times):.2f}s")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 6)
