"""Hints, why, the rule behind each log line and the players' rulebook."""

from __future__ import annotations

import random
import re

import pytest

import tabletop
from tabletop.core import Randomness, State
from tabletop.guide import event_rule, explain, hint, players_rules, rules_table
from tests.guide.test_odds import fingerprint, travel_allocating

GAMES = ["cargo-bay-ball", "friendly-competition", "cagway-bay", "travel-sfb", "fightball"]


def randomly_played(name: str, moves: int, seed: int = 2) -> State:
    state = tabletop.load(name).new_state(seed=seed)
    chooser = random.Random(seed)
    for _ in range(moves):
        if state.is_over:
            break
        seat = state.to_act[0]
        state.apply(seat, chooser.choice(state.legal_actions(seat)))
    return state


def test_a_hint_names_a_legal_action_and_leaves_the_game_alone() -> None:
    state = randomly_played("cargo-bay-ball", 60)
    seat = state.to_act[0]
    before = fingerprint(state)
    given = hint(state, seat, iterations=60, seconds=None)
    assert fingerprint(state) == before
    assert given.best in state.legal_actions(seat)
    assert {e.action for e in given.estimates} == set(state.legal_actions(seat))
    assert all(e.win_chance is None or 0 <= e.win_chance <= 1 for e in given.estimates)
    assert given.lines()[0].startswith("The strongest computer player would choose: ")


def test_a_hint_lists_the_choice_then_the_best_estimates_each_with_its_games() -> None:
    state = tabletop.load("travel-sfb").new_state(seed=7)
    given = hint(state, "seat1", iterations=200, seconds=None)
    first, *rest = given.estimates
    assert first.action == given.best and first.visits == max(e.visits for e in given.estimates)
    tried = [e.win_chance for e in rest if e.win_chance is not None]
    assert tried == sorted(tried, reverse=True) and len(tried) > 1
    assert all(e.win_chance is None for e in rest[len(tried):])
    lines = given.lines()
    assert re.search(rf"%  {re.escape(first.label)}  \({first.visits} games\)$", lines[2])
    assert lines[-1] == given.note and "tried most" in given.note


def test_a_hint_says_when_the_search_did_not_weigh_the_other_actions() -> None:
    state = tabletop.load("cagway-bay").new_state(seed=2)  # the game's plans leave one way to sail
    assert len(state.legal_actions("raiders")) > 1
    given = hint(state, "raiders", iterations=100, seconds=None)
    assert not given.searched
    assert given.lines()[1:] == [given.note] and "did not weigh the other actions" in given.note
    assert given.to_json()["note"] == given.note


def test_a_hint_depends_only_on_what_the_seat_can_see() -> None:
    real = travel_allocating(6)
    twin = real.determinize("seat1", Randomness(3))
    assert twin.view("seat1") == real.view("seat1") and twin.view("seat2") != real.view("seat2")
    mine = hint(real, "seat1", iterations=40, seconds=None).to_json()
    assert mine == hint(twin, "seat1", iterations=40, seconds=None).to_json()


def test_why_names_the_rule_that_forbids_an_action() -> None:
    state = travel_allocating(4)
    card = next(a for a in state.legal_actions("seat1") if a.kind == "place").card  # type: ignore[attr-defined]
    for _ in range(2):  # Federation Movement holds two cards
        move = next(a for a in state.legal_actions("seat1") if a.kind == "place" and a.row == "movement")  # type: ignore[attr-defined]
        state.apply("seat1", move)
    held = state.view("seat1")["ships"]["seat1"]["hand"]
    text = explain(state, "seat1", f"place card={held[0]} row=movement")
    assert text.startswith("Not legal: ") and "[TSFB-ALLOC-2]" in text
    assert "Rule TSFB-ALLOC-2: No row may hold more cards" in text
    assert explain(state, "seat1", "fly to=mars").startswith("That is not an action")
    assert "is legal now" in explain(state, "seat1", f"place card={held[0]} row=offense")
    assert card


@pytest.mark.parametrize("name", ["cargo-bay-ball", "friendly-competition", "travel-sfb"])
def test_every_log_line_names_a_rule_the_rulebook_has(name: str) -> None:
    state = randomly_played(name, 300)
    game = state.game
    table = rules_table(name)
    assert all(event_rule(game, event) in table for event in state.events)
    assert set(game.event_rules.values()) | set(game.action_rules.values()) <= set(table)


@pytest.mark.parametrize("name", GAMES)
def test_the_players_rulebook_is_for_people(name: str) -> None:
    text = players_rules(name)
    lines = text.splitlines()
    assert len(lines) > 80 and max(map(len, lines)) <= 80
    assert not re.search(r"test_|\.py\b|tabletop/|tests/|`|[0-9a-f]{16}", text)
    for rule in list(rules_table(name))[:5]:
        assert rule in text


UNRULED = {"scenario"}  # "the position is set up": no rule of play behind it


@pytest.mark.parametrize("name", GAMES)
def test_every_kind_of_event_a_game_can_emit_names_its_rule(name: str) -> None:
    from pathlib import Path

    game = tabletop.load(name)
    folder = Path(type(game).__module__.replace(".", "/")).parent
    source = "\n".join(path.read_text(encoding="utf-8") for path in (Path.cwd() / folder).glob("*.py"))
    kinds = set(re.findall(r"(?:emit|_say|Event)\(\s*\"([a-z-]+)\"", source)) - UNRULED
    assert kinds and kinds <= set(game.event_rules), sorted(kinds - set(game.event_rules))
