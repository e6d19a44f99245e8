"""The command line given hostile or careless input: odd record files, mid-game saves and seeds
in games that hide information, impossible sweeps and options. Never a traceback."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from .runner import PLUGINS, assert_clean_failure, invoke

ODD_RECORDS = [b"\xff\xfe{\x00}\x00", b"\x80\x81\x82", "{}".encode("utf-16"), b"", b"{" * 5000, b"[1, 2]"]


@pytest.mark.parametrize("data", ODD_RECORDS)
def test_replay_and_render_refuse_an_odd_record_file_cleanly(tmp_path, data):
    path = tmp_path / "odd.json"
    path.write_bytes(data)
    assert_clean_failure(invoke("replay", str(path)), 1)
    assert_clean_failure(invoke("render", "test-pig", "--out", str(tmp_path / "pics"), "--record", str(path)), 1)


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.binary(max_size=64))
def test_replay_of_random_bytes_is_a_clean_error(tmp_path, data):
    path = tmp_path / "random.json"
    path.write_bytes(data)
    assert_clean_failure(invoke("replay", str(path)), 1)


def test_a_record_without_digest_is_refused_with_the_reason(tmp_path):
    record = tmp_path / "pig.json"
    invoke("play", "test-pig", "--seat1", "random", "--seat2", "random", "--seed", "2", "--save", str(record))
    data = json.loads(record.read_text())
    del data["digest"]
    record.write_text(json.dumps(data))
    assert_clean_failure(invoke("replay", str(record)), 1, "no digest")


def test_a_player_of_a_hidden_information_game_is_not_told_the_seed_until_the_end(tmp_path):
    mid = tmp_path / "mid.json"
    out = invoke("play", "test-guess", "--seat2", "random", "--seed", "77", input=f"1\nsave {mid}\nquit\n",
                 TABLETOP_PLUGINS=PLUGINS).stdout
    # Not even on leaving: the game is not over, and the seed would tell every deal.
    assert "77" not in out.replace(str(mid), "") and "You left the game unfinished." in out  # the path may hold 77
    saved = json.loads(mid.read_text())
    assert saved["format"] == "tabletop-seat-record" and "seed" not in saved and saved["seat"] == "seat1"
    assert "Saved seat1's record" in out
    assert_clean_failure(invoke("replay", str(mid), TABLETOP_PLUGINS=PLUGINS), 1, "seat's record")
    # A game without hidden information shows its seed at once, and computers-only games too.
    assert "seed 5" in invoke("play", "test-pig", "--seed", "5", input="quit\n").stdout.splitlines()[1]
    assert "seed 5" in invoke("play", "test-guess", "--seat1", "random", "--seed", "5", TABLETOP_PLUGINS=PLUGINS).stdout.splitlines()[1]


def test_a_negative_number_at_the_prompt_is_out_of_range():
    out = invoke("play", "test-pig", "--seed", "4", input="-1\n+9\n0\nquit\n").stdout
    assert "There is no action -1; pick 1 to 2." in out and "There is no action 9; pick 1 to 2." in out
    assert "There is no action 0" in out and "unknown action kind" not in out


def test_save_to_a_missing_folder_is_refused_before_the_game(tmp_path):
    result = invoke("play", "test-pig", "--seat1", "random", "--seat2", "random", "--save",
                    str(tmp_path / "nowhere" / "game.json"))
    assert_clean_failure(result, 1, "does not exist")
    assert "Players:" not in result.stdout


def test_fleet_options_are_refused_with_the_reason():
    assert_clean_failure(invoke("play", "cagway-bay", "-o", "scenario=open-warfare", "-o", "fleet1=+"), 1,
                         "ship classes joined by +")
    assert_clean_failure(invoke("play", "cagway-bay", "-o", "fleet2=sloop"), 1,
                         "fleet2 applies only to the open-warfare scenario")


def test_a_seat_name_ending_in_s_reads_well():
    out = invoke("play", "cagway-bay", "--seed", "1", input="board\nquit\n").stdout
    assert "raiders' view" in out and "raiders's" not in out
