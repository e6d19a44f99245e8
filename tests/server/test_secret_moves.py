"""A move hidden from a seat tells that seat nothing: no message, no step, no count anywhere.

Travel SFB's allocation is a run of face-down placements behind a screen (TSFB-ALLOC-3,
TSFB-RULING-SCREEN): the opponent may know only how many cards a ship holds this turn and whether
it has finished, so neither the number of placements nor their timing may reach it.
"""

from __future__ import annotations

import random
from typing import Any

from fastapi.testclient import TestClient

import tabletop
from tabletop.server.sight import Sightings

from .helpers import Seen, attach, join_all, open_table


def placement(seen: Seen) -> dict[str, Any]:
    assert seen.last is not None
    return next(entry for entry in seen.last["legal"] if entry["action"]["kind"] == "place")


def counts(client: TestClient, table_id: str, token: str, action: dict[str, Any]) -> dict[str, Any]:
    """Every step number the server gives out to one seat (asking the odds of ``action``) and to the lobby."""
    odds = client.post(f"/api/tables/{table_id}/odds", params={"token": token}, json={"action": action})
    return {
        "lobby": client.get(f"/api/tables/{table_id}").json()["step"],
        "transcript": client.get(f"/api/tables/{table_id}/record", params={"token": token}).json()["steps"],
        "state": client.get(f"/api/tables/{table_id}/state", params={"token": token}).json()["step"],
        "odds": odds.json()["step"],
    }


def test_TSFB_RULING_SCREEN_placements_reach_only_the_placing_seat(client: TestClient) -> None:
    table = open_table(client, "travel-sfb", {"turn_limit": 2}, ["human", "human"])
    tokens = join_all(client, table)
    ann, bob = (attach(client, table["id"], tokens[seat]) for seat in ("seat1", "seat2"))
    watcher = attach(client, table["id"], None)
    assert ann.last is not None and bob.last is not None and watcher.last is not None
    bob_before, watcher_before = bob.last, watcher.last
    told_bob, told_watcher = len(bob.messages), len(watcher.messages)
    asked = placement(bob)["action"]
    asked_before = counts(client, table["id"], tokens["seat2"], asked)

    for number in range(1, 3):
        ann.socket.send_json({"type": "act", "action": placement(ann)["action"], "step": ann.last["step"]})
        ann.sync()
        assert ann.last["step"] == number, "the placing seat sees its own position change"
        bob.sync()
        watcher.sync()
        # only the pongs of the syncs came: no update, so not even the moment of a placement is told
        assert [m["type"] for m in bob.messages[told_bob:]] == ["pong"] * number
        assert [m["type"] for m in watcher.messages[told_watcher:]] == ["pong"] * number
        assert counts(client, table["id"], tokens["seat2"], asked) == asked_before
    assert bob.last is bob_before and watcher.last is watcher_before

    # the other seat still acts from the step it has: the hidden placements did not make it stale
    bob.socket.send_json({"type": "act", "action": placement(bob)["action"], "step": bob.last["step"]})
    bob.sync()
    assert bob.last["step"] == 1
    # nor does the first seat hear of it, not even as its undo button going out
    shown, told_ann = ann.last, len(ann.messages)
    ann.sync()
    assert ann.messages[told_ann:] == [{"type": "pong", "id": "sync"}] and ann.last is shown and shown["can_undo"]
    # and a seat that has acted since the step it names is told so in its own count
    ann.socket.send_json({"type": "act", "action": placement(ann)["action"], "step": 0})
    ann.socket.send_json({"type": "ping"})
    refused = ann.receive()
    assert refused["type"] == "error" and refused["code"] == "stale", refused
    assert "meant for step 0" in refused["message"] and "at step 2" in refused["message"]
    # a step the seat was never shown is refused too
    bob.socket.send_json({"type": "act", "action": placement(bob)["action"], "step": 2})
    refused = bob.receive()
    assert refused["type"] == "error" and refused["code"] == "stale" and "only at step 1" in refused["message"]


