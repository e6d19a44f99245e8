"""The view as a schema: every seat's and the spectator's view validates against
``view_schema.TravelView`` all through seeded duels, and the last turn's movement stays readable."""

from __future__ import annotations

import random

import tabletop
from tabletop.titles.travel_sfb.actions import CANCEL, Pair
from tabletop.titles.travel_sfb.view_schema import TravelView

from .helpers import allocate, new

OPTION_SETS = [
    {},
    {"batteries": True, "open_allocation": True, "pair_points": "both"},
    {"ship1": "orion", "ship2": "romulan", "batteries": True, "advantage_cards": "owner-looks"},
]


def test_TSFB_VIEW_1_every_view_matches_the_schema_through_random_duels():
    checked = 0
    for k, options in enumerate(OPTION_SETS):
        game = tabletop.load("travel-sfb", **options)
        for seed in range(3):
            rng = random.Random(seed)
            state = game.new_state(seed=seed + 10 * k)
            while True:
                for seat in (None, "seat1", "seat2"):
                    TravelView.model_validate(state.view(seat))
                    checked += 1
                if state.is_over:
                    break
                seat = rng.choice(state.to_act)
                state.apply(seat, rng.choice(state.legal_actions(seat)))
    assert checked > 300


def test_TSFB_VIEW_1_the_last_turns_movement_is_shown_until_the_next_turn_ends():
    state = new("KC 5C 3C 2S 6S 9D 4C 2C 8H 10H 7C 7D 7H 7S 8C 8D 9C 9H 9S 10C")
    allocate(state, "seat1", movement="KC")
    allocate(state, "seat2", movement="9D 4C 2C")
    state.apply("seat1", Pair("KC", "9D"))
    state.apply("seat1", CANCEL)
    for seat in (None, "seat1", "seat2"):
        movement = TravelView.model_validate(state.view(seat)).last_turn.movement
        assert movement.resolver == "seat1" and movement.reason == "honour"
        assert [(p.seat1, p.seat2, p.higher, p.point_to) for p in movement.pairs] == [("KC", "9D", "seat1", "seat1")]
        assert movement.unpaired.seat == "seat2" and sorted(movement.unpaired.cards) == ["2C", "4C"]
        assert movement.settled == "cancel"
    assert "Movement resolved by seat1" in state.game.render_text(state.view(None))
    # Through the next turn's allocation the last turn stays; nobody resolving is shown as such.
    assert state.view(None)["last_turn"]["turn"] == 1
    allocate(state, "seat1")
    allocate(state, "seat2")
    movement = state.view(None)["last_turn"]["movement"]
    assert state.view(None)["last_turn"]["turn"] == 2 and movement["resolver"] is None and movement["reason"] == "empty"


def test_TSFB_VIEW_1_the_last_turn_shows_every_revealed_row_and_no_unused_card():
    state = new("KC 5C 3C 2S 6S 9D 4C 2C 8H 10H 7C 7D 7H 7S 8C 8D 9C 9H 9S 10C")
    allocate(state, "seat1", offense="5C", movement="KC", defense="3C")
    allocate(state, "seat2", movement="9D 4C 2C", defense="8H")
    state.apply("seat1", Pair("KC", "9D"))
    state.apply("seat1", CANCEL)
    for seat in (None, "seat1", "seat2"):
        revealed = TravelView.model_validate(state.view(seat)).last_turn.revealed
        assert revealed["seat1"] == {"offense": ["5C"], "movement": ["KC"], "defense": ["3C"]}
        assert revealed["seat2"] == {"offense": [], "movement": ["9D", "4C", "2C"], "defense": ["8H"]}
    # The cards each ship kept in hand (2S 6S, 10H) were never turned up, so no view names them.
    for unused in ("2S", "6S", "10H"):
        assert unused not in str(state.view(None)["last_turn"])
