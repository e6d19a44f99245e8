"""Running a sweep: games stream from an executor into running totals and, with ``--out``, into
a journal that an interrupted sweep resumes from.

The totals (:class:`Tally`) grow with the number of distinct outcomes, lengths and scores, not
with the number of games, so memory stays flat however long the sweep; only failed games are kept
whole (and every game when the caller asks, for per-game JSON and CSV). Counting the same game
twice is impossible: each game of a sweep has a position, and a position is counted once.

>>> import tests.pig
>>> from tabletop.lab.simulate import iter_specs
>>> specs = list(iter_specs("test-pig", ["heuristic", "random"], 4, seed=1))
>>> tally = run_sweep(specs, len(specs), modules=["tests.pig"])
>>> tally.games, tally.group("").completed
(4, 4)
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable, Generator, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

import numpy as np

from .executors import Executor, make_executor
from .match import GameResult, MatchSpec, play_match

__all__ = ["GroupTally", "Journal", "SweepMismatch", "Tally", "run_sweep", "scored_games"]

Progress = Callable[[GameResult], None]
Outcome = tuple[tuple[str, ...], bool]
POINTS = {"win": 1.0, "draw": 0.5, "loss": 0.0}


class SweepMismatch(ValueError):
    """``--resume`` was asked for a journal that holds a different sweep."""


@dataclass
class GroupTally:
    """The finished games of one group (a sweep's tag: a pairing, a variant) as counts."""

    outcomes: Counter[Outcome] = field(default_factory=Counter)
    lengths: Counter[int] = field(default_factory=Counter)
    scores: list[Counter[float]] = field(default_factory=list)

    def add(self, result: GameResult) -> None:
        participants = max(result.lineup) + 1
        results = tuple(result.result_for(p) for p in range(participants))
        self.outcomes[(results, bool(result.seats) and result.seats[0] in result.winners)] += 1
        self.lengths[result.length] += 1
        while len(self.scores) < participants:
            self.scores.append(Counter())
        for p in range(participants):
            score = result.score_for(p)
            if score is not None:
                self.scores[p][score] += 1

    @property
    def completed(self) -> int:
        return sum(self.outcomes.values())

    def count(self, participant: int, outcome: str) -> int:
        """Games that ended in ``outcome`` (``win``, ``draw``, ``loss``) for the participant."""
        return sum(n for (results, _), n in self.outcomes.items() if results[participant] == outcome)

    def first_seat_wins(self) -> int:
        return sum(n for (_, first), n in self.outcomes.items() if first)

    def length_values(self) -> np.ndarray:
        return _expand(self.lengths)

    def score_values(self, participant: int) -> np.ndarray:
        return _expand(self.scores[participant]) if participant < len(self.scores) else np.zeros(0)


def _expand(counts: Counter[Any]) -> np.ndarray:
    """The values, each repeated as often as it occurred, in sorted order (so finish order cannot matter)."""
    keys = sorted(counts)
    return np.repeat(np.asarray(keys, dtype=float), [counts[k] for k in keys])


@dataclass
class Tally:
    """A sweep's running totals: per-group counts, the failed games, and (if asked) every game."""

    keep_games: bool = False
    games: int = 0
    seconds: float = 0.0
    groups: dict[str, GroupTally] = field(default_factory=dict)
    _failed: list[tuple[int, GameResult]] = field(default_factory=list)
    _kept: list[tuple[int, GameResult]] = field(default_factory=list)

    def add(self, position: int, result: GameResult) -> None:
        self.games += 1
        self.seconds += result.seconds
        if result.ok:
            self.groups.setdefault(result.tag, GroupTally()).add(result)
        else:
            self._failed.append((position, result))
        if self.keep_games:
            self._kept.append((position, result))

    def group(self, tag: str) -> GroupTally:
        return self.groups.get(tag) or GroupTally()

    def tags(self) -> list[str]:
        return sorted(self.groups)

    @property
    def failed(self) -> list[GameResult]:
        """The failed games in sweep order."""
        return [r for _, r in sorted(self._failed, key=lambda pair: pair[0])]

    @property
    def results(self) -> list[GameResult]:
        """Every game in sweep order when kept, otherwise the failed ones."""
        return [r for _, r in sorted(self._kept, key=lambda pair: pair[0])] if self.keep_games else self.failed

    def first_seat_wins(self) -> int:
        return sum(g.first_seat_wins() for g in self.groups.values())

    def completed(self) -> int:
        return sum(g.completed for g in self.groups.values())


def scored_games(tally: Tally, pair_of: Callable[[str], tuple[int, int]]) -> list[tuple[int, int, float]]:
    """Every finished game as ``(i, j, points of i)`` for a Bradley-Terry fit, in a fixed order.

    ``pair_of`` turns a group's tag into the indices of its first and second participant.
    """
    scored: list[tuple[int, int, float]] = []
    for tag in tally.tags():
        i, j = pair_of(tag)
        if i == j:
            continue
        group = tally.group(tag)
        for outcome, share in POINTS.items():
            scored += [(i, j, share)] * group.count(0, outcome)
    return scored


class Journal:
    """A sweep's games as JSON Lines: the sweep's identity first, then one line per finished game.

    Lines are written as games finish, so a sweep stopped at any moment (Ctrl-C, a lost machine)
    leaves every finished game on disk. :meth:`resume` reads them back.
    """

    def __init__(self, path: Path, identity: Mapping[str, Any]) -> None:
        self.path = Path(path)
        self.identity = json.loads(json.dumps(identity))
        self._file: IO[str] | None = None

    def start(self) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._file = self.path.open("w", encoding="utf-8", buffering=1)
        self._file.write(json.dumps({"sweep": self.identity}) + "\n")

    def resume(self) -> Iterator[GameResult]:
        """The games already in the journal; afterwards new games are appended to it.

        A sweep may be resumed with more games (``games``, per pairing or entry) than it was started
        with: the games it has keep their seeds and seats, so only the new ones are played."""
        if not self.path.exists():
            self.start()
            return
        with self.path.open(encoding="utf-8") as source:
            header = _parse(source.readline())
            extended = self._check(header)
            for line in source:
                entry = _parse(line)
                if entry is not None and {"n", "game"} <= entry.keys():  # a line cut short is played again
                    yield GameResult.from_json(entry["game"])
        if extended:
            self._restate()
        with self.path.open("rb") as tail:
            tail.seek(-1, 2)
            cut_short = tail.read(1) != b"\n"
        self._file = self.path.open("a", encoding="utf-8", buffering=1)
        if cut_short:
            self._file.write("\n")

    def _check(self, header: dict[str, Any] | None) -> bool:
        """Refuse a journal of another sweep; True when this one extends it to more games."""
        sweep = header.get("sweep") if header is not None else None
        if sweep == self.identity:
            return False
        if isinstance(sweep, dict) and {**sweep, "games": None} == {**self.identity, "games": None}:
            had, asked = sweep.get("games"), self.identity.get("games")
            if isinstance(had, int) and isinstance(asked, int) and asked > had:
                return True
            raise SweepMismatch(f"{self.path} holds a sweep of {had} games, more than the {asked} asked for; "
                                f"resume it with --games {had} or more, or choose another --out")
        raise SweepMismatch(f"{self.path} holds a different sweep ({_differences(header, self.identity)}); "
                            "run without --resume to start it over, or choose another --out")

    def _restate(self) -> None:
        """Write this sweep's identity over the journal's first line (its game count has grown)."""
        lines = self.path.read_text(encoding="utf-8").splitlines(keepends=True)
        lines[0] = json.dumps({"sweep": self.identity}) + "\n"
        fresh = self.path.with_name(self.path.name + ".new")
        fresh.write_text("".join(lines), encoding="utf-8")
        fresh.replace(self.path)

    def write(self, position: int, result: GameResult) -> None:
        assert self._file is not None
        self._file.write(json.dumps({"n": position, "game": result.to_json()}) + "\n")

    def close(self) -> None:
        if self._file is not None:
            self._file.close()
            self._file = None


def _parse(line: str) -> dict[str, Any] | None:
    try:
        data = json.loads(line)
    except ValueError:
        return None
    return data if isinstance(data, dict) else None


def _differences(header: dict[str, Any] | None, identity: Mapping[str, Any]) -> str:
    """What sets the journal's sweep apart from this one, setting by setting."""
    sweep = (header or {}).get("sweep")
    if not isinstance(sweep, dict):
        return "not a sweep journal"
    return "; ".join(f"its {name} {_shown(old)}, not {_shown(new)}" for name, old, new in _changes(sweep, identity))


def _changes(old: Mapping[str, Any], new: Mapping[str, Any]) -> Iterator[tuple[str, Any, Any]]:
    """``(setting, old value, new value)`` for every setting that differs, options one by one."""
    for key in {**old, **new}:
        before, after = old.get(key), new.get(key)
        if before == after:
            continue
        if isinstance(before, dict) and isinstance(after, dict):
            yield from _changes(before, after)
        else:
            yield key, before, after


def _shown(value: Any) -> str:
    if value is None:
        return "none"
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, list):
        return "[" + ", ".join(map(str, value)) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}={_shown(v)}" for k, v in value.items()) + "}"
    return repr(value) if value == "" else str(value)


