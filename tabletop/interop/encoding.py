"""Turning a game into fixed-size spaces: action indexes with masks, and view encodings.

* **Actions.** A game's action space is ``Discrete(N)``: action ``i`` is the ``i``-th entry of
  ``state.legal_actions(seat)`` (a stable order), and the mask marks the first
  ``len(legal_actions)`` entries. ``N`` is measured by playing a few seeded random games (the
  most legal actions seen, with headroom) unless it is given. Should a rare position offer more
  than ``N`` actions, only the first ``N`` can be chosen, and the environment says so in ``info``.
* **Observations.** A seat's ``view(seat)`` (only what it may see), either as compact JSON text or
  as a flat vector by feature hashing: every leaf of the view, named by its path, lands in one of
  ``size`` slots (numbers add their value, true/false add 1/0, text adds 1 to the slot of
  ``path=text``). The hashing is stable across runs and machines.

>>> vector = encode_vector({"score": {"seat1": 3}, "phase": "fire", "over": False}, 64)
>>> vector.shape, float(vector.sum())
((64,), 4.0)
"""

from __future__ import annotations

import json
import math
import random
import string
import zlib
from functools import cache, lru_cache
from typing import Any

import numpy as np

from tabletop.core import load

__all__ = ["JSON_CHARSET", "encode_json", "encode_vector", "measure_action_count"]

JSON_CHARSET = frozenset(string.printable) - frozenset("\t\n\r\x0b\x0c")


def encode_json(view: Any) -> str:
    """Compact, key-sorted, ASCII-only JSON (so every character is printable ASCII)."""
    return json.dumps(view, sort_keys=True, separators=(",", ":"), ensure_ascii=True)


@lru_cache(maxsize=1 << 16)
def _slot(text: str, size: int) -> int:
    # the same paths come back in every observation
    return zlib.crc32(text.encode("utf-8")) % size


def encode_vector(view: Any, size: int = 512) -> np.ndarray:
    """The feature-hashed vector of a view (float32, length ``size``)."""
    # the leaves are gathered in plain lists and summed by NumPy at once: adding to the array
    # leaf by leaf cost a NumPy call each, most of an environment's step
    slots: list[int] = []
    weights: list[float] = []
    _gather("", view, size, slots, weights)
    return np.bincount(slots, weights, minlength=size).astype(np.float32)


_PLAIN_NUMBERS = (int, float)


def _gather(path: str, value: Any, size: int, slots: list[int], weights: list[float]) -> None:
    if isinstance(value, dict):
        for key, item in value.items():
            _gather(f"{path}.{key}", item, size, slots, weights)
    elif isinstance(value, (list, tuple)):
        if value and all(type(item) in _PLAIN_NUMBERS for item in value) and all(map(math.isfinite, value)):
            # a row of numbers (counts, coordinates): its slots are kept
            slots.extend(_row_slots(path, len(value), size))
            weights.extend(value)
        else:
            for index, item in enumerate(value):
                _gather(f"{path}[{index}]", item, size, slots, weights)
    elif isinstance(value, bool):
        if value:
            slots.append(_slot(path, size))
            weights.append(1.0)
    elif isinstance(value, (int, float)):
        number = float(value)
        if math.isfinite(number):
            slots.append(_slot(path, size))
            weights.append(number)
    elif value is None:
        slots.append(_slot(path + "=null", size))
        weights.append(1.0)
    else:
        slots.append(_slot(f"{path}={value}", size))
        weights.append(1.0)


@lru_cache(maxsize=1 << 12)
def _row_slots(path: str, length: int, size: int) -> tuple[int, ...]:
    return tuple(_slot(f"{path}[{index}]", size) for index in range(length))


@cache
def measure_action_count(game: str, options: tuple[tuple[str, Any], ...] = (), games: int = 4,
                         minimum: int = 2) -> int:
    """The most legal actions any seat had in ``games`` seeded random games, with 50% headroom."""
    built = load(game, **dict(options))
    rng = random.Random(f"action-count/{game}")
    most = 1
    for seed in range(games):
        state = built.new_state(seed=seed)
        steps = 0
        while not state.is_over and steps < 20_000:
            for seat in state.to_act:
                most = max(most, len(state.legal_actions(seat)))
            seat = state.to_act[int(rng.random() * len(state.to_act))]
            legal = state.legal_actions(seat)
            state.apply(seat, legal[int(rng.random() * len(legal))])
            steps += 1
    return max(minimum, most + (most + 1) // 2)
