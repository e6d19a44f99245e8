"""Seeded random duels with the game's invariants after every step, across ships and options.

TABLETOP_SWEEP=n multiplies the number of games for deeper runs.
"""

from __future__ import annotations

import os

import pytest

import tabletop
from tabletop.testing import assert_replays, random_playthrough
from tabletop.titles.travel_sfb.ships import SHIP_SLUGS

from .helpers import Invariants

SWEEP = int(os.environ.get("TABLETOP_SWEEP", "1"))

VARIANTS = [
    {},
    {"batteries": True},
    {"open_allocation": True},
    {"batteries": True, "open_allocation": True, "cancel_rule": "all", "ace_rule": "own-ship"},
    {"ship1": "orion", "ship2": "hydran-fighters", "batteries": True},
    {"ship1": "romulan", "ship2": "tholian", "turn_limit": 5, "limit_result": "less-damage"},
    {"ship1": "orion", "ship2": "orion", "orion_engines": "always"},
]


@pytest.mark.parametrize("options", VARIANTS, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()) or "default")
def test_random_duels_keep_every_invariant(options):
    game = tabletop.load("travel-sfb", **options)
    for seed in range(250 * SWEEP):
        state = random_playthrough(game, seed, Invariants())
        assert state.outcome is not None and state.outcome.reason
    assert_replays(state)


def test_every_ship_matchup_finishes():
    """The 11 x 11 sweep designers run, one quick duel per matchup (invariants on every few steps)."""
    for k, first in enumerate(SHIP_SLUGS):
        for m, second in enumerate(SHIP_SLUGS):
            game = tabletop.load("travel-sfb", ship1=first, ship2=second, batteries=(k + m) % 2 == 0)
            for seed in range(SWEEP):
                state = random_playthrough(game, seed * 131 + k * 11 + m, Invariants(), check_every=7)
                assert state.is_over
