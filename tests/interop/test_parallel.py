"""The PettingZoo Parallel environment: PettingZoo's own checker over every game, then the step's
rules (every waiting seat moves, the first mover turns round, a move overtaken is reported, bad
input changes nothing)."""

from __future__ import annotations

import json
import warnings

import numpy as np
import pytest
from pettingzoo.test import parallel_api_test

import tabletop
import tests.pig  # noqa: F401
from tabletop.core import IllegalAction
from tabletop.interop import TabletopParallel, parallel_env
from tests.agents import fixtures  # noqa: F401

GAMES = [info.name for info in tabletop.games()]


@pytest.mark.parametrize("name", GAMES)
def test_pettingzoo_parallel_api_test_passes(name):
    env = TabletopParallel(name, max_steps=300)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        parallel_api_test(env, num_cycles=300)
    assert not [str(w.message) for w in caught if "pettingzoo" in str(w.filename)]


def play_out(env: TabletopParallel, seed: int) -> tuple[list[tuple[str, object]], dict[str, float]]:
    """Random masked play to the end; the game's history and the last rewards."""
    observations, _ = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    rewards: dict[str, float] = {}
    while env.agents:
        actions = {}
        for agent in env.agents:
            legal = np.flatnonzero(observations[agent]["action_mask"])
            if len(legal):
                actions[agent] = int(rng.choice(legal))
        observations, rewards, _terminations, _truncations, _infos = env.step(actions)
    return list(env.state_.history), rewards


@pytest.mark.parametrize("name", ["travel-sfb", "fightball"])
def test_an_episode_is_played_to_its_end_and_replays_identically(name):
    env = parallel_env(name, max_steps=3000)
    history, rewards = play_out(env, seed=4)
    assert env.state_.is_over or len(history) >= 3000
    if env.state_.is_over:
        assert rewards == {seat: float(value) for seat, value in env.state_.returns().items()}
    assert play_out(parallel_env(name, max_steps=3000), seed=4)[0] == history
    with pytest.raises(RuntimeError, match="the episode is over; call reset"):
        env.step({})


def test_simultaneous_seats_move_in_one_step_and_see_only_their_own_hands():
    env = TabletopParallel("test-high-card", observation="json")
    observations, infos = env.reset(seed=3)
    assert infos == {"seat1": {"legal_actions": 3}, "seat2": {"legal_actions": 3}}
    for seat in env.agents:
        assert json.loads(observations[seat]["observation"]) == env.state_.view(seat)
    assert observations["seat1"]["observation"] != observations["seat2"]["observation"]
    env.step({"seat1": 0, "seat2": 0})
    assert [seat for seat, _ in env.state_.history] == ["seat1", "seat2"]


def test_in_a_race_the_first_mover_turns_round_and_an_overtaken_move_is_not_made():
    env = TabletopParallel("test-grab", {"tokens": 3})
    env.reset(seed=1)
    *_, infos = env.step({"seat1": 0, "seat2": 0})
    assert [seat for seat, _ in env.state_.history] == ["seat1", "seat2"]
    assert "not_made" not in infos["seat1"] and "not_made" not in infos["seat2"]
    _observations, rewards, terminations, _truncations, infos = env.step({"seat1": 0, "seat2": 0})
    # this step seat2 moved first and took the last token: seat1's grab came too late
    assert [seat for seat, _ in env.state_.history] == ["seat1", "seat2", "seat2"]
    assert "came first" in infos["seat1"]["not_made"] and "not_made" not in infos["seat2"]
    assert terminations == {"seat1": True, "seat2": True} and env.agents == []
    assert rewards == {"seat1": -1.0, "seat2": 1.0}


def test_a_seat_that_is_not_to_act_may_send_anything_or_nothing():
    env = TabletopParallel("test-pig")
    observations, _ = env.reset(seed=2)
    assert observations["seat2"]["action_mask"].sum() == 0
    env.step({"seat1": 0, "seat2": 99})
    env.step({"seat1": 0})
    assert [seat for seat, _ in env.state_.history] == ["seat1", "seat1"]


@pytest.mark.parametrize(("actions", "message"), [
    ({"seat1": 0}, "seat2 must choose an action index this step"),
    ({"seat1": 0, "seat2": 7}, "action index 7 is not legal for seat2"),
    ({"seat1": 0, "seat2": "card"}, "seat2 must choose an action index"),
    ({"seat1": 0, "seat2": 0, "seat9": 0}, "there is no agent seat9; the agents are seat1, seat2"),
    ([0, 0], "actions is a dict from agent to action index, not list"),
])
def test_a_bad_step_is_refused_whole_and_changes_nothing(actions, message):
    env = TabletopParallel("test-high-card")
    env.reset(seed=3)
    before = [env.state_.view(seat) for seat in (None, "seat1", "seat2")]
    with pytest.raises(IllegalAction, match=message):
        env.step(actions)
    assert env.state_.history == []
    assert [env.state_.view(seat) for seat in (None, "seat1", "seat2")] == before
    env.step({"seat1": 0, "seat2": 0})  # the table still plays on
    assert len(env.state_.history) == 2


def test_the_step_limit_counts_moves_made_and_truncates():
    env = TabletopParallel("test-pig", max_steps=2)
    env.reset(seed=1)
    *_, truncations, _infos = env.step({"seat1": 0, "seat2": 0})
    assert truncations == {"seat1": False, "seat2": False}
    *_, truncations, _infos = env.step({"seat1": 0, "seat2": 0})
    assert len(env.state_.history) == 2 and truncations == {"seat1": True, "seat2": True} and env.agents == []
