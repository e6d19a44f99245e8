"""Each game's page on a phone (390 px wide): nothing runs past the screen's side."""

from __future__ import annotations

import random
from typing import Any

import pytest

from .conftest import PHONE, Server, screenshot
from .playing import click_and_see, list_first, open_table

WIDE = """() => [...document.querySelectorAll('body *')].filter(n => n.getBoundingClientRect().right > 391)
  .slice(0, 5).map(n => `${n.tagName}.${n.className?.baseVal ?? n.className}: ${(n.textContent || '').slice(0, 50)}`)"""


def assert_fits(page: Any, game: str) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"{game} is {width} px wide on a phone: {page.evaluate(WIDE)}"


@pytest.mark.parametrize(("game", "options"), [
    ("travel-sfb", {"turn_limit": 3}), ("cargo-bay-ball", {}), ("fightball", {"quarters": 1}),
    ("friendly-competition", {"match_turns": 2}), ("cagway-bay", {"turns": 1}),
])
def test_a_game_fits_a_phone_as_it_is_played(phone: Any, server: Server, game: str, options: dict[str, Any]) -> None:
    open_table(phone, server, game, options, ["human", "random"], seed=4)
    rng = random.Random(4)
    for _ in range(25):
        assert_fits(phone, game)
        if phone.locator("#outcome").is_visible():
            break
        phone.wait_for_function("document.body.dataset.yourTurn === 'true' || !document.getElementById('outcome').hidden",
                                timeout=30_000)
        click_and_see(phone, list_first, rng)
    assert_fits(phone, game)
    screenshot(phone, f"phone-{game}")


def test_fightball_keeps_the_coachs_hand_in_sight_and_each_zone_whole(browser: Any, server: Server) -> None:
    for viewport in ({"width": 1280, "height": 800}, PHONE):
        context = browser.new_context(viewport=viewport)
        page = context.new_page()
        open_table(page, server, "fightball", {"quarters": 1}, ["human", "random"], seed=4)
        page.wait_for_selector("#board [data-key='draw']")
        if viewport["width"] > PHONE["width"]:
            for part in ("#board .coach.mine", "#board [data-key='draw']", "#court"):
                box = page.locator(part).bounding_box()
                assert box["y"] < viewport["height"] and box["y"] + min(box["height"], 40) <= viewport["height"], part
        # each zone's stacks lie in rows of equal length: no zone breaks 3 + 1
        rows = page.eval_on_selector_all("#court .zone-stacks", """zones => zones.map(zone => {
          const tops = {}; for (const s of zone.children) tops[s.offsetTop] = (tops[s.offsetTop] || 0) + 1;
          return Object.values(tops); })""")
        assert all(len(set(zone)) == 1 for zone in rows), (viewport, rows)
        screenshot(page, f"fightball-{viewport['width']}")
        context.close()


def test_a_menu_of_choices_fits_a_phone_and_escape_closes_it(phone: Any, server: Server) -> None:
    open_table(phone, server, "cagway-bay", {"turns": 1}, ["human", "random"], seed=1)
    phone.wait_for_selector("#sea .ghost")  # the helm's preview has come: the board is drawn for good
    drift = phone.locator("#board .controls button[data-key^='do:drift']")
    label = drift.inner_text()
    count = len(phone.evaluate("""() => JSON.parse(JSON.stringify([...document.querySelectorAll('#legal .legal-action')]
      .filter(n => n.dataset.text.startsWith('drift')).map(n => n.dataset.text)))"""))
    assert label == f"drift ({count} choices)", label
    drift.scroll_into_view_if_needed()
    box = drift.bounding_box()
    phone.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    menu = phone.wait_for_selector(".pick-menu:not([hidden])")
    place = menu.bounding_box()
    assert place["y"] >= 0 and place["y"] + place["height"] <= PHONE["height"], place
    assert place["x"] >= 0 and place["x"] + place["width"] <= PHONE["width"], place
    assert phone.locator(".pick-menu .menu-item:not(.cancel)").count() == count
    phone.keyboard.press("Escape")
    phone.wait_for_selector(".pick-menu", state="hidden")
