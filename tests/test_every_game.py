"""One conformance sweep over every registered game: seeded random games to the end, the
generic invariants after every step, identical replays, and an out-of-turn rejection."""

from __future__ import annotations

import pytest

import tabletop
import tests.pig  # noqa: F401  (the engine fixture game is swept too)
from tabletop.testing import assert_rejected, assert_replays, random_playthrough

GAMES = [info.name for info in tabletop.games()]


@pytest.mark.parametrize("name", GAMES)
def test_random_games_finish_replay_and_reject_out_of_turn(name):
    game = tabletop.load(name)
    for seed in range(3):
        state = random_playthrough(game, seed)
        assert state.outcome is not None and state.outcome.reason
        assert_replays(state)
    fresh = game.new_state(seed=11)
    idle = [seat for seat in fresh.seats if seat not in fresh.to_act]
    if idle:
        acting = fresh.to_act[0]
        assert_rejected(fresh, idle[0], fresh.legal_actions(acting)[0])


@pytest.mark.parametrize("name", GAMES)
def test_metadata_is_complete(name):
    info = tabletop.game_class(name).info
    assert info.title and info.summary and info.min_seats <= info.max_seats
    assert info.turn_style in ("sequential", "simultaneous", "real-time")
    game = tabletop.load(name)
    assert info.min_seats <= len(game.seats) <= info.max_seats


@pytest.mark.parametrize("name", GAMES)
def test_evaluations_are_each_seats_evaluate(name):
    """Search scores a position for every seat at once; a game's one-pass answer must be exactly
    what asking seat by seat gives, mid-game and at the end."""
    from tabletop.testing import heuristic_positions

    game = tabletop.load(name)
    positions = heuristic_positions(game, 3, every=7, max_steps=300)
    finished = game.new_state(seed=3)
    while not finished.is_over:
        seat = finished.to_act[0]
        finished.apply(seat, finished.suggest(seat, finished.rng))
    for state in [*positions, finished]:
        assert state.evaluations() == {seat: state.evaluate(seat) for seat in state.seats}
    assert positions
