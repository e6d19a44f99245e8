"""What the search weighs in the match: features, plans and the fitted evaluation."""

from __future__ import annotations

import pickle
import random

import pytest

from tabletop.core import Randomness
from tabletop.testing import heuristic_positions
from tabletop.titles.friendly_competition import heuristic
from tabletop.titles.friendly_competition.actions import (
    END_TURN,
    JOSTLES,
    MOVES,
    PASSES,
    PICK_UPS,
    TACKLES,
    Jostle,
    Move,
    PickUp,
    Tackle,
)
from tabletop.titles.friendly_competition.features import EVALUATION, features
from tabletop.titles.friendly_competition.game import FriendlyState
from tabletop.titles.friendly_competition.heuristic import FORMATION, mirror
from tabletop.titles.friendly_competition.plans import DEFENCE

from .helpers import at, game, position


def played_positions(seed: int, every: int = 7) -> list[FriendlyState]:
    return heuristic_positions(game(), seed, every=every, max_steps=400)


@pytest.fixture(scope="module")
def positions() -> list[FriendlyState]:
    return played_positions(3)


def test_plans_start_legal_and_play_on_to_legal_positions(positions):
    rng = random.Random(5)
    for state in positions:
        seat = state.to_act[0]
        plans = state.plans(seat)
        legal = state.legal_actions(seat)
        assert plans and len(plans) <= 40
        assert all(plan[0] in legal for plan in plans)
        world = state.clone()
        for action in rng.choice(plans):
            if world.is_over or seat not in world.to_act or action not in world.legal_actions(seat):
                break
            world.apply(seat, action)
        for mover in world.to_act:
            assert world.legal_actions(mover)


def test_plans_run_to_a_loose_ball_and_pick_it_up():
    state = position(["f19", "j14"], ["j2"], ball={"at": "j11"}, ap=10)
    runs = [plan for plan in state.plans("seat1") if plan[-1] == PickUp(2)]
    assert runs and all(isinstance(step, Move) for step in runs[0][:-1]) and len(runs[0]) == 4


def test_plans_run_at_the_carrier_and_tackle():
    state = position(["f19", "j14"], ["j2", "j10"], ball={"holder": "seat2:2"}, ap=10)
    assert any(plan[-1] == Tackle(2) and len(plan) > 1 for plan in state.plans("seat1"))


def test_plans_carry_the_ball_into_goal_when_it_can_be_reached():
    state = position(["f19", "j4"], ["j2"], ball={"holder": "seat1:2"}, ap=10)
    runs = [plan for plan in state.plans("seat1") if all(isinstance(a, Move) for a in plan)]
    world = state.clone()
    before = world.score[0]
    for action in runs[0]:
        world.apply("seat1", action)
    assert world.score[0] == before + 1
    assert (END_TURN,) in state.plans("seat1")


def test_features_are_from_each_side_and_mirror(positions):
    for state in positions:
        mine, theirs = features(state, "seat1"), features(state, "seat2")
        assert set(mine) == set(EVALUATION.names)
        for name in ("lead", "lead_scaled", "field_scaled", "possession_scaled", "tempo_scaled"):
            assert mine[name] == pytest.approx(-theirs[name])


def test_features_read_the_score_and_possession():
    ahead = position(["f19", "j14"], ["j2"], ball={"holder": "seat1:2"}, score={"seat1": 2})
    found = features(ahead, "seat1")
    assert found["lead"] == 2 and found["possession_scaled"] > 0
    assert features(ahead, "seat2")["possession_scaled"] < 0


def test_the_fitted_evaluation_loads_and_stays_in_range(positions):
    assert EVALUATION.fitted_on
    for state in positions:
        for seat in state.seats:
            assert -1 <= state.evaluate(seat) <= 1
    ahead = position(["f19", "j14"], ["j2"], ball={"at": "j10"}, score={"seat1": 2})
    assert ahead.evaluate("seat1") > 0.5 > -0.5 > ahead.evaluate("seat2")


