"""Special Effects (FB-FX-*): every card in the library, each through the shared vocabulary."""

from __future__ import annotations

import pytest

from tabletop.core import Randomness
from tabletop.testing import assert_rejected
from tabletop.titles.fightball.actions import DISCARD, DRAW, Choose, Play
from tabletop.titles.fightball.cards import library, team, team_slugs
from tests.fightball.helpers import buzz, game, position, score_only

SHOOTER = {"aztecs": "huitzilopochtli", "cavaliers": "lord-percival", "cruisers": "big-vinnie",
           "the-dark": "sensei-oda", "team-sport": "skip", "texas-wildcats": "jetta"}
BLUE_SHOT = {"aztecs": 7, "cavaliers": 6, "cruisers": 6, "the-dark": 7, "team-sport": 6, "texas-wildcats": 7}


def blue_play(team_slug, middle, opponent=None, **scenario):
    """Home's best Shooter, a Blue Ball, ``middle``, then a Jump Shot (Blue +7), in away's Blue zone."""
    state = position(game(team_slug, opponent or team_slug), stacks={"away-blue-1": [
        f"home:{SHOOTER[team_slug]}", "home:blue-ball", *middle, "home:jump-shot"]}, **scenario)
    return score_only(state, 5)


def base(team_slug):
    return BLUE_SHOT[team_slug] + 2 + 7


def test_FB_FX_1_effects_work_only_inside_a_complete_play():
    incomplete = position(game("cavaliers", "cavaliers"), stacks={"away-blue-1": [
        "home:lord-percival", "home:human-pyramid", "home:blue-ball"]})
    assert score_only(incomplete, 5).points == (0, 0)
    outside = blue_play("cavaliers", [])
    assert outside.points == (2, 0)


def test_FB_FX_2_human_pyramid_and_double_shot_in_either_order():
    # The rulebook's example: 2 points become 14 (Pyramid first) or 9 (Double Shot first).
    first = blue_play("cavaliers", ["home:human-pyramid", "away:double-shot"], opponent="aztecs")
    second = blue_play("cavaliers", ["away:double-shot", "home:human-pyramid"], opponent="aztecs")
    assert (first.points, second.points) == ((14, 0), (9, 0))
    assert "The play succeeds for 2 points, Human Pyramid +5, Double Shot \u00d72 = 14" in first.text


def test_FB_FX_human_pyramid():
    assert blue_play("cavaliers", ["home:human-pyramid"]).points == (7, 0)


def test_FB_FX_double_shot():
    assert blue_play("aztecs", ["away:double-shot"]).points == (4, 0)


def go_team_quarter(middle, opponent="aztecs", shooter="jetta", **scenario):
    """Home's Wildcats play Blue Ball, ``middle``, Jump Shot in away's Blue zone, and buzz."""
    state = position(game("texas-wildcats", opponent), stacks={"away-blue-1": [
        f"home:{shooter}", "home:blue-ball", *middle, "home:jump-shot"]}, **scenario)
    buzz(state)
    return state


def test_FB_FX_8_go_team_is_its_coachs_choice_in_the_scoring_round():
    for chosen, points in ((1, 3), (-1, 1)):
        state = go_team_quarter(["home:go-team"])
        assert state.phase == "scoring" and state.to_act == ("home",) and state.score == [0, 0]
        assert state.legal_actions("home") == [Choose(1), Choose(-1)]
        assert state.legal_actions("away") == []
        state.apply("home", Choose(chosen))
        assert state.score == [points, 0] and state.quarter == 2 and state.phase == "fast"


