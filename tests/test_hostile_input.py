"""What a hostile client or a careless caller can throw at every registered game: action objects
with forged field values, and attempts to change a state through what ``legal_actions`` returns.
Each is refused with the state exactly as it was."""

from __future__ import annotations

import contextlib
import dataclasses
import math
import random
import types
import typing
from functools import cache
from typing import Any, Union

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import tabletop
import tests.cli.fixture_games  # (so are the command line's fixture games)
import tests.pig  # noqa: F401  (the engine fixture game is covered too)
from tabletop.core import Action, InvalidAction, State
from tabletop.testing import fingerprint

GAMES = [info.name for info in tabletop.games()]
STEPS = (0, 2, 5, 9, 17, 30, 60)

_ANYTHING_ELSE = st.one_of(st.none(), st.booleans(), st.binary(max_size=4), st.lists(st.integers(), max_size=2),
                           st.just(object()), st.dictionaries(st.text(max_size=2), st.integers(), max_size=1))


def forged(hint: Any) -> st.SearchStrategy[Any]:
    """Values that an action field declared as ``hint`` must not hold."""
    origin = typing.get_origin(hint)
    if origin in (Union, types.UnionType):
        (inner,) = [a for a in typing.get_args(hint) if a is not type(None)]
        return forged(inner).filter(lambda value: value is not None)
    if origin is tuple:
        return st.one_of(st.none(), st.text(max_size=3), st.integers(), st.lists(st.integers(), max_size=3),
                         st.tuples(st.just(object())), st.just(("x" * 10**6,)))
    if hint is int:
        return st.one_of(_ANYTHING_ELSE, st.floats(), st.text(max_size=3), st.just(1.5), st.just(1.0),
                         st.just("9" * 10**5))
    if hint is float:
        return st.one_of(_ANYTHING_ELSE, st.text(max_size=3), st.sampled_from([math.nan, math.inf, -math.inf]))
    if hint is str:
        return st.one_of(_ANYTHING_ELSE, st.integers(), st.floats(), st.just(b"A1"))
    if hint is bool:
        return st.one_of(st.none(), st.integers(), st.text(max_size=3), st.floats())
    raise AssertionError(f"no forgeries for {hint!r}")


@cache
def positions(name: str) -> tuple[State, ...]:
    """Positions of a seeded random game at several depths, each with a seat to act."""
    game = tabletop.load(name)
    rng = random.Random(5)
    state = game.new_state(seed=5)
    found: list[State] = []
    for step in range(max(STEPS) + 1):
        if state.is_over:
            break
        if step in STEPS:
            found.append(state.clone())
        seat = rng.choice(state.to_act)
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return tuple(found)


def fields_of(cls: type[Action]) -> list[tuple[str, Any]]:
    hints = typing.get_type_hints(cls)
    return [(f.name, hints[f.name]) for f in dataclasses.fields(cls)]  # type: ignore[arg-type]


@st.composite
def forged_action(draw: st.DrawFn, name: str) -> tuple[State, str, Action]:
    """A position, its seat to act, and an action object with one field forged. The other fields
    come from a legal action of the same kind when there is one, so the forged field is the only
    thing wrong with it."""
    state = draw(st.sampled_from(positions(name)))
    seat = draw(st.sampled_from(state.to_act))
    codec = state.game.codec
    kinds = [cls for cls in codec.kinds.values() if fields_of(cls)]
    cls = draw(st.sampled_from(sorted(kinds, key=lambda c: c.kind)))
    fields = fields_of(cls)
    model = next((a for a in state.legal_actions(seat) if type(a) is cls), None)
    values = {field: getattr(model, field) if model is not None else None for field, _ in fields}
    field, hint = draw(st.sampled_from(fields))
    values[field] = draw(forged(hint))
    return state, seat, cls(**values)


@pytest.mark.parametrize("name", [n for n in GAMES if any(fields_of(c) for c in tabletop.load(n).codec.kinds.values())])
def test_forged_action_fields_are_refused_with_the_state_untouched(name):
    @settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
    @given(forged_action(name))
    def check(case: tuple[State, str, Action]) -> None:
        state, seat, action = case
        before = fingerprint(state)
        with pytest.raises(InvalidAction) as refused:
            state.apply(seat, action)
        assert fingerprint(state) == before
        assert len(str(refused.value)) < 2000, "a forged value is echoed whole"

    check()


@pytest.mark.parametrize("name", GAMES)
def test_an_action_of_another_class_is_refused(name):
    @dataclasses.dataclass(frozen=True)
    class Impostor(Action):
        kind = next(iter(tabletop.load(name).codec.kinds))

    state = positions(name)[0]
    before = fingerprint(state)
    with pytest.raises(InvalidAction, match="is not a"):
        state.apply(state.to_act[0], Impostor())
    assert fingerprint(state) == before


@pytest.mark.parametrize("name", GAMES)
def test_legal_actions_cannot_be_changed_by_the_caller(name):
    for state in positions(name):
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        offered = list(legal)
        stranger: Any = object()
        changeable: Any = legal
        for change in ("__setitem__", "append", "clear"):
            with contextlib.suppress(AttributeError, TypeError):
                method = getattr(changeable, change)
                method(0, stranger) if change == "__setitem__" else method(stranger) if change == "append" else method()
        assert list(state.legal_actions(seat)) == offered
        assert stranger not in state.legal_actions(seat)


# -- records ---------------------------------------------------------------------------------------


def pig_record() -> tabletop.Record:
    state = tabletop.load("test-pig").new_state(seed=3)
    for _ in range(6):
        state.apply(state.to_act[0], state.legal_actions(state.to_act[0])[0])
    return state.record()


