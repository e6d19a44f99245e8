"""CBB-BOARD-*: the bay as data, straight lines and goal faces, custom bays and crews with clear
errors, and scenario validation."""

from __future__ import annotations

import json

import pytest

from tabletop.core import BadOption, BadScenario
from tabletop.testing import random_playthrough
from tabletop.titles.cargo_bay_ball.data import CargoDataError, load_bay_model

from .helpers import Invariants, game, position

SMALL_BAY = {
    "name": "shuttle",
    "title": "A shuttle's hold",
    "rows": ["h#######.",
             ".......h.",
             "h........",
             "...G....h",
             "h........",
             "........h",
             "h###D####",
             "   aAa   "],
    "directions": {"1": "E", "2": "SE", "3": "SW", "4": "W", "5": "NW", "6": "NE"},
}

CREW_SET = {"crew": [
    {"id": f"hand-{i}", "name": f"Deck hand {i}", "short": f"Hand{i}", "code": f"H{chr(65 + i)}", "card": f"hand-{i}",
     "skills": {"SHOOT": 1 + i % 6, "PASS": 3, "MOVE": 3, "CATCH": 3, "STEAL": 3, "BLOCK": 3,
                "SLOBR": "1d6" if i == 0 else 3, "ENDUR": 4, "OFF": 4}} for i in range(7)]}


def write(tmp_path, name, data):
    path = tmp_path / f"{name}.json"
    path.write_text(json.dumps(data))
    return str(path)


def test_CBB_BOARD_1_the_bay_is_data():
    board = game().board
    model = load_bay_model("serenity")
    assert board.width == 15 and board.height == 12 and len(board.field_spaces) == 165
    assert board.labels[board.goal] == "H6" and board.labels[board.door] == "I11"
    assert board.labels[board.arrow] == "I12" and [board.labels[s] for s in board.airlock] == ["G12", "H12", "J12"]
    assert {board.labels[s]: n for s, n in board.numbered.items()} == {
        "I5": 1, "H5": 2, "G6": 3, "H7": 4, "I7": 5, "I6": 6}
    assert model.directions["1"] == "NE"
    kinds = {k: sum(1 for x in board.kinds if x == k) for k in set(board.kinds)}
    assert kinds["grating"] == 25 and kinds["half"] == 11 and kinds["floor"] == 127


def test_CBB_BOARD_2_straight_lines_and_the_goal_faces():
    board = game().board
    idx, lab = board.index, board.labels
    assert [lab[s] for s in board.line(idx["C3"], idx["H3"])] == ["D3", "E3", "F3", "G3", "H3"]
    assert [lab[s] for s in board.line(idx["C6"], idx["H6"])] == ["D6", "E6", "F6", "G6", "H6"]
    # A line along the edge between two spaces always takes the same side.
    assert [lab[s] for s in board.line(idx["H4"], idx["H6"])] == ["I5", "H6"]
    # Arrows at 1 (NE) and 4 (SW): the ring runs across them; J7, G5 and K8 sit level with it.
    assert [board.side_of_axis(idx[s], 1) for s in ("H4", "H5", "I6", "J7", "G5", "K8", "G6", "H7", "C6")] == \
        [1, 1, 1, 0, 0, 0, -1, -1, -1]
    assert [board.side_of_axis(idx[s], 3) for s in ("J6", "F6", "H4")] == [-1, 1, 0]


def test_CBB_BOARD_3_a_custom_bay_and_crew_set_play_a_whole_game(tmp_path):
    bay = write(tmp_path, "shuttle", SMALL_BAY)
    crew = write(tmp_path, "hands", CREW_SET)
    g = game(bay=bay, crew_cards=crew, team_size=2)
    assert g.board.name == "shuttle" and g.cards[0].short == "Hand0"
    for seed in range(3):
        state = random_playthrough(g, seed, Invariants())
        assert state.is_over


@pytest.mark.parametrize(("change", "message"), [
    ({"rows": ["h...", "...", "...."]}, "every row must be 4"),
    ({"rows": [r.replace("G", ".") for r in SMALL_BAY["rows"]]}, "exactly one goal"),
    ({"rows": SMALL_BAY["rows"][:-1]}, "exactly one airlock arrow"),
    ({"rows": [*SMALL_BAY["rows"][:-1], "   aAa  Q"]}, "unknown space codes"),
    ({"directions": {"1": "E", "2": "E", "3": "SW", "4": "W", "5": "NW", "6": "NE"}}, "each of"),
    ({"directions": {"1": "E", "2": "SW", "3": "SE", "4": "W", "5": "NW", "6": "NE"}}, "around the goal"),
    ({"rows": ["G" + SMALL_BAY["rows"][0][1:]] + [r.replace("G", ".") for r in SMALL_BAY["rows"][1:]]},
     "around the goal must be field"),
    ({"colour": "grey"}, "Extra inputs"),
])
def test_CBB_BOARD_3_bad_bays_fail_with_clear_errors(tmp_path, change, message):
    bad = {**SMALL_BAY, **change}
    path = write(tmp_path, "bad", bad)
    with pytest.raises(CargoDataError, match=message) as caught:
        game(bay=path)
    assert isinstance(caught.value, BadOption) and "bad.json" in str(caught.value)


