"""Every game through the server: open a table, sit down, watch, play to the end with random moves,
leave and come back, download the record and replay it identically; nothing hidden ever leaks."""

from __future__ import annotations

import json
import random

import pytest
from fastapi.testclient import TestClient

import tabletop
from tabletop.server import ServerSettings, create_app

from .helpers import (
    PLAYING_RATE,
    SECRET_SEED,
    Seen,
    attach,
    check_hidden_information,
    close_all,
    join_all,
    open_table,
    play_randomly,
)

# Short options where a whole game is long; each chooser seed gives a game of a few hundred moves at most.
GAMES = {
    "travel-sfb": ({"turn_limit": 3}, 1),
    "cargo-bay-ball": ({"players": 3}, 11),
    "fightball": ({"quarters": 1}, 1),
    "friendly-competition": ({"match_turns": 2}, 1),
    "cagway-bay": ({"turns": 1}, 1),
}


def play_whole_game(client: TestClient, game: str, options: dict, chooser_seed: int) -> None:
    info = tabletop.game_class(game).info
    seats = len(tabletop.load(game, **options).seats)
    table = open_table(client, game, options, ["human"] * seats)
    assert table["status"] == "open" and table["seed"] is None
    tokens = join_all(client, table)
    assert client.get(f"/api/tables/{table['id']}").json()["status"] == "running"
    players = {seat: attach(client, table["id"], token) for seat, token in tokens.items()}
    watcher = attach(client, table["id"], None)
    chooser = random.Random(chooser_seed)
    everyone: list[Seen] = [*players.values(), watcher]

    latest = play_randomly(players, [watcher], chooser, moves=4)
    # One player leaves, the others play on while they can, and the player comes back.
    leaver = next(seat for seat in players if seat not in latest["to_act"]) if len(latest["to_act"]) < seats \
        else next(iter(players))
    gone = players.pop(leaver)
    gone.socket.__exit__(None, None, None)
    for _ in range(4):
        if not players or latest["status"] != "running" or leaver in latest["to_act"]:
            break
        latest = play_randomly(players, [watcher], chooser, moves=1)
    back = attach(client, table["id"], tokens[leaver], previous=gone)
    assert back.last is not None and back.last["events_from"] == len(gone.log) and not back.last["reset"]
    players[leaver] = back
    everyone.append(back)

    # A running hidden-information game gives out no seed and no record, only transcripts.
    running = client.get(f"/api/tables/{table['id']}/record", params={"token": tokens[leaver]}).json()
    assert running["format"] == "tabletop-transcript" and str(SECRET_SEED) not in json.dumps(running)
    if info.hidden_information:
        assert {step["seat"] for step in running["actions"]} <= {leaver}

    final = play_randomly(players, [watcher], chooser)
    assert final["status"] == "finished" and final["outcome"] is not None
    summary = client.get(f"/api/tables/{table['id']}").json()
    assert summary["status"] == "finished" and summary["seed"] == SECRET_SEED

    record = client.get(f"/api/tables/{table['id']}/record").json()
    again = tabletop.replay(record)
    assert again.outcome is not None and again.outcome.to_json() == final["outcome"]
    assert json.loads(json.dumps(again.view(None))) == watcher.last["view"]
    assert [e["text"] for e in watcher.log] == [e.text for e in again.events_for(None)]
    for seat, seen in players.items():
        assert [e["text"] for e in seen.log] == [e.text for e in again.events_for(seat)]
    for seen in [*everyone, gone]:
        check_hidden_information(seen, record)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_game_plays_to_the_end_online(game: str, sqlite_url: str) -> None:
    options, chooser_seed = GAMES[game]
    with TestClient(create_app(ServerSettings(database=sqlite_url, pool="thread", message_rate=PLAYING_RATE))) as client:
        try:
            play_whole_game(client, game, options, chooser_seed)
        finally:
            close_all()


def test_games_play_on_postgresql(postgres_url: str) -> None:
    with TestClient(create_app(ServerSettings(database=postgres_url, pool="thread", message_rate=PLAYING_RATE))) as client:
        try:
            for game in ("travel-sfb", "fightball"):
                options, chooser_seed = GAMES[game]
                play_whole_game(client, game, options, chooser_seed)
        finally:
            close_all()
