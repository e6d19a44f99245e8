"""Answers kept for positions a search returns to, and quick checks of single steps, are the
answers worked out afresh by the rules."""

from __future__ import annotations

import pytest

from tabletop.testing import heuristic_positions
from tabletop.titles.cargo_bay_ball import actions as A
from tabletop.titles.cargo_bay_ball.constants import OBSTACLES, PLACEMENT, PLAY
from tabletop.titles.cargo_bay_ball.game import CargoBayState
from tabletop.titles.cargo_bay_ball.plans import KeptPlan
from tabletop.titles.cargo_bay_ball.play import turn_legal
from tabletop.titles.cargo_bay_ball.setup import _work_out_choices, obstacle_choices

from .helpers import game


def touching(neighbours: tuple[tuple[int, ...], ...], obstacles: frozenset[int], space: int) -> int:
    """Obstacles reached from ``space`` through touching obstacles, counting one standing there."""
    reached = {space}
    todo = [space]
    for here in todo:
        for nxt in neighbours[here]:
            if nxt in obstacles and nxt not in reached:
                reached.add(nxt)
                todo.append(nxt)
    return len(reached)


def by_the_rule(st: CargoBayState) -> tuple[int, ...]:
    """CBB-SET-6 read plainly: floor, nothing there, and no group of touching obstacles too big."""
    board = st.game.board
    limit = st.game.rules.max_adjoining_obstacles
    return tuple(s for s in board.field_spaces
                 if board.kinds[s] == "floor" and s not in st.obstacles and st.occ[s] < 0
                 and touching(board.neighbours, st.obstacles, s) <= limit)


def huddled_obstacle_phases(seed: int) -> list[CargoBayState]:
    """The obstacle phase of a game in which each obstacle goes where it touches the most others,
    so groups reach the limit."""
    state = game().new_state(seed=seed)
    seen = []
    while state.phase != OBSTACLES:
        seat = state.to_act[0]
        state.apply(seat, state.legal_actions(seat)[0])
    neighbours = state.game.board.neighbours
    while state.phase == OBSTACLES:
        seen.append(state.clone())
        seat = state.to_act[0]
        state.apply(seat, max(state.legal_actions(seat), key=lambda a: sum(
            n in state.obstacles for n in neighbours[state.game.board.index[a.at]])))  # type: ignore[attr-defined]
    return seen


@pytest.mark.parametrize("seed", [1, 2])
def test_CBB_SET_6_kept_obstacle_spaces_are_the_rule_worked_out_afresh(seed: int) -> None:
    phases = huddled_obstacle_phases(seed)
    refused_beside_a_group = 0
    for state in phases:
        kept = obstacle_choices(state)
        assert obstacle_choices(state) is kept  # asked again, the kept answer
        fresh = _work_out_choices(state)
        assert kept == fresh
        assert kept.spaces == by_the_rule(state)
        assert kept.allowed == frozenset(kept.spaces)
        assert list(kept.actions) == state.legal_actions(state.to_act[0])
        board = state.game.board
        refused_beside_a_group += sum(1 for s in board.field_spaces if board.kinds[s] == "floor"
                                      and s not in state.obstacles and s not in kept.allowed)
    assert len(phases) >= 3 and refused_beside_a_group > 0


def test_CBB_SET_6_an_occupied_space_takes_no_obstacle_and_is_not_kept() -> None:
    state = huddled_obstacle_phases(3)[-1]
    spot = obstacle_choices(state).spaces[0]
    state.pos[0], state.occ[spot] = spot, 0  # as a scenario may set someone down early
    assert spot not in obstacle_choices(state).spaces
    assert obstacle_choices(state).spaces == by_the_rule(state)
    state.pos[0], state.occ[spot] = -1, -1
    assert spot in obstacle_choices(state).spaces


@pytest.fixture(scope="module")
def played() -> list[CargoBayState]:
    return heuristic_positions(game(), 6, every=3, max_steps=1500)


def test_a_single_step_is_accepted_exactly_when_the_turn_offers_it(played) -> None:
    turns = [s for s in played if s.phase == PLAY and s.active >= 0 and not s.stack]
    assert len(turns) > 20
    labels = turns[0].game.board.labels
    for state in turns:
        seat = state.to_act[0]
        offered = {a for a in turn_legal(state) if isinstance(a, A.Step)}
        assert offered
        for label in labels:
            step = A.Step(label)  # a new object, as a person's typed action is
            assert (state.explain(seat, step) is None) == (step in offered), (label, state.history[-3:])
        other = next(s for s in state.game.seats if s != seat)
        assert state.explain(other, next(iter(offered))) is not None


def test_kept_plans_are_the_plans_worked_out_afresh(played) -> None:
    searched = [s for s in played if len(s.legal_actions(s.to_act[0])) > 1]
    assert any(s.phase == PLACEMENT for s in searched) and any(s.phase == PLAY for s in searched)
    cache = searched[0].game.plan_cache
    cache.clear()
    # every position asked first, into one store, so a key too narrow for some position shows
    remembered = [state.plans(state.to_act[0]) for state in searched]
    for state, earlier in zip(searched, remembered, strict=True):
        seat = state.to_act[0]
        cache.clear()
        fresh = state.plans(seat)
        assert earlier == fresh
        kept = state.plans(seat)
        assert kept == fresh and kept is not fresh
        for plan in kept:
            plain = tuple(plan)
            assert plan == plain and hash(plan) == hash(plain)
        if state.phase in (PLAY, PLACEMENT) and not state.stack:
            assert all(isinstance(plan, KeptPlan) for plan in kept)
        kept.clear()  # a caller's list is its own
        assert state.plans(seat) == fresh


def test_a_kept_plan_is_found_by_its_plain_tuple_and_the_reverse() -> None:
    plan = KeptPlan((A.Activate("mal"), A.Step("H6"), A.Shoot()))
    plain = (A.Activate("mal"), A.Step("H6"), A.Shoot())
    assert {("seat1", plan): 1}[("seat1", plain)] == 1
    assert {("seat1", plain): 2}[("seat1", plan)] == 2
    assert plan != KeptPlan((A.Activate("mal"), A.Step("H7"), A.Shoot()))
