"""Requests and messages the framework would answer in its own way, answered in the server's:
``{"error", "message"}`` over HTTP, an ``error`` over the socket, and never a 500."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

import tests.pig  # noqa: F401  (registers test-pig)
from tabletop.server import ServerSettings, create_app
from tabletop.server.hub import Hub
from tabletop.server.protocol import ProtocolError, read_message

from .helpers import attach, join_all, open_table


@pytest.mark.parametrize(("body", "message"), [
    ('{"game": "test-pig", "think": NaN}', "think: Input should be less than or equal to 30"),
    ('{"game": "test-pig", "pace": Infinity}', "pace: Input should be less than or equal to 10"),
    ('{"game": "test-pig", "seed": NaN}', "seed: "),
    ('{"game": ', "the body is not JSON"),
    ('{"game": "test-pig", "name": "' + "x" * 100 + '"}', "name: String should have at most 80 characters"),
])
def test_a_body_the_schema_refuses_gets_bad_request(client: TestClient, body: str, message: str) -> None:
    answer = client.post("/api/tables", content=body, headers={"Content-Type": "application/json"})
    assert answer.status_code == 422, answer.text
    assert answer.json()["error"] == "bad_request" and answer.json()["message"].startswith(message)
    assert client.get("/api/tables").json() == []


def test_unknown_routes_and_methods_get_the_same_shape(client: TestClient) -> None:
    assert client.get("/api/nothing").json() == {"error": "not_found", "message": "not found"}
    wrong = client.delete("/api/tables")
    assert wrong.status_code == 405 and wrong.json()["error"] == "method_not_allowed"


@pytest.mark.parametrize(("text", "code", "message"), [
    ('{"type": "ping", "id": ' + "[" * 8000 + "]" * 8000 + "}", "bad_json", "nests its arrays or objects too deeply"),
    ('{"type": "act"}', "bad_message", "an act message action: Field required"),
    ('{"type": "undo_reply"}', "bad_message", "an undo_reply message accept: Field required"),
    # read strictly: a number written as text, or a truth value for a number, is not guessed at
    ('{"type": "act", "action": "roll", "step": "0"}', "bad_message", "an act message step: Input should be a valid integer"),
    ('{"type": "act", "action": "roll", "step": true}', "bad_message", "step: Input should be a valid integer"),
    ('{"type": "hello", "svg": 1}', "bad_message", "a hello message svg: Input should be a valid boolean"),
    ('{"type": "undo_reply", "accept": "yes"}', "bad_message", "accept: Input should be a valid boolean"),
])
def test_a_socket_message_the_server_cannot_read_is_named(text: str, code: str, message: str) -> None:
    with pytest.raises(ProtocolError) as refused:
        read_message(text)
    assert refused.value.code == code and message in str(refused.value)


def test_an_action_for_a_step_not_yet_reached_says_so(client: TestClient) -> None:
    table = open_table(client, "test-pig", {}, ["human", "human"])
    player = attach(client, table["id"], join_all(client, table)["seat1"])
    player.socket.send_json({"type": "act", "action": "roll", "step": 99})
    refused = player.receive()
    assert refused["code"] == "stale"
    assert refused["message"] == ("that action was meant for step 99, but the game is only at step 0; "
                                  "look at the position first")


def test_a_token_under_another_scheme_is_refused_not_read_as_a_spectator(client: TestClient) -> None:
    table = open_table(client, "test-pig", {}, ["human", "human"])
    token = join_all(client, table)["seat1"]
    answer = client.get(f"/api/tables/{table['id']}/state", headers={"Authorization": f"Basic {token}"})
    assert answer.status_code == 401 and answer.json()["error"] == "bad_token"
    assert "Authorization: Bearer TOKEN" in answer.json()["message"]
    mine = client.get(f"/api/tables/{table['id']}/state", headers={"Authorization": f"Bearer {token}"}).json()
    assert mine["seat"] == "seat1"


@pytest.mark.parametrize("options", [
    {"bay": "/etc/passwd"}, {"crew_cards": "pyproject.toml"}, {"bay": "x" * 5000}, {"bay": "../serenity.json"},
])
def test_an_option_naming_a_file_takes_only_the_bundled_ones(client: TestClient, options: dict[str, str]) -> None:
    answer = client.post("/api/tables", json={"game": "cargo-bay-ball", "options": options})
    assert answer.status_code == 422, answer.text
    name = next(iter(options))
    assert answer.json()["error"] == "bad_game"
    assert answer.json()["message"].startswith(f"option '{name}' must be ")
    assert "files of your own are for games played at the terminal" in answer.json()["message"]
    assert client.get("/api/tables").json() == []
    offered = next(game for game in client.get("/api/games").json() if game["name"] == "cargo-bay-ball")["options"]
    shown = next(option for option in offered if option["name"] == name)
    assert shown["choices"] in (["serenity"], ["crew"]) and shown["help"].endswith("the bundled ones only)")
    assert client.post("/api/tables", json={"game": "cargo-bay-ball", "options": {"bay": "serenity"}}).status_code == 201


def test_a_fault_of_the_server_is_answered_in_the_same_shape(sqlite_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(*_args: object) -> None:
        raise RuntimeError("a fault")

    monkeypatch.setattr(Hub, "list_tables", broken)
    with TestClient(create_app(ServerSettings(database=sqlite_url, pool="thread")),
                    raise_server_exceptions=False) as faulty:
        answer = faulty.get("/api/tables")
    assert answer.status_code == 500
    assert answer.json()["error"] == "server_error" and "try again" in answer.json()["message"]
