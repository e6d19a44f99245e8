"""The SVG picture: built from a view, it shows the court by zone and never what the viewer may not see."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

from tabletop.titles.fightball.actions import PASS
from tests.fightball.helpers import buzz, game, position

SVG = "{http://www.w3.org/2000/svg}"


def texts(picture: str) -> list[str]:
    root = ET.fromstring(picture)
    return [t.text or "" for t in root.iter(f"{SVG}text")]


def busy_court():
    g = game("texas-wildcats", "team-sport")
    state = position(g, stacks={
        "green-3": ["home:heather-m", "home:go-team", "home:green-ball", "away:blue-ball", "away:interception",
                    "away:long-shot"],
        "away-blue-1": ["home:gordo", "home:dunk-shot", "home:blue-ball", "home:long-shot", "away:boomerang",
                        "home:jump-shot"],
        "home-red-2": ["away:tower", "away:red-ball"],
        "home-blue-1": ["away:hail-mary"],
    }, held={"home": "jetta", "away": "lay-up"}, discards={"home": ["brandi"], "away": ["target-practice"]},
        score={"home": 7, "away": 9})
    return g, state


def test_svg_shows_the_court_by_zone_with_top_cards_and_shot_values():
    g, state = busy_court()
    words = texts(g.render_svg(state.view("home")))
    for part in ("FIGHTBALL", "Quarter 1 of 4", "Texas Wildcats 7 : 9 Team Sport", "Green", "3 points",
                 "Long Shot", "12 \u2713 2 to Team Sport", "Jump Shot", "13 \u2713 2 to Texas Wildcats",
                 "Red Ball", "10 so far, needs a Shot", "False Start: 2 to Texas Wildcats", "\u2691+1"):
        assert part in words, part
    assert [w for w in words if re.fullmatch(r"#\d+", w)] == [f"#{n}" for n in range(1, 25)]


def test_svg_shows_the_viewers_hand_discard_tops_and_deck_counts_but_not_the_other_hand():
    g, state = busy_court()
    mine = texts(g.render_svg(state.view("home")))
    assert "Jetta" in mine and "Shot 8" in mine and "Lay-Up" not in mine
    assert "Brandi" in mine and "Target Practice" in mine and "discard (1)" in mine
    assert mine.count("1") >= 2  # both decks hold just the Buzz
    theirs = texts(g.render_svg(state.view("away")))
    assert "Lay-Up" in theirs and "Jetta" not in theirs
    spectator = texts(g.render_svg(state.view(None)))
    assert "Lay-Up" not in spectator and "Jetta" not in spectator


def test_svg_turns_the_court_round_for_the_away_coach():
    g, state = busy_court()
    home = [w for w in texts(g.render_svg(state.view("home"))) if re.fullmatch(r"#\d+", w)]
    away = [w for w in texts(g.render_svg(state.view("away"))) if re.fullmatch(r"#\d+", w)]
    assert away == list(reversed(home))


def test_svg_names_the_buzzer_beater_the_pending_choice_and_the_end():
    g, state = busy_court()
    buzz_home = game("texas-wildcats", "team-sport")
    assert buzz_home is not None
    state.held[0] = -1  # home's hand empties so it can draw its Buzz
    buzz(state)
    words = texts(g.render_svg(state.view("away")))
    assert "Buzzer-beater: Team Sport may still land the Shot in hand" in words
    state.apply("away", PASS)
    words = texts(g.render_svg(state.view("home")))
    assert ("Scoring round: Texas Wildcats choose +1 or \u22121 with Go, Team! on stack 11 "
            "(the play scores for Team Sport)") in words
    over = game("aztecs", "cavaliers", quarters=1)
    done = position(over, stacks={"green-1": ["home:huitzilopochtli", "home:green-ball", "home:double-shot",
                                              "home:long-shot"]})
    buzz(done)
    words = texts(over.render_svg(done.view("home")))
    assert "Game over: Aztecs win 6-0" in words and "15 \u2713 6 to Aztecs" in words
