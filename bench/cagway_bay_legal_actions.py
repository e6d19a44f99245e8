"""The cost of one Cagway Bay legal-actions call, measured over positions from random games.

    .venv/bin/python bench/cagway_bay_legal_actions.py [positions]

Each position is reached by random play; the engine's per-state cache is cleared before every
call so the figure is the full cost of working the menu out (sailing sweeps, arcs, cover).
"""

from __future__ import annotations

import random
import sys
import time

import tabletop


def positions(count: int) -> list[tabletop.State]:
    found: list[tabletop.State] = []
    seed = 0
    while len(found) < count:
        for scenario in ("the-ruins", "under-cover-of-darkness", "open-warfare"):
            game = tabletop.load("cagway-bay", scenario=scenario)
            state = game.new_state(seed=seed)
            rng = random.Random(seed)
            while not state.is_over and len(found) < count:
                found.append(state.clone())
                seat = state.to_act[0]
                legal = state.legal_actions(seat)
                state.apply(seat, legal[int(rng.random() * len(legal))])
        seed += 1
    return found[:count]


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    states = positions(count)
    by_phase: dict[str, list[float]] = {}
    for state in states:
        seat = state.to_act[0]
        state._legal_cache.clear()
        state._opts.clear()  # type: ignore[attr-defined]
        state._sightings.clear()  # type: ignore[attr-defined]
        start = time.perf_counter()
        state.legal_actions(seat)
        by_phase.setdefault(state.phase, []).append(time.perf_counter() - start)  # type: ignore[attr-defined]
    every = [t for times in by_phase.values() for t in times]
    print(f"legal_actions over {len(every)} positions: mean {1e6 * sum(every) / len(every):.0f} µs")
    for phase, times in sorted(by_phase.items()):
        times.sort()
        print(f"  {phase:<7} n={len(times):<5} mean {1e6 * sum(times) / len(times):6.0f} µs  "
              f"median {1e6 * times[len(times) // 2]:6.0f} µs  p95 {1e6 * times[int(len(times) * 0.95)]:6.0f} µs")


if __name__ == "__main__":
    main()