def test_a_step_checked_alone_agrees_with_the_menu(positions):
    for state in positions:
        seat = state.to_act[0]
        legal = set(state.legal_actions(seat))
        for who in range(1, 7):
            for direction in ("n", "ne", "e", "se", "s", "sw", "w", "nw"):
                move = Move(who, direction)
                assert state.explain(seat, move) is None or move not in legal
                assert (state.explain(seat, move) is None) == (move in legal)


def randomly_played(seed: int, **options: object) -> list[FriendlyState]:
    """Positions of random play, which tackles and jostles far more than the rules of thumb."""
    rng = random.Random(seed)
    state = game(**options).new_state(seed=seed)
    out = []
    while not state.is_over and len(state.history) < 1500:
        seat = rng.choice(state.to_act)
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        if isinstance(state, FriendlyState) and state.phase == "play" and len(state.history) % 3 == 0:
            out.append(state.clone())
    return out


def contact_variants(state: FriendlyState) -> list[FriendlyState]:
    """The position, and with tackles already made this turn (by the side and by each teamster)."""
    out = [state]
    for made in (1, 2):
        copy = state.clone()
        copy.side_tackles = made
        copy.tackles = [made] * len(copy.tackles)
        out.append(copy)
    return out


CONTACT_RULES = [{}, {"tackle_count": "teamster", "max_tackles": 2, "jostle_counts_as_tackle": True},
                 {"goalie_jostle": "allowed", "goalie_protection": "either-zone", "max_tackles": 1}]


@pytest.mark.parametrize("options", CONTACT_RULES)
def test_quick_checks_agree_with_the_menu(positions, options):
    actions = [END_TURN, *PICK_UPS[1:], *(p for row in PASSES for p in row),
               *(m for row in MOVES[1:] for m in row), *TACKLES[1:], *(j for row in JOSTLES[1:] for j in row[1:])]
    contacts = 0
    # a goalie in its goal zone, with the ball and without, next to a team-mate and an enemy
    goalies = [position(["f19", "j3", "k3"], ["j2", "k2"], ball=ball, options=options)
               for ball in ({"holder": "seat2:1"}, {"at": "j10"}, {"holder": "seat2:2"})]
    played = [variant for spot in randomly_played(len(options), **options) for variant in contact_variants(spot)]
    for state in [*(positions if not options else []), *goalies, *played]:
        for seat in state.seats:
            legal = set(state.legal_actions(seat))
            for action in actions:
                quick = state.quick_legal(seat, action)
                assert quick is None or quick == (action in legal), (action, seat)
            if state.phase == "play" and seat in state.to_act:
                assert all(state.quick_legal(seat, a) is not None for a in actions)
                contacts += sum(isinstance(a, (Tackle, Jostle)) for a in legal)
    assert contacts > 30


@pytest.mark.parametrize("kickoff", ["seat1", "seat2"])
def test_deployment_plans_block_the_goal_when_the_other_side_kicks_off(kickoff):
    state = game().new_state(seed=1, scenario={"phase": "deploy", "kickoff": kickoff})
    while state.phase == "deploy":
        seat = state.to_act[0]
        plans = state.plans(seat)
        assert len(plans) == 1 and plans[0][0] in state.legal_actions(seat)
        state.apply(seat, plans[0][0])
    defender, kicker = ("seat2", "seat1") if kickoff == "seat1" else ("seat1", "seat2")
    wall = {at(state, defender, number) for number in range(1, 7)}
    assert wall == set(DEFENCE if defender == "seat1" else (mirror(n) for n in DEFENCE))
    assert at(state, kicker, 2) == (FORMATION[1] if kicker == "seat1" else mirror(FORMATION[1]))


def test_a_pickled_game_leaves_the_kept_plans_behind():
    state = position(["f19", "j14"], ["j2"], ball={"at": "j11"}, ap=10)
    state.plans("seat1")
    assert state.game.kept_plans
    copy = pickle.loads(pickle.dumps(state))
    assert copy.game.kept_plans == {} and copy.plans("seat1") == state.plans("seat1")


def test_deployment_plans_keep_the_formation_when_teams_return_to_their_opening_places():
    state = game(restart="kick-off-positions").new_state(seed=1, scenario={"phase": "deploy", "kickoff": "seat1"})
    plans = state.plans("seat2")
    assert plans == [(heuristic.suggest(state, "seat2", Randomness(0)),)]
