"""Help at the browser table: a hint that marks the suggested move, and the rule behind each log line."""

from __future__ import annotations

from typing import Any

from .conftest import Server, screenshot
from .playing import LEGAL_BUTTONS, open_table


def test_a_hint_marks_a_move_and_log_lines_link_to_their_rules(page: Any, server: Server) -> None:
    open_table(page, server, "cargo-bay-ball", {}, ["human", "random"], seed=5)
    page.wait_for_selector("body[data-your-turn='true']")
    page.click("#hint-button")
    suggestion = page.wait_for_selector(".hint-out .suggestion", timeout=20_000).inner_text()
    assert suggestion.startswith("Suggested: ")
    marked = page.locator(f"{LEGAL_BUTTONS}.suggested")
    assert marked.count() == 1 and marked.inner_text() in suggestion
    rule = page.locator("#log li[data-rule] a.rule-ref").first
    rule_id = rule.inner_text()
    assert rule_id.startswith("CBB-")
    screenshot(page, "help-hint")
    page.goto(server.url + rule.get_attribute("href"))
    place = page.wait_for_selector(f"#rule-{rule_id}.target")
    assert rule_id in place.inner_text()
    page.goto(server.url + "/")
    page.click("[data-rules='travel-sfb']")
    page.wait_for_selector("#rulebook h2")


def test_a_lesson_is_played_from_the_lobby(page: Any, server: Server) -> None:
    page.goto(server.url + "/")
    page.click("#learn-link")
    page.click("[data-lesson='cargo-bay-ball/shoot']")
    page.wait_for_selector("body[data-lesson-step='1']")
    assert "Step 1 of 1" in page.inner_text("#lesson-guide")
    page.hover(f"{LEGAL_BUTTONS}[data-text='shoot']")
    assert "scores" in page.wait_for_selector(f"{LEGAL_BUTTONS}[data-text='shoot'] .odds").inner_text()
    page.click(f"{LEGAL_BUTTONS}[data-text='shoot']")
    page.wait_for_selector("body[data-lesson-step='done']")
    assert "Well done." in page.inner_text("#lesson-guide")
    assert page.locator("#log li[data-rule] a.rule-ref").count() > 0
    screenshot(page, "help-lesson")


def test_pointing_at_a_move_that_draws_shows_its_odds(page: Any, server: Server) -> None:
    open_table(page, server, "travel-sfb", {}, ["human", "random"], seed=5)
    page.wait_for_selector("body[data-your-turn='true']")
    page.hover(f"{LEGAL_BUTTONS} >> nth=0")
    odds = page.wait_for_selector(f"{LEGAL_BUTTONS} .odds").inner_text()
    assert "%" in odds and "estimate" in odds
    assert "%" in page.inner_text("#odds-line")
