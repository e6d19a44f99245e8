"""One socket or one address cannot flood the server: past its rate a message is refused unread
with an error, a new table with HTTP 429, and nothing else changes."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from tabletop.server import ServerSettings, create_app

from .helpers import attach, close_all, join_all, open_table


@pytest.fixture
def client(sqlite_url: str) -> Iterator[TestClient]:
    settings = ServerSettings(database=sqlite_url, pool="thread", message_rate="4/minute", table_rate="2/minute")
    with TestClient(create_app(settings)) as test_client:
        try:
            yield test_client
        finally:
            close_all()


def test_a_socket_past_its_message_rate_is_answered_unread(client: TestClient) -> None:
    table = open_table(client, "travel-sfb", {"turn_limit": 2}, ["human", "human"])
    tokens = join_all(client, table)
    player = attach(client, table["id"], tokens["seat1"])  # the hello is the first message
    for number in (2, 3, 4):
        player.socket.send_json({"type": "ping", "id": str(number)})
        assert player.receive() == {"type": "pong", "id": str(number)}
    assert player.last is not None
    action = player.last["legal"][0]["action"]
    player.socket.send_json({"type": "act", "action": action})
    refused = player.receive()
    assert refused["type"] == "error" and refused["code"] == "too_many_messages"
    assert "too many messages from this socket (at most 4 per 1 minute)" in refused["message"]
    state = client.get(f"/api/tables/{table['id']}/state", params={"token": tokens["seat1"]}).json()
    assert state["step"] == 0, "the refused action was carried out"
    # another socket has its own share
    other = attach(client, table["id"], tokens["seat2"])
    other.socket.send_json({"type": "ping", "id": "x"})
    assert other.receive() == {"type": "pong", "id": "x"}


def test_an_address_past_its_table_rate_gets_429_and_no_table(client: TestClient) -> None:
    first = open_table(client, "travel-sfb", {}, ["human", "human"])
    second = open_table(client, "travel-sfb", {}, ["human", "human"])
    answer = client.post("/api/tables", json={"game": "travel-sfb"})
    assert answer.status_code == 429
    assert answer.json()["error"] == "too_many_tables"
    assert "at most 2 per 1 minute" in answer.json()["message"]
    assert {t["id"] for t in client.get("/api/tables").json()} == {first["id"], second["id"]}


@pytest.mark.parametrize("rate", ["lots", "0/second", "", "-3/minute"])
def test_a_rate_is_read_at_the_boundary(rate: str) -> None:
    with pytest.raises(ValueError, match="is a rate of at least 1"):
        ServerSettings(message_rate=rate)
    with pytest.raises(ValueError, match="table_rate is a rate of at least 1"):
        ServerSettings(table_rate=rate)

