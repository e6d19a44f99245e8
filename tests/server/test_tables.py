"""Tables as players meet them: computer players, real time, undo with consent, tokens, and the database."""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy
from fastapi.testclient import TestClient

import tabletop
import tests.pig  # noqa: F401  (registers test-pig)
from tabletop.server import ServerSettings, create_app
from tabletop.server.db import Base, connect

from .helpers import SECRET_SEED, Seen, attach, close_all, join_all, open_table, serve_in_process


@pytest.fixture
def client(database: str) -> Iterator[TestClient]:
    """A server on each database in turn: SQLite, then PostgreSQL."""
    yield from serve_in_process(database)


def play_against_computers(seen: Seen, chooser: random.Random) -> dict[str, Any]:
    """A person who acts on each new position where it is their turn, while computers act too.

    An action aimed at a position the computers already changed is refused with an error (and
    nothing happens); the person then acts on the newer position.
    """
    acted_on: tuple[int, int] | None = None
    while True:
        update = seen.last
        assert update is not None
        if update["status"] == "finished":
            return update
        if update["your_turn"] and acted_on != (update["epoch"], update["step"]):
            acted_on = (update["epoch"], update["step"])
            action = chooser.choice(update["legal"])["action"]
            seen.socket.send_json({"type": "act", "action": action, "step": update["step"]})
        message = seen.receive()
        if message["type"] == "error":
            assert message["code"] in ("illegal_action", "not_your_turn", "stale"), message


@pytest.mark.parametrize("game, options, computer", [
    ("travel-sfb", {"turn_limit": 2}, "easy"),
    ("friendly-competition", {"match_turns": 2}, "random"),
    ("fightball", {"quarters": 1}, "random:speed=0.01"),
])
def test_a_person_plays_a_computer_to_the_end(client: TestClient, game: str, options: dict, computer: str) -> None:
    table = open_table(client, game, options, ["human", computer])
    tokens = join_all(client, table)
    person = attach(client, table["id"], tokens[table["seats"][0]["seat"]])
    final = play_against_computers(person, random.Random(3))
    record = client.get(f"/api/tables/{table['id']}/record").json()
    replayed = tabletop.replay(record)
    assert replayed.outcome is not None and replayed.outcome.to_json() == final["outcome"]
    computer_seat = table["seats"][1]["seat"]
    assert any(step["seat"] == computer_seat for step in record["actions"])
    # After the end: a clear refusal, and the record stays as it was.
    person.socket.send_json({"type": "act", "action": final["legal"][0]["action"] if final["legal"] else "x"})
    assert person.receive()["code"] == "game_over"
    assert client.get(f"/api/tables/{table['id']}/record").json() == record


def test_computer_players_alone_play_to_the_end_in_worker_processes(sqlite_url: str) -> None:
    with TestClient(create_app(ServerSettings(database=sqlite_url, pool="process", workers=1))) as client:
        table = open_table(client, "friendly-competition", {"match_turns": 2}, ["hard", "easy"], think=0.05)
        assert table["status"] == "running"
        watcher = attach(client, table["id"], None)
        try:
            while watcher.last is None or watcher.last["status"] != "finished":
                watcher.receive()
        finally:
            close_all()
        assert tabletop.replay(client.get(f"/api/tables/{table['id']}/record").json()).is_over


def test_seats_take_only_their_own_tokens(client: TestClient, database: str) -> None:
    table = open_table(client, "test-pig", {}, ["human", "human"])
    other = open_table(client, "test-pig", {}, ["human", "human"])
    tokens = join_all(client, table)
    strangers = join_all(client, other)
    assert all(len(token) >= 43 for token in tokens.values())
    for token in ("guess", strangers["seat1"], tokens["seat1"][:-1] + "x"):
        answer = client.get(f"/api/tables/{table['id']}/state", params={"token": token})
        assert answer.status_code == 403 and answer.json()["error"] == "bad_token"
        socket = client.websocket_connect(f"/ws/tables/{table['id']}").__enter__()
        socket.send_json({"type": "hello", "token": token})
        assert socket.receive_json()["code"] == "bad_token"
        socket.send_json({"type": "act", "action": "roll"})
        assert socket.receive_json()["code"] == "hello_first"
        socket.__exit__(None, None, None)
    # Only the SHA-256 of a token is kept.
    with connect(database).connect() as connection:
        stored = connection.execute(sqlalchemy.text("SELECT token_hash FROM seats WHERE table_id = :t"),
                                    {"t": table["id"]}).scalars().all()
    assert sorted(stored) == sorted(hashlib.sha256(t.encode()).hexdigest() for t in tokens.values())
    seat1 = attach(client, table["id"], tokens["seat1"])
    seat1.socket.send_json({"type": "act", "action": "roll", "seat": "seat2"})
    assert seat1.receive()["code"] == "wrong_seat"
    assert client.post(f"/api/tables/{table['id']}/join", json={}).json()["error"] == "no_open_seat"


