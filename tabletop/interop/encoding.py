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
import random
import string
import zlib
from functools import cache
from typing import Any

import numpy as np

from tabletop.core import load

__all__ = ["JSON_CHARSET", "encode_json", "encode_vector", "measure_action_count"]

JSON_CHARSET = frozenset(string.printable) - frozenset("\t\n\r\x0b\x0c")


def encode_json(view: Any) -> str:
    """Compact, key-sorted, ASCII-only JSON (so every character is printable ASCII)."""
    return json.dumps(view, sort_keys=True, separators=(",", ":"), ensure_ascii=True)


def _slot(text: str, size: int) -> int:
    return zlib.crc32(text.encode("utf-8")) % size


def encode_vector(view: Any, size: int = 512) -> np.ndarray:
    """The feature-hashed vector of a view (float32, length ``size``)."""
    out = np.zeros(size, dtype=np.float32)
    stack: list[tuple[str, Any]] = [("", view)]
    while stack:
        path, value = stack.pop()
        if isinstance(value, dict):
            stack.extend((f"{path}.{key}", item) for key, item in value.items())
        elif isinstance(value, (list, tuple)):
            stack.extend((f"{path}[{index}]", item) for index, item in enumerate(value))
        elif isinstance(value, bool):
            out[_slot(path, size)] += 1.0 if value else 0.0
        elif isinstance(value, (int, float)):
            number = float(value)
            if np.isfinite(number):
                out[_slot(path, size)] += number
        elif value is None:
            out[_slot(path + "=null", size)] += 1.0
        else:
            out[_slot(f"{path}={value}", size)] += 1.0
    return out


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
