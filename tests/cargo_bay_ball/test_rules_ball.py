"""CBB-ACT-PASS/SHOOT, CBB-REACT-1/2 and CBB-BALL-*: passes, shots, blocks, catches, goals, deflections."""

from __future__ import annotations

from tabletop.testing import assert_rejected
from tabletop.titles.cargo_bay_ball import actions as A
from tabletop.titles.cargo_bay_ball.constants import ARROW, BOXED

from .helpers import act, position, texts


def crew(slug, side, where, **more):
    return {"crew": slug, "side": side, "at": where, **more}


def legal(state):
    return [str(a) for a in state.legal_actions(state.to_act[0])]


def holder(state):
    return state.slug(state.holder) if state.holder >= 0 else None


def passing(dice, jayne="M9", kaylee="N10", zoe="H3"):
    lineup = [crew("wash", 1, "C3"), crew("zoe", 1, zoe), crew("jayne", 2, jayne), crew("kaylee", 2, kaylee)]
    return position(lineup, dice=dice, ball="wash", turn={"crew": "wash"})


def shooting(dice, shooter="simon", where="H4", obstacles=(), others=None, **scenario):
    lineup = [crew(shooter, 1, where), crew("wash", 1, "B2")]
    lineup += others if others is not None else [crew("jayne", 2, "M9"), crew("kaylee", 2, "N10")]
    return position(lineup, dice=dice, ball=shooter, turn={"crew": shooter}, obstacles=list(obstacles), **scenario)


def test_CBB_ACT_PASS_1_a_pass_flies_1d6_plus_PASS_and_the_target_must_catch():
    state = passing([2, 3])
    log = act(state, "pass to=zoe")
    assert log == ["Wash passes to Zoe (5 away): 1d6=2+PASS 6=8 spaces.",
                   "Zoe tries to catch the pass: 1d6=3 against CATCH 3: caught."]
    assert holder(state) == "zoe" and state.active == state.crew_by_slug("wash") and state.actions_left == 1


def test_CBB_REACT_2_a_dropped_pass_deflects_from_the_target():
    state = passing([2, 4, 6, 1])
    log = act(state, "pass to=zoe")
    assert log[1:] == ["Zoe tries to catch the pass: 1d6=4 against CATCH 3: dropped.",
                       "The ball deflects from H3: 1d6=6, direction 6 (E); 1d6=1 spaces."]
    # Zoe stands next to the loose ball's path, so she may try to block it.
    assert legal(state) == ["block crew=zoe", "no-block crew=zoe"]
    assert act(state, "no-block crew=zoe") == ["The ball comes to rest on I3."]
    assert holder(state) is None and state.game.board.labels[state.ball] == "I3"


def test_CBB_ACT_PASS_2_a_short_pass_lands_where_it_runs_out_and_deflects():
    lineup = [crew("simon", 1, "C3"), crew("zoe", 1, "J3"), crew("jayne", 2, "M9"), crew("kaylee", 2, "N10")]
    state = position(lineup, dice=[1, 6, 1], ball="simon", turn={"crew": "simon"})
    log = act(state, "pass to=zoe")
    assert log == ["Simon passes to Zoe (7 away): 1d6=1+PASS 3=4 spaces.", "The pass falls short at G3.",
                   "The ball deflects from G3: 1d6=6, direction 6 (E); 1d6=1 spaces.",
                   "The ball comes to rest on H3."]


def test_CBB_REACT_1_an_opponent_in_the_path_may_block_and_then_rolls_to_catch():
    state = passing([2, 5, 3], jayne="F3")
    act(state, "pass to=zoe")
    assert state.to_act == ("seat2",) and legal(state) == ["block crew=jayne", "no-block crew=jayne"]
    act(state, "no-block crew=jayne")  # next to the path at E3: wait for the ball to reach her
    assert legal(state) == ["block crew=jayne", "no-block crew=jayne"]
    log = act(state, "block crew=jayne")
    assert log == ["Jayne tries to block at F3: 1d6=5 against BLOCK 5: blocked!",
                   "Jayne tries to hold on to the blocked ball: 1d6=3 against CATCH 3: caught."]
    assert holder(state) == "jayne" and state.to_act == ("seat1",)


