"""A hint at a real-time table: it stays while the seat's choices stay, and goes, saying so, once they change."""

from __future__ import annotations

from typing import Any

from .conftest import Server
from .playing import open_table

# One look at the page, taken between two updates: its step, this seat's choices, the hint shown.
LOOK = """() => ({step: document.body.dataset.step,
  choices: [...document.querySelectorAll('#legal .legal-action')].map(n => n.dataset.text).join('|'),
  hint: Boolean(document.querySelector('#hint-out .suggestion')),
  stale: Boolean(document.querySelector('#hint-stale'))})"""


def test_a_fightball_hint_stays_until_the_seats_choices_change(page: Any, server: Server) -> None:
    open_table(page, server, "fightball", {"quarters": 1}, ["human", "random"], seed=2)
    page.wait_for_selector("body[data-your-turn='true']")
    page.click("#hint-button")
    page.wait_for_selector("#hint-out .suggestion", timeout=30_000)
    hinted = page.evaluate(LOOK)
    kept = went = 0
    for _ in range(40):
        if kept >= 2:
            break
        before = page.evaluate(LOOK)
        page.wait_for_function("([step]) => document.body.dataset.step !== step", arg=[before["step"]], timeout=20_000)
        now = page.evaluate(LOOK)
        if now["choices"] == hinted["choices"]:
            assert now["hint"], "the hint went while the seat's choices stayed the same"
            kept += 1
        else:
            assert not now["hint"] and now["stale"], "a stale hint stayed, or went without a word"
            went += 1
            if not page.locator("#hint-button").is_visible():
                break
            page.click("#hint-button")
            page.wait_for_selector("#hint-out .suggestion", timeout=30_000)
            hinted = page.evaluate(LOOK)
    assert kept, "no update came that left the seat's choices as they were"
