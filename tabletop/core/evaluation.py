"""A position evaluation fitted to the outcomes of played games.

A game describes positions with :meth:`State.features`; a logistic model fitted to self-play
outcomes (``tabletop fit``) turns them into a points share, stored as JSON beside the game.
The model's value is scaled to [-1, 1], the range of :meth:`State.evaluate`.

>>> model = FittedEvaluation(names=("margin", "shots"), weights=(0.5, -0.25), bias=0.0)
>>> model.value({"margin": 2.0, "shots": 0.0})
0.46211715726000974
>>> model.value({})
0.0
>>> FittedEvaluation.from_json(model.to_json()) == model
True
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .errors import TabletopError

__all__ = ["BadEvaluation", "FittedEvaluation"]


class BadEvaluation(TabletopError, ValueError):
    """An evaluation file that is missing, malformed or does not match its features."""


@dataclass(frozen=True)
class FittedEvaluation:
    """``value = 2·σ(bias + Σ weightᵢ·featureᵢ) − 1``: the expected points share, rescaled.
    Features missing from a position count as zero; unknown ones are ignored."""

    names: tuple[str, ...]
    weights: tuple[float, ...]
    bias: float = 0.0
    fitted_on: str = ""

    def __post_init__(self) -> None:
        if len(self.names) != len(self.weights):
            raise BadEvaluation(f"{len(self.names)} feature names but {len(self.weights)} weights")
        if not all(math.isfinite(w) for w in (*self.weights, self.bias)):
            raise BadEvaluation("evaluation weights must be finite numbers")

    def logit(self, features: Mapping[str, float]) -> float:
        return self.bias + self._weighted(features)

    def _weighted(self, features: Mapping[str, float]) -> float:
        get = features.get
        return sum(w * get(name, 0.0) for name, w in zip(self.names, self.weights, strict=True))

    def value(self, features: Mapping[str, float]) -> float:
        """The fitted value in [-1, 1]: 2·(expected points share) − 1."""
        return math.tanh(self.logit(features) / 2)

    def mirrored_values(self, features: Mapping[str, float]) -> tuple[float, float]:
        """The value of ``features`` and of their negation, in one pass: the two sides' values
        where every feature is signed for the side asked about (the other side's features are
        exactly these, negated). Exactly what :meth:`value` gives for each.

        >>> model = FittedEvaluation(names=("margin",), weights=(0.5,), bias=0.25)
        >>> model.mirrored_values({"margin": 2.0}) == (model.value({"margin": 2.0}), model.value({"margin": -2.0}))
        True
        """
        weighted = self._weighted(features)
        return math.tanh((self.bias + weighted) / 2), math.tanh((self.bias - weighted) / 2)

    def to_json(self) -> dict[str, Any]:
        return {"names": list(self.names), "weights": list(self.weights), "bias": self.bias,
                "fitted_on": self.fitted_on}

    @classmethod
    def from_json(cls, data: Any) -> FittedEvaluation:
        try:
            names = tuple(str(n) for n in data["names"])
            weights = tuple(float(w) for w in data["weights"])
            return cls(names, weights, float(data.get("bias", 0.0)), str(data.get("fitted_on", "")))
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            if isinstance(exc, BadEvaluation):
                raise
            raise BadEvaluation(f"an evaluation needs names, weights and bias: {exc}") from None

    @classmethod
    def load(cls, path: Path | str) -> FittedEvaluation:
        try:
            return cls.from_json(json.loads(Path(path).read_text(encoding="utf-8")))
        except (OSError, json.JSONDecodeError) as exc:
            raise BadEvaluation(f"cannot read the evaluation {path}: {exc}") from None
