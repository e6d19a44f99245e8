"""``play``, ``replay`` and ``render`` driven through pipes: whole games, identical replays,
clean errors."""

from __future__ import annotations

import json

from .runner import assert_clean_failure, invoke, run


def narration(output: str) -> list[str]:
    """The story of a game: everything after the first line (who played, or which file)."""
    lines = output.splitlines()
    return [line for line in lines[1:] if not line.startswith("Saved the game record")]


def test_computer_only_game_narrates_to_the_end_without_prompting(tmp_path):
    record = tmp_path / "pig.json"
    result = run("play", "test-pig", "--seat1", "random", "--seat2", "heuristic", "--seed", "3",
                 "--save", str(record))
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert out.startswith("Players: seat1 random, seat2 heuristic\n")
    assert "seed 3" in out and "banks" in out and "Game over: seat" in out
    assert "seat1>" not in out and result.stderr == ""
    assert json.loads(record.read_text())["game"] == "test-pig"

    replayed = run("replay", str(record), "--all")
    assert replayed.returncode == 0, replayed.stderr
    assert replayed.stdout.startswith(f"Replay of {record}:")
    assert narration(replayed.stdout) == narration(out)


def test_same_seed_same_game():
    args = ("play", "test-pig", "--seat1", "random", "--seat2", "heuristic", "--seed", "8")
    assert invoke(*args).stdout == invoke(*args).stdout


def test_replay_as_a_seat_and_step_by_step(tmp_path):
    record = tmp_path / "guess.json"
    run("play", "test-guess", "--seat1", "random", "--seat2", "random", "--seed", "2", "--save", str(record))
    everything = run("replay", str(record), "--all").stdout
    assert "[to seat1] seat1 secretly picks" in everything and ", seed 2" in everything
    assert run("replay", str(record), "--as", "all").stdout.splitlines()[1:] == everything.splitlines()[1:]
    by_default = run("replay", str(record)).stdout
    assert "secretly" not in by_default and "seed" not in by_default and "as a spectator saw them" in by_default
    as_seat2 = run("replay", str(record), "--as", "seat2").stdout
    assert "seat1 secretly picks" not in as_seat2 and "seat2 secretly picks" in as_seat2
    spectator = run("replay", str(record), "--as", "spectator").stdout
    assert "secretly" not in spectator and "Round 1:" in spectator
    stepped = run("replay", str(record), "--step", "--as", "seat1", input="\n\n\nq\n")
    assert stepped.returncode == 0
    assert "Step 1/" in stepped.stdout and "Step 4/" in stepped.stdout and "Step 5/" not in stepped.stdout
    assert "seat2: makes a hidden choice" in stepped.stdout


def test_replay_as_an_unknown_seat_is_a_usage_error(tmp_path):
    record = tmp_path / "pig.json"
    invoke("play", "test-pig", "--seat1", "random", "--seat2", "random", "--seed", "2", "--save", str(record))
    assert_clean_failure(invoke("replay", str(record), "--as", "seat7"), 2)


def test_piped_human_plays_a_whole_game():
    # Roll, then hold, over and over: enough lines for any seeded game of Pig to five.
    moves = "1\n2\n" * 150
    result = run("play", "test-pig", "--seat2", "random", "--seed", "4", "--option", "target=5", input=moves)
    assert result.returncode == 0, result.stderr
    assert "seat1> 1" in result.stdout and "Your options:" in result.stdout
    assert "Game over:" in result.stdout and "Final position" in result.stdout


def test_bad_input_reprompts_with_the_reason():
    moves = "7\njump\nroll extra=1\nhelp\nsave\n" + "roll\nhold\n" * 150
    out = invoke("play", "test-pig", "--seat2", "random", "--seed", "4", "-o", "target=5", input=moves).stdout
    assert "There is no action 7; pick 1 to 2." in out
    assert "Cannot read that: unknown action kind 'jump'; this game has: hold, roll" in out
    assert "Cannot read that: action 'roll' takes no fields: unexpected extra" in out
    assert "undo" in out and "Say where: save FILE" in out
    assert "Game over:" in out


def test_quit_and_end_of_input_leave_cleanly_and_save(tmp_path):
    record = tmp_path / "left.json"
    result = invoke("play", "test-pig", "--seat2", "random", "--seed", "1", "--save", str(record), input="roll\nquit\n")
    assert result.exit_code == 0 and "You left the game unfinished." in result.stdout
    assert json.loads(record.read_text())["actions"][0] == {"seat": "seat1", "action": {"kind": "roll"}}
    ended = run("play", "test-pig", "--seed", "1", input="")
    assert ended.returncode == 0 and "The input ended" in ended.stdout and "Traceback" not in ended.stderr


