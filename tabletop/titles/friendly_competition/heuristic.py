"""The rules-of-thumb player (``suggest``) and the position score (``evaluate``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.core import Action, Randomness

if TYPE_CHECKING:
    from .game import FriendlyState

__all__ = ["evaluate", "suggest"]


def suggest(state: FriendlyState, seat: str, rng: Randomness) -> Action:
    return rng.choice(state.legal_actions(seat))


def evaluate(state: FriendlyState, seat: str) -> float:
    outcome = state.outcome
    return outcome.returns(seat) if outcome is not None else 0.0
