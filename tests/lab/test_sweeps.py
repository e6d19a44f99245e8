"""Sweeps stream: an interrupted sweep resumes from its journal without playing a game twice,
only failed games are kept whole, and ``--cluster`` says how to get Ray when it is missing."""

from __future__ import annotations

import io
import json
import re
import socket
import sys
import time

import pytest
import typer
from typer.testing import CliRunner

import tests.pig  # noqa: F401
from tabletop.cli.lab import register
from tabletop.lab import simulate
from tabletop.lab.cluster import ClusterUnavailable, check_reachable
from tabletop.lab.simulate import SweepOutput
from tabletop.lab.sweep import SweepMismatch
from tests.agents import fixtures  # noqa: F401

runner = CliRunner()
AGENTS = ["heuristic", "random"]


def _app() -> typer.Typer:
    app = typer.Typer()
    register(app)
    return app


def _games(report):
    return [(r.index, r.seed, r.winners, r.scores, r.length) for r in report.results]


def test_an_interrupted_sweep_resumes_and_skips_the_games_already_done(tmp_path):
    journal = tmp_path / "sweep.jsonl"
    played: list[int] = []

    def stop_after_five(result) -> None:
        played.append(result.index)
        if len(played) == 5:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        simulate("test-pig", AGENTS, games=12, seed=8, progress=stop_after_five, output=SweepOutput(journal))
    assert len(journal.read_text().splitlines()) == 1 + 5
    with journal.open("a") as file:
        file.write('{"n": 7, "game": {"ind')  # the last line, cut short when the machine went down
    played.clear()
    resumed: list[int] = []
    report = simulate("test-pig", AGENTS, games=12, seed=8, progress=lambda r: played.append(r.index),
                      output=SweepOutput(journal, resume=True, resumed=resumed.append))
    assert resumed == [5] and sorted(played) == list(range(5, 12))
    assert _games(report) == _games(simulate("test-pig", AGENTS, games=12, seed=8))
    again = simulate("test-pig", AGENTS, games=12, seed=8, progress=lambda r: played.append(r.index),
                     output=SweepOutput(journal, resume=True))
    assert len(played) == 7 and _games(again) == _games(report)  # a finished sweep replays nothing
    with pytest.raises(SweepMismatch, match="different sweep"):
        simulate("test-pig", AGENTS, games=12, seed=9, output=SweepOutput(journal, resume=True))


def test_a_finished_sweep_resumed_with_more_games_plays_only_the_new_ones(tmp_path):
    journal = tmp_path / "sweep.jsonl"
    simulate("test-pig", AGENTS, games=6, seed=3, output=SweepOutput(journal))
    played: list[int] = []
    resumed: list[int] = []
    report = simulate("test-pig", AGENTS, games=10, seed=3, progress=lambda r: played.append(r.index),
                      output=SweepOutput(journal, resume=True, resumed=resumed.append))
    assert resumed == [6] and sorted(played) == [6, 7, 8, 9]
    assert _games(report) == _games(simulate("test-pig", AGENTS, games=10, seed=3))
    assert json.loads(journal.read_text().splitlines()[0])["sweep"]["games"] == 10
    with pytest.raises(SweepMismatch, match="a sweep of 10 games, more than the 8 asked for; resume it with --games 10"):
        simulate("test-pig", AGENTS, games=8, seed=3, output=SweepOutput(journal, resume=True))


def test_a_ladder_resumed_with_more_games_a_pairing_keeps_each_pairings_games(tmp_path):
    args = ["ladder", "test-high-card", "--agents", "random,heuristic,test-fragile", "--bootstrap", "10",
            "--out", str(tmp_path)]
    assert runner.invoke(_app(), [*args, "-n", "2"]).exit_code == 0
    journal = tmp_path / "test-high-card-ladder-games.jsonl"
    before = {(e["game"]["tag"], e["game"]["index"]): e["game"]["seed"]
              for e in map(json.loads, journal.read_text().splitlines()[1:])}
    result = runner.invoke(_app(), [*args, "-n", "4", "--resume", "--json", str(tmp_path / "more.json")])
    assert result.exit_code == 0, result.output
    after = {(e["game"]["tag"], e["game"]["index"]): e["game"]["seed"]
             for e in map(json.loads, journal.read_text().splitlines()[1:])}
    assert len(before) == 3 * 2 and len(after) == 3 * 4 and before.items() <= after.items()
    assert runner.invoke(_app(), [*args, "-n", "4", "--json", str(tmp_path / "fresh.json"),
                                  "--out", str(tmp_path / "fresh")]).exit_code == 0
    assert json.loads((tmp_path / "more.json").read_text()) == json.loads((tmp_path / "fresh.json").read_text())


def test_a_streamed_sweep_keeps_only_the_failed_games_and_summarises_the_same():
    agents = ["test-fragile", "random"]
    everything = simulate("test-pig", agents, games=20, seed=5)
    streamed = simulate("test-pig", agents, games=20, seed=5, keep_games=False)
    assert _games(streamed) == [(r.index, r.seed, r.winners, r.scores, r.length) for r in streamed.errors]
    assert [(r.index, r.error) for r in streamed.results] == [(r.index, r.error) for r in everything.errors]
    assert 0 < len(streamed.results) < 20
    without_time = {"seconds": 0}
    assert streamed.summary().to_json() | without_time == everything.summary().to_json() | without_time


