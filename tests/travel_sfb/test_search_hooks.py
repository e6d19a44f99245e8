"""What search reads from a position: whole-allocation plans, features and the fitted evaluation."""

from __future__ import annotations

import math
import random

import pytest

import tabletop
from tabletop.core import Randomness
from tabletop.titles.travel_sfb.actions import Place
from tabletop.titles.travel_sfb.features import EVALUATION_FILE, FEATURES, FITTED, load_evaluation
from tabletop.titles.travel_sfb.heuristic import _BEST, _PLACEMENTS
from tabletop.titles.travel_sfb.knowledge import SEATS, unseen_advantage
from tabletop.titles.travel_sfb.rules import ALLOCATE, PAIR

from .helpers import allocate, new

OPTION_SETS = [{}, {"batteries": True, "ship1": "orion", "ship2": "hydran-fighters"}, {"open_allocation": True}]


def positions(options, seeds=range(3)):
    """Every position of a few random duels, with the seat to act."""
    game = tabletop.load("travel-sfb", **options)
    for seed in seeds:
        rng = random.Random(seed)
        state = game.new_state(seed=seed)
        while not state.is_over:
            seat = rng.choice(state.to_act)
            yield state, seat
            state.apply(seat, rng.choice(state.legal_actions(seat)))


@pytest.mark.parametrize("options", OPTION_SETS)
def test_plans_start_legal_and_a_played_plan_ends_the_allocation(options):
    for state, seat in positions(options, range(2)):
        plans = state.plans(seat)
        legal = state.legal_actions(seat)
        assert plans and all(plan[0] in legal for plan in plans)
        if state.phase != ALLOCATE:
            assert sorted(map(str, (p[0] for p in plans))) == sorted(map(str, legal))
            continue
        assert len(plans) <= 10 and len(set(plans)) == len(plans)
        for plan in plans:
            world = state.clone()
            for action in plan:
                if seat not in world.to_act or action not in world.legal_actions(seat):
                    break
                world.apply(seat, action)
            assert not options.get("open_allocation") or len(world.history) > len(state.history)
            if not options.get("open_allocation"):
                assert seat not in world.to_act or world.phase != ALLOCATE or world.turn > state.turn, plan


def test_plans_range_over_splits_and_start_with_the_heuristic_allocation():
    state = new("KS QS 9C 5D 2S 3H 4H 6C 7C 8D")
    plans = state.plans("seat1")
    splits = {tuple(sum(1 for a in plan if isinstance(a, Place) and a.row == row)
                    for row in ("offense", "movement", "defense")) for plan in plans}
    assert len(splits) == len(plans) > 3
    assert all(isinstance(action, Place) for plan in plans for action in plan)
    assert plans[0][0] == state.suggest("seat1", Randomness(0))


@pytest.mark.parametrize("options", OPTION_SETS)
def test_plans_depend_only_on_what_the_seat_has_seen(options):
    """Like the heuristic, plans are made on a determinized copy; where the seat's own advantage cards
    are still face down to it, their values in the copy are guesses, so those positions are left out."""
    rng = Randomness(7)
    checked = 0
    for state, seat in positions(options, range(2)):
        if state.phase == ALLOCATE and not unseen_advantage(state, SEATS.index(seat), SEATS.index(seat)):
            assert state.determinize(seat, rng).plans(seat) == state.plans(seat)
            checked += 1
    assert checked > 10


@pytest.mark.parametrize("options", OPTION_SETS)
def test_features_are_named_finite_and_mirror_between_the_seats(options):
    for state, _seat in positions(options, range(2)):
        mine, theirs = state.features("seat1"), state.features("seat2")
        assert tuple(mine) == FEATURES
        assert all(math.isfinite(v) for v in mine.values())
        for name in ("generation_share_margin", "generation_margin", "advantage_margin", "card_margin",
                     "value_margin"):
            assert mine[name] == -theirs[name]
        assert (mine["my_generation"], mine["kill_now"]) == (theirs["their_generation"], theirs["killed_now"])


def test_features_count_the_damage_already_decided_as_dealt():
    state = new("AS KS QS JS 2C 2D", generation={"seat2": 1})
    allocate(state, "seat1", offense="KS QS", movement="AS JS", defense="2C")
    assert state.features("seat1")["kill_now"] == 0.0
    allocate(state, "seat2", movement="2D")
    assert state.phase == PAIR
    assert state.features("seat1")["kill_now"] == 1.0 == state.features("seat2")["killed_now"]
    assert state.features("seat1")["their_generation"] == 0.0
    assert state.evaluate("seat1") > 0.5


