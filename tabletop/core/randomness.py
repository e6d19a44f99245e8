"""Each state's own source of chance: seeded for play, scripted for tests.

>>> dice = Randomness(7)
>>> first = [dice.roll(6) for _ in range(5)]
>>> again = Randomness(7)
>>> first == [again.roll(6) for _ in range(5)]
True
>>> scripted = ScriptedRandomness(rolls=[6, 1])
>>> scripted.roll(6), scripted.roll(6)
(6, 1)
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, MutableSequence, Sequence
from random import Random
from typing import Any, TypeVar

from .errors import ScriptExhausted, ScriptMismatch, shorten

T = TypeVar("T")

__all__ = ["Randomness", "ScriptedRandomness", "make_randomness"]


class Randomness:
    """Dice, shuffles and choices from one seeded generator.

    Never a module-level generator: a state owns exactly one of these, and clones copy it.
    """

    scripted = False
    _random: Random
    _state: tuple[Any, ...]  # a copy's generator state, until the copy first draws

    def __init__(self, seed: int) -> None:
        self.seed = seed  # the generator is seeded at its first draw (see ``__getattr__``)

    def roll(self, sides: int = 6) -> int:
        """One die with ``sides`` faces, 1..sides."""
        return int(self._random.random() * sides) + 1

    def rolls(self, count: int, sides: int = 6) -> list[int]:
        return [self.roll(sides) for _ in range(count)]

    def shuffle(self, items: MutableSequence[Any], label: str = "deck") -> None:
        """Shuffle in place, with exactly the draws and order of ``random.Random.shuffle`` (a
        search shuffles the unseen cards of every world it draws, so the library's two calls per
        card are spared). ``label`` names the deck for scripted deals."""
        getrandbits = self._random.getrandbits
        for i in range(len(items) - 1, 0, -1):
            # a uniform j in 0..i, by rejection from i + 1's bit length, as the library draws it
            bits = (i + 1).bit_length()
            j = getrandbits(bits)
            while j > i:
                j = getrandbits(bits)
            items[i], items[j] = items[j], items[i]

    def choice(self, options: Sequence[T]) -> T:
        return options[int(self._random.random() * len(options))]

    def random(self) -> float:
        return self._random.random()

    @property
    def untouched(self) -> bool:
        """Whether nothing has been drawn from this source, nor its state read, since it was made
        from its seed: a search then knows a copy's play drew no chance.

        >>> dice = Randomness(3)
        >>> before = dice.untouched
        >>> _ = dice.roll(6)
        >>> before, dice.untouched
        (True, False)
        """
        data = self.__dict__
        return "_random" not in data and "_state" not in data

    def clone(self) -> Randomness:
        twin = Randomness.__new__(Randomness)
        twin.seed = self.seed
        twin._state = self._snapshot()
        return twin

    # A generator is built only when it first draws: from its seed, or for a copy from the state
    # it was copied in. A search copies one position thousands of times and replaces most
    # copies' generators unused; seeding one, or reading a generator's state, is the slow part.

    def __getattr__(self, name: str) -> Random:
        if name != "_random":
            raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")
        state = self.__dict__.pop("_state", None)
        if state is None:
            generator = random.Random(self.seed)
        else:
            generator = Random.__new__(Random)  # unseeded: setstate gives it its whole state
            generator.setstate(state)
        self._random = generator
        return generator

    def _snapshot(self) -> tuple[Any, ...]:
        """The generator's state, leaving this source to rebuild its generator at its next draw."""
        state = self.__dict__.get("_state")
        if state is None:
            state = self._state = self._random.getstate()
            del self._random
        return state

    def __getstate__(self) -> dict[str, Any]:
        data = {key: value for key, value in self.__dict__.items() if key not in ("_random", "_state")}
        data["_state"] = self._snapshot()
        return data

    def __setstate__(self, data: dict[str, Any]) -> None:
        self.__dict__.update(data)

    def script(self) -> dict[str, Any] | None:
        """The JSON form of a scripted source, for records; None when seeded."""
        return None


