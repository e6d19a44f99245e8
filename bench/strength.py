"""How strong the computer players are, in every registered game, in one command.

For each game:

* ``hard`` (the strongest player) against ``heuristic``: points share (a draw is half a win) with
  a 95% Wilson interval; the goal is at least 65% with the interval's lower end above 55%;
* ``hard`` against ``random``: the goal is at least 99% of games won;
* ``easy`` against ``medium`` and ``easy`` against ``hard``, so that with the games above every
  pair of named strengths has met; a Bradley-Terry ladder (the fit ``tabletop ladder`` uses, Elo
  scale, bootstrap intervals) over ``easy``, ``medium``, ``hard`` and ``random`` from all of them;
* the strongest player's thinking, timed on one core in a few whole games against the heuristic:
  seconds per decision (mean, 99th percentile, maximum; the limit is 1 s) and search iterations per
  second (the goal is 3,000).

Seats swap in every other game, and real-time games run both sides at the same speed profile
(the default, ``club``). The games of a sweep run in ``--jobs`` processes, one core each; the
timing games run alone in this process. These are long runs, so they are a script, not tests::

    .venv/bin/python bench/strength.py --games 200 --jobs 2 --json strength.json --markdown strength.md
    .venv/bin/python bench/strength.py --only travel-sfb --games 40     # a quick look at one game
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table

import tabletop
from tabletop.agents import Agent, MCTSAgent, make_agent
from tabletop.core import Action, State
from tabletop.lab import play_agents, simulate
from tabletop.lab.match import derive_seed
from tabletop.lab.stats import bradley_terry
from tabletop.lab.sweep import POINTS

LADDER = ("random", "easy", "medium", "hard")


def matchup(game: str, first: str, second: str, games: int, seed: int, jobs: int,
            console: Console) -> tuple[dict[str, Any], list[tuple[int, int, float]]]:
    """``first`` against ``second``: the first agent's record, and the games for the ladder."""
    started = time.perf_counter()
    report = simulate(game, [first, second], games, seed, jobs=jobs)
    summary = report.summary()
    me = summary.participants[0]
    row = {
        "game": game, "agent": first, "opponent": second, "games": summary.completed,
        "wins": me.wins.count, "draws": me.draws.count, "losses": me.losses.count,
        "points": round(me.points.value, 4), "low": round(me.points.low, 4), "high": round(me.points.high, 4),
        "wins_low": round(me.wins.low, 4), "wins_high": round(me.wins.high, 4),
        "errors": len(summary.errors), "minutes": round((time.perf_counter() - started) / 60, 2),
        "mean_length": round(summary.length.value, 1),
    }
    console.print(f"  {first} vs {second}: {me.points.text()} over {summary.completed} games "
                  f"({row['minutes']} min{', ' + str(row['errors']) + ' failed' if row['errors'] else ''})")
    i, j = LADDER.index(first), LADDER.index(second)
    scored = []
    for result in report.results:
        if result.ok:
            scored.append((i, j, POINTS[result.result_for(0)]))
    return row, scored


class _Timed(Agent):
    """Plays as ``inner`` and keeps how long each decision took and how far the search went."""

    name = "timed"

    def __init__(self, inner: Agent) -> None:
        super().__init__(inner.seed)
        self.inner = inner
        self.seconds: list[float] = []
        self.iterations = 0
        self.searching = 0.0

    def choose(self, state: State, seat: str) -> Action:
        started = time.perf_counter()
        action = self.inner.choose(state, seat)
        self.seconds.append(time.perf_counter() - started)
        if isinstance(self.inner, MCTSAgent) and self.inner.last.iterations:
            self.iterations += self.inner.last.iterations
            self.searching += self.inner.last.seconds
        return action

    def reaction_time(self, state: State, seat: str) -> float:
        return self.inner.reaction_time(state, seat)


def thinking(game: str, games: int, seed: int) -> dict[str, Any]:
    """Seconds per decision and iterations per second of ``hard``, over whole games on one core."""
    built = tabletop.load(game)
    timed: list[_Timed] = []
    for index in range(games):
        game_seed = derive_seed(seed, "thinking", index)
        strong = _Timed(make_agent("hard", seed=game_seed))
        timed.append(strong)
        seats = built.seats
        mine = seats[index % len(seats)]
        agents = {seat: strong if seat == mine else make_agent("heuristic", seed=game_seed + 1) for seat in seats}
        play_agents(built.new_state(seed=game_seed), agents, seed=game_seed)
    seconds = sorted(s for t in timed for s in t.seconds)
    searching = sum(t.searching for t in timed)
    return {
        "decisions": len(seconds),
        "mean_seconds": round(statistics.fmean(seconds), 4),
        "p99_seconds": round(seconds[min(len(seconds) - 1, int(0.99 * len(seconds)))], 4),
        "max_seconds": round(seconds[-1], 4),
        "iterations_per_second": round(sum(t.iterations for t in timed) / searching) if searching else 0,
    }


