"""Placeholder heuristic."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.core import Action, Randomness

if TYPE_CHECKING:
    from .game import CagwayState


def suggest(state: CagwayState, seat: str, rng: Randomness) -> Action:
    return rng.choice(state.legal_actions(seat))


def evaluate(state: CagwayState, seat: str) -> float:
    return 0.0
