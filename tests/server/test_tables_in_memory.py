"""A long-running server keeps only so many tables live: idle ones leave memory and come back from
the database, as after a restart, while a table someone is at stays live."""

from __future__ import annotations

import random
from collections.abc import Iterator
from types import SimpleNamespace

import pytest
from fastapi.testclient import TestClient

from tabletop.server import ServerSettings, create_app
from tabletop.server.hub import Hub

from .helpers import OPEN, attach, close_all, join_all, open_table, play_randomly

KEPT = 2


@pytest.fixture
def client(sqlite_url: str) -> Iterator[TestClient]:
    with TestClient(create_app(ServerSettings(database=sqlite_url, pool="thread",
                                              tables_in_memory=KEPT))) as test_client:
        try:
            yield test_client
        finally:
            close_all()


def live(client: TestClient) -> list[str]:
    return list(client.app.state.hub.tables)  # type: ignore[attr-defined]


def new_table(client: TestClient) -> dict:
    return open_table(client, "travel-sfb", {"turn_limit": 2}, ["human", "human"])


def test_past_the_limit_the_least_recently_used_idle_tables_leave_memory(client: TestClient) -> None:
    first, second, third = new_table(client), new_table(client), new_table(client)
    assert live(client) == [second["id"], third["id"]]
    # a visit makes a table the most recently used, and brings one that left back
    assert client.get(f"/api/tables/{second['id']}").status_code == 200
    assert client.get(f"/api/tables/{first['id']}").json()["id"] == first["id"]
    assert live(client) == [second["id"], first["id"]]


def test_a_table_that_left_memory_plays_on_from_where_it_was(client: TestClient) -> None:
    table = new_table(client)
    tokens = join_all(client, table)
    players = {seat: attach(client, table["id"], token) for seat, token in tokens.items()}
    chooser = random.Random(5)
    before = play_randomly(players, [], chooser, moves=6)
    for seen in players.values():
        seen.socket.__exit__(None, None, None)
    record = client.get(f"/api/tables/{table['id']}/record").json()
    state = client.get(f"/api/tables/{table['id']}/state", params={"token": tokens["seat1"]}).json()

    new_table(client), new_table(client)
    assert table["id"] not in live(client)

    back = {seat: attach(client, table["id"], token, previous=players[seat]) for seat, token in tokens.items()}
    assert back["seat1"].last is not None
    assert back["seat1"].last["step"] == before["step"] and back["seat1"].last["events"] == []
    assert client.get(f"/api/tables/{table['id']}/record").json() == record
    again = client.get(f"/api/tables/{table['id']}/state", params={"token": tokens["seat1"]}).json()
    # the same game, seats and players; only who is connected now differs
    assert {**again, "players": None} == {**state, "players": None}
    assert [{**p, "connected": None} for p in again["players"]] == [{**p, "connected": None} for p in state["players"]]
    final = play_randomly(back, [], chooser)
    assert final["status"] == "finished"


def test_a_table_someone_is_at_stays_live(client: TestClient) -> None:
    table = new_table(client)
    tokens = join_all(client, table)
    player = attach(client, table["id"], tokens["seat1"])
    watcher_socket = client.websocket_connect(f"/ws/tables/{table['id']}").__enter__()  # not attached yet
    OPEN.append(watcher_socket)
    hub = client.app.state.hub  # type: ignore[attr-defined]
    kept = hub.tables[table["id"]]
    for _ in range(3):
        new_table(client)
    assert hub.tables[table["id"]] is kept  # the same live table, with its player's socket
    player.socket.__exit__(None, None, None)
    new_table(client)
    assert table["id"] not in hub.tables
    # a socket opened before its table left memory attaches to the table as it is now
    watcher_socket.send_json({"type": "hello"})
    assert watcher_socket.receive_json()["type"] == "welcome"
    assert watcher_socket.receive_json()["type"] == "update"
    live_now = hub.tables[table["id"]]
    assert any(client_.seat is None for client_ in live_now.clients)


def test_a_table_with_a_computer_thinking_stays_live(client: TestClient) -> None:
    hub = client.app.state.hub  # type: ignore[attr-defined]
    table = open_table(client, "travel-sfb", {"turn_limit": 2}, ["random", "random"], pace=10)
    busy = hub.tables[table["id"]]
    assert busy.jobs, "the computers should be thinking"
    for _ in range(3):
        new_table(client)
    assert hub.tables[table["id"]] is busy


def test_a_clock_timer_left_from_a_game_no_longer_running_does_not_keep_its_table(client: TestClient) -> None:
    hub = client.app.state.hub  # type: ignore[attr-defined]
    table = new_table(client)
    hub.tables[table["id"]].clock_timer = SimpleNamespace(cancel=lambda: None)  # its deadline has passed
    new_table(client), new_table(client)
    assert table["id"] not in hub.tables


def test_a_restart_replays_only_the_newest_unfinished_tables(sqlite_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    settings = ServerSettings(database=sqlite_url, pool="thread", tables_in_memory=KEPT)
    with TestClient(create_app(settings)) as before:
        oldest, *newest = [new_table(before)["id"] for _ in range(KEPT + 1)]
    replayed: list[str] = []
    load = Hub._load
    monkeypatch.setattr(Hub, "_load", lambda hub, table_id: replayed.append(table_id) or load(hub, table_id))
    with TestClient(create_app(settings)) as after:
        assert replayed == newest and live(after) == newest
        # the oldest waited in the database, and its next visit brings it back
        assert after.get(f"/api/tables/{oldest}").json()["status"] == "open"
        assert replayed[-1] == oldest and live(after) == [newest[1], oldest]


def test_the_limit_is_at_least_one() -> None:
    with pytest.raises(ValueError, match="tables_in_memory is at least 1, not 0"):
        ServerSettings(tables_in_memory=0)
