"""The court and the decks (FB-COURT-*, FB-DECK-*)."""

from __future__ import annotations

from collections import Counter

import pytest

from tabletop.titles.fightball.cards import BUZZ, PLAYER, SHOT, build_table, court, library, team, team_slugs
from tabletop.titles.fightball.scoring import score_stack
from tests.fightball.helpers import buzz, game, position, score_only

TEAMS = team_slugs()


def test_FB_COURT_1_twenty_four_court_cards_in_five_zones():
    c = court()
    assert c.size == 24
    zones = Counter(c.zone_names)
    assert zones == {"away-red": 4, "away-blue": 4, "green": 8, "home-blue": 4, "home-red": 4}
    for slug in TEAMS:
        assert sum(team(slug).court.values()) == 12
        assert team(slug).court == {"red": 4, "blue": 4, "green": 4}
    # Numbered from the away goal: the order a home Player card's numbers run, top to bottom.
    assert c.labels[0] == "away-red-1" and c.labels[8] == "green-1" and c.labels[23] == "home-red-4"


@pytest.mark.parametrize(("stack", "home_may_shoot", "away_may_shoot"),
                         [(1, True, False), (5, True, False), (9, True, True), (16, True, True),
                          (17, False, True), (24, False, True)])
def test_FB_COURT_2_shooters_only_in_the_zones_they_attack(stack, home_may_shoot, away_may_shoot):
    g = game("aztecs", "the-dark")
    state = position(g, stacks={stack: ["home:zal"], 10 if stack != 10 else 11: ["away:tula"]})
    home = score_only(state, stack)
    assert (home.status != "false-start") == home_may_shoot
    state = position(g, stacks={stack: ["away:tula"]})
    away = score_only(state, stack)
    assert (away.status != "false-start") == away_may_shoot


def test_FB_COURT_3_plays_are_worth_two_in_red_and_blue_three_in_green():
    assert court().play_points == (2, 2, 3)
    g = game("the-dark", "aztecs")
    play = ["home:sensei-oda", "home:green-ball", "home:long-shot"]
    state = position(g, stacks={"away-red-1": [*play[:1], "home:red-ball", "home:dunk-shot"],
                                "away-blue-1": ["home:tula", "home:blue-ball", "home:jump-shot"],
                                "green-1": play})
    assert [score_only(state, n).points for n in (1, 5, 9)] == [(2, 0), (2, 0), (3, 0)]


def test_FB_DECK_1_every_team_has_forty_four_deck_cards_with_the_buzz_at_the_bottom():
    for slug in TEAMS:
        table = build_table(slug, slug)
        assert len(table.decks[0]) == 43 and len(table.decks[0]) + 1 == 44
        assert table.cards[table.buzz[0]].kind == BUZZ
    state = game().new_state(seed=5)
    for s in (0, 1):
        assert len(state.decks[s]) == 44 and state.decks[s][0] == state.table.buzz[s]


@pytest.mark.parametrize("home", TEAMS)
def test_FB_DECK_2_all_six_decks_are_compatible(home):
    for away in TEAMS:
        table = build_table(home, away)
        assert len(table.cards) == 88
        state = game(home, away).new_state(seed=1)
        assert state.to_act == ("home", "away")


def test_FB_DECK_3_player_and_shot_cards_carry_their_numbers():
    table = build_table("the-dark", "cruisers")
    tula = next(c for c in table.cards if c.slug == "tula")
    # Read top to bottom: Red, Blue, Green Shot, then Green, Blue, Red Block.
    values = team("the-dark").players[1].values
    assert (values.red_shot, values.blue_shot, values.green_shot) == tula.shot
    assert (values.red_block, values.blue_block, values.green_block) == tula.block
    for shot in library().shots:
        assert set(shot.values) == {"red", "blue", "green"}
    assert {c.kind for c in table.cards} == {PLAYER, 1, SHOT, 3, BUZZ}


def test_FB_DECK_4_team_characters():
    kinds = {slug: Counter(c.slug for c in build_table(slug, slug).cards if c.owner == 0) for slug in TEAMS}
    assert "huitzilopochtli" in kinds["aztecs"] and kinds["aztecs"]["double-shot"]
    assert kinds["cavaliers"]["human-pyramid"] and kinds["cavaliers"]["all-for-one"]
    assert kinds["cruisers"]["cheap-shot"] and kinds["cruisers"]["flop"]
    assert kinds["the-dark"]["bull"] and kinds["the-dark"]["iron-palm"]
    positions = {p.position for p in team("team-sport").players}
    assert {"Goalie", "Target Man", "Boomeranger"} <= positions
    jetta = next(p for p in team("texas-wildcats").players if p.position == "Center")
    assert jetta.values.green_shot == max(p.values.green_shot for s in TEAMS for p in team(s).players)


NAMED = {
    "tula": "the-dark", "stern": "cruisers", "domino": "cruisers", "heather-m": "texas-wildcats",
    "drew": "cavaliers", "zal": "aztecs", "tex": "aztecs", "marco": "cavaliers", "gordo": "texas-wildcats",
    "huitzilopochtli": "aztecs",
}


def test_FB_DECK_5_every_card_the_rulebook_names_exists():
    for slug, owner in NAMED.items():
        assert slug in {p.slug for p in team(owner).players}
    names = {c.name for c in library().shots} | {c.name for c in library().effects}
    assert {"Jump Shot", "Long Shot", "Dunk Shot", "Human Pyramid", "Double Shot", "Go, Team!",
            "Interception", "Bull"} <= names
    assert team("team-sport").effects["interception"] and team("team-sport").shots["long-shot"]
    assert team("texas-wildcats").effects["go-team"] and team("texas-wildcats").shots["dunk-shot"]


def test_FB_DECK_6_named_values_match_the_rulebook_examples():
    cards = {c.slug: c for c in build_table("the-dark", "cruisers").cards}
    cards.update({c.slug: c for c in build_table("texas-wildcats", "cavaliers").cards})
    red, blue, green = 0, 1, 2
    assert cards["tula"].shot[blue] == 7 and cards["stern"].block[blue] == 4 and cards["domino"].block[blue] == 4
    assert cards["jump-shot"].shot[blue] == 7 and cards["heather-m"].shot[green] == 5
    assert cards["long-shot"].shot == (3, 5, 7) and cards["marco"].shot[red] == 6
    assert cards["gordo"].shot[blue] + cards["long-shot"].shot[blue] == 11


def test_FB_COURT_4_court_numbering_is_stable_in_scoring():
    g = game("aztecs", "the-dark")
    state = position(g, stacks={24: ["away:tula", "away:red-ball", "away:dunk-shot"]})
    result = score_stack(state.table, state.court, 23, state.stacks[23], state.discards, narrate=True)
    assert result.points == (0, 2) and result.text.startswith("Aztecs' Red zone: Tula 6")
    buzz(state)
    assert state.score == [0, 2]
