"""Seeded random games of every scenario, with the game's invariants checked after every step."""

from __future__ import annotations

import os

import pytest

import tabletop
from tabletop.core import Randomness
from tabletop.testing import assert_replays, random_playthrough
from tabletop.titles.cagway_bay.game import CagwayState

SWEEP = int(os.environ.get("TABLETOP_SWEEP", "1"))
SCENARIOS = ("the-ruins", "under-cover-of-darkness", "open-warfare")


def invariants(state: CagwayState) -> None:
    table = state.table
    for ship in state.ships.values():
        assert 0 <= ship.hp <= ship.cls.hp, f"{ship.id} HP {ship.hp} out of 0..{ship.cls.hp}"
        assert ship.ap >= 0, f"{ship.id} has negative AP"
        assert 0 <= ship.supplies <= ship.cls.supplies, f"{ship.id} supplies {ship.supplies}"
        assert ship.treasure >= 0
        if ship.afloat:
            assert table.land.intersection(ship.hull).area < 0.05, f"{ship.id} is on land"
            assert not table.overlaps_land(ship.hull)
    assert state.turn <= state.turn_limit
    # only one gun (or one hand-to-hand blow) per ship in the turn so far
    attackers = []
    for event in reversed(state.events):
        if event.kind == "turn":
            break
        if event.kind in ("fire", "melee"):
            attackers.append(event.data["ship"])
    assert len(attackers) == len(set(attackers)), f"a ship attacked twice this turn: {attackers}"


def one_gun_per_turn(state: CagwayState) -> None:
    """Walk the history: no ship fires (or fights hand to hand) twice in a turn."""
    turn_of = []
    turn = 1
    for event in state.events:
        if event.kind == "turn":
            turn = event.data["turn"]
        if event.kind in ("fire", "melee"):
            turn_of.append((event.data["ship"], turn))
    assert len(turn_of) == len(set(turn_of)), "a ship attacked twice in one turn"


WEIGHTS = {"fire": 6.0, "melee": 6.0, "commandeer": 6.0, "grapple": 6.0, "dock": 4.0, "explore": 6.0,
           "scuttle": 1.0, "share": 0.5, "drift": 0.1, "done": 0.3}


def combative(rng, state, seat, legal):
    """Play that mixes the heuristic with random moves that seldom drift or stop early and usually
    take a fight when one is on offer, so captures, fires, repairs and boarding all come up."""
    if rng.random() < 0.6:
        return state.suggest(seat, Randomness(int(rng.random() * 1e9)))
    weights = [WEIGHTS.get(action.kind, 1.0) for action in legal]
    pick = rng.random() * sum(weights)
    for action, weight in zip(legal, weights, strict=True):
        pick -= weight
        if pick <= 0:
            return action
    return legal[-1]


@pytest.mark.parametrize("scenario", SCENARIOS)
@pytest.mark.parametrize("edges", ("open-sea", "land"))
def test_random_games_keep_the_invariants(scenario, edges):
    game = tabletop.load("cagway-bay", scenario=scenario, edges=edges)
    for seed in range(16 * SWEEP):
        state = random_playthrough(game, seed, invariants)
        one_gun_per_turn(state)
        assert state.outcome is not None and state.outcome.reason
        assert len(state.history) < 2000


@pytest.mark.parametrize("scenario", SCENARIOS)
@pytest.mark.parametrize("edges", ("open-sea", "land"))
def test_combative_random_games_keep_the_invariants(scenario, edges):
    game = tabletop.load("cagway-bay", scenario=scenario, edges=edges)
    for seed in range(100, 100 + 6 * SWEEP):
        state = random_playthrough(game, seed, invariants, choose=combative)
        one_gun_per_turn(state)
        assert state.outcome is not None and state.outcome.reason
        assert len(state.history) < 3000


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_random_games_replay_identically(scenario):
    game = tabletop.load("cagway-bay", scenario=scenario)
    state = random_playthrough(game, 5)
    assert_replays(state)


@pytest.mark.parametrize(("fleet1", "fleet2"), [("bomb-ketch+witch-sloop", ""), ("galleon", "brig+bomb-ketch")])
def test_designer_fleets_with_fire_keep_the_invariants(fleet1, fleet2):
    game = tabletop.load("cagway-bay", scenario="open-warfare", fleet1=fleet1, fleet2=fleet2)
    kinds = set()
    for seed in range(200, 200 + 3 * SWEEP):
        state = random_playthrough(game, seed, invariants, choose=combative)
        one_gun_per_turn(state)
        kinds.update(e.kind for e in state.events)
    assert "fire" in kinds
