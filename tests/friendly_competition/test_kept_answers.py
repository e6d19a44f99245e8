"""Answers the search gets faster are the answers worked out in full: decisions kept by position,
and the shortest runs into goal found without looking at squares that cannot lead there."""

from __future__ import annotations

from collections import deque

import pytest

from tabletop.core import Action, Randomness
from tabletop.testing import heuristic_positions
from tabletop.titles.friendly_competition import heuristic, plans
from tabletop.titles.friendly_competition.actions import MOVES
from tabletop.titles.friendly_competition.game import FriendlyState
from tabletop.titles.friendly_competition.pitch import PITCH
from tabletop.titles.friendly_competition.procedures import DEPLOY, FLIGHT, PLAY
from tabletop.titles.friendly_competition.rules import ATTACKS_GOAL, SEATS, TEAM_SIZE

from .helpers import game


@pytest.fixture(scope="module")
def in_play() -> list[FriendlyState]:
    match = game()
    spots = [spot for seed in (1, 2, 3) for spot in heuristic_positions(match, seed, every=3, max_steps=900)]
    found = [spot for spot in spots if isinstance(spot, FriendlyState) and spot.phase == PLAY]
    assert len(found) > 100
    return found


def every_square_run(state: FriendlyState, side: int, start: int, limit: int) -> list[int]:
    """The directions of the first shortest run into goal in breadth-first order, searching
    every free square (the way the rules of thumb always found it)."""
    goal = ATTACKS_GOAL[side]
    came: dict[int, tuple[int, int]] = {start: (-1, -1)}
    depth = {start: 0}
    queue = deque([start])
    while queue:
        square = queue.popleft()
        if depth[square] >= limit:
            break
        for direction, target in enumerate(PITCH.step[square]):
            if target == goal:
                path = [direction]
                while square != start:
                    square, step = came[square]
                    path.append(step)
                return path[::-1]
            if target >= 0 and target not in came and state.occ[target] < 0:
                came[target] = (square, direction)
                depth[target] = depth[square] + 1
                queue.append(target)
    return []


def test_a_run_into_goal_is_the_one_a_search_of_every_square_finds(in_play: list[FriendlyState]) -> None:
    found = 0
    for state in in_play:
        for teamster in range(2 * TEAM_SIZE):
            side = teamster // TEAM_SIZE
            square = state.pos[teamster]
            moves = MOVES[teamster % TEAM_SIZE + 1]
            for limit in (1, 3, 6, 10, 14):
                full = every_square_run(state, side, square, limit)
                step, distance = heuristic._route_to_goal(state, side, square, limit)
                assert (step, distance) == ((full[0], len(full)) if full else (-1, 99))
                assert plans._route_in(state, side, teamster, limit) == [moves[d] for d in full]
                found += bool(full)
    assert found > 50


def knocked_down(state: FriendlyState) -> FriendlyState:
    """The position with the acting side's teamster nearest the ball (not its carrier) down."""
    copy = state.clone()
    low = state.side * TEAM_SIZE
    ball = state.pos[state.holder] if state.holder >= 0 else state.ball
    teamster = min((t for t in range(low, low + TEAM_SIZE) if t != state.holder),
                   key=lambda t: PITCH.distance(state.pos[t], ball))
    copy.floored[teamster] = 1
    return copy


def test_the_rules_of_thumb_decide_the_same_from_memory(in_play: list[FriendlyState]) -> None:
    g = in_play[0].game
    assert all(state.game is g for state in in_play)
    spots = [*in_play, *map(knocked_down, in_play)]
    fresh: list[tuple[Action, float]] = []
    for state in spots:
        g.kept_suggestions.clear()
        seat = SEATS[state.side]
        dice = Randomness(7)
        fresh.append((state.suggest(seat, dice), dice.random()))
    # a kept decision is the same action, drawn from the dice as little as working it out
    for _ in range(2):
        for state, (action, after) in zip(spots, fresh, strict=True):
            dice = Randomness(7)
            assert state.suggest(SEATS[state.side], dice) == action
            assert dice.random() == after
    assert len(g.kept_suggestions) > 50
    assert len({action for action, _ in fresh}) > 5
    assert g.__getstate__()["kept_suggestions"] == {}  # a copy sent elsewhere leaves them behind


def test_kept_decisions_stay_bounded(monkeypatch: pytest.MonkeyPatch, in_play: list[FriendlyState]) -> None:
    monkeypatch.setattr(heuristic, "SUGGESTIONS_KEPT", 5)
    in_play[0].game.kept_suggestions.clear()
    for state in in_play[:20]:
        state.suggest(SEATS[state.side], Randomness(1))
        assert len(state.game.kept_suggestions) <= 5


def redeployed(state: FriendlyState, seat: str) -> list[FriendlyState]:
    """The deployment with the other side kicking off, and with the place the side would take
    already taken by a teamster placed before."""
    flipped = state.clone()
    flipped.kickoff = 1 - state.kickoff
    out = [flipped]
    placed = [t for t, square in enumerate(state.pos) if square >= 0]
    if placed:
        taken = state.clone()
        (action,) = plans._deploy_plans(state, seat)[0]
        square = PITCH.parse(action.at)
        mover = placed[-1]
        taken.occ[taken.pos[mover]] = -1
        taken.pos[mover] = square
        taken.occ[square] = mover
        out.append(taken)
    return out


def test_kept_plans_are_the_plans_worked_out_afresh() -> None:
    match = game()
    spots = [spot for seed in (4, 5) for spot in heuristic_positions(match, seed, every=2, max_steps=600)]
    asked = [(spot, seat) for spot in spots if isinstance(spot, FriendlyState) and spot.phase != FLIGHT
             for seat in spot.to_act]
    asked += [(varied, seat) for spot, seat in asked if spot.phase == DEPLOY for varied in redeployed(spot, seat)]
    deploying = [spot for spot, _seat in asked if spot.phase == DEPLOY]
    assert len(deploying) > 10 and len(asked) > len(deploying) + 50
    fresh = [plans._play_plans(spot, seat) if spot.phase == PLAY else plans._deploy_plans(spot, seat)
             for spot, seat in asked]
    for _ in range(2):
        for (spot, seat), expected in zip(asked, fresh, strict=True):
            assert spot.plans(seat) == expected