def test_nobody_acts_until_every_seat_is_taken(client: TestClient) -> None:
    table = open_table(client, "test-pig", {}, ["human", "human"])
    token = client.post(f"/api/tables/{table['id']}/join", json={}).json()["token"]
    seat1 = attach(client, table["id"], token)
    assert seat1.last is not None and seat1.last["status"] == "open" and seat1.last["legal"] == []
    seat1.socket.send_json({"type": "act", "action": "roll"})
    assert seat1.receive()["code"] == "not_started"
    client.post(f"/api/tables/{table['id']}/join", json={})
    assert seat1.receive()["status"] == "running"


def test_names_are_shown_without_invisible_controls_and_a_blank_one_falls_back(client: TestClient) -> None:
    answer = client.post("/api/tables", json={"game": "test-pig", "seats": ["human", "human"], "name": "\u202e \x00"})
    table = answer.json()
    assert table["name"] == table["title"]
    # a right-to-left override would turn round the rest of the lobby's line; a NUL is no letter
    client.post(f"/api/tables/{table['id']}/join", json={"name": "  \u202eAnn\x00  \U0001F3B2\u200d\u2642 <b>"})
    client.post(f"/api/tables/{table['id']}/join", json={"name": " \t\u200b "})
    seats = client.get(f"/api/tables/{table['id']}").json()["seats"]
    assert [seat["player"] for seat in seats] == ["Ann \U0001F3B2\u200d\u2642 <b>", "seat2"]
    listed = [t for t in client.get("/api/tables").json() if t["id"] == table["id"]]
    assert [seat["player"] for seat in listed[0]["seats"]] == ["Ann \U0001F3B2\u200d\u2642 <b>", "seat2"]


def test_undo_needs_consent_and_is_refused_where_it_would_reveal(client: TestClient) -> None:
    table = open_table(client, "test-pig", {"target": 50}, ["human", "human"])
    tokens = join_all(client, table)
    ann, bob = (attach(client, table["id"], tokens[seat]) for seat in ("seat1", "seat2"))
    ann.receive()  # Bob connected
    assert ann.last is not None and not ann.last["can_undo"]
    ann.socket.send_json({"type": "undo"})
    assert ann.receive()["message"] == "undo is not allowed: there is no human decision to take back yet"
    ann.socket.send_json({"type": "act", "action": "roll", "step": 0})
    assert not ann.until_step(1)["can_undo"]
    bob.until_step(1)
    ann.socket.send_json({"type": "undo"})
    assert ann.receive()["message"] == "undo is not allowed: dice were rolled or cards dealt since seat1's last decision"
    ann.socket.send_json({"type": "act", "action": "hold", "step": 1})
    assert ann.until_step(2)["can_undo"]
    assert not bob.until_step(2)["can_undo"]  # Bob has made no decision yet
    # Bob refuses once, then agrees.
    # (each step of it also comes as an update, whose `undo` says what waits)
    ann.socket.send_json({"type": "undo"})
    assert next_of(bob, "update")["undo"]["waiting_for"] == ["seat2"]
    bob.socket.send_json({"type": "undo_reply", "accept": False})
    assert next_of(bob, "undo_declined")["by"] == "seat2" and next_of(bob, "update")["undo"] is None
    declined = [m["type"] for m in (ann.receive(), ann.receive(), ann.receive(), ann.receive())]
    assert declined == ["undo_request", "update", "undo_declined", "update"]
    ann.socket.send_json({"type": "undo"})
    assert ann.receive()["type"] == "undo_request"
    bob.socket.send_json({"type": "undo_reply", "accept": True})
    assert next_of(ann, "undo_done")["type"] == "undo_done"
    back = next_of(ann, "update")
    assert back["reset"] and back["step"] == 1 and back["epoch"] == 1 and back["your_turn"]
    # The log keeps both the action and the undo; a restart rebuilds the position after the undo.
    record = client.get(f"/api/tables/{table['id']}/record", params={"token": tokens["seat1"]}).json()
    assert record["steps"] == 1