class _Counted:
    """An iterator that also knows its length, so executors can size their batches."""

    def __init__(self, items: Iterator[MatchSpec], length: int) -> None:
        self.items, self.length = items, length

    def __iter__(self) -> Iterator[MatchSpec]:
        return self.items

    def __len__(self) -> int:
        return self.length


def run_sweep(specs: Iterable[MatchSpec], total: int, *, modules: Sequence[str] = (), jobs: int = 1,
              cluster: str | None = None, executor: Executor | None = None, progress: Progress | None = None,
              resumed: Callable[[int], None] | None = None, journal: Journal | None = None,
              resume: bool = False, keep_games: bool = False) -> Tally:
    """Play ``total`` specs into a :class:`Tally`, streaming them to ``journal`` if given.

    With ``resume`` the journal's games count (``resumed`` hears how many first) and only the
    rest are played.
    """
    runner = executor or make_executor(jobs, modules, on_crash=_crashed, cluster=cluster)
    tally = Tally(keep_games=keep_games)
    done = bytearray(total)
    # the journal's games by what names a game in any sweep of this identity: its group and index
    # (its place in the sweep moves when the sweep is resumed with more games a pairing)
    kept: dict[tuple[str, int], GameResult] = {}
    if journal is not None:
        for result in (journal.resume() if resume else iter(())):
            kept.setdefault((result.tag, result.index), result)
        if not resume:
            journal.start()
    if resumed is not None and kept:
        resumed(len(kept))
    in_flight: dict[tuple[str, int], int] = {}

    def todo() -> Iterator[MatchSpec]:
        for position, spec in enumerate(specs):
            earlier = kept.pop((spec.tag, spec.index), None)
            if earlier is not None:
                done[position] = 1
                tally.add(position, earlier)
            elif not done[position]:
                in_flight[(spec.tag, spec.index)] = position
                yield spec

    results = runner.run(play_match, _Counted(todo(), total - len(kept)))
    try:
        for result in results:
            position = in_flight.pop((result.tag, result.index), -1)
            if position < 0 or done[position]:
                continue  # a game already counted (delivered twice by an executor) counts once
            done[position] = 1
            tally.add(position, result)
            if journal is not None:
                journal.write(position, result)
            if progress is not None:
                progress(result)
    finally:
        if isinstance(results, Generator):
            results.close()  # stops the executor's workers at once when the sweep is interrupted
        if journal is not None:
            journal.close()
    return tally


def _crashed(spec: object, exc: BaseException) -> GameResult:
    assert isinstance(spec, MatchSpec)
    return GameResult(index=spec.index, seed=spec.seed, lineup=spec.lineup, seats=(),
                      error=f"worker process failed: {type(exc).__name__}: {exc}", tag=spec.tag)
