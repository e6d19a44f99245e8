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
from itertools import chain, combinations
from typing import Any

from tabletop.agents import make_agent
from tabletop.core import load

from .executors import Executor
from .match import DEFAULT_MAX_STEPS, GameResult
from .simulate import SweepOutput, default_record_dir, iter_specs, modules_for
from .stats import BradleyTerry, Rate, bradley_terry, proportion
from .sweep import Progress, Tally, run_sweep, scored_games

__all__ = ["ONE_WAY", "Ladder", "run_ladder"]

#: Why an agent whose every pairing went one way in every game has no interval.
ONE_WAY = "each pairing ended the same way every game"


def _pair(tag: str) -> tuple[int, int]:
    i, j = (int(x) for x in tag.split("-"))
    return i, j


@dataclass
class Ladder:
    """A round robin's results: per pairing (tag ``"i-j"``) counts, kept in a :class:`Tally`."""

    game: str
    agents: tuple[str, ...]
    tally: Tally
    ratings: BradleyTerry
    options: dict[str, Any] = field(default_factory=dict)
    bootstrap: int = 200

    def head_to_head(self, i: int, j: int) -> Rate:
        """Points share of agent ``i`` against ``j`` (draws count half)."""
        for a, b, me in ((i, j, 0), (j, i, 1)):
            if f"{a}-{b}" in self.tally.groups:
                group = self.tally.group(f"{a}-{b}")
                return proportion(group.count(me, "win") + 0.5 * group.count(me, "draw"), group.completed)
        return proportion(0, 0)

    def record(self, i: int) -> tuple[int, int, int]:
        wins = draws = losses = 0
        for tag, group in self.tally.groups.items():
            pair = _pair(tag)
            if i in pair:
                me = pair.index(i)
                wins += group.count(me, "win")
                draws += group.count(me, "draw")
                losses += group.count(me, "loss")
        return wins, draws, losses

    def interval(self, i: int) -> tuple[float, float] | str:
        """Agent ``i``'s 95% rating interval, or why it has none: without bootstrap re-samples there
        is none to give; a perfect record (every game won, or every game lost) has no finite bound
        on one side; and whenever each of its pairings went one way in every game, each re-sample
        repeats its games, so the bootstrap would show no spread."""
        if not self.bootstrap:
            return "no bootstrap re-samples"
        wins, draws, losses = self.record(i)
        if wins + losses and not draws and not (wins and losses):
            return "won every game" if wins else "lost every game"
        if not self.ratings.has_interval(i):
            return ONE_WAY
        return self.ratings.low[i], self.ratings.high[i]

    @property
    def errors(self) -> list[GameResult]:
        return self.tally.failed

    def standings(self) -> list[int]:
        return sorted(range(len(self.agents)), key=lambda i: -self.ratings.ratings[i])

    def to_json(self) -> dict[str, Any]:
        ratings = self.ratings.to_json()
        for i, row in enumerate(ratings):
            row["wins"], row["draws"], row["losses"] = self.record(i)
            interval = self.interval(i)
            if isinstance(interval, str):
                row["low"] = row["high"] = None
                row["no_interval"] = interval
        n = len(self.agents)
        return {
            "game": self.game, "options": self.options, "agents": list(self.agents), "bootstrap": self.bootstrap,
            "ratings": ratings,
            "head_to_head": [[None if i == j else self.head_to_head(i, j).to_json() for j in range(n)]
                             for i in range(n)],
            "errors": [{"seed": g.seed, "error": g.error, "record": g.record_path} for g in self.errors],
        }

    def to_json_text(self) -> str:
        return json.dumps(self.to_json(), indent=1)


def run_ladder(game: str, agents: Sequence[str], games: int = 20, seed: int = 0, *, jobs: int = 1,
               options: Mapping[str, Any] | None = None, bootstrap: int = 200,
               max_steps: int = DEFAULT_MAX_STEPS, record_dir: str | None = None,
               executor: Executor | None = None, progress: Progress | None = None,
               cluster: str | None = None, output: SweepOutput | None = None) -> Ladder:
    """Round robin: ``games`` games per pairing (seats swapped in half), then ratings.

    ``cluster`` and ``output`` work as in :func:`~tabletop.lab.simulate.simulate`.
    """
    if len(agents) < 2:
        raise ValueError("a ladder needs at least two agents")
    built = load(game, **dict(options or {}))
    for spec in agents:
        make_agent(spec)
    folder = record_dir or default_record_dir(game, seed)
    pairings = list(combinations(range(len(agents)), 2))
    specs = chain.from_iterable(
        iter_specs(game, [agents[i], agents[j]], games, seed, options=options, max_steps=max_steps,
                   record_dir=folder, tag=f"{i}-{j}")
        for i, j in pairings)
    output = output or SweepOutput()
    identity = {"command": "ladder", "game": game, "options": dict(built.options), "agents": list(agents),
                "games": games, "seed": seed, "max_steps": max_steps}
    tally = run_sweep(specs, games * len(pairings), modules=modules_for(game, agents), jobs=jobs, cluster=cluster,
                      executor=executor, progress=progress, resumed=output.resumed,
                      journal=output.open(identity), resume=output.resume)
    names = [f"{spec} (#{k + 1})" if list(agents).count(spec) > 1 else spec for k, spec in enumerate(agents)]
    ratings = bradley_terry(names, scored_games(tally, _pair), bootstrap=bootstrap, seed=seed)
    return Ladder(game=game, agents=tuple(agents), tally=tally, ratings=ratings, options=dict(built.options),
                  bootstrap=bootstrap)
