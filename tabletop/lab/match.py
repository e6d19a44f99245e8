"""Playing one game between agents, and what the lab keeps of it.

Turn-based games ask the seat to act; when several seats are to act at once (simultaneous
turns) every one of them decides from the same position before any decision is applied, so no
seat can react to another's secret choice. Real-time games run through
:class:`~tabletop.agents.realtime.RealTimeTable`, ordered by the agents' reaction times.
"""

from __future__ import annotations

import hashlib
import time
import traceback
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from tabletop.agents import Agent, make_agent
from tabletop.agents.realtime import RealTimeTable
from tabletop.core import Game, IllegalAction, Record, State, TabletopError, load
from tabletop.core.record import RecordedAction

__all__ = ["GameResult", "MatchSpec", "derive_seed", "play_agents", "play_match", "save_failure"]

DEFAULT_MAX_STEPS = 20_000


def derive_seed(*parts: object) -> int:
    """A seed in [0, 2**31) fixed by ``parts``, the same on every machine and Python run.

    >>> derive_seed(7, 0) == derive_seed(7, 0) != derive_seed(7, 1)
    True
    """
    digest = hashlib.sha256("/".join(map(str, parts)).encode()).digest()
    return int.from_bytes(digest[:4], "big") & 0x7FFFFFFF


@dataclass(frozen=True)
class MatchSpec:
    """Everything needed to play game ``index`` of a sweep, in any process, identically.

    ``lineup[i]`` is the participant (index into ``agents``) sitting in seat ``i``.
    """

    game: str
    options: Mapping[str, Any]
    agents: tuple[str, ...]
    lineup: tuple[int, ...]
    seed: int
    index: int = 0
    max_steps: int = DEFAULT_MAX_STEPS
    record_dir: str | None = None
    tag: str = ""


@dataclass
class GameResult:
    """One finished (or failed) game of a sweep."""

    index: int
    seed: int
    lineup: tuple[int, ...]
    seats: tuple[str, ...]
    winners: tuple[str, ...] = ()
    scores: dict[str, float] = field(default_factory=dict)
    reason: str = ""
    length: int = 0
    seconds: float = 0.0
    error: str | None = None
    record_path: str | None = None
    tag: str = ""

    @property
    def ok(self) -> bool:
        return self.error is None

    def seat_of(self, participant: int) -> str:
        return self.seats[self.lineup.index(participant)]

    def result_for(self, participant: int) -> str:
        """``"win"``, ``"draw"`` or ``"loss"`` for a participant (by its index in the agent list)."""
        if not self.winners:
            return "draw"
        seats = [s for s, p in zip(self.seats, self.lineup, strict=True) if p == participant]
        return "win" if any(s in self.winners for s in seats) else "loss"

    def score_for(self, participant: int) -> float | None:
        seats = [s for s, p in zip(self.seats, self.lineup, strict=True) if p == participant]
        values = [self.scores[s] for s in seats if s in self.scores]
        return sum(values) / len(values) if values else None

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        data["lineup"] = list(self.lineup)
        data["seats"] = list(self.seats)
        data["winners"] = list(self.winners)
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> GameResult:
        """The inverse of :meth:`to_json` (a sweep's journal is read back with it on resume)."""
        return cls(**{**data, "lineup": tuple(data["lineup"]), "seats": tuple(data["seats"]),
                      "winners": tuple(data["winners"])})


def play_agents(state: State, agents: Mapping[str, Agent], *, seed: int = 0,
                max_steps: int = DEFAULT_MAX_STEPS) -> State:
    """Play ``state`` to the end with one agent per seat; raises if it runs past ``max_steps``."""
    if state.game.info.turn_style == "real-time":
        RealTimeTable(agents, seed=seed).play(state, max_steps=max_steps)
    else:
        steps = 0
        while not state.is_over and steps < max_steps:
            waiting = state.to_act
            if len(waiting) == 1:
                seat = waiting[0]
                state.apply(seat, agents[seat].choose(state, seat))
                steps += 1
                continue
            decisions = [(seat, agents[seat].choose(state, seat)) for seat in waiting]
            for seat, action in decisions:
                if state.is_over or seat not in state.to_act:
                    continue
                try:
                    state.apply(seat, action)
                except IllegalAction:
                    # An earlier simultaneous move changed this seat's options: decide again.
                    state.apply(seat, agents[seat].choose(state, seat))
                steps += 1
    if not state.is_over:
        raise RuntimeError(f"{state.game.name} did not finish within {max_steps} actions")
    return state


