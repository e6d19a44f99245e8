"""Game records: versioned JSON that replays to the identical state.

A record holds the game, engine version, options, seed, any scenario and dice script, every
action with its seat, and a digest of the final position so an edited record is caught.
"""

from __future__ import annotations

import codecs
import hashlib
import json
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from .errors import (
    BadOption,
    BadRecord,
    BadScenario,
    IllegalAction,
    ScriptExhausted,
    ScriptMismatch,
    UnknownGame,
    clip,
    shorten,
)
from .version import ENGINE_VERSION

if TYPE_CHECKING:
    from .game import State

__all__ = [
    "Record",
    "RecordedAction",
    "SeatRecord",
    "cut_record",
    "load_record",
    "make_record",
    "make_seat_record",
    "replay",
    "run_clock",
    "state_digest",
]


class RecordedAction(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    seat: str
    action: dict[str, Any]
    # A real-time game's clock (seconds) when the action was taken; absent for other games.
    at: float | None = Field(default=None, exclude_if=lambda at: at is None)


class _SavedGame(BaseModel):
    """What every saved form of a game starts with, and how it is written."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    format: str
    version: Literal[1] = 1
    engine: str = ENGINE_VERSION
    game: str
    options: dict[str, Any] = Field(default_factory=dict)

    def to_json_text(self) -> str:
        return self.model_dump_json(indent=1)

    def save(self, path: str | Path) -> None:
        Path(path).write_text(self.to_json_text() + "\n", encoding="utf-8")


class Record(_SavedGame):
    """A whole game, enough to rebuild it exactly."""

    format: Literal["tabletop-record"] = "tabletop-record"
    seed: int
    scenario: dict[str, Any] | None = None
    dice: dict[str, Any] | None = None
    actions: list[RecordedAction] = Field(default_factory=list)
    digest: str | None = None
    # A real-time game's clock when saved: time that passed after the last action replays too.
    elapsed: float | None = Field(default=None, exclude_if=lambda at: at is None)


class SeatRecord(_SavedGame):
    """What one seat has seen of a game so far: its own actions, the log as it saw it, and its
    view now. No seed and nothing hidden from that seat, so a player may share it while the game
    runs; for the same reason it cannot be replayed."""

    format: Literal["tabletop-seat-record"] = "tabletop-seat-record"
    seat: str
    actions: list[RecordedAction] = Field(default_factory=list)
    events: list[dict[str, Any]] = Field(default_factory=list)
    view: dict[str, Any] = Field(default_factory=dict)


def make_seat_record(state: State, seat: str) -> SeatRecord:
    return SeatRecord(
        game=state.game.name,
        options=dict(state.game.options),
        seat=seat,
        actions=[RecordedAction(seat=s, action=a.to_json()) for s, a in state.history if s == seat],
        events=[e.to_json() for e in state.events_for(seat)],
        view=state.view(seat),
    )


def state_digest(state: State) -> str:
    """A fingerprint of everything a spectator and every seat can see, plus the log."""
    payload = {
        "views": [state.view(None)] + [state.view(seat) for seat in state.seats],
        "events": [e.to_json() for e in state.events],
    }
    text = json.dumps(payload, sort_keys=True, default=str)
    return hashlib.sha256(text.encode()).hexdigest()


def make_record(state: State) -> Record:
    """The record of ``state``. A real-time game that keeps its own clock has ``elapsed`` (seconds),
    ``action_times`` (the clock at each history entry) and ``elapse(seconds)``; its record keeps
    the times, and a replay runs the clock forward to each one before applying its action."""
    game = state.game
    times: list[float] | None = getattr(state, "action_times", None)
    return Record(
        game=game.name,
        options=dict(game.options),
        seed=state.rng.seed,
        scenario=state._scenario,
        dice=state.rng.script(),
        actions=[RecordedAction(seat=seat, action=action.to_json(), at=None if times is None else times[k])
                 for k, (seat, action) in enumerate(state.history)],
        digest=state_digest(state),
        elapsed=getattr(state, "elapsed", None),
    )


SEAT_RECORD_REFUSED = ("this is a seat's record (what one seat saw, without the seed); it cannot be replayed. "
                       "Replay the full record saved at the end of the game")


def _record_text(path: Path) -> str:
    """A record file's text: UTF-8, with or without a byte-order mark; anything else is refused."""
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise BadRecord(f"cannot read record {path}: {exc.strerror or exc}") from None
    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE, codecs.BOM_UTF32_LE, codecs.BOM_UTF32_BE)):
        raise BadRecord(f"record {path} is UTF-16 or UTF-32 text; records are UTF-8 JSON (save it as UTF-8)")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise BadRecord(f"record {path} is not UTF-8 text (byte {exc.start} cannot be read); "
                        "records are UTF-8 JSON") from None


