"""The lab's commands as a game designer runs them: house rules, bad input, interruptions and the
numbers on the screen, through the real ``tabletop`` command."""

from __future__ import annotations

from tests.cli.runner import assert_clean_failure, invoke


def test_a_number_option_refuses_nan_by_name():
    result = invoke("simulate", "fightball", "-n", "1", "-o", "buzzer_beater_seconds=nan")
    assert_clean_failure(result, 1, "option 'buzzer_beater_seconds' must be a number at least 0.1", "not 'nan'")
