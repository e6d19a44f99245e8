"""Shared helpers for the Travel SFB tests: scripted deals, allocation and the game's invariants."""

from __future__ import annotations

import json
from typing import Any

import tabletop
from tabletop.titles.travel_sfb.actions import FINISH, Cancel, Keep, Pair, Place
from tabletop.titles.travel_sfb.cards import CODES, DECK_SIZE
from tabletop.titles.travel_sfb.game import TravelState
from tabletop.titles.travel_sfb.rules import PAIR, SETTLE


def new(deck: str | list[str] | None = None, options: dict[str, Any] | None = None, seed: int = 1,
        **scenario: Any) -> TravelState:
    """A duel whose deck starts with ``deck`` (codes, top first); the rest of the deck stays in a fixed order."""
    game = tabletop.load("travel-sfb", **(options or {}))
    data = dict(scenario)
    if deck is not None:
        data["deck"] = deck.split() if isinstance(deck, str) else deck
    state = game.new_state(seed=seed, scenario=data, dice={"rolls": []})
    assert isinstance(state, TravelState)
    return state


def allocate(state: TravelState, seat: str, offense: str = "", movement: str = "", defense: str = "",
             finish: bool = True) -> None:
    """Place the named cards (space-separated codes) and finish if the seat is still allocating."""
    for row, cards in (("offense", offense), ("movement", movement), ("defense", defense)):
        for card in cards.split():
            state.apply(seat, Place(card, row))
    if finish and seat in state.to_act and state.phase == 1:
        state.apply(seat, FINISH)


def pair(state: TravelState, mine: str, theirs: str) -> None:
    seat = state.to_act[0]
    state.apply(seat, Pair(mine, theirs))


def settle(state: TravelState, keep: bool) -> None:
    assert state.phase == SETTLE
    state.apply(state.to_act[0], Keep() if keep else Cancel())


def texts(state: TravelState, kind: str | None = None) -> list[str]:
    return [e.text for e in state.events if kind is None or e.kind == kind]


def hand(state: TravelState, seat: str) -> list[str]:
    return [CODES[c] for c in state.hands[0 if seat == "seat1" else 1]]


def in_pairing(state: TravelState) -> bool:
    return state.phase == PAIR


# -- invariants ------------------------------------------------------------------------------------


def _shows(view: Any, codes: set[str]) -> set[str]:
    """The codes among ``codes`` that appear as a string anywhere in ``view``."""
    text = json.dumps(view)
    return {c for c in codes if f'"{c}"' in text}


def unrevealed(state: TravelState, owner: int) -> set[str]:
    """Codes of ``owner``'s cards whose faces the other seat has not been shown."""
    cards = set(state.hands[owner])
    rows = state.rows[owner]
    cards.update(rows[0])
    cards.update(rows[2])
    if state.phase not in (PAIR, SETTLE):
        cards.update(rows[1])
    return {CODES[c] for c in cards}


class Invariants:
    """The game's own invariants, checked after every step of a play-through."""

    def __init__(self) -> None:
        self.generation: list[int] | None = None

    def __call__(self, state: Any) -> None:
        assert isinstance(state, TravelState)
        everything = list(state.deck)
        for i in (0, 1):
            everything += state.hands[i]
            for row in state.rows[i]:
                everything += row
        assert sorted(everything) == list(range(DECK_SIZE)), "the 52 cards are not all there exactly once"
        assert len(state.known) == len(state.deck)
        if self.generation is not None:
            assert all(now <= before for now, before in zip(state.gen, self.generation, strict=True)), \
                "generation rose"
        self.generation = list(state.gen)
        for i in (0, 1):
            limits = state.ships[i].limits
            rows = state.rows[i]
            assert 0 <= state.adv_offense[i] <= len(rows[0])
            counted = (len(rows[0]) - state.adv_offense[i], len(rows[1]), len(rows[2]))
            over = sum(max(0, n - lim) for n, lim in zip(counted, limits, strict=True))
            assert over <= state.bonus[i], f"row limits broken for seat{i + 1}: {counted} over {limits}"
            assert 0 <= state.gen[i] <= state.ships[i].generation
        hidden = (unrevealed(state, 0), unrevealed(state, 1))
        assert not _shows(state.view("seat1"), hidden[1]), "seat1's view shows seat2's hidden cards"
        assert not _shows(state.view("seat2"), hidden[0]), "seat2's view shows seat1's hidden cards"
        assert not _shows(state.view(None), hidden[0] | hidden[1]), "a spectator sees hidden cards"
