"""Balance sweeps over a game's natural dimension: matchup matrices and rule variants.

Every pair of entries of a matchup dimension plays ``games`` games, half with each entry on the
first side, between copies of the same agent; a cell holds the first entry's points share (a draw
counts half) with its 95% Wilson interval. A variants dimension plays ``games`` games under each
option setting. For Cagway Bay, a Bradley-Terry fit of the ship classes turns the results into
suggested point costs.

>>> import tests.pig
>>> targets = Dimension("test-pig", "targets", "variants", ("10", "30"),
...                     variants={"10": {"target": 10}, "30": {"target": 30}})
>>> report = run_balance("test-pig", dimension=targets, games=4, seed=1)
>>> sorted(report.variants), report.played
(['10', '30'], 8)
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any

import numpy as np

from .dimensions import Dimension, DimensionUnavailable, dimension_for, with_house_rules
from .executors import Executor
from .match import DEFAULT_MAX_STEPS, GameResult, MatchSpec, derive_seed
from .simulate import SweepOutput, default_record_dir, modules_for
from .stats import ELO_PER_NATURAL, BradleyTerry, Mean, Rate, bradley_terry, mean_interval, proportion
from .sweep import Progress, Tally, run_sweep, scored_games

__all__ = ["NO_RANGE", "BalanceReport", "CostFit", "VariantRow", "balance_games", "choose_entries", "run_balance"]

#: Said under a cost table with an entry whose every pairing went one way in every game.
NO_RANGE = ("No range is shown for an entry each of whose pairings ended the same way in every game: every re-sample "
            "repeats those games, so the bootstrap shows no spread.")

@dataclass(frozen=True)
class VariantRow:
    """How one rule variant played: first seat's wins, draws, second seat's wins, game length."""

    first_wins: Rate
    draws: Rate
    second_wins: Rate
    length: Mean

    def to_json(self) -> dict[str, Any]:
        return {"first_seat_wins": self.first_wins.to_json(), "draws": self.draws.to_json(),
                "second_seat_wins": self.second_wins.to_json(), "length": self.length.to_json()}


@dataclass(frozen=True)
class CostFit:
    """Point costs from a logistic fit of strength on cost (see :func:`fit_costs`)."""

    entries: tuple[str, ...]
    current: tuple[float | None, ...]
    suggested: tuple[float, ...]
    low: tuple[float, ...]
    high: tuple[float, ...]
    ratings: BradleyTerry

    def to_json(self) -> list[dict[str, Any]]:
        """One row per entry; an entry whose every pairing went one way has no range (null bounds)."""
        rows = []
        for i, (e, c, s, lo, hi, r) in enumerate(zip(self.entries, self.current, self.suggested, self.low, self.high,
                                                     self.ratings.ratings, strict=True)):
            ranged = self.ratings.has_interval(i)
            rows.append({"entry": e, "current": c, "suggested": round(s, 1), "low": round(lo, 1) if ranged else None,
                         "high": round(hi, 1) if ranged else None, "rating": round(r, 1)})
        return rows


@dataclass
class BalanceReport:
    dimension: Dimension
    agent: str
    games: int
    seed: int
    cells: dict[tuple[str, str], Rate] = field(default_factory=dict)
    variants: dict[str, VariantRow] = field(default_factory=dict)
    first_seat: Rate = field(default_factory=lambda: proportion(0, 0))
    fit: CostFit | None = None
    errors: list[GameResult] = field(default_factory=list)
    played: int = 0
    #: House rules given on top of the dimension, on every game.
    options: dict[str, Any] = field(default_factory=dict)

    def matrix(self) -> list[list[Rate | None]]:
        entries = self.dimension.entries
        return [[self.cells.get((a, b)) for b in entries] for a in entries]

    def overall(self, entry: str) -> Rate:
        """An entry's points share against the rest of the field (mirror matches left out)."""
        points = games = 0.0
        for (a, b), rate in self.cells.items():
            if a == entry and b != entry:
                points += rate.count
                games += rate.n
        return proportion(points, int(games))

    def to_json(self) -> dict[str, Any]:
        d = self.dimension
        data: dict[str, Any] = {
            "game": d.game, "dimension": d.name, "kind": d.kind, "note": d.note, "agent": self.agent,
            "options": self.options, "games_per_cell": self.games, "seed": self.seed, "games_played": self.played,
            "first_seat_wins": self.first_seat.to_json(), "entries": list(d.entries),
            "errors": [{"seed": e.seed, "error": e.error, "record": e.record_path} for e in self.errors],
        }
        if d.kind == "matchup":
            data["matrix"] = [[None if r is None else r.to_json() for r in row] for row in self.matrix()]
            data["overall"] = {e: self.overall(e).to_json() for e in d.entries}
        else:
            data["variants"] = {k: v.to_json() for k, v in self.variants.items()}
        if self.fit is not None:
            data["suggested_costs"] = self.fit.to_json()
        return data

    def to_json_text(self) -> str:
        return json.dumps(self.to_json(), indent=1)


