"""The lab's commands as a game designer runs them: house rules, bad input, interruptions and the
numbers on the screen, through the real ``tabletop`` command."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from tabletop.lab import sweep
from tabletop.lab.balance import run_balance
from tabletop.lab.dimensions import generic_dimension
from tabletop.lab.executors import make_executor
from tabletop.lab.match import play_match
from tabletop.lab.render import write_report
from tests.agents import fixtures  # noqa: F401  (registers test-high-card)
from tests.cli.runner import REPO, assert_clean_failure, invoke


def test_a_number_option_refuses_nan_by_name():
    result = invoke("simulate", "fightball", "-n", "1", "-o", "buzzer_beater_seconds=nan")
    assert_clean_failure(result, 1, "option 'buzzer_beater_seconds' must be a number at least 0.1", "not 'nan'")


def test_simulate_and_ladder_refuse_a_file_for_the_journal_folder(tmp_path):
    taken = tmp_path / "sweeps"
    taken.write_text("notes\n")
    for command in (["simulate", "test-pig", "-n", "2"], ["ladder", "test-pig", "--agents", "random,heuristic"]):
        result = invoke(*command, "--out", str(taken))
        assert_clean_failure(result, 1, f"--out {taken} is a file; give a folder for the games journal")
    assert taken.read_text() == "notes\n"


def test_ladder_shows_no_interval_for_an_agent_whose_every_pairing_went_one_way(tmp_path):
    # random (#2) beats random (#1) twice and loses to heuristic twice: 2-0-2, yet every re-sample
    # repeats those games, so the bootstrap gave it a 1500–1500 "interval".
    out = tmp_path / "ladder.json"
    result = invoke("ladder", "test-pig", "--agents", "random,random,heuristic", "-n", "2", "--seed", "5",
                    "--bootstrap", "20", "--json", str(out))
    assert result.exit_code == 0, result.output
    assert "2-0-2" in result.stdout and "1500–1500" not in result.stdout
    assert "Each pairing of random (#2) ended the same way in every game" in result.stdout
    row = json.loads(out.read_text())["ratings"][1]
    assert (row["low"], row["high"], row["no_interval"]) == (None, None, "each pairing ended the same way every game")


def _interrupt_after(monkeypatch, games: int) -> None:
    """Ctrl-C as the sweep asks for game number ``games`` + 1."""
    played = []

    def play(spec):
        if len(played) == games:
            raise KeyboardInterrupt
        played.append(spec.index)
        return play_match(spec)

    monkeypatch.setattr(sweep, "play_match", play)


def test_ctrl_c_says_how_many_games_finished_and_how_to_resume_them(monkeypatch, tmp_path):
    _interrupt_after(monkeypatch, 3)
    result = invoke("simulate", "test-pig", "-n", "10", "--out", str(tmp_path))
    journal = tmp_path / "test-pig-simulate-games.jsonl"
    assert result.exit_code == 130 and "Traceback" not in result.output
    assert f"Interrupted. 3 of 10 games finished and are kept in {journal}; the same command with --resume" \
        in " ".join(result.stderr.split())
    assert len(journal.read_text().splitlines()) == 1 + 3


def test_ctrl_c_without_out_says_the_finished_games_are_not_kept(monkeypatch):
    _interrupt_after(monkeypatch, 2)
    result = invoke("ladder", "test-pig", "--agents", "random,heuristic", "-n", "6")
    assert result.exit_code == 130
    assert "Interrupted. 2 of 6 games had finished; none is kept without --out DIR" in " ".join(result.stderr.split())


def test_balance_plays_house_rules_on_every_game_and_refuses_those_it_sets(tmp_path):
    out = tmp_path / "bal"
    result = invoke("balance", "test-high-card", "-n", "2", "-o", "hand=4", "--out", str(out))
    assert result.exit_code == 0, result.output
    report = json.loads((out / "test-high-card-balance.json").read_text())
    assert report["options"] == {"hand": 4}
    assert "house rules: hand=4" in (out / "test-high-card-balance.html").read_text()
    games = [json.loads(line) for line in (out / "test-high-card-balance-games.jsonl").read_text().splitlines()]
    assert games[0]["sweep"]["options"] == {"hand": 4} and len(games) == 1 + 2
    assert_clean_failure(invoke("balance", "test-high-card", "-o", "deck1=strong", "--out", str(out)), 1,
                         "--option deck1: the balance puts each of the")
    assert_clean_failure(invoke("balance", "test-high-card", "-o", "hand=many", "--out", str(out)), 1,
                         "option 'hand' must be")


def test_an_option_given_twice_with_different_values_is_refused():
    result = invoke("simulate", "test-pig", "-n", "2", "-o", "target=20", "-o", "target=30")
    assert result.exit_code == 2 and "target is given twice, as '20' and '30'" in " ".join(result.output.split())
    assert invoke("simulate", "test-pig", "-n", "2", "-o", "target=20", "-o", "target=20").exit_code == 0


def test_the_cluster_help_says_how_many_cores_a_local_ray_instance_gets():
    pytest.importorskip("ray")
    assert make_executor(1, cluster="ray").workers is None  # type: ignore[attr-defined]
    assert make_executor(2, cluster="ray").workers == 2  # type: ignore[attr-defined]
    shown = " ".join(invoke("simulate", "--help", COLUMNS="300").output.replace("│", " ").split())
    assert "else a local instance on every core, or on --jobs of them when above 1" in shown


def test_the_mean_game_length_interval_stops_at_zero():
    result = invoke("simulate", "test-pig", "-n", "2", "--seed", "1", "--json", "-")
    assert result.exit_code == 0, result.output
    length = json.loads(result.stdout)["summary"]["length"]
    assert length["low"] == 0.0 < length["value"] < length["high"]
    assert "(95% CI 0.0–" in result.stderr


def test_balance_prints_each_entry_against_the_field(tmp_path):
    out = tmp_path / "bal"
    result = invoke("balance", "test-high-card", "-n", "4", "--seed", "2", "--out", str(out))
    assert result.exit_code == 0, result.output
    report = json.loads((out / "test-high-card-balance.json").read_text())
    rows = {line.split()[1]: line for line in result.stdout.splitlines() if line.split()[1:2] in (["plain"], ["strong"])}
    for entry in ("plain", "strong"):
        rate = report["overall"][entry]
        shown = f"{100 * rate['rate']:.1f}% [{100 * rate['low']:.1f}, {100 * rate['high']:.1f}]"
        assert shown in rows[entry], (shown, result.stdout)


def test_resuming_another_sweep_names_the_settings_that_differ(tmp_path):
    first = invoke("balance", "test-high-card", "-n", "2", "--out", str(tmp_path))
    assert first.exit_code == 0, first.output
    result = invoke("balance", "test-high-card", "-n", "2", "-o", "ties=on", "--out", str(tmp_path), "--resume")
    assert result.exit_code == 1 and "holds a different sweep (its options none, not {ties=true})" in result.stderr
    assert "house rules: ties=true" in result.stderr
    result = invoke("simulate", "test-pig", "-n", "2", "--out", str(tmp_path))
    assert result.exit_code == 0, result.output
    result = invoke("simulate", "test-pig", "-n", "2", "-o", "target=30", "--seat2", "random", "--out", str(tmp_path),
                    "--resume")
    assert_clean_failure(result, 1, "(its target 20, not 30; its agents [heuristic, heuristic], not [heuristic, random])")


def test_a_file_for_the_records_folder_is_refused_before_any_game(tmp_path):
    taken = tmp_path / "records"
    taken.write_text("notes\n")
    for command in (["simulate", "test-pig", "-n", "2"], ["ladder", "test-pig", "--agents", "random,heuristic"],
                    ["balance", "test-high-card", "--out", str(tmp_path / "bal")]):
        result = invoke(*command, "--max-steps", "2", "--records", str(taken))
        assert_clean_failure(result, 1, f"--records {taken} is a file; give a folder for the records of failed games")


def test_an_agent_repeated_onto_both_sides_fails_the_game_instead_of_winning_it():
    # Four seats alternate sides; three agents repeat as A, B, C, A, so A holds a seat on each side
    # and was counted as winning every game.
    result = invoke("simulate", "cargo-bay-ball", "-n", "1", "-o", "players=4", "--seat1", "random", "--seat2",
                    "random", "--seat", "random")
    shown = " ".join((result.stdout + result.stderr).split())
    assert result.exit_code == 1 and "every one of the 1 games failed" in shown
    assert "random (#1) held seats on both sides (seat" in shown and "so it neither won nor lost" in shown


def test_the_guide_s_python_sweep_runs_as_a_script(tmp_path):
    guide = (REPO / "docs" / "agents.md").read_text()
    start = guide.index("```python\n", guide.index("## Simulation")) + len("```python\n")
    script = guide[start:guide.index("```", start)]
    # Fewer games and iterations than the guide's, to keep the test quick; the rest as written.
    assert "games=50" in script and "mcts:iterations=100" in script
    script = script.replace("games=50", "games=2").replace("mcts:iterations=100", "mcts:iterations=2")
    (tmp_path / "sweep.py").write_text(script)
    ran = subprocess.run([sys.executable, "sweep.py"], cwd=tmp_path, capture_output=True, text=True, timeout=300,
                         env={**os.environ, "PYTHONPATH": str(REPO)})
    assert ran.returncode == 0 and "Traceback" not in ran.stderr, ran.stderr[-3000:]
    assert json.loads((tmp_path / "out.json").read_text())["summary"]["completed"] == 2


def test_mirrors_on_a_balance_of_variants_is_refused(tmp_path):
    result = invoke("balance", "friendly-competition", "-n", "1", "--entries", "as-written,receiver=anyone",
                    "--mirrors", "--out", str(tmp_path / "bal"))
    assert_clean_failure(result, 1, "--mirrors is for matchups; the friendly-competition balance compares house rules")
    assert not (tmp_path / "bal").exists()


def test_fit_whose_workers_keep_dying_stops_with_a_message():
    result = invoke("fit", "test-pig", "--agents", "test-lethal:marker=always", "-n", "2", "--jobs", "2", "--out", "-")
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert result.stderr.splitlines()[-1] == ("tabletop: error: worker processes died twice over while playing the "
                                             "same games (killed, or out of memory); try fewer --jobs")


def test_one_game_gives_its_length_no_interval(tmp_path):
    result = invoke("simulate", "test-pig", "-n", "1", "--json", "-")
    assert result.exit_code == 0, result.output
    length = json.loads(result.stdout)["summary"]["length"]
    assert length["n"] == 1 and length["low"] is None and length["high"] is None
    assert "actions (one game: no interval)" in result.stderr
    # nor its scores a spread: the standard deviation of one value is unknown, not zero
    assert all(p["scores"]["sd"] is None for p in json.loads(result.stdout)["summary"]["participants"])
    assert "(one game: no spread)" in result.stderr and "± 0.00" not in result.stderr
    variants = generic_dimension("test-high-card", prefer="variants")
    report = run_balance("test-high-card", dimension=variants, games=1, entries=["as-written", "ties=on"])
    page = write_report(report, tmp_path)["html"].read_text()
    assert page.count("(one game: no interval)") == 2 and "nan" not in page


def test_a_malformed_cluster_is_refused_before_anything_is_printed_or_made(tmp_path):
    for command in (["simulate", "test-pig"], ["ladder", "test-pig", "--agents", "random,heuristic"],
                    ["balance", "test-high-card", "--out", str(tmp_path / "bal")]):
        result = invoke(*command, "--cluster", "spark")
        assert_clean_failure(result, 1, "--cluster takes 'ray' or 'ray://HOST:PORT', not 'spark'")
        assert result.stdout == ""
    assert not (tmp_path / "bal").exists()


def test_resume_without_out_is_refused_before_the_sweep_starts():
    for command in (["simulate", "test-pig"], ["ladder", "test-pig", "--agents", "random,heuristic"]):
        result = invoke(*command, "--resume")
        assert_clean_failure(result, 1, "--resume needs --out: the folder of the sweep to continue")
        assert result.stderr.startswith("tabletop: error:")  # no progress bar was started


def test_a_crew_file_of_ones_own_is_balanced_by_its_own_members(tmp_path):
    bundled = json.loads((REPO / "tabletop/titles/cargo_bay_ball/data/crew.json").read_text())
    for card in bundled["crew"]:
        card["id"], card["name"] = f"new-{card['id']}", f"New {card['name']}"
    crew = tmp_path / "my-crew.json"
    crew.write_text(json.dumps(bundled))
    out = tmp_path / "bal"
    result = invoke("balance", "cargo-bay-ball", "-n", "1", "-o", f"crew_cards={crew}",
                    "--entries", "new-kaylee,new-mal", "--out", str(out))
    assert result.exit_code == 0, result.output
    report = json.loads((out / "cargo-bay-ball-balance.json").read_text())
    assert report["options"] == {"crew_cards": str(crew)}
    assert report["entries"] == ["new-kaylee", "new-mal"] and report["games_played"] == 1 and not report["errors"]
    assert_clean_failure(invoke("balance", "cargo-bay-ball", "-o", f"crew_cards={crew}", "--entries", "kaylee,mal",
                                "--out", str(out)), 1, "has no kaylee, mal; it has new-kaylee")
    assert_clean_failure(invoke("balance", "cargo-bay-ball", "-o", f"crew_cards={tmp_path / 'none.json'}",
                                "--out", str(out)), 1, "--option crew_cards:")