def test_save_command_writes_a_replayable_record(tmp_path):
    record = tmp_path / "mid.json"
    result = invoke("play", "test-pig", "--seat2", "random", "--seed", "1", input=f"hold\nsave {record}\nquit\n")
    assert f"Saved the game record to {record}." in result.stdout
    assert invoke("replay", str(record)).exit_code == 0


def test_undo_takes_back_a_decision_only_when_nothing_was_revealed():
    # Two humans at Pig: holding uses no dice, so it can be taken back; a roll cannot.
    moves = "hold\nundo\nroll\nundo\nquit\n"
    out = invoke("play", "test-pig", "--seat2", "human", "--seed", "5", input=moves).stdout
    assert "Took back seat1's decision: hold." in out
    assert "Undo is not allowed: dice were rolled or cards dealt since seat" in out
    nothing = invoke("play", "test-pig", "--seed", "5", input="undo\nquit\n").stdout
    assert "Undo is not allowed: there is no human decision to take back yet." in nothing


def test_pass_and_play_hides_each_seats_secret_choice():
    # Enter at each hand-over screen, then a pick.
    moves = "\n3\n\n1\n\n2\n\n2\n\n3\n\n1\n" * 4
    out = run("play", "test-guess", "--seat1", "human", "--seat2", "human", "--seed", "1", input=moves).stdout
    assert "Game over:" in out
    screens = out.split("=" * 40)
    seat2_screens = [s for s in screens if "--- seat2 to act ---" in s]
    assert seat2_screens and all("seat1 secretly picks" not in s for s in seat2_screens)
    assert any("Pass the terminal to seat2." in s for s in screens)


def test_undo_in_a_hidden_information_game():
    # seat2 takes back seat1's secret pick before anything is revealed; after the reveal, no.
    moves = "\n2\n\nundo\n\n3\n\n1\n\nundo\nquit\n"
    out = run("play", "test-guess", "--seat2", "human", "--seed", "1", input=moves).stdout
    assert "Took back seat1's decision: Pick 2." in out
    assert "already made known to others" in out


def test_simultaneous_choice_against_the_computer():
    out = run("play", "test-guess", "--seat2", "random", "--seed", "3", input="3\n" * 20).stdout
    assert "Game over:" in out and "Pass the terminal" not in out


def test_game_errors_exit_1_without_a_traceback(tmp_path):
    assert_clean_failure(run("play", "chess"), 1, "there is no game 'chess'")
    assert_clean_failure(invoke("play", "test-pig", "-o", "target=2"), 1, "option 'target' must be")
    assert_clean_failure(invoke("play", "test-pig", "-o", "colour=red"), 1, "its options are: target")
    assert_clean_failure(invoke("play", "test-pig", "--seat2", "wizard"), 1, "there is no agent 'wizard'")
    assert_clean_failure(invoke("replay", str(tmp_path / "missing.json")), 1, "cannot read record")
    broken = tmp_path / "broken.json"
    broken.write_text("{not json")
    assert_clean_failure(invoke("replay", str(broken)), 1, "not a valid tabletop record")


def test_tampered_record_is_refused(tmp_path):
    record = tmp_path / "game.json"
    invoke("play", "test-pig", "--seat1", "random", "--seat2", "random", "--seed", "6", "--save", str(record))
    data = json.loads(record.read_text())
    data["actions"] = data["actions"][:-1]
    record.write_text(json.dumps(data))
    assert_clean_failure(run("replay", str(record)), 1, "altered")


def test_usage_errors_exit_2():
    assert run("play", "test-pig", "--option", "target").returncode == 2
    assert invoke("play", "test-pig", "--seat3", "random").exit_code == 2
    assert invoke("play", "test-pig", "--seed", "abc").exit_code == 2
    assert invoke("play", "test-pig", "--think", "soon").exit_code == 2


def test_render_writes_svg_pictures(tmp_path):
    out = tmp_path / "pictures"
    result = run("render", "test-guess", "--seed", "1", "--out", str(out))
    assert result.returncode == 0 and (out / "step-0000.svg").read_text().startswith("<svg")
    assert_clean_failure(invoke("render", "test-pig", "--out", str(tmp_path / "none")), 1, "does not draw")

    record = tmp_path / "guess.json"
    steps = tmp_path / "steps"
    run("play", "test-guess", "--seat1", "random", "--seat2", "random", "--seed", "2", "--save", str(record),
        "--render", str(steps))
    actions = len(json.loads(record.read_text())["actions"])
    assert len(list(steps.glob("step-*.svg"))) == actions + 1
    again = tmp_path / "again"
    assert run("render", "test-guess", "--record", str(record), "--out", str(again)).returncode == 0
    assert sorted(p.name for p in again.iterdir()) == sorted(p.name for p in steps.iterdir())
    assert_clean_failure(run("render", "test-pig", "--record", str(record), "--out", str(tmp_path / "pig")), 1,
                         "is a game of")


