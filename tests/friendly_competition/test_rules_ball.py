"""Passing, rebounds, receiving, goals and interceptions."""

from __future__ import annotations

from tabletop.testing import assert_rejected
from tabletop.titles.friendly_competition.actions import DontTry, Move, Pass, Try
from tabletop.titles.friendly_competition.pitch import PITCH

from .helpers import kinds, position, texts

BLUE2 = 1  # global numbers of the teamsters the tests use
BLUE3 = 2
RED_GOALIE = 6
RED2 = 7


def test_FSC_PASS_1_short_medium_long_cost_and_dice():
    state = position(["f19", "j14"], ["j2"], ball={"holder": "seat1:2"}, dice=[1, 1, 1])
    state.apply("seat1", Pass("medium", "w"))
    assert state.ap == 7 and state.ball == PITCH.parse("g14")
    assert "3d6 = 1+1+1 = 3 squares" in texts(state)
    poor = position(["f19", "j14"], ["j2"], ball={"holder": "seat1:2"}, ap=6)
    lengths = {a.length for a in poor.legal_actions("seat1") if isinstance(a, Pass)}
    assert lengths == {"short", "medium"}
    assert_rejected(poor, "seat1", Pass("long", "n"))
    rich = position(["f19", "j14"], ["j2"], ball={"holder": "seat1:2"}, dice=[1, 1, 1, 2])
    rich.apply("seat1", Pass("long", "w"))
    assert rich.ap == 3 and rich.ball == PITCH.parse("e14")
    cheap = position(["f19", "j14"], ["j2"], ball={"holder": "seat1:2"}, dice=[1, 2])
    cheap.apply("seat1", Pass("short", "sw"))
    assert cheap.ap == 9 and cheap.ball == PITCH.parse("g17")


def test_FSC_PASS_2_pass_rebounds_off_two_walls_without_losing_distance():
    state = position(["f19", "i16"], ["j2"], ball={"holder": "seat1:2"}, dice=[6, 6])
    state.apply("seat1", Pass("short", "se"))
    path = state.events[-2].data["path"]
    assert path == ["j17", "k18", "l19", "m18", "n17", "o16", "p15", "q14", "r13", "s12", "r11", "q10"]
    assert state.ball == PITCH.parse("q10") and state.holder == -1
    assert kinds(state)[-2:] == ["pass", "loose"]
    assert "12 squares (off the wall at l19 and s12)" in texts(state)


def test_FSC_PASS_2_rebound_off_a_cut_corner_turns_a_right_angle():
    state = position(["f19", "d15"], ["j2"], ball={"holder": "seat1:2"}, dice=[2, 3])
    state.apply("seat1", Pass("short", "s"))
    kicked = next(e for e in state.events if e.kind == "pass")
    assert kicked.data["path"] == ["d16", "d17", "e17", "f17", "g17"]


def test_FSC_PASS_3_ball_reaching_a_receiver_exactly_is_gathered_for_nothing():
    state = position(["f19", "j14", "j9"], ["j2"], ball={"holder": "seat1:2"}, dice=[3, 2])
    state.apply("seat1", Pass("short", "n"))
    # passing j10, Blue 3 could try for it from the next square; it waits for the ball instead
    assert state.to_act == ("seat1",) and state.legal_actions("seat1") == [Try(3), DontTry()]
    state.apply("seat1", DontTry())
    assert state.holder == BLUE3 and state.ap == 9
    assert "gathers it for 0 AP" in texts(state)


def test_FSC_GOAL_1_a_pass_across_the_goal_line_scores():
    state = position(["f19", "j3"], ["r6"], ball={"holder": "seat1:2"}, dice=[2, 1])
    state.apply("seat1", Pass("short", "n"))
    assert state.score == [1, 0]
    assert "GOAL!" in texts(state)


def test_FSC_GOAL_1_carrying_the_ball_across_the_goal_line_scores():
    state = position(["f19", "j1"], ["r6"], ball={"holder": "seat1:2"})
    state.apply("seat1", Move(2, "n"))
    assert state.score == [1, 0]
    assert "carries the ball north" in texts(state)