def play_match(spec: MatchSpec) -> GameResult:
    """Play one game of a sweep. Any error is caught, its record saved, and reported."""
    started = time.perf_counter()
    game: Game | None = None
    state: State | None = None
    seats: tuple[str, ...] = ()
    try:
        game = load(spec.game, **dict(spec.options))
        seats = game.seats
        lineup = _fit_lineup(spec.lineup, len(seats))
        agents = {
            seat: make_agent(spec.agents[participant], seed=derive_seed(spec.seed, "agent", position))
            for position, (seat, participant) in enumerate(zip(seats, lineup, strict=True))
        }
        state = game.new_state(seed=spec.seed)
        play_agents(state, agents, seed=spec.seed, max_steps=spec.max_steps)
        outcome = state.outcome
        assert outcome is not None
        _check_one_side(spec, lineup, seats, outcome.winners)
        return GameResult(
            index=spec.index, seed=spec.seed, lineup=lineup, seats=seats,
            winners=tuple(outcome.winners), scores={k: float(v) for k, v in outcome.scores.items()},
            reason=outcome.reason, length=len(state.history),
            seconds=time.perf_counter() - started, tag=spec.tag,
        )
    except Exception as exc:  # one broken game must not stop a sweep
        message = f"{type(exc).__name__}: {exc}"
        path = save_failure(spec, state, traceback.format_exc()) if spec.record_dir else None
        return GameResult(
            index=spec.index, seed=spec.seed, lineup=spec.lineup, seats=seats,
            length=len(state.history) if state is not None else 0,
            seconds=time.perf_counter() - started, error=message, record_path=path, tag=spec.tag,
        )


class SplitParticipant(TabletopError):
    """One agent of a sweep held both a winning and a losing seat, so it neither won nor lost."""


def _check_one_side(spec: MatchSpec, lineup: Sequence[int], seats: Sequence[str], winners: Sequence[str]) -> None:
    """A repeated lineup (A, B, C, A) can put an agent on both sides of a team game; its win rate
    would then count every such game as won. Refuse the game instead."""
    for participant in sorted(set(lineup)):
        held = [seat for seat, p in zip(seats, lineup, strict=True) if p == participant]
        won = [seat for seat in held if seat in winners]
        lost = [seat for seat in held if seat not in winners]
        if winners and won and lost:
            raise SplitParticipant(
                f"{spec.agents[participant]} (#{participant + 1}) held seats on both sides ({', '.join(won)} won, {', '.join(lost)} "
                f"lost), so it neither won nor lost: with {len(seats)} seats, give as many agents as seats or a "
                "number that keeps each agent's seats on one side")


def _fit_lineup(lineup: Sequence[int], seats: int) -> tuple[int, ...]:
    """Stretch a lineup to the game's seat count by repeating it (teams of the same agents)."""
    if len(lineup) == seats:
        return tuple(lineup)
    return tuple(lineup[i % len(lineup)] for i in range(seats))


def save_failure(spec: MatchSpec, state: State | None, trace: str) -> str | None:
    """Save the failed game's record (replayable up to the failing step) and the traceback."""
    if spec.record_dir is None:
        return None
    folder = Path(spec.record_dir)
    folder.mkdir(parents=True, exist_ok=True)
    stem = folder / f"{spec.game}-seed{spec.seed}-game{spec.index}"
    record: Record | None = None
    if state is not None:
        try:
            record = state.record()
        except Exception:  # a corrupted position may not even render its views
            record = Record(
                game=spec.game, options=dict(state.game.options), seed=spec.seed,
                scenario=state._scenario, dice=state.rng.script(),
                actions=[RecordedAction(seat=s, action=a.to_json()) for s, a in state.history],
            )
    if record is None:
        record = Record(game=spec.game, options=dict(spec.options), seed=spec.seed)
    record_path = stem.with_suffix(".record.json")
    record.save(record_path)
    stem.with_suffix(".error.txt").write_text(
        f"game {spec.game} options {dict(spec.options)} seed {spec.seed} agents {list(spec.agents)} "
        f"lineup {list(spec.lineup)}\n\n{trace}",
        encoding="utf-8",
    )
    return str(record_path)
