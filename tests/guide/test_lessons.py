"""Every lesson of every game, played through the real ``tabletop learn`` command as a person
types it; and the first lesson of one game on a terminal."""

from __future__ import annotations

import pytest

from tabletop.guide import lessons
from tests.cli.runner import run, spawn, transcript

GAMES = ["cargo-bay-ball", "friendly-competition", "cagway-bay", "travel-sfb", "fightball"]


def typed(game: str) -> str:
    """What a learner types: each step's action, and Enter between lessons."""
    blocks = ["\n".join(step.expect or "" for step in lesson.steps) for lesson in lessons(game)]
    return "\n\n".join(blocks) + "\n"


@pytest.mark.parametrize("game", GAMES)
def test_every_lesson_can_be_played_through(game: str) -> None:
    found = lessons(game)
    assert found and all(lesson.steps for lesson in found)
    result = run("learn", game, input=typed(game), timeout=120)
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert out.count("Well done.") == len(found), out[-3000:]
    assert "That is every lesson" in out and "Not allowed" not in out and "Traceback" not in result.stderr
    for lesson in found:
        assert f"Rule {lesson.rule}: " in out and lesson.title in out
        for step in lesson.steps:
            # the words suit every interface; the terminal adds what to type
            assert "type " not in step.say.lower() and "type " not in lesson.done.lower()
            if step.expect:
                assert f"{step.say}\nType: {step.expect}\n" in out


def test_a_wrong_action_in_a_lesson_is_explained_not_taken() -> None:
    result = run("learn", "cargo-bay-ball", "--lesson", "4", "--only",
                 input="steal target=wash\nskip\nwhy steal target=wash\nsteal target=jayne\n")
    out = result.stdout
    assert result.returncode == 0
    assert "Not allowed: steal target=wash is not legal" in out and "[CBB-ACT-STEAL-1]" in out
    assert "That is legal, but this lesson is about something else: type steal target=jayne." in out
    assert out.count("Well done.") == 1


@pytest.mark.parametrize("number", ["0", "-1", "8"])
def test_a_lesson_number_out_of_range_is_refused(number: str) -> None:
    result = run("learn", "travel-sfb", "--lesson", number, input="")
    assert result.returncode == 1
    assert result.stderr.strip() == f"tabletop: error: travel-sfb has lessons 1 to 7; there is no lesson {number}"


def test_the_first_lesson_on_a_terminal() -> None:
    child = spawn("learn", "fightball", "--lesson", "1", "--only", timeout=30)
    for line in ("play stack=9", "draw", "play stack=9", "draw", "play stack=9"):
        child.expect(r"home( \[Enter: [^\]]*\])?> ")
        child.sendline(line)
    child.expect("Well done")
    child.expect_exact(pexpect_eof())
    assert "Shot Value" in transcript(child)


def pexpect_eof() -> object:
    import pexpect

    return pexpect.EOF
