"""A lesson in the browser says what to do in words and points at the move, on the board and in
the list: it never asks a browser player to type a command."""

from __future__ import annotations

from typing import Any

from .conftest import Server
from .playing import LEGAL_BUTTONS


def open_lesson(page: Any, server: Server, lesson: str) -> None:
    page.goto(f"{server.url}/#/learn/{lesson}")
    page.wait_for_selector("body[data-lesson-step='1']")
    assert "type " not in page.inner_text("#lesson-guide").lower()


def test_a_lesson_step_points_at_its_move_on_the_board_and_in_the_list(page: Any, server: Server) -> None:
    open_lesson(page, server, "cargo-bay-ball/shoot")
    assert page.inner_text("#lesson-do") == "Do it: Simon shoots (2 from the goal) — marked on the board and among the moves."
    marked = page.locator(f"{LEGAL_BUTTONS}.suggested")
    assert marked.count() == 1 and marked.get_attribute("data-text") == "shoot"
    assert page.locator("#board .suggested").count() == 1


def test_each_step_points_at_its_own_move(page: Any, server: Server) -> None:
    open_lesson(page, server, "travel-sfb/allocate")
    assert page.inner_text("#lesson-do") == "Do it: Put A♠ in Movement — marked on the board and among the moves."
    page.locator(f"{LEGAL_BUTTONS}.suggested").click()
    page.wait_for_selector("body[data-lesson-step='2']")
    assert page.locator(f"{LEGAL_BUTTONS}.suggested").get_attribute("data-text") == "place card=KH row=movement"
