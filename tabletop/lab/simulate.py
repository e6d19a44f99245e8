"""Sweeps: many seeded games between agents, summarised with confidence intervals.

Game ``i`` of a sweep with seed ``s`` always gets the same game seed and agent seeds, so the
results are the same whatever the number of jobs and whatever order the games finish in. By
default every other game reverses the seating, so neither agent keeps the first seat's edge.

>>> import tests.pig
>>> report = simulate("test-pig", ["heuristic", "random"], games=4, seed=1)
>>> [r.lineup for r in report.results]
[(0, 1), (1, 0), (0, 1), (1, 0)]
>>> report.summary().participants[0].wins.n
4
"""

from __future__ import annotations

import csv
import io
import json
import tempfile
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tabletop.agents import BadAgentSpec, make_agent
from tabletop.core import game_class, load

from .executors import Executor
from .match import DEFAULT_MAX_STEPS, GameResult, MatchSpec, derive_seed
from .stats import Mean, Rate, ScoreSpread, mean_interval, proportion, score_spread
from .sweep import Journal, Progress, Tally, run_sweep

__all__ = ["ParticipantSummary", "SimulationReport", "SimulationSummary", "lineups", "simulate"]


def default_record_dir(game: str, seed: int) -> str:
    return str(Path(tempfile.gettempdir()) / "tabletop-lab" / f"{game}-seed{seed}")


def lineups(participants: int, games: int, swap: bool = True) -> list[tuple[int, ...]]:
    """Who sits where in each game: in order, and reversed in every other game when ``swap``."""
    return [lineup_of(i, participants, swap) for i in range(games)]


def lineup_of(game: int, participants: int, swap: bool = True) -> tuple[int, ...]:
    """Who sits where in game number ``game`` of a sweep (see :func:`lineups`)."""
    straight = tuple(range(participants))
    return tuple(reversed(straight)) if swap and game % 2 else straight


def modules_for(game: str, agents: Sequence[str]) -> list[str]:
    """The modules a fresh worker must import so the game and the agents are registered there."""
    names = {game_class(game).__module__}
    names.update(type(make_agent(spec)).__module__ for spec in agents)
    return sorted(names)


def iter_specs(game: str, agents: Sequence[str], games: int, seed: int, *, options: Mapping[str, Any] | None = None,
               swap: bool = True, max_steps: int = DEFAULT_MAX_STEPS, record_dir: str | None = None,
               tag: str = "", start: int = 0) -> Iterator[MatchSpec]:
    """The sweep's games one at a time: a million-game sweep is never a million specs in memory."""
    opts = dict(options or {})
    for i in range(games):
        yield MatchSpec(game=game, options=opts, agents=tuple(agents), lineup=lineup_of(i, len(agents), swap),
                        seed=derive_seed(seed, tag, start + i), index=start + i, max_steps=max_steps,
                        record_dir=record_dir, tag=tag)


@dataclass(frozen=True)
class SweepOutput:
    """Where a sweep streams and how it may resume (see :func:`run_sweep`)."""

    journal: Path | None = None
    resume: bool = False
    resumed: Callable[[int], None] | None = None

    def check(self) -> None:
        """Refuse a resume without a journal to resume from."""
        if self.resume and self.journal is None:
            raise ValueError("--resume needs --out: the folder of the sweep to continue")

    def open(self, identity: Mapping[str, Any]) -> Journal | None:
        self.check()
        return Journal(self.journal, identity) if self.journal is not None else None


def simulate(game: str, agents: Sequence[str], games: int, seed: int = 0, *, jobs: int = 1,
             options: Mapping[str, Any] | None = None, swap: bool = True,
             max_steps: int = DEFAULT_MAX_STEPS, record_dir: str | None = None,
             executor: Executor | None = None, progress: Progress | None = None,
             cluster: str | None = None, output: SweepOutput | None = None,
             keep_games: bool = True) -> SimulationReport:
    """Play ``games`` games of ``game`` between ``agents`` (one spec per participant).

    Failed games are kept in the report with their seed and a saved record (in ``record_dir``,
    a temporary folder by default); the sweep goes on. ``cluster`` runs it on Ray (``"ray"`` or
    ``"ray://HOST:PORT"``); ``output`` streams it to a journal and resumes it. Without
    ``keep_games`` only the failed games are kept, and memory stays flat however many games.
    """
    built = load(game, **dict(options or {}))  # a bad game name or option fails here, before any work
    seats = built.seats
    if len(agents) > len(seats):
        raise BadAgentSpec(f"{game} has {len(seats)} seats ({', '.join(seats)}) but {len(agents)} agents were "
                           f"given ({', '.join(agents)}); give at most {len(seats)}")
    for spec in agents:
        make_agent(spec)
    folder = record_dir or default_record_dir(game, seed)
    output = output or SweepOutput()
    identity = {"command": "simulate", "game": game, "options": dict(built.options), "agents": list(agents),
                "games": games, "seed": seed, "swap": swap, "max_steps": max_steps}
    specs = iter_specs(game, agents, games, seed, options=options, swap=swap, max_steps=max_steps,
                       record_dir=folder)
    tally = run_sweep(specs, games, modules=modules_for(game, agents), jobs=jobs, cluster=cluster,
                      executor=executor, progress=progress, resumed=output.resumed,
                      journal=output.open(identity), resume=output.resume, keep_games=keep_games)
    return SimulationReport(game=game, options=dict(built.options), agents=tuple(agents), seed=seed,
                            results=tally.results, tally=tally)