def test_FSC_GOAL_1_only_a_carrier_enters_a_goal_and_never_its_own():
    state = position(["j19", "j1"], ["r6"], ball={"holder": "seat1:1"})
    assert_rejected(state, "seat1", Move(2, "n"))   # no ball
    assert_rejected(state, "seat1", Move(1, "s"))   # own goal mouth


def test_FSC_GOAL_2_own_goals_count_for_the_other_side():
    state = position(["f19", "j17"], ["r6"], ball={"holder": "seat1:2"}, dice=[1, 2])
    state.apply("seat1", Pass("short", "s"))
    assert state.score == [0, 1]


def test_FSC_INT_1_enemy_may_try_on_the_passing_sides_turn():
    state = position(["f19", "j14"], ["j2", "k12"], ball={"holder": "seat1:2"}, dice=[3, 3, 5])
    state.apply("seat1", Pass("short", "n"))
    assert state.to_act == ("seat2",)
    assert state.legal_actions("seat2") == [Try(2), DontTry()]
    assert_rejected(state, "seat1", DontTry())
    state.apply("seat2", Try(2))
    assert state.holder == RED2 and state.ball == PITCH.parse("k12")
    assert state.to_act == ("seat1",) and state.ap == 9  # Blue's turn goes on
    assert "needs 5+, rolls 5: caught" in texts(state)


def test_FSC_INT_1_ball_in_the_same_square_is_easier():
    state = position(["f19", "j14"], ["j2", "j12"], ball={"holder": "seat1:2"}, dice=[3, 3, 4])
    state.apply("seat1", Pass("short", "n"))
    state.apply("seat2", DontTry())      # j13: from the next square
    state.apply("seat2", Try(2))         # j12: its own square, needs 4
    assert state.holder == RED2


def test_FSC_INT_1_declining_lets_the_ball_fly_on():
    state = position(["f19", "j14"], ["j2", "k12"], ball={"holder": "seat1:2"}, dice=[3, 3])
    state.apply("seat1", Pass("short", "n"))
    state.apply("seat2", DontTry())
    state.apply("seat2", DontTry())
    state.apply("seat2", DontTry())
    assert state.ball == PITCH.parse("j8") and state.holder == -1


def test_FSC_INT_2_goalie_intercepts_better():
    keeper = position(["f19", "j5"], ["k2"], ball={"holder": "seat1:2"}, dice=[1, 1, 4])
    keeper.apply("seat1", Pass("short", "n"))
    assert keeper.legal_actions("seat2") == [Try(1), DontTry()]
    keeper.apply("seat2", Try(1))
    assert keeper.holder == RED_GOALIE
    assert "a goalie needs 4+, rolls 4: caught" in texts(keeper)
    plain = position(["f19", "j5"], ["r6", "k2"], ball={"holder": "seat1:2"}, dice=[1, 1, 4])
    plain.apply("seat1", Pass("short", "n"))
    plain.apply("seat2", Try(2))
    assert plain.holder == -1
    assert "a teamster needs 5+, rolls 4: missed" in texts(plain)


def test_FSC_INT_3_marked_interceptor_takes_minus_one():
    state = position(["f19", "j14", "l12"], ["j2", "k12"], ball={"holder": "seat1:2"}, dice=[3, 3, 5])
    state.apply("seat1", Pass("short", "n"))
    state.apply("seat2", Try(2))
    assert state.holder == -1
    assert "rolls 5-1=4 (marked): missed" in texts(state)


def test_FSC_INT_4_contested_interception_equal_rolls_nobody_catches():
    state = position(["f19", "j14", "i12"], ["j2", "k12"], ball={"holder": "seat1:2"}, dice=[3, 3, 5, 5])
    state.apply("seat1", Pass("short", "n"))
    state.apply("seat2", Try(2))
    assert state.to_act == ("seat1",) and Try(3) in state.legal_actions("seat1")
    state.apply("seat1", Try(3))
    assert state.ap == 8  # trying on one's own turn costs 1 AP
    assert state.holder == -1 and state.ball == PITCH.parse("j8")
    assert "neither manages to hold it" in texts(state)


