"""Heuristic against random: ``python -m tests.friendly_competition.strength [games]``.

Plays the heuristic agent against the random agent, alternating seats, and prints the
heuristic's win, draw and loss counts."""

from __future__ import annotations

import sys
import time

from tabletop.agents import make_agent
from tabletop.titles.friendly_competition import FriendlyCompetition


def play(seed: int, heuristic_seat: str, **options: object) -> tuple[str | None, tuple[int, int]]:
    game = FriendlyCompetition(**options)
    state = game.new_state(seed=seed)
    agents = {
        heuristic_seat: make_agent("heuristic", seed=seed),
        ("seat2" if heuristic_seat == "seat1" else "seat1"): make_agent("random", seed=seed + 1),
    }
    while not state.is_over:
        seat = state.to_act[0]
        state.apply(seat, agents[seat].choose(state, seat))
    assert state.outcome is not None
    scores = state.outcome.scores
    mine = scores[heuristic_seat]
    theirs = sum(scores.values()) - mine
    return state.outcome.winner, (int(mine), int(theirs))


def measure(games: int, **options: object) -> tuple[int, int, int, float]:
    wins = draws = losses = 0
    goals_for = goals_against = 0
    start = time.perf_counter()
    for seed in range(games):
        seat = "seat1" if seed % 2 == 0 else "seat2"
        winner, (mine, theirs) = play(seed, seat, **options)
        goals_for += mine
        goals_against += theirs
        if winner == seat:
            wins += 1
        elif winner is None:
            draws += 1
        else:
            losses += 1
    elapsed = time.perf_counter() - start
    print(f"{games} games: heuristic won {wins}, drew {draws}, lost {losses} "
          f"({100 * wins / games:.0f}% wins); goals {goals_for}-{goals_against}; {elapsed:.1f}s")
    return wins, draws, losses, elapsed


if __name__ == "__main__":
    measure(int(sys.argv[1]) if len(sys.argv) > 1 else 100)
