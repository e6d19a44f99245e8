"""Complete plays and fouls (FB-PLAY-*, FB-FOUL-*)."""

from __future__ import annotations

from tests.fightball.helpers import buzz, game, position, score_only


def stack_result(stack, home="aztecs", away="the-dark", where="away-blue-1", **scenario):
    state = position(game(home, away), stacks={where: stack}, **scenario)
    number = state.court.labels.index(where) + 1
    return score_only(state, number)


def test_FB_PLAY_1_shooter_ball_shot_in_that_order_make_a_complete_play():
    done = stack_result(["home:zal", "home:blue-ball", "home:jump-shot"])
    assert done.status == "complete" and done.succeeded and done.points == (2, 0)
    no_shot = stack_result(["home:zal", "home:blue-ball"])
    assert no_shot.status == "incomplete" and no_shot.points == (0, 0)
    assert "the play is incomplete" in no_shot.text


def test_FB_PLAY_2_shot_value_ten_or_more_succeeds():
    # Zal Blue 6 - Tula Blue Block 3 + Blue Ball 2 + Hook Shot Blue 6 = 11.
    assert stack_result(["home:zal", "home:blue-ball", "away:tula", "home:hook-shot"]).value == 11
    nine = stack_result(["home:nochtli", "home:green-ball", "home:hook-shot"], where="green-1")
    assert nine.value == 3 + 2 + 4 and not nine.succeeded and nine.points == (0, 0)
    ten = stack_result(["home:tex", "away:shiro", "home:green-ball", "home:long-shot"], where="green-1")
    assert ten.value == 5 - 4 + 2 + 7 and ten.succeeded and ten.points == (3, 0)


def test_FB_PLAY_3_a_matching_ball_adds_two_and_only_the_last_ball_counts():
    red = stack_result(["home:zal", "home:red-ball", "home:dunk-shot"], where="away-red-1")
    green = stack_result(["home:zal", "home:green-ball", "home:dunk-shot"], where="away-red-1")
    assert red.value - green.value == 2
    last = stack_result(["home:zal", "home:red-ball", "away:green-ball", "home:dunk-shot"], where="away-red-1")
    assert last.value == green.value and "Red Ball (replaced)" in last.text


def test_FB_PLAY_4_each_blocking_character_counts_once():
    once = stack_result(["home:zal", "away:tula", "home:blue-ball", "home:jump-shot"])
    twice = stack_result(["home:zal", "away:tula", "away:tula", "home:blue-ball", "away:tula", "home:jump-shot"])
    assert once.value == twice.value == 6 - 3 + 2 + 7
    assert "Tula (already blocking)" in twice.text
    both = stack_result(["home:zal", "away:tula", "away:mei", "home:blue-ball", "home:jump-shot"])
    assert both.value == once.value - 2  # Mei's Blue Block


def test_FB_PLAY_4_blockers_use_the_block_value_of_the_zone():
    green = stack_result(["home:zal", "away:shiro", "home:green-ball", "home:long-shot"], where="green-1")
    assert green.value == 5 - 4 + 2 + 7  # Zal's Green Shot, Shiro's Green Block


def test_FB_PLAY_5_a_new_shooter_cancels_everything_beneath_it():
    result = stack_result(["home:zal", "away:tula", "home:blue-ball", "home:feathered-serpent", "home:tex",
                           "home:blue-ball", "home:jump-shot"])
    assert result.value == 6 + 2 + 7  # Tex alone: Tula, the first Ball and the effect are gone
    assert result.text.startswith("The Dark's Blue zone: Zal, Tula, Blue Ball, Feathered Serpent cancelled by "
                                  "New Shooter Tex; Tex 6")


def test_FB_PLAY_5_a_copy_of_the_shooter_is_ignored():
    result = stack_result(["home:zal", "away:tula", "home:zal", "home:blue-ball", "home:jump-shot"])
    assert result.value == 6 - 3 + 2 + 7
    assert "Zal (same character as the Shooter, ignored)" in result.text


def test_FB_PLAY_5_a_new_shooter_needs_a_new_ball():
    result = stack_result(["home:zal", "home:blue-ball", "home:tex", "home:jump-shot", "home:blue-ball",
                           "home:hook-shot"])
    assert result.fouls == (0, 1) and result.value == 6 + 2 + 6 and result.points == (2, 1)


def test_FB_PLAY_6_a_success_scores_for_the_shooters_team():
    result = stack_result(["away:tula", "away:green-ball", "away:long-shot"], where="green-8")
    assert result.points == (0, 3) and result.scorer == 1


