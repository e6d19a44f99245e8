"""The shortcuts that make search fast give exactly what the plain ways give: refusals, log
entries written when read, the shuffle of a drawn world, the fitted evaluation, kept plans, the
ranking of allocations, the rows with room after a placement, the shared keys of the rules of
thumb, the plans they remember, the engine's boundary for the duel's own actions and a search's
rollout cut short where allocating changes nothing it returns."""

from __future__ import annotations

import pickle
from unittest.mock import patch

import pytest

from tabletop.agents import MCTSAgent
from tabletop.agents.settings import search_settings
from tabletop.core import Event, IllegalAction, Randomness
from tabletop.core.evaluation import FittedEvaluation
from tabletop.titles.travel_sfb.actions import CODEC, FINISH, KEEP, PLACE, Place
from tabletop.titles.travel_sfb.cards import CODES, DECK_SIZE
from tabletop.titles.travel_sfb.features import FEATURES, FITTED, features, fitted_value
from tabletop.titles.travel_sfb.game import TravelState
from tabletop.titles.travel_sfb.heuristic import (
    _BEST,
    _PLACEMENTS,
    SAMPLES,
    _best_split,
    _counts,
    _movement_value,
    _opponent_key,
    _opponent_moves,
    _plan,
    _plan_scores,
    placement_key,
    placing,
    split_bests,
)
from tabletop.titles.travel_sfb.knowledge import SEATS
from tabletop.titles.travel_sfb.log import Drafted, event
from tabletop.titles.travel_sfb.plans import KeptPlan, _actions, _rank
from tabletop.titles.travel_sfb.rules import ALLOCATE

from .helpers import allocate, new, pair
from .test_search_hooks import OPTION_SETS, positions
from .test_whole_plans import allocation_positions


def test_a_refused_placement_names_the_card_and_lists_the_legal_moves_when_read():
    state = new()
    missing = next(CODES[c] for c in range(DECK_SIZE) if c not in state.hands[0])
    with pytest.raises(IllegalAction) as caught:
        state.apply("seat1", Place(missing, "offense"))
    legal = state.legal_actions("seat1")
    message = str(caught.value)
    assert message.startswith(f"place card={missing} row=offense is not legal for seat1 now ({missing} is not in your hand)")
    assert f"legal now: {legal[0]}" in message and f"(and {len(legal) - 12} more)" in message
    assert caught.value.args == (message,)
    again = pickle.loads(pickle.dumps(caught.value))
    assert type(again) is IllegalAction and str(again) == message


def test_a_drafted_entry_reads_and_pickles_as_the_entry_it_drafts():
    drafted = Drafted("deal-private", lambda cards: (f"You are dealt {cards}.", {"cards": list(cards)}), (("AH",),),
                      frozenset({"seat1"}))
    assert (drafted.kind, drafted.text, drafted.data, drafted.visible_to) == (
        "deal-private", "You are dealt ('AH',).", {"cards": ["AH"]}, frozenset({"seat1"}))
    assert drafted.to_json() == Event("deal-private", drafted.text, drafted.data, frozenset({"seat1"})).to_json()
    assert pickle.loads(pickle.dumps(drafted)) == drafted
    with pytest.raises(AttributeError):
        drafted.text = "changed"  # type: ignore[misc]
    assert event("turn", "Turn 1 begins.", {"turn": 1}, None) == Event("turn", "Turn 1 begins.", {"turn": 1})


@pytest.mark.parametrize("options", OPTION_SETS)
def test_the_fitted_evaluation_gives_the_model_s_very_number(options):
    assert FITTED is not None
    for state, seat in positions(options, range(1)):
        assert fitted_value(FITTED, state, seat) == FITTED.value(features(state, seat))


def test_a_model_whose_names_differ_from_the_features_is_read_by_name():
    assert FITTED is not None
    shuffled = FittedEvaluation(names=(*reversed(FEATURES), "no-such-feature"),
                                weights=(*reversed(FITTED.weights), 3.0), bias=FITTED.bias)
    for state, seat in positions({}, range(1)):
        assert fitted_value(shuffled, state, seat) == shuffled.value(features(state, seat))
        assert fitted_value(FITTED, state, seat) == FITTED.value(features(state, seat))


