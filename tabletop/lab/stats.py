"""The statistics of the lab: proportions with Wilson intervals, means with t intervals,
score distributions, and Bradley-Terry strengths with bootstrap intervals.

>>> rate = proportion(80, 100)
>>> round(rate.low, 3), round(rate.high, 3)
(0.711, 0.867)
>>> round(proportion(7.5, 10).high, 3)
0.919
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from typing import Any

import numpy as np

__all__ = [
    "BradleyTerry",
    "Mean",
    "Rate",
    "ScoreSpread",
    "bradley_terry",
    "mean_interval",
    "proportion",
    "score_spread",
]

CONFIDENCE = 0.95
ELO_PER_NATURAL = 400.0 / math.log(10.0)


@dataclass(frozen=True)
class Rate:
    """``count`` out of ``n`` with its 95% Wilson score interval."""

    count: float
    n: int
    low: float
    high: float

    @property
    def value(self) -> float:
        return self.count / self.n if self.n else math.nan

    def to_json(self) -> dict[str, Any]:
        return {"count": self.count, "n": self.n, "rate": _clean(self.value), "low": _clean(self.low),
                "high": _clean(self.high)}

    def text(self) -> str:
        if not self.n:
            return "-"
        return f"{100 * self.value:.1f}% [{100 * self.low:.1f}, {100 * self.high:.1f}]"


def proportion(count: float, n: int, confidence: float = CONFIDENCE) -> Rate:
    """Wilson score interval (scipy's for whole counts; the same formula for half-counted draws)."""
    from scipy import stats  # imported on first use: worker processes that only play stay light

    if n <= 0:
        return Rate(count, 0, math.nan, math.nan)
    if float(count).is_integer():
        ci = stats.binomtest(int(count), n).proportion_ci(confidence_level=confidence, method="wilson")
        return Rate(count, n, float(ci.low), float(ci.high))
    z = float(stats.norm.ppf(0.5 + confidence / 2))
    p = count / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z / (1 + z * z / n) * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    return Rate(count, n, max(0.0, centre - half), min(1.0, centre + half))


@dataclass(frozen=True)
class Mean:
    """A sample mean with its 95% Student-t interval."""

    value: float
    low: float
    high: float
    n: int

    def to_json(self) -> dict[str, Any]:
        return {k: _clean(v) for k, v in asdict(self).items()}

    def bounds_text(self) -> str:
        """``95% CI low–high``, or why there is none (one value has no spread to measure)."""
        if math.isnan(self.low):
            return "one game: no interval"
        return f"95% CI {self.low:.1f}–{self.high:.1f}"


def mean_interval(values: Sequence[float] | np.ndarray, confidence: float = CONFIDENCE,
                  floor: float | None = None) -> Mean:
    """The mean with its Student-t interval, cut at ``floor``, the least the mean can be (a game's
    length is never negative, though a t interval of a few games can reach below zero).

    >>> mean_interval([10, 200], floor=0).low
    0.0
    """
    n = len(values)
    if n == 0:
        return Mean(math.nan, math.nan, math.nan, 0)
    data = np.asarray(values, dtype=float)
    mean = float(data.mean())
    if n == 1:
        return Mean(mean, math.nan, math.nan, n)
    if float(data.std()) == 0.0:
        return Mean(mean, mean, mean, n)
    from scipy import stats

    half = float(stats.t.ppf(0.5 + confidence / 2, n - 1) * data.std(ddof=1) / math.sqrt(n))
    low = mean - half if floor is None else max(float(floor), mean - half)
    return Mean(mean, low, mean + half, n)


@dataclass(frozen=True)
class ScoreSpread:
    """The distribution of final scores: summary numbers and the most common values."""

    n: int
    mean: float
    sd: float
    minimum: float
    q1: float
    median: float
    q3: float
    maximum: float
    common: tuple[tuple[float, int], ...]

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {k: _clean(v) for k, v in asdict(self).items() if k != "common"}
        data["common"] = [[value, count] for value, count in self.common]
        return data

    def text(self) -> str:
        if self.n == 1:
            return f"{self.mean:.2f} (one game: no spread)"
        return (f"{self.mean:.2f} ± {self.sd:.2f} (min {self.minimum:g}, median {self.median:g}, "
                f"max {self.maximum:g})")

    def short(self) -> str:
        return f"{self.mean:.1f}" if self.n == 1 else f"{self.mean:.1f} ± {self.sd:.1f}"


def score_spread(values: Sequence[float] | np.ndarray, top: int = 8) -> ScoreSpread | None:
    if len(values) == 0:
        return None
    data = np.asarray(values, dtype=float)
    q1, median, q3 = (float(x) for x in np.percentile(data, [25, 50, 75]))
    common = tuple(Counter(float(v) for v in values).most_common(top))
    # one game has no spread: its standard deviation is unknown (null in JSON), not zero
    return ScoreSpread(len(values), float(data.mean()), float(data.std(ddof=1)) if len(values) > 1 else math.nan,
                       float(data.min()), q1, median, q3, float(data.max()), common)


@dataclass(frozen=True)
class BradleyTerry:
    """Strengths on the Elo scale (mean ``centre``) with bootstrap percentile intervals.

    The chance that ``i`` beats ``j`` is ``1 / (1 + 10 ** ((rating[j] - rating[i]) / 400))``.
    """

    names: tuple[str, ...]
    ratings: tuple[float, ...]
    low: tuple[float, ...]
    high: tuple[float, ...]
    #: Per player: every pairing it played went one way in every game, so every re-sample repeats
    #: its games and its interval would claim a certainty that the games do not give.
    fixed: tuple[bool, ...] = ()

    def has_interval(self, i: int) -> bool:
        return not (self.fixed and self.fixed[i])

    def expected(self, i: int, j: int) -> float:
        return 1.0 / (1.0 + 10 ** ((self.ratings[j] - self.ratings[i]) / 400.0))

    def to_json(self) -> list[dict[str, Any]]:
        return [{"name": n, "rating": round(r, 1), "low": round(lo, 1) if self.has_interval(i) else None,
                 "high": round(hi, 1) if self.has_interval(i) else None}
                for i, (n, r, lo, hi) in enumerate(zip(self.names, self.ratings, self.low, self.high, strict=True))]


def _fit(n_players: int, pairs: np.ndarray, scores: np.ndarray, prior: float) -> np.ndarray:
    """Log-strengths maximising the Bradley-Terry likelihood with a weak Gaussian prior (which
    keeps an undefeated player finite); draws count as half a win each way."""
    from scipy import optimize

    i, j = pairs[:, 0], pairs[:, 1]

    def loss(theta: np.ndarray) -> tuple[float, np.ndarray]:
        diff = theta[i] - theta[j]
        p = 1.0 / (1.0 + np.exp(-diff))
        eps = 1e-12
        nll = -np.sum(scores * np.log(p + eps) + (1 - scores) * np.log(1 - p + eps)) + prior * np.sum(theta**2)
        residual = scores - p
        grad = 2 * prior * theta
        np.subtract.at(grad, i, residual)
        np.add.at(grad, j, residual)
        return float(nll), grad

    result = optimize.minimize(loss, np.zeros(n_players), jac=True, method="L-BFGS-B")
    theta: np.ndarray = result.x - result.x.mean()
    return theta


def bradley_terry(names: Sequence[str], games: Sequence[tuple[int, int, float]], *, centre: float = 1500.0,
                  bootstrap: int = 200, seed: int = 0, prior: float = 0.05) -> BradleyTerry:
    """Fit strengths from ``(i, j, score_of_i)`` games (1 win, 0.5 draw, 0 loss).

    Intervals come from re-sampling the games of each pairing with replacement.
    """
    n = len(names)
    if not games:
        flat = tuple(centre for _ in names)
        return BradleyTerry(tuple(names), flat, flat, flat, tuple(True for _ in names))
    pairs = np.array([(i, j) for i, j, _ in games], dtype=int)
    scores = np.array([s for _, _, s in games], dtype=float)
    theta = _fit(n, pairs, scores, prior)
    groups: dict[tuple[int, int], list[int]] = {}
    for index, (i, j, _) in enumerate(games):
        groups.setdefault((min(i, j), max(i, j)), []).append(index)
    rng = np.random.default_rng(seed)
    samples = []
    for _ in range(bootstrap):
        chosen = np.concatenate([rng.choice(members, size=len(members)) for members in groups.values()])
        samples.append(_fit(n, pairs[chosen], scores[chosen], prior))
    to_elo = lambda values: tuple(float(centre + ELO_PER_NATURAL * v) for v in values)  # noqa: E731
    if samples:
        table = np.array(samples)
        low, high = np.percentile(table, [2.5, 97.5], axis=0)
    else:
        low = high = theta
    return BradleyTerry(tuple(names), to_elo(theta), to_elo(low), to_elo(high), _fixed(n, games, groups))


def _fixed(n: int, games: Sequence[tuple[int, int, float]], groups: dict[tuple[int, int], list[int]]) -> tuple[bool, ...]:
    """Players whose every pairing went one way in every game (the same score each time): re-sampling
    within pairings gives them the same games every time, so the bootstrap shows them no spread."""
    varied = [False] * n
    for (i, j), members in groups.items():
        # Each game's points for the pairing's first player, whichever way round it was listed.
        if len({games[k][2] if games[k][0] == i else 1.0 - games[k][2] for k in members}) > 1:
            varied[i] = varied[j] = True
    return tuple(not v for v in varied)


def _clean(value: float) -> float | None:
    return None if isinstance(value, float) and math.isnan(value) else value
