"""CBB-TIME-2..4 and CBB-ACT-*: the Round's start, alternating turns, moving, handoffs, steals, skips."""

from __future__ import annotations

from tabletop.guide import explain
from tabletop.testing import assert_rejected
from tabletop.titles.cargo_bay_ball import actions as A
from tabletop.titles.cargo_bay_ball.constants import DOWN

from .helpers import act, at, position, texts


def crew(slug, side, where, **more):
    return {"crew": slug, "side": side, "at": where, **more}


FOUR = [crew("jayne", 1, "E6"), crew("mal", 1, "B6"), crew("simon", 2, "M9"), crew("kaylee", 2, "N10")]


def legal(state):
    return [str(a) for a in state.legal_actions(state.to_act[0])]


def test_CBB_TIME_2_the_goal_swings_at_the_start_of_every_round():
    state = position(FOUR, dice=[5, 6], ball="I8", start="round")
    assert state.arrow == 2
    assert "Chop 1, Round 1: the goal swings, 1d6=5: its arrows point at 2 and 5." in texts(state)


def test_CBB_TIME_3_the_side_with_the_ball_goes_first_or_a_roll_decides():
    state = position(FOUR, dice=[1], ball="kaylee", start="round")
    assert state.turn_side == 1 and state.to_act == ("seat2",)
    assert "Kaylee has the ball, so side 2 goes first." in texts(state)
    state = position(FOUR, dice=[1, 3], ball="I8", start="round")
    assert state.turn_side == 0 and "The ball is loose; 1d6=3, so side 1 goes first." in texts(state)
    state = position(FOUR, dice=[1, 4], ball="I8", start="round")
    assert state.turn_side == 1


def test_CBB_TIME_4_sides_alternate_one_crew_member_at_a_time():
    state = position(FOUR, ball="I8")
    assert state.to_act == ("seat1",)
    assert legal(state) == ["activate crew=jayne", "activate crew=mal"]
    act(state, "activate crew=mal")
    act(state, "skip")
    assert state.to_act == ("seat2",) and legal(state) == ["activate crew=simon", "activate crew=kaylee"]
    act(state, "activate crew=kaylee")
    act(state, "skip")
    assert state.active == state.crew_by_slug("jayne")  # the only one left on side 1 starts at once
    act(state, "skip")
    assert state.active == state.crew_by_slug("simon")


def test_CBB_TIME_4_downed_and_penalised_crew_lose_their_turn():
    lineup = [crew("jayne", 1, "E6"), crew("mal", 1, None, status="penalty-box"),
              crew("simon", 2, "M9", status="down"), crew("kaylee", 2, "N10")]
    state = position(lineup, ball="I8")
    assert state.active == state.crew_by_slug("jayne")
    act(state, "skip")
    assert state.active == state.crew_by_slug("kaylee")
    assert_rejected(state, "seat2", A.Activate("simon"))


def test_CBB_TIME_7_people_on_one_side_take_its_turns_in_rotation():
    lineup = [crew("jayne", 1, "E6", seat="seat1"), crew("mal", 1, "B6", seat="seat3"),
              crew("zoe", 1, "B8", seat="seat1"), crew("simon", 2, "M9"), crew("kaylee", 2, "N10"),
              crew("wash", 2, "N8")]
    state = position(lineup, ball="I8", options={"players": 3})
    assert state.to_act == ("seat1",) and legal(state) == ["activate crew=jayne", "activate crew=zoe"]
    act(state, "activate crew=jayne")
    act(state, "skip")
    act(state, "activate crew=simon")
    act(state, "skip")
    assert state.active == state.crew_by_slug("mal") and state.to_act == ("seat3",)


def test_CBB_ACT_1_two_actions_per_turn():
    lineup = [crew("zoe", 1, "L8"), crew("mal", 1, "B6"), crew("simon", 2, "M9"), crew("kaylee", 2, "N10")]
    state = position(lineup, dice=[1, 6, 1, 6], ball="simon", turn={"crew": "zoe"})
    assert "steal target=simon" in legal(state) and "slobberknock target=simon" in legal(state)
    act(state, "steal target=simon")
    act(state, "steal target=simon")
    assert state.active == -1 or state.active != state.crew_by_slug("zoe")


def test_CBB_ACT_MOVE_1_move_up_to_MOVE_with_the_second_action_in_the_middle():
    state = position(FOUR, dice=[1, 2], ball="jayne", turn={"crew": "jayne"})
    act(state, "step to=F6")
    assert state.actions_left == 1 and state.move_left == 4
    act(state, "pass to=mal")  # E6 is free again, the line F6-E6-D6-C6-B6 is clear
    assert at(state, "mal") == "B6" and state.holder == state.crew_by_slug("mal")
    assert state.actions_left == 0 and state.move_left == 4
    assert set(legal(state)) == {"step to=E6", "step to=F5", "step to=G5", "step to=G6", "step to=F7", "step to=G7",
                                  "skip"}
    for label in ("F5", "F4", "F3", "F2"):
        act(state, f"step to={label}")
    assert state.active != state.crew_by_slug("jayne")  # both actions used, the move spent


def test_CBB_ACT_MOVE_1_a_second_move_is_the_second_action():
    state = position(FOUR, ball="I8", turn={"crew": "mal"})
    for label in ("B5", "B4", "B3", "B2"):
        act(state, f"step to={label}")
    assert state.move_left == 0 and state.actions_left == 1
    act(state, "step to=C1")
    assert state.move_left == 3 and state.actions_left == 0


