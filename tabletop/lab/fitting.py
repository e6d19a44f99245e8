"""Fitting a game's position evaluation to the outcomes of played games.

:func:`collect_positions` plays games between agents and, at every ``every``-th decision, notes
each seat's :meth:`~tabletop.core.State.features` and current :meth:`~tabletop.core.State.evaluate`;
each note is labelled with that seat's final points share (win 1, draw ½, loss 0).
:func:`fit_evaluation` fits a logistic model to the notes of three games in four and scores it on
the fourth: log-loss and Brier score beside the current evaluation (as it stands, and recalibrated
by a one-feature logistic fit, which is fair to an evaluation on another scale) and a constant.

>>> import tests.pig
>>> fit = fit_evaluation(collect_positions("test-pig", games=24, seed=3, every=2))
>>> sorted(fit.model.names)
['my_score', 'their_score', 'turn_total']
>>> fit.scores["fitted"].log_loss < fit.scores["constant"].log_loss
True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
from scipy.optimize import minimize

from tabletop.agents import Agent, make_agent
from tabletop.core import Action, FittedEvaluation, State, load

from .executors import make_executor
from .match import derive_seed, play_agents
from .simulate import modules_for

__all__ = ["EvaluationFit", "Positions", "Score", "collect_positions", "fit_evaluation"]


@dataclass
class Positions:
    """Feature notes from played games: ``rows[k]`` came from game ``games[k]``."""

    rows: list[dict[str, float]] = field(default_factory=list)
    current: list[float] = field(default_factory=list)
    labels: list[float] = field(default_factory=list)
    games: list[int] = field(default_factory=list)
    description: str = ""

    def extend(self, other: Positions) -> None:
        self.rows += other.rows
        self.current += other.current
        self.labels += other.labels
        self.games += other.games


@dataclass(frozen=True)
class Score:
    """How well predicted points shares match outcomes (lower is better for both)."""

    log_loss: float
    brier: float

    @classmethod
    def of(cls, predicted: np.ndarray, labels: np.ndarray) -> Score:
        p = np.clip(predicted, 1e-6, 1 - 1e-6)
        loss = -np.mean(labels * np.log(p) + (1 - labels) * np.log(1 - p))
        return cls(round(float(loss), 4), round(float(np.mean((p - labels) ** 2)), 4))


@dataclass(frozen=True)
class EvaluationFit:
    """The fitted model and its held-out scores beside the alternatives."""

    model: FittedEvaluation
    scores: Mapping[str, Score]
    train_positions: int
    test_positions: int

    def to_json(self) -> dict[str, Any]:
        return {"model": self.model.to_json(), "train_positions": self.train_positions,
                "test_positions": self.test_positions,
                "held_out": {k: {"log_loss": s.log_loss, "brier": s.brier} for k, s in self.scores.items()}}


class _Noting(Agent):
    """Plays as ``inner`` and notes the position at every ``every``-th decision it is asked for."""

    name = "noting"

    def __init__(self, inner: Agent, notes: list[tuple[dict[str, dict[str, float]], dict[str, float]]],
                 counter: list[int], every: int) -> None:
        super().__init__(inner.seed)
        self.inner, self.notes, self.counter, self.every = inner, notes, counter, every

    def choose(self, state: State, seat: str) -> Action:
        self.counter[0] += 1
        if self.counter[0] % self.every == 0:
            self.notes.append(({s: state.features(s) for s in state.seats},
                               state.evaluations()))
        return self.inner.choose(state, seat)

    def reaction_time(self, state: State, seat: str) -> float:
        return self.inner.reaction_time(state, seat)


@dataclass(frozen=True)
class _Job:
    game: str
    options: Mapping[str, Any]
    agents: tuple[str, ...]
    seed: int
    index: int
    every: int


def _play(job: _Job) -> Positions:
    game = load(job.game, **dict(job.options))
    seed = derive_seed(job.seed, "fit", job.index)
    notes: list[tuple[dict[str, dict[str, float]], dict[str, float]]] = []
    counter = [0]
    agents: dict[str, Agent] = {
        seat: _Noting(make_agent(job.agents[(k + job.index) % len(job.agents)], seed=derive_seed(seed, k)),
                      notes, counter, job.every)
        for k, seat in enumerate(game.seats)
    }
    state = play_agents(game.new_state(seed=seed), agents, seed=seed)
    found = Positions()
    for features, current in notes:
        for seat in state.seats:
            found.rows.append(features[seat])
            found.current.append(current[seat])
            found.labels.append((state.returns()[seat] + 1) / 2)
            found.games.append(job.index)
    return found


def ordinal(n: int) -> str:
    """``1`` → ``1st``, ``2`` → ``2nd``, ``11`` → ``11th``, ``23`` → ``23rd``.

    >>> [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22, 102)]
    ['1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '21st', '22nd', '102nd']
    """
    suffix = "th" if n % 100 in (11, 12, 13) else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def collect_positions(game: str, games: int = 200, seed: int = 0, *, agents: Sequence[str] = ("heuristic",),
                      every: int = 5, options: Mapping[str, Any] | None = None, jobs: int = 1) -> Positions:
    """Play ``games`` games with ``agents`` in turn round the seats and note positions."""
    if games < 2 or every < 1:
        raise ValueError("fitting needs at least 2 games and a sampling interval of at least 1")
    jobs_list = [_Job(game, dict(options or {}), tuple(agents), seed, i, every) for i in range(games)]
    rules = "".join(f", {name}={value}" for name, value in (options or {}).items())
    found = Positions(description=f"{games} games of {'/'.join(agents)}{rules}, every {ordinal(every)} decision, "
                                  f"seed {seed}")
    for part in sorted(make_executor(jobs, modules_for(game, agents)).run(_play, jobs_list),
                       key=lambda p: p.games[0] if p.games else -1):
        found.extend(part)
    if not found.rows:
        raise ValueError("no positions were noted: play more games or sample more often")
    return found


def _logistic(x: np.ndarray, y: np.ndarray, l2: float) -> tuple[np.ndarray, float]:
    """Weights and bias minimising the mean log-loss plus an L2 penalty (labels may be fractional)."""
    n, d = x.shape

    def loss(theta: np.ndarray) -> tuple[float, np.ndarray]:
        w, b = theta[:d], theta[d]
        z = x @ w + b
        p = 0.5 * (1 + np.tanh(z / 2))
        value = np.mean(np.logaddexp(0, z) - y * z) + 0.5 * l2 * (w @ w)
        residual = (p - y) / n
        return float(value), np.concatenate([x.T @ residual + l2 * w, [residual.sum()]])

    result = minimize(loss, np.zeros(d + 1), jac=True, method="L-BFGS-B")
    return result.x[:d], float(result.x[d])


def fit_evaluation(positions: Positions, *, l2: float = 1e-3) -> EvaluationFit:
    """Fit on three games in four, score on the fourth."""
    names = sorted({name for row in positions.rows for name in row})
    if not names:
        raise ValueError("the game describes no features (State.features is empty)")
    x = np.array([[row.get(name, 0.0) for name in names] for row in positions.rows], dtype=float)
    y = np.array(positions.labels, dtype=float)
    current = np.clip(np.array(positions.current, dtype=float), -1, 1)
    test = np.array([g % 4 == 3 for g in positions.games])
    if test.all() or not test.any():
        test = np.arange(len(y)) % 4 == 3
    train = ~test
    mean, spread = x[train].mean(axis=0), x[train].std(axis=0)
    spread[spread == 0] = 1.0
    w, b = _logistic((x[train] - mean) / spread, y[train], l2)
    raw_w = w / spread
    raw_b = b - float(np.sum(w * mean / spread))
    model = FittedEvaluation(tuple(names), tuple(round(float(v), 6) for v in raw_w), round(raw_b, 6),
                             positions.description)
    fitted = np.array([(model.value(row) + 1) / 2 for row, t in zip(positions.rows, test, strict=True) if t])
    cw, cb = _logistic(current[train, None], y[train], l2)
    scores = {
        "fitted": Score.of(fitted, y[test]),
        "current evaluate": Score.of((current[test] + 1) / 2, y[test]),
        "current, recalibrated": Score.of(1 / (1 + np.exp(-(current[test] * cw[0] + cb))), y[test]),
        "constant": Score.of(np.full(int(test.sum()), y[train].mean()), y[test]),
    }
    return EvaluationFit(model, scores, int(train.sum()), int(test.sum()))

