"""What the search weighs in Fightball: features, plans and the fitted evaluation."""

from __future__ import annotations

import pytest

from tabletop.core import Randomness
from tabletop.testing import heuristic_positions
from tabletop.titles.fightball.actions import DISCARD, DRAW, TAKE, Play
from tabletop.titles.fightball.features import (
    EVALUATION,
    HAND_BASE,
    cards_left,
    features,
    game_left_scale,
    hand_worth,
    hope_left,
    placement_gains,
    race_risk,
    stack_worth,
)
from tabletop.titles.fightball.game import FightballState

from .helpers import game, position


def played_positions(seed: int, every: int = 11) -> list[FightballState]:
    return heuristic_positions(game(), seed, every=every, max_steps=500)


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
        assert plans[0] == (DISCARD,)
        assert all(len(plan) == 1 and isinstance(plan[0], Play) for plan in plans[1:])
        s = 0 if seat == "home" else 1
        left = cards_left(state)
        gains = [stack_worth(state, plan[0].stack - 1, [*state.stacks[plan[0].stack - 1], state.held[s]], s, left)
                 - stack_worth(state, plan[0].stack - 1, state.stacks[plan[0].stack - 1], s, left) for plan in plans[1:]]
        assert gains == sorted(gains, reverse=True)  # best first
    taking = [plan for state in positions for seat in state.to_act for plan in state.plans(seat) if plan[0] == TAKE]
    assert taking and all(len(plan) == 2 and isinstance(plan[1], Play) for plan in taking)  # taken back to be played


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
        for name in ("margin", "holding"):
            assert home[name] == pytest.approx(-away[name])


def test_the_fitted_evaluation_loads_and_stays_in_range(positions):
    assert EVALUATION.fitted_on
    for state in positions:
        for seat in state.seats:
            assert -1 <= state.evaluate(seat) <= 1
    ahead = positions[-1].clone()
    ahead.score = [ahead.score[0] + 30, ahead.score[1]]
    assert ahead.evaluate("home") > 0.5 > -0.5 > ahead.evaluate("away")


def test_the_hope_in_an_unfinished_play_fades_as_the_quarter_runs_out(positions):
    assert hope_left(False, 40) == hope_left(True, 40) == 1.0
    steps = [hope_left(False, left) for left in range(44)]
    assert steps == sorted(steps) and steps[0] == 0.0
    assert all(hope_left(True, left) >= hope_left(False, left) for left in range(44))
    for state in positions:
        for s in (0, 1):
            for index, stack in enumerate(state.stacks):
                if stack:
                    assert stack_worth(state, index, stack, s, 0) == pytest.approx(-stack_worth(state, index, stack, 1 - s, 0))


def test_a_card_played_onto_a_play_waiting_for_its_shot_weighs_the_race_for_it():
    g = game("aztecs", "the-dark")
    hidden = position(g, stacks={"home-blue-1": ["away:mei", "away:green-ball"], "home-blue-2": ["away:kage"]},
                      held={"home": "nochtli", "away": "jump-shot"})
    seen = hidden.clone()
    seen.held_public[1] = True  # the Jump Shot came face up off the discard pile
    quiet = hidden.clone()
    for state, stack in ((hidden, 17), (seen, 17), (quiet, 18)):
        state.apply("home", Play(stack))
    assert race_risk(seen, 0) > race_risk(hidden, 0) > 0 == race_risk(quiet, 0)
    assert race_risk(seen, 1) == 0  # only the coach who just played races
    assert seen.evaluate("home") < EVALUATION.value(features(seen, "home"))


def test_a_drawn_card_counts_what_a_draw_is_expected_to_gain(positions):
    g = game("aztecs", "the-dark")
    nothing = position(g, decks={"home": ["jump-shot", "long-shot"]})  # Shots on a bare court: False Starts
    assert hand_worth(nothing, 0) == 0.0
    shooters = position(g, decks={"home": ["jump-shot", "nochtli"]}, discards={"home": ["long-shot"]})
    left = cards_left(shooters)
    nochtli = next(c for c in shooters.decks[0] if shooters.table.cards[c].slug == "nochtli")
    best = max(gain for gain, _index in placement_gains(shooters, 0, nochtli, left))
    assert best > 0 and hand_worth(shooters, 0) == pytest.approx(best / 2)
    drawn = shooters.clone()
    drawn.apply("home", DRAW)
    assert hand_worth(drawn, 0) == pytest.approx(hand_worth(shooters, 0))  # whichever card came
    assert drawn.evaluate("home") == pytest.approx(
        EVALUATION.value({**features(drawn, "home"), "margin": features(drawn, "home")["margin"]
                          + (hand_worth(drawn, 0) - HAND_BASE) * game_left_scale(drawn)}))
    alone = position(g, decks={"home": ["jump-shot", "nochtli"]})  # no discard to weigh a draw against
    alone.apply("home", DRAW)
    assert alone.evaluate("home") == pytest.approx(EVALUATION.value(features(alone, "home")))
    for state in positions[::4]:
        for seat in state.to_act:
            s = 0 if seat == "home" else 1
            worths = {hand_worth(state.determinize(seat, Randomness(k)), s) for k in range(3)}
            assert len(worths) == 1  # the coach's own mix of cards, not the order of the deck
