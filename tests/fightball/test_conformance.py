"""Seeded random games to the end with every invariant checked after every step."""

from __future__ import annotations

import os

import pytest

from tabletop.testing import assert_replays, random_playthrough
from tabletop.titles.fightball.cards import team_slugs
from tests.fightball.helpers import game, invariants

SWEEP = int(os.environ.get("TABLETOP_SWEEP", "1"))
TEAMS = team_slugs()


@pytest.mark.parametrize("home", TEAMS)
def test_random_full_games_keep_every_invariant(home):
    for offset, away in enumerate(TEAMS):
        g = game(home, away)
        for seed in range(SWEEP):
            state = random_playthrough(g, seed * 100 + offset, invariants, check_every=2)
            invariants(state)
            assert state.outcome is not None and state.quarter == 4


def test_many_games_with_sparse_checks():
    """A thousand more games, checking the invariants every 100 steps and at the end."""
    teams = team_slugs()
    for seed in range(1000 * SWEEP):
        g = game(teams[seed % 6], teams[(seed // 6) % 6])
        state = random_playthrough(g, 1000 + seed, invariants, check_every=100)
        invariants(state)


def test_games_with_options_finish():
    for options in ({"quarters": 1}, {"buzzer_beater": False}, {"tiebreak": "overtime", "quarters": 1}):
        g = game("aztecs", "aztecs", **options)
        for seed in range(5):
            state = random_playthrough(g, seed, invariants, check_every=5)
            invariants(state)
            assert state.outcome is not None


def test_random_games_replay_identically():
    g = game("texas-wildcats", "the-dark")
    for seed in range(3):
        assert_replays(random_playthrough(g, seed))


def test_random_games_make_the_scoring_rounds_choices():
    """Random coaches answer Go, Team! at random; the score still re-derives from the record."""
    g = game("texas-wildcats", "texas-wildcats")
    made = 0
    for seed in range(40):
        state = random_playthrough(g, seed, invariants, check_every=50)
        invariants(state)
        made += sum(len(q[3]) for q in state.quarter_log)
        if state.history and made:
            assert_replays(state)
            break
    assert made
