"""CBB-SET-*: team size, order rolls, the draft, the Official, obstacles, placement and the toss."""

from __future__ import annotations

import pytest

from tabletop.core import BadOption
from tabletop.guide import explain
from tabletop.testing import assert_rejected
from tabletop.titles.cargo_bay_ball import actions as A
from tabletop.titles.cargo_bay_ball.constants import OBSTACLES, OFFICIAL, PLACEMENT, PLAY

from .helpers import act, game, texts


def legal_texts(state):
    return [str(a) for a in state.legal_actions(state.to_act[0])]


def draft(state, picks):
    for slug in picks:
        act(state, f"pick crew={slug}")


def test_CBB_SET_1_fixed_team_size_and_the_team_size_roll():
    state = game(team_size=2).new_state(dice=[1, 1, 1, 2, 2, 2])
    assert state.team_size == 2 and texts(state)[0] == "Teams of 2."
    for face, size in ((1, 2), (2, 2), (3, 3), (4, 3), (5, 4), (6, 4)):
        state = game(team_size="roll").new_state(dice=[face, 6, 6, 6, 1, 1, 1])
        assert state.team_size == size
        assert f"Team size roll: 1d6={face}, so teams of {size}" in texts(state)[0]
    # Six people put three on each side: a roll of 2 is raised so everyone has a crew member.
    state = game(team_size="roll", players=6).new_state(dice=[1, 6, 6, 6, 5, 5, 5, 4, 4, 4, 3, 3, 3, 2, 2, 2, 1, 1, 1])
    assert state.team_size == 3 and "made 3" in texts(state)[0]
    assert game(team_size="3").options["team_size"] == 3
    with pytest.raises(BadOption, match="2, 3, 4, roll"):
        game(team_size=5)
    with pytest.raises(BadOption, match="too small"):
        game(players=7, team_size=3)


def test_CBB_SET_2_order_rolls_highest_first_and_ties_roll_again():
    state = game().new_state(dice=[1, 2, 3, 6, 5, 4])
    assert state.order == [1, 0] and state.to_act == ("seat2",)
    assert "seat1 rolls 3d6 for order: 1+2+3=6." in texts(state)
    state = game(players=3).new_state(dice=[3, 3, 3, 4, 4, 1, 6, 6, 6, 1, 1, 1, 2, 2, 2])
    log = texts(state)
    assert "seat1 and seat2 tie on 9 and roll again." in log
    assert state.order == [2, 1, 0]


def test_CBB_SET_3_draft_rounds_in_the_same_order_without_snaking():
    state = game().new_state(dice=[6, 6, 6, 1, 1, 1])
    assert state.draft_queue == [0, 1, 0, 1, 0, 1]
    draft(state, ["jayne", "mal"])
    assert state.to_act == ("seat1",)
    assert_rejected(state, "seat1", A.Pick("mal"))
    assert "Mal has already been drafted; only crew nobody has drafted may be picked (CBB-SET-3)" in \
        explain(state, "seat1", "pick crew=mal")
    draft(state, ["zoe", "wash", "kaylee", "inara"])
    assert [state.slug(c) for c in range(6) if state.crew_side[c] == 0] == ["jayne", "zoe", "kaylee"]
    # Three people: side 1 has seat1 and seat3, who share its three picks by their order.
    state = game(players=3).new_state(dice=[1, 1, 1, 6, 6, 6, 3, 3, 3])
    assert state.order == [1, 2, 0]
    assert state.draft_queue == [1, 2, 0, 1, 2, 1]


def test_CBB_SET_4_the_last_chooser_appoints_the_official_from_the_rest():
    state = game().new_state(dice=[6, 6, 6, 1, 1, 1, 1, 1, 1])
    draft(state, ["jayne", "mal", "zoe", "wash", "kaylee", "inara"])
    assert state.phase == OFFICIAL and state.to_act == ("seat2",)
    assert legal_texts(state) == ["appoint crew=simon", "appoint crew=book", "appoint crew=river"]
    act(state, "appoint crew=book")
    assert state.game.cards[state.official].id == "book"
    assert "seat2 appoints Book as the Official (OFF 5)." in texts(state)
    # With two teams of four, one crew member is left and becomes the Official.
    state = game(team_size=4).new_state(dice=[6, 6, 6, 1, 1, 1, 1, 1, 1])
    draft(state, ["jayne", "mal", "zoe", "wash", "kaylee", "inara", "simon", "book"])
    assert state.game.cards[state.official].id == "river" and state.phase == OBSTACLES


def _to_obstacles(obstacle_dice, **options):
    state = game(**options).new_state(dice=[6, 6, 6, 1, 1, 1, *obstacle_dice])
    draft(state, ["jayne", "mal", "zoe", "wash", "kaylee", "inara"])
    act(state, "appoint crew=book")
    return state


