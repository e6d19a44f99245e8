"""Odds before a roll: the chance of each outcome that matters, counted from the rules.

:func:`enumerate_chances` replays an action on copies of the position once for every sequence
of die faces it could meet, so the numbers are exact fractions, not samples. Other seats'
decisions during the action's consequences (a defender's block, a pass interception) follow a
given policy, so "blocked by Jayne up to 1/2" means "if Jayne tries". When the tree of dice is
too large, or the action shuffles a deck, the same question is answered by seeded sampling and
the result says it is an estimate.

>>> odds = Odds("roll", (Chance("a six", Fraction(1, 6)),), exact=True, cases=6)
>>> odds.text()
'roll: a six 17% (exact)'
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from itertools import combinations_with_replacement
from math import factorial
from typing import TYPE_CHECKING, Any

from .errors import TabletopError
from .randomness import Randomness

if TYPE_CHECKING:
    from .actions import Action
    from .events import Event
    from .game import State

__all__ = ["Chance", "Classify", "Odds", "Reaction", "Settled", "combine", "enumerate_chances", "percent", "sample_chances"]

#: After an action, who answers next and how, while its consequences run (None: they are over).
Reaction = Callable[["State"], "tuple[str, Action] | None"]
#: The outcomes that matter in one finished branch: labels, given the position and its new events.
Classify = Callable[["State", "list[Event]"], Iterable[str]]
#: True once the events so far decide every label, so later dice need not be counted.
Settled = Callable[["list[Event]"], bool]

MAX_CASES = 4096
SAMPLES = 300


def percent(probability: Fraction | float) -> str:
    """A probability as a whole percentage, never rounding a possible event down to 0 or a
    not-quite-certain one up to 100.

    >>> percent(Fraction(1, 3)), percent(Fraction(1, 1000)), percent(Fraction(999, 1000))
    ('33%', '<1%', '>99%')
    """
    value = float(probability) * 100
    if 0 < value < 1:
        return "<1%"
    if 99 < value < 100:
        return ">99%"
    return f"{round(value)}%"


@dataclass(frozen=True)
class Chance:
    """One outcome and its probability (an exact fraction, or the share of samples)."""

    label: str
    probability: Fraction

    def to_json(self) -> dict[str, Any]:
        p = self.probability
        return {"label": self.label, "probability": float(p), "fraction": f"{p.numerator}/{p.denominator}"}


@dataclass(frozen=True)
class Odds:
    """The chances of an action's outcomes. Labels need not exclude each other ("reaches the
    goal" and "scores"). ``exact`` is False for sampled estimates; ``cases`` counts the
    branches enumerated or the samples drawn; ``note`` states any assumption."""

    action: str
    outcomes: tuple[Chance, ...]
    exact: bool
    cases: int
    note: str = ""
    extra: tuple[str, ...] = field(default=())

    def chance(self, label: str) -> Fraction:
        """The probability of ``label`` (0 when it never happens)."""
        return next((c.probability for c in self.outcomes if c.label == label), Fraction(0))

    def text(self, note: bool = True) -> str:
        """One line for people; ``note=False`` leaves the assumption out (a list may say it once)."""
        parts = ", ".join(f"{c.label} {percent(c.probability)}" for c in self.outcomes) or "no chance involved"
        kind = "exact" if self.exact else "estimated by sampling"
        said = f"; {self.note}" if self.note and note else ""
        return f"{self.action}: {parts} ({kind}{said})"

    def ordered(self, labels: Sequence[str]) -> Odds:
        """The same odds with the outcomes in the order of ``labels`` (others after them)."""
        rank = {label: i for i, label in enumerate(labels)}
        outcomes = tuple(sorted(self.outcomes, key=lambda c: rank.get(c.label, len(rank))))
        return replace(self, outcomes=outcomes)

    def to_json(self) -> dict[str, Any]:
        return {"action": self.action, "outcomes": [c.to_json() for c in self.outcomes], "exact": self.exact,
                "cases": self.cases, "note": self.note}


class _NeedRoll(Exception):
    """The next die (or handful of dice thrown together) is not decided yet: branch on it."""

    def __init__(self, sides: int, count: int = 0) -> None:
        super().__init__(sides)
        self.sides = sides
        self.count = count

    def branches(self) -> list[tuple[int | tuple[int, ...], Fraction]]:
        if not self.count:
            return [(face, Fraction(1, self.sides)) for face in range(self.sides, 0, -1)]
        # Dice thrown together have no order, so each multiset of faces is one branch, weighted
        # by the number of orders it can show up in.
        whole = self.sides**self.count
        out: list[tuple[int | tuple[int, ...], Fraction]] = []
        for faces in combinations_with_replacement(range(1, self.sides + 1), self.count):
            orders = factorial(self.count)
            for face in set(faces):
                orders //= factorial(faces.count(face))
            out.append((faces, Fraction(orders, whole)))
        return out


class _NotCountable(TabletopError):
    """The action shuffles or draws in a way too large to count; sample it instead."""


class _BranchRandomness(Randomness):
    """Serves a fixed prefix of die faces, then asks for the next die instead of rolling it;
    once the outcome is settled, any later die shows 1 (it cannot change a label)."""

    def __init__(self, faces: list[int | tuple[int, ...]], settled: Settled | None) -> None:
        super().__init__(0)
        self.faces = faces
        self.used = 0
        self.settled = settled
        self.log: list[Event] = []
        self.start = 0

    def _next(self, sides: int, count: int) -> int | tuple[int, ...] | None:
        if self.used == len(self.faces):
            if self.settled is not None and self.settled(self.log[self.start:]):
                return None
            raise _NeedRoll(sides, count)
        face = self.faces[self.used]
        self.used += 1
        return face

    def roll(self, sides: int = 6) -> int:
        face = self._next(sides, 0)
        assert not isinstance(face, tuple)
        return 1 if face is None else face

    def rolls(self, count: int, sides: int = 6) -> list[int]:
        if count <= 1:
            return [self.roll(sides) for _ in range(count)]
        faces = self._next(sides, count)
        assert not isinstance(faces, int)
        return [1] * count if faces is None else list(faces)

    def shuffle(self, items: Any, label: str = "deck") -> None:
        raise _NotCountable(label)

    def choice(self, options: Any) -> Any:
        raise _NotCountable("choice")

    def random(self) -> float:
        raise _NotCountable("random")


def _run(world: State, seat: str, action: Action, react: Reaction | None) -> tuple[State, list[Event]]:
    start = len(world.events)
    rng = world.rng
    if isinstance(rng, _BranchRandomness):
        rng.log, rng.start = world.events, start
    world.apply(seat, action)
    steps = 0
    while react is not None and not world.is_over and steps < 256:
        answer = react(world)
        if answer is None:
            break
        world.apply(*answer)
        steps += 1
    return world, world.events[start:]


def _with_rng(state: State, rng: Randomness) -> State:
    world = state.clone()
    world.rng = rng
    return world


class _Tally:
    """Probability per label, in the order labels first appear."""

    def __init__(self) -> None:
        self.totals: dict[str, Fraction] = {}

    def add(self, labels: Iterable[str], weight: Fraction) -> None:
        for name in dict.fromkeys(labels):
            self.totals[name] = self.totals.get(name, Fraction(0)) + weight

    def chances(self) -> tuple[Chance, ...]:
        return tuple(Chance(name, p) for name, p in self.totals.items())


def sample_chances(state: State, seat: str, action: Action, classify: Classify, *,
                   react: Reaction | None = None, samples: int = SAMPLES, note: str = "",
                   label: str | None = None) -> Odds:
    """Estimated odds from ``samples`` seeded worlds, each with everything hidden from ``seat``
    re-drawn (:meth:`State.determinize`), so the answer depends only on what ``seat`` may see."""
    tally = _Tally()
    hidden = state.game.info.hidden_information
    for sample in range(samples):
        rng = Randomness(7919 * sample + 1)
        world = state.determinize(seat, rng) if hidden else state.clone()
        world.rng = Randomness(104729 * sample + 3)
        _, events = _run(world, seat, action, react)
        tally.add(classify(world, events), Fraction(1, samples))
    return Odds(label or state.describe_action(seat, action), tally.chances(), False, samples, note)


def enumerate_chances(state: State, seat: str, action: Action, classify: Classify, *,
                      react: Reaction | None = None, settled: Settled | None = None, note: str = "",
                      label: str | None = None,
                      max_cases: int = MAX_CASES, samples: int = SAMPLES) -> Odds:
    """The odds of ``action`` for ``seat``: every die sequence counted when there are at most
    ``max_cases`` of them, otherwise ``samples`` seeded samples. ``state`` is never changed."""
    label = label or state.describe_action(seat, action)
    tally = _Tally()
    pending: list[tuple[list[int | tuple[int, ...]], Fraction]] = [([], Fraction(1))]
    cases = 0
    try:
        while pending:
            faces, weight = pending.pop()
            try:
                world, events = _run(_with_rng(state, _BranchRandomness(faces, settled)), seat, action, react)
            except _NeedRoll as need:
                pending.extend(([*faces, face], weight * share) for face, share in need.branches())
                continue
            cases += 1
            if cases > max_cases:
                raise _NotCountable("too many cases")
            tally.add(classify(world, events), weight)
    except _NotCountable:
        return sample_chances(state, seat, action, classify, react=react, samples=samples, note=note, label=label)
    return Odds(label, tally.chances(), True, cases, note)

def combine(label: str, parts: Iterable[Odds], note: str = "") -> Odds:
    """One answer from several counts of the same action (under different reactions)."""
    parts = list(parts)
    outcomes = tuple(chance for part in parts for chance in part.outcomes)
    return Odds(label, outcomes, all(p.exact for p in parts), sum(p.cases for p in parts), note)
