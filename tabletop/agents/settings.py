"""Reading agent options from spec text, and the private copy of the world an agent reasons over.

Agent options arrive as text from specs like ``mcts:think=0.5,iterations=200``; these helpers turn
them into typed values or raise :class:`BadAgentSpec` saying what is allowed.

>>> parse_seconds("think", "1s"), parse_seconds("think", "250ms"), parse_seconds("think", 2)
(1.0, 0.25, 2.0)
>>> parse_int("iterations", "500", minimum=1)
500
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from tabletop.core import Randomness, State

from .base import BadAgentSpec, refuse_unknown

__all__ = [
    "DEFAULT_ITERATIONS",
    "SearchSettings",
    "fresh_chance",
    "parse_choice",
    "parse_float",
    "parse_int",
    "parse_seconds",
    "private_world",
    "search_settings",
    "tuned_options",
]

DEFAULT_ITERATIONS = 300


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
    if not math.isfinite(number):
        raise BadAgentSpec(f"agent option {name} must be a finite number, not {value!r}")
    if minimum is not None and number < minimum:
        raise BadAgentSpec(f"agent option {name} must be a number of at least {minimum:g}, not {value!r}")
    return number


def parse_seconds(name: str, value: object) -> float:
    """Seconds from ``1``, ``1s``, ``0.5``, ``500ms``; must be above zero."""
    text = str(value).strip().lower()
    scale = 1.0
    if text.endswith("ms"):
        text, scale = text[:-2], 0.001
    elif text.endswith("s"):
        text = text[:-1]
    seconds = parse_float(name, text) * scale
    if not seconds > 0:
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
    world.rng = fresh_chance(rng)
    return world


def fresh_chance(rng: Randomness) -> Randomness:
    """A new chance generator for a search's copy, seeded by one draw from the search's own."""
    return Randomness(int(rng.random() * 2**62))


@dataclass(frozen=True)
class SearchSettings:
    """The search's options, typed and checked.

    ``iterations``/``think``: the budget (the first reached ends the search). Without either,
    300 iterations or the game's tuned count, the same result for the same seed. ``think`` alone
    caps a game's tuned count; ``iterations=none`` leaves only the time. ``depth``: rollout moves before the
    position is scored. ``c``: UCB exploration. ``rollout``: heuristic or random. ``widen``:
    progressive widening (about widen·√visits plans open at a node; 0 opens all). ``prior``: the
    fading bonus of the heuristic's plan. ``margin``: standard errors by which another plan must
    beat the heuristic's to be played. ``explore``: the uniform share of regret matching at
    simultaneous turns. ``workers``: parallel searches whose root statistics are added up.
    """

    iterations: int | None = DEFAULT_ITERATIONS
    think: float | None = None
    depth: int = 8
    c: float = 1.0
    rollout: str = "heuristic"
    widen: float = 2.0
    prior: float = 0.5
    margin: float = 1.0
    explore: float = 0.1
    workers: int = 1


SEARCH_OPTIONS = ("iterations", "think", "depth", "c", "rollout", "widen", "prior", "margin", "explore", "workers")


@cache
def tuned_options(game: str) -> dict[str, Any]:
    """The search options measured to play ``game`` best (``tuned/<game>.json`` beside this
    module); empty for a game without such a file."""
    try:
        text = resources.files(__package__).joinpath("tuned", f"{game}.json").read_text(encoding="utf-8")
    except (FileNotFoundError, OSError):
        return {}
    data = json.loads(text)
    unknown = set(data) - set(SEARCH_OPTIONS)
    if unknown:
        raise BadAgentSpec(f"tuned settings for {game} name unknown options {sorted(unknown)}")
    return dict(data)


def search_settings(game: str | None, options: dict[str, Any]) -> SearchSettings:
    """Settings from ``options`` (spec text or values) over ``game``'s tuned defaults.

    >>> search_settings(None, {"think": "250ms"}).iterations is None
    True
    >>> search_settings(None, {"think": "1s", "iterations": 50}).iterations
    50
    >>> search_settings(None, {"think": "1s", "iterations": "none"}).iterations is None
    True
    """
    refuse_unknown("mcts", options, (*SEARCH_OPTIONS, "speed"))
    merged = {**(tuned_options(game) if game else {}), **{k: v for k, v in options.items() if v is not None}}
    think = parse_seconds("think", merged["think"]) if merged.get("think") is not None else None
    if str(merged.get("iterations", "")).lower() == "none":
        iterations: int | None = None  # only the time budget ends the search
    elif merged.get("iterations") is not None:
        iterations = parse_int("iterations", merged["iterations"], minimum=1)
    else:
        iterations = None if think is not None else DEFAULT_ITERATIONS
    return SearchSettings(
        iterations=iterations,
        think=think,
        depth=parse_int("depth", merged.get("depth", 8), minimum=0),
        c=parse_float("c", merged.get("c", 1.0), minimum=0.0),
        rollout=parse_choice("rollout", merged.get("rollout", "heuristic"), ("heuristic", "random")),
        widen=parse_float("widen", merged.get("widen", 2.0), minimum=0.0),
        prior=parse_float("prior", merged.get("prior", 0.5), minimum=0.0),
        margin=parse_float("margin", merged.get("margin", 1.0), minimum=0.0),
        explore=min(1.0, parse_float("explore", merged.get("explore", 0.1), minimum=0.0)),
        workers=parse_int("workers", merged.get("workers", 1), minimum=1),
    )
