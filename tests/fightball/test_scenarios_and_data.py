"""Bad scenarios, bad options and bad data files fail clearly; the real-time simulator runs Fightball."""

from __future__ import annotations

import json

import pytest

from tabletop.agents import make_agent
from tabletop.agents.realtime import RealTimeTable
from tabletop.core import BadOption, BadScenario
from tabletop.titles.fightball.cards import DataError, TeamModel, _load
from tests.fightball.helpers import game, invariants


@pytest.mark.parametrize(("scenario", "message"), [
    ({"court": {}}, "unknown fightball scenario keys"),
    ({"stacks": {"25": ["home:zal"]}}, "there is no stack 25"),
    ({"stacks": {"middle": ["home:zal"]}}, "unknown stack 'middle'"),
    ({"stacks": {"1": ["zal"]}}, "a card is written 'home:slug'"),
    ({"stacks": {"1": ["home:tula"]}}, "have no card 'tula'"),
    ({"stacks": {"1": ["home:huitzilopochtli"] * 3}}, "have only 2 'huitzilopochtli'"),
    ({"held": {"home": "buzz"}}, "the Buzz stays at the bottom"),
    ({"held": {"home": "away:tula"}}, "only home's own cards"),
    ({"quarter": 9}, "quarter must be 1..4"),
    ({"score": {"home": -1}}, "whole number"),
    ({"decks": {"referee": []}}, "must map 'home'/'away'"),
])
def test_bad_scenarios_say_what_is_wrong(scenario, message):
    with pytest.raises(BadScenario, match=message):
        game().new_state(seed=0, scenario=scenario)


def test_team_options_are_checked():
    with pytest.raises(BadOption, match="aztecs"):
        game("lakers", "aztecs")


def test_a_bad_team_file_names_the_problem(tmp_path):
    path = tmp_path / "broken.json"
    path.write_text(json.dumps({"slug": "broken", "name": "Broken"}))
    with pytest.raises(DataError, match=r"broken\.json is not valid: possessive"):
        _load(TeamModel, path)
    path.write_text("{not json")
    with pytest.raises(DataError, match=r"cannot read broken\.json"):
        _load(TeamModel, path)


def test_the_real_time_simulator_plays_a_deterministic_game():
    def run(seed):
        agents = {"home": make_agent("heuristic:speed=club", seed=seed), "away": make_agent("random:speed=pro", seed=seed)}
        table = RealTimeTable(agents, seed=seed)
        state = table.play(game("cavaliers", "cruisers").new_state(seed=seed))
        return state, [(round(t.time, 6), t.seat, str(t.action)) for t in table.timeline]

    first, timeline = run(5)
    invariants(first)
    assert first.outcome is not None
    again, timeline_again = run(5)
    assert timeline == timeline_again and again.score == first.score
