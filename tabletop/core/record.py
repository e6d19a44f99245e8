"""Game records: versioned JSON that replays to the identical state.

A record holds the game, engine version, options, seed, any scenario and dice script, every
action with its seat, and a digest of the final position so an edited record is caught.
"""

from __future__ import annotations

import hashlib
import json
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
)
from .version import ENGINE_VERSION

if TYPE_CHECKING:
    from .game import State

__all__ = ["Record", "RecordedAction", "load_record", "make_record", "replay", "run_clock", "state_digest"]


class RecordedAction(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    seat: str
    action: dict[str, Any]
    # A real-time game's clock (seconds) when the action was taken; absent for other games.
    at: float | None = Field(default=None, exclude_if=lambda at: at is None)


class Record(BaseModel):
    """A whole game, enough to rebuild it exactly."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    format: Literal["tabletop-record"] = "tabletop-record"
    version: Literal[1] = 1
    engine: str = ENGINE_VERSION
    game: str
    options: dict[str, Any] = Field(default_factory=dict)
    seed: int
    scenario: dict[str, Any] | None = None
    dice: dict[str, Any] | None = None
    actions: list[RecordedAction] = Field(default_factory=list)
    digest: str | None = None
    # A real-time game's clock when saved: time that passed after the last action replays too.
    elapsed: float | None = Field(default=None, exclude_if=lambda at: at is None)

    def to_json_text(self) -> str:
        return self.model_dump_json(indent=1)

    def save(self, path: str | Path) -> None:
        Path(path).write_text(self.to_json_text() + "\n", encoding="utf-8")


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


def load_record(source: Record | dict[str, Any] | str | Path) -> Record:
    """Read and validate a record from a model, a dict, JSON text or a file path."""
    if isinstance(source, Record):
        return source
    try:
        if isinstance(source, Path) or (isinstance(source, str) and not source.lstrip().startswith("{")):
            path = Path(source)
            try:
                text = path.read_text(encoding="utf-8")
            except OSError as exc:
                raise BadRecord(f"cannot read record {path}: {exc.strerror or exc}") from None
            return Record.model_validate_json(text)
        if isinstance(source, str):
            return Record.model_validate_json(source)
        return Record.model_validate(source)
    except ValidationError as exc:
        problems = "; ".join(
            f"{'.'.join(map(str, err['loc'])) or 'record'}: {err['msg']}" for err in exc.errors()[:5]
        )
        raise BadRecord(f"not a valid tabletop record: {problems}") from None


def replay(source: Record | dict[str, Any] | str | Path, *, verify: bool = True) -> State:
    """Rebuild the state a record describes, checking every action and the final digest."""
    from .registry import load

    record = load_record(source)
    if record.engine.split(".")[0] != ENGINE_VERSION.split(".")[0]:
        raise BadRecord(f"record was made by engine {record.engine}; this engine is {ENGINE_VERSION}")
    try:
        game = load(record.game, **record.options)
        state = game.new_state(seed=record.seed, scenario=record.scenario, dice=record.dice)
    except (UnknownGame, BadOption, BadScenario, ScriptMismatch) as exc:
        raise BadRecord(f"record cannot be set up: {exc}") from None
    clock = 0.0
    for index, step in enumerate(record.actions, 1):
        clock = run_clock(state, clock, step.at)
        try:
            action = game.action_from_json(step.action)
            state.apply(step.seat, action)
        except (IllegalAction, ScriptExhausted, ScriptMismatch) as exc:
            raise BadRecord(f"record step {index} ({step.seat}: {step.action}) cannot be replayed: {exc}") from None
    run_clock(state, clock, record.elapsed)
    if verify and record.digest is not None and state_digest(state) != record.digest:
        raise BadRecord("the record's actions do not lead to the position it was saved with; "
                        "it has been altered or belongs to another engine version")
    return state


def run_clock(state: State, clock: float, until: float | None) -> float:
    """Let a real-time game's clock run from ``clock`` to ``until`` seconds (if recorded); the
    clock reading to carry on from."""
    if until is None:
        return clock
    elapse = getattr(state, "elapse", None)
    if elapse is not None and until > clock:
        elapse(until - clock)
    return max(clock, until)