def test_CBB_REACT_1_only_one_block_attempt_per_pass():
    state = passing([2, 6, 1], jayne="F3")
    act(state, "pass to=zoe")
    log = act(state, "block crew=jayne")
    assert log == ["Jayne tries to block at E3: 1d6=6 against BLOCK 5: misses.",
                   "Zoe tries to catch the pass: 1d6=1 against CATCH 3: caught."]
    assert holder(state) == "zoe"


def test_CBB_REACT_1_a_blocker_beside_the_path_only_deflects():
    state = passing([2, 2, 3, 1], kaylee="F2")
    act(state, "pass to=zoe")
    assert legal(state) == ["block crew=kaylee", "no-block crew=kaylee"]
    assert_rejected(state, "seat2", A.Catch("kaylee"))
    log = act(state, "block crew=kaylee")
    assert log == ["Kaylee tries to block at F3: 1d6=2 against BLOCK 3: blocked!",
                   "The ball deflects from F3: 1d6=3, direction 3 (W); 1d6=1 spaces.",
                   "The ball comes to rest on E3."]


def test_CBB_ACT_SHOOT_1_2_a_shot_that_reaches_the_goal_scores_on_1d6_up_to_SHOOT():
    state = shooting([1, 4])
    log = act(state, "shoot")
    assert log == ["Simon shoots from H4 (2 from the goal): 1d6=1+SHOOT 4 (+2 within 2 of the goal)=5 spaces.",
                   "Simon's scoring roll: 1d6=4 against SHOOT 4: through the ring unless it is blocked!",
                   "GOAL! Simon scores for side 1: 1-0.",
                   "The ball carries on out of the ring toward 4 for 3 spaces.",
                   "The ball comes to rest on G9."]
    assert state.score == [1, 0]


def test_CBB_ACT_SHOOT_2_a_missed_scoring_roll_deflects_from_the_goal():
    state = shooting([1, 5, 6, 1])
    log = act(state, "shoot")
    assert log[1:] == ["Simon's scoring roll: 1d6=5 against SHOOT 4: it hits the rim.",
                       "The ball deflects from H6: 1d6=6, direction 6 (E); 1d6=1 spaces.",
                       "The ball comes to rest on I6."]
    assert state.score == [0, 0]


def test_CBB_ACT_SHOOT_3_every_shooting_bonus():
    cases = [("H2", (), "1d6=2+SHOOT 2=4 spaces.", "G9"),  # four away, no bonus
             ("H4", (), "1d6=2+SHOOT 4 (+2 within 2 of the goal)=6 spaces.", "F10"),
             ("H3", ("H3",), "1d6=2+SHOOT 3 (+1 on an obstacle)=5 spaces.", "G8"),
             ("H4", ("H4",), "1d6=2+SHOOT 5 (+3 on an obstacle near the goal)=7 spaces.", "F11")]
    for where, obstacles, text, rest in cases:
        state = shooting([2, 1, 6, 1], where=where, obstacles=obstacles)
        log = act(state, "shoot")
        assert log[0].endswith(text), log[0]
        assert log[-1] in (f"The ball comes to rest on {rest}.",) or "H7" in log[-1], log


def test_CBB_ACT_SHOOT_4_a_shot_flat_against_the_ring_glances_off():
    state = shooting([1, 3, 1], where="J7")
    assert state.game.board.side_of_axis(state.pos[state.crew_by_slug("simon")], state.arrow) == 0
    log = act(state, "shoot")
    assert log[1:] == ["Simon's shot comes in flat against the side of the ring and glances off.",
                       "The ball deflects from H6: 1d6=3, direction 3 (W); 1d6=1 spaces.",
                       "The ball comes to rest on G6."]


def test_CBB_ACT_SHOOT_5_a_short_shot_lands_where_it_runs_out_and_deflects():
    state = shooting([1, 3, 1], where="C6")
    log = act(state, "shoot")
    assert log[1:] == ["The shot falls short at F6.", "The ball deflects from F6: 1d6=3, direction 3 (W); 1d6=1 spaces.",
                       "The ball comes to rest on E6."]


