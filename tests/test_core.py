"""The engine contract, proved on the Pig fixture game."""

from __future__ import annotations

import dataclasses
import json
import math
import pickle

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tabletop
from tabletop.core import (
    Action,
    ActionCodec,
    BadOption,
    BadRecord,
    BadScenario,
    Event,
    InvalidAction,
    Randomness,
    ScriptedRandomness,
    ScriptExhausted,
    UnknownGame,
)
from tabletop.core.events import make_event
from tabletop.testing import assert_rejected, assert_replays, fingerprint, random_playthrough
from tests.pig import Hold, Roll


@pytest.fixture
def pig():
    return tabletop.load("test-pig")


def test_unknown_game_names_the_games():
    with pytest.raises(UnknownGame, match="the games are"):
        tabletop.load("chess")


def test_bad_options_name_allowed_values():
    with pytest.raises(BadOption, match="at least 5"):
        tabletop.load("test-pig", target=2)
    with pytest.raises(BadOption, match="its options are: target"):
        tabletop.load("test-pig", colour="red")
    assert tabletop.load("test-pig", target="30").options["target"] == 30


def test_scripted_dice_drive_the_game(pig):
    state = pig.new_state(dice=[4, 5, 1])
    state.apply("seat1", Roll())
    state.apply("seat1", Roll())
    assert state.turn_total == 9
    state.apply("seat1", Roll())
    assert state.turn_total == 0 and state.to_act == ("seat2",)
    assert [e.kind for e in state.events] == ["roll", "roll", "bust"]


def test_exhausted_script_raises_and_keeps_the_state(pig):
    state = pig.new_state(dice=[3])
    state.apply("seat1", Roll())
    before = fingerprint(state)
    with pytest.raises(ScriptExhausted, match="ran out"):
        state.apply("seat1", Roll())
    assert fingerprint(state) == before


def test_a_run_of_actions_is_taken_whole_or_not_at_all(pig):
    state = pig.new_state(dice=[4, 5, 2])
    assert state.apply_all("seat1", []) == [] and not state.history
    before = fingerprint(state)
    with pytest.raises(tabletop.IllegalAction, match="not seat1's decision now; waiting for seat2"):
        state.apply_all("seat1", [Roll(), Hold(), Hold()])  # after a hold it is seat2's turn
    assert fingerprint(state) == before and not state.history and not state.events
    with pytest.raises(ScriptExhausted):
        state.apply_all("seat1", [Roll(), Roll(), Roll(), Roll()])  # three rolls scripted
    assert fingerprint(state) == before and not state.history
    for wrong in (Roll(), "roll", 3):
        with pytest.raises(InvalidAction, match="apply_all takes a list of actions"):
            state.apply_all("seat1", wrong)  # type: ignore[arg-type]
    events = state.apply_all("seat1", (action for action in (Roll(), Roll(), Hold())))
    assert events == state.events and [e.kind for e in events] == ["roll", "roll", "hold"]
    assert state.to_act == ("seat2",) and len(state.history) == 3


def test_out_of_turn_and_wrong_seat_are_rejected(pig):
    state = pig.new_state(seed=1)
    assert "waiting for seat1" in str(assert_rejected(state, "seat2", Roll()))
    assert "no seat" in str(assert_rejected(state, "seat9", Roll()))
    assert_rejected(state, "seat1", "roll")


def test_actions_round_trip(pig):
    for action in (Roll(), Hold()):
        assert pig.parse_action(str(action)) == action
        assert pig.action_from_json(json.loads(json.dumps(action.to_json()))) == action
    with pytest.raises(InvalidAction, match="this game has: hold, roll"):
        pig.parse_action("jump")


@pytest.mark.parametrize("kind", [["roll"], {"roll": 1}, 5, None])
def test_an_action_whose_kind_is_not_text_is_refused_plainly(pig, kind):
    with pytest.raises(InvalidAction, match=r"unknown action kind .*; this game has: hold, roll"):
        pig.action_from_json({"kind": kind})


def test_random_games_finish_and_replay(pig):
    for seed in range(30):
        state = random_playthrough(pig, seed)
        assert state.is_over and state.outcome.winner in state.seats
        assert_replays(state)


def test_replay_detects_tampering(pig):
    state = random_playthrough(pig, 5)
    data = state.record().model_dump()
    data["seed"] += 1
    with pytest.raises(BadRecord):
        tabletop.replay(data)
    with pytest.raises(BadRecord, match="not a valid tabletop record"):
        tabletop.replay({"game": "test-pig"})
    with pytest.raises(BadRecord, match="cannot read"):
        tabletop.replay("/nonexistent/record.json")


def test_scenarios_are_validated(pig):
    state = pig.new_state(seed=1, scenario={"banked": {"seat1": 15}})
    assert state.banked["seat1"] == 15
    with pytest.raises(BadScenario):
        pig.new_state(seed=1, scenario={"banked": {"nobody": 3}})
    assert_replays(state)


def test_clone_is_independent(pig):
    state = pig.new_state(seed=3)
    twin = state.clone()
    twin.apply("seat1", Hold())
    assert state.history == [] and len(twin.history) == 1
    assert [state.clone().rng.roll() for _ in range(3)] == [state.clone().rng.roll() for _ in range(3)]


