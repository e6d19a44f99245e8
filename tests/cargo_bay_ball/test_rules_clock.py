"""CBB-TIME-1/5/6 and CBB-END-*: Chops and Rounds, the restart, the ball staying live, and the end."""

from __future__ import annotations

from tabletop.titles.cargo_bay_ball.constants import BOXED, OFFSTAGE, PLACEMENT, PLAY

from .helpers import act, position, texts


def crew(slug, side, where, **more):
    return {"crew": slug, "side": side, "at": where, **more}


def last_turn(dice, score=(0, 0), chop=1, round=10, **scenario):
    """Jayne's turn is the last of the Round; everyone else has acted or cannot. Simon is down,
    so the first die is his recovery roll."""
    lineup = [crew("jayne", 1, "E6"), crew("mal", 1, None, status="penalty-box"),
              crew("simon", 2, "F6", status="down"), crew("kaylee", 2, "N10", acted=True)]
    return position(lineup, dice=dice, ball="B5", turn={"crew": "jayne"}, score=list(score), chop=chop,
                    round=round, **scenario)


def test_CBB_TIME_1_ten_rounds_make_a_chop():
    state = last_turn([6, 1, 1], round=9)
    act(state, "skip")
    assert (state.chop, state.round, state.phase) == (1, 10, PLAY)
    assert "Chop 1, Round 10: the goal swings, 1d6=1: its arrows point at 1 and 4." in texts(state)


def test_CBB_TIME_5_the_restart_after_a_chop():
    state = last_turn([6], score=(2, 1))
    log = act(state, "skip")
    assert log[-3:] == ["End of Chop 1: 2-1.",
                        "Everyone recovers, the airlock empties and the goal is reset with its arrows at 1 and 4.",
                        "Side 1 leads and sets up first."]
    assert state.phase == PLACEMENT and (state.chop, state.round) == (2, 1)
    assert all(s == OFFSTAGE for s in state.status) and state.ball == -1
    assert [state.slug(c) for c in state.place_queue] == ["jayne", "simon", "mal", "kaylee"]
    state.rng._rolls.extend([2, 1, 3, 5])  # the toss (direction 2, one space) and Round 1's rolls
    for label in ("B2", "C2", "D2", "E2"):
        act(state, f"place crew={state.slug(state.place_queue[0])} at={label}")
    log = texts(state)
    assert "Official Book tosses the ball in from the catwalk over the goal." in log
    assert log[-2].startswith("Chop 2, Round 1: the goal swings, 1d6=3")
    tie = last_turn([6, 4], score=(1, 1))
    assert "Scores are level; 1d6=4, so side 2 sets up first." in act(tie, "skip")
    assert tie.slug(tie.place_queue[0]) == "simon"


def test_CBB_TIME_6_the_ball_stays_live_after_a_goal():
    lineup = [crew("simon", 1, "H4"), crew("wash", 1, "B2"), crew("jayne", 2, "M9"), crew("kaylee", 2, "N10")]
    state = position(lineup, dice=[1, 4], ball="simon", turn={"crew": "simon"})
    act(state, "shoot")
    assert state.score == [1, 0] and state.game.board.labels[state.ball] == "G9"
    assert state.active == state.crew_by_slug("simon") and state.actions_left == 1
    act(state, "step to=H5")
    assert state.game.board.labels[state.ball] == "G9"


def test_CBB_END_1_the_most_goals_after_three_chops_wins():
    state = last_turn([6], score=(2, 3), chop=3)
    act(state, "skip")
    assert state.is_over and state.outcome.winners == ("seat2",)
    assert state.outcome.reason == "side 2 has the most goals after Chop 3"
    assert state.outcome.scores == {"seat1": 2.0, "seat2": 3.0}


def test_CBB_END_2_the_mercy_rule():
    lineup = [crew("simon", 1, "H4"), crew("wash", 1, "B2"), crew("jayne", 2, "M9"), crew("kaylee", 2, "N10")]
    on = {"mercy_rule": True}
    state = position(lineup, dice=[1, 4], ball="simon", turn={"crew": "simon"}, score=[9, 3], chop=2, options=on)
    act(state, "shoot")
    assert state.is_over and state.outcome.reason == "mercy rule: side 1 reaches 10 goals"
    state = position(lineup, dice=[1, 4], ball="simon", turn={"crew": "simon"}, score=[9, 3], chop=3, options=on)
    act(state, "shoot")
    assert not state.is_over
    state = position(lineup, dice=[1, 4], ball="simon", turn={"crew": "simon"}, score=[9, 3], chop=2)
    act(state, "shoot")
    assert not state.is_over


def test_CBB_END_3_a_tie_after_three_chops_goes_to_sudden_death():
    state = last_turn([6, 5], score=(2, 2), chop=3)
    log = act(state, "skip")
    assert "Level after regulation: a sudden-death Chop follows; the first goal wins." in log
    assert state.sudden_death and state.chop == 4 and state.phase == PLACEMENT
    lineup = [crew("simon", 1, "H4"), crew("wash", 1, "B2"), crew("jayne", 2, "M9"), crew("kaylee", 2, "N10")]
    state = position(lineup, dice=[1, 4], ball="simon", turn={"crew": "simon"}, score=[2, 2], chop=4,
                     sudden_death=True)
    act(state, "shoot")
    assert state.is_over and state.outcome.winners == ("seat1",)
    assert state.outcome.reason == "side 1 scores the sudden-death goal"


def test_CBB_END_3_in_sudden_death_the_round_track_cycles_and_penalties_last():
    state = last_turn([6, 1, 1], score=(2, 2), chop=4, sudden_death=True)
    act(state, "skip")
    assert (state.chop, state.round) == (4, 1)
    assert state.status[state.crew_by_slug("mal")] == BOXED
    assert "Chop OT, Round 1: the goal swings, 1d6=1: its arrows point at 1 and 4." in texts(state)


def test_CBB_END_4_nobody_left_to_play_in_sudden_death_is_a_draw():
    lineup = [crew(slug, side, None, status="penalty-box")
              for slug, side in (("jayne", 1), ("mal", 1), ("simon", 2), ("kaylee", 2))]
    state = position(lineup, dice=[1, 1], ball="E6", score=[1, 1], chop=4, sudden_death=True, start="round")
    assert state.is_over and state.outcome.winners == ()
    assert state.outcome.reason == "every crew member is in the airlock for the rest of the game"
