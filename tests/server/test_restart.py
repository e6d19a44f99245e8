"""Kill the server with SIGKILL in the middle of games, start it again: every game goes on."""

from __future__ import annotations

import contextlib
import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import httpx
from websockets.sync.client import connect as ws_connect

import tabletop

from .conftest import free_port

SEED = 77


def start_server(database: str, port: int, log: Path) -> subprocess.Popen[bytes]:
    process = subprocess.Popen(
        [sys.executable, "-m", "tabletop.cli", "serve", "--port", str(port), "--db", database, "--workers", "1"],
        stdout=log.open("ab"), stderr=subprocess.STDOUT, start_new_session=True,
    )
    deadline = time.monotonic() + 30
    while True:
        try:
            httpx.get(f"http://127.0.0.1:{port}/api/games", timeout=1).raise_for_status()
            return process
        except httpx.HTTPError:
            if process.poll() is not None or time.monotonic() > deadline:
                raise AssertionError("the server did not start: " + log.read_text()) from None
            time.sleep(0.1)


class Player:
    """A person at the table over a real WebSocket, with the log they have."""

    def __init__(self, port: int, table_id: str, token: str, log: list[dict[str, Any]] | None = None) -> None:
        self.socket = ws_connect(f"ws://127.0.0.1:{port}/ws/tables/{table_id}").__enter__()
        self.log = list(log or [])
        self.socket.send(json.dumps({"type": "hello", "token": token, "last_event": len(self.log)}))
        assert self.receive()["type"] == "welcome"
        self.update = self.receive()
        assert self.update["events_from"] == len(self.log)

    def receive(self) -> dict[str, Any]:
        message: dict[str, Any] = json.loads(self.socket.recv(timeout=20))
        if message["type"] == "update":
            self.log.extend(message["events"])
            self.update = message
        return message

    def play(self, chooser: random.Random, steps: int | None) -> None:
        """Random moves whenever it is this player's turn, until the end or ``steps`` more of them."""
        while self.update["status"] != "finished" and steps != 0:
            if self.update["your_turn"]:
                step = self.update["step"]
                action = chooser.choice(self.update["legal"])["action"]
                self.socket.send(json.dumps({"type": "act", "action": action, "step": step, "id": f"a{step}"}))
                while self.receive().get("step", -1) <= step:
                    pass
                steps = None if steps is None else steps - 1
            else:
                self.receive()


def test_sigkill_mid_game_then_restart_loses_nothing(tmp_path: Path) -> None:
    database = f"sqlite:///{tmp_path}/tabletop.db"
    port = free_port()
    log = tmp_path / "server.log"
    server = start_server(database, port, log)
    api = f"http://127.0.0.1:{port}/api"
    try:
        person = httpx.post(f"{api}/tables", json={
            "game": "friendly-competition", "options": {"match_turns": 3}, "seats": ["human", "random"],
            "seed": SEED, "pace": 0}).json()
        computers = httpx.post(f"{api}/tables", json={
            "game": "friendly-competition", "options": {"match_turns": 3}, "seats": ["random", "easy"],
            "seed": SEED, "pace": 0.08}).json()
        token = httpx.post(f"{api}/tables/{person['id']}/join", json={"name": "Ann"}).json()["token"]
        ann = Player(port, person["id"], token)
        chooser = random.Random(5)
        ann.play(chooser, steps=6)
        before = ann.update["step"]
        assert httpx.get(f"{api}/tables/{computers['id']}").json()["status"] == "running"
        os.killpg(server.pid, signal.SIGKILL)  # the server and its computer players' workers, all at once
        server.wait()

        server = start_server(database, port, log)
        summary = httpx.get(f"{api}/tables/{person['id']}").json()
        assert summary["status"] == "running" and summary["step"] >= before
        ann = Player(port, person["id"], token, log=ann.log)
        ann.play(chooser, steps=None)
        record = httpx.get(f"{api}/tables/{person['id']}/record").json()
        replayed = tabletop.replay(record)
        assert replayed.outcome is not None and [e["text"] for e in ann.log] == [
            e.text for e in replayed.events_for("seat1")]
        # The computers' table went on by itself after the restart.
        deadline = time.monotonic() + 60
        while httpx.get(f"{api}/tables/{computers['id']}").json()["status"] != "finished":
            assert time.monotonic() < deadline, "the computers' game did not go on after the restart"
            time.sleep(0.2)
        assert tabletop.replay(httpx.get(f"{api}/tables/{computers['id']}/record").json()).is_over
    finally:
        if server.poll() is None:
            os.kill(server.pid, signal.SIGTERM)
            server.wait(timeout=20)
        with contextlib.suppress(ProcessLookupError):
            os.killpg(server.pid, signal.SIGKILL)  # any worker left behind
