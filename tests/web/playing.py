"""A person at the browser: opens tables and plays by clicking what the page offers."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from playwright.sync_api import TimeoutError as PlaywrightTimeout

from .conftest import Server

BOARD_TARGETS = "#board .legal"
SELECTED_TARGETS = "#board [data-key].legal"
MENU_ITEMS = ".pick-menu:not([hidden]) .menu-item:not(.cancel)"
LEGAL_BUTTONS = "#legal .legal-action"


def open_table(page: Any, server: Server, game: str, options: dict[str, Any], seats: Sequence[str],
               seed: int | None = None, pace: float = 0.0) -> str:
    """Create a table over HTTP, take seat 1 in the browser through its seat link; the table's id."""
    body: dict[str, Any] = {"game": game, "options": options, "seats": list(seats), "pace": pace}
    if seed is not None:
        body["seed"] = seed
    table = server.post("/api/tables", body)
    sit_down(page, f"{server.url}/#/join/{table['id']}/{table['seats'][0]['seat']}")
    return str(table["id"])


def sit_down(page: Any, link: str, name: str = "") -> None:
    """Open a seat link, say one's name and sit down; the table page is then live."""
    page.goto(link)
    if name:
        page.fill("#join-name", name)
    page.click("#sit-down")
    page.wait_for_selector("body[data-status]")


def create_in_lobby(page: Any, server: Server, game: str, options: dict[str, str]) -> None:
    """Create a table through the lobby's form: the game's card, its options, a random computer opponent."""
    page.goto(server.url + "/")
    page.click(f"button[data-game='{game}']")
    page.select_option("[data-seat='1']", "random")
    if options:
        page.click(".option-box summary")
    for name, value in options.items():
        field = page.locator(f"#option-{name}")
        if field.evaluate("node => node.tagName") == "SELECT":
            field.select_option(value)
        else:
            field.fill(value)
    page.click("button.primary")
    page.wait_for_selector("body[data-status]")


Chooser = Callable[[Any, random.Random], bool]


def click_board(page: Any, rng: random.Random, prefer: Sequence[str] = ()) -> bool:
    """Click one of the board's legal targets (a menu choice when it offers several); False if none."""
    # With something picked up (a card, a teamster), the next click is where it goes.
    targets = page.locator(SELECTED_TARGETS if page.locator("#board .selected").count() else BOARD_TARGETS)
    count = targets.count()
    if not count:
        return False
    try:
        targets.nth(rng.randrange(count)).click(timeout=5_000)
    except PlaywrightTimeout:
        return False  # the board was redrawn under the pointer: look again
    menu = page.locator(MENU_ITEMS)
    if menu.count():
        texts = menu.all_inner_texts()
        liked = [i for i, text in enumerate(texts) if any(word in text for word in prefer)]
        menu.nth(rng.choice(liked) if liked else rng.randrange(len(texts))).click()
    return True


def click_list(page: Any, rng: random.Random, prefer: Sequence[str] = ()) -> bool:
    """Click one of the fallback list's moves, preferring those whose text contains a word of ``prefer``."""
    buttons = page.locator(LEGAL_BUTTONS)
    texts = buttons.all_inner_texts()
    if not texts:
        return False
    liked = [i for i, text in enumerate(texts) if any(word in text for word in prefer)]
    try:
        buttons.nth(rng.choice(liked) if liked else rng.randrange(len(texts))).click(timeout=5_000)
    except PlaywrightTimeout:
        return False
    return True


# Where a page stands: its step and what it has picked up, if anything.
STANDING = ("`${document.body.dataset.step}|${(n => n ? (n.dataset.hand || n.dataset.teamster || n.textContent) : '')"
            "(document.querySelector('#board .selected'))}`")


def click_and_see(page: Any, choose: Chooser, rng: random.Random, patience: float = 3_000) -> bool:
    """One click by ``choose``; True once the page has moved on (a new step, or another thing picked up).

    False when nothing was clicked or the click was lost: an update can redraw the board between
    finding a target and clicking its place, and then the click lands on nothing.
    """
    before = page.evaluate(STANDING)
    if not choose(page, rng):
        return False
    try:
        page.wait_for_function(f"([before]) => {STANDING} !== before", arg=[before], timeout=patience)
    except PlaywrightTimeout:
        return False
    return True


def play_to_the_end(page: Any, choose: Chooser, *, seed: int = 0, limit: int = 2000, timeout: float = 60_000) -> int:
    """Play whenever it is this page's turn until the outcome shows; returns how many clicks it took."""
    clicks = play_some(page, choose, limit, seed=seed, timeout=timeout)
    assert page.locator("#outcome").is_visible(), f"no outcome after {limit} clicks"
    return clicks


def play_some(page: Any, choose: Chooser, clicks: int, *, seed: int = 0, timeout: float = 60_000) -> int:
    """Play whenever it is this page's turn until ``clicks`` clicks have moved it on or the outcome shows.

    Returns how many clicks moved the page on. Between this seat's turns it waits for the others,
    so a slow computer player is not mistaken for a page that will not move.
    """
    try:
        return _play(page, choose, random.Random(seed), clicks, timeout)
    except Exception:
        from .conftest import screenshot

        screenshot(page, "failure")
        raise


def _play(page: Any, choose: Chooser, rng: random.Random, limit: int, timeout: float) -> int:
    clicks = idle = 0
    ready = "document.body.dataset.yourTurn === 'true' || !document.getElementById('outcome').hidden"
    while clicks < limit:
        page.wait_for_function(ready, timeout=timeout)
        if page.locator("#outcome").is_visible():
            return clicks
        if not click_and_see(page, choose, rng, patience=5_000):
            # Nothing to click yet, or the click was lost under a redraw: look again before giving up.
            idle += 1
            assert idle < 50, "it is this seat's turn but no click moves the page on"
            page.wait_for_timeout(100)
            continue
        clicks, idle = clicks + 1, 0
    return clicks


def list_first(page: Any, rng: random.Random) -> bool:
    """Click a move from the list, else one on the board."""
    return click_list(page, rng) or click_board(page, rng)