def test_FB_FX_8_the_choice_is_narrated_offered_and_suggested_in_the_owners_favour():
    state = go_team_quarter(["home:go-team"])
    ask = [e for e in state.events if e.kind == "choice"]
    assert ask[-1].text == ("Stack 5: the play succeeds (Shot Value 16) for Texas Wildcats. Texas Wildcats' "
                            "Go, Team! makes it worth 1 point more or 1 point less: Texas Wildcats choose.")
    assert state.view("away")["choice"] == {
        "seat": "home", "stack": 5, "card": {**state.table.cards[state.pending[0].card].to_json(), "owner": "home"},
        "options": [1, -1], "scorer": "home", "waiting": 1}
    assert state.auto_action("home") == Choose(1) and state.suggest("home", Randomness(1)) == Choose(1)
    assert state.describe_action("home", Choose(-1)) == "Go, Team! on stack 5: 1 point less for the play " \
                                                        "(Texas Wildcats score it)"
    state.apply("home", Choose(1))
    assert any(e.text == "Texas Wildcats choose +1 point with Go, Team! on stack 5, scoring for Texas Wildcats."
               for e in state.events)
    # The other team's Go, Team! in the play: the favour is one point less.
    theirs = go_team_quarter(["away:go-team"], opponent="texas-wildcats")
    assert theirs.to_act == ("away",) and theirs.auto_action("away") == Choose(-1)
    assert theirs.suggest("away", Randomness(1)) == Choose(-1)
    theirs.apply("away", Choose(-1))
    assert theirs.score == [1, 0]


def test_FB_FX_8_only_successful_plays_ask_and_cancelled_cards_never_do():
    missed = position(game("texas-wildcats", "aztecs"), stacks={"away-blue-1": [
        "home:lou", "away:nochtli", "home:blue-ball", "home:go-team", "home:jump-shot"]})  # 4 - 4 + 2 + 7 = 9
    buzz(missed)
    assert missed.quarter == 2 and missed.score == [0, 0]
    unfinished = position(game("texas-wildcats", "aztecs"), stacks={"away-blue-1": [
        "home:jetta", "home:blue-ball", "home:go-team"]})
    buzz(unfinished)
    assert unfinished.quarter == 2
    whistled = go_team_quarter(["home:go-team", "away:refball-whistle"])
    assert whistled.quarter == 2 and whistled.score == [2, 0]


def test_FB_FX_8_every_choice_is_asked_in_stack_order_then_bottom_to_top():
    g = game("texas-wildcats", "texas-wildcats")
    state = position(g, stacks={
        "green-2": ["away:jetta", "away:green-ball", "home:go-team", "away:double-shot", "away:long-shot"],
        "away-blue-1": ["home:jetta", "home:blue-ball", "away:go-team", "home:go-team", "home:jump-shot"],
    })
    buzz(state)
    order = []
    while state.phase == "scoring":
        seat = state.to_act[0]
        order.append((seat, state.pending[0].stack + 1))
        state.apply(seat, state.legal_actions(seat)[0])  # always one point more
    assert order == [("away", 5), ("home", 5), ("home", 10)]
    # Stack 5: 2 + 1 + 1 = 4 for home; stack 10: (3 + 1) x 2 = 8 for away.
    assert state.score == [4, 8]
    _stacks, _, points, choices = state.quarter_log[0]
    assert points == (4, 8) and sorted(v for _, v in choices) == [1, 1, 1]


def test_FB_FX_8_only_the_two_answers_are_accepted_and_nothing_else_happens_meanwhile():
    state = go_team_quarter(["home:go-team"], held={"away": "zal"})
    for action in (Choose(2), Choose(0), DRAW, DISCARD, Play(3)):
        assert_rejected(state, "home", action)
    assert_rejected(state, "away", Play(3))
    fresh = position(game("texas-wildcats", "aztecs"), held={"home": "go-team"})
    assert_rejected(fresh, "home", Choose(1))


def test_FB_FX_5_interception():
    stolen = blue_play("team-sport", ["away:interception"])
    assert stolen.points == (0, 2) and stolen.scorer == 1 and "(intercepted)" in stolen.text
    assert blue_play("team-sport", ["home:interception"]).points == (2, 0)