def _pairs(d: Dimension, entries: Sequence[str]) -> list[tuple[str, str]]:
    return list(combinations(entries, 2)) + ([(e, e) for e in entries] if d.mirrors else [])


def _specs_matchup(d: Dimension, entries: Sequence[str], agent: str, games: int, seed: int,
                   max_steps: int, folder: str) -> Iterator[MatchSpec]:
    for a, b in _pairs(d, entries):
        for n in range(games):
            first, second = (a, b) if n % 2 == 0 else (b, a)
            yield MatchSpec(game=d.game, options=d.matchup_options(first, second), agents=(agent, agent),
                            lineup=(0, 1), seed=derive_seed(seed, "balance", a, b, n), index=n,
                            max_steps=max_steps, record_dir=folder, tag=f"{first}|{second}")


def _specs_variants(d: Dimension, entries: Sequence[str], agent: str, games: int, seed: int,
                    max_steps: int, folder: str) -> Iterator[MatchSpec]:
    for entry in entries:
        for n in range(games):
            yield MatchSpec(game=d.game, options=d.variant_options(entry), agents=(agent, agent), lineup=(0, 1),
                            seed=derive_seed(seed, "balance", n), index=n, max_steps=max_steps,
                            record_dir=folder, tag=entry)


def balance_games(d: Dimension, entries: Sequence[str], games: int) -> int:
    """How many games a balance sweep plays: ``games`` per pairing or per variant."""
    return games * (len(_pairs(d, entries)) if d.kind == "matchup" else len(entries))


def choose_entries(d: Dimension, entries: Sequence[str] | None) -> list[str]:
    """The entries a sweep plays: all of the dimension's (``None``), or the named ones, at least
    two (one alone has nothing to be balanced against) and each a real entry."""
    if entries is None:
        return list(d.entries)
    chosen = list(dict.fromkeys(entries))
    unknown = [e for e in chosen if e not in d.entries]
    if unknown:
        raise DimensionUnavailable(f"{d.game} {d.name} has no {', '.join(unknown)}; it has {', '.join(d.entries)}")
    if len(chosen) < 2:
        named = f"only {chosen[0]}" if chosen else "none"
        raise DimensionUnavailable(f"a balance sweep needs at least two entries of {d.name} to compare, and {named} was "
                                   f"given; choose from {', '.join(d.entries)}")
    return chosen


def run_balance(game: str, *, agent: str = "heuristic", games: int = 10, seed: int = 0, jobs: int = 1,
                dimension: Dimension | None = None, entries: Sequence[str] | None = None,
                mirrors: bool | None = None, options: Mapping[str, Any] | None = None,
                max_steps: int = DEFAULT_MAX_STEPS, record_dir: str | None = None,
                executor: Executor | None = None, progress: Progress | None = None,
                cluster: str | None = None, output: SweepOutput | None = None) -> BalanceReport:
    """Play the dimension (all entries, or the chosen ``entries``) and summarise it.

    Variant sweeps use the same seeds under every variant, so differences come from the rules.
    ``options`` are house rules played in every game (not those the dimension sets itself).
    ``cluster`` and ``output`` work as in :func:`~tabletop.lab.simulate.simulate`.
    """
    d = with_house_rules(dimension or dimension_for(game, options), options or {})
    house_rules = {name: d.base_options[name] for name in options or {}}
    chosen = choose_entries(d, entries)
    d = dataclasses.replace(d, entries=tuple(chosen), mirrors=d.mirrors if mirrors is None else mirrors)
    folder = record_dir or default_record_dir(game, seed)
    build = _specs_matchup if d.kind == "matchup" else _specs_variants
    output = output or SweepOutput()
    identity = {"command": "balance", "game": game, "dimension": d.name, "entries": chosen, "mirrors": d.mirrors,
                "agent": agent, "games": games, "seed": seed, "max_steps": max_steps}
    if house_rules:  # only then, so journals of sweeps without house rules still resume
        identity["options"] = house_rules
    tally = run_sweep(build(d, chosen, agent, games, seed, max_steps, folder), balance_games(d, chosen, games),
                      modules=modules_for(game, [agent]), jobs=jobs, cluster=cluster, executor=executor,
                      progress=progress, resumed=output.resumed, journal=output.open(identity), resume=output.resume)
    report = BalanceReport(dimension=d, agent=agent, games=games, seed=seed, played=tally.games,
                           options=house_rules)
    report.errors = tally.failed
    report.first_seat = proportion(tally.first_seat_wins(), tally.completed())
    if d.kind == "matchup":
        _fill_matrix(report, chosen, tally)
    else:
        _fill_variants(report, chosen, tally)
    return report


