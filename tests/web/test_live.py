"""Live play in the browser: two people at a hidden-information table, a spectator, a reload, a restart."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

import tabletop
from tabletop.server.sight import Sightings

from .conftest import Server, screenshot
from .playing import click_and_see, click_board, click_list, open_table, play_some, play_to_the_end, sit_down

CARD_CODE = re.compile(r"^(?:10|[2-9AJQK])[HDSC]$")
SUITS = {"H": "♥", "D": "♦", "S": "♠", "C": "♣"}


class Eyes:
    """One person's browser: its page and every WebSocket message it received."""

    def __init__(self, browser: Any, url: str) -> None:
        self.context = browser.new_context(viewport={"width": 1024, "height": 800})
        self.page = self.context.new_page()
        self.page.set_default_timeout(15_000)
        self.frames: list[dict[str, Any]] = []
        self.answers: list[Any] = []  # every JSON body the page fetched over HTTP
        self.page.on("response", lambda response: self.answers.append(response.json())
                     if "/api/" in response.url and response.ok else None)
        self.page.on("websocket", lambda socket: socket.on(
            "framereceived", lambda payload: self.frames.append(json.loads(payload)) if isinstance(payload, str) else None))
        if "#/join/" in url:
            sit_down(self.page, url)
        else:
            self.page.goto(url)
            self.page.wait_for_selector("body[data-status]")

    def updates(self) -> list[dict[str, Any]]:
        return [frame for frame in self.frames if frame.get("type") == "update"]


def hands_by_position(record: dict[str, Any]) -> tuple[list[dict[str, set[str]]], Sightings]:
    """Each seat's hand after each action of the finished game, and how each viewer counted steps."""
    state = tabletop.load(record["game"], **record["options"]).new_state(seed=record["seed"])

    def hands() -> dict[str, set[str]]:
        return {seat: set(state.view(seat)["ships"][seat]["hand"] or []) for seat in state.seats}

    found = [hands()]
    for step in record["actions"]:
        state.apply(step["seat"], state.game.action_from_json(step["action"]))
        found.append(hands())
    return found, Sightings.of(state)


def card_codes(value: Any) -> set[str]:
    """Every card code anywhere in a JSON value."""
    if isinstance(value, dict):
        return set().union(*(card_codes(item) for item in value.values())) if value else set()
    if isinstance(value, list):
        return set().union(*(card_codes(item) for item in value)) if value else set()
    return {value} if isinstance(value, str) and CARD_CODE.match(value) else set()


def shown(code: str) -> str:
    return code[:-1] + SUITS[code[-1]]


def assert_never_saw(eyes: Eyes, viewer: str | None, sight: Sightings, secret: Callable[[int], set[str]]) -> None:
    """No update this browser received holds a card of ``secret`` (the cards hidden from it when
    the history was that long) at the position the update showed; ``sight`` tells the history
    length each of the viewer's own steps stands for."""
    updates = eyes.updates()
    assert updates
    for frame in updates:
        position = sight.history_at(viewer, frame["step"])
        assert position is not None
        hidden = secret(position)
        assert not hidden & card_codes(frame["view"]), f"step {frame['step']}: {hidden & card_codes(frame['view'])}"
        texts = " ".join(event["text"] for event in frame["events"])
        assert not any(shown(code) in texts for code in hidden), f"step {frame['step']} log shows {hidden}"


@pytest.fixture
def people(browser: Any, server: Server) -> Iterator[tuple[str, Eyes, Eyes, Eyes]]:
    table = server.post("/api/tables", {"game": "travel-sfb", "options": {"turn_limit": 3}, "seats": ["human", "human"],
                                        "seed": 5})
    ann = Eyes(browser, f"{server.url}/#/join/{table['id']}/seat1")
    bob = Eyes(browser, f"{server.url}/#/join/{table['id']}/seat2")
    watcher = Eyes(browser, f"{server.url}/#/table/{table['id']}/watch")
    yield table["id"], ann, bob, watcher
    for eyes in (ann, bob, watcher):
        eyes.context.close()


