"""Every installed game through the command line: computers play it to the end, the replay
tells it identically, and a human at a pipe can finish Travel SFB (the `make run` game)."""

from __future__ import annotations

import pytest

import tabletop

from .runner import run
from .test_play import narration

PUBLIC = [info.name for info in tabletop.games() if not info.name.startswith("test-")]


@pytest.mark.parametrize("name", PUBLIC)
def test_computers_play_every_game_and_the_replay_is_identical(name, tmp_path):
    record = tmp_path / "game.json"
    played = run("play", name, "--seat1", "random", "--seat2", "random", "--seed", "3", "--save", str(record))
    assert played.returncode == 0, played.stderr
    assert "Game over:" in played.stdout and f"Saved the game record to {record}." in played.stdout
    replayed = run("replay", str(record), "--all")
    assert replayed.returncode == 0, replayed.stderr
    assert narration(replayed.stdout) == narration(played.stdout)


def test_a_human_plays_travel_sfb_against_the_computer_to_the_end():
    if "travel-sfb" not in PUBLIC:
        pytest.skip("travel-sfb is not installed yet")
    # Always the first listed action: a legal, if unambitious, captain.
    result = run("play", "travel-sfb", "--seat1", "human", "--seat2", "heuristic", "--seed", "3",
                 input="1\n" * 3000)
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "seat1> 1" in out and "Your options:" in out
    assert "Game over:" in out and "The input ended" not in out
