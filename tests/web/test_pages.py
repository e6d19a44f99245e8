"""The lobby's form, seat links, and each game's page at a phone's width: what a person sees and can do."""

from __future__ import annotations

from typing import Any

from .conftest import Server
from .playing import open_table


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
