"""Reading agent options from spec text, and the private copy of the world an agent reasons over.

Agent options arrive as text from specs like ``mcts:think=0.5,iterations=200``; these helpers turn
them into typed values or raise :class:`BadAgentSpec` saying what is allowed.

>>> parse_seconds("think", "1s"), parse_seconds("think", "250ms"), parse_seconds("think", 2)
(1.0, 0.25, 2.0)
>>> parse_int("iterations", "500", minimum=1)
500
"""

from __future__ import annotations

import math

from tabletop.core import Randomness, State

from .base import BadAgentSpec

__all__ = ["parse_choice", "parse_float", "parse_int", "parse_seconds", "private_world"]


def parse_int(name: str, value: object, *, minimum: int | None = None) -> int:
    try:
        if isinstance(value, bool):
            raise ValueError
        number = int(str(value).strip()) if not isinstance(value, int) else value
    except ValueError:
        raise BadAgentSpec(f"agent option {name} must be a whole number, not {value!r}") from None
    if minimum is not None and number < minimum:
        raise BadAgentSpec(f"agent option {name} must be at least {minimum}, not {number}")
    return number


def parse_float(name: str, value: object, *, minimum: float | None = None) -> float:
    try:
        if isinstance(value, bool):
            raise ValueError
        number = float(str(value).strip()) if not isinstance(value, (int, float)) else float(value)
    except ValueError:
        raise BadAgentSpec(f"agent option {name} must be a number, not {value!r}") from None
    if not math.isfinite(number) or (minimum is not None and number < minimum):
        raise BadAgentSpec(f"agent option {name} must be a number of at least {minimum}, not {value!r}")
    return number


def parse_seconds(name: str, value: object) -> float:
    """Seconds from ``1``, ``1s``, ``0.5``, ``500ms``; must be above zero."""
    text = str(value).strip().lower()
    scale = 1.0
    if text.endswith("ms"):
        text, scale = text[:-2], 0.001
    elif text.endswith("s"):
        text = text[:-1]
    seconds = parse_float(name, text, minimum=0.0) * scale
    if seconds <= 0:
        raise BadAgentSpec(f"agent option {name} must be a time above zero such as 1s or 250ms, not {value!r}")
    return seconds


def parse_choice(name: str, value: object, choices: tuple[str, ...]) -> str:
    text = str(value).strip().lower()
    if text not in choices:
        raise BadAgentSpec(f"agent option {name} must be one of {', '.join(choices)}, not {value!r}")
    return text


def private_world(state: State, seat: str, rng: Randomness) -> State:
    """A copy of ``state`` as ``seat`` may imagine it: hidden information re-drawn through
    ``determinize``, and a fresh chance generator so no future die or deal of the real game
    can be read from the copy."""
    world = state.determinize(seat, rng) if state.game.info.hidden_information else state.clone()
    world.rng = Randomness(int(rng.random() * 2**62))
    return world
