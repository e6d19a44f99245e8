"""The terminal views a player reads: Fightball's court with values and Shot Values, a screen
that repaints only what changed, Cagway Bay's map and stick lengths, Cargo Bay Ball's marks and
its reasons for a refused placement."""

from __future__ import annotations

import io

import pytest

import tabletop
from tabletop.cli.screen import Screen
from tabletop.core import IllegalAction
from tests.cagway_bay.helpers import make, ship, square
from tests.cargo_bay_ball.helpers import position as bay_position


def test_fightball_board_shows_card_values_and_each_stacks_shot_value() -> None:
    game = tabletop.load("fightball")
    state = game.new_state(seed=1, scenario={"held": {"home": "tex"}, "decks": {"home": ["blue-ball", "jump-shot", "zal"]},
                                             "stacks": {"9": ["away:kage"]}})
    for text in ("play stack=10", "draw", "play stack=10", "draw", "play stack=10", "draw"):
        state.apply("home", game.parse_action(text))
    board = game.render_text(state.view("home"))
    assert "[ 9] Kage S4 B3   Shot Value 4  = 4 so far, needs Ball and Shot" in board
    assert "[10] Tex S5 B3 > Blue Ball +0 > Jump Shot +3   Shot Value 5 5 8  = 8 \u2717 below 10, the play fails" in board
    assert "holding Zal (Shot R7 B6 G5; Block R3 B3 G2)" in board
    assert "[11-16] empty" in board and max(map(len, board.splitlines())) <= 100


def test_the_screen_repaints_only_the_lines_that_changed() -> None:
    out = io.StringIO()
    screen = Screen(out, height=40)
    first = ["title", "stack 9: -", "stack 10: Tex", "home> "]
    assert screen.paint(first) == 4 and out.getvalue().startswith("\x1b[H\x1b[2J")
    out.truncate(0)
    out.seek(0)
    assert screen.paint(["title", "stack 9: -", "stack 10: Tex > Blue Ball", "home> "]) == 2  # the line and the prompt
    written = out.getvalue()
    assert "\x1b[3;1H\x1b[2Kstack 10: Tex > Blue Ball" in written and "title" not in written and "stack 9" not in written
    assert screen.paint(["taller", "layout", "now", "five", "home> "]) == 5  # a new layout is painted whole


def test_cagway_bay_map_shows_islands_ships_and_wind_and_sails_say_their_stick() -> None:
    state = make([ship("hms", "frigate", 0, 40, 50, 90, ap=4), ship("foe", "sloop", 1, 90, 90, 270, ap=0)],
                 [square(60, 10, 80, 30)], phase="move", turn_limit=2)
    text = state.game.render_text(state.view("red"))
    rows = [line for line in text.splitlines() if line.startswith("|")]
    assert len(rows) == 25 and all(len(row) == 52 for row in rows)
    assert any("#" in row for row in rows[-8:]) and not any("#" in row for row in rows[:12])
    assert any("A" in row for row in rows) and any("a" in row for row in rows) and any("\u2191" in row for row in rows)
    assert "Ships: A hms, a foe" in text and "Wind: parallel, blowing \u2192 everywhere" in text
    labels = [state.describe_action("red", action) for action in state.legal_actions("red") if action.kind == "sail"]
    assert "hms: straight on and sail one segment (yellow, 5 cm)" in labels
    assert all(label.endswith(" cm)") for label in labels)


def test_cargo_bay_ball_board_marks_are_unambiguous() -> None:
    crew = [{"crew": "simon", "side": 1, "at": "C3"}, {"crew": "jayne", "side": 2, "at": "M9"}]
    state = bay_position(crew, ball="E3", obstacles=["D3", "G6"], turn={"crew": "simon"})
    board = state.game.render_text(state.view("seat1"))
    row3 = next(line for line in board.splitlines() if line.startswith("  3"))
    assert "  SI  ^^   o   . " in row3
    assert " ^3 (/)" in board
    assert "Goal numbers: 1> I5 (NE), 2 H5 (NW), 3 G6 (W), 4> H7 (SW), 5 I7 (SE), 6 I6 (E)" in board


def test_cargo_bay_ball_refused_placements_say_why() -> None:
    game = tabletop.load("cargo-bay-ball", side1_crew="mal+zoe", side2_crew="jayne+wash", official="book")
    state = game.new_state(seed=5)
    while not any(a.kind == "place" for a in state.legal_actions(state.to_act[0])):
        seat = state.to_act[0]
        state.apply(seat, state.legal_actions(seat)[0])
    seat = state.to_act[0]
    crew = next(a for a in state.legal_actions(seat) if a.kind == "place").crew  # type: ignore[attr-defined]
    for where, words in (("H5", "carries the printed goal number 2"), ("H6", "is the goal"),
                         ("Z9", "is not a space of the field")):
        with pytest.raises(IllegalAction, match=words + r".*\(CBB-SET-7\)"):
            state.apply(seat, game.parse_action(f"place crew={crew} at={where}"))