def load_record(source: Record | dict[str, Any] | str | Path) -> Record:
    """Read and validate a record from a model, a dict, JSON text or a file path."""
    if isinstance(source, Record):
        return source
    try:
        is_text = isinstance(source, str) and source.lstrip("\ufeff \t\r\n").startswith("{")
        if isinstance(source, Path) or (isinstance(source, str) and not is_text):
            return Record.model_validate_json(_record_text(Path(source)))
        if isinstance(source, str):
            return Record.model_validate_json(source.removeprefix("\ufeff"))
        if isinstance(source, dict) and source.get("format") == "tabletop-seat-record":
            raise BadRecord(SEAT_RECORD_REFUSED)
        return Record.model_validate(source)
    except ValidationError as exc:
        if any(err["loc"] == ("format",) and err.get("input") == "tabletop-seat-record" for err in exc.errors()):
            raise BadRecord(SEAT_RECORD_REFUSED) from None
        problems = "; ".join(
            clip(f"{'.'.join(map(str, err['loc'])) or 'record'}: {err['msg']}", 200) for err in exc.errors()[:5]
        )
        raise BadRecord(f"not a valid tabletop record: {problems}") from None


def replay(source: Record | dict[str, Any] | str | Path, *, verify: bool = True,
           observe: Callable[[State], None] | None = None) -> State:
    """Rebuild the state a record describes, checking every action and the final digest.

    ``observe``, if given, is called with the state before the first action and after each one
    (an interface that keeps something per position rebuilds it this way)."""
    from .registry import load

    record = load_record(source)
    if verify and record.digest is None:
        raise BadRecord("the record has no digest, so an edited or cut game could not be told from the real "
                        "one; records without a digest are refused (replay(..., verify=False) reads one "
                        "unverified)")
    if record.engine.split(".")[0] != ENGINE_VERSION.split(".")[0]:
        raise BadRecord(f"record was made by engine {shorten(record.engine)}; this engine is {ENGINE_VERSION}")
    try:
        game = load(record.game, **record.options)
        state = game.new_state(seed=record.seed, scenario=record.scenario, dice=record.dice)
    except (UnknownGame, BadOption, BadScenario, ScriptMismatch) as exc:
        raise BadRecord(f"record cannot be set up: {clip(str(exc), 500)}") from None
    clock = 0.0
    if observe is not None:
        observe(state)
    for index, step in enumerate(record.actions, 1):
        clock = run_clock(state, clock, step.at)
        try:
            action = game.action_from_json(step.action)
            state.apply(step.seat, action)
        except (IllegalAction, ScriptExhausted, ScriptMismatch) as exc:
            raise BadRecord(f"record step {index} ({shorten(step.seat)}: {shorten(step.action, 200)}) "
                            f"cannot be replayed: {clip(str(exc), 500)}") from None
        if observe is not None:
            observe(state)
    run_clock(state, clock, record.elapsed)
    if verify and record.digest is not None and state_digest(state) != record.digest:
        raise BadRecord("the record's actions do not lead to the position it was saved with; "
                        "it has been altered or belongs to another engine version")
    return state


def cut_record(record: Record, step: int) -> Record:
    """The same game's record kept only up to ``step`` actions, for replaying an earlier position.

    It has no digest (no saved position matches it); a real-time game's clock stops at the last
    action kept, unless every action is.
    """
    kept = record.actions[:step]
    elapsed = record.elapsed if step >= len(record.actions) or record.elapsed is None else (
        kept[-1].at if kept else None)
    return record.model_copy(update={"actions": kept, "digest": None, "elapsed": elapsed})


def run_clock(state: State, clock: float, until: float | None) -> float:
    """Let a real-time game's clock run from ``clock`` to ``until`` seconds (if recorded); the
    clock reading to carry on from."""
    if until is None:
        return clock
    elapse = getattr(state, "elapse", None)
    if elapse is not None and until > clock:
        elapse(until - clock)
    return max(clock, until)
