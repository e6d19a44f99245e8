"""The rule tables of Friendly Sporting Competition, read from ``data/*.json`` and validated.

Each file is checked once, when the game module is imported; a broken file names itself and
the field that is wrong.
"""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path
from typing import Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

__all__ = ["InterceptionData", "PitchData", "SpiderData", "load_interception", "load_pitch", "load_spider"]

DATA = Path(__file__).parent / "data"
Direction = Literal["n", "ne", "e", "se", "s", "sw", "w", "nw"]
PITCH_CHARS = frozenset("#=.zo*-")


class PitchData(BaseModel):
    """The pitch as a character bitmap: first and last rows are the goal mouths."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    description: str
    legend: dict[str, str]
    rows: list[str] = Field(min_length=5)
    defends: dict[Literal["seat1", "seat2"], Literal["north", "south"]]

    @field_validator("rows")
    @classmethod
    def _rows_are_a_rectangle(cls, rows: list[str]) -> list[str]:
        width = len(rows[0])
        for number, row in enumerate(rows):
            if len(row) != width:
                raise ValueError(f"row {number} is {len(row)} squares wide, not {width}")
            unknown = set(row) - PITCH_CHARS
            if unknown:
                raise ValueError(f"row {number} uses unknown characters {sorted(unknown)}")
        for number in (0, len(rows) - 1):
            row = rows[number]
            if set(row) - {"#", "="} or "=" not in row:
                raise ValueError(f"row {number} must be a goal-mouth row of '#' and '=' only")
            if "#" in row.strip("#"):
                raise ValueError(f"the goal mouth in row {number} must be one unbroken stretch")
        for number, row in enumerate(rows[1:-1], 1):
            if "=" in row:
                raise ValueError(f"row {number} is a playing row but holds a goal mouth '='")
        if sum(row.count("*") for row in rows) != 1:
            raise ValueError("the pitch needs exactly one centre spot '*'")
        return rows

    @model_validator(mode="after")
    def _sides_defend_different_goals(self) -> PitchData:
        if sorted(self.defends.values()) != ["north", "south"]:
            raise ValueError("one side must defend the north goal and the other the south goal")
        return self


class TargetPair(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    same: int = Field(ge=1, le=7)
    adjacent: int = Field(ge=1, le=7)


class InterceptionData(BaseModel):
    """Interception target numbers per variant, for ordinary teamsters and goalies."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    description: str
    marked_modifier: int = Field(ge=-5, le=0)
    variants: dict[str, dict[Literal["teamster", "goalie"], TargetPair]]

    @field_validator("variants")
    @classmethod
    def _every_variant_covers_both_roles(
        cls, variants: dict[str, dict[str, TargetPair]]
    ) -> dict[str, dict[str, TargetPair]]:
        if "standard" not in variants:
            raise ValueError("a 'standard' variant is required")
        for name, roles in variants.items():
            if set(roles) != {"teamster", "goalie"}:
                raise ValueError(f"variant {name!r} must give both 'teamster' and 'goalie'")
        return variants


class SpiderLeg(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    face: int = Field(ge=0, le=9)
    degrees: int = Field(ge=0, lt=360)
    direction: Direction


class SpiderData(BaseModel):
    """The ten legs of the dispersal spider, one per d10 face."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    description: str
    legs: list[SpiderLeg] = Field(min_length=10, max_length=10)

    @field_validator("legs")
    @classmethod
    def _one_leg_per_face(cls, legs: list[SpiderLeg]) -> list[SpiderLeg]:
        if sorted(leg.face for leg in legs) != list(range(10)):
            raise ValueError("the spider needs exactly one leg for each face 0-9")
        return legs

    def direction_for(self, roll: int) -> Direction:
        """The direction for a d10 roll of 1-10 (10 is the die's 0 face)."""
        face = roll % 10
        return next(leg.direction for leg in self.legs if leg.face == face)


M = TypeVar("M", bound=BaseModel)


def _load(model: type[M], filename: str) -> M:
    path = DATA / filename
    try:
        return model.model_validate(json.loads(path.read_text(encoding="utf-8")))
    except (OSError, json.JSONDecodeError) as exc:
        raise ValueError(f"friendly-competition data file {path.name} cannot be read: {exc}") from None
    except ValidationError as exc:
        problems = "; ".join(
            f"{'.'.join(map(str, err['loc'])) or 'file'}: {err['msg']}" for err in exc.errors()[:5]
        )
        raise ValueError(f"friendly-competition data file {path.name} is invalid: {problems}") from None


@lru_cache(maxsize=1)
def load_pitch() -> PitchData:
    return _load(PitchData, "pitch.json")


@lru_cache(maxsize=1)
def load_interception() -> InterceptionData:
    return _load(InterceptionData, "interception.json")


@lru_cache(maxsize=1)
def load_spider() -> SpiderData:
    return _load(SpiderData, "spider.json")
