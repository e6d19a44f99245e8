"""The game's clock (FB-FAST-6, FB-FAST-9): a buzzer-beater window lasts a short real interval, and
records keep when every card was played so a replay shows the pace."""

from __future__ import annotations

import tabletop
from tabletop.agents import make_agent
from tabletop.agents.realtime import RealTimeTable
from tabletop.core import replay
from tabletop.testing import assert_rejected, assert_replays
from tabletop.titles.fightball.actions import DRAW, Play
from tests.fightball.helpers import buzz, game, position

STACKS = {"home-blue-1": ["away:tula", "away:blue-ball"]}


def test_FB_FAST_6_the_buzzer_beater_window_closes_when_its_seconds_are_up():
    state = position(game(buzzer_beater_seconds=1.5), stacks=STACKS, held={"away": "jump-shot"})
    state.elapse(3.25)
    buzz(state)
    assert state.phase == "buzzer-beater" and state.deadline == 4.75
    assert "in the next 1.5 seconds" in state.events[-1].text
    state.elapse(1.0)
    assert state.phase == "buzzer-beater" and state.legal_actions("away")
    state.elapse(0.5)
    assert state.quarter == 2 and state.score == [0, 0] and state.deadline is None
    over = next(e.text for e in state.events if e.kind == "buzzer-beater-over")
    assert "Time is up: The Dark did not get the Shot away" in over
    assert_rejected(state, "away", Play(17))
    # The record keeps the clock, so the closing replays even with no action after it.
    record = state.record()
    assert record.elapsed == 4.75 and [a.at for a in record.actions] == [3.25, 3.25]
    assert replay(record.to_json_text()).quarter == 2
    assert_replays(state)


def test_FB_FAST_6_a_shot_in_time_still_lands():
    state = position(game(), stacks=STACKS, held={"away": "jump-shot"})
    buzz(state)
    state.elapse(1.9)
    state.apply("away", Play(17))
    assert state.score == [0, 2]


def test_FB_FAST_6_the_real_time_table_lets_the_window_close_on_a_slow_coach():
    results = {}
    for speed in ("pro", "4"):
        state = position(game(), stacks=STACKS, held={"away": "jump-shot"})
        buzz(state)
        table = RealTimeTable({"home": make_agent("heuristic:speed=pro", seed=1),
                               "away": make_agent(f"heuristic:speed={speed}", seed=2)}, seed=3)
        while state.quarter == 1:
            table.step(state)
        results[speed] = (state.score, [e.kind for e in state.events if e.kind.startswith("buzzer-beater")])
    assert results["pro"] == ([0, 2], ["buzzer-beater"])
    assert results["4"] == ([0, 0], ["buzzer-beater", "buzzer-beater-over"])


def test_FB_FAST_9_records_keep_when_each_card_was_played():
    state = tabletop.load("fightball").new_state(seed=4)
    table = RealTimeTable({"home": make_agent("heuristic", seed=1), "away": make_agent("random", seed=2)}, seed=4)
    table.play(state, max_steps=80)
    record = state.record()
    times = [a.at for a in record.actions]
    assert times == [round(t.time, 3) for t in table.timeline] and times == sorted(times) and times[-1] > 10
    plays = [e for e in state.events if e.kind == "play"]
    assert plays and all(e.data["at"] in times for e in plays)
    again = replay(record.to_json_text())
    assert again.action_times == state.action_times and again.view(None) == state.view(None)


def test_FB_FAST_9_records_of_games_without_a_clock_are_unchanged():
    state = tabletop.load("travel-sfb").new_state(seed=1)
    text = state.record().to_json_text()
    assert '"at"' not in text and '"elapsed"' not in text
    old = position(game(), stacks=STACKS).record().model_dump()
    for step in old["actions"]:
        step.pop("at", None)
    old.pop("elapsed")
    assert replay(old).elapsed == 0.0


def test_FB_FAST_9_the_replay_and_render_commands_run_the_clock(tmp_path):
    from tests.cli.runner import invoke

    state = position(game(), stacks=STACKS, held={"away": "jump-shot"})
    buzz(state)
    state.elapse(3.0)
    state.elapse(2.0)
    state.apply("home", DRAW)
    path = tmp_path / "timed.json"
    state.record().save(path)
    told = invoke("replay", str(path), "--step", input="\n" * 5)
    assert told.exit_code == 0, told.stdout
    assert "Time is up" in told.stdout and "Step 3/3 at 5.00 s" in told.stdout
    drawn = invoke("render", "fightball", "--out", str(tmp_path / "svg"), "--record", str(path))
    assert drawn.exit_code == 0 and "Wrote 4 pictures" in drawn.stdout
