"""A client that sends a burst over a real socket gets every answer: the server slows its reading
while the answers pile up, rather than dropping the connection."""

from __future__ import annotations

import json

from websockets.sync.client import connect

from .conftest import Server


def test_a_burst_over_a_real_socket_is_answered_in_full(server: Server) -> None:
    table = server.post("/api/tables", {"game": "travel-sfb", "seats": ["human", "human"]})
    with connect(f"ws://127.0.0.1:{server.port}/ws/tables/{table['id']}") as socket:
        socket.send(json.dumps({"type": "hello"}))
        assert json.loads(socket.recv(timeout=10))["type"] == "welcome"
        burst = 1000  # four times what a socket's outbox holds, and past the message rate
        for number in range(burst):
            socket.send(json.dumps({"type": "ping", "id": str(number)}))
        answers = [json.loads(socket.recv(timeout=10)) for _ in range(burst + 1)]  # and the first update
        kinds = [a["type"] if a["type"] != "error" else a["code"] for a in answers]
        assert set(kinds) == {"update", "pong", "too_many_messages"} and kinds.count("update") == 1
        pongs = [a["id"] for a in answers if a["type"] == "pong"]
        assert pongs == sorted(pongs, key=int) and len(pongs) >= 100
