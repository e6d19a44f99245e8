"""Agents decide only from what their seat may know: re-dealing everything hidden from a seat
(the opponent's cards, the deck) changes none of its agents' decisions.

The second position is made with ``determinize`` itself, so the test also checks that a
determinized copy keeps the seat's own view exactly, while another seat's view does change.
"""

from __future__ import annotations

import random

import pytest

import tabletop
from tabletop.agents import make_agent
from tabletop.core import Randomness, State
from tabletop.testing import fingerprint
from tests.agents import fixtures  # noqa: F401

HIDDEN = [info.name for info in tabletop.games() if info.hidden_information and not info.name.startswith("test-")]
GAMES = ["test-high-card", *HIDDEN] if HIDDEN else [
    "test-high-card", pytest.param("none", marks=pytest.mark.skip(reason="no hidden-information game has landed yet"))
]
AGENTS = ["heuristic", "mcts:iterations=10,depth=4", "hard:iterations=12"]  # hard: each game's tuned search


def _positions(name: str, count: int) -> list[State]:
    """Mid-game positions from seeded random play, each with a seat to act."""
    game = tabletop.load(name)
    found = []
    for seed in range(count * 3):
        rng = random.Random(seed)
        state = game.new_state(seed=seed)
        for _ in range(rng.randrange(0, 25)):
            if state.is_over:
                break
            seat = rng.choice(state.to_act)
            state.apply(seat, rng.choice(state.legal_actions(seat)))
        if not state.is_over:
            found.append(state)
        if len(found) == count:
            break
    return found


def _without_chance(state: State) -> bytes:
    copy = state.clone()
    copy.rng = Randomness(0)
    return fingerprint(copy)


def _same_sample(state: State, redealt: State, seat: str) -> bool:
    """Whether ``determinize`` draws the same world from both positions with the same generator:
    it must depend only on what ``seat`` has seen, never on the hidden cards themselves."""
    one, two = state.determinize(seat, Randomness(7)), redealt.determinize(seat, Randomness(7))
    return all(one.view(s) == two.view(s) for s in state.seats) and _without_chance(one) == _without_chance(two)


@pytest.mark.parametrize("spec", AGENTS)
@pytest.mark.parametrize("name", GAMES)
def test_decisions_ignore_the_opponents_hidden_information(name, spec):
    checked = 0
    for index, state in enumerate(_positions(name, 4)):
        seat = state.to_act[0]
        others = [s for s in state.seats if s != seat]
        redealt = state.determinize(seat, Randomness(1000 + index))
        assert redealt.view(seat) == state.view(seat), "determinize changed what the seat itself can see"
        if all(redealt.view(o) == state.view(o) for o in others) and _without_chance(redealt) == _without_chance(state):
            continue  # nothing hidden from this seat happened to change
        mine = make_agent(spec, seed=index).choose(state, seat)
        theirs = make_agent(spec, seed=index).choose(redealt, seat)
        assert _same_sample(state, redealt, seat), f"{name}'s determinize read where the hidden cards lie"
        assert mine == theirs, f"{spec} at {name} changed its move when only hidden cards changed"
        checked += 1
    if not checked:
        pytest.skip(f"no sampled {name} position had hidden information to re-deal")
