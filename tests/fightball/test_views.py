"""The view as a schema (FB-VIEW-1): every coach's and the spectator's view validates against
``view_schema.FightballView`` through seeded games, and carries what a player reads off the table."""

from __future__ import annotations

from typing import Any

from tabletop.agents import make_agent
from tabletop.agents.realtime import RealTimeTable
from tabletop.testing import random_playthrough
from tabletop.titles.fightball.view_schema import FightballView
from tests.fightball.helpers import game, position

CHECKED: list[int] = []


def _valid(state: Any) -> None:
    for seat in (None, "home", "away"):
        FightballView.model_validate(state.view(seat))
    CHECKED.append(1)


def test_FB_VIEW_1_every_view_matches_the_schema_through_random_games():
    CHECKED.clear()
    for home, away in (("aztecs", "cavaliers"), ("cruisers", "team-sport"), ("the-dark", "texas-wildcats")):
        state = random_playthrough(game(home, away, quarters=1), 7, _valid, check_every=7)
        _valid(state)
    timed = game("texas-wildcats", "texas-wildcats", quarters=1).new_state(seed=2)
    RealTimeTable({"home": make_agent("heuristic", seed=1), "away": make_agent("heuristic", seed=2)}, seed=2).play(
        timed, max_steps=400)
    _valid(timed)
    assert len(CHECKED) > 40


def test_FB_VIEW_1_cards_show_their_printed_values():
    state = position(game("the-dark", "cruisers"), stacks={"away-blue-1": ["home:tula", "away:flop"]},
                     discards={"home": ["jump-shot"]})
    view = FightballView.model_validate(state.view(None))
    tula, flop = view.court[4].cards
    assert tula.kind == "player" and tula.printed == (*tula.shot, *reversed(tula.block)) and tula.shot[1] == 7
    assert flop.kind == "effect" and flop.ops.foul == 2 and flop.ops.shot is None
    jump = view.coaches["home"].discard[0]
    assert jump.kind == "shot" and jump.border == "blue" and jump.shot == (4, 7, 3)


def test_FB_VIEW_1_each_stack_shows_its_running_shot_value_and_where_a_play_was_moved():
    # The rulebook's Figure 3 counted up card by card: 7, -4, +2, -4, +7.
    figure = position(game("cruisers", "the-dark"), stacks={"home-blue-2": [
        "away:tula", "home:stern", "away:blue-ball", "home:domino", "away:jump-shot", "home:pick"]})
    play = FightballView.model_validate(figure.view("home")).court[17].play
    assert play.running == [7, 3, 5, 1, 8, 8] and play.value == 8 and play.moved_to is None
    assert ("[18] Tula S7 B3 > Stern S4 B4 > Blue Ball +2 > Domino S6 B4 > Jump Shot +7 > Pick   "
            "Shot Value 7 3 5 1 8 8  = 8 \u2717 below 10, the play fails") in figure.game.render_text(figure.view("home"))
    moved = position(game("the-dark", "aztecs"), stacks={"away-blue-1": [
        "home:sensei-oda", "home:shadow-step", "home:green-ball"]})
    play = FightballView.model_validate(moved.view(None)).court[4].play
    assert play.colour == "green" and play.moved_to == "Green zone"
    assert "(moved to the Green zone)" in moved.game.render_text(moved.view(None))
    false_start = position(game(), stacks={"home-red-1": ["home:zal", "home:red-ball"]})
    assert FightballView.model_validate(false_start.view(None)).court[20].play.running == [None, None]
