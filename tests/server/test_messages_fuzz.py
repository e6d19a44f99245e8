"""Hostile and malformed messages: each earns its sender an error and changes nothing anywhere else.

The message handler runs here without a network: two seated players and a spectator are attached
to a table of the fixture game Pig, and Hypothesis throws messages at one of them.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import func, select
from sqlalchemy.orm import Session

import tests.pig  # noqa: F401  (registers test-pig)
from tabletop.server.app import Connection
from tabletop.server.db import LogRow, connect, migrate
from tabletop.server.hub import Hub, ServerSettings
from tabletop.server.protocol import MAX_MESSAGE_BYTES, TYPES
from tabletop.server.tables import TableSettings

JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=8,
)
FIELDS = {
    "action": JSON | st.sampled_from(["roll", "hold", "roll twice=yes", "", "hold x"]),
    "token": JSON | st.text(max_size=60),
    "id": JSON | st.text(max_size=70),
    "step": st.integers(-3, 40) | JSON,
    "seat": st.sampled_from(["seat1", "seat2", "nobody", ""]),
    "accept": JSON,
    "last_event": st.integers(-3, 40),
    "extra": JSON,
}
MESSAGES = st.one_of(
    st.text(max_size=40),
    st.binary(max_size=40),
    JSON.map(json.dumps),
    st.fixed_dictionaries({"type": st.sampled_from([*TYPES, "dance", ""]) | JSON},
                          optional=FIELDS).map(json.dumps),
    st.integers(MAX_MESSAGE_BYTES, MAX_MESSAGE_BYTES + 2000).map(lambda n: '{"type": "ping", "id": "' + "x" * n + '"}'),
)


class FakeSocket:
    """The handler never touches the socket itself; its replies go to the client's outbox."""


def drain(connection: Connection) -> list[dict[str, Any]]:
    out = []
    while not connection.client.outbox.empty():
        text = connection.client.outbox.get_nowait()
        assert text is not None
        out.append(json.loads(text))
    return out


def make_table(tmp: Path) -> tuple[Hub, Any, dict[str, Connection]]:
    engine = connect(f"sqlite:///{tmp}/fuzz.db")
    migrate(engine)
    hub = Hub(engine, ServerSettings(pool="thread", workers=1))
    table = hub.create("test-pig", {"target": 8}, ["human", "human"], 5, None, TableSettings(pace=0))
    tokens = {seat: hub.join(table, seat, None)[1] for seat in ("seat1", "seat2")}
    connections = {}
    for name, token in (("seat1", tokens["seat1"]), ("seat2", tokens["seat2"]), ("watcher", None)):
        connection = Connection(hub, table, FakeSocket())  # type: ignore[arg-type]
        connection.handle(json.dumps({"type": "hello", "token": token}))
        connections[name] = connection
    for connection in connections.values():
        drain(connection)
    return hub, table, connections


def logged(hub: Hub, table_id: str) -> int:
    with Session(hub.engine) as session:
        return int(session.scalar(select(func.count()).select_from(LogRow).where(LogRow.table_id == table_id)) or 0)


def test_hostile_messages_change_nothing(tmp_path: Path) -> None:
    hub, table, connections = make_table(tmp_path)
    attacker = connections["seat1"]

    @settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
    @given(st.lists(MESSAGES, min_size=1, max_size=4))
    def run(messages: list[str | bytes]) -> None:
        for text in messages:
            before = (len(table.state.history), table.epoch, table.undo is not None)
            attacker.handle(text)
            replies = drain(attacker)
            others = [drain(connections["seat2"]), drain(connections["watcher"])]
            after = (len(table.state.history), table.epoch, table.undo is not None)
            errors = [r for r in replies if r["type"] == "error"]
            if after != before:
                assert replies[0]["type"] == "update" and others[1][0]["type"] == "update"
            if errors:
                assert len(replies) == 1, replies
                assert errors[0]["code"] and errors[0]["message"]
                assert after == before, "an error must leave the table as it was"
                assert others == [[], []], "an error goes to its sender only"
            assert logged(hub, table.id) == table.log_count
            assert all(reply["type"] != "error" for reply in others[0] + others[1])

    run()
    # Whatever got through was a legal action by seat1's own token, in the log in order.
    assert all(seat == "seat1" for seat, _ in table.state.history)
