"""A whole allocation taken at once (``apply_all``), the kept layout of what a seat cannot see, and
the rules of thumb's model opponents give exactly what the plain ways give."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

import tabletop
from tabletop.agents.mcts import MCTSAgent
from tabletop.core import Action, IllegalAction, Randomness, State
from tabletop.titles.travel_sfb.actions import CANCEL, FINISH, PLACE, Place
from tabletop.titles.travel_sfb.cards import CODES, DECK_SIZE, RANKS, VALUES
from tabletop.titles.travel_sfb.game import TravelState
from tabletop.titles.travel_sfb.heuristic import (
    _ALL_ROWS,
    _ROWS_WITH_ROOM,
    KILL_BONUS,
    MAX_TOTAL,
    SAMPLES,
    OpponentKey,
    _damage_table,
    _drawn_cards,
    _opponent_samples,
)
from tabletop.titles.travel_sfb.rules import ALLOCATE

from .test_search_hooks import OPTION_SETS, positions

SEATS = ("seat1", "seat2")
PLAN_OPTIONS = [*OPTION_SETS, {"ship1": "hydran-fighters", "ship2": "romulan"}]
# Free placements (an Ace's advantage cards dealt to the hand) follow their own rule of room.
FREE_PLACEMENTS = {"advantage": {"seat1": 2, "seat2": 1}, "advantage_to_hand": {"seat1": True, "seat2": True}}


def allocation_positions(options: dict[str, Any]) -> Any:
    """The positions of a few random duels, and of first turns with free placements."""
    yield from positions(options, range(2))
    game = tabletop.load("travel-sfb", **options)
    for seed in range(12):
        chooser = random.Random(seed)
        state = game.new_state(seed=seed, scenario=FREE_PLACEMENTS)
        while state.turn == 1 and not state.is_over:
            seat = chooser.choice(state.to_act)
            yield state, seat
            state.apply(seat, chooser.choice(state.legal_actions(seat)))


def snapshot(state: TravelState) -> tuple[Any, ...]:
    """Everything a position is: its fields (not the memos), log, chance to come, last turn, moves."""
    fields = {name: value for name, value in vars(state).items()
              if name not in ("_legal_cache", "placements", "_seen", "_hidden", "rng", "events", "_turn_record")}
    log = [(e.kind, e.text, e.data, e.visible_to) for e in state.events]
    moves = {seat: state.legal_actions(seat) for seat in SEATS}
    return fields, log, state.rng.clone().random(), state.last_turn, moves


def outcome(state: TravelState, apply: Any, seat: str, plan: tuple[Action, ...]) -> tuple[Any, ...]:
    try:
        events = apply(state, seat, plan)
    except IllegalAction as error:
        return type(error), str(error), snapshot(state)
    return None, [(e.kind, e.text, e.data, e.visible_to) for e in events], snapshot(state)


def random_plan(state: TravelState, seat: str, chooser: random.Random) -> tuple[Action, ...]:
    """Mostly placements of the seat's cards, some of them refused (a card not in hand or placed
    twice, a row gone full, a finish too early, another kind of action, a copy of a shared one)."""
    i = SEATS.index(seat)
    if chooser.random() < 0.4:  # one of the search's own plans, perhaps cut short and finished
        chosen = list(chooser.choice(state.plans(seat)))
        return (*chosen[:chooser.randint(1, len(chosen))], FINISH) if chooser.random() < 0.5 else tuple(chosen)
    hand = list(state.hands[i]) or [0]
    plan: list[Action] = []
    for _ in range(chooser.randint(1, 7)):
        draw = chooser.random()
        if draw < 0.8:
            plan.append(PLACE[chooser.choice(hand)][chooser.randrange(3)])
        elif draw < 0.87:
            plan.append(PLACE[chooser.randrange(DECK_SIZE)][chooser.randrange(3)])
        elif draw < 0.93:
            plan.append(FINISH)
        elif draw < 0.97:
            plan.append(Place(CODES[chooser.choice(hand)], chooser.choice(("offense", "movement", "defense"))))
        else:
            plan.append(CANCEL)
    if chooser.random() < 0.3:
        plan.append(FINISH)
    return tuple(plan)


@pytest.mark.parametrize("options", PLAN_OPTIONS)
def test_a_plan_taken_whole_leaves_what_the_engine_s_own_way_leaves(options):
    """Resulting position, log, returned events, and for a refused plan the same error with the
    position untouched, over random plans from the positions of random duels."""
    chooser = random.Random(7)
    taken = refused = 0
    crossed = {False: 0, True: 0}  # plans that took the game's own path, without and with free placements
    for state, seat in allocation_positions(options):
        assert isinstance(state, TravelState)
        if state.phase != ALLOCATE and chooser.random() < 0.8:
            continue
        before = snapshot(state)
        for _ in range(4):
            plan = random_plan(state, seat, chooser)
            fast = outcome(state.clone(), TravelState.apply_all, seat, plan)
            plain = outcome(state.clone(), State.apply_all, seat, plan)
            assert fast == plain
            if fast[0] is None:
                taken += 1
            else:
                refused += 1
                assert fast[2] == before
            if state._allowed_run(seat, SEATS.index(seat), plan) is not None:
                crossed[bool(state.bonus[SEATS.index(seat)])] += 1
    assert taken > 30 and refused > 30
    if not options.get("open_allocation"):
        assert crossed[False] > 20 and crossed[True] > 5


@pytest.mark.parametrize("options", PLAN_OPTIONS)
def test_a_re_drawn_world_from_the_kept_layout_is_the_world_drawn_afresh(options):
    """The layout of what a seat cannot see is kept by the position; worlds drawn from it equal
    worlds drawn from a copy that never kept one, however the position changed since."""
    checked = 0
    for k, (state, seat) in enumerate(positions(options, range(2))):
        assert isinstance(state, TravelState)
        for viewer in (seat, None):
            kept = state.determinize(viewer, Randomness(k))  # a layout kept from before, or made now
            again = state.determinize(viewer, Randomness(k))
            fresh = state.clone().determinize(viewer, Randomness(k))
            assert snapshot(kept) == snapshot(again) == snapshot(fresh)
            checked += 1
    assert checked > 100


def plain_samples(key: OpponentKey) -> tuple[Any, ...]:
    """The model opponents drawn with the library's own ``sample`` and ``choice``."""
    limits, placed, adv, loose, bonus = key
    chance = random.Random(hash(key) & 0xFFFF)
    down = sum(placed)
    samples = []
    for _ in range(SAMPLES):
        cards = chance.sample(range(DECK_SIZE), down + loose)
        rows = [cards[:placed[0]], cards[placed[0]:placed[0] + placed[1]], cards[placed[0] + placed[1]:down]]
        counts = [placed[0] - adv, placed[1], placed[2]]
        spare = bonus - sum(max(0, n - lim) for n, lim in zip(counts, limits, strict=True))
        for card in cards[down:]:
            room = _ALL_ROWS if spare > 0 else _ROWS_WITH_ROOM[sum(1 << r for r in range(3) if counts[r] < limits[r])]
            if not room:
                break
            r = chance.choice(room)
            spare -= counts[r] >= limits[r]
            counts[r] += 1
            rows[r].append(card)
        samples.append((sum(VALUES[c] for c in rows[0]), tuple(sorted((RANKS[c] for c in rows[1]), reverse=True)),
                        sum(VALUES[c] for c in rows[2])))
    return tuple(samples)


