"""Fitting a position evaluation to played games: the model file, its scores and refusals."""

from __future__ import annotations

import json

import pytest
import typer
from typer.testing import CliRunner

import tests.cli.fixture_games
import tests.pig  # noqa: F401
from tabletop.cli.lab import register
from tabletop.core import BadEvaluation, FittedEvaluation, load
from tabletop.lab.fitting import collect_positions, fit_evaluation

runner = CliRunner()


def _app() -> typer.Typer:
    app = typer.Typer()
    register(app)
    return app


def test_fit_writes_a_model_that_loads_and_ranks_a_lead_above_a_deficit(tmp_path):
    out = tmp_path / "evaluation.json"
    result = runner.invoke(_app(), ["fit", "test-pig", "-n", "30", "--every", "2", "--seed", "1", "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert "fitted" in result.output and "constant" in result.output
    model = FittedEvaluation.load(out)
    assert "30 games" in model.fitted_on
    state = load("test-pig").new_state(seed=1)
    state.banked.update({"seat1": 15, "seat2": 2})
    assert model.value(state.features("seat1")) > 0 > model.value(state.features("seat2"))


def test_the_same_seed_fits_the_same_model_whatever_the_jobs():
    one = fit_evaluation(collect_positions("test-pig", games=8, seed=5, every=3))
    two = fit_evaluation(collect_positions("test-pig", games=8, seed=5, every=3, jobs=2))
    assert one.model == two.model


def test_a_game_without_features_is_refused_with_a_reason(tmp_path):
    result = runner.invoke(_app(), ["fit", "test-guess", "-n", "2", "--out", str(tmp_path / "x.json")])
    assert result.exit_code == 1
    assert "features" in result.output
    assert not (tmp_path / "x.json").exists()


def test_a_malformed_evaluation_file_is_refused(tmp_path):
    path = tmp_path / "bad.json"
    path.write_text(json.dumps({"names": ["a", "b"], "weights": [1.0]}))
    with pytest.raises(BadEvaluation, match="2 feature names but 1 weights"):
        FittedEvaluation.load(path)
    path.write_text("{")
    with pytest.raises(BadEvaluation, match="cannot read"):
        FittedEvaluation.load(path)


def test_the_description_names_the_house_rules_and_reads_well():
    positions = collect_positions("test-pig", 2, every=2, options={"target": "30"})
    assert positions.description == "2 games of heuristic, target=30, every 2nd decision, seed 0"
