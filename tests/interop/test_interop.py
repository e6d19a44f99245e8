"""The PettingZoo and Gymnasium environments pass the libraries' own checks on every game."""

from __future__ import annotations

import json
import warnings
import zlib

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test

import tabletop
import tests.pig  # noqa: F401
from tabletop.core import IllegalAction
from tabletop.interop import TabletopAEC, TabletopGym, encode_vector
from tests.agents import fixtures  # noqa: F401

GAMES = [info.name for info in tabletop.games()]


@pytest.mark.parametrize("name", GAMES)
def test_pettingzoo_api_test_passes(name):
    env = TabletopAEC(name, max_steps=400)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(env, num_cycles=60)


@pytest.mark.parametrize("name", GAMES)
def test_json_observations_are_the_seat_views_and_in_their_space(name):
    env = TabletopAEC(name, observation="json", max_steps=200)
    env.reset(seed=2)
    rng = np.random.default_rng(1)
    for agent in env.agent_iter(200):
        observation, _reward, terminated, truncated, _info = env.last()
        assert env.observation_space(agent).contains(observation)
        assert json.loads(observation["observation"]) == json.loads(json.dumps(env.state_.view(agent)))
        legal = np.flatnonzero(observation["action_mask"])
        env.step(None if terminated or truncated else int(rng.choice(legal)))


def test_masks_follow_the_legal_actions_and_bad_indexes_are_refused():
    env = TabletopAEC("test-high-card")
    env.reset(seed=2)
    assert env.observe("seat1")["action_mask"].tolist()[:4] == [1, 1, 1, 0]
    with pytest.raises(IllegalAction, match="not legal"):
        env.step(env.n_actions - 1)


def test_simultaneous_seats_take_turns_in_the_aec_cycle():
    env = TabletopAEC("test-grab")
    env.reset(seed=1)
    order = []
    for _ in range(4):
        order.append(env.agent_selection)
        env.step(0)
    assert order == ["seat1", "seat2", "seat1", "seat2"]


def test_vector_encoding_is_stable_and_fixed_size():
    view = {"a": [1, 2], "b": {"c": "x"}, "d": True}
    assert np.array_equal(encode_vector(view, 32), encode_vector(dict(reversed(view.items())), 32))
    assert encode_vector(view, 32).shape == (32,)


@pytest.mark.parametrize("name", ["test-pig", "test-high-card", *[g for g in GAMES if not g.startswith("test-")][:1]])
def test_gymnasium_env_checker_and_a_game(name):
    env = TabletopGym(name, opponents="random", max_steps=300)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        check_env(env, skip_render_check=True)
    obs, _ = env.reset(seed=5)
    rng = np.random.default_rng(0)
    done = False
    while not done:
        legal = np.flatnonzero(obs["action_mask"])
        obs, reward, terminated, truncated, _info = env.step(int(rng.choice(legal)))
        done = terminated or truncated
    assert reward in (-1.0, 0.0, 1.0)


def test_an_episode_ends_by_default_even_under_a_policy_that_would_loop_for_ever():
    from tabletop.lab.match import DEFAULT_MAX_STEPS

    assert TabletopAEC("test-pig").max_steps == TabletopGym("test-pig").max_steps == DEFAULT_MAX_STEPS
    gym_env = TabletopGym("test-pig", max_steps=5)
    gym_env.reset(seed=1)
    ends = [gym_env.step(0)[2:4] for _ in range(5)]  # roll, roll, ...: the step limit ends it
    assert any(any(end) for end in ends)
    with pytest.raises(RuntimeError, match="the episode is over; call reset"):
        gym_env.step(0)


@pytest.mark.parametrize(("settings", "message"), [
    ({"observation": "image"}, "observation is 'vector' or 'json', not 'image'"),
    ({"max_actions": 0}, "max_actions is a whole number of at least 1, or None, not 0"),
    ({"max_actions": -3}, "max_actions is a whole number of at least 1"),
    ({"vector_size": 0}, "vector_size is a whole number of at least 1, not 0"),
    ({"max_steps": 0}, "max_steps is a whole number of at least 1, or None"),
    ({"render_mode": "human"}, "render_mode is 'ansi' or None, not 'human'"),
])
def test_settings_that_could_only_fail_later_are_refused_at_once(settings, message):
    for make in (TabletopAEC, TabletopGym):
        with pytest.raises(ValueError, match=message):
            make("test-pig", **settings)


def test_misuse_of_the_aec_cycle_is_named():
    env = TabletopAEC("test-pig", max_steps=3)
    with pytest.raises(RuntimeError, match="call reset"):
        env.step(0)
    with pytest.raises(ValueError, match="there is no agent 'nobody'; the agents are seat1, seat2"):
        env.action_space("nobody")
    env.reset(seed=1)
    for bad in ("a", 1.7, True, None):
        with pytest.raises(IllegalAction, match="must choose an action index"):
            env.step(bad)
    env.step(np.int64(0))  # NumPy's whole numbers are indexes too
    for _agent in env.agent_iter():
        env.step(None if any(env.last()[2:4]) else 0)
    with pytest.raises(RuntimeError, match="the episode is over"):
        env.step(0)


def test_gymnasium_info_says_how_many_actions_were_cut():
    gym_env = TabletopGym("travel-sfb", max_actions=2)
    _obs, info = gym_env.reset(seed=2)
    assert info["legal_actions"] > 2 and info["truncated_actions"] == info["legal_actions"] - 2


def test_a_row_of_numbers_lands_where_each_of_its_leaves_would():
    def by_hand(leaves: dict[str, float], size: int = 64) -> np.ndarray:
        out = np.zeros(size, dtype=np.float32)
        for path, number in leaves.items():
            out[zlib.crc32(path.encode()) % size] += number
        return out

    rows = {"counts": [3, 0, 2], "spot": [1.5, -2.0], "mixed": [1, "x"], "bad": [1.0, float("nan")]}
    expected = by_hand({".counts[0]": 3, ".counts[2]": 2, ".spot[0]": 1.5, ".spot[1]": -2.0,
                        ".mixed[0]": 1, ".mixed[1]=x": 1, ".bad[0]": 1.0})
    assert np.array_equal(encode_vector(rows, 64), expected)