@pytest.mark.parametrize("source", [Randomness(11), ScriptedRandomness([4, 2, 6], None, 11)])
def test_copied_chance_draws_what_the_original_would(source):
    source.random()
    copies = [source.clone(), source.clone().clone(), pickle.loads(pickle.dumps(source.clone()))]
    unused = pickle.dumps(source)
    assert pickle.dumps(source.clone()) == unused  # copying draws nothing
    expected = [source.roll(6), source.random(), source.choice("abcdefgh")]
    for twin in copies:
        assert [twin.roll(6), twin.random(), twin.choice("abcdefgh")] == expected
    assert pickle.dumps(source) != unused
    with pytest.raises(AttributeError, match="no attribute 'dice'"):
        source.dice  # noqa: B018


def test_a_seeded_source_draws_and_shuffles_as_the_standard_library_does():
    """Seeding waits for the first draw and shuffles skip the library's per-card calls; records
    made before either change must still replay, so the draws are the library's own."""
    import random

    for seed in range(150):
        for size in (0, 1, 2, 7, 40, 53):
            library, ours = random.Random(seed), Randomness(seed)
            expected, got = list(range(size)), list(range(size))
            library.shuffle(expected)
            ours.shuffle(got)
            assert got == expected and ours.random() == library.random()
    unused = Randomness(5)
    assert pickle.loads(pickle.dumps(unused.clone())).roll(6) == Randomness(5).roll(6) == random.Random(5).random() * 6 // 1 + 1


def test_finished_game_rejects_actions(pig):
    state = random_playthrough(pig, 2)
    assert "game is over" in str(assert_rejected(state, state.seats[0], Roll()))


def test_games_seen_from_many_threads_at_once_are_all_the_games():
    """A server's first requests arrive together; none may see a half-finished discovery."""
    import subprocess
    import sys

    script = (
        "import threading, tabletop\n"
        "seen = []\n"
        "def ask(): seen.append(len([g for g in tabletop.games() if not g.name.startswith('test-')]))\n"
        "threads = [threading.Thread(target=ask) for _ in range(8)]\n"
        "[t.start() for t in threads]; [t.join() for t in threads]\n"
        "print(sorted(set(seen)))\n"
    )
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[5]"


@dataclasses.dataclass(frozen=True, slots=True)
class Survey(Action):
    """An action with a field of every kind the codec checks."""

    kind = "survey"
    name: str
    count: int
    flag: bool
    share: float
    note: str | None
    cells: tuple[int, ...]


_MISSING = object()
_VALUES = ["x", "", 0, 3, True, False, 1.5, math.nan, math.inf, None, (1, 2), (), ("a",), (True,), [1], _MISSING]


def _fits(hint: str, value: object) -> bool:
    """Whether ``value`` is a well-formed value of the field type ``hint``, said plainly."""
    if hint == "str":
        return type(value) is str
    if hint == "int":
        return type(value) is int
    if hint == "bool":
        return type(value) is bool
    if hint == "float":
        return type(value) is int or (type(value) is float and math.isfinite(value))  # type: ignore[arg-type]
    if hint == "str | None":
        return value is None or type(value) is str
    return type(value) is tuple and all(type(v) is int for v in value)  # type: ignore[attr-defined]


_GOOD = ("x", 3, True, 1.5, None, (1, 2))


@settings(max_examples=200, deadline=None)
@given(st.dictionaries(st.integers(0, len(_GOOD) - 1), st.sampled_from(_VALUES), max_size=3))
def test_the_quick_form_check_answers_as_the_field_rules_do(changes):
    """``well_formed`` (the check every action crosses) and ``validate`` agree with the field
    rules for any object, however it was built, fields left unset included."""
    codec = ActionCodec(Survey)
    action = object.__new__(Survey)
    values = [changes.get(k, good) for k, good in enumerate(_GOOD)]
    for field, value in zip(dataclasses.fields(Survey), values, strict=True):
        if value is not _MISSING:
            object.__setattr__(action, field.name, value)
    expected = all(value is not _MISSING and _fits(str(field.type), value)
                   for field, value in zip(dataclasses.fields(Survey), values, strict=True))
    assert codec.well_formed(action) is expected
    if expected:
        codec.validate(action)
    else:
        with pytest.raises(InvalidAction, match="survey"):
            codec.validate(action)


def test_an_accepted_action_object_changed_afterwards_is_refused():
    """Nothing remembers an action object as checked: the same object, once accepted and then
    changed behind ``frozen``, is refused by the next state it meets."""
    codec = ActionCodec(Survey)
    action = Survey("x", 1, True, 0.5, None, (1,))
    assert codec.well_formed(action)
    object.__setattr__(action, "count", True)
    assert not codec.well_formed(action)
    with pytest.raises(InvalidAction, match="field 'count': expected a whole number"):
        codec.validate(action)


@settings(max_examples=60, deadline=None)
@given(st.text(max_size=5), st.text(max_size=20), st.dictionaries(st.text(max_size=3), st.integers(), max_size=3),
       st.none() | st.frozensets(st.sampled_from(["seat1", "seat2"])), st.none() | st.text(max_size=4))
def test_an_emitted_event_is_the_value_its_constructor_makes(kind, text, data, visible_to, rule):
    """``emit`` builds its events by setting their slots directly: the same frozen value."""
    made = make_event(kind, text, data, visible_to, rule)
    built = Event(kind, text, data, visible_to, rule)
    assert made == built and repr(made) == repr(built) and made.to_json() == built.to_json()
    assert pickle.loads(pickle.dumps(made)) == built
    with pytest.raises(dataclasses.FrozenInstanceError):
        made.text = "changed"  # type: ignore[misc]