def plain_damage(key: OpponentKey, target_gen: int, attacking: bool) -> list[float]:
    """Every total against every sample, averaged by numpy."""
    samples = _opponent_samples(key)
    mine = np.arange(MAX_TOTAL + 1)[:, None]
    theirs = np.array([d if attacking else o for o, _m, d in samples])[None, :]
    damage = np.clip((mine - theirs if attacking else theirs - mine) // 10, 0, target_gen)
    return list((damage + KILL_BONUS * (damage >= target_gen)).mean(axis=1).tolist())


def test_the_model_opponents_and_their_damage_tables_are_the_library_s_and_numpy_s():
    chooser = random.Random(3)
    for _ in range(40):
        limits = (chooser.randint(1, 4), chooser.randint(1, 4), chooser.randint(1, 4))
        placed = (chooser.randint(0, 4), chooser.randint(0, 3), chooser.randint(0, 4))
        key = (limits, placed, chooser.randint(0, placed[0]), chooser.randint(0, 12), chooser.randint(0, 3))
        assert _opponent_samples(key) == plain_samples(key)
        for gen in (0, 1, chooser.randint(2, 6)):
            for attacking in (True, False):
                assert _damage_table(key, gen, attacking) == plain_damage(key, gen, attacking)
    for seed in range(30):
        for count in range(18):
            mine, theirs = random.Random(seed), random.Random(seed)
            assert _drawn_cards(mine.getrandbits, count) == theirs.sample(range(DECK_SIZE), count)
            assert mine.random() == theirs.random()


class StepByStep(TravelState):
    """A duel whose plans cross the engine's boundary one action at a time, as a game without
    a path of its own for whole plans has them played by a search."""

    apply_all = State.apply_all  # type: ignore[assignment]


def test_the_search_plays_a_plan_whole_as_it_would_step_by_step():
    chooser = random.Random(5)
    for state, seat in allocation_positions({}):
        assert isinstance(state, TravelState)
        for plan in [*state.plans(seat)[:2], random_plan(state, seat, chooser)]:
            whole, stepwise = state.clone(), state.clone()
            stepwise.__class__ = StepByStep
            played = MCTSAgent._play(whole, seat, plan, Randomness(1))
            assert played == MCTSAgent._play(stepwise, seat, plan, Randomness(1))
            assert snapshot(whole) == snapshot(stepwise)