def test_two_people_never_see_each_others_hands_and_a_spectator_sees_neither(
        people: tuple[str, Eyes, Eyes, Eyes], server: Server) -> None:
    table_id, ann, bob, watcher = people
    rng = random.Random(3)
    for eyes in (ann, bob):
        eyes.page.wait_for_selector("#hand .card")
    turns = looks = 0
    # Both people are driven from one thread, so a lost click must not wait on the other person.
    while ann.page.locator("#outcome").is_hidden() and turns < 60 and looks < 600:
        looks += 1
        moved = False
        for eyes in (ann, bob):
            if eyes.page.evaluate("document.body.dataset.yourTurn") == "true":
                moved = click_and_see(eyes.page, lambda page, r: click_board(page, r) or click_list(page, r), rng) or moved
        if moved:
            turns += 1
            # Each page's DOM holds only its own hand's faces.
            bob_hand = set(bob.page.eval_on_selector_all("#hand [data-card]", "nodes => nodes.map(n => n.dataset.card)"))
            ann_cards = set(ann.page.eval_on_selector_all("#board [data-card]", "nodes => nodes.map(n => n.dataset.card)"))
            assert not (bob_hand & ann_cards) or not bob_hand
        else:
            ann.page.wait_for_timeout(50)
    ann.page.wait_for_selector("#outcome:not([hidden])")
    screenshot(ann.page, "travel-sfb-two-people")
    screenshot(watcher.page, "travel-sfb-spectator")
    record = server.get(f"/api/tables/{table_id}/record")
    hands, sight = hands_by_position(record)
    ever = {seat: set().union(*(position[seat] for position in hands)) for seat in ("seat1", "seat2")}
    assert ever["seat1"] and ever["seat2"]
    for eyes, other in ((ann, "seat2"), (bob, "seat1")):
        assert eyes.answers and not card_codes(eyes.answers) & ever[other]
    assert_never_saw(ann, "seat1", sight, lambda position: hands[position]["seat2"])
    assert_never_saw(bob, "seat2", sight, lambda position: hands[position]["seat1"])
    assert_never_saw(watcher, None, sight, lambda position: hands[position]["seat1"] | hands[position]["seat2"])
    assert watcher.page.locator("#legal .legal-action").count() == 0
    assert "You are watching" in watcher.page.inner_text("#legal") or "over" in watcher.page.inner_text("#legal")
    assert watcher.page.locator("#outcome").is_visible()
    # The finished game, step by step, through seat 2's eyes and then the spectator's.
    ann.page.click("#outcome a[href^='#/replay/']")
    ann.page.wait_for_selector("#replay-where")
    last = ann.page.inner_text("#replay-where")
    ann.page.click("[data-step=back]")
    ann.page.wait_for_function("([text]) => document.getElementById('replay-where').textContent !== text", arg=[last])
    ann.page.select_option("#replay-seat", "seat2")
    ann.page.click("[data-step=first]")
    ann.page.wait_for_function("document.getElementById('replay-where').textContent.startsWith('Step 0 ')")
    for _ in range(4):
        ann.page.keyboard.press("ArrowRight")
    ann.page.wait_for_function("document.getElementById('replay-where').textContent.startsWith('Step 4 ')")
    screenshot(ann.page, "travel-sfb-replay")
    assert ann.page.locator("#hand").count() == 1  # seat 2's own hand, seen through its eyes


def test_a_reload_mid_game_comes_back_to_the_same_seat(page: Any, server: Server) -> None:
    open_table(page, server, "friendly-competition", {"match_turns": 4, "action_points": 3}, ["human", "random"], seed=2)
    assert play_some(page, lambda p, r: click_board(p, r) or click_list(p, r), 3, seed=1) == 3
    before = page.locator("#log li").count()
    page.set_viewport_size({"width": 390, "height": 844})  # a phone: the page still fits its width
    page.reload()
    page.wait_for_selector("body[data-status]")
    page.wait_for_function("([n]) => document.querySelectorAll('#log li').length >= n", arg=[before])
    assert page.locator("#players li.you").count() == 1
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    screenshot(page, "friendly-competition-phone")
    play_to_the_end(page, lambda p, r: click_board(p, r) or click_list(p, r, ("End", "end")))
    assert page.locator("#outcome").is_visible()


def test_the_server_restarted_mid_game_with_the_page_open(browser: Any, tmp_path: Path) -> None:
    server = Server(tmp_path)
    server.start()
    try:
        context = browser.new_context(viewport={"width": 1024, "height": 800})
        page = context.new_page()
        page.set_default_timeout(20_000)
        open_table(page, server, "cagway-bay", {"turns": 1}, ["human", "random"], seed=3)
        page.wait_for_function("document.body.dataset.yourTurn === 'true'")
        step = page.evaluate("document.body.dataset.step")
        page.click("#legal .legal-action")
        page.wait_for_function("([s]) => document.body.dataset.step !== s", arg=[step])
        before = page.locator("#log li").count()
        server.kill()
        page.wait_for_selector("#connection.lost")
        server.start()
        page.wait_for_selector("#connection.live")
        assert page.locator("#log li").count() >= before
        play_to_the_end(page, lambda p, r: click_list(p, r, ("done",)))
        assert page.locator("#outcome").is_visible()
        context.close()
    finally:
        server.kill()