def test_CBB_BALL_7_after_a_goal_the_ball_leaves_the_ring_by_the_far_arrow():
    # From the side of arrow 1 the ball leaves toward 4; from the side of arrow 4 it leaves toward 1.
    state = shooting([1, 1], where="F6")  # F6 is on the arrow-4 side: out toward 1 (NE)
    log = act(state, "shoot")
    assert "The ball carries on out of the ring toward 1 for 3 spaces." in log
    assert log[-1] == "The ball comes to rest on J3."
    back = shooting([1, 1], where="H4", options={"goal_exit": "back"})
    assert "The ball carries on out of the ring toward 1 for 3 spaces." in act(back, "shoot")


def test_CBB_BALL_8_a_shot_never_stops_in_the_goal():
    state = shooting([2, 1], where="H2")  # 4 spaces away, 2+2=4: exactly at the goal
    log = act(state, "shoot")
    assert "The ball carries on out of the ring toward 4 for 1 space." in log
    assert log[-1] == "The ball comes to rest on H7."


def test_CBB_PEN_1_goaltending_a_block_on_the_goal_from_behind():
    others = [crew("kaylee", 2, "G6"), crew("jayne", 2, "M9")]
    state = shooting([1, 2, 3, 2, 2, 6, 1], shooter="mal", others=others)
    act(state, "shoot")
    assert legal(state) == ["block crew=kaylee", "no-block crew=kaylee"]
    log = act(state, "block crew=kaylee")
    assert log == ["Kaylee tries to block at H6: 1d6=3 against BLOCK 3: blocked!",
                   "Official Book rolls 2d6=4 against OFF 5: goaltending called on Kaylee!",
                   "Kaylee goes to the airlock for goaltending until the end of the Round.",
                   "The ball deflects from H6: 1d6=6, direction 6 (E); 1d6=1 spaces.",
                   "The ball comes to rest on I6."]
    assert state.score == [0, 0] and state.status[state.crew_by_slug("kaylee")] == BOXED


def test_CBB_PEN_1_a_block_on_the_goal_from_the_front_is_no_goaltending():
    others = [crew("kaylee", 2, "H5"), crew("jayne", 2, "M9")]
    state = shooting([1, 2, 3, 6, 1], shooter="mal", others=others)
    act(state, "shoot")
    act(state, "no-block crew=kaylee")  # beside the path at I5
    log = act(state, "block crew=kaylee")
    assert log[1] == "The ball deflects from H6: 1d6=6, direction 6 (E); 1d6=1 spaces."


def test_CBB_REACT_1_blocking_after_the_goal_does_not_undo_it():
    others = [crew("kaylee", 2, "G6"), crew("jayne", 2, "M9")]
    state = shooting([1, 2, 3, 5, 1], shooter="mal", others=others)
    act(state, "shoot")
    act(state, "no-block crew=kaylee")
    assert state.score == [1, 0] and legal(state) == ["block crew=kaylee", "no-block crew=kaylee"]
    log = act(state, "block crew=kaylee")
    assert log[0] == "Kaylee tries to block at H7: 1d6=3 against BLOCK 3: blocked!"
    assert state.score == [1, 0]


def test_CBB_PEN_3_a_goal_frees_one_penalised_opponent_to_the_arrow_space():
    others = [crew("jayne", 2, None, status="penalty-box"), crew("kaylee", 2, "N10")]
    state = shooting([1, 1], others=others)
    assert "Jayne moves to the airlock arrow space and plays again next Round." in act(state, "shoot")
    assert state.status[state.crew_by_slug("jayne")] == ARROW
    others = [crew("jayne", 2, None, status="penalty-box"), crew("kaylee", 2, None, status="penalty-box")]
    state = shooting([1, 1], others=others)
    act(state, "shoot")
    assert state.to_act == ("seat2",) and legal(state) == ["release crew=jayne", "release crew=kaylee"]
    act(state, "release crew=kaylee")
    assert state.status[state.crew_by_slug("kaylee")] == ARROW
    assert state.status[state.crew_by_slug("jayne")] == BOXED


