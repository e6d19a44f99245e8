"""Sweeps: deterministic whatever the number of jobs, seats swapped, failures reported and kept,
summaries with proper intervals, JSON and CSV output."""

from __future__ import annotations

import csv
import io
import json

import pytest
from scipy import stats as scipy_stats

import tests.pig  # noqa: F401
from tabletop.core import replay
from tabletop.lab import SerialExecutor, simulate
from tabletop.lab.simulate import lineups
from tabletop.lab.stats import bradley_terry, mean_interval, proportion
from tests.agents import fixtures  # noqa: F401


def _fingerprint(report):
    return [(r.index, r.seed, r.lineup, r.winners, r.scores, r.length, r.error) for r in report.results]


@pytest.mark.parametrize("game, agents", [
    ("test-pig", ["heuristic", "mcts:iterations=6,depth=4"]),
    ("test-high-card", ["random", "mcts:iterations=6"]),
    ("test-grab", ["random:speed=pro", "heuristic:speed=beginner"]),
])
def test_same_results_with_one_and_two_jobs(game, agents):
    one = simulate(game, agents, games=16, seed=11, jobs=1)
    two = simulate(game, agents, games=16, seed=11, jobs=2)
    assert _fingerprint(one) == _fingerprint(two)
    assert not one.errors
    assert _fingerprint(simulate(game, agents, games=16, seed=12)) != _fingerprint(one)


def test_seats_swap_in_half_the_games():
    assert lineups(2, 4) == [(0, 1), (1, 0), (0, 1), (1, 0)]
    assert lineups(2, 3, swap=False) == [(0, 1)] * 3
    report = simulate("test-pig", ["heuristic", "random"], games=10, seed=3)
    assert sum(r.seat_of(0) == "seat1" for r in report.results) == 5


def test_a_failing_game_is_reported_with_seed_and_record_and_the_sweep_goes_on(tmp_path):
    report = simulate("test-pig", ["test-fragile", "random"], games=12, seed=5, record_dir=str(tmp_path))
    failed = report.errors
    assert failed and len(failed) < 12
    for result in failed:
        assert "fragile agent gave up" in result.error
        assert result.record_path is not None
        state = replay(result.record_path)  # the record replays up to the failing decision
        assert state.rng.seed == result.seed
        assert str(result.seed) in (tmp_path / f"test-pig-seed{result.seed}-game{result.index}.error.txt").read_text()
    summary = report.summary()
    assert summary.completed == 12 - len(failed)
    assert summary.to_json()["errors"][0]["seed"] == failed[0].seed


def test_summary_uses_wilson_intervals_and_counts_draws():
    report = simulate("test-high-card", ["heuristic", "random"], games=24, seed=2, executor=SerialExecutor())
    summary = report.summary()
    first = summary.participants[0]
    wins = int(first.wins.count)
    ci = scipy_stats.binomtest(wins, 24).proportion_ci(method="wilson")
    assert (first.wins.low, first.wins.high) == pytest.approx((ci.low, ci.high))
    assert first.wins.count + first.draws.count + first.losses.count == 24
    assert summary.participants[1].wins.count == first.losses.count
    assert summary.length.value == pytest.approx(6.0)
    assert first.scores is not None and first.scores.n == 24


def test_json_and_csv_outputs():
    report = simulate("test-pig", ["heuristic", "random"], games=6, seed=1)
    data = json.loads(report.to_json_text())
    assert data["summary"]["games"] == 6 and len(data["games"]) == 6
    assert data["summary"]["participants"][0]["wins"]["low"] is not None
    rows = list(csv.DictReader(io.StringIO(report.to_csv())))
    assert len(rows) == 6
    assert rows[1]["heuristic:seat"] == "seat2"
    assert {rows[0]["heuristic:result"], rows[0]["random:result"]} == {"win", "loss"}


def test_statistics_helpers():
    assert proportion(0, 0).n == 0
    half = proportion(5, 10)
    assert half.low == pytest.approx(1 - half.high)
    assert proportion(2.5, 5).value == 0.5
    mean = mean_interval([1.0, 2.0, 3.0, 4.0])
    assert mean.low < 2.5 < mean.high
    # Three players, each clearly stronger than the next.
    games = [(0, 1, 1.0)] * 16 + [(0, 1, 0.0)] * 4 + [(1, 2, 1.0)] * 16 + [(1, 2, 0.0)] * 4 + [(0, 2, 1.0)] * 19
    fit = bradley_terry(["a", "b", "c"], games, bootstrap=50)
    assert fit.ratings[0] > fit.ratings[1] > fit.ratings[2]
    assert all(lo <= r <= hi for r, lo, hi in zip(fit.ratings, fit.low, fit.high, strict=True))
    assert fit.expected(0, 1) > 0.6


def test_bradley_terry_marks_players_whose_every_pairing_went_one_way():
    # b beats c every time and loses to a every time; a and c split theirs. Listed either way round,
    # a pairing that went one way is still one way.
    games = [(0, 1, 1.0), (1, 0, 0.0), (1, 2, 1.0), (2, 1, 0.0), (0, 2, 1.0), (2, 0, 1.0)]
    fit = bradley_terry(["a", "b", "c"], games, bootstrap=20)
    assert fit.fixed == (False, True, False)
    assert [row["low"] is None for row in fit.to_json()] == [False, True, False]
