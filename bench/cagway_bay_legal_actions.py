"""Cagway Bay speed figures: one legal-actions call, heuristic decisions and MCTS iterations.

    .venv/bin/python bench/cagway_bay_legal_actions.py [positions] [--heuristic GAMES] [--mcts DECISIONS]

Each position is reached by random play; the engine's per-state cache is cleared before every
call, and the first figure also clears the move plans kept on each ship for its pose, so it is the
full cost of working the menu out (sailing sweeps, arcs, cover); the second keeps them, as a
search does for the ships that have not moved since.
``--heuristic`` plays heuristic-against-heuristic games in every scenario and reports decisions
per second (each decision is a ``legal_actions`` plus a ``suggest`` plus an ``apply``);
``--mcts`` times ``mcts:iterations=200`` decisions from positions of those games.
"""

from __future__ import annotations

import argparse
import random
import time

import tabletop
from tabletop.agents import MCTSAgent, make_agent
from tabletop.titles.cagway_bay import combat, movement, ships

SCENARIOS = ("the-ruins", "under-cover-of-darkness", "open-warfare")


def positions(count: int) -> list[tabletop.State]:
    found: list[tabletop.State] = []
    seed = 0
    while len(found) < count:
        for scenario in SCENARIOS:
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


def legal_actions_cost(count: int) -> None:
    states = positions(count)
    for warm in (False, True):
        by_phase: dict[str, list[float]] = {}
        for state in states:
            seat = state.to_act[0]
            state._legal_cache.clear()
            state._opts.clear()  # type: ignore[attr-defined]
            state._sightings.clear()  # type: ignore[attr-defined]
            if not warm:
                for ship in state.ships.values():  # type: ignore[attr-defined]
                    ship._motion = None  # the move plans kept for each pose too
                movement._POSES.clear()  # and those kept for recent poses
                ships._OUTLINES.clear()  # the outlines placed for recent poses
                combat._TOUCHING.clear()  # and which of them touch
            start = time.perf_counter()
            state.legal_actions(seat)
            by_phase.setdefault(state.phase, []).append(time.perf_counter() - start)  # type: ignore[attr-defined]
        every = [t for times in by_phase.values() for t in times]
        how = "with each ship's move plans already known" if warm else "worked out afresh"
        print(f"legal_actions over {len(every)} positions, {how}: mean {1e6 * sum(every) / len(every):.0f} µs")
        for phase, times in sorted(by_phase.items()):
            times.sort()
            print(f"  {phase:<7} n={len(times):<5} mean {1e6 * sum(times) / len(times):6.0f} µs  "
                  f"median {1e6 * times[len(times) // 2]:6.0f} µs  p95 {1e6 * times[int(len(times) * 0.95)]:6.0f} µs")


def heuristic_games(games: int) -> list[tabletop.State]:
    """Heuristic-against-heuristic games in every scenario; prints decisions per second and
    returns some mid-game positions for the MCTS figure."""
    decisions = 0
    elapsed = 0.0
    kept: list[tabletop.State] = []
    for index in range(games):
        scenario = SCENARIOS[index % len(SCENARIOS)]
        state = tabletop.load("cagway-bay", scenario=scenario).new_state(seed=index)
        agents = {seat: make_agent("heuristic", seed=index * 2 + k) for k, seat in enumerate(state.seats)}
        start = time.perf_counter()
        while not state.is_over:
            seat = state.to_act[0]
            if decisions % 37 == 5 and len(state.legal_actions(seat)) > 1:
                pause = time.perf_counter()
                kept.append(state.clone())
                start += time.perf_counter() - pause
            state.apply(seat, agents[seat].choose(state, seat))
            decisions += 1
        elapsed += time.perf_counter() - start
    print(f"heuristic v heuristic: {games} games, {decisions} decisions, {decisions / elapsed:,.0f} decisions/s, "
          f"{games / elapsed:.2f} games/s")
    return kept


def mcts_rate(states: list[tabletop.State], count: int) -> None:
    iterations = 0
    elapsed = 0.0
    for state in states[:count]:
        agent = make_agent("mcts:iterations=200", seed=1)
        assert isinstance(agent, MCTSAgent)
        agent.choose(state, state.to_act[0])
        iterations += agent.last.iterations
        elapsed += agent.last.seconds
    print(f"mcts:iterations=200 over {min(count, len(states))} positions: {iterations / elapsed:,.0f} iterations/s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("positions", type=int, nargs="?", default=2000, help="positions for legal_actions")
    parser.add_argument("--heuristic", type=int, default=0, help="heuristic games to time")
    parser.add_argument("--mcts", type=int, default=0, help="MCTS decisions to time (needs --heuristic)")
    args = parser.parse_args()
    if args.positions:
        legal_actions_cost(args.positions)
    if args.heuristic:
        kept = heuristic_games(args.heuristic)
        if args.mcts:
            mcts_rate(kept, args.mcts)


if __name__ == "__main__":
    main()
