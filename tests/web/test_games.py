"""Each game played to its outcome screen in the browser by clicking, against a random computer player."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from .conftest import Server, screenshot
from .playing import click_and_see, click_board, click_list, create_in_lobby, open_table, play_to_the_end


def board_first(prefer: tuple[str, ...] = (), avoid_board: tuple[str, ...] = ()) -> Any:
    """Click the board when it offers something (unless the list offers a preferred move), else the list."""
    def choose(page: Any, rng: random.Random) -> bool:
        texts = page.locator("#legal .legal-action").all_inner_texts()
        if prefer and any(word in text for text in texts for word in prefer) and rng.random() < 0.8:
            return click_list(page, rng, prefer)
        return click_board(page, rng) or click_list(page, rng, prefer)
    return choose


def test_cagway_bay_helm_previews_any_angle_before_sailing(page: Any, server: Server) -> None:
    open_table(page, server, "cagway-bay", {"turns": 1}, ["human", "random"], seed=1)
    page.wait_for_selector("#helm-angle")
    page.eval_on_selector("#helm-angle", "node => { node.value = '-22'; node.dispatchEvent(new Event('input')); }")
    # the helm shows straight on at once, so wait for the preview of the angle set here
    page.wait_for_function("document.getElementById('helm-note').textContent.includes('22° to starboard')")
    assert "stick" in page.inner_text("#helm-note")
    assert page.locator("#sea .ghost").count() == 1
    screenshot(page, "cagway-bay-helm")
    step = page.evaluate("document.body.dataset.step")
    page.click("#helm-sail")
    page.wait_for_function("([step]) => document.body.dataset.step !== step", arg=[step])
    assert "turns -22 degrees" in page.inner_text("#log")


def by_keyboard(page: Any, rng: random.Random) -> bool:
    """Fightball at speed: D draws, a stack's number plays the held card there; else the board."""
    kinds = [json.loads(text)["kind"] for text in page.eval_on_selector_all(
        "#legal .legal-action", "nodes => nodes.map(n => JSON.stringify({kind: n.dataset.text.split(' ')[0]}))")]
    if "draw" in kinds:
        page.keyboard.press("d")
        return True
    stacks = page.eval_on_selector_all("#court .stack.legal", "nodes => nodes.map(n => n.dataset.stack)")
    if stacks and rng.random() < 0.8:
        page.keyboard.type(rng.choice(stacks).rjust(2, "0"))
        return True
    return click_board(page, rng) or click_list(page, rng)


def test_fightball_is_played_by_keyboard(page: Any, server: Server) -> None:
    open_table(page, server, "fightball", {"quarters": 1}, ["human", "random"], seed=1)
    page.wait_for_selector("#court .stack")
    screenshot(page, "fightball-start")
    play_to_the_end(page, by_keyboard)
    screenshot(page, "fightball")
    assert "Quarter 1" in page.inner_text("#log")


def test_friendly_competition_is_played_to_the_end_from_the_lobby(page: Any, server: Server) -> None:
    create_in_lobby(page, server, "friendly-competition", {"match_turns": "2", "action_points": "3"})
    play_to_the_end(page, board_first())
    screenshot(page, "friendly-competition")
    assert page.locator("#outcome h2").inner_text()
    assert "Full time (2 turns)" in page.locator("#board").inner_text()


@pytest.mark.parametrize(("game", "options", "seed", "chooser"), [
    ("travel-sfb", {"turn_limit": 2}, 1, board_first()),
    ("cagway-bay", {"turns": 1}, 1, board_first(prefer=("done", "Done"))),
    ("cargo-bay-ball", {"team_size": 2, "side1_crew": "mal+jayne", "side2_crew": "kaylee+wash", "official": "book"}, 1,
     board_first(prefer=("skip", "Skip", "no block", "leave"))),
])
def test_a_whole_game_by_clicking(page: Any, server: Server, game: str, options: dict[str, Any], seed: int,
                                  chooser: Any) -> None:
    open_table(page, server, game, options, ["human", "random"], seed=seed)
    screenshot(page, f"{game}-start")
    play_to_the_end(page, chooser)
    screenshot(page, game)
    assert page.locator("#outcome").is_visible()


def test_cagway_bay_helm_starts_amidships_and_previewed_for_each_position(page: Any, server: Server) -> None:
    open_table(page, server, "cagway-bay", {"turns": 1}, ["human", "random"], seed=1)
    page.wait_for_selector("#helm-angle")
    sailed = 0
    for _ in range(3):
        # without touching the helm, the turn the Sail button offers is the one previewed
        page.wait_for_selector("#sea .ghost")
        assert page.inner_text("#helm-value") == "0°"
        assert page.inner_text("#helm-sail") == "Sail, turning 0°"
        page.eval_on_selector("#helm-angle", "node => { node.value = '-15'; node.dispatchEvent(new Event('input')); }")
        page.wait_for_function("document.getElementById('helm-note').textContent.includes('-15')")
        step = page.evaluate("document.body.dataset.step")
        page.click("#helm-sail")
        page.wait_for_function("([step]) => document.body.dataset.step !== step", arg=[step])
        sailed += 1
        page.wait_for_function("document.body.dataset.yourTurn === 'true' && document.getElementById('helm-angle')"
                               " || !document.getElementById('outcome').hidden", timeout=30_000)
        if page.locator("#outcome").is_visible():
            break
    assert sailed >= 2, "the helm was not seen for a second position"


def test_undo_is_offered_only_where_the_server_would_grant_it(page: Any, server: Server) -> None:
    open_table(page, server, "cagway-bay", {"turns": 1}, ["human", "random"], seed=1)
    page.wait_for_selector("#helm-angle")
    assert not page.locator("#undo button").count(), "offered before any decision was made"
    step = page.evaluate("document.body.dataset.step")
    page.click("#helm-sail")
    page.wait_for_function("([step]) => document.body.dataset.step !== step", arg=[step])
    page.click("#undo button")
    page.wait_for_function("([step]) => document.body.dataset.step === step", arg=[step])
    assert not page.locator("#undo button").count()


def test_cargo_bay_ball_says_a_step_starts_a_move_before_its_die_is_rolled(page: Any, server: Server) -> None:
    open_table(page, server, "cargo-bay-ball", {}, ["human", "random"], seed=5)
    rng = random.Random(5)
    seen = set()
    for _ in range(40):
        page.wait_for_function("document.body.dataset.yourTurn === 'true' || !document.getElementById('outcome').hidden",
                               timeout=30_000)
        text = page.inner_text("#turn-info")
        assert " 0 move" not in text and " 0 step" not in text, text
        seen.update(phrase for phrase in ("a step starts a move", "left in this move") if phrase in text)
        if len(seen) == 2 or page.locator("#outcome").is_visible():
            break
        click_and_see(page, board_first(), rng)
    assert seen == {"a step starts a move", "left in this move"}
