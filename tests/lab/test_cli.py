"""The lab's commands through typer's test runner."""

from __future__ import annotations

import json

import typer
from typer.testing import CliRunner

import tests.pig  # noqa: F401
from tabletop.cli.lab import register, split_agents
from tests.agents import fixtures  # noqa: F401

runner = CliRunner()


def _app() -> typer.Typer:
    app = typer.Typer()
    register(app)
    return app


def test_split_agents_keeps_agent_options_together():
    assert split_agents("random,heuristic,mcts:think=1,depth=20") == ["random", "heuristic", "mcts:think=1,depth=20"]
    assert split_agents("mcts:iterations=5;mcts:iterations=9,c=2") == ["mcts:iterations=5", "mcts:iterations=9,c=2"]


def test_simulate_prints_the_table_and_writes_json_and_csv(tmp_path):
    out = tmp_path / "sweep.json"
    result = runner.invoke(_app(), ["simulate", "test-pig", "--games", "12", "--seat1", "heuristic", "--seat2",
                                    "random", "--seed", "3", "--json", str(out), "--csv", str(tmp_path / "s.csv")])
    assert result.exit_code == 0, result.output
    assert "wins" in result.output and "Mean game length" in result.output
    data = json.loads(out.read_text())
    assert data["summary"]["completed"] == 12
    assert len((tmp_path / "s.csv").read_text().splitlines()) == 13


def test_simulate_json_to_stdout_and_same_for_two_jobs():
    args = ["simulate", "test-pig", "-n", "8", "--seed", "4", "--json", "-"]
    one = runner.invoke(_app(), args)
    two = runner.invoke(_app(), [*args, "--jobs", "2"])
    assert one.exit_code == two.exit_code == 0
    games = [json.loads(r.output[r.output.index("{"):])["games"] for r in (one, two)]
    strip = [[(g["seed"], g["winners"], g["length"]) for g in run] for run in games]
    assert strip[0] == strip[1]


def test_simulate_reports_failed_games(tmp_path):
    result = runner.invoke(_app(), ["simulate", "test-pig", "-n", "6", "--seat1", "test-fragile", "--records",
                                    str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert "failed" in result.output and "seed" in result.output
    assert list(tmp_path.glob("*.record.json"))


def test_bad_game_and_bad_agent_fail_cleanly():
    result = runner.invoke(_app(), ["simulate", "no-such-game"])
    assert result.exit_code == 1
    assert "no game 'no-such-game'" in result.output
    result = runner.invoke(_app(), ["simulate", "test-pig", "--seat2", "oracle"])
    assert result.exit_code == 1 and "the agents are" in result.output


def test_ladder_and_balance(tmp_path):
    result = runner.invoke(_app(), ["ladder", "test-high-card", "--agents", "random,heuristic", "-n", "6",
                                    "--bootstrap", "20", "--json", str(tmp_path / "ladder.json")])
    assert result.exit_code == 0, result.output
    assert "heuristic" in result.output and "rating" in result.output
    assert json.loads((tmp_path / "ladder.json").read_text())["agents"] == ["random", "heuristic"]
    result = runner.invoke(_app(), ["balance", "test-high-card", "-n", "4", "--out", str(tmp_path / "bal")])
    assert result.exit_code == 0, result.output
    assert {p.suffix for p in (tmp_path / "bal").iterdir()} == {".png", ".svg", ".html", ".json", ".jsonl"}
    result = runner.invoke(_app(), ["balance", "test-pig"])
    assert result.exit_code == 1 and "nothing to balance" in result.output


def test_simulate_refuses_more_agents_than_seats():
    result = runner.invoke(_app(), ["simulate", "test-pig", "-n", "2", "--seat", "random", "--seat", "random"])
    assert result.exit_code == 1 and "test-pig has 2 seats" in result.output and "4 agents" in result.output


def test_output_folders_are_never_created_and_checked_before_the_sweep(tmp_path):
    missing = tmp_path / "nowhere" / "x.json"
    for args in (["simulate", "test-pig", "-n", "2", "--json", str(missing)],
                 ["simulate", "test-pig", "-n", "2", "--csv", str(missing)],
                 ["ladder", "test-pig", "--agents", "random,heuristic", "-n", "1", "--json", str(missing)]):
        result = runner.invoke(_app(), args)
        assert result.exit_code == 1 and "does not exist" in result.output, result.output
        assert "wins" not in result.output  # refused before any game was played
    assert not missing.parent.exists()


def test_a_sweep_in_which_every_game_failed_exits_1():
    result = runner.invoke(_app(), ["simulate", "test-pig", "-n", "4", "--max-steps", "1"])
    assert result.exit_code == 1 and "every one of the 4 games failed" in result.output
    some = runner.invoke(_app(), ["simulate", "test-pig", "-n", "4", "--max-steps", "40", "--seat1", "heuristic"])
    assert some.exit_code == 0, some.output


def test_machine_readable_output_to_stdout_is_all_that_stdout_holds(tmp_path):
    simulate = ["simulate", "test-pig", "-n", "4", "--seed", "2"]
    result = runner.invoke(_app(), [*simulate, "--json", "-"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["summary"]["completed"] == 4
    assert "wins" in result.stderr  # the table still reaches the person, on stderr
    result = runner.invoke(_app(), [*simulate, "--csv", "-", "--json", str(tmp_path / "s.json")])
    assert result.exit_code == 0, result.output
    assert len(result.stdout.splitlines()) == 5 and result.stdout.startswith("game,seed,")
    assert "wins" not in result.stdout and "wrote" in result.stderr
    result = runner.invoke(_app(), ["ladder", "test-pig", "--agents", "random,heuristic", "-n", "2",
                                    "--bootstrap", "5", "--json", "-"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["agents"] == ["random", "heuristic"]
    result = runner.invoke(_app(), [*simulate, "--json", "-", "--csv", "-"])
    assert result.exit_code == 1 and "only one of --json and --csv can be '-'" in result.stderr


def test_balance_checks_every_argument_before_printing_or_playing(tmp_path):
    out = tmp_path / "bal"
    for args, reason in ((["--entries", "plain"], "needs at least two entries of deck1/deck2 to compare, and only plain was given"),
                         (["--entries", ","], "and none was given"),
                         (["--entries", "plain,bogus"], "test-high-card deck1/deck2 has no bogus; it has plain, strong"),
                         (["--agent", "wizard"], "there is no agent 'wizard'")):
        result = runner.invoke(_app(), ["balance", "test-high-card", "-n", "2", "--out", str(out), *args])
        assert result.exit_code == 1 and reason in result.stderr, result.output
        assert result.output.count("\n") == 1 and "games" not in result.output  # no header, nothing played
    assert not out.exists()


def test_ladder_shows_no_interval_it_cannot_give():
    ladder = ["ladder", "test-pig", "--agents", "random,heuristic", "--seed", "4"]
    result = runner.invoke(_app(), [*ladder, "-n", "4", "--bootstrap", "0", "--json", "-"])
    assert result.exit_code == 0, result.output
    assert "No intervals: --bootstrap 0" in result.stderr and "1500–1500" not in result.stderr
    assert all(row["low"] is None for row in json.loads(result.stdout)["ratings"])
    # Two games, both won by heuristic: a perfect record bounds nothing from one side.
    result = runner.invoke(_app(), [*ladder, "-n", "2", "--bootstrap", "20"])
    assert result.exit_code == 0, result.output
    assert "2-0-0" in result.stdout and "heuristic won every game, so nothing bounds its rating from above" in result.stdout
    assert "random lost every game" in result.stdout and "–" not in result.stdout.split("W-D-L")[1]