@dataclass(frozen=True)
class ParticipantSummary:
    label: str
    agent: str
    wins: Rate
    draws: Rate
    losses: Rate
    points: Rate
    scores: ScoreSpread | None

    def to_json(self) -> dict[str, Any]:
        return {
            "label": self.label, "agent": self.agent, "wins": self.wins.to_json(),
            "draws": self.draws.to_json(), "losses": self.losses.to_json(), "points": self.points.to_json(),
            "scores": self.scores.to_json() if self.scores else None,
        }


@dataclass(frozen=True)
class SimulationSummary:
    games: int
    completed: int
    participants: tuple[ParticipantSummary, ...]
    length: Mean
    seconds: float
    errors: tuple[GameResult, ...]
    first_seat_wins: Rate

    def to_json(self) -> dict[str, Any]:
        return {
            "games": self.games, "completed": self.completed,
            "participants": [p.to_json() for p in self.participants],
            "length": self.length.to_json(), "seconds": round(self.seconds, 3),
            "first_seat_wins": self.first_seat_wins.to_json(),
            "errors": [{"index": e.index, "seed": e.seed, "error": e.error, "record": e.record_path}
                       for e in self.errors],
        }


@dataclass
class SimulationReport:
    """The games of one sweep, in index order, and their summary."""

    game: str
    options: dict[str, Any]
    agents: tuple[str, ...]
    seed: int
    results: list[GameResult] = field(default_factory=list)
    tally: Tally | None = None

    def __post_init__(self) -> None:
        if self.tally is None:  # a report built from a list of games
            self.tally = Tally()
            for position, result in enumerate(self.results):
                self.tally.add(position, result)

    @property
    def errors(self) -> list[GameResult]:
        assert self.tally is not None
        return self.tally.failed

    def labels(self) -> list[str]:
        """Participant names; repeated agent specs are told apart by their position."""
        return [f"{spec} (#{i + 1})" if self.agents.count(spec) > 1 else spec for i, spec in enumerate(self.agents)]

    def summary(self) -> SimulationSummary:
        assert self.tally is not None
        done = self.tally.group("")
        n = done.completed
        people = []
        for index, (label, spec) in enumerate(zip(self.labels(), self.agents, strict=True)):
            wins, draws = done.count(index, "win"), done.count(index, "draw")
            people.append(ParticipantSummary(
                label=label, agent=spec, wins=proportion(wins, n), draws=proportion(draws, n),
                losses=proportion(n - wins - draws, n), points=proportion(wins + 0.5 * draws, n),
                scores=score_spread(done.score_values(index)),
            ))
        return SimulationSummary(
            games=self.tally.games, completed=n, participants=tuple(people),
            length=mean_interval(done.length_values(), floor=0), seconds=self.tally.seconds,
            errors=tuple(self.errors), first_seat_wins=proportion(done.first_seat_wins(), n),
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game, "options": self.options, "agents": list(self.agents), "seed": self.seed,
            "summary": self.summary().to_json(), "games": [r.to_json() for r in self.results],
        }

    def to_json_text(self) -> str:
        return json.dumps(self.to_json(), indent=1, sort_keys=False)

    def to_csv(self) -> str:
        """One row per game: seed, who sat where, the result and scores per participant."""
        out = io.StringIO()
        writer = csv.writer(out)
        labels = self.labels()
        header = ["game", "seed", "length", "reason", "error", "record"]
        for label in labels:
            header += [f"{label}:seat", f"{label}:result", f"{label}:score"]
        writer.writerow(header)
        for r in self.results:
            row: list[Any] = [r.index, r.seed, r.length, r.reason, r.error or "", r.record_path or ""]
            for i in range(len(labels)):
                if r.ok:
                    score = r.score_for(i)
                    row += [r.seat_of(i), r.result_for(i), "" if score is None else score]
                else:
                    row += ["", "error", ""]
            writer.writerow(row)
        return out.getvalue()
