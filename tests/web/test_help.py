"""Help at the browser table: a hint that marks the suggested move, and the rule behind each log line."""

from __future__ import annotations

import math
from typing import Any

from .conftest import Server, screenshot
from .playing import LEGAL_BUTTONS, open_table


def estimate_text(estimate: dict[str, Any]) -> str:
    chance, visits = estimate["win_chance"], estimate["visits"]
    if chance is None or not visits:
        return f"not tried: {estimate['label']}"
    shown = "<1%" if 0 < chance < 0.01 else ">99%" if 0.99 < chance < 1 else f"{math.floor(chance * 100 + 0.5)}%"
    return f"{shown} · {visits} game{'' if visits == 1 else 's'}: {estimate['label']}"


def test_a_hint_with_nothing_weighed_says_why_instead_of_listing_estimates(page: Any, server: Server) -> None:
    # Cagway Bay's plans leave the raiders' first ship one way to sail here (see tests/guide/test_help.py)
    open_table(page, server, "cagway-bay", {}, ["human", "random"], seed=2)
    page.wait_for_selector("body[data-your-turn='true']")
    page.click("#hint-button")
    page.wait_for_selector(".hint-out .suggestion", timeout=20_000)
    assert "did not weigh the other actions" in page.inner_text("#hint-note")
    assert page.locator(".hint-out .estimates").count() == 0


def test_a_hint_marks_a_move_and_log_lines_link_to_their_rules(page: Any, server: Server) -> None:
    answers: list[Any] = []
    page.on("response", lambda answer: answers.append(answer.json()) if answer.url.endswith("/hint") and answer.ok else None)
    open_table(page, server, "cargo-bay-ball", {}, ["human", "random"], seed=5)
    page.wait_for_selector("body[data-your-turn='true']")
    page.click("#hint-button")
    suggestion = page.wait_for_selector(".hint-out .suggestion", timeout=20_000).inner_text()
    assert suggestion.startswith("Suggested: ")
    # each estimate in the server's order, with the simulated games it rests on
    estimates = answers[-1]["estimates"][:6]
    assert page.locator(".hint-out .estimates li").all_inner_texts() == [estimate_text(e) for e in estimates]
    assert any(e["visits"] > 1 for e in estimates)
    assert page.inner_text("#hint-note") == answers[-1]["note"]
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


def test_no_odds_are_asked_for_a_position_already_left(page: Any, server: Server) -> None:
    failed: list[int] = []
    # the page counts its own odds requests, as it sends them
    page.add_init_script("""window.oddsAsked = 0; const send = window.fetch;
      window.fetch = (path, ...rest) => { if (String(path).endsWith('/odds')) window.oddsAsked += 1; return send(path, ...rest); };""")
    page.on("response", lambda answer: failed.append(answer.status) if answer.url.endswith("/odds") and not answer.ok else None)
    open_table(page, server, "travel-sfb", {}, ["human", "random"], seed=5)
    for _ in range(3):
        page.wait_for_function("document.body.dataset.yourTurn === 'true'"
                               " && document.querySelectorAll('#legal .legal-action').length > 1")
        step = page.evaluate("document.body.dataset.step")
        # a move, and the pointer at once on another of the moves it leaves behind
        asked = page.evaluate("""() => { const [first, second] = document.querySelectorAll('#legal .legal-action');
          const before = window.oddsAsked; first.click(); second.dispatchEvent(new MouseEvent('mouseenter'));
          return window.oddsAsked - before; }""")
        assert not asked, "odds were asked for the position just played from"
        page.wait_for_function("([step]) => document.body.dataset.step !== step", arg=[step])
    page.hover(f"{LEGAL_BUTTONS} >> nth=0")
    page.wait_for_selector(f"{LEGAL_BUTTONS} .odds")
    assert page.evaluate("window.oddsAsked") and not failed
