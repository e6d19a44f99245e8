"""The heuristic beats random play, and evaluate() reads the score and the ball."""

from __future__ import annotations

from tabletop.core import Randomness
from tabletop.titles.friendly_competition.actions import Move, Pass, PickUp, Tackle, Try

from .helpers import at, position
from .strength import measure


def test_heuristic_beats_random_in_at_least_80_percent_of_matches():
    wins, _draws, _losses, _elapsed = measure(16, match_turns=24)
    assert wins >= 0.8 * 16


def test_suggest_runs_the_ball_in_when_the_goal_is_within_reach():
    state = position(["f19", "j5"], ["r6"], ball={"holder": "seat1:2"})
    action = state.suggest("seat1", Randomness(1))
    assert isinstance(action, Move) and action.who == 2 and action.dir in ("n", "ne", "nw")


def test_suggest_shoots_when_it_cannot_run_in():
    state = position(["f19", "j8"], ["r6"], ball={"holder": "seat1:2"}, ap=1)
    assert state.suggest("seat1", Randomness(1)) == Pass("short", "n")


def test_suggest_picks_up_a_loose_ball_underfoot_and_tackles_the_carrier():
    loose = position(["f19", "j12"], ["r6"], ball={"at": "j12"})
    assert loose.suggest("seat1", Randomness(1)) == PickUp(2)
    carrier = position(["f19", "j12"], ["j2", "j11"], ball={"holder": "seat2:2"})
    assert carrier.suggest("seat1", Randomness(1)) == Tackle(2)


def test_suggest_tries_for_an_enemy_pass():
    state = position(["f19", "j14"], ["j2", "k12"], ball={"holder": "seat1:2"}, dice=[3, 3])
    state.apply("seat1", Pass("short", "n"))
    assert state.suggest("seat2", Randomness(1)) == Try(2)


def test_evaluate_follows_the_score_and_the_ball():
    level = position(["f19", "j14"], ["j2"], ball={"at": "j10"})
    ahead = position(["f19", "j14"], ["j2"], ball={"at": "j10"}, score={"seat1": 2})
    attacking = position(["f19", "j4"], ["j2"], ball={"holder": "seat1:2"})
    assert abs(level.evaluate("seat1")) < 0.2
    assert ahead.evaluate("seat1") > 0.5 > -0.5 > ahead.evaluate("seat2")
    assert attacking.evaluate("seat1") > level.evaluate("seat1")
    assert -1 <= attacking.evaluate("seat2") <= 1


def test_suggest_feeds_an_open_team_mate_up_the_pitch():
    state = position(["f19", "j16", "j11"], ["r6"], ball={"holder": "seat1:2"})
    assert state.suggest("seat1", Randomness(1)) == Pass("short", "n")
    state = position(["f19", "j16", "j11"], ["r6", "k10"], ball={"holder": "seat1:2"})
    assert state.suggest("seat1", Randomness(1)) != Pass("short", "n")  # the team-mate is marked


def test_a_defender_who_can_come_no_nearer_the_carrier_does_not_shuttle_back_and_forth():
    # Blue 4 holds the ball at j11 with Blue 2 and 3 beside it; Red 2 (n15) closes in to m14,
    # where every nearer square is taken: the rules of thumb once sent it back to n15 and then
    # forward again until Red's points ran out
    state = position(["l17", "h13", "l13", "j11", "e12", "o12"], ["j2", "n15", "l7", "j6", "e8", "o8"],
                     ball={"holder": "seat1:4"}, side="seat2", ap=10)
    visited: dict[int, list[str]] = {}
    while state.to_act == ("seat2",) and not state.is_over:
        action = state.suggest("seat2", Randomness(1))
        if isinstance(action, Move):
            visited.setdefault(action.who, [at(state, "seat2", action.who)])
        state.apply("seat2", action)
        if isinstance(action, Move):
            visited[action.who].append(at(state, "seat2", action.who))
    for squares in visited.values():
        assert len(squares) == len(set(squares)), squares  # no teamster comes back to a square it left
    assert visited[2][:2] == ["n15", "m14"]
