"""Every lesson of every game can be finished in the browser by doing what each step points at:
the marked move in the list, clicked, as a learner does (a lesson whose move the page cannot
mark or take fails here)."""

from __future__ import annotations

from typing import Any

import pytest

import tabletop
from tabletop.guide import lessons

from .conftest import Server
from .playing import LEGAL_BUTTONS

GAMES = ["cargo-bay-ball", "fightball", "friendly-competition", "cagway-bay", "travel-sfb"]


@pytest.mark.parametrize("game", GAMES)
def test_every_lesson_is_finished_by_clicking_the_marked_moves(page: Any, server: Server, game: str) -> None:
    parse = tabletop.load(game).parse_action
    for lesson in lessons(game):
        page.goto(f"{server.url}/#/learn/{game}/{lesson.id}")
        for number, step in enumerate(lesson.steps, 1):
            page.wait_for_selector(f"body[data-lesson-step='{number}']")
            marked = page.locator(f"{LEGAL_BUTTONS}.suggested")
            assert marked.count() == 1, f"{lesson.id} step {number}: no single marked move"
            assert parse(marked.get_attribute("data-text")) == parse(step.expect), f"{lesson.id} step {number}"
            marked.click()
        page.wait_for_selector("body[data-lesson-step='done']")
        assert lesson.done[:40] in page.inner_text("#lesson-guide"), lesson.id
