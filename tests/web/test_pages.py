"""The lobby's form, seat links, and each game's page at a phone's width: what a person sees and can do."""

from __future__ import annotations

import random
import re
from typing import Any

from .conftest import Server
from .playing import click_and_see, list_first, open_table


def test_every_game_is_created_from_the_lobby_with_its_default_options(page: Any, server: Server) -> None:
    games = [game["name"] for game in server.get("/api/games")]
    for game in games:
        page.goto(server.url + "/")
        page.click(f"button[data-game='{game}']")
        page.select_option("[data-seat='1']", "random")
        page.click("button.primary")
        page.wait_for_selector("body[data-status]")
        assert "/table/" in page.url, game


def test_an_invalid_option_in_the_folded_box_is_shown_with_its_reason(page: Any, server: Server) -> None:
    page.goto(server.url + "/")
    page.click("button[data-game='fightball']")
    assert not page.eval_on_selector(".option-box", "box => box.open")
    page.eval_on_selector("#option-buzzer_beater_seconds", "node => { node.value = '-3'; }")
    page.click("button.primary")
    assert page.eval_on_selector(".option-box", "box => box.open")
    assert page.eval_on_selector("#option-buzzer_beater_seconds", "node => node === document.activeElement")
    assert "/table/" not in page.url


def test_a_wrong_seat_link_is_forgotten_and_the_table_watched(page: Any, server: Server) -> None:
    table = server.post("/api/tables", {"game": "cargo-bay-ball", "options": {}, "seats": ["human", "random"], "seed": 3})
    server.post(f"/api/tables/{table['id']}/join", {"seat": "seat1"})
    page.goto(f"{server.url}/#/table/{table['id']}/seat1/not-the-token")
    assert "not valid" in page.wait_for_selector("#link-problem").inner_text()
    page.wait_for_selector("body[data-status]")
    assert "watching" in page.inner_text("#where")
    assert page.evaluate(f"localStorage.getItem('tabletop:seat:{table['id']}')") is None
    page.goto(server.url + "/")
    row = page.locator("[data-list='watch'] .table-row", has=page.locator(f"a[href='#/table/{table['id']}']"))
    assert row.locator("a").inner_text() == "Watch"


def test_your_own_seat_shows_connected_from_the_first_update(page: Any, server: Server) -> None:
    open_table(page, server, "cargo-bay-ball", {}, ["human", "random"], seed=3)
    for _ in range(2):
        assert page.eval_on_selector("#players li.you", "node => node.className") == "online you"
        assert page.get_attribute("#players li.you .dot", "title") == "connected"
        page.reload()
        page.wait_for_selector("body[data-status]")


def test_the_latest_lines_show_whole_and_the_log_keeps_its_heading(phone: Any, server: Server) -> None:
    page = phone
    open_table(page, server, "cargo-bay-ball", {}, ["human", "random"], seed=5)
    rng = random.Random(5)
    wrapped = False
    for _ in range(40):
        cut = page.eval_on_selector_all("#latest li", "lines => lines.filter(l => l.scrollWidth > l.clientWidth).map(l => l.textContent)")
        assert not cut
        wrapped = wrapped or page.eval_on_selector_all("#latest li", "lines => lines.some(l => l.getBoundingClientRect().height > 30)")
        if wrapped or page.locator("#outcome").is_visible():
            break
        page.wait_for_function("document.body.dataset.yourTurn === 'true' || !document.getElementById('outcome').hidden",
                               timeout=30_000)
        click_and_see(page, list_first, rng)
    assert wrapped, "no line was long enough to need two lines on a phone"
    page.eval_on_selector(".log-box", "box => { box.scrollTop = box.scrollHeight; }")
    box = page.locator(".log-box").bounding_box()
    heading = page.locator(".log-box h2").bounding_box()
    assert page.evaluate("document.querySelector('.log-box').scrollTop") > 0
    assert box["y"] <= heading["y"] + 1 and heading["y"] + heading["height"] <= box["y"] + box["height"]


def test_a_replay_quotes_each_move_as_its_players_own(page: Any, server: Server) -> None:
    table = server.post("/api/tables", {"game": "travel-sfb", "options": {"turn_limit": 1}, "seats": ["random", "random"], "seed": 2})
    for _ in range(100):
        if server.get(f"/api/tables/{table['id']}")["status"] == "finished":
            break
        page.wait_for_timeout(100)
    page.goto(f"{server.url}/#/replay/{table['id']}")
    page.wait_for_selector("#replay-step")
    page.keyboard.press("End")
    page.wait_for_function("document.body.innerText.includes('Game over')")
    text = page.inner_text("main")
    assert re.search(r"Seat \d chose “[^”]+”", text), text[:400]
    assert not re.search(r"\bseat\d", text), "a raw seat id is shown"


def test_a_whole_number_option_takes_only_whole_numbers_and_a_decimal_one_any(page: Any, server: Server) -> None:
    page.goto(server.url + "/")
    page.click("button[data-game='fightball']")
    page.click(".option-box summary")
    page.fill("#option-quarters", "2.5")
    page.fill("#option-buzzer_beater_seconds", "2.5")
    assert not page.eval_on_selector("#option-quarters", "node => node.validity.valid")
    assert page.eval_on_selector("#option-buzzer_beater_seconds", "node => node.validity.valid")
    page.click("button.primary")
    assert page.eval_on_selector("#option-quarters", "node => node === document.activeElement")
    assert "/table/" not in page.url
