"""Shared set-ups for the Fightball tests: scenario states and ending a quarter on demand."""

from __future__ import annotations

from typing import Any

import tabletop
from tabletop.titles.fightball.actions import BUZZ, DRAW
from tabletop.titles.fightball.game import FightballGame, FightballState
from tabletop.titles.fightball.scoring import StackResult, score_stack


def game(home: str = "aztecs", away: str = "the-dark", **options: Any) -> FightballGame:
    loaded = tabletop.load("fightball", home=home, away=away, **options)
    assert isinstance(loaded, FightballGame)
    return loaded


def position(g: FightballGame, **scenario: Any) -> FightballState:
    """A scenario where both decks hold only their Buzz unless the scenario says otherwise."""
    scenario.setdefault("exact_decks", True)
    state = g.new_state(seed=0, scenario=scenario)
    assert isinstance(state, FightballState)
    return state


def buzz(state: FightballState, seat: str = "home") -> list[Any]:
    """Draw through to the Buzz (the deck must hold only the Buzz) and throw it."""
    events = state.apply(seat, DRAW)
    events += state.apply(seat, BUZZ)
    return events


def score_only(state: FightballState, stack: int) -> StackResult:
    """Score one stack (1-24) of a position, with words."""
    return score_stack(state.table, state.court, stack - 1, state.stacks[stack - 1], state.discards, narrate=True)


def invariants(state: Any) -> None:
    """After every step: every card in one place, one held card at most, scores re-derivable."""
    assert isinstance(state, FightballState)
    where = state.locations()
    assert state.private_events == [i for i, e in enumerate(state.events) if e.visible_to is not None]
    assert sorted(where) == list(range(len(state.table.cards))), "a card is missing or unknown"
    for s in (0, 1):
        assert state.held[s] == -1 or where[state.held[s]].endswith("hand")
        buzz_id = state.table.buzz[s]
        if buzz_id in state.decks[s]:
            assert state.decks[s][0] == buzz_id, "the Buzz left the bottom of its deck"
    total = list(state.opening_score)
    for stacks, discards, points, choices in state.quarter_log:
        again = [0, 0]
        chosen = dict(choices)
        for i, stack in enumerate(stacks):
            result = score_stack(state.table, state.court, i, stack, discards, choices=chosen)
            again[0] += result.points[0]
            again[1] += result.points[1]
        assert tuple(again) == points, "a quarter's points differ from a re-score of its stacks"
        total[0] += points[0]
        total[1] += points[1]
    assert total == state.score, "the score drifted from a re-score of the stacks"
