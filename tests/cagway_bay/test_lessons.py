"""The guided lessons teach what they say: each lesson's steps, played as the learner plays them,
leave the position its closing words describe (a rules change that breaks a lesson's point fails
here, not only in a learner's hands)."""

from __future__ import annotations

import pytest

from tabletop.guide import lessons
from tabletop.titles.cagway_bay.game import CagwayState
from tabletop.titles.cagway_bay.scenarios import battle_scores
from tests.lesson_steps import played as played_lesson

GAME = "cagway-bay"


def played(lesson_id: str, steps: int | None = None) -> CagwayState:
    state = played_lesson(GAME, lesson_id, steps)
    assert isinstance(state, CagwayState)
    return state


def opening(lesson_id: str) -> CagwayState:
    return played(lesson_id, 0)


def texts(state: CagwayState, kind: str) -> list[str]:
    return [event.text for event in state.events if event.kind == kind]


def test_the_course_starts_with_the_turn_and_keeps_the_first_lessons() -> None:
    ids = [item.id for item in lessons(GAME)]
    assert ids[0] == "turn" and 6 <= len(ids) <= 9
    assert {"sail", "fire", "douse"} <= set(ids)


def test_a_turn_one_pool_of_ap_and_the_health_chart_refills_it() -> None:
    start = opening("turn")
    hms = start.ships["hms"]
    assert (hms.hp, hms.ap) == (18, 5)
    # the downwind sloop sailed before hms could move
    assert start.to_act == ("red",)
    assert texts(start, "sail")[0].startswith("foe ")
    after_shot = played("turn", 3)
    assert after_shot.phase == "end" and after_shot.ships["hms"].ap == 1
    assert after_shot.ships["foe"].hp == 9
    state = played("turn")
    hms = state.ships["hms"]
    assert (state.turn, hms.hp, hms.ap) == (2, 20, 6)  # repaired into the 20-28 band: 6 AP again


def test_in_irons_no_segment_is_open_and_the_drift_comes_round() -> None:
    start = opening("drift")
    assert "sail" not in {a.kind for a in start.legal_actions("red")}
    before = start.ships["hms"].centre
    hms = played("drift").ships["hms"]
    after = hms.centre
    assert after[0] - before[0] == pytest.approx(4.0) and after[1] == pytest.approx(before[1])
    assert hms.heading == pytest.approx(90.0)


def test_dock_and_explore_take_the_ruins_treasure() -> None:
    state = played("explore")
    swallow = state.ships["swallow"]
    assert (swallow.docked, swallow.treasure) == ("ruin", 1) and state.stock["ruin"][0] == 0
    assert "runs up against the shore" in texts(state, "sail")[0]


def test_aiming_brings_the_broadside_down_to_range_1() -> None:
    state = played("fire")
    assert state.ships["foe"].hp == 12 - 4
    assert "range 3, aimed down to 1" in texts(state, "fire")[0]


def test_the_broadside_bears_only_once_the_target_is_in_its_band() -> None:
    start = opening("arc")
    bearing = {s.gun: s.problem for s in start.sightings(start.ships["hms"]) if s.target == "foe"}
    assert bearing["fore"] is None and bearing["starboard"] is not None
    state = played("arc")
    assert state.ships["foe"].hp == 12 - 3
    assert "broadside (starboard)" in texts(state, "fire")[0]


def test_touching_ships_fight_hand_to_hand_not_with_guns() -> None:
    alongside = played("board", 2)
    assert {a.kind for a in alongside.legal_actions("red")} == {"melee", "done"}
    state = played("board")
    assert state.ships["foe"].hp == 8 - 4 and state.ships["hms"].hp == 28 - 2


def test_a_grappled_dead_ship_is_commandeered_and_counts_as_out_of_action() -> None:
    state = played("capture")
    prize = state.ships["prize"]
    assert (state.seats[prize.seat], prize.hp, state.ships["hms"].hp) == ("red", 1, 27)
    assert battle_scores(state)["red"] == prize.cls.points


def test_the_scripted_douse_puts_the_fire_out() -> None:
    state = played("douse")
    assert state.ships["hms"].fires == []