def test_FSC_INT_4_contested_interception_highest_roll_wins():
    state = position(["f19", "j14", "i12"], ["j2", "k12"], ball={"holder": "seat1:2"}, dice=[3, 3, 5, 6])
    state.apply("seat1", Pass("short", "n"))
    state.apply("seat2", Try(2))
    state.apply("seat1", Try(3))
    assert state.holder == BLUE3


def test_FSC_INT_5_each_teamster_tries_once_per_ball_by_default():
    state = position(["f19", "j14"], ["j2", "k12"], ball={"holder": "seat1:2"}, dice=[3, 3, 1])
    state.apply("seat1", Pass("short", "n"))
    state.apply("seat2", Try(2))
    assert state.phase == "play" and state.ball == PITCH.parse("j8")  # no second chance at j12 or j11


def test_FSC_INT_5_every_square_option_allows_another_try():
    state = position(["f19", "j14"], ["j2", "k12"], ball={"holder": "seat1:2"}, dice=[3, 3, 1, 5],
                     options={"interception_attempts": "every-square"})
    state.apply("seat1", Pass("short", "n"))
    state.apply("seat2", Try(2))
    state.apply("seat2", Try(2))     # j12, its neighbour square again
    assert state.holder == RED2


def test_FSC_INT_5_once_per_ball_option_stops_later_tries():
    state = position(["f19", "j14"], ["j2", "k12", "i10"], ball={"holder": "seat1:2"}, dice=[3, 3, 1],
                     options={"interception_attempts": "once-per-ball"})
    state.apply("seat1", Pass("short", "n"))
    state.apply("seat2", Try(2))
    assert state.phase == "play"  # Red 3 by j11 and j10 gets no chance


def test_FSC_INT_6_off_turn_tries_can_cost_next_turn_ap():
    state = position(["f19", "j14"], ["j2", "k12"], ball={"holder": "seat1:2"}, dice=[3, 3, 1],
                     options={"off_turn_intercept_ap": 1})
    state.apply("seat1", Pass("short", "n"))
    state.apply("seat2", Try(2))
    state.apply("seat1", state.legal_actions("seat1")[-1])  # end the turn
    assert state.to_act == ("seat2",) and state.ap == 9


def test_FSC_INT_7_lofted_pass_flies_over_team_mates_by_option():
    state = position(["f19", "j14", "i12"], ["r6"], ball={"holder": "seat1:2"}, dice=[1, 2, 3],
                     options={"lofted_pass_teammates": "fly-over"})
    state.apply("seat1", Pass("medium", "n"))
    assert state.phase == "play" and state.ball == PITCH.parse("j8")
    short = position(["f19", "j14", "i12"], ["r6"], ball={"holder": "seat1:2"}, dice=[3, 3],
                     options={"lofted_pass_teammates": "fly-over"})
    short.apply("seat1", Pass("short", "n"))
    assert short.phase == "flight"  # a short pass can still be taken by a team-mate


def test_FSC_INT_7_lofted_pass_stops_at_a_team_mate_by_option():
    state = position(["f19", "j14", "j11"], ["r6"], ball={"holder": "seat1:2"}, dice=[1, 2, 3],
                     options={"lofted_pass_teammates": "stops"})
    state.apply("seat1", Pass("medium", "n"))
    assert state.holder == BLUE3 and state.ap == 7


def test_FSC_PASS_3_an_enemy_on_the_landing_square_gathers_it_too_by_option():
    state = position(["f19", "j14"], ["j2", "j12"], ball={"holder": "seat1:2"}, dice=[1, 1],
                     options={"receiver": "anyone"})
    state.apply("seat1", Pass("short", "n"))
    state.apply("seat2", DontTry())     # j13: Red 2 waits for the ball to reach it
    assert state.holder == RED2


def test_FSC_PASS_3_only_team_mates_receive_by_default():
    state = position(["f19", "j14"], ["j2", "j12"], ball={"holder": "seat1:2"}, dice=[1, 1])
    state.apply("seat1", Pass("short", "n"))
    state.apply("seat2", DontTry())
    assert state.legal_actions("seat2") == [Try(2), DontTry()]  # it must catch it to keep it
    state.apply("seat2", DontTry())
    assert state.holder == -1 and state.ball == PITCH.parse("j12")
    assert "loose at j12" in texts(state)