def test_CBB_BOARD_3_a_split_bay_and_a_door_away_from_the_airlock_are_refused(tmp_path):
    split = [*SMALL_BAY["rows"][:5], "         ", "h...D....", "   aAa   "]
    with pytest.raises(CargoDataError, match="connected"):
        game(bay=write(tmp_path, "split", {**SMALL_BAY, "rows": split}))
    far_door = [*SMALL_BAY["rows"][:6], "h###.###D", "   aAa   "]
    with pytest.raises(CargoDataError, match="must touch the airlock"):
        game(bay=write(tmp_path, "door", {**SMALL_BAY, "rows": far_door}))


@pytest.mark.parametrize(("change", "message"), [
    ({"SHOOT": 7}, "rated 1 to 6"),
    ({"CATCH": "1d6"}, "must be a fixed rating"),
    ({"LUCK": 3}, "unknown LUCK"),
])
def test_CBB_BOARD_3_bad_crew_cards_fail_with_clear_errors(tmp_path, change, message):
    crew = json.loads(json.dumps(CREW_SET))
    crew["crew"][2]["skills"].update(change)
    with pytest.raises(CargoDataError, match=message):
        game(crew_cards=write(tmp_path, "crew", crew))
    crew = json.loads(json.dumps(CREW_SET))
    crew["crew"][3]["id"] = crew["crew"][2]["id"]
    with pytest.raises(CargoDataError, match="share the id"):
        game(crew_cards=write(tmp_path, "dupes", crew))


def test_missing_and_malformed_data_files_are_named(tmp_path):
    with pytest.raises(CargoDataError, match="bundled 'serenity', or a path to a bay JSON file"):
        game(bay="no-such-bay")
    # a bundled file of another kind is not offered, nor taken
    with pytest.raises(CargoDataError, match="no bay file 'crew': give the bundled 'serenity'"):
        game(bay="crew")
    with pytest.raises(CargoDataError, match="no crew file 'evaluation': give the bundled 'crew'"):
        game(crew_cards="evaluation")
    broken = tmp_path / "broken.json"
    broken.write_text("{not json")
    with pytest.raises(CargoDataError, match="not valid JSON"):
        game(bay=str(broken))
    with pytest.raises(BadOption, match="needs 9 crew cards"):
        game(crew_cards=write(tmp_path, "few", {"crew": CREW_SET["crew"][:5]}), team_size=4)


@pytest.mark.parametrize(("scenario", "message"), [
    ({"crew": [{"crew": "saffron", "side": 1, "at": "B2"}, {"crew": "mal", "side": 2, "at": "B3"}]}, "saffron"),
    ({"crew": [{"crew": "jayne", "side": 1, "at": "Z9"}, {"crew": "mal", "side": 2, "at": "B3"}]}, "Z9"),
    ({"crew": [{"crew": "jayne", "side": 1, "at": "B2"}, {"crew": "mal", "side": 2, "at": "B2"}]}, "already holds"),
    ({"crew": [{"crew": "jayne", "side": 1, "at": "B2"}, {"crew": "jayne", "side": 2, "at": "B3"}]}, "twice"),
    ({"crew": [{"crew": "jayne", "side": 1, "at": "H12"}, {"crew": "mal", "side": 2, "at": "B3"}]}, "not a field"),
    ({"crew": [{"crew": "jayne", "side": 1}, {"crew": "mal", "side": 2, "at": "B3"}]}, "need a space"),
    ({"crew": [{"crew": "jayne", "side": 1, "at": "B2", "status": "down"}, {"crew": "mal", "side": 2, "at": "B3"}],
      "ball": "jayne"}, "standing crew member"),
    ({"crew": [{"crew": "jayne", "side": 3, "at": "B2"}]}, "scenario is not valid"),
    ({"crew": [{"crew": "jayne", "side": 1, "at": "B2"}, {"crew": "mal", "side": 2, "at": "B3"}], "chop": 4},
     "sudden death is Chop 4"),
    ({"crew": [{"crew": "jayne", "side": 1, "at": "B2"}, {"crew": "mal", "side": 2, "at": "B3"}], "round": 11},
     "Rounds 1-10"),
    ({"crew": [{"crew": "jayne", "side": 1, "at": "B2"}, {"crew": "mal", "side": 2, "at": "B3"}], "wind": 3},
     "Extra inputs"),
])
def test_bad_scenarios_are_refused_with_the_reason(scenario, message):
    with pytest.raises(BadScenario, match=message):
        game().new_state(seed=1, scenario=scenario)


def test_a_scenario_sets_the_whole_position():
    state = position([{"crew": "jayne", "side": 1, "at": "B2"}, {"crew": "mal", "side": 2, "at": "B3"}],
                     ball="mal", arrows=5, score=[3, 4], chop=2, round=7, obstacles=["D4"],
                     turn={"side": 2, "crew": "mal", "actions_left": 1, "move_left": 2})
    view = state.view(None)
    assert view["ball"]["holder"] == "mal" and view["goal"]["arrows"] == [2, 5]
    assert view["score"] == {"1": 3, "2": 4} and (view["chop"], view["round"]) == (2, 7)
    assert view["turn"] == {"side": 2, "crew": "mal", "actions_left": 1, "move_left": 2}
    assert view["obstacles"] == ["D4"] and state.to_act == ("seat2",)
