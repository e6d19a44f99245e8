"""Engine speed for every registered game, in one table: random-play decisions per second, full
games per second, and MCTS iterations per second, each on one core.

Run with ``make bench``; ``--seconds`` sets the time per measurement and ``--only NAME`` narrows
it to some games. MCTS is timed from a handful of positions reached by random play, with the
strongest player's settings for each game (``hard``, with the game's tuned options)."""

from __future__ import annotations

import argparse
import platform
import random
import time

from rich.console import Console
from rich.table import Table

import tabletop
from tabletop.agents import MCTSAgent, make_agent


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
    """Random games played, decisions made and the time they took."""
    game = tabletop.load(name)
    games = steps = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds or games == 0:
        steps += play_random(game, games)
        games += 1
    return games, steps, time.perf_counter() - start


def positions(name: str, count: int) -> list[tabletop.State]:
    """Positions from seeded random play where some seat has a real choice."""
    game = tabletop.load(name)
    found: list[tabletop.State] = []
    seed = 0
    while len(found) < count and seed < count * 20:
        rng = random.Random(seed)
        state = game.new_state(seed=seed)
        target = rng.randrange(0, 30)
        for _ in range(target):
            if state.is_over:
                break
            seat = rng.choice(state.to_act)
            state.apply(seat, rng.choice(state.legal_actions(seat)))
        if not state.is_over and any(len(state.legal_actions(s)) > 1 for s in state.to_act):
            found.append(state)
        seed += 1
    return found


def measure_mcts(name: str, seconds: float, count: int = 5) -> float:
    """MCTS iterations per second over a few positions, ``seconds`` in all."""
    iterations = 0
    elapsed = 0.0
    spots = positions(name, count)
    for index, state in enumerate(spots):
        seat = next(s for s in state.to_act if len(state.legal_actions(s)) > 1)
        # The strongest player's own settings, searching for the whole time share.
        agent = make_agent(f"hard:think={seconds / max(1, len(spots))},iterations=none", seed=index)
        assert isinstance(agent, MCTSAgent)
        agent.choose(state, seat)
        iterations += agent.last.iterations
        elapsed += agent.last.seconds
    return iterations / elapsed if elapsed else 0.0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=5.0, help="time per measurement and game")
    parser.add_argument("--only", action="append", help="bench just this game (repeatable)")
    parser.add_argument("--no-mcts", action="store_true", help="skip the MCTS column")
    args = parser.parse_args()
    table = Table(title=f"Engine speed, one core ({platform.processor() or platform.machine()}, "
                        f"Python {platform.python_version()}; {tabletop.native.status()})")
    for column in ("game", "games/s", "decisions/s", "decisions/game", "MCTS iterations/s"):
        table.add_column(column, justify="right" if column != "game" else "left")
    for info in tabletop.games():
        if info.name.startswith("test-") or (args.only and info.name not in args.only):
            continue
        games, steps, elapsed = measure(info.name, args.seconds)
        mcts = "-" if args.no_mcts else f"{measure_mcts(info.name, args.seconds):,.0f}"
        table.add_row(info.name, f"{games / elapsed:,.1f}", f"{steps / elapsed:,.0f}", f"{steps / games:,.0f}", mcts)
    Console(width=max(Console().width, 110)).print(table)


if __name__ == "__main__":
    main()