def placed_ladder(scored: list[tuple[int, int, float]], seed: int) -> list[dict[str, Any]]:
    """The Bradley-Terry ladder of the named strengths that played at least one game (a player
    without games has no rating, rather than the scale's midpoint)."""
    placed = sorted({index for i, j, _points in scored for index in (i, j)})
    if not placed:
        return []
    where = {index: k for k, index in enumerate(placed)}
    games = [(where[i], where[j], points) for i, j, points in scored]
    return bradley_terry([LADDER[index] for index in placed], games, bootstrap=200, seed=seed).to_json()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--only", action="append", help="just this game (repeatable)")
    parser.add_argument("--games", type=int, default=200, help="games of hard against heuristic")
    # a 99% goal needs hundreds of games: over 100, one game moves the rate by a whole point
    parser.add_argument("--random-games", type=int, default=500, help="games of hard against random")
    parser.add_argument("--ladder-games", type=int, default=60,
                        help="games of easy against medium and of easy against hard")
    parser.add_argument("--timing-games", type=int, default=2, help="whole games timed on one core")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--json", type=Path, help="write every figure as JSON")
    parser.add_argument("--markdown", type=Path, help="write the tables as Markdown (for docs/agents.md)")
    args = parser.parse_args()
    console = Console(stderr=True)
    results: list[dict[str, Any]] = []
    for info in tabletop.games():
        if info.name.startswith("test-") or (args.only and info.name not in args.only):
            continue
        console.print(f"[bold]{info.name}[/]")
        rows, scored = [], []
        for first, second, games in (("hard", "medium", args.games), ("hard", "random", args.random_games),
                                      ("easy", "medium", args.ladder_games), ("easy", "hard", args.ladder_games)):
            if games:
                row, played = matchup(info.name, first, second, games, args.seed, args.jobs, console)
                rows.append(row)
                scored += played
        ladder = placed_ladder(scored, args.seed)
        timing = thinking(info.name, args.timing_games, args.seed) if args.timing_games else {}
        if timing:
            console.print(f"  hard thinks {timing['mean_seconds']:.3f} s per decision on average "
                          f"(max {timing['max_seconds']:.3f} s), {timing['iterations_per_second']:,} iterations/s")
        results.append({"game": info.name, "matchups": rows, "ladder": ladder, "thinking": timing})
    print_tables(results)
    if args.json:
        args.json.write_text(json.dumps(results, indent=1) + "\n", encoding="utf-8")
    if args.markdown:
        args.markdown.write_text(markdown(results), encoding="utf-8")


def _share(row: dict[str, Any]) -> str:
    return f"{row['points']:.1%} ({row['low']:.1%}–{row['high']:.1%})"


def _find(result: dict[str, Any], first: str, second: str) -> dict[str, Any] | None:
    return next((r for r in result["matchups"] if (r["agent"], r["opponent"]) == (first, second)), None)


def _cells(result: dict[str, Any]) -> list[str]:
    heuristic = _find(result, "hard", "medium")
    random = _find(result, "hard", "random")
    timing = result["thinking"]
    ratings = {r["name"]: r for r in result["ladder"]}
    ladder = " · ".join(f"{n} {ratings[n]['rating']:.0f} [{ratings[n]['low']:.0f}–{ratings[n]['high']:.0f}]"
                        for n in ("easy", "medium", "hard") if n in ratings)
    return [
        result["game"],
        f"{_share(heuristic)}, n={heuristic['games']}" if heuristic else "-",
        (f"{random['wins'] / max(1, random['games']):.1%} of {random['games']} "
         f"({random['wins_low']:.1%}–{random['wins_high']:.1%})") if random else "-",
        f"{timing['mean_seconds']:.3f} / {timing['max_seconds']:.3f}" if timing else "-",
        f"{timing['iterations_per_second']:,}" if timing else "-",
        ladder or "-",
    ]


HEADERS = ("game", "hard vs heuristic: points share (95% interval)", "hard beats random (95% interval)",
           "s per decision (mean / max)", "iterations/s", "ladder (Elo, 95% interval)")


def print_tables(results: list[dict[str, Any]]) -> None:
    table = Table(title="Computer players: the strongest (hard) against the rules of thumb (medium), and the ladder")
    for column in HEADERS:
        table.add_column(column)
    for result in results:
        table.add_row(*_cells(result))
    Console(width=max(Console().width, 180)).print(table)


def markdown(results: list[dict[str, Any]]) -> str:
    lines = ["| " + " | ".join(HEADERS) + " |", "|" + "---|" * len(HEADERS)]
    lines += ["| " + " | ".join(_cells(result)) + " |" for result in results]
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    main()