@pytest.mark.parametrize("options", OPTION_SETS)
def test_the_search_s_ranking_keeps_each_split_s_best_plan_best_first(options):
    def plainly(key: tuple) -> list[tuple[int, ...]]:
        best: dict[tuple[int, ...], tuple[float, int, tuple[int, ...]]] = {}
        for order, (score, plan) in enumerate(zip(*_plan_scores(*key), strict=True)):
            kept = best.get(plan[3:])
            if kept is None or score > kept[0]:
                best[plan[3:]] = (score, order, plan)
        return [plan for _s, _o, plan in sorted(best.values(), key=lambda item: (-item[0], item[1]))]

    checked = 0
    for state, seat in positions(options, range(2)):
        i = SEATS.index(seat)
        if state.phase == ALLOCATE and state.hands[i]:
            key = placement_key(state, i)[1]
            assert _rank(key) == plainly(key)
            checked += 1
    assert checked > 20


@pytest.mark.parametrize("options", OPTION_SETS)
def test_the_rows_with_room_after_a_placement_are_the_rows_the_counts_give(options):
    for state, _seat in positions(options, range(3)):
        if state.phase == ALLOCATE:
            assert state.rooms == [state._room(0), state._room(1)]


def test_the_shared_keys_of_the_rules_of_thumb_equal_fresh_ones():
    assert _counts(1, 2, 3) == (1, 2, 3) and _counts(1, 2, 3) is _counts(*[1, 2, 3])
    for state, seat in positions({}, range(1)):
        j = 1 - SEATS.index(seat)
        rows, adv = state.rows[j], state.adv_offense[j]
        key = _opponent_key(state, j)
        if state.phase == ALLOCATE and not (state.finished[0] and state.finished[1]):
            fresh = ((adv, 0, 0), adv, len(state.hands[j]) + sum(map(len, rows)) - adv)
        else:
            fresh = ((len(rows[0]), len(rows[1]), len(rows[2])), adv, 0 if state.finished[j] else len(state.hands[j]))
        assert key == (state.ships[j].limits, *fresh, state.bonus[j]) and key is _opponent_key(state, j)


def test_a_kept_plan_is_equal_to_and_hashed_as_its_tuple_and_pickles_without_its_hash():
    actions = (PLACE[0][1], PLACE[51][0])
    kept = KeptPlan(actions)
    assert kept == actions and hash(kept) == hash(actions) and {actions: 1}[kept] == 1
    again = pickle.loads(pickle.dumps(kept))
    assert again == actions and not again.__dict__


def test_a_movement_row_scores_by_look_ups_what_pairing_it_against_every_model_row_scores():
    def paired(key: tuple, mine: tuple[int, ...]) -> float:
        total = 0
        for theirs, times in _opponent_moves(key):
            edge = len(mine) - len(theirs)
            for a, b in zip(mine, theirs, strict=False):
                edge += (a > b) - (a < b)
            total += edge * times
        return total / SAMPLES

    chance = Randomness(5)
    for limits, placed, loose in (((3, 2, 3), (0, 0, 0), 5), ((4, 4, 1), (1, 2, 0), 3), ((2, 3, 3), (0, 1, 1), 7)):
        key = (limits, placed, 0, loose, 1)
        for size in range(7):
            for _ in range(20):
                mine = tuple(sorted((chance.roll(13) + 1 for _ in range(size)), reverse=True))
                assert _movement_value(key, mine) == paired(key, mine)


def test_a_turn_s_drafted_entries_read_with_the_data_the_engine_logs():
    state = new("KS 2C 3C 4C 5C 6C 7C 8C 9C 10C")  # seat1 gets KS..5C, seat2 6C..10C
    allocate(state, "seat1", movement="KS 2C")
    allocate(state, "seat2", movement="6C")
    pair(state, "KS", "6C")
    logged = {e.kind: e.to_json() for e in state.events}
    placed = next(e for e in state.events if e.kind == "place")
    assert placed.to_json() == Event("place", "You put K♠ in Movement.", {"card": "KS", "row": "movement"},
                                     frozenset({"seat1"})).to_json()
    assert (placed.visible_to, placed.rule, placed.visible("seat2")) == (frozenset({"seat1"}), None, False)
    with pytest.raises(AttributeError):
        placed.kind = "other"  # type: ignore[misc]
    assert logged["turn"]["data"] == {"turn": 2} and logged["turn"]["text"] == "Turn 2 begins."
    assert logged["finish"]["data"] == {"seat": "seat2"}
    assert logged["resolver"]["data"] == {"resolver": "seat1", "reason": "more-cards"}
    assert logged["advantage"]["data"] == {"seat": "seat1", "points": 2, "into_hand": False}
    assert logged["return"]["text"] == "Every card goes back under the deck, which holds 52 cards again."
    assert logged["return"]["data"] == {}


