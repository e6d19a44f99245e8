"""A stored table the server can no longer set up (its game's options or rules changed since it was
played) is refused on its own, with why; the server still starts and the lobby still lists the rest."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient
from sqlalchemy import create_engine, update

from tabletop.server import ServerSettings, create_app
from tabletop.server.db import LogRow, TableRow

from .helpers import attach, close_all, join_all, open_table


def change_rows(database: str, table_id: str, **values: Any) -> None:
    engine = create_engine(database)
    with engine.begin() as connection:
        connection.execute(update(TableRow).where(TableRow.id == table_id).values(**values))
    engine.dispose()


def test_a_table_that_no_longer_loads_is_refused_alone_and_the_server_plays_on(sqlite_url: str) -> None:
    settings = ServerSettings(database=sqlite_url, pool="thread")
    with TestClient(create_app(settings)) as before:
        broken = open_table(before, "friendly-competition", {}, ["human", "easy"])
        finished = open_table(before, "travel-sfb", {"turn_limit": 1}, ["random", "random"])
        fine = open_table(before, "cargo-bay-ball", {}, ["human", "human"])
        tokens = join_all(before, fine)
    change_rows(sqlite_url, broken["id"], options={"match_turns": "forty"})
    change_rows(sqlite_url, finished["id"], game="a-game-no-longer-here", status="finished")
    with TestClient(create_app(settings)) as after:
        try:
            listed = [table["id"] for table in after.get("/api/tables").json()]
            assert listed == [fine["id"]]
            answer = after.get(f"/api/tables/{broken['id']}")
            assert answer.status_code == 500
            assert answer.json()["error"] == "unreadable_table"
            assert "option 'match_turns' must be a whole number" in answer.json()["message"]
            assert "can no longer be played" in answer.json()["message"]
            with after.websocket_connect(f"/ws/tables/{broken['id']}") as socket:
                assert socket.receive_json()["code"] == "unreadable_table"
            seen = attach(after, fine["id"], tokens["seat1"])
            assert seen.last is not None and seen.last["your_turn"]
        finally:
            close_all()


def test_a_log_that_no_longer_replays_is_refused_with_why(sqlite_url: str) -> None:
    settings = ServerSettings(database=sqlite_url, pool="thread")
    with TestClient(create_app(settings)) as before:
        table = open_table(before, "friendly-competition", {}, ["human", "human"])
        tokens = join_all(before, table)
        seen = attach(before, table["id"], tokens[table["seats"][0]["seat"]])
        mover = attach(before, table["id"], tokens[seen.last["to_act"][0]]) if seen.last else None
        assert mover is not None and mover.last is not None
        mover.socket.send_json({"type": "act", "action": mover.last["legal"][0]["action"]})
        mover.until_step(1)
        close_all()
    engine = create_engine(sqlite_url)
    with engine.begin() as connection:
        connection.execute(update(LogRow).where(LogRow.table_id == table["id"]).values(action={"kind": "fly"}))
    engine.dispose()
    with TestClient(create_app(settings)) as after:
        answer = after.get(f"/api/tables/{table['id']}").json()
        assert answer["error"] == "unreadable_table" and "fly" in answer["message"]
        assert after.get("/api/tables").json() == []
