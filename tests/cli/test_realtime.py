"""Real-time play: computers on their own clock, the human typing whenever they like."""

from __future__ import annotations

import time

import pexpect

from .runner import run, spawn, transcript


def test_computer_only_real_time_runs_on_a_simulated_clock():
    args = ("play", "test-race", "--seat1", "random", "--seat2", "random", "--seed", "1", "-o", "target=30")
    first = run(*args)
    assert first.returncode == 0 and "Game over:" in first.stdout
    # Equal reaction times take turns instead of one seat starving the other.
    assert "seat1 taps (29)" in first.stdout and "seat2 taps (29)" in first.stdout
    assert run(*args).stdout == first.stdout


def test_human_types_while_the_computer_plays():
    child = spawn("play", "test-race", "--seat2", "random", "--seed", "1", "-o", "target=3")
    child.expect("seat1> ")
    started = time.monotonic()
    child.sendline("tap")
    child.sendline("undo")
    child.expect("Undo is not allowed: the game runs in real time.")
    child.expect("Game over: [^\r\n]*")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert "seat1 taps (1)." in transcript(child)
    # The computer acted on its own, not only when the human typed.
    assert time.monotonic() - started < 15


def test_real_time_from_a_pipe():
    result = run("play", "test-race", "--seat2", "random", "--seed", "1", "-o", "target=2", input="1\n1\n")
    assert result.returncode == 0 and "Game over:" in result.stdout
    assert "seat1> 1" in result.stdout


def test_what_the_human_is_typing_survives_a_redraw():
    child = spawn("play", "test-race", "--seat2", "random", "--seed", "1", "-o", "target=40")
    child.expect("seat1> ")
    child.send("ta")
    # The computer taps and the screen is redrawn: the prompt shows the half-typed line again.
    child.expect(r"seat2 taps \(2\)")
    child.expect("seat1> ta")
    child.send("x\x7f\x1b[Ap\r")  # a typo taken back, and an arrow key that types nothing
    child.expect(r"seat1 taps \(1\)\.")
    child.sendline("quit")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0 and "Traceback" not in transcript(child)