def test_CBB_ACT_MOVE_1_a_refused_step_says_why_with_its_rule():
    state = position(FOUR, ball="I8", turn={"crew": "jayne"})
    where = at(state, "jayne")
    too_far = explain(state, state.to_act[0], "step to=K9")
    assert f"K9 is not next to {where}, where Jayne stands: a step moves one space (CBB-ACT-MOVE-1)" in too_far
    assert "\nRule CBB-ACT-MOVE-1: " in too_far
    assert "Z99 is not a space of the bay (CBB-ACT-MOVE-1)" in explain(state, state.to_act[0], "step to=Z99")


def test_CBB_ACT_MOVE_2_climbing_ends_the_move_and_stepping_down_is_ordinary():
    state = position(FOUR, ball="I8", obstacles=["F6", "G5"], turn={"crew": "jayne"})
    log = act(state, "step to=F6")
    assert "Jayne climbs onto the obstacle on F6." in log
    assert state.move_left == 0 and state.actions_left == 1
    act(state, "step to=G5")  # obstacle to obstacle is a climb too: a new move that ends at once
    assert state.move_left == 0 and state.actions_left == 0
    assert state.active != state.crew_by_slug("jayne")
    state = position(FOUR, ball="I8", obstacles=["E6"], turn={"crew": "jayne"})
    act(state, "step to=F6")
    assert state.move_left == 4


def test_CBB_ACT_MOVE_3_standing_crew_block_the_way_downed_crew_are_stepped_over():
    lineup = [crew("jayne", 1, "E6"), crew("mal", 1, "F5"), crew("simon", 2, "F6", status="down"),
              crew("kaylee", 2, "N10")]
    state = position(lineup, ball="F6", turn={"crew": "jayne"})
    options = legal(state)
    assert "step to=F5" not in options and "step to=F6" not in options
    assert "step-over to=G6 over=F6" in options and "step-over to=F7 over=F6" in options
    log = act(state, "step-over to=G6 over=F6")
    assert log == ["Jayne steps over Simon on F6 to G6."]
    assert legal(state) == ["pick-up crew=jayne", "leave-ball crew=jayne"]  # scoop it up on the way, or not
    assert act(state, "pick-up crew=jayne") == ["Jayne picks up the loose ball on F6."]
    assert state.move_left == 3 and at(state, "jayne") == "G6" and state.holder == state.crew_by_slug("jayne")
    assert_rejected(state, "seat1", A.Step("F6"))


def test_CBB_ACT_MOVE_3_nobody_moves_into_the_airlock():
    lineup = [crew("jayne", 1, "I11"), crew("mal", 1, "B6"), crew("simon", 2, "M9"), crew("kaylee", 2, "N10")]
    state = position(lineup, ball="B2", turn={"crew": "jayne"})
    assert set(legal(state)) == {"step to=H10", "step to=I10", "step to=H11", "step to=J11", "skip"}


def test_CBB_BALL_4_moving_onto_a_loose_ball_may_pick_it_up_for_free():
    state = position(FOUR, ball="F6", turn={"crew": "jayne"})
    assert act(state, "step to=F6") == ["Jayne moves to F6."]
    assert legal(state) == ["pick-up crew=jayne", "leave-ball crew=jayne"]
    assert state.auto_action("seat1") == A.PickUp("jayne")  # Enter picks it up, as the heuristic does
    assert act(state, "pick-up crew=jayne") == ["Jayne picks up the loose ball on F6."]
    assert state.holder == state.crew_by_slug("jayne") and state.actions_left == 1 and state.move_left == 4


def test_CBB_BALL_4_a_crew_member_may_leave_the_ball_lying():
    state = position(FOUR, ball="F6", turn={"crew": "jayne"})
    act(state, "step to=F6")
    assert act(state, "leave-ball crew=jayne") == ["Jayne leaves the loose ball on F6."]
    assert state.holder == -1 and state.ball == state.game.board.index["F6"]
    assert state.actions_left == 1 and state.move_left == 4  # the choice is free either way
    act(state, "step to=G6")
    assert state.holder == -1 and state.ball == state.game.board.index["F6"]


def test_CBB_ACT_HAND_1_handoff_without_a_roll_by_giver_or_receiver():
    lineup = [crew("jayne", 1, "E6"), crew("mal", 1, "F6"), crew("simon", 2, "M9"), crew("kaylee", 2, "N10")]
    state = position(lineup, ball="jayne", turn={"crew": "jayne"})
    assert "handoff to=mal" in legal(state) and "pass to=mal" not in legal(state)
    assert act(state, "handoff to=mal") == ["Jayne hands the ball to Mal."]
    assert state.holder == state.crew_by_slug("mal")
    state = position(lineup, ball="jayne", turn={"crew": "mal"})
    assert act(state, "take giver=jayne") == ["Mal takes the ball from Jayne."]
    assert state.holder == state.crew_by_slug("mal") and state.actions_left == 1


def test_CBB_ACT_STEAL_1_both_roll_and_the_thief_wins_ties():
    lineup = [crew("zoe", 1, "L8"), crew("mal", 1, "B6"), crew("simon", 2, "M9"), crew("kaylee", 2, "N10")]
    state = position(lineup, dice=[1, 5], ball="simon", turn={"crew": "zoe"})
    log = act(state, "steal target=simon")
    assert log == ["Zoe tries to steal from Simon: 1+6=7 against 5+2=7. Zoe has the ball."]
    assert state.holder == state.crew_by_slug("zoe")
    state = position(lineup, dice=[1, 6], ball="simon", turn={"crew": "zoe"})
    assert act(state, "steal target=simon")[0].endswith("Simon keeps it.")


def test_CBB_ACT_SKIP_1_skip_ends_the_crew_members_turn():
    state = position(FOUR, ball="I8", turn={"crew": "jayne"})
    assert act(state, "skip")[0] == "Jayne skips the turn."
    assert state.active != state.crew_by_slug("jayne") and state.status[state.crew_by_slug("simon")] != DOWN
