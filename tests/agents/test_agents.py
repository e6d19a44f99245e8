"""Every agent plays every registered game to the end; the registry and the options work;
MCTS respects its budgets and finds the obvious move; simultaneous turns decide blind."""

from __future__ import annotations

import time

import pytest

import tabletop
import tests.pig  # noqa: F401  (registers test-pig)
from tabletop.agents import BadAgentSpec, MCTSAgent, agent_names, make_agent
from tabletop.core import Action, State
from tabletop.lab import play_agents
from tabletop.testing import check_generic_invariants
from tests.agents import fixtures  # noqa: F401  (registers test-high-card and test-grab)
from tests.pig import Hold, Roll

GAMES = [info.name for info in tabletop.games()]
# Tiny budgets: these tests prove the agents work everywhere, not how well they play.
AGENTS = ["random", "heuristic", "mcts:iterations=4,depth=3"]
SEEDS = {"random": (0, 1, 2), "heuristic": (0, 1, 2), "mcts:iterations=4,depth=3": (0, 1)}


@pytest.mark.parametrize("spec", AGENTS)
@pytest.mark.parametrize("name", GAMES)
def test_every_agent_finishes_every_game(name, spec):
    game = tabletop.load(name)
    for seed in SEEDS[spec]:
        agents = {seat: make_agent(spec, seed=seed * 10 + i) for i, seat in enumerate(game.seats)}
        state = play_agents(game.new_state(seed=seed), agents, seed=seed)
        assert state.outcome is not None and state.outcome.reason
        check_generic_invariants(state)


def test_registry_names_and_bad_specs():
    assert {"random", "heuristic", "mcts"} <= set(agent_names())
    assert isinstance(make_agent("mcts:think=250ms"), MCTSAgent)
    for bad, message in [
        ("mcts:think=soon", "must be a number"),
        ("mcts:iterations=0", "at least 1"),
        ("mcts:rollout=clever", "heuristic, random"),
        ("mcts:colour=red", "does not take"),
        ("heuristic:speed=warp", "beginner, club, pro"),
        ("oracle", "the agents are"),
        ("random:seed=3", r"agent 'random' does not take the options \['seed'\]; it takes speed$"),
        ("heuristic:x=1", r"does not take the options \['x'\]; it takes blunder, speed$"),
        ("hard:think=-1", "a time above zero such as 1s"),
        ("hard:think=0", "a time above zero such as 1s"),
        ("mcts:c=inf", "must be a finite number"),
        ("heuristic:blunder=-1", "at least 0, not '-1'$"),
    ]:
        with pytest.raises(BadAgentSpec, match=message):
            make_agent(bad)


def test_speed_profiles_set_reaction_times_but_not_choices():
    state = tabletop.load("test-pig").new_state(seed=4)
    pro, beginner = make_agent("heuristic:speed=pro", seed=3), make_agent("heuristic:speed=beginner", seed=3)
    pro_times = [pro.reaction_time(state, "seat1") for _ in range(50)]
    slow_times = [beginner.reaction_time(state, "seat1") for _ in range(50)]
    assert sum(pro_times) < sum(slow_times)
    assert all(t > 0 for t in pro_times)
    assert [pro.choose(state, "seat1") for _ in range(5)] == [beginner.choose(state, "seat1") for _ in range(5)]
    assert make_agent("random:speed=0.3s").speed.median == 0.3


def test_mcts_iteration_budget_and_determinism():
    state = tabletop.load("test-pig").new_state(seed=9)
    first = make_agent("mcts:iterations=60", seed=5)
    choice = first.choose(state, "seat1")
    assert first.last.iterations == 60
    assert sum(first.last.visits.values()) == 60
    again = make_agent("mcts:iterations=60", seed=5)
    assert again.choose(state, "seat1") == choice
    assert again.last.visits == first.last.visits


def test_mcts_time_budget_is_kept():
    state = tabletop.load("test-pig").new_state(seed=9)
    agent = make_agent("mcts:think=0.15", seed=1)
    started = time.perf_counter()
    agent.choose(state, "seat1")
    assert time.perf_counter() - started < 1.0
    assert agent.last.iterations > 5


def test_mcts_banks_the_winning_total():
    # 18 banked and a 6 rolled: holding wins now, rolling risks a 1.
    state = tabletop.load("test-pig").new_state(seed=1, scenario={"banked": {"seat1": 18}}, dice=[6])
    state.apply("seat1", Roll())
    assert make_agent("mcts:iterations=200,rollout=random", seed=2).choose(state, "seat1") == Hold()


def test_mcts_does_not_touch_the_real_game():
    state = tabletop.load("test-high-card").new_state(seed=2)
    before = (state.rng._random.getstate(), [list(h) for h in state.hands.values()], len(state.events))
    make_agent("mcts:iterations=30", seed=1).choose(state, "seat1")
    assert before == (state.rng._random.getstate(), [list(h) for h in state.hands.values()], len(state.events))


def test_mcts_beats_random_in_a_simultaneous_hidden_card_game():
    game = tabletop.load("test-high-card", hand=3)
    wins = 0
    for seed in range(6):
        agents = {"seat1": make_agent("mcts:iterations=60", seed=seed), "seat2": make_agent("random", seed=seed)}
        state = play_agents(game.new_state(seed=seed), agents)
        wins += state.outcome is not None and state.outcome.winners == ("seat1",)
    assert wins >= 3


def test_simultaneous_seats_decide_from_the_same_position():
    from tabletop.agents.base import Agent

    seen: list[tuple[str, tuple[str, ...], int]] = []

    class Watcher(Agent):
        name = "watcher"

        def choose(self, state: State, seat: str) -> Action:
            seen.append((seat, state.to_act, len(state.history)))
            return state.legal_actions(seat)[0]

    state = tabletop.load("test-high-card").new_state(seed=3)
    play_agents(state, {"seat1": Watcher(), "seat2": Watcher()})
    assert seen[:2] == [("seat1", ("seat1", "seat2"), 0), ("seat2", ("seat1", "seat2"), 0)]
    assert len(seen) == 6


def test_mcts_plays_a_game_with_more_than_two_seats():
    crowded = [i for i in tabletop.games() if i.max_seats > 2 and any(o.name == "players" for o in i.options)]
    if not crowded:
        pytest.skip("no landed game takes more than two seats through a 'players' option")
    info = crowded[0]
    game = tabletop.load(info.name, players=min(4, info.max_seats))
    assert len(game.seats) > 2
    state = game.new_state(seed=5)
    searcher = make_agent("mcts:iterations=6,depth=2", seed=1)
    others = make_agent("random", seed=2)
    decided = 0
    while not state.is_over and decided < 6:
        seat = state.to_act[0]
        if len(state.legal_actions(seat)) > 1:
            state.apply(seat, searcher.choose(state, seat))
            decided += 1
            assert searcher.last.iterations == 6
        else:
            state.apply(seat, others.choose(state, seat))
    check_generic_invariants(state)
