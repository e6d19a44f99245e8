"""The lab's commands as a game designer runs them: house rules, bad input, interruptions and the
numbers on the screen, through the real ``tabletop`` command."""

from __future__ import annotations

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