def test_saving_never_replaces_an_existing_file_unasked(tmp_path):
    keep = tmp_path / "keep.json"
    keep.write_text("precious\n")
    computers = ("play", "test-pig", "--seat1", "random", "--seat2", "random", "--seed", "1")
    refused = run(*computers, "--save", str(keep))
    assert_clean_failure(refused, 1, f"--save {keep} already exists; add --force")
    assert refused.stdout == "" and keep.read_text() == "precious\n"  # refused before the game began
    assert run(*computers, "--save", str(keep), "--force").returncode == 0
    assert json.loads(keep.read_text())["game"] == "test-pig"

    keep.write_text("precious\n")
    out = run("play", "test-pig", "--seat2", "random", "--seed", "1", "--save", str(tmp_path / "own.json"),
              input=f"save {keep}\nsave ~/home.json\nsave {tmp_path / 'own.json'}\nquit\n", HOME=str(tmp_path)).stdout
    assert f"{keep} already exists; to replace it, type: save --force {keep}" in out
    assert keep.read_text() == "precious\n"
    # ~ is the home folder; the session's own --save file may be updated by the session itself.
    assert json.loads((tmp_path / "home.json").read_text())["game"] == "test-pig"
    assert out.count(f"Saved the game record to {tmp_path / 'own.json'}.") == 2
    out = run("play", "test-pig", "--seat2", "random", "--seed", "1", input=f"save --force {keep}\nquit\n").stdout
    assert f"Saved the game record to {keep}." in out and json.loads(keep.read_text())["game"] == "test-pig"


def test_picture_folders_are_checked_before_anything_is_drawn(tmp_path):
    pictures = tmp_path / "pictures"
    assert run("render", "test-guess", "--seed", "1", "--out", str(pictures)).returncode == 0
    first = (pictures / "step-0000.svg").read_text()
    assert_clean_failure(run("render", "test-guess", "--seed", "2", "--out", str(pictures)), 1,
                         "already holds step-NNNN.svg pictures; add --force")
    refused = run("play", "test-guess", "--seat1", "random", "--seat2", "random", "--render", str(pictures))
    assert_clean_failure(refused, 1, "--render")
    assert refused.stdout == "" and (pictures / "step-0000.svg").read_text() == first
    assert run("render", "test-guess", "--seed", "2", "--out", str(pictures), "--force").returncode == 0
    a_file = tmp_path / "a-file"
    a_file.write_text("precious\n")
    refused = run("play", "test-guess", "--seat1", "random", "--seat2", "random", "--render", str(a_file))
    assert_clean_failure(refused, 1, f"--render {a_file} is a file")
    assert refused.stdout == "" and a_file.read_text() == "precious\n"


def test_leaving_an_unfinished_hidden_game_keeps_the_seed_and_the_others_secrets(tmp_path):
    record = tmp_path / "left.json"
    for ending in ("quit\n", ""):  # quit, or the input ends (Ctrl-D)
        record.unlink(missing_ok=True)
        result = run("play", "test-guess", "--seat2", "random", "--seed", "1", "--save", str(record),
                     input="2\n" + ending)
        assert result.returncode == 0, result.stderr
        assert "seed" not in result.stdout.replace("without the seed", "")
        saved = json.loads(record.read_text())
        assert saved["format"] == "tabletop-seat-record" and saved["seat"] == "seat1" and "seed" not in saved
        assert "seat2 secretly picks" not in record.read_text()
    # One person at every seat sees everything anyway: the full record.
    run("play", "test-guess", "--seat1", "human", "--seat2", "human", "--seed", "1", "--save", str(record),
        "--force", input="\n2\nquit\n")
    assert json.loads(record.read_text())["seed"] == 1


def test_think_and_seat_mistakes_are_named_as_typed():
    zero = invoke("play", "test-pig", "--seat2", "mcts", "--think", "0s")
    assert zero.exit_code == 2 and "--think" in zero.stderr and "above zero" in zero.stderr
    assert "agent option" not in zero.stderr
    # Only the seats the game has are suggested for a misspelled seat option.
    for typo, suggested in (("--seaat1", "(Possible options: --seat1)"), ("--seat9", "--seat1, --seat2)")):
        result = invoke("play", "test-pig", typo, "random")
        assert result.exit_code == 2 and suggested in " ".join(result.stderr.split()), result.stderr
        assert "--seat7" not in result.stderr


def test_undo_behind_the_screen_keeps_the_computers_placements():
    # Travel SFB: the computer allocates while seat1 places a card; taking the card back leaves
    # the computer's allocation as it was (TSFB-RULING-SCREEN).
    out = run("play", "travel-sfb", "--seat2", "random", "--seed", "1", input="1\nundo\nquit\n").stdout
    assert "Took back seat1's decision: Put A♦ in Offense." in out
    after = out.split("Took back")[1]
    assert "finished allocating" in after and "Hand      A♦ 4♦ J♦ 7♥ 2♥" in after