def test_steps_count_every_move_where_nothing_is_hidden(client: TestClient) -> None:
    table = open_table(client, "cargo-bay-ball", {"players": 2}, ["human", "human"])
    tokens = join_all(client, table)
    players = {seat: attach(client, table["id"], token) for seat, token in tokens.items()}
    watcher = attach(client, table["id"], None)
    for number in range(1, 4):
        seat = next(seat for seat, seen in players.items() if seen.last is not None and seen.last["your_turn"])
        mine = players[seat].last
        assert mine is not None
        players[seat].socket.send_json({"type": "act", "action": mine["legal"][0]["action"], "step": mine["step"]})
        for seen in [*players.values(), watcher]:
            seen.sync()
            assert seen.last is not None and seen.last["step"] == number
    assert client.get(f"/api/tables/{table['id']}").json()["step"] == 3


def test_TSFB_RULING_SCREEN_a_placement_taken_back_behind_the_screen_keeps_the_others_placements(
        client: TestClient) -> None:
    table = open_table(client, "travel-sfb", {"turn_limit": 2}, ["human", "human"])
    tokens = join_all(client, table)
    ann, bob = (attach(client, table["id"], tokens[seat]) for seat in ("seat1", "seat2"))
    assert ann.last is not None and bob.last is not None
    hand = set(ann.last["view"]["ships"]["seat1"]["hand"])
    first = placement(ann)
    ann.socket.send_json({"type": "act", "action": first["action"]})
    ann.sync()
    bob.socket.send_json({"type": "act", "action": placement(bob)["action"]})
    bob.sync()
    ann.socket.send_json({"type": "undo"})
    request = next(m for m in iter(bob.receive, None) if m["type"] == "undo_request")
    assert request["label_hidden"] and request["by"] == "seat1"
    # a placement made while the request waits does not cancel it, which would tell of the placement
    ann.sync()
    told_ann = len(ann.messages)
    bob.socket.send_json({"type": "act", "action": placement(bob)["action"]})
    bob.sync()
    ann.sync()
    assert [m["type"] for m in ann.messages[told_ann:]] == ["pong"]
    bob_view = bob.last["view"]
    bob.socket.send_json({"type": "undo_reply", "accept": True})
    bob.sync()
    ann.sync()
    assert set(ann.last["view"]["ships"]["seat1"]["hand"]) == hand, "the card is back in the hand"
    assert bob.last["view"] == bob_view, "the other side's two placements stand, and nothing of the first shows"
    assert ann.last["epoch"] == bob.last["epoch"] == 1
    hub = client.app.state.hub  # type: ignore[attr-defined]
    kept = [seat for seat, _ in hub.table(table["id"]).state.history]
    assert kept == ["seat2", "seat2"]
    assert [seat for seat, _ in hub._load(table["id"]).state.history] == kept, "the log rebuilds the same game"


def test_every_move_is_a_step_for_the_seat_that_made_it_and_a_hidden_one_for_no_one_else():
    """Over random games of every game that hides something: a seat's own move always changes its
    position (so the staleness check never refuses its next move), and a move that changes nothing
    another viewer can see is no step for that viewer."""
    hidden_moves = 0
    for name, options in (("travel-sfb", {"turn_limit": 2}), ("fightball", {"quarters": 1})):
        game = tabletop.load(name, **options)
        for seed in range(3):
            rng, state = random.Random(seed), game.new_state(seed=seed)
            seen: list[dict[str | None, Any]] = []
            while not state.is_over and len(state.history) < 300:
                seen.append({viewer: (state.view(viewer), state.to_act, len(state.events_for(viewer)))
                             for viewer in (*state.seats, None)})
                seat = rng.choice(state.to_act)
                state.apply(seat, rng.choice(state.legal_actions(seat)))
            seen.append({viewer: (state.view(viewer), state.to_act, len(state.events_for(viewer)))
                         for viewer in (*state.seats, None)})
            sight = Sightings.of(state)
            for number, (who, _action) in enumerate(state.history, 1):
                assert sight.step_after(who, number) == sight.step_after(who, number - 1) + 1
                for viewer in (*state.seats, None):
                    changed = seen[number][viewer] != seen[number - 1][viewer]
                    hidden_moves += not changed
                    assert sight.step_after(viewer, number) - sight.step_after(viewer, number - 1) == int(changed)
    assert hidden_moves > 20, "the games played had no hidden moves to check"