def test_CBB_BALL_2_crew_in_a_loose_balls_path_may_catch_and_beside_it_may_block():
    state = passing([2, 4, 3, 3, 2], jayne="F3", kaylee="F2", zoe="H3")
    act(state, "pass to=zoe")
    # E3: Jayne beside; F3: Jayne in the path, then Kaylee beside; G3: both beside.
    for slug in ("jayne", "jayne", "kaylee", "jayne", "kaylee"):
        assert legal(state) == [f"block crew={slug}", f"no-block crew={slug}"]
        act(state, f"no-block crew={slug}")
    # Zoe drops it (4 > 3); it deflects west 3 spaces. At G3 anyone beside may block, Zoe too.
    for slug in ("zoe", "jayne", "kaylee"):
        assert legal(state) == [f"block crew={slug}", f"no-block crew={slug}"]
        act(state, f"no-block crew={slug}")
    # At F3 Jayne is in the loose ball's path: she may try to catch it (no block roll first).
    assert legal(state) == ["catch crew=jayne", "no-block crew=jayne"]
    log = act(state, "catch crew=jayne")
    assert log == ["Jayne tries to catch the loose ball: 1d6=2 against CATCH 3: caught."]
    assert holder(state) == "jayne"


def test_CBB_BALL_3_a_ball_at_the_wall_rolls_again_and_may_stop_there():
    state = shooting([1, 5, 1, 6, 1], where="F6")
    log = act(state, "shoot")
    assert log[-2] == ("The ball hits the wall at K1; it rolls 1d6=1 for a new direction, still into the wall, "
                       "so it stops there.")
    assert state.game.board.labels[state.ball] == "K1"
    state = shooting([1, 5, 1, 6, 5], where="F6")
    log = act(state, "shoot")
    assert log[-2:] == ["The ball hits the wall at K1 and bounces: 1d6=5, now heading 5 (SE).",
                        "The ball comes to rest on K2."]


def test_CBB_BALL_5_a_ball_that_stops_on_standing_crew_is_theirs():
    others = [crew("jayne", 2, "I6"), crew("kaylee", 2, "N10")]
    state = shooting([1, 5, 6, 1], others=others)
    act(state, "shoot")
    log = act(state, "no-block crew=jayne")  # beside the shot's path at I5
    assert log[-1] == "The ball comes to rest with Jayne on I6."
    assert holder(state) == "jayne"


def test_CBB_BALL_6_a_ball_under_downed_crew_waits_for_their_turn():
    others = [crew("jayne", 2, "I6", status="down"), crew("kaylee", 2, "N10", acted=True)]
    state = shooting([1, 5, 6, 1, 1, 1, 4], others=others)
    log = act(state, "shoot")  # Jayne is down, so she is not asked to block
    assert log[-1] == "The ball comes to rest on I6." and holder(state) is None
    act(state, "skip")  # Simon's turn ends; Wash acts next
    log = act(state, "skip")
    assert "Jayne tries to get up: 1d6=1 against ENDUR 6: back on their feet." in log
    assert holder(state) is None  # standing up on the ball does not pick it up
    assert state.to_act == ("seat2",) and legal(state) == ["activate crew=jayne", "activate crew=kaylee"]
    assert act(state, "activate crew=jayne")[-1] == "Jayne's turn (side 2)."
    assert legal(state) == ["pick-up crew=jayne", "leave-ball crew=jayne"]  # now she may pick it up
    assert act(state, "pick-up crew=jayne") == ["Jayne picks up the loose ball on I6."]
    assert holder(state) == "jayne"
    assert texts(state)


def test_CBB_BALL_1_a_deflection_rolls_a_numbered_direction_and_a_distance():
    state = shooting([1, 5, 4, 2], where="F6")
    log = act(state, "shoot")
    assert log[-2:] == ["The ball deflects from H6: 1d6=4, direction 4 (SW); 1d6=2 spaces.",
                        "The ball comes to rest on G8."]
    board = state.game.board
    assert [board.direction_names[d] for d in range(6)] == ["NE", "NW", "W", "SW", "SE", "E"]
