"""The view as a schema (FSC-VIEW-1): every seat's and the spectator's view validates against
``view_schema.FriendlyView`` through seeded matches, and it carries the pitch a player sees."""

from __future__ import annotations

from typing import Any

import tabletop
from tabletop.testing import random_playthrough
from tabletop.titles.friendly_competition.pitch import PITCH
from tabletop.titles.friendly_competition.view_schema import FriendlyView

CHECKED: list[int] = []


def _valid(state: Any) -> None:
    views = [state.view(seat) for seat in (None, "seat1", "seat2")]
    for view in views:
        FriendlyView.model_validate(view)
    assert views[1] | {"seat": None} == views[0] == views[2] | {"seat": None}, "a seat sees more than others"
    CHECKED.append(1)


def test_FSC_VIEW_1_every_view_matches_the_schema_through_random_matches():
    CHECKED.clear()
    for options in ({}, {"grey_area": "centre-and-goal-zones", "receiver": "anyone"}, {"grey_area": "none"}):
        game = tabletop.load("friendly-competition", match_turns=6, **options)
        state = random_playthrough(game, 3, _valid, check_every=3)
        _valid(state)
    assert len(CHECKED) > 30


def test_FSC_VIEW_1_the_view_shows_the_pitch_its_goals_and_grey_area():
    state = tabletop.load("friendly-competition").new_state(seed=1)
    pitch = FriendlyView.model_validate(state.view(None)).pitch
    assert (pitch.width, pitch.height, len(pitch.rows)) == (19, 19, 19) and pitch.squares == 301
    assert pitch.rows[0] == "#####.zzzzzzz.#####" and pitch.rows[9][9] == "*" and pitch.centre_spot == "j10"
    north, south = pitch.goals["north"], pitch.goals["south"]
    assert north.defended_by == "seat2" and south.defended_by == "seat1" and pitch.halves["seat1"] == "south"
    assert north.mouth == ["h", "i", "j", "k", "l"] and south.line == ["h19", "i19", "j19", "k19", "l19"]
    assert len(north.zone) == 21 and "g3" in north.zone and "m17" in south.zone
    assert len(pitch.grey_area.squares) == 37 and "j10" in pitch.grey_area.squares
    assert {PITCH.parse(s) for s in pitch.grey_area.squares} == set(PITCH.grey)
    none = tabletop.load("friendly-competition", grey_area="none").new_state(seed=1)
    assert none.view("seat1")["pitch"]["grey_area"] == {"rule": "none", "squares": [], "goal_zones_except_goalies": False}
    wide = tabletop.load("friendly-competition", grey_area="centre-and-goal-zones").new_state(seed=1)
    assert wide.view(None)["pitch"]["grey_area"]["goal_zones_except_goalies"] is True
