"""The lab's commands as a game designer runs them: house rules, bad input, interruptions and the
numbers on the screen, through the real ``tabletop`` command."""

from __future__ import annotations

import json

from tests.cli.runner import assert_clean_failure, invoke


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
    assert "random (#2) won all or lost all the games of each of its pairings" in result.stdout
    row = json.loads(out.read_text())["ratings"][1]
    assert (row["low"], row["high"], row["no_interval"]) == (None, None, "each pairing went one way")
