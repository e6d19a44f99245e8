"""The command line at a real (pseudo-)terminal, driven by pexpect as a person would type."""

from __future__ import annotations

import re

import pexpect

from .runner import plain, spawn


def test_human_plays_pig_to_the_end_at_a_terminal():
    child = spawn("play", "test-pig", "--seat2", "heuristic", "--seed", "2", "--option", "target=5")
    child.expect("seat1> ")
    assert "Your options:" in child.before and "1. roll" in child.before
    child.sendline("9")
    child.expect("There is no action 9; pick 1 to 2.")
    child.sendline("dance")
    child.expect("Cannot read that: unknown action kind 'dance'")
    turns = 0
    while True:
        index = child.expect(["seat1> ", "Game over: [^\r\n]*"])
        if index == 1:
            break
        # Roll once, then bank it: a whole game in a few dozen decisions.
        child.sendline("1" if turns % 2 == 0 else "hold")
        turns += 1
        assert turns < 400
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert turns > 0


def test_ctrl_c_and_ctrl_d_leave_cleanly():
    child = spawn("play", "test-pig", "--seed", "1")
    child.expect("seat1> ")
    child.sendcontrol("c")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 130 and "Traceback" not in child.before
    assert "Interrupted." in child.before

    child = spawn("play", "test-pig", "--seed", "1")
    child.expect("seat1> ")
    child.sendeof()
    child.expect("The input ended")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


def guess_handed_to_seat2() -> pexpect.spawn:
    """Two people at one terminal: seat1 has secretly picked 3, and the game waits for seat2."""
    child = spawn("play", "test-guess", "--seat1", "human", "--seat2", "human", "--seed", "1")
    child.expect("seat1, press Enter when you are ready.")
    child.sendline("")
    child.expect("seat1> ")
    child.sendline("3")
    child.expect("seat2, press Enter when you are ready.")
    return child


def test_pass_and_play_clears_the_screen_between_seats():
    child = guess_handed_to_seat2()
    # Between seat1's secret pick and seat2's screen the terminal is wiped, scrollback included,
    # and no seed (which tells every deal) was printed to the players.
    assert "\x1b[2J" in child.before and "\x1b[3J" in child.before
    assert "seed" not in plain(child.logfile_read.getvalue())
    child.sendline("")
    child.expect("seat2> ")
    after_clear = plain(child.before.rsplit("\x1b[2J", 1)[-1])
    assert "secretly picks 3" not in after_clear and "Your pick: none yet" in after_clear
    child.sendline("1")
    child.expect(re.escape("Round 1: seat1 picked 3, seat2 picked 1; seat1 scores."))
    child.sendline("quit")
    child.expect(pexpect.EOF)
    child.close()


def test_the_prompt_has_line_editing_and_history():
    child = spawn("play", "test-pig", "--seat2", "heuristic", "--seed", "2", "--option", "target=5")
    child.expect("seat1> ")
    child.send("board\r")
    child.expect("seat1's view")
    child.expect("seat1> ")
    child.send("\x1b[A\r")  # the up arrow brings back the last line
    child.expect("seat1's view")
    child.expect("seat1> ")
    child.send("rl\x1b[Do\x1b[Cl\r")  # left arrow, a letter inserted, right arrow: roll
    child.expect("seat1 rolls")
    child.sendline("quit")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


def test_the_next_player_cannot_bring_back_the_last_ones_lines():
    child = guess_handed_to_seat2()
    child.sendline("")
    child.expect("seat2> ")
    child.send("\x1b[A\r")  # the up arrow: seat1's secret pick must not come back
    child.expect("Type the number of an action")
    child.sendline("quit")
    child.expect(pexpect.EOF)
    child.close()
