"""Answers kept for positions a search returns to are the answers worked out afresh."""

from __future__ import annotations

import pytest

from tabletop.core import Randomness
from tabletop.testing import heuristic_positions
from tabletop.titles.fightball import plans as plans_module
from tabletop.titles.fightball.cards import PLAYER
from tabletop.titles.fightball.features import (
    cards_left,
    court_worth,
    fresh_stack_worth,
    hand_worth,
    placement_gains,
    stack_worth,
)
from tabletop.titles.fightball.game import KEPT, FightballGame, FightballState
from tabletop.titles.fightball.scoring import score_stack

from .helpers import game


def forget(g: FightballGame) -> None:
    for name in KEPT:
        getattr(g, name).clear()
    g.last_hand_worth = None


def answers(state: FightballState) -> list[object]:
    """Everything the search asks of a position, for each coach, and what each of the coach's
    cards would gain on every stack."""
    out: list[object] = []
    left = cards_left(state)
    for seat in state.seats:
        s = 0 if seat == "home" else 1
        out += [state.plans(seat), state.evaluate(seat), state.features(seat), court_worth(state, s)]
        out += [placement_gains(state, s, card, left) for card in (*state.decks[s], state.held[s]) if card >= 0]
    return out


@pytest.mark.parametrize("teams", [("aztecs", "the-dark"), ("team-sport", "cavaliers")])
def test_the_search_reads_the_same_from_memory(teams: tuple[str, str]) -> None:
    # team-sport and aztecs hold cards whose worth reads the discard piles
    g = game(*teams)
    spots = [spot for seed in (1, 2) for spot in heuristic_positions(g, seed, every=13, max_steps=700)]
    assert isinstance(spots[0], FightballState)
    worlds = [spot.determinize(seat, Randomness(k)) for k, spot in enumerate(spots) for seat in spot.to_act]
    fresh = []
    for world in worlds:
        forget(g)
        fresh.append(answers(world))
    # now with every position's answers kept (stacks of one zone sharing theirs), and asked twice
    forget(g)
    for _ in range(2):
        for world, expected in zip(worlds, fresh, strict=True):
            assert answers(world) == expected
    assert len(g.kept_plans) > 20 and len(g.kept_gains) > 200 and len(g.kept_hand_gains) > 20


def test_a_kept_worth_is_the_fresh_one_whatever_the_stack_and_the_cards_left() -> None:
    g = game("team-sport", "aztecs")
    spots = heuristic_positions(g, 3, every=7, max_steps=700)
    checked = 0
    for spot in spots:
        assert isinstance(spot, FightballState)
        for index, stack in enumerate(spot.stacks):
            for left in (0, 3, 9, 30):
                for s in (0, 1):
                    assert stack_worth(spot, index, stack, s, left) == fresh_stack_worth(spot, index, stack, s, left)
                    checked += 1
    assert checked > 1000


def test_stacks_of_one_zone_score_alike() -> None:
    """What lets stacks of one zone share kept answers: a stack is scored by its zone alone."""
    g = game("team-sport", "aztecs")
    court = g.court
    spots = heuristic_positions(g, 4, every=9, max_steps=700)
    played = {tuple(stack) for spot in spots for stack in spot.stacks if stack}
    assert len(played) > 20
    for stack in played:
        for index in range(court.size):
            twin = next(i for i in range(court.size) if g.stack_zones[i] == g.stack_zones[index])
            discards = spots[-1].discards
            assert score_stack(g.table, court, index, stack, discards) == score_stack(g.table, court, twin, stack, discards)


def test_kept_answers_stay_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    g = game()
    state = g.new_state(seed=5)
    assert isinstance(state, FightballState)
    monkeypatch.setattr(plans_module, "PLANS_KEPT", 3)
    player = next(c for c in state.table.decks[0] if state.table.cards[c].kind == PLAYER)
    for step in range(8):
        world = state.clone()
        world.held[0] = player
        world.stacks[step].append(player)
        world.plans("home")
        assert len(g.kept_plans) <= 3
    assert g.__getstate__()["kept_plans"] == {}  # a copy sent elsewhere leaves them behind
    hand_worth(state, 0)
    assert g.last_hand_worth is not None and g.__getstate__()["last_hand_worth"] is None