def test_FB_PLAY_7_an_incomplete_play_and_its_effects_score_nothing():
    result = stack_result(["home:big-vinnie", "away:flop", "home:blue-ball"], home="cruisers", away="cruisers")
    assert result.points == (0, 0) and result.fouls == (0, 0)


def test_FB_PLAY_8_nothing_played_after_the_shot_changes_the_play():
    before = stack_result(["home:zal", "home:blue-ball", "home:jump-shot"])
    after = stack_result(["home:zal", "home:blue-ball", "home:jump-shot", "away:bull", "away:tula"])
    assert after.value == before.value and after.succeeded


def test_FB_FOUL_1_false_start_scores_the_zone_for_the_other_team():
    own_zone = stack_result(["home:zal", "home:red-ball", "home:dunk-shot"], where="home-red-1")
    assert own_zone.status == "false-start" and own_zone.points == (0, 2)
    green = stack_result(["away:red-ball", "away:tula"], where="green-2")
    assert green.points == (3, 0)
    # Even if the scoring team could never shoot there: away scores in away's own Red zone.
    cannot = stack_result(["home:red-ball", "away:tula", "away:red-ball", "away:dunk-shot"], where="away-red-1")
    assert cannot.points == (0, 2) and "the 3 cards above are ignored" in cannot.text


def test_FB_FOUL_2_after_the_shot_one_point_for_the_first_card_only():
    result = stack_result(["home:zal", "home:blue-ball", "home:jump-shot", "away:tula", "home:tex", "away:bull"])
    assert result.fouls == (1, 0) and result.points == (3, 0)
    assert "the 2 cards above it are ignored" in result.text


def test_FB_FOUL_3_early_shot_is_ignored_and_the_play_goes_on():
    result = stack_result(["home:zal", "home:dunk-shot", "home:blue-ball", "home:jump-shot"])
    assert result.fouls == (0, 1) and result.succeeded and result.points == (2, 1)
    incomplete = stack_result(["home:zal", "home:dunk-shot", "home:blue-ball"])
    assert incomplete.status == "incomplete" and incomplete.points == (0, 1)


def test_FB_FOUL_4_a_foul_scores_for_the_team_that_did_not_play_it():
    theirs = stack_result(["home:zal", "away:jump-shot", "home:blue-ball"])  # The Dark's early Shot
    assert theirs.points == (1, 0)
    mine = stack_result(["home:zal", "home:jump-shot", "home:blue-ball"])
    assert mine.points == (0, 1)


def test_FB_FOUL_5_stealing_points_never_touches_foul_points():
    result = stack_result(["home:skip", "home:lay-up", "away:interception", "home:blue-ball", "home:jump-shot",
                           "away:puck"], home="team-sport", away="team-sport")
    # Away intercepts the play's 2 points; the Early Shot point stays away's, the After-the-Shot point home's.
    assert result.fouls == (1, 1) and result.scorer == 1 and result.points == (1, 3)


def test_FB_FOUL_6_fouls_and_plays_add_up_in_the_quarter_score():
    state = position(game(), stacks={
        "away-blue-1": ["home:zal", "home:dunk-shot", "home:blue-ball", "home:jump-shot"],
        "home-red-1": ["home:zal"]})
    buzz(state)
    assert state.score == [2, 1 + 2]


def test_FB_RULING_EARLY_SHOT_an_early_shot_beneath_a_new_shooter_is_still_charged():
    stack = ["home:zal", "home:jump-shot", "home:tex", "home:blue-ball", "home:hook-shot"]
    charged = stack_result(stack)
    assert charged.fouls == (0, 1) and charged.points == (2, 1)
    assert "Jump Shot (an Early Shot: its foul still stands) cancelled by New Shooter Tex" in charged.text
    assert "Early Shot: Jump Shot came before any Ball, 1 foul point to The Dark" in charged.text
    state = position(game(early_shot_below_new_shooter="cancelled"), stacks={"away-blue-1": stack})
    cancelled = score_only(state, 5)
    assert cancelled.fouls == (0, 0) and cancelled.points == (2, 0)
    assert "Zal, Jump Shot cancelled by New Shooter Tex" in cancelled.text and "Early Shot" not in cancelled.text
    # An Early Shot above the New Shooter is charged under either reading.
    later = position(game(early_shot_below_new_shooter="cancelled"), stacks={"away-blue-1": [
        "home:zal", "home:tex", "home:jump-shot", "home:blue-ball", "home:hook-shot"]})
    assert score_only(later, 5).fouls == (0, 1)
