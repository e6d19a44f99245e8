"""The readings a strict referee asked us to settle, each behind a game option: River's SHOOT roll,
where a short pass deflects from, a blocker standing on the goal space, pushing onto obstacles;
and the wall of Diagram 3.1 on the Serenity bay."""

from __future__ import annotations

from .helpers import act, game, position


def crew(slug, side, where, **more):
    return {"crew": slug, "side": side, "at": where, **more}


def legal(state):
    return [str(a) for a in state.legal_actions(state.to_act[0])]


def at_wall(dice):
    """Wash passes to Zoe at N6; she drops it and it deflects east into the bay's east wall at O6."""
    lineup = [crew("wash", 1, "J6"), crew("zoe", 1, "N6"), crew("jayne", 2, "M9"), crew("kaylee", 2, "B10")]
    state = position(lineup, dice=dice, ball="wash", turn={"crew": "wash"})
    act(state, "pass to=zoe")
    return state, act(state, "no-block crew=zoe")  # Zoe stands beside O6 and lets it go


def test_CBB_BALL_3_the_east_wall_bounces_as_diagram_3_1_shows():
    board = game().board
    like_the_diagram = [board.labels[s] for s in board.field_spaces
                        if {d + 1 for d in range(6) if board.toward[d][s] >= 0} == {2, 3, 4}]
    assert like_the_diagram == ["O2", "O4", "O6", "O8", "O10"]
    for face in (2, 3, 4):  # the ball keeps moving
        state, log = at_wall([1, 4, 6, 3, face])
        assert log[0].startswith(f"The ball hits the wall at O6 and bounces: 1d6={face}")
        assert state.ball != board.index["O6"]
    for face in (1, 5, 6):  # the ball comes to rest on the wall space
        state, log = at_wall([1, 4, 6, 3, face])
        assert log[0] == (f"The ball hits the wall at O6; it rolls 1d6={face} for a new direction, still into "
                          "the wall, so it stops there.")
        assert state.ball == board.index["O6"]


def test_CBB_CREW_2_river_rolls_her_shoot_again_for_the_scoring_roll():
    lineup = [crew("river", 1, "H4"), crew("mal", 1, "B2"), crew("simon", 2, "M9"), crew("kaylee", 2, "N10")]
    state = position(lineup, dice=[5, 1, 1, 4, 1, 1], ball="river", turn={"crew": "river"})
    assert state.game.options["river_shoot"] == "each-use"
    log = act(state, "shoot")
    assert log[:4] == ["River's SHOOT is rolled: 1d6=5.",
                       "River shoots from H4 (2 from the goal): 1d6=1+SHOOT 7 (+2 within 2 of the goal)=8 spaces.",
                       "River's SHOOT is rolled: 1d6=1.",
                       "River's scoring roll: 1d6=4 against SHOOT 3: it hits the rim."]
    state = position(lineup, dice=[5, 1, 4, 3, 3, 3], ball="river", turn={"crew": "river"},
                     options={"river_shoot": "once-per-shot"})
    log = act(state, "shoot")
    assert "River's scoring roll: 1d6=4 against SHOOT 7: through the ring unless it is blocked!" in log
    assert sum(line.startswith("River's SHOOT is rolled") for line in log) == 1


def test_CBB_ACT_PASS_2_option_a_short_pass_deflects_from_its_target():
    lineup = [crew("simon", 1, "C3"), crew("zoe", 1, "J3"), crew("jayne", 2, "M9"), crew("kaylee", 2, "N10")]
    state = position(lineup, dice=[1, 6, 1], ball="simon", turn={"crew": "simon"},
                     options={"short_deflection": "target"})
    log = act(state, "pass to=zoe")
    assert log[1:] == ["The pass falls short at G3.", "The ball deflects from J3: 1d6=6, direction 6 (E); 1d6=1 spaces."]
    assert act(state, "no-block crew=zoe") == ["The ball comes to rest on K3."]


def test_CBB_ACT_SHOOT_5_option_a_short_shot_deflects_from_the_goal():
    lineup = [crew("simon", 1, "C6"), crew("wash", 1, "B2"), crew("jayne", 2, "M9"), crew("kaylee", 2, "N10")]
    state = position(lineup, dice=[1, 3, 1], ball="simon", turn={"crew": "simon"},
                     options={"short_deflection": "target"})
    log = act(state, "shoot")
    assert log[1:] == ["The shot falls short at F6.", "The ball deflects from H6: 1d6=3, direction 3 (W); 1d6=1 spaces.",
                       "The ball comes to rest on G6."]


def on_the_goal(dice, **options):
    lineup = [crew("mal", 1, "H4"), crew("wash", 1, "B2"), crew("kaylee", 2, "H6"), crew("jayne", 2, "M9")]
    state = position(lineup, dice=dice, ball="mal", turn={"crew": "mal"}, options=options)
    act(state, "shoot")
    act(state, "no-block crew=kaylee")  # beside the path at I5
    assert legal(state) == ["block crew=kaylee", "no-block crew=kaylee"]
    return state, act(state, "block crew=kaylee")


def test_CBB_PEN_1_a_block_from_the_goal_space_itself_is_goaltending_by_default():
    state, log = on_the_goal([1, 2, 3, 2, 2, 6, 1])
    assert log[1] == "Official Book rolls 2d6=4 against OFF 5: goaltending called on Kaylee!"
    assert state.score == [0, 0]


def test_CBB_PEN_1_option_a_block_from_the_goal_space_is_clean():
    state, log = on_the_goal([1, 2, 3, 1], goal_space_block="clean")
    assert log == ["Kaylee tries to block at H6: 1d6=3 against BLOCK 3: blocked!",
                   "Kaylee tries to hold on to the blocked ball: 1d6=1 against CATCH 4: caught."]
    assert state.holder == state.crew_by_slug("kaylee") and state.score == [0, 0]


def knocked(**options):
    lineup = [crew("jayne", 1, "E6"), crew("mal", 1, "B2"), crew("simon", 2, "F6"), crew("kaylee", 2, "N10")]
    state = position(lineup, dice=[4, 2, 3, 3], ball="B5", turn={"crew": "jayne"}, obstacles=["G6"],
                     options=options)
    act(state, "slobberknock target=simon")
    return state


def test_CBB_ACT_SLOB_2_no_push_onto_an_obstacle_by_default():
    assert "push to=G6" not in legal(knocked())


def test_CBB_ACT_SLOB_2_option_push_onto_an_obstacle():
    state = knocked(push_onto_obstacles=True)
    assert "push to=G6" in legal(state)
    assert act(state, "push to=G6") == ["Jayne pushes Simon to G6."]
    assert state.pos[state.crew_by_slug("simon")] in state.obstacles
