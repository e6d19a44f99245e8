"""A ladder: every agent plays every other, and Bradley-Terry ratings (Elo scale) with bootstrap
intervals summarise the round robin.

>>> import tests.pig
>>> ladder = run_ladder("test-pig", ["random", "heuristic"], games=4, seed=2, bootstrap=20)
>>> [row["name"] for row in ladder.to_json()["ratings"]]
['random', 'heuristic']
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any

from tabletop.agents import make_agent
from tabletop.core import load

from .executors import Executor
from .match import DEFAULT_MAX_STEPS, GameResult
from .simulate import Progress, default_record_dir, match_specs, run_specs
from .stats import BradleyTerry, Rate, bradley_terry, proportion

__all__ = ["Ladder", "run_ladder"]


@dataclass
class Ladder:
    game: str
    agents: tuple[str, ...]
    results: dict[tuple[int, int], list[GameResult]]
    ratings: BradleyTerry
    options: dict[str, Any] = field(default_factory=dict)

    def head_to_head(self, i: int, j: int) -> Rate:
        """Points share of agent ``i`` against ``j`` (draws count half)."""
        if (i, j) in self.results:
            games, me = self.results[(i, j)], 0
        elif (j, i) in self.results:
            games, me = self.results[(j, i)], 1
        else:
            return proportion(0, 0)
        done = [g for g in games if g.ok]
        points = sum({"win": 1.0, "draw": 0.5, "loss": 0.0}[g.result_for(me)] for g in done)
        return proportion(points, len(done))

    def record(self, i: int) -> tuple[int, int, int]:
        wins = draws = losses = 0
        for (a, b), games in self.results.items():
            if i not in (a, b):
                continue
            me = 0 if a == i else 1
            for g in games:
                if g.ok:
                    outcome = g.result_for(me)
                    wins += outcome == "win"
                    draws += outcome == "draw"
                    losses += outcome == "loss"
        return wins, draws, losses

    @property
    def errors(self) -> list[GameResult]:
        return [g for games in self.results.values() for g in games if not g.ok]

    def standings(self) -> list[int]:
        return sorted(range(len(self.agents)), key=lambda i: -self.ratings.ratings[i])

    def to_json(self) -> dict[str, Any]:
        ratings = self.ratings.to_json()
        for i, row in enumerate(ratings):
            row["wins"], row["draws"], row["losses"] = self.record(i)
        n = len(self.agents)
        return {
            "game": self.game, "options": self.options, "agents": list(self.agents), "ratings": ratings,
            "head_to_head": [[None if i == j else self.head_to_head(i, j).to_json() for j in range(n)]
                             for i in range(n)],
            "errors": [{"seed": g.seed, "error": g.error, "record": g.record_path} for g in self.errors],
        }

    def to_json_text(self) -> str:
        return json.dumps(self.to_json(), indent=1)


def run_ladder(game: str, agents: Sequence[str], games: int = 20, seed: int = 0, *, jobs: int = 1,
               options: Mapping[str, Any] | None = None, bootstrap: int = 200,
               max_steps: int = DEFAULT_MAX_STEPS, record_dir: str | None = None,
               executor: Executor | None = None, progress: Progress | None = None) -> Ladder:
    """Round robin: ``games`` games per pairing (seats swapped in half), then ratings."""
    if len(agents) < 2:
        raise ValueError("a ladder needs at least two agents")
    built = load(game, **dict(options or {}))
    for spec in agents:
        make_agent(spec)
    folder = record_dir or default_record_dir(game, seed)
    specs = []
    for i, j in combinations(range(len(agents)), 2):
        specs += match_specs(game, [agents[i], agents[j]], games, seed, options=options, max_steps=max_steps,
                             record_dir=folder, tag=f"{i}-{j}")
    played = run_specs(specs, jobs=jobs, executor=executor, progress=progress)
    results: dict[tuple[int, int], list[GameResult]] = {}
    for result in played:
        i, j = (int(x) for x in result.tag.split("-"))
        results.setdefault((i, j), []).append(result)
    scored = []
    for (i, j), pair_games in results.items():
        for g in pair_games:
            if g.ok:
                scored.append((i, j, {"win": 1.0, "draw": 0.5, "loss": 0.0}[g.result_for(0)]))
    names = [f"{spec} (#{k + 1})" if list(agents).count(spec) > 1 else spec for k, spec in enumerate(agents)]
    ratings = bradley_terry(names, scored, bootstrap=bootstrap, seed=seed)
    return Ladder(game=game, agents=tuple(agents), results=results, ratings=ratings, options=dict(built.options))
