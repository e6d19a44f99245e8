"""Playing whole games through the server as its clients do, and checking what each client was sent."""

from __future__ import annotations

import itertools
import json
import random
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from fastapi.testclient import TestClient

import tabletop
from tabletop.core.record import run_clock
from tabletop.server import ServerSettings, create_app
from tabletop.server.sight import Sightings

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

    def sync(self) -> None:
        """Read until the server has answered a ping: everything sent before it has then arrived
        (a refused message included, which fails here)."""
        self.socket.send_json({"type": "ping", "id": "sync"})
        while (message := self.receive())["type"] != "pong":
            assert message["type"] != "error", message

    def until_step(self, step: int) -> dict[str, Any]:
        while self.last is None or self.last["step"] < step:
            self.receive()
        assert self.last["step"] == step
        return self.last


OPEN: list[Any] = []
#: Each client is pinged after every move, so a game played at machine speed needs more than a person's rate.
PLAYING_RATE = "5000/second"


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
                  moves: int | None = None) -> dict[str, Any]:
    """Random legal moves from the seats whose turn it is, until the end (or ``moves`` moves), every
    client brought up to date after each; the latest update of the first player.

    A client is sent an update only when its own position changed (a hidden move tells the others
    nothing), so each client's last update is its position, and its step is its own count."""
    clients = [*players.values(), *watchers]
    first = next(iter(players.values()))
    made = 0
    waited = time.monotonic()
    while moves is None or made < moves:
        for seen in clients:
            seen.sync()
        assert first.last is not None
        if first.last["status"] == "finished":
            break
        movers = [seat for seat, seen in players.items() if seen.last is not None and seen.last["your_turn"]]
        if not movers:  # a computer is thinking
            assert time.monotonic() - waited < 30, "no seat came to a decision"
            time.sleep(0.01)
            continue
        seat = chooser.choice(movers)
        mine = players[seat].last
        assert mine is not None
        choice = chooser.choice(mine["legal"])
        players[seat].socket.send_json({"type": "act", "action": choice["action"], "step": mine["step"],
                                        "id": f"{seat}-{next(MOVES)}"})
        made, waited = made + 1, time.monotonic()
    for seen in clients:
        seen.sync()
    assert first.last is not None
    return first.last


MOVES = itertools.count()


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
    # each client's steps are its own count (see tabletop/server/sight.py): the history lengths they stand for
    sight = Sightings.of(tabletop.replay(record))
    updates = [m for m in seen.messages if m["type"] == "update"]
    done, clock = 0, 0.0
    for update in updates:
        reached = sight.history_at(seen.seat, update["step"])
        assert reached is not None
        while done < reached:
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
    with TestClient(create_app(ServerSettings(database=database, pool="thread", message_rate=PLAYING_RATE))) as test_client:
        try:
            yield test_client
        finally:
            close_all()  # a failed test must not leave a socket that hangs the server's shutdown