def next_of(seen: Seen, kind: str) -> dict[str, Any]:
    while (message := seen.receive())["type"] != kind:
        pass
    return message


def test_an_undo_where_information_is_hidden_names_the_decision_only_to_its_maker(client: TestClient) -> None:
    table = open_table(client, "travel-sfb", {"turn_limit": 2}, ["human", "human"])
    tokens = join_all(client, table)
    ann, bob = (attach(client, table["id"], tokens[seat]) for seat in ("seat1", "seat2"))
    watcher = attach(client, table["id"], None)
    assert ann.last is not None
    place = next(entry for entry in ann.last["legal"] if entry["action"]["kind"] == "place")
    ann.socket.send_json({"type": "act", "action": place["action"], "step": 0})
    assert ann.until_step(1)["can_undo"]
    ann.socket.send_json({"type": "undo"})
    secret = place["label"]  # "Put 6♦ in Offense": the card and the row
    request = next_of(ann, "undo_request")
    assert request["label"] == secret and not request["label_hidden"]
    for other in (bob, watcher):
        request = next_of(other, "undo_request")
        assert request["label"] == "seat1's last decision" and request["label_hidden"]
    state = client.get(f"/api/tables/{table['id']}/state", params={"token": tokens["seat2"]}).json()
    assert state["undo"]["label"] == "seat1's last decision" and secret not in json.dumps(state)
    bob.socket.send_json({"type": "undo_reply", "accept": True})
    assert next_of(ann, "undo_done")["label"] == secret
    assert next_of(bob, "undo_done")["label"] == next_of(watcher, "undo_done")["label"] == "seat1's last decision"


def test_undo_in_real_time_is_refused(client: TestClient) -> None:
    table = open_table(client, "fightball", {"quarters": 1}, ["human", "human"])
    tokens = join_all(client, table)
    home = attach(client, table["id"], tokens["home"])
    assert home.last is not None and not home.last["can_undo"]
    home.socket.send_json({"type": "undo"})
    assert home.receive()["message"] == "undo is not allowed: the game runs in real time"


def test_the_schema_comes_from_the_migrations(database: str) -> None:
    from alembic.autogenerate import compare_metadata
    from alembic.migration import MigrationContext

    from tabletop.server.db import migrate

    engine = connect(database)
    migrate(engine)
    migrate(engine)  # a second start changes nothing
    with engine.connect() as connection:
        assert compare_metadata(MigrationContext.configure(connection), Base.metadata) == []


def test_bad_table_requests_say_what_is_allowed(client: TestClient) -> None:
    cases = [
        ({"game": "chess"}, "there is no game 'chess'"),
        ({"game": "test-pig", "seats": ["human"]}, "test-pig with these options has 2 seats (seat1, seat2); 1 were given"),
        ({"game": "test-pig", "options": {"colour": "red"}}, "test-pig has no option 'colour'"),
        ({"game": "test-pig", "seats": ["human", "mcts:think=-1"]}, "agent option think"),
        # the server's workers serve every table: a seat may not take them for an hour, nor many at once
        ({"game": "test-pig", "seats": ["mcts:think=3600,iterations=none", "random"]},
         "thinks at most 30 seconds a move, not 3600"),
        ({"game": "test-pig", "seats": ["human", "mcts:workers=64"]}, "thinks on one worker (workers=1)"),
    ]
    for body, message in cases:
        answer = client.post("/api/tables", json=body)
        assert answer.status_code == 422 and message in answer.json()["message"], answer.text
    assert client.get("/api/tables").json() == []
    assert client.post("/api/tables", json={"game": "test-pig", "think": 0}).status_code == 422


def test_lists_pictures_and_schema(client: TestClient) -> None:
    drawn = open_table(client, "fightball", {"quarters": 1}, ["human", "human"])
    plain = open_table(client, "test-pig", {}, ["human", "human"])
    tokens = join_all(client, drawn)
    statuses = {t["id"]: t["status"] for t in client.get("/api/tables").json()}
    assert statuses == {drawn["id"]: "running", plain["id"]: "open"}
    assert [t["id"] for t in client.get("/api/tables", params={"status": "open"}).json()] == [plain["id"]]
    picture = client.get(f"/api/tables/{drawn['id']}/picture", params={"token": tokens["home"]})
    assert picture.headers["content-type"].startswith("image/svg+xml") and picture.text.startswith("<svg")
    assert client.get(f"/api/tables/{plain['id']}/picture").json()["error"] == "no_picture"
    state = client.get(f"/api/tables/{drawn['id']}/state", params={"token": tokens["home"], "svg": True}).json()
    assert state["svg"].startswith("<svg") and str(SECRET_SEED) not in json.dumps(state)
    schema = client.get("/openapi.json").json()
    assert {"/api/games", "/api/agents", "/api/tables", "/api/tables/{table_id}/join",
            "/api/tables/{table_id}/state", "/api/tables/{table_id}/record"} <= set(schema["paths"])


