"""Server load: N concurrent tables of random players over real WebSockets on loopback.

Starts ``tabletop serve`` on a free port with a fresh SQLite database, opens N tables of two
people each, and lets random clients play them (a finished table is replaced by a new one) for
the given time. Reports moves per second and the round trip from sending an action to receiving
the update that shows it, p50 and p99. With ``--think 0`` every client acts the moment it may
(the server's throughput limit); ``--think 1`` paces clients like quick people.

    .venv/bin/python bench/server.py --tables 100 --seconds 30 [--think 1]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import connect


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class Stats:
    def __init__(self) -> None:
        self.round_trips: list[float] = []
        self.moves = 0
        self.errors = 0
        self.games = 0.0
        self.measure_from = 0.0


async def seat(url: str, token: str, chooser: random.Random, stats: Stats, deadline: float, think: float) -> None:
    async with connect(url, max_size=2**24) as ws:
        await ws.send(json.dumps({"type": "hello", "token": token}))
        sent: tuple[int, float] | None = None
        while True:
            try:
                # When time is up the other player leaves, so wait no longer than that.
                raw = await asyncio.wait_for(ws.recv(), timeout=max(1.0, deadline - time.monotonic() + 5))
            except TimeoutError:
                return
            message: dict[str, Any] = json.loads(raw)
            if message["type"] == "error":
                stats.errors += 1
                sent = None
                continue
            if message["type"] != "update":
                continue
            if sent is not None and message["step"] > sent[0]:
                if time.monotonic() > stats.measure_from:
                    stats.round_trips.append(time.perf_counter() - sent[1])
                stats.moves += 1
                sent = None
            if message["status"] == "finished":
                stats.games += 0.5  # both players see the end
                return
            if time.monotonic() > deadline:
                return
            if message["your_turn"] and sent is None:
                action = chooser.choice(message["legal"])["action"]
                if think:
                    await asyncio.sleep(think * chooser.uniform(0.5, 1.5))
                sent = (message["step"], time.perf_counter())
                await ws.send(json.dumps({"type": "act", "action": action, "step": message["step"]}))


async def post(api: httpx.AsyncClient, path: str, body: dict[str, Any]) -> dict[str, Any]:
    """POST, again if an idle keep-alive connection was closed under the request."""
    for attempt in range(5):
        try:
            answer: dict[str, Any] = (await api.post(path, json=body)).json()
            return answer
        except httpx.TransportError:
            if attempt == 4:
                raise
    raise AssertionError("unreachable")


async def table_loop(api: httpx.AsyncClient, base: str, game: str, options: dict[str, Any], number: int,
                     stats: Stats, deadline: float, think: float) -> None:
    chooser = random.Random(number)
    while time.monotonic() < deadline:
        table = await post(api, "/api/tables", {"game": game, "options": options, "seats": ["human", "human"],
                                                "pace": 0})
        tokens = [(await post(api, f"/api/tables/{table['id']}/join", {}))["token"] for _ in range(2)]
        url = f"ws://{base}/ws/tables/{table['id']}"
        await asyncio.gather(*(seat(url, token, chooser, stats, deadline, think) for token in tokens))


async def run(port: int, tables: int, seconds: float, game: str, options: dict[str, Any], think: float,
              warmup: float) -> Stats:
    stats = Stats()
    stats.measure_from = time.monotonic() + warmup
    base = f"127.0.0.1:{port}"
    limits = httpx.Limits(max_connections=50)
    async with httpx.AsyncClient(base_url=f"http://{base}", timeout=60, limits=limits) as api:
        deadline = time.monotonic() + seconds
        await asyncio.gather(*(table_loop(api, base, game, options, n, stats, deadline, think) for n in range(tables)))
    return stats


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--game", default="friendly-competition")
    parser.add_argument("--option", "-o", action="append", default=[], help="NAME=VALUE game option")
    parser.add_argument("--think", type=float, default=0.0,
                        help="seconds a client waits before each action (0: act at once, the heaviest load)")
    parser.add_argument("--warmup", type=float, default=5.0,
                        help="seconds at the start (every table opening at once) left out of the round trips")
    parser.add_argument("--port", type=int, help="use the server already running on this port (started with "
                        "--message-rate and --table-rate high enough for the load)")
    args = parser.parse_args()
    options = dict(item.split("=", 1) for item in args.option)
    if args.port:
        report(args, *timed(args.port, args, options))
        return
    port = free_port()
    folder = Path(tempfile.mkdtemp(prefix="tabletop-bench-"))
    # every table and client of the benchmark comes from one address, far faster than people:
    # the server's limits for one socket and one address are lifted for it
    server = subprocess.Popen([sys.executable, "-m", "tabletop.cli", "serve", "--port", str(port),
                               "--db", f"sqlite:///{folder}/bench.db", "--message-rate", "1000000/second",
                               "--table-rate", "1000000/minute"], stdout=subprocess.DEVNULL,
                              stderr=(folder / "server.log").open("wb"))
    try:
        for _ in range(300):
            try:
                httpx.get(f"http://127.0.0.1:{port}/api/games", timeout=1)
                break
            except httpx.HTTPError:
                time.sleep(0.1)
        stats, elapsed = timed(port, args, options)
    finally:
        server.terminate()
        server.wait(timeout=30)
    report(args, stats, elapsed)


def timed(port: int, args: argparse.Namespace, options: dict[str, Any]) -> tuple[Stats, float]:
    started = time.perf_counter()
    stats = asyncio.run(run(port, args.tables, args.seconds, args.game, options, args.think, args.warmup))
    return stats, time.perf_counter() - started


def report(args: argparse.Namespace, stats: Stats, elapsed: float) -> None:
    trips = [t * 1000 for t in stats.round_trips]
    print(f"{args.tables} tables of {args.game}, clients thinking {args.think:g} s, {elapsed:.1f} s: {stats.moves} moves, {stats.games:.0f} games finished")
    print(f"moves/s: {stats.moves / elapsed:.0f}")
    if trips:
        print(f"round trip action -> update: p50 {statistics.median(trips):.1f} ms, "
              f"p99 {percentile(trips, 0.99):.1f} ms, max {max(trips):.1f} ms")
    print(f"errors: {stats.errors}")


if __name__ == "__main__":
    main()