def test_cli_resumes_a_ladder_and_a_balance_from_out(tmp_path):
    args = ["ladder", "test-high-card", "--agents", "random,heuristic", "-n", "6", "--bootstrap", "10",
            "--out", str(tmp_path), "--json", str(tmp_path / "ladder.json")]
    assert runner.invoke(_app(), args).exit_code == 0
    first = (tmp_path / "ladder.json").read_text()
    journal = tmp_path / "test-high-card-ladder-games.jsonl"
    lines = journal.read_text().splitlines()
    assert len(lines) == 7 and json.loads(lines[0])["sweep"]["command"] == "ladder"
    journal.write_text("\n".join(lines[:3]) + "\n")
    result = runner.invoke(_app(), [*args, "--resume"])
    assert result.exit_code == 0, result.output
    assert (tmp_path / "ladder.json").read_text() == first
    assert len(journal.read_text().splitlines()) == 7
    result = runner.invoke(_app(), ["balance", "test-high-card", "-n", "4", "--out", str(tmp_path), "--resume"])
    assert result.exit_code == 0, result.output
    assert len((tmp_path / "test-high-card-balance-games.jsonl").read_text().splitlines()) == 1 + 4
    result = runner.invoke(_app(), ["simulate", "test-pig", "-n", "4", "--resume"])
    assert result.exit_code == 1 and "--resume needs --out" in result.output


def test_cluster_without_ray_says_how_to_get_it(monkeypatch, tmp_path):
    monkeypatch.setitem(sys.modules, "ray", None)  # what an environment without Ray sees: ImportError
    for command in (["simulate", "test-pig"], ["ladder", "test-pig", "--agents", "random,heuristic"],
                    ["balance", "test-high-card"]):
        result = runner.invoke(_app(), [*command, "-n", "2", "--cluster", "ray", "--out", str(tmp_path)])
        assert result.exit_code == 1, result.output
        assert "not installed" in result.output and "pip install 'tabletop[ray]'" in result.output
        assert "Traceback" not in result.output
    assert not list(tmp_path.iterdir())  # refused before anything was written
    result = runner.invoke(_app(), ["simulate", "test-pig", "-n", "2", "--cluster", "spark://head"])
    assert result.exit_code == 1 and "'ray' or 'ray://HOST:PORT'" in result.output


def test_an_unreachable_cluster_is_reported_at_once():
    with socket.socket() as listener:  # a port that surely takes connections, then one that surely does not
        listener.bind(("127.0.0.1", 0))
        listener.listen()
        port = listener.getsockname()[1]
        check_reachable(f"127.0.0.1:{port}")
        check_reachable(f"ray://127.0.0.1:{port}")
    with pytest.raises(ClusterUnavailable, match=f"cannot reach the Ray cluster at ray://127.0.0.1:{port}"):
        check_reachable(f"ray://127.0.0.1:{port}")


def test_the_progress_bar_shows_games_per_second_and_time_left():
    from rich.console import Console

    from tabletop.cli.lab import _progress

    bar = _progress(Console(file=io.StringIO(), width=120, force_terminal=True), 100, "test-pig")
    task = bar.add_task("games", total=100, note="")
    assert "- games/s" in str(bar.columns[3].render(bar.tasks[0]))
    bar.update(task, advance=10)
    time.sleep(0.05)
    bar.update(task, advance=10)
    assert re.fullmatch(r"[\d,]+\.\d games/s", str(bar.columns[3].render(bar.tasks[0])))
    assert bar.tasks[0].speed and bar.tasks[0].time_remaining is not None


def test_a_killed_worker_process_costs_no_games_and_changes_no_result(tmp_path):
    # The pool breaks with its worker; the batches it held are played again on a fresh pool.
    lethal = [f"test-lethal:marker={tmp_path / 'died'}", "random"]
    report = simulate("test-pig", lethal, games=24, seed=3, jobs=2)
    assert (tmp_path / "died").exists() and not report.errors
    assert _games(report) == _games(simulate("test-pig", lethal, games=24, seed=3))


def test_a_batch_that_kills_every_worker_is_reported_and_the_sweep_ends():
    # More batches than the pool holds at once, so batches wait for a pool that a crash broke.
    report = simulate("test-pig", ["test-lethal:marker=always", "random"], games=40, seed=3, jobs=2)
    assert len(report.errors) == 40
    assert all("worker process failed: BrokenProcessPool" in (game.error or "") for game in report.errors)


def test_a_batch_arriving_at_once_does_not_read_as_thousands_of_games_a_second():
    from rich.console import Console

    from tabletop.cli.lab import _progress, _Sweep, _sweep_output

    now = [0.0]
    bar = _progress(Console(file=io.StringIO(), width=120, force_terminal=True), 100, "test-pig")
    bar.get_time = lambda: now[0]
    task = bar.add_task("games", total=100, note="")
    now[0] = 5.0
    for _ in range(20):  # a batch of 20 games comes back five seconds in, one microsecond apart
        now[0] += 1e-6
        bar.update(task, advance=1)
    pace, left = (str(column.render(bar.tasks[0])) for column in (bar.columns[3], bar.columns[5]))
    assert pace == "4.0 games/s" and left == "0:00:20"
    _sweep_output(_Sweep(), None, "test-pig", "simulate", True, bar, task).resumed(50)  # the journal's games
    now[0] += 10
    bar.update(task, advance=10)
    assert str(bar.columns[3].render(bar.tasks[0])) == "1.0 games/s" and bar.tasks[0].fields["note"] == ""
