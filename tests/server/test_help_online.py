"""Help at the table over HTTP: hints and odds for the seat to act only, from its own information
only; the players' rulebook and the rule behind each kind of log line; the lessons."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

import tabletop
from tabletop.core import Randomness
from tabletop.guide import lessons, players_rules
from tabletop.server import ServerSettings, create_app
from tabletop.server import guide as guide_api
from tests.server.helpers import join_all, open_table


@pytest.fixture
def client(sqlite_url: str, monkeypatch: pytest.MonkeyPatch) -> Iterator[TestClient]:
    # A hint bounded by simulated games only is the same on every machine, so two can be compared.
    monkeypatch.setattr(guide_api, "HINT_SECONDS", None)
    monkeypatch.setattr(guide_api, "HINT_ITERATIONS", 30)
    with TestClient(create_app(ServerSettings(database=sqlite_url, pool="thread"))) as test_client:
        yield test_client


def bearer(token: str) -> dict[str, Any]:
    return {"headers": {"Authorization": f"Bearer {token}"}}


def travel_table(client: TestClient) -> tuple[str, dict[str, str]]:
    """A Travel SFB table of two people, with seat1 putting cards down for movement."""
    table = open_table(client, "travel-sfb", {}, ["human", "human"])
    tokens = join_all(client, table)
    state = client.app.state.hub.table(table["id"]).state  # type: ignore[attr-defined]
    while state.legal_actions("seat1")[0].kind != "place":
        state.apply(state.to_act[0], state.legal_actions(state.to_act[0])[0])
    for _ in range(2):
        state.apply("seat1", state.legal_actions("seat1")[1])
    return table["id"], tokens


def test_hint_and_odds_are_the_same_whatever_the_other_ship_holds(client: TestClient) -> None:
    table_id, tokens = travel_table(client)
    live = client.app.state.hub.table(table_id)  # type: ignore[attr-defined]
    finish = next(a for a in live.state.legal_actions("seat1") if a.kind == "finish").to_json()

    def ask() -> tuple[dict[str, Any], dict[str, Any]]:
        hint = client.get(f"/api/tables/{table_id}/hint", **bearer(tokens["seat1"]))
        odds = client.post(f"/api/tables/{table_id}/odds", json={"action": finish}, **bearer(tokens["seat1"]))
        assert hint.status_code == odds.status_code == 200, (hint.text, odds.text)
        # A re-drawn position starts a fresh history, so only the step number may differ.
        return ({k: v for k, v in hint.json().items() if k != "step"},
                {k: v for k, v in odds.json().items() if k != "step"})

    before = live.state.clone()
    real = ask()
    assert live.state.view("seat1") == before.view("seat1") and live.state.history == before.history
    twin = live.state.determinize("seat1", Randomness(3))
    assert twin.view("seat1") == live.state.view("seat1") and twin.view("seat2") != live.state.view("seat2")
    live.state = twin
    assert ask() == real
    hint, odds = real
    legal = [a.to_json() for a in before.legal_actions("seat1")]
    assert hint["best_action"] in legal and hint["seat"] == "seat1"
    assert {e["action"] for e in hint["estimates"]} == {str(a) for a in before.legal_actions("seat1")}
    assert hint["lines"][0].startswith("The strongest computer player would choose: ")
    assert odds["odds"]["exact"] is False and "estimated" in odds["odds"]["text"]


def test_only_the_seat_to_act_may_ask(client: TestClient) -> None:
    table_id, tokens = travel_table(client)
    roll = {"action": {"kind": "finish"}}
    spectator = client.get(f"/api/tables/{table_id}/hint")
    assert spectator.status_code == 403 and spectator.json()["error"] == "not_a_player"
    assert client.post(f"/api/tables/{table_id}/odds", json=roll).json()["error"] == "not_a_player"
    guessed = client.get(f"/api/tables/{table_id}/hint", params={"token": "guessed"})
    assert guessed.status_code == 403 and guessed.json()["error"] == "bad_token"
    # seat2 acts at the same time in Travel SFB; the first seat put down every card of its own.
    state = client.app.state.hub.table(table_id).state  # type: ignore[attr-defined]
    while "seat2" in state.to_act:
        state.apply("seat2", next(a for a in state.legal_actions("seat2") if a.kind == "finish"))
    waiting = client.get(f"/api/tables/{table_id}/hint", **bearer(tokens["seat2"]))
    assert waiting.status_code == 409 and waiting.json()["error"] == "not_your_turn"
    bad = client.post(f"/api/tables/{table_id}/odds", json={"action": {"kind": "jump"}}, **bearer(tokens["seat1"]))
    assert bad.status_code == 422 and bad.json()["error"] == "bad_action"


def test_odds_of_a_roll_and_of_a_move_without_chance(client: TestClient) -> None:
    table = open_table(client, "cargo-bay-ball", {}, ["human", "human"])
    tokens = join_all(client, table)
    state = client.app.state.hub.table(table["id"]).state  # type: ignore[attr-defined]
    seat = state.to_act[0]
    answers = [client.post(f"/api/tables/{table['id']}/odds", json={"action": a.to_json()}, **bearer(tokens[seat])).json()
               for a in state.legal_actions(seat)[:30]]
    assert all(answer["label"] for answer in answers)
    for answer in answers:
        odds = state.odds(seat, state.game.action_from_json(answer["action"]))
        assert answer["odds"] == (None if odds is None else {**odds.to_json(), "text": odds.text()})


def test_rules_page_and_lessons_of_every_game(client: TestClient) -> None:
    for info in tabletop.games():
        if info.name.startswith("test-"):
            continue
        rules = client.get(f"/api/games/{info.name}/rules").json()
        assert rules["text"] == players_rules(info.name) and rules["title"] == info.title
        assert rules["event_rules"] and set(rules["event_rules"].values()) <= set(rules["rules"])
        # Every log line's rule has its own line in the rulebook page, where the browser's link lands.
        placed = {line.split("  ")[0] for line in rules["text"].splitlines()}
        assert set(rules["event_rules"].values()) <= placed
        listed = client.get(f"/api/games/{info.name}/lessons").json()
        assert [lesson["id"] for lesson in listed] == [lesson.id for lesson in lessons(info.name)]
    missing = client.get("/api/games/chess/rules")
    assert missing.status_code == 404 and missing.json()["error"] == "unknown_game"


def test_every_lesson_can_be_played_through_over_http(client: TestClient) -> None:
    for info in tabletop.games():
        for lesson in [] if info.name.startswith("test-") else lessons(info.name):
            url = f"/api/games/{info.name}/lessons/{lesson.id}/play"
            game = tabletop.load(info.name, **lesson.options)
            moves: list[dict[str, Any]] = []
            for number, step in enumerate(lesson.steps, 1):
                update = client.post(url, json={"actions": moves}).json()
                assert update["lesson"]["step_number"] == number and update["lesson"]["say"] == step.say
                assert update["your_turn"] and update["seat"] == lesson.seat
                expected = next(e["action"] for e in update["legal"]
                                if (e["action"] == game.parse_action(step.expect).to_json() if step.expect
                                    else step.expect_kind in (None, e["action"]["kind"])))
                other = next((e["action"] for e in update["legal"] if e["action"] != expected), None)
                if other is not None and step.expect is not None:
                    refused = client.post(url, json={"actions": [*moves, other]})
                    assert refused.status_code == 422 and refused.json()["error"] in ("not_this_lesson", "illegal_action")
                moves.append(expected)
            finished = client.post(url, json={"actions": moves}).json()
            assert finished["lesson"]["done"] == lesson.done and finished["legal"] == []
            assert client.post(url, json={"actions": [*moves, moves[-1]]}).json()["error"] == "lesson_over"
    assert client.post("/api/games/fightball/lessons/juggle/play", json={}).json()["error"] == "unknown_lesson"


def test_a_lesson_offers_odds_and_a_hint(client: TestClient) -> None:
    url = "/api/games/cargo-bay-ball/lessons/shoot"
    odds = client.post(f"{url}/odds", json={"actions": [], "action": {"kind": "shoot"}}).json()
    assert odds["label"] and odds["odds"]["exact"] is True
    assert {o["label"] for o in odds["odds"]["outcomes"]} >= {"reaches the goal", "scores"}
    hint = client.post(f"{url}/hint", json={"actions": []}).json()
    assert hint["seat"] == "seat1" and hint["best_action"]["kind"]
    assert client.post(f"{url}/hint", json={"actions": [{"kind": "shoot"}]}).json()["error"] == "lesson_over"


def test_a_seat_waits_for_its_hint_before_asking_again(client: TestClient) -> None:
    table_id, tokens = travel_table(client)
    guide_api._THINKING.add((table_id, "seat1"))
    try:
        busy = client.get(f"/api/tables/{table_id}/hint", **bearer(tokens["seat1"]))
        assert busy.status_code == 429 and busy.json()["error"] == "hint_pending"
    finally:
        guide_api._THINKING.discard((table_id, "seat1"))
    assert client.get(f"/api/tables/{table_id}/hint", **bearer(tokens["seat1"])).status_code == 200
