"""Fightball on the server runs on the real clock (FB-FAST-6, FB-FAST-9): a buzzer-beater window
closes by itself when its seconds are up, and the log keeps each action's time for a restart."""

from __future__ import annotations

import time

from fastapi.testclient import TestClient

from tests.fightball.helpers import buzz, game, position
from tests.server.helpers import attach, join_all, open_table


def test_FB_FAST_6_the_server_closes_a_buzzer_beater_window_when_its_seconds_are_up(client: TestClient) -> None:
    options = {"quarters": 1, "buzzer_beater_seconds": 0.3}
    opened = open_table(client, "fightball", options, ["human", "human"])
    tokens = join_all(client, opened)
    hub = client.app.state.hub  # type: ignore[attr-defined]
    table = hub.table(opened["id"])
    window = position(game(**options), stacks={"home-blue-1": ["away:tula", "away:blue-ball"]},
                      held={"away": "jump-shot"})
    buzz(window)
    assert window.deadline == 0.3

    def sit_in_window() -> None:
        table.state, table.clock_origin = window, None
        hub._changed(table)

    away = attach(client, opened["id"], tokens["away"])
    client.portal.call(sit_in_window)  # type: ignore[union-attr]
    started = time.monotonic()
    while table.state.deadline is not None:  # polled, so a clock that never runs fails instead of hanging
        assert time.monotonic() - started < 5, "the window never closed"
        time.sleep(0.02)
    assert time.monotonic() - started >= 0.25 and table.state.phase != "buzzer-beater"
    told: list[str] = []
    while not any("Time is up" in text for text in told):
        told += [event["text"] for event in away.receive().get("events", [])]


def test_FB_FAST_9_the_server_log_keeps_the_game_clock_so_a_restart_replays_the_pace(client: TestClient) -> None:
    opened = open_table(client, "fightball", {"quarters": 1}, ["human", "human"])
    tokens = join_all(client, opened)
    home = attach(client, opened["id"], tokens["home"])
    for step in range(3):
        time.sleep(0.05)
        home.socket.send_json({"type": "act", "action": "draw" if step % 2 == 0 else "discard"})
        home.until_step(step + 1)
    hub = client.app.state.hub  # type: ignore[attr-defined]
    played = hub.table(opened["id"]).state
    times = played.action_times
    assert len(times) == 3 and times == sorted(times) and times[-1] >= 0.1
    rebuilt = hub._load(opened["id"]).state
    assert rebuilt.action_times == times and rebuilt.view(None) == played.view(None)