def test_the_evaluation_file_loads_and_values_stay_within_one():
    assert EVALUATION_FILE.exists() and load_evaluation() == FITTED
    assert set(FITTED.names) <= set(FEATURES)
    for state, seat in positions({}, range(2)):
        assert -1.0 <= state.evaluate(seat) <= 1.0


def test_in_a_world_drawn_for_one_seat_the_other_ship_offers_only_its_likeliest_allocation():
    state = new("KS QS 9C 5D 2S 3H 4H 6C 7C 8D")
    world = state.determinize("seat1", Randomness(3))
    assert len(world.plans("seat1")) == len(state.plans("seat1")) > 1
    reply = world.plans("seat2")
    assert len(reply) == 1 and reply[0][0] == world.suggest("seat2", Randomness(0))
    assert len(state.plans("seat2")) > 1


# Each sign of erratic play: seat2's allocation, whether it must finish by hand (cards kept), and
# the counts it leaves (idle, unsorted).
ERRATIC_SIGNS = {
    "cards kept back with room for them": ({"offense": "3H"}, True, [0, 1], [0, 0]),
    "rows that are not runs of the hand": ({"offense": "8D 3H", "movement": "7C 6C", "defense": "4H"}, False,
                                           [0, 0], [0, 1]),
}


@pytest.mark.parametrize("sign", ERRATIC_SIGNS)
def test_a_ship_that_shows_a_sign_of_erratic_play_is_met_with_the_rules_of_thumb(sign):
    rows, keeps_cards, idle, unsorted = ERRATIC_SIGNS[sign]
    state = new("KS QS 9C 5D 2S 3H 4H 6C 7C 8D")
    allocate(state, "seat1", offense="KS QS", defense="9C 5D 2S")  # every card placed, in runs
    allocate(state, "seat2", **rows, finish=keeps_cards)
    assert state.turn == 2 and state.idle == idle and state.unsorted == unsorted
    world = state.determinize("seat1", Randomness(3))
    assert world.idle == idle and world.unsorted == unsorted
    for position in (state, world):
        plans = position.plans("seat1")
        assert len(plans) == 1 and plans[0][0] == position.suggest("seat1", Randomness(0))
    assert len(state.plans("seat2")) > 1


def test_rows_placed_beside_unseen_advantage_cards_or_in_the_open_are_not_judged():
    # With advantage cards face down in its Offense a ship guesses their worth afresh at each
    # placement, and in the open it answers each of the other ship's cards: its rows need not be
    # runs of its hand then.
    hidden = new("KS QS 9C 5D 2S JH 3H 4H 6C 7C 8D", advantage={"seat2": 1})
    allocate(hidden, "seat1", offense="KS QS", defense="9C 5D 2S")
    allocate(hidden, "seat2", offense="8D 3H", movement="7C 6C", defense="4H", finish=False)
    seen = new("KS QS 9C 5D 2S JH 3H 4H 6C 7C 8D", {"advantage_cards": "owner-looks"}, advantage={"seat2": 1})
    allocate(seen, "seat1", offense="KS QS", defense="9C 5D 2S")
    allocate(seen, "seat2", offense="8D 3H", movement="7C 6C", defense="4H", finish=False)
    shown = new("KS QS 9C 5D 2S 3H 4H 6C 7C 8D", {"open_allocation": True}, first_placer="seat1")
    for seat1, seat2 in (("KS offense", "8D offense"), ("QS offense", "3H offense"), ("9C defense", "7C movement"),
                         ("5D defense", "6C movement"), ("2S defense", "4H defense")):
        for seat, move in (("seat1", seat1), ("seat2", seat2)):
            card, row = move.split()
            shown.apply(seat, Place(card, row))
    assert hidden.turn == seen.turn == shown.turn == 2
    assert hidden.unsorted == shown.unsorted == [0, 0] and seen.unsorted == [0, 1]


@pytest.mark.parametrize("options", OPTION_SETS)
def test_the_rules_of_thumb_never_look_erratic(options):
    # So a search meets them (and itself) with its model of a sound reply, as before this sign
    # was read. From a fresh start: partway through a turn the rules of thumb follow the plan
    # they remember for that point, which may have been worked out from another hand (see
    # docs/rules/travel-sfb.md section 5).
    _PLACEMENTS.clear()
    _BEST.clear()
    game = tabletop.load("travel-sfb", **options)
    for seed in range(12):
        state = game.new_state(seed=seed)
        rng = Randomness(seed)
        while not state.is_over:
            seat = state.to_act[0]
            state.apply(seat, state.suggest(seat, rng))
        assert state.unsorted == [0, 0] and state.idle == [0, 0]
