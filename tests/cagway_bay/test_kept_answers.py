"""Answers kept for positions a search returns to are the answers worked out afresh."""

from __future__ import annotations

import pytest

import tabletop
from tabletop.core import Randomness
from tabletop.testing import heuristic_positions
from tabletop.titles.cagway_bay import heuristic


@pytest.mark.parametrize("scenario", ["the-ruins", "under-cover-of-darkness", "open-warfare"])
def test_the_rules_of_thumb_decide_the_same_from_memory(scenario: str) -> None:
    game = tabletop.load("cagway-bay", scenario=scenario)
    spots = heuristic_positions(game, 5, every=4, max_steps=240)
    fresh = []
    for state in spots:
        heuristic._DECIDED.clear()
        seat = state.to_act[0]
        dice = Randomness(7)
        fresh.append((state.suggest(seat, dice), dice.random()))
    # now with every position's decision kept, and asked twice: a kept answer must be the same
    # action, and must draw as much from the dice as working it out did
    for _ in range(2):
        for state, (action, after) in zip(spots, fresh, strict=True):
            seat = state.to_act[0]
            dice = Randomness(7)
            assert state.suggest(seat, dice) == action
            assert dice.random() == after
    assert len({action for action, _ in fresh}) > 3


def test_a_kept_course_still_follows_each_seed() -> None:
    game = tabletop.load("cagway-bay")
    state = game.new_state(seed=2)
    seat = state.to_act[0]
    fresh = {}
    for seed in range(12):
        heuristic._DECIDED.clear()
        fresh[seed] = state.suggest(seat, Randomness(seed))
    heuristic._DECIDED.clear()
    state.suggest(seat, Randomness(99))  # the position's decision kept from another seed
    for seed in range(12):
        assert state.clone().suggest(seat, Randomness(seed)) == fresh[seed]
    # the seeded preference between near-equal courses still tells the seeds apart
    assert len(set(fresh.values())) > 1


def test_a_kept_decision_is_never_another_games_with_other_options() -> None:
    """Every game of a scenario shares its table, so what the rules of thumb keep for a position
    must tell apart what else they read: the turn limit, the first capture and each ship's home."""
    import tabletop
    from tabletop.titles.cagway_bay.heuristic import situation

    long, short = (tabletop.load("cagway-bay", turns=turns).new_state(seed=1) for turns in (12, 3))
    assert long.table is short.table and long.turn_limit != short.turn_limit
    assert situation(long) != situation(short)
    captured = long.clone()
    captured.first_capture = captured.objective.seat
    assert situation(captured) != situation(long)
    moved = long.clone()
    next(iter(moved.ships.values())).home = 1 - next(iter(moved.ships.values())).home
    assert situation(moved) != situation(long)