class ScriptedRandomness(Randomness):
    """Dice and deals given in advance, for tests, tutorials and puzzles.

    Rolls are consumed in order; running out raises :class:`ScriptExhausted`.
    Shuffles, when scripted, give each shuffle's resulting order in turn; when no shuffles are
    scripted, a shuffle keeps the order it was given, so a scenario's deck order stands.
    Anything else (``choice``, ``random``) falls back to a seeded generator.
    """

    scripted = True

    def __init__(
        self,
        rolls: Iterable[int] = (),
        shuffles: Iterable[Sequence[Any]] | None = None,
        seed: int = 0,
    ) -> None:
        super().__init__(seed)
        self._rolls = list(rolls)
        self._shuffles = None if shuffles is None else [list(s) for s in shuffles]
        self._roll_index = 0
        self._shuffle_index = 0
        for value in self._rolls:
            if not isinstance(value, int) or isinstance(value, bool) or value < 1:
                raise ScriptMismatch(f"scripted rolls must be whole numbers from 1 up, got {shorten(value)}")

    @property
    def remaining_rolls(self) -> list[int]:
        return self._rolls[self._roll_index :]

    def roll(self, sides: int = 6) -> int:
        if self._roll_index >= len(self._rolls):
            raise ScriptExhausted(
                f"the scripted dice ran out after {len(self._rolls)} rolls; a d{sides} was still needed"
            )
        value = self._rolls[self._roll_index]
        if value > sides:
            raise ScriptMismatch(
                f"scripted roll #{self._roll_index + 1} is {value}, but a d{sides} only shows 1 to {sides}"
            )
        self._roll_index += 1
        return value

    def shuffle(self, items: MutableSequence[Any], label: str = "deck") -> None:
        if self._shuffles is None:
            return
        if self._shuffle_index >= len(self._shuffles):
            raise ScriptExhausted(
                f"the scripted deals ran out after {len(self._shuffles)} shuffles; '{label}' needed another"
            )
        order = self._shuffles[self._shuffle_index]
        if sorted(map(repr, order)) != sorted(map(repr, items)):
            raise ScriptMismatch(
                f"scripted shuffle #{self._shuffle_index + 1} for '{label}' is not a reordering of its "
                f"{len(items)} items"
            )
        self._shuffle_index += 1
        items[:] = order

    def clone(self) -> ScriptedRandomness:
        twin = ScriptedRandomness.__new__(ScriptedRandomness)
        twin.seed = self.seed
        twin._state = self._snapshot()
        twin._rolls = self._rolls
        twin._shuffles = self._shuffles
        twin._roll_index = self._roll_index
        twin._shuffle_index = self._shuffle_index
        return twin

    def script(self) -> dict[str, Any]:
        return {"rolls": list(self._rolls), "shuffles": self._shuffles}


def make_randomness(seed: int, dice: Any = None) -> Randomness:
    """Build the source for a new state.

    ``dice`` may be None (seeded play), a list of rolls, a mapping with ``rolls`` and
    ``shuffles``, or a ready :class:`Randomness`.
    """
    if dice is None:
        return Randomness(seed)
    if isinstance(dice, Randomness):
        return dice
    if isinstance(dice, Mapping):
        unknown = set(dice) - {"rolls", "shuffles"}
        if unknown:
            raise ScriptMismatch(f"a dice script takes 'rolls' and 'shuffles', not {shorten(sorted(unknown), 200)}")
        return ScriptedRandomness(dice.get("rolls", ()), dice.get("shuffles"), seed)
    if isinstance(dice, Iterable) and not isinstance(dice, (str, bytes)):
        return ScriptedRandomness(dice, None, seed)
    raise ScriptMismatch(f"dice must be a list of rolls or a mapping with 'rolls'/'shuffles', got {shorten(dice)}")
