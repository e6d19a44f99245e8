"""Shared helpers for the Cargo Bay Ball tests: scenario building and the game's invariants."""

from __future__ import annotations

from typing import Any

import tabletop
from tabletop.titles.cargo_bay_ball.constants import BOXED, DOWN, PLAY, STANDING
from tabletop.titles.cargo_bay_ball.flight import Flight
from tabletop.titles.cargo_bay_ball.game import CargoBayState

NAME = "cargo-bay-ball"


def game(**options: Any) -> Any:
    return tabletop.load(NAME, **options)


def position(crew: list[dict[str, Any]], dice: list[int] | None = None, options: dict[str, Any] | None = None,
             **scenario: Any) -> CargoBayState:
    """A mid-game position. ``crew`` entries: {"crew", "side", "at", ...} (see the rules doc)."""
    state = game(**(options or {})).new_state(seed=1, scenario={"crew": crew, **scenario},
                                              dice=dice if dice is not None else [])
    assert isinstance(state, CargoBayState)
    return state


def texts(state: CargoBayState, start: int = 0) -> list[str]:
    return [e.text for e in state.events[start:]]


def act(state: CargoBayState, text: str) -> list[str]:
    """Apply an action given in its text form for whoever is to act; return the new log lines."""
    seat = state.to_act[0]
    start = len(state.events)
    state.apply(seat, state.game.parse_action(text))
    return texts(state, start)


def at(state: CargoBayState, slug: str) -> str | None:
    space = state.pos[state.crew_by_slug(slug)]
    return state.game.board.labels[space] if space >= 0 else None


class Invariants:
    """The game's own invariants, checked after every step of a random game."""

    def __init__(self) -> None:
        self.last_score = [0, 0]

    def __call__(self, st: CargoBayState) -> None:
        board = st.game.board
        rules = st.game.rules
        seen: dict[int, int] = {}
        for crew, space in enumerate(st.pos):
            status = st.status[crew]
            if space >= 0:
                assert space not in seen, f"two crew on {board.labels[space]}"
                seen[space] = crew
                assert st.occ[space] == crew
                assert board.is_field[space], "crew in the airlock or off the bay"
                assert status in (STANDING, DOWN)
            else:
                assert status not in (STANDING, DOWN), "crew on the field without a space"
        assert sum(1 for o in st.occ if o >= 0) == len(seen)
        flights = [p for p in st.stack if isinstance(p, Flight)]
        assert len(flights) <= 1, "more than one ball"
        if st.phase == PLAY and st.result is None:
            assert st.ball >= 0 and board.is_field[st.ball], "the ball is off the field or in the airlock"
            if st.holder >= 0:
                assert st.pos[st.holder] == st.ball and st.status[st.holder] == STANDING
                assert not flights
            if flights:
                assert st.holder == -1 and flights[0].at == st.ball
            if st.active >= 0 and not st.stack:
                assert st.status[st.active] == STANDING and st.pos[st.active] >= 0, "acting crew not on the field"
            assert st.status.count(BOXED) <= len(st.pos)
        assert st.score[0] >= self.last_score[0] and st.score[1] >= self.last_score[1], "a score went down"
        self.last_score = list(st.score)
        if st.sudden_death:
            assert st.chop == rules.chops + 1 and 1 <= st.round <= rules.rounds_per_chop
        else:
            assert 1 <= st.chop <= rules.chops and 1 <= st.round <= rules.rounds_per_chop
        assert st.acted < (1 << len(st.pos)) or not st.pos