@pytest.mark.parametrize("options", OPTION_SETS)
def test_both_ships_evaluations_at_once_are_each_ship_s_own(options):
    for state, _seat in positions(options, range(1)):
        world = state.determinize(None, Randomness(3))
        assert world.evaluations() == {seat: world.evaluate(seat) for seat in SEATS}


def test_a_model_in_the_features_own_order_or_of_one_feature_gives_its_very_number():
    assert FITTED is not None
    in_order = FittedEvaluation(names=FEATURES, weights=tuple(range(1, len(FEATURES) + 1)), bias=-0.5)
    single = FittedEvaluation(names=("card_margin",), weights=(0.25,), bias=0.1)
    for state, seat in positions({}, range(1)):
        for model in (in_order, single):
            assert fitted_value(model, state, seat) == model.value(features(state, seat))


def allocating(seeds: range = range(2)):
    """The rules of thumb's (hand, key) at every allocation with cards in hand of a few random duels."""
    for state, seat in positions({}, seeds):
        i = SEATS.index(seat)
        if state.phase == ALLOCATE and state.hands[i]:
            yield placement_key(state, i)


def test_remembered_best_plans_and_placements_equal_fresh_ones():
    checked = 0
    for _hand, key in allocating():
        _BEST.pop(key, None)
        split_bests(key)  # remembers the best plan from the same scores
        assert _BEST[key] == _best_split(*key)
        first = _plan(key)
        assert first == _PLACEMENTS[key]
        assert (first is None) == (_BEST[key] is None)
        checked += 1
    assert checked > 20


@pytest.mark.parametrize("options", OPTION_SETS)
def test_the_duel_s_own_actions_are_refused_as_any_equal_action_is(options):
    for state, seat in positions(options, range(1)):
        others = [s for s in SEATS if s != seat]
        for action in (*state.legal_actions(seat)[:3], PLACE[0][0], PLACE[51][2], FINISH, KEEP):
            twin = CODEC.parse(str(action))
            assert twin == action and twin is not action
            for who in (seat, *others):
                assert state.explain(who, action) == state.explain(who, twin)
    over = new()
    over.to_act, over.is_over = (), True
    with pytest.raises(IllegalAction, match="the game is over"):
        over.apply("seat1", FINISH)


def test_a_plan_spelled_by_its_runs_places_the_cards_placing_pops():
    checked = 0
    for hand, key in allocating():
        for _score, _order, plan in split_bests(key):
            remaining = list(hand)
            assert _actions(hand, plan) == tuple(PLACE[remaining.pop(p)][row] for p, row in placing(plan))
            checked += 1
    assert checked > 50


@pytest.mark.parametrize("options", OPTION_SETS)
def test_a_rollout_cut_short_where_allocating_settles_nothing_returns_what_the_whole_rollout_returns(options):
    agent = MCTSAgent(seed=0)
    settled = 0
    for state, seat in allocation_positions(options):  # free placements too
        world = state.determinize(seat, Randomness(7))
        for depth in (1, 2, 3):
            settings = search_settings("travel-sfb", {"depth": depth})
            cut, whole = world.clone(), world.clone()
            cut_chance, whole_chance = Randomness(11), Randomness(11)
            shortened = agent._rollout(cut, settings, cut_chance)
            with patch.object(TravelState, "rollout_settled", lambda _state, _rounds: False):
                played = agent._rollout(whole, settings, whole_chance)
            # the same result, and the search's generator left where the whole rollout leaves it
            assert shortened == played and cut_chance.random() == whole_chance.random()
            settled += world.rollout_settled(depth)
    assert settled > 20
