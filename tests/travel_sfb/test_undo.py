"""Taking back a placement behind the screen (TSFB-RULING-SCREEN): the other ship's placements
made meanwhile stand, and nothing is taken back once anyone else was told of it."""

from __future__ import annotations

from tabletop.core.undo import undo_last_human_decision
from tabletop.titles.travel_sfb.actions import FINISH, Place

from .helpers import hand, new


def test_TSFB_RULING_SCREEN_a_placement_taken_back_leaves_the_other_ships_placements():
    state = new()
    mine, theirs = hand(state, "seat1"), hand(state, "seat2")
    state.apply("seat1", Place(mine[0], "offense"))
    state.apply("seat2", Place(theirs[0], "defense"))
    state.apply("seat2", Place(theirs[1], "movement"))
    result = undo_last_human_decision(state, ("seat1",))
    assert not isinstance(result, str), result
    earlier, seat, action = result
    assert (seat, action) == ("seat1", Place(mine[0], "offense"))
    assert earlier.history == [("seat2", Place(theirs[0], "defense")), ("seat2", Place(theirs[1], "movement"))]
    assert hand(earlier, "seat1") == mine
    for viewer in ("seat2", None):  # nobody else can tell it was ever placed
        assert earlier.view(viewer) == state.view(viewer) and earlier.events_for(viewer) == state.events_for(viewer)


def test_TSFB_RULING_SCREEN_nothing_is_taken_back_once_the_others_were_told():
    state = new()
    state.apply("seat1", Place(hand(state, "seat1")[0], "offense"))
    state.apply("seat1", FINISH)  # everyone is told that the ship has finished
    state.apply("seat2", Place(hand(state, "seat2")[0], "defense"))
    answer = undo_last_human_decision(state, ("seat1",))
    assert answer == "seat1's decision was already made known to others, and this game hides information"