def test_FB_FX_bull():
    assert blue_play("the-dark", ["away:bull"]).value == base("the-dark") - 3


def test_FB_FX_3_smoke_bomb_cancels_the_effect_below_and_a_cancelled_cancel_does_nothing():
    assert blue_play("the-dark", ["away:bull", "home:smoke-bomb"]).value == base("the-dark")
    twice = blue_play("the-dark", ["away:bull", "home:smoke-bomb", "away:smoke-bomb"])
    assert twice.value == base("the-dark") - 3
    assert "Smoke Bomb (cancelled)" in twice.text


def test_FB_FX_riposte():
    result = blue_play("cavaliers", ["away:en-garde", "home:riposte"])
    assert result.value == base("cavaliers") and "En Garde (cancelled)" in result.text


def test_FB_FX_4_shadow_step_moves_the_play_to_the_green_zone():
    state = position(game("the-dark", "aztecs"), stacks={"away-blue-1": [
        "home:sensei-oda", "home:green-ball", "home:shadow-step", "home:long-shot"]})
    result = score_only(state, 5)
    assert result.colour == 2 and result.value == 6 + 2 + 7 and result.points == (3, 0)
    assert "moved to the Green zone" in result.text


def test_FB_FX_4_a_zone_change_only_reaches_zones_the_shooter_attacks():
    # Away's Hot Rod moves a Green play into the Blue zone away attacks: home's, never its own.
    state = position(game("aztecs", "cruisers"), stacks={"green-1": [
        "away:big-vinnie", "away:blue-ball", "away:hot-rod", "away:jump-shot"]})
    result = score_only(state, 9)
    assert result.colour == 1 and result.value == 6 + 2 + 1 + 7 and result.points == (0, 2)
    assert "moved to the Aztecs' Blue zone" in result.text


def test_FB_FX_iron_palm():
    assert blue_play("the-dark", ["home:iron-palm"]).value == base("the-dark") + 3


def test_FB_FX_all_for_one():
    assert blue_play("cavaliers", ["home:all-for-one"]).value == base("cavaliers") + 3
    assert blue_play("cavaliers", ["away:all-for-one"]).value == base("cavaliers") + 3


def test_FB_FX_en_garde():
    assert blue_play("cavaliers", ["away:en-garde"]).value == base("cavaliers") - 3
    assert blue_play("cavaliers", ["home:en-garde"]).value == base("cavaliers") - 3


@pytest.mark.parametrize("slug", [e.slug for e in library().effects])
def test_FB_DECK_3_every_effect_counts_the_same_whoever_plays_it(slug):
    # Only the team an effect credits (Interception, fouls, discard piles) and a Go, Team! coach's
    # own choice follow its owner; its Shot Value, points and zone are the same from either hand.
    carrier = next(t for t in team_slugs() if slug in team(t).effects)
    mine, theirs = blue_play(carrier, [f"home:{slug}"]), blue_play(carrier, [f"away:{slug}"])
    assert mine.value == theirs.value and mine.colour == theirs.colour
    assert mine.prospect == theirs.prospect or slug == "go-team"


def test_FB_FX_7_cheap_shot_charges_the_other_team_with_a_foul():
    result = blue_play("cruisers", ["away:cheap-shot"])
    assert result.value == base("cruisers") - 2 and result.fouls == (0, 1) and result.points == (2, 1)
    incomplete = position(game("cruisers", "cruisers"), stacks={"away-blue-1": [
        "home:big-vinnie", "away:cheap-shot", "home:blue-ball"]})
    assert score_only(incomplete, 5).fouls == (0, 0)


def test_FB_FX_flop():
    assert blue_play("cruisers", ["away:flop"]).fouls == (0, 2)
    assert blue_play("cruisers", ["home:flop"]).fouls == (2, 0)


def test_FB_FX_payoff_cancels_every_effect_below():
    result = blue_play("cruisers", ["away:pick", "home:hot-rod", "away:pick", "away:payoff"])
    assert result.value == base("cruisers")


