"""The pitch, the teams, deployment, and the turn with its action points."""

from __future__ import annotations

import pytest

from tabletop.core import BadScenario
from tabletop.testing import assert_rejected
from tabletop.titles.friendly_competition.actions import Deploy, EndTurn, Move, PickUp
from tabletop.titles.friendly_competition.pitch import NORTH_GOAL, PITCH, SOUTH_GOAL

from .helpers import at, game, position


def row_width(y: int) -> int:
    return sum(PITCH.on[y * PITCH.width + x] for x in range(PITCH.width))


def test_FSC_PITCH_1_octagon_nineteen_across_with_cut_corners():
    assert PITCH.width == PITCH.height == 19
    assert [row_width(y) for y in range(19)] == [9, 11, 13, 15, 17] + [19] * 9 + [17, 15, 13, 11, 9]
    for corner in ("a1", "s1", "a19", "s19", "e1", "a5"):
        with pytest.raises(ValueError):
            PITCH.parse(corner)
    assert PITCH.parse("f1") >= 0 and PITCH.parse("a6") >= 0


def test_FSC_PITCH_2_goals_five_squares_wide_with_goal_zones():
    assert len(PITCH.north_mouth) == len(PITCH.south_mouth) == 5
    assert [chr(ord("a") + x) for x in PITCH.north_mouth] == ["h", "i", "j", "k", "l"]
    assert PITCH.step[PITCH.parse("j1")][0] == NORTH_GOAL
    assert PITCH.step[PITCH.parse("j19")][4] == SOUTH_GOAL
    assert PITCH.parse("j2") in PITCH.goal_zone["north"] and PITCH.parse("j18") in PITCH.goal_zone["south"]
    assert len(PITCH.goal_zone["north"]) == 21


def test_FSC_TEAM_1_two_teams_of_six_with_one_goalie_each():
    state = position(["j18"], ["j2"])
    view = state.view(None)
    for seat in ("seat1", "seat2"):
        team = view["teams"][seat]
        assert len(team) == 6
        assert [m["goalie"] for m in team] == [True] + [False] * 5
    assert view["teams"]["seat1"][0]["name"] == "Blue goalie"


def test_FSC_DEPLOY_1_free_deployment_in_own_half_outside_the_grey_area():
    state = game().new_state(seed=3)
    assert state.phase == "deploy" and state.to_act == ("seat2",)  # the receiving side places first
    squares = {PITCH.parse(a.at) for a in state.legal_actions("seat2")}
    assert squares == PITCH.half["north"] - PITCH.grey
    assert PITCH.parse("j8") not in squares  # grey centre circle
    assert_rejected(state, "seat2", Deploy("j15"))   # the other half
    assert_rejected(state, "seat2", Deploy("j9"))    # the grey area
    assert_rejected(state, "seat2", Deploy("a10"))   # the halfway row is nobody's half
    state.apply("seat2", Deploy("j2"))
    assert state.to_act == ("seat1",)  # alternate, one teamster at a time
    assert_rejected(state, "seat1", Deploy("j2"))
    state.apply("seat1", Deploy("j18"))
    assert at(state, "seat2", 1) == "j2" and at(state, "seat1", 1) == "j18"  # goalies first
    for _ in range(5):
        state.apply("seat2", state.legal_actions("seat2")[0])
        state.apply("seat1", state.legal_actions("seat1")[-1])
    assert state.phase == "play" and state.to_act == ("seat1",) and state.ap == 10
    assert state.holder == -1 and state.ball == PITCH.centre


def test_FSC_DEPLOY_1_grey_area_variants():
    both = game(grey_area="centre-and-goal-zones").new_state(seed=1)
    goalie = {a.at for a in both.legal_actions("seat2")}
    assert "j2" in goalie  # the goalie may still start in its goal zone
    both.apply("seat2", Deploy("j2"))
    both.apply("seat1", Deploy("j18"))
    assert "k2" not in {a.at for a in both.legal_actions("seat2")}
    open_ = game(grey_area="none").new_state(seed=1)
    assert "j9" in {a.at for a in open_.legal_actions("seat2")}


def test_FSC_DEPLOY_1_blocks_deployment_places_whole_sides():
    state = game(deployment="blocks").new_state(seed=1)
    order = []
    while state.phase == "deploy":
        seat = state.to_act[0]
        order.append(seat)
        state.apply(seat, state.legal_actions(seat)[0])
    assert order == ["seat2"] * 6 + ["seat1"] * 6


def test_FSC_TURN_1_sides_alternate_with_ten_action_points():
    state = position(["j18", "j14"], ["j2"])
    assert state.ap == 10
    for _ in range(10):
        state.apply("seat1", Move(2, "n"))
    assert at(state, "seat1", 2) == "j4"
    assert state.to_act == ("seat2",) and state.ap == 10 and state.turn == 2
    state.apply("seat2", EndTurn())
    assert state.to_act == ("seat1",) and state.turn == 3
    assert "Red's turn ends" in state.events[-3].text or "Red" in " ".join(e.text for e in state.events[-4:])


def test_FSC_AP_MOVE_one_square_any_of_eight_directions_for_one_ap():
    state = position(["j18", "j14"], ["j2"])
    moves = {a.dir for a in state.legal_actions("seat1") if isinstance(a, Move) and a.who == 2}
    assert moves == {"n", "ne", "e", "se", "s", "sw", "w", "nw"}
    state.apply("seat1", Move(2, "ne"))
    assert at(state, "seat1", 2) == "k13" and state.ap == 9
    assert "1 AP, 9 left" in state.events[-1].text


def test_FSC_AP_MOVE_no_two_teamsters_share_a_square():
    state = position(["j18", "j14", "j13"], ["j2"])
    assert_rejected(state, "seat1", Move(2, "n"))


def test_FSC_AP_MOVE_carrier_takes_the_ball_along():
    state = position(["j18", "j14"], ["j2"], ball={"holder": "seat1:2"})
    state.apply("seat1", Move(2, "w"))
    assert state.holder == 0 * 6 + 1 and state.ball == PITCH.parse("i14")


def test_FSC_AP_PICKUP_picking_up_a_loose_ball_costs_one_ap():
    state = position(["j18", "j14"], ["j2"], ball={"at": "j13"})
    assert PickUp(2) not in state.legal_actions("seat1")  # only from the ball's own square
    state.apply("seat1", Move(2, "n"))
    state.apply("seat1", PickUp(2))
    assert state.holder == 1 and state.ap == 8


def test_FSC_AP_MOVE_walls_limit_moves():
    state = position(["j18", "a6"], ["j2"])
    moves = {a.dir for a in state.legal_actions("seat1") if isinstance(a, Move) and a.who == 2}
    assert moves == {"ne", "e", "se", "s"}  # a6 sits against the west wall and the cut corner


def test_scenario_errors_are_clear():
    with pytest.raises(BadScenario, match="share"):
        position(["j18", "j18"], ["j2"])
    with pytest.raises(BadScenario, match="not a square"):
        position(["a1"], ["j2"])
    with pytest.raises(BadScenario, match="unknown scenario keys"):
        game().new_state(seed=1, scenario={"teams": {}, "wind": 3})
    with pytest.raises(BadScenario, match="seat1:3"):
        position(["j18"], ["j2"], ball={"holder": "blue"})


def test_FSC_DEPLOY_1_auto_action_offers_the_formation_square():
    state = game().new_state(seed=3)
    assert state.auto_action("seat2") == Deploy("j2")
    assert state.auto_action("seat1") is None
