"""Replays of finished games and previews of a move: what they show, and what they refuse."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

import tabletop
import tests.pig  # noqa: F401  (registers the fixture game)
from tabletop.server import ServerSettings, create_app


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    settings = ServerSettings(database=f"sqlite:///{tmp_path / 'tabletop.db'}", pool="thread")
    with TestClient(create_app(settings)) as running:
        yield running


def finished_table(client: TestClient, game: str, options: dict[str, object], *,
                   reveal_at_end: bool = True) -> dict[str, object]:
    table = client.post("/api/tables", json={"game": game, "options": options, "seats": ["random", "random"],
                                             "seed": 7, "pace": 0, "reveal_at_end": reveal_at_end}).json()
    deadline = time.monotonic() + 30
    while (summary := client.get(f"/api/tables/{table['id']}").json())["status"] != "finished":
        assert time.monotonic() < deadline, "the computers did not finish"
        time.sleep(0.05)
    return summary


def test_a_replay_step_is_the_game_as_it_stood_then_through_each_seats_eyes(client: TestClient) -> None:
    summary = finished_table(client, "travel-sfb", {"turn_limit": 2})
    record = client.get(f"/api/tables/{summary['id']}/record").json()
    step = len(record["actions"]) // 2
    then = tabletop.replay({**record, "actions": record["actions"][:step], "digest": None}, verify=False)
    for seat in (None, "seat1", "seat2"):
        params = {"step": step} if seat is None else {"step": step, "seat": seat}
        frame = client.get(f"/api/tables/{summary['id']}/replay", params=params).json()
        assert frame["view"] == then.view(seat)
        assert [event["text"] for event in frame["events"]] == [event.text for event in then.events_for(seat)]
        assert frame["steps"] == len(record["actions"])
    assert client.get(f"/api/tables/{summary['id']}/replay", params={"step": 10_000}).json()["error"] == "bad_step"
    assert client.get(f"/api/tables/{summary['id']}/replay", params={"seat": "seat9"}).json()["error"] == "bad_seat"


def test_a_replay_refused_says_why_and_what_to_do_instead(client: TestClient) -> None:
    private = finished_table(client, "travel-sfb", {"turn_limit": 1}, reveal_at_end=False)
    answer = client.get(f"/api/tables/{private['id']}/replay").json()
    assert answer["error"] == "no_replay" and "keeps its record private" in answer["message"]
    running = client.post("/api/tables", json={"game": "travel-sfb", "seats": ["human", "random"]}).json()
    answer = client.get(f"/api/tables/{running['id']}/replay").json()
    assert answer["error"] == "no_replay" and "watch it live" in answer["message"]


def test_moves_are_not_previewed_in_games_that_hide_information(client: TestClient) -> None:
    table = client.post("/api/tables", json={"game": "travel-sfb", "seats": ["human", "random"]}).json()
    token = client.post(f"/api/tables/{table['id']}/join", json={}).json()["token"]
    answer = client.post(f"/api/tables/{table['id']}/preview", json={"action": {"kind": "finish"}},
                         headers={"Authorization": f"Bearer {token}"})
    assert answer.status_code == 403
    assert answer.json()["error"] == "no_preview"
    assert client.post(f"/api/tables/{table['id']}/preview", json={"action": {"kind": "finish"}}).json()["error"] == "not_a_player"