def test_FB_FX_hot_rod():
    result = blue_play("cruisers", ["home:hot-rod"])
    assert result.colour == 1 and result.value == base("cruisers") + 1


def test_FB_FX_pick():
    assert blue_play("cruisers", ["away:pick"]).value == base("cruisers") - 2


def test_FB_FX_6_sacrifice_reads_the_own_discard_pile():
    assert blue_play("aztecs", ["home:sacrifice"], discards={"home": ["zal", "tex"]}).value == base("aztecs") + 2
    capped = blue_play("aztecs", ["home:sacrifice"], discards={"home": ["zal", "tex", "itzel", "coatl", "red-ball"]})
    assert capped.value == base("aztecs") + 3
    theirs = blue_play("aztecs", ["away:sacrifice"], discards={"home": ["zal", "tex"]})
    assert theirs.value == base("aztecs")  # away's own pile is empty


def test_FB_FX_obsidian_blade():
    assert blue_play("aztecs", ["away:obsidian-blade"]).value == base("aztecs") - 4
    assert blue_play("aztecs", ["home:obsidian-blade"]).value == base("aztecs") - 4


def test_FB_FX_feathered_serpent():
    assert blue_play("aztecs", ["home:feathered-serpent"]).value == base("aztecs") + 2


def test_FB_FX_refball_whistle():
    result = blue_play("aztecs", ["away:obsidian-blade", "home:feathered-serpent", "away:refball-whistle"])
    assert result.value == base("aztecs")


def test_FB_FX_boomerang():
    result = blue_play("team-sport", ["home:boomerang"], discards={"home": ["long-shot", "lay-up", "skip"]})
    assert result.value == base("team-sport") + 2 and "Boomerang +2" in result.text
    full = blue_play("team-sport", ["home:boomerang"],
                     discards={"home": ["long-shot", "long-shot", "lay-up", "lay-up", "hail-mary"]})
    assert full.value == base("team-sport") + 4


def test_FB_FX_target_practice():
    state = position(game("team-sport", "aztecs"), stacks={"green-1": [
        "home:skip", "home:red-ball", "home:target-practice", "home:lay-up"]})
    result = score_only(state, 9)
    assert result.colour == 0 and result.value == 6 + 2 + 6 and result.points == (2, 0)


def test_FB_FX_scouting_report_reads_the_other_teams_discard_pile():
    result = blue_play("team-sport", ["home:scouting-report"], discards={"away": ["interception", "boomerang"]})
    assert result.value == base("team-sport") - 2


def test_FB_FX_rocket_boost_only_in_green():
    assert blue_play("texas-wildcats", ["home:rocket-boost"]).value == base("texas-wildcats")
    state = position(game("texas-wildcats", "aztecs"), stacks={"green-1": [
        "home:jetta", "home:green-ball", "home:rocket-boost", "home:long-shot"]})
    assert score_only(state, 9).value == 8 + 2 + 3 + 7


def test_FB_FX_cheer():
    assert blue_play("texas-wildcats", ["home:cheer"]).value == base("texas-wildcats") + 2


def test_every_effect_in_the_library_has_a_test_and_a_team():
    tested = {name[len("test_FB_FX_"):] for name in globals() if name.startswith("test_FB_FX_")}
    carried = {slug for t in team_slugs() for slug in team(t).effects}
    for effect in library().effects:
        assert effect.slug in carried, f"{effect.slug} is in no deck"
        assert any(effect.slug.replace("-", "_") in name for name in tested), f"{effect.slug} has no test"


@pytest.mark.parametrize("slug", team_slugs())
def test_effect_texts_are_own_words_and_ops_are_vocabulary(slug):
    for effect_slug in team(slug).effects:
        effect = next(e for e in library().effects if e.slug == effect_slug)
        assert effect.text and effect.ops.model_fields_set
