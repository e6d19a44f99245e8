"""What the search weighs in Fightball: features, plans and the fitted evaluation."""

from __future__ import annotations

import random

import pytest

from tabletop.core import Randomness
from tabletop.titles.fightball.actions import DISCARD, TAKE, Play
from tabletop.titles.fightball.features import EVALUATION, features
from tabletop.titles.fightball.game import FightballState

from .helpers import game


def played_positions(seed: int, every: int = 11) -> list[FightballState]:
    """Heuristic play, the coaches taking turns at random, kept every few actions."""
    state = game().new_state(seed=seed)
    assert isinstance(state, FightballState)
    rng = random.Random(seed)
    kept = []
    while not state.is_over and len(state.history) < 500:
        seat = rng.choice(state.to_act)
        if len(state.history) % every == 0:
            kept.append(state.clone())
        state.apply(seat, state.suggest(seat, Randomness(len(state.history))))
    return kept


@pytest.fixture(scope="module")
def positions() -> list[FightballState]:
    return played_positions(4)


def test_plans_start_legal_and_play_on_to_legal_positions(positions):
    for state in positions:
        for seat in state.to_act:
            plans = state.plans(seat)
            legal = state.legal_actions(seat)
            assert plans and len(plans) <= 8
            assert all(plan[0] in legal for plan in plans)
            for plan in plans:
                world = state.clone()
                for action in plan:
                    world.apply(seat, action)
                for mover in world.to_act:
                    assert world.legal_actions(mover)


def test_a_held_card_goes_to_its_best_stacks_or_the_discard_pile(positions):
    holding = [(state, seat) for state in positions if state.phase == "fast"
               for seat in state.to_act if 0 <= state.held[0 if seat == "home" else 1] != state.table.buzz[0 if seat == "home" else 1]]
    assert holding
    for state, seat in holding:
        plans = state.plans(seat)
        assert plans[-1] == (DISCARD,)
        assert all(len(plan) == 1 and isinstance(plan[0], Play) for plan in plans[:-1])
    taking = [plan for state in positions for seat in state.to_act for plan in state.plans(seat) if plan[0] == TAKE]
    assert all(len(plan) in (1, 2) for plan in taking)


def test_plans_read_only_what_the_coach_may_see(positions):
    """Re-dealing what the coach cannot see (decks, the other coach's hand) changes no plan."""
    for state in positions[::3]:
        for seat in state.to_act:
            seen = {tuple(state.determinize(seat, Randomness(k)).plans(seat)) for k in range(3)}
            assert len(seen) == 1
            looks = [state.determinize(seat, Randomness(k)).features(seat) for k in range(3)]
            assert all(look == looks[0] for look in looks)


def test_features_mirror_between_the_coaches(positions):
    for state in positions:
        home, away = features(state, "home"), features(state, "away")
        assert set(home) == set(EVALUATION.names)
        for name in ("margin", "hope", "deck_lead"):
            assert home[name] == pytest.approx(-away[name])


def test_the_fitted_evaluation_loads_and_stays_in_range(positions):
    assert EVALUATION.fitted_on
    for state in positions:
        for seat in state.seats:
            assert -1 <= state.evaluate(seat) <= 1
    ahead = positions[-1].clone()
    ahead.score = [ahead.score[0] + 30, ahead.score[1]]
    assert ahead.evaluate("home") > 0.5 > -0.5 > ahead.evaluate("away")