def test_a_record_with_a_byte_order_mark_reads_as_utf8(tmp_path):
    path = tmp_path / "bom.json"
    path.write_bytes(b"\xef\xbb\xbf" + pig_record().to_json_text().encode())
    assert tabletop.replay(path).history
    assert tabletop.replay("\ufeff" + pig_record().to_json_text()).history


@pytest.mark.parametrize(("data", "reason"), [
    (pig_record().to_json_text().encode("utf-16"), "UTF-16"),
    (b"\xff\xfe\x00\xd8garbage", "UTF-16"),
    (b"{\"game\": \"\xc3\x28\"}", "not UTF-8 text"),
])
def test_a_record_in_another_encoding_is_refused_plainly(tmp_path, data, reason):
    path = tmp_path / "odd.json"
    path.write_bytes(data)
    with pytest.raises(tabletop.BadRecord, match=reason):
        tabletop.replay(path)


@settings(max_examples=30, deadline=None)
@given(st.binary(max_size=200))
def test_any_bytes_as_a_record_give_bad_record(tmp_path_factory, data):
    path = tmp_path_factory.mktemp("bytes") / "record.json"
    path.write_bytes(data)
    with pytest.raises(tabletop.BadRecord):
        tabletop.replay(path)


def test_a_record_without_its_digest_is_refused_unless_read_unverified():
    record = pig_record().model_dump()
    record["digest"] = None
    record["actions"] = record["actions"][:-2]  # cut short: nothing could tell
    with pytest.raises(tabletop.BadRecord, match="no digest"):
        tabletop.replay(record)
    del record["digest"]
    with pytest.raises(tabletop.BadRecord, match="no digest"):
        tabletop.replay(record)
    assert len(tabletop.replay(record, verify=False).history) == 4


def test_a_giant_field_is_not_echoed_into_the_error():
    giant = "x" * 5_000_000
    for edit in ({"game": giant}, {"engine": giant}, {"options": {giant: 1}},
                 {"actions": [{"seat": giant, "action": {"kind": giant}}]},
                 {"actions": [{"seat": "seat1", "action": {"kind": "roll", "why": giant}}]}):
        record = {**pig_record().model_dump(), **edit}
        with pytest.raises(tabletop.BadRecord) as refused:
            tabletop.replay(record)
        assert len(str(refused.value)) < 2000, str(refused.value)[:200]


def test_a_seats_record_holds_no_seed_and_no_other_seats_secrets():
    state = tabletop.load("test-guess").new_state(seed=4)
    for _ in range(2):
        seat = state.to_act[0]
        state.apply(seat, state.legal_actions(seat)[0])
    mine = state.seat_record("seat2")
    text = mine.to_json_text()
    assert "seed" not in text
    assert all(e.get("visible_to") in (None, ["seat2"]) for e in mine.events)
    assert len(mine.events) < len(state.events)
    with pytest.raises(tabletop.BadRecord, match="seat's record"):
        tabletop.replay(text)
    with pytest.raises(tabletop.BadRecord, match="seat's record"):
        tabletop.replay(mine.model_dump())


def test_a_giant_seat_name_is_not_echoed():
    state = tabletop.load("test-pig").new_state(seed=1)
    with pytest.raises(tabletop.IllegalAction) as refused:
        state.apply("s" * 1_000_000, state.legal_actions("seat1")[0])
    assert len(str(refused.value)) < 300


def test_a_record_whose_scenario_holds_nan_is_refused():
    record = {"game": "cagway-bay", "options": {"scenario": "open-warfare"}, "seed": 1, "digest": "0" * 64,
              "scenario": {"ships": [{"id": "a", "ship_class": "sloop", "seat": 0, "x": float("nan"), "y": 50,
                                      "heading": 0}]}}
    with pytest.raises(tabletop.BadRecord, match="finite number"):
        tabletop.replay(record)


def test_giant_option_values_names_and_dice_are_cut_in_errors():
    giant = "9" * 100_000
    for attempt in (lambda: tabletop.load("test-pig", target=giant), lambda: tabletop.load("test-pig", **{giant: 1}),
                    lambda: tabletop.load(giant), lambda: tabletop.load("test-pig").new_state(seed=1, dice=giant),
                    lambda: tabletop.load("test-pig").new_state(seed=1, dice=[giant])):
        with pytest.raises(tabletop.TabletopError) as refused:
            attempt()
        assert len(str(refused.value)) < 300, str(refused.value)[:100]


def test_the_fuzzers_own_forgeries_are_refused_before_anything_moves():
    from tabletop.titles.cagway_bay.actions import Drift, Fire, Sail
    from tabletop.titles.fightball.actions import DRAW, Play

    fightball = tabletop.load("fightball").new_state(seed=3)
    fightball.apply("home", DRAW)  # a card in hand: the forged play once took it and then failed
    before = fingerprint(fightball)
    for forged_play in (Play(stack=1.5), Play(stack=None), Play(stack=True), Play(stack="1")):  # type: ignore[arg-type]
        with pytest.raises(InvalidAction, match="field 'stack'"):
            fightball.apply("home", forged_play)
        assert fingerprint(fightball) == before
    fightball.apply("home", Play(stack=1))  # the held card is still there to play

    cagway = tabletop.load("cagway-bay").new_state(seed=1)
    seat = cagway.to_act[0]
    ship = next(a.ship for a in cagway.legal_actions(seat) if hasattr(a, "ship"))
    before = fingerprint(cagway)
    for forged in (Sail(ship, None), Drift(ship, "x"), Fire(ship, "port", ship, None),  # type: ignore[arg-type]
                   Sail(ship, math.nan), Sail(ship, math.inf)):
        with pytest.raises(InvalidAction):
            cagway.apply(seat, forged)
        assert fingerprint(cagway) == before
