"""The rulebook's scoring examples (Figures 3-6), exactly as printed."""

from __future__ import annotations

from tabletop.titles.fightball.actions import Choose
from tests.fightball.helpers import buzz, game, position, score_only


def test_figure_3_a_play_with_blockers():
    g = game("cruisers", "the-dark")
    state = position(g, stacks={"home-blue-2": [
        "away:tula", "home:stern", "away:blue-ball", "home:domino", "away:jump-shot"]})
    result = score_only(state, 18)
    assert result.status == "complete" and result.value == 8 and not result.succeeded
    assert result.points == (0, 0)
    assert result.text == ("Cruisers' Blue zone: Tula 7, Stern \u22124, Blue Ball +2, Domino \u22124, "
                           "Jump Shot +7 = 8. Below 10, the play fails.")
    buzz(state)
    assert state.score == [0, 0]


def test_figure_4_balls_and_special_effects():
    g = game("texas-wildcats", "team-sport")
    state = position(g, stacks={"green-3": [
        "home:heather-m", "home:go-team", "home:green-ball", "away:blue-ball", "away:interception",
        "away:long-shot"]})
    result = score_only(state, 11)
    assert result.value == 12 and result.succeeded
    assert result.scorer == 1 and result.play_points == 2
    assert result.points == (0, 2)
    assert "Green Ball (replaced), Blue Ball +0" in result.text
    assert result.text.endswith("= 12. The play succeeds for 3 points, Go, Team! \u22121 = 2: "
                                "2 to Team Sport (intercepted).")
    buzz(state)
    # The scoring round waits for the Wildcats' coach to decide about Go, Team!.
    assert state.phase == "scoring" and state.to_act == ("home",)
    assert state.legal_actions("home") == [Choose(1), Choose(-1)]
    assert state.score == [0, 0]
    state.apply("home", Choose(-1))  # "the Wildcats Coach subtracts 1 point"
    assert state.score == [0, 2]
    assert "Go, Team! (\u22121 point, Texas Wildcats' choice)" in state.last_scoring[0]


def test_figure_5_new_shooter():
    g = game("aztecs", "cavaliers")
    state = position(g, stacks={"home-red-1": [
        "away:drew", "home:zal", "home:tex", "away:green-ball", "away:marco", "away:red-ball", "away:long-shot"]})
    result = score_only(state, 21)
    assert result.value == 11 and result.succeeded and result.points == (0, 2)
    assert result.text.startswith("Aztecs' Red zone: Drew, Zal, Tex, Green Ball cancelled by New Shooter Marco; "
                                  "Marco 6, Red Ball +2, Long Shot +3 = 11.")
    buzz(state, "away")
    assert state.score == [0, 2]


def test_figure_6_two_fouls():
    g = game("texas-wildcats", "the-dark")
    state = position(g, stacks={"away-blue-1": [
        "home:gordo", "home:dunk-shot", "home:blue-ball", "home:long-shot", "away:bull", "home:jump-shot"]})
    result = score_only(state, 5)
    assert result.value == 13 and result.succeeded and result.play_points == 2
    assert result.fouls == (1, 1)
    assert result.points == (3, 1)
    assert "Early Shot: Dunk Shot came before any Ball, 1 foul point to The Dark" in result.text
    assert "After the Shot: Bull landed on the finished play, 1 foul point to Texas Wildcats" in result.text
    buzz(state)
    assert state.score == [3, 1]