def _fill_matrix(report: BalanceReport, entries: Sequence[str], tally: Tally) -> None:
    points: dict[tuple[str, str], tuple[float, int]] = {}

    def add(key: tuple[str, str], share: float, n: int) -> None:
        before, games = points.get(key, (0.0, 0))
        points[key] = (before + share, games + n)

    for tag in tally.tags():
        first, second = tag.split("|")
        group = tally.group(tag)
        share = group.count(0, "win") + 0.5 * group.count(0, "draw")
        add((first, second), share, group.completed)
        if first != second:  # a mirror match only fills the diagonal cell: the first side's edge
            add((second, first), group.completed - share, group.completed)
    for key, (share, n) in points.items():
        report.cells[key] = proportion(share, n)
    index = {e: i for i, e in enumerate(entries)}
    scored = scored_games(tally, lambda tag: (index[tag.split("|")[0]], index[tag.split("|")[1]]))
    d = report.dimension
    if d.costs or d.game == "cagway-bay":
        report.fit = fit_costs(entries, scored, d.costs, report.seed)


def fit_costs(entries: Sequence[str], scored: Sequence[tuple[int, int, float]], costs: dict[str, float] | Any,
              seed: int = 0, bootstrap: int = 200) -> CostFit:
    """Suggested point costs from a logistic fit of the results on cost.

    A Bradley-Terry fit gives each entry a strength θ (log-odds): P(i beats j) = σ(θᵢ − θⱼ).
    Point costs are fair when each point buys the same log-odds everywhere, θ = a + β·cost, so
    equal-cost sides are even. β comes from regressing the fitted strengths on the current costs,
    and each entry's suggested cost is the cost that line gives its strength: the current cost
    plus (or minus) what its over- or under-performance is worth. The range maps the bootstrap
    interval of θ the same way. Without current costs (or if strength does not rise with cost),
    the strengths are spread around 100 points, 25 points per standard deviation.
    """
    ratings = bradley_terry(list(entries), scored, bootstrap=bootstrap, seed=seed)
    current = tuple(costs.get(e) if costs else None for e in entries)
    theta = np.array([(r - 1500.0) / ELO_PER_NATURAL for r in ratings.ratings])
    known = [(t, c) for t, c in zip(theta, current, strict=True) if c is not None]
    slope = 0.0
    if len(known) >= 2 and len({c for _, c in known}) >= 2:
        ts, cs = np.array([t for t, _ in known]), np.array([c for _, c in known], dtype=float)
        slope = float(np.cov(ts, cs, bias=True)[0, 1] / np.var(cs))
    if slope > 0:
        ts, cs = np.array([t for t, _ in known]), np.array([c for _, c in known], dtype=float)
        centre_theta, centre_cost, per_point = float(ts.mean()), float(cs.mean()), slope
    else:
        spread = float(theta.std()) or 1.0
        centre_theta, centre_cost, per_point = float(theta.mean()), 100.0, spread / 25.0
    floor = 0.05 * centre_cost

    def scale(values: Sequence[float]) -> tuple[float, ...]:
        return tuple(max(floor, centre_cost + ((r - 1500.0) / ELO_PER_NATURAL - centre_theta) / per_point)
                     for r in values)

    return CostFit(tuple(entries), current, scale(ratings.ratings), scale(ratings.low), scale(ratings.high),
                   ratings)


def _fill_variants(report: BalanceReport, entries: Sequence[str], tally: Tally) -> None:
    for entry in entries:
        group = tally.group(entry)
        n, first, draws = group.completed, group.first_seat_wins(), group.count(0, "draw")
        report.variants[entry] = VariantRow(
            first_wins=proportion(first, n), draws=proportion(draws, n), second_wins=proportion(n - first - draws, n),
            length=mean_interval(group.length_values(), floor=0),
        )

