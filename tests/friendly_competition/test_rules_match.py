"""Match length, kick-off, the restart after a goal, and the result."""

from __future__ import annotations

from tabletop.titles.friendly_competition.actions import EndTurn, Move, Pass
from tabletop.titles.friendly_competition.pitch import PITCH

from .helpers import game, position, texts


def test_FSC_MATCH_1_full_time_after_the_last_turn():
    state = position(["j18"], ["j2"], options={"match_turns": 4}, score={"seat1": 1, "seat2": 0})
    for seat in ("seat1", "seat2", "seat1", "seat2"):
        state.apply(seat, EndTurn())
    assert state.is_over and state.outcome is not None
    assert state.outcome.winners == ("seat1",) and state.outcome.scores == {"seat1": 1, "seat2": 0}
    assert "full time after 4 turns" in state.outcome.reason
    assert state.to_act == ()


def test_FSC_MATCH_1_level_scores_are_a_draw():
    state = position(["j18"], ["j2"], options={"match_turns": 2})
    state.apply("seat1", EndTurn())
    state.apply("seat2", EndTurn())
    assert state.outcome is not None and state.outcome.is_draw


def test_FSC_MATCH_1_goal_limit_ends_the_match_at_once():
    state = position(["f19", "j1"], ["r6"], ball={"holder": "seat1:2"}, options={"goal_limit": 2},
                     score={"seat1": 1})
    state.apply("seat1", Move(2, "n"))
    assert state.outcome is not None and state.outcome.winners == ("seat1",)
    assert "reached 2 goals" in state.outcome.reason


def test_FSC_MATCH_2_kick_off_from_the_centre_spot():
    state = game().new_state(seed=5)
    while state.phase == "deploy":
        seat = state.to_act[0]
        state.apply(seat, state.legal_actions(seat)[0])
    assert state.ball == PITCH.centre and state.holder == -1 and state.to_act == ("seat1",)
    assert "centre spot j10" in texts(state)


def test_FSC_MATCH_3_after_a_goal_both_sides_redeploy_and_the_conceding_side_kicks_off():
    state = position(["f19", "j3"], ["r6"], ball={"holder": "seat1:2"}, dice=[2, 1])
    state.apply("seat1", Pass("short", "n"))
    assert state.score == [1, 0] and state.turn == 2
    assert state.phase == "deploy" and state.to_act == ("seat1",)  # Blue receives, so places first
    assert all(square == -1 for square in state.pos)
    while state.phase == "deploy":
        seat = state.to_act[0]
        state.apply(seat, state.legal_actions(seat)[0])
    assert state.to_act == ("seat2",) and state.ball == PITCH.centre and state.ap == 10


def test_FSC_MATCH_3_kick_off_positions_option_returns_teams_to_their_places():
    state = position(["f19", "j2"], ["r6"], ball={"holder": "seat1:2"}, options={"restart": "kick-off-positions"})
    state.apply("seat1", Move(2, "n"))
    state.apply("seat1", Move(2, "n"))
    assert state.score == [1, 0] and state.phase == "play" and state.to_act == ("seat2",)
    assert PITCH.label(state.pos[1]) == "j2" and state.ball == PITCH.centre


def test_FSC_MATCH_1_action_points_option():
    state = position(["j18", "j14"], ["j2"], options={"action_points": 4})
    assert state.ap == 4


def test_FSC_MATCH_3_kick_off_positions_are_the_first_deployment():
    state = game(restart="kick-off-positions").new_state(
        seed=2, scenario={"phase": "deploy", "kickoff": "seat2", "turn": 7})
    while state.phase == "deploy":
        seat = state.to_act[0]
        state.apply(seat, state.legal_actions(seat)[0])
    assert state.start_pos == state.pos and state.to_act == ("seat2",) and state.turn == 7
