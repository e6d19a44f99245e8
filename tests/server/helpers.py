"""Playing whole games through the server as its clients do, and checking what each client was sent."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from fastapi.testclient import TestClient

import tabletop
from tabletop.core.record import run_clock
from tabletop.server import ServerSettings, create_app

SECRET_SEED = 1_234_567_891
"""Every test table uses this seed, so a leak of it is found by a plain text search."""


@dataclass
class Seen:
    """One client: its socket, what it was sent, and the log it has put together from the updates."""

    socket: Any
    seat: str | None
    messages: list[dict[str, Any]] = field(default_factory=list)
    log: list[dict[str, Any]] = field(default_factory=list)
    last: dict[str, Any] | None = None
    epoch: int = 0

    def receive(self) -> dict[str, Any]:
        message = self.socket.receive_json()
        self.messages.append(message)
        if message["type"] == "update":
            if message["reset"]:
                self.log = []
            assert message["events_from"] == len(self.log), "an update skipped or repeated log lines"
            self.log.extend(message["events"])
            self.last = message
            self.epoch = message["epoch"]
        return message

    def until_step(self, step: int) -> dict[str, Any]:
        while self.last is None or self.last["step"] < step:
            self.receive()
        assert self.last["step"] == step
        return self.last


OPEN: list[Any] = []


def attach(client: Any, table_id: str, token: str | None, previous: Seen | None = None) -> Seen:
    """A client says hello; one that comes back (``previous``) says how much of its log it has."""
    socket = client.websocket_connect(f"/ws/tables/{table_id}").__enter__()
    OPEN.append(socket)
    hello: dict[str, Any] = {"type": "hello"}
    if token is not None:
        hello["token"] = token
    if previous is not None:
        hello.update(last_event=len(previous.log), epoch=previous.epoch)
    socket.send_json(hello)
    seen = Seen(socket, None, log=list(previous.log) if previous else [])
    welcome = seen.receive()
    assert welcome["type"] == "welcome", welcome
    seen.seat = welcome["seat"]
    seen.receive()
    return seen


def close_all() -> None:
    """Close every socket still open, so a failed test does not hang its server's shutdown."""
    while OPEN:
        OPEN.pop().__exit__(None, None, None)


def open_table(client: Any, game: str, options: dict[str, Any], seats: list[str], **settings: Any) -> dict[str, Any]:
    answer = client.post("/api/tables", json={"game": game, "options": options, "seats": seats,
                                              "seed": SECRET_SEED, "pace": 0, **settings})
    assert answer.status_code == 201, answer.text
    return answer.json()


def join_all(client: Any, table: dict[str, Any]) -> dict[str, str]:
    tokens = {}
    for seat in table["seats"]:
        if seat["kind"] == "human":
            answer = client.post(f"/api/tables/{table['id']}/join", json={"seat": seat["seat"]}).json()
            tokens[answer["seat"]] = answer["token"]
    return tokens


def play_randomly(players: dict[str, Seen], watchers: list[Seen], chooser: random.Random,
                  stop_at: int | None = None) -> dict[str, Any]:
    """Random legal moves from the seats whose turn it is, until the end (or step ``stop_at``);
    every client must see every step."""
    clients = [*players.values(), *watchers]
    latest = next(iter(players.values())).last
    assert latest is not None
    while latest["status"] != "finished" and (stop_at is None or latest["step"] < stop_at):
        step = latest["step"]
        movers = [seat for seat in latest["to_act"] if seat in players]
        if not movers:  # a computer is thinking
            latest = players[next(iter(players))].until_step(step + 1)
            continue
        seat = chooser.choice(movers)
        mine = players[seat].last
        assert mine is not None and mine["step"] == step and mine["your_turn"]
        choice = chooser.choice(mine["legal"])
        players[seat].socket.send_json({"type": "act", "action": choice["action"], "step": step,
                                        "id": f"{seat}-{step}"})
        for seen in clients:
            latest = seen.until_step(step + 1)
    return latest


def check_hidden_information(seen: Seen, record: dict[str, Any]) -> None:
    """Every update a client got equals what the engine shows its seat at that step, and nothing more.

    Replaying the game's full record step by step gives the truth for each step: the client's
    ``view``, its log lines and its legal actions must be exactly ``view(seat)``, ``events_for(seat)``
    and ``legal_actions(seat)`` of that position. A message that carried anything else fails here.
    """
    game = tabletop.load(record["game"], **record["options"])
    state = game.new_state(seed=record["seed"])
    steps = [(step["seat"], game.action_from_json(step["action"])) for step in record["actions"]]
    times = [step.get("at") for step in record["actions"]]
    updates = [m for m in seen.messages if m["type"] == "update"]
    done, clock = 0, 0.0
    for update in updates:
        while done < update["step"]:
            clock = run_clock(state, clock, times[done])  # a real-time game's clock, as the server ran it
            state.apply(*steps[done])
            done += 1
        assert update["view"] == json.loads(json.dumps(state.view(seen.seat)))
        log = state.events_for(seen.seat)
        assert [e["text"] for e in update["events"]] == [e.text for e in log[update["events_from"]:]]
        if seen.seat is None or update["status"] != "running":
            assert update["legal"] == []
        else:
            assert [item["action"] for item in update["legal"]] == [a.to_json() for a in state.legal_actions(seen.seat)]
    while_running = [m for m in seen.messages if m.get("status") != "finished"
                     and m.get("summary", {}).get("status") != "finished"]
    assert str(SECRET_SEED) not in json.dumps(while_running), "the seed of a running game reached a client"


def serve_in_process(database: str) -> Iterator[Any]:
    """A test client of a server on ``database``, its computers thinking in threads."""
    with TestClient(create_app(ServerSettings(database=database, pool="thread"))) as test_client:
        try:
            yield test_client
        finally:
            close_all()  # a failed test must not leave a socket that hangs the server's shutdown
