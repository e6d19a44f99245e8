"""Scenario dicts from a hostile or careless caller, for every game: a valid position with one
value swapped for anything JSON can hold (NaN, infinities, huge numbers, giant text, wrong shapes).
The result is a playable position or a ``BadScenario`` that says what is wrong, never another
error; and the positions the rules cannot reach are refused by name."""

from __future__ import annotations

import copy
import json
import math
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import tabletop
from tabletop.core import BadScenario
from tabletop.testing import check_generic_invariants

WEST_WIND = {"kind": "parallel", "from_heading": 180.0}


def _ship(ship_id: str, cls: str, seat: int, x: float, y: float, heading: float, **extra: Any) -> dict[str, Any]:
    return {"id": ship_id, "ship_class": cls, "seat": seat, "x": x, "y": y, "heading": heading, **extra}


def _rock(x0: float, y0: float, x1: float, y1: float, name: str = "rock") -> dict[str, Any]:
    return {"id": name, "name": name.title(), "outline": [[x0, y0], [x1, y0], [x1, y1], [x0, y1]]}


# One valid scenario per game with its options: what the fuzzing starts from.
BASES: dict[str, tuple[dict[str, Any], dict[str, Any]]] = {
    "cargo-bay-ball": ({}, {
        "crew": [{"crew": "jayne", "side": 1, "at": "E6"}, {"crew": "simon", "side": 2, "at": "F6", "status": "down"},
                 {"crew": "mal", "side": 1, "status": "penalty-box"}],
        "obstacles": ["F6", "G5"], "ball": "jayne", "score": [0, 0], "chop": 1, "round": 1,
        "turn": {"side": 1, "crew": "jayne", "actions_left": 2, "move_left": 0},
    }),
    "cagway-bay": ({"scenario": "open-warfare"}, {
        "ships": [_ship("hms", "frigate", 0, 60, 50, 0), _ship("t", "sloop", 1, 90, 80, 180, docked=None)],
        "islands": [_rock(120, 20, 140, 40)], "phase": "move", "wind": WEST_WIND, "turn": 2,
        "grapples": [], "width": 200, "height": 150,
    }),
    "friendly-competition": ({}, {
        "phase": "play", "turn": 5, "side": "seat1", "ap": 10, "score": {"seat1": 1, "seat2": 0},
        "teams": {"seat1": ["j18", "j14", "h13", "l13", "e12", "o12"],
                  "seat2": ["j2", "k12", "h7", "l7", "e8", "o8"]},
        "ball": {"holder": "seat1:2"}, "floored": {"seat2": [3]}, "tackles": {"2": 1}, "debt": {"seat2": 0},
    }),
    "fightball": ({}, {
        "quarter": 1, "score": {"home": 0, "away": 0}, "held": {"home": "tex"},
        "stacks": {"away-blue-1": ["home:blue-ball"], "17": ["away:bull"]}, "discards": {"away": ["tula"]},
        "decks": {"home": ["zal"]}, "exact_decks": False,
    }),
    "travel-sfb": ({}, {
        "deck": ["KS", "10H", "AD"], "generation": {"seat1": 3, "seat2": 5}, "advantage": {"seat1": 2},
        "advantage_to_hand": {"seat1": True}, "turn": 4,
    }),
}

JSON_ANYTHING = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(-10**30, 10**30), st.floats(), st.text(max_size=6),
              st.sampled_from([math.nan, math.inf, -math.inf, 1e308, -1e308, 10**400, "x" * 200_000, "", "-1"])),
    lambda inner: st.one_of(st.lists(inner, max_size=3), st.dictionaries(st.text(max_size=4), inner, max_size=3)),
    max_leaves=6,
)


def paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place inside a JSON value where another value could go."""
    found = [prefix] if prefix else []
    if isinstance(value, dict):
        for key, inner in value.items():
            found += paths(inner, (*prefix, key))
    elif isinstance(value, list):
        for index, inner in enumerate(value):
            found += paths(inner, (*prefix, index))
    return found


def replaced(base: dict[str, Any], path: tuple[Any, ...], value: Any) -> dict[str, Any]:
    out = copy.deepcopy(base)
    holder: Any = out
    for step in path[:-1]:
        holder = holder[step]
    holder[path[-1]] = value
    return out


def playable(game: tabletop.Game, scenario: dict[str, Any]) -> None:
    """A position or a clear refusal, nothing else."""
    try:
        state = game.new_state(seed=1, scenario=scenario)
    except BadScenario as refused:
        assert 0 < len(str(refused)) < 2000, str(refused)[:300]
        return
    check_generic_invariants(state)
    json.dumps(state.view(None), allow_nan=False)


@pytest.mark.parametrize("name", sorted(BASES))
def test_the_base_scenarios_are_valid(name):
    options, base = BASES[name]
    tabletop.load(name, **options).new_state(seed=1, scenario=base)


@pytest.mark.parametrize("name", sorted(BASES))
def test_a_fuzzed_scenario_is_a_position_or_a_bad_scenario(name):
    options, base = BASES[name]
    game = tabletop.load(name, **options)
    spots = paths(base)

    @settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
    @given(st.sampled_from(spots), JSON_ANYTHING)
    def check(path: tuple[Any, ...], value: Any) -> None:
        playable(game, replaced(base, path, value))

    check()


# -- positions the rules cannot reach, each refused by name -------------------------------------------


def refused(name: str, change: dict[str, Any], reason: str, options: dict[str, Any] | None = None) -> None:
    base_options, base = BASES[name]
    game = tabletop.load(name, **{**base_options, **(options or {})})
    with pytest.raises(BadScenario, match=reason):
        game.new_state(seed=1, scenario={**copy.deepcopy(base), **change})


def test_cargo_bay_ball_impossible_positions():
    crew = BASES["cargo-bay-ball"][1]["crew"]
    refused("cargo-bay-ball", {"score": [-1, 0]}, "score")
    goal = tabletop.load("cargo-bay-ball").new_state(seed=1).game.board  # type: ignore[attr-defined]
    refused("cargo-bay-ball", {"obstacles": [goal.labels[goal.goal]]}, "not plain bay floor")
    refused("cargo-bay-ball", {"obstacles": ["F6", "F6"]}, "listed twice")
    refused("cargo-bay-ball", {"crew": [dict(c, side=1) for c in crew], "ball": None, "turn": {"side": 1}},
            "side 2 has nobody")


def test_cargo_bay_ball_refuses_a_group_of_more_than_three_obstacles():
    board = tabletop.load("cargo-bay-ball").new_state(seed=1).game.board  # type: ignore[attr-defined]
    floor = [s for s in board.field_spaces if board.kinds[s] == "floor"]
    group = [floor[0]]
    while len(group) < 4:
        group.append(next(n for s in group for n in board.neighbours[s]
                          if n not in group and board.kinds[n] == "floor"))
    refused("cargo-bay-ball", {"obstacles": [board.labels[s] for s in group], "crew": [
        {"crew": "jayne", "side": 1, "status": "penalty-box"}, {"crew": "simon", "side": 2, "status": "penalty-box"}],
        "ball": None, "turn": {"side": 1}}, "group of 4 touching obstacles")


def test_cagway_bay_impossible_positions():
    ships = BASES["cagway-bay"][1]["ships"]
    refused("cagway-bay", {"ships": [ships[0], dict(ships[1], x=math.nan)]}, "finite number")
    refused("cagway-bay", {"ships": [ships[0], dict(ships[1], y=math.inf)]}, "finite number")
    refused("cagway-bay", {"width": 1e308}, "less than or equal")
    refused("cagway-bay", {"ships": [ships[0], dict(ships[1], x=-40)]}, "not wholly on the")
    refused("cagway-bay", {"ships": [ships[0], dict(ships[1], id="hms")]}, "hms appear more than once")
    refused("cagway-bay", {"grapples": [["hms", "hms"]]}, "grappled to itself")
    refused("cagway-bay", {"ships": [ships[0], dict(ships[1], docked="atlantis")]}, "not an island here")
    refused("cagway-bay", {"ships": [ships[0], dict(ships[1], docked="rock")]}, "does not touch it")
    bow_tie = {"id": "knot", "name": "Knot", "outline": [[100, 100], [120, 120], [120, 100], [100, 120]]}
    refused("cagway-bay", {"islands": [bow_tie]}, "crosses itself")
    refused("cagway-bay", {"islands": [_rock(120, 20, 140, 40), _rock(150, 20, 160, 40)]}, "'rock' appears more")
    refused("cagway-bay", {"islands": [_rock(-20, 20, 10, 40)]}, "reaches off the")


def test_an_island_far_off_the_table_is_refused_before_its_coast_is_charted(monkeypatch):
    """Building a table samples each island's coast every 1.5 cm: an island reaching a billion cm
    off the table (a fuzzed scenario found one) took gigabytes before it was refused."""
    from tabletop.titles.cagway_bay import scenarios

    def charted(*args: Any) -> Any:
        raise AssertionError("a table was built (its coasts charted) with an island off it")

    # patched where the (interpreted) setup calls it: the geometry module itself may be compiled,
    # and its own calls do not look names up in the module
    monkeypatch.setattr(scenarios, "table_from_spec", charted)
    refused("cagway-bay", {"islands": [_rock(120, 20, 1e9, 40)]}, "reaches off the")
    refused("cagway-bay", {"islands": [_rock(120, 20, 140, 40), _rock(150, -1e12, 160, 40, "reef")]},
            "'reef' reaches off the")


def test_a_giant_scenario_value_is_not_echoed_whole():
    for name, (options, base) in BASES.items():
        game = tabletop.load(name, **options)
        for path in paths(base)[:6]:
            playable(game, replaced(base, path, "q" * 1_000_000))