def test_finished_tables_are_listed_after_a_restart_without_replaying_them(database: str) -> None:
    import time

    settings = ServerSettings(database=database, pool="thread")
    with TestClient(create_app(settings)) as first:
        table = open_table(first, "test-pig", {"target": 5}, ["random", "random"])
        deadline = time.monotonic() + 30
        while (before := first.get(f"/api/tables/{table['id']}").json())["status"] != "finished":
            assert time.monotonic() < deadline
            time.sleep(0.05)
    assert before["seed"] == SECRET_SEED and before["outcome"]["winners"]
    app = create_app(settings)
    with TestClient(app) as second:
        assert second.get("/api/tables", params={"status": "finished"}).json() == [before]
        assert table["id"] not in app.state.hub.tables
        assert second.get(f"/api/tables/{table['id']}").json() == before


def test_an_action_the_database_refuses_did_not_happen(sqlite_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    app = create_app(ServerSettings(database=sqlite_url, pool="thread"))
    with TestClient(app) as client:
        try:
            table = open_table(client, "test-pig", {}, ["human", "human"])
            tokens = join_all(client, table)
            seat1 = attach(client, table["id"], tokens["seat1"])
            hub = app.state.hub

            def refuse(*_args: Any) -> None:
                raise OSError("disk full")

            with monkeypatch.context() as patch:
                patch.setattr(hub, "_append", refuse)
                seat1.socket.send_json({"type": "act", "action": "roll"})
                error = seat1.receive()
            assert error["code"] == "not_saved" and hub.table(table["id"]).state.history == []
            seat1.socket.send_json({"type": "act", "action": "roll"})
            assert seat1.until_step(1)["events"][0]["text"].startswith("seat1 rolls")
        finally:
            close_all()


def test_the_browser_client_is_served_at_the_root_beside_the_api(sqlite_url: str, tmp_path: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    static = tmp_path / "static"
    static.mkdir()
    (static / "index.html").write_text("<!doctype html><title>Tabletop</title>", encoding="utf-8")
    monkeypatch.setattr("tabletop.server.app.STATIC", static)
    with TestClient(create_app(ServerSettings(database=sqlite_url, pool="thread"))) as client:
        assert client.get("/").text.startswith("<!doctype html><title>Tabletop</title>")
        assert client.get("/api/games").status_code == 200
        assert client.get("/openapi.json").json()["info"]["title"] == "Tabletop"
        table = open_table(client, "test-pig", {}, ["human", "human"])
        with client.websocket_connect(f"/ws/tables/{table['id']}") as socket:
            socket.send_json({"type": "hello"})
            assert socket.receive_json()["type"] == "welcome"


def test_a_private_table_is_left_out_of_the_lobby_but_its_links_work(client: TestClient) -> None:
    shown = open_table(client, "test-pig", {}, ["human", "human"])
    hidden = open_table(client, "test-pig", {}, ["human", "human"], private=True)
    assert hidden["settings"]["private"] and not shown["settings"]["private"]
    for status in (None, "open", "running"):
        params = {"status": status} if status else {}
        assert [table["id"] for table in client.get("/api/tables", params=params).json()
                if table["status"] == (status or table["status"])] == ([shown["id"]] if status != "running" else [])
    # whoever has its id (a join or watch link) finds it, sits down and plays
    tokens = join_all(client, hidden)
    assert client.get(f"/api/tables/{hidden['id']}").json()["status"] == "running"
    watcher = attach(client, hidden["id"], None)
    player = attach(client, hidden["id"], tokens["seat1"])
    assert player.last is not None and player.last["your_turn"] and watcher.last is not None
    assert hidden["id"] not in {table["id"] for table in client.get("/api/tables").json()}
    assert client.post("/api/tables", json={"game": "test-pig", "private": "yes"}).status_code == 422