def test_CBB_SET_5_the_goal_starts_in_the_centre_with_arrows_at_1_and_4():
    state = _to_obstacles([1, 1, 1])
    board = state.game.board
    assert board.labels[board.goal] == "H6" and state.arrow == 1
    assert "The goal hangs at H6 with its arrows at 1 and 4." in texts(state)


def test_CBB_SET_6_obstacles_three_dice_in_turn_and_the_placement_limits():
    state = _to_obstacles([2, 1, 2])
    assert state.obstacles_left == 5 and state.phase == OBSTACLES
    assert "Obstacle roll: 3d6=2+1+2=5 obstacles." in texts(state)
    legal = {a.at for a in state.legal_actions("seat1")}
    for banned in ("B1", "A3", "O2", "H6", "I11", "C11", "A6"):  # grating, half, goal, door
        assert banned not in legal
    assert {"C3", "H5", "F1"} <= legal
    assert state.to_act == ("seat1",)  # the first chooser starts, then clockwise
    act(state, "obstacle at=C3")
    assert state.to_act == ("seat2",)
    act(state, "obstacle at=D3")
    act(state, "obstacle at=E3")
    legal = {a.at for a in state.legal_actions("seat2")}
    assert "F3" not in legal and "D4" not in legal and "G3" in legal  # no group of four
    assert_rejected(state, "seat2", A.PlaceObstacle("C3"))
    act(state, "obstacle at=G3")
    act(state, "obstacle at=J9")
    assert state.phase == PLACEMENT and state.obstacles_left == 0


def test_CBB_SET_7_crew_placement_from_the_last_chooser_on_unmarked_spaces():
    state = _to_obstacles([1, 1, 1, 5, 2, 1, 1])
    for label in ("C3", "E3", "G3"):
        act(state, f"obstacle at={label}")
    assert state.phase == PLACEMENT and state.to_act == ("seat2",)
    legal = {a.at for a in state.legal_actions("seat2")}
    for banned in ("C3", "H6", "I5", "G6", "H7", "I11"):  # obstacle, goal, numbers, door
        assert banned not in legal
    assert {"B1", "A3", "D3"} <= legal  # grating and half spaces are fine
    order = []
    for label in ("B2", "C2", "D2", "E2", "F2", "G2"):
        order.append(state.slug(state.place_queue[0]))
        act(state, f"place crew={order[-1]} at={label}")
        if state.phase == PLAY:
            break
    # seat2 chose last, so it starts; each seat places in the order it drafted.
    assert order == ["mal", "jayne", "wash", "zoe", "inara", "kaylee"]


def test_CBB_SET_8_the_officials_toss_is_a_deflection_from_the_goal():
    state = _to_obstacles([1, 1, 1, 5, 2, 1, 1])
    for label in ("C3", "E3", "G3"):
        act(state, f"obstacle at={label}")
    for label in ("B2", "C2", "D2", "E2", "F2", "G2"):
        act(state, f"place crew={state.slug(state.place_queue[0])} at={label}")
    log = texts(state)
    assert "Official Book tosses the ball in from the catwalk over the goal." in log
    assert "The ball deflects from H6: 1d6=5, direction 5 (SE); 1d6=2 spaces." in log
    assert "The ball comes to rest on I8." in log
    assert "Chop 1, Round 1: the goal swings, 1d6=1: its arrows point at 1 and 4." in log
    assert state.phase == PLAY and state.ball == state.game.board.index["I8"]


def test_CBB_SET_9_fixed_rosters_skip_the_draft():
    g = game(side1_crew="mal+jayne+zoe", side2_crew="kaylee+wash+river", official="book")
    state = g.new_state(dice=[6, 6, 6, 1, 1, 1, 1, 1, 1])
    assert state.phase == OBSTACLES and state.team_size == 3
    assert [state.slug(c) for c in range(6)] == ["mal", "jayne", "zoe", "kaylee", "wash", "river"]
    assert state.game.cards[state.official].id == "book"
    # Only side 2 drafts when side 1 is fixed; the Official is still appointed by the last chooser.
    state = game(side1_crew="mal+jayne").new_state(dice=[6, 6, 6, 1, 1, 1])
    assert state.team_size == 2 and state.draft_queue == [1, 1]
    with pytest.raises(BadOption, match="unknown crew"):
        game(side1_crew="mal+saffron")
    with pytest.raises(BadOption, match="same size"):
        game(side1_crew="mal+jayne", side2_crew="kaylee+wash+river")
    with pytest.raises(BadOption, match="named twice"):
        game(side1_crew="mal+jayne", official="mal")
    # a team size asked for that the roster contradicts is refused, not silently overruled
    with pytest.raises(BadOption, match="team_size=2 and side1_crew, which names 4, disagree"):
        game(team_size=2, side1_crew="mal+jayne+zoe+wash")
    with pytest.raises(BadOption, match="team_size=roll and side2_crew, which names 2, disagree"):
        game(team_size="roll", side2_crew="mal+jayne")
    assert game(team_size=4, side1_crew="mal+jayne+zoe+wash").options["team_size"] == 4  # agreeing is fine
