"""Cargo Bay Ball's data files: the bay map, the crew cards and the rule tables.

Every file is validated with pydantic when it is loaded, so a custom bay or crew set with a
mistake fails at once with a message that names the file and the field. The hot path never
touches pydantic: the validated models become small frozen values (:class:`CrewCard`,
:class:`RuleTables`) and the :class:`~.board.Board`.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

from tabletop.core import BadOption

__all__ = [
    "CREW_SLUGS",
    "SKILLS",
    "BayModel",
    "CargoDataError",
    "CrewCard",
    "RuleTables",
    "load_bay_model",
    "load_crew",
    "load_rules",
]

DATA_DIR = Path(__file__).parent / "data"

#: The nine skills on every crew card, in the card's order (``crew.json`` lists them alphabetically).
SKILLS = ("SHOOT", "PASS", "MOVE", "CATCH", "STEAL", "BLOCK", "SLOBR", "ENDUR", "OFF")
SHOOT, PASS, MOVE, CATCH, STEAL, BLOCK, SLOBR, ENDUR, OFF = range(9)

#: Space codes a bay's rows may use.
SPACE_CODES = {".": "floor", "#": "grating", "h": "half", "G": "goal", "D": "door",
               "a": "airlock", "A": "arrow", " ": "none"}
DIRECTION_NAMES = ("E", "NE", "NW", "W", "SW", "SE")


class CargoDataError(BadOption):
    """A bay, crew or rules file that is missing or does not describe a usable table."""


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class CrewModel(_Strict):
    id: str = Field(pattern=r"^[a-z][a-z0-9-]*$", description="slug used in actions and options")
    name: str = Field(min_length=1)
    short: str = Field(min_length=1, description="name used in the log")
    code: str = Field(pattern=r"^[A-Z]{2}$", description="two capital letters for the map")
    card: str = Field(min_length=1, description="the printed card this stat block is on")
    skills: dict[str, int | Literal["1d6"]]

    @field_validator("skills")
    @classmethod
    def _nine_skills(cls, skills: dict[str, int | str]) -> dict[str, int | str]:
        missing = [s for s in SKILLS if s not in skills]
        extra = [s for s in skills if s not in SKILLS]
        if missing or extra:
            raise ValueError(f"a card needs exactly the skills {', '.join(SKILLS)}"
                             + (f"; missing {', '.join(missing)}" if missing else "")
                             + (f"; unknown {', '.join(extra)}" if extra else ""))
        for skill, value in skills.items():
            if isinstance(value, int) and not 1 <= value <= 6:
                raise ValueError(f"{skill} is {value}; skills are rated 1 to 6 or \"1d6\"")
        for skill in ("CATCH", "BLOCK", "ENDUR", "OFF", "STEAL"):
            if skills[skill] == "1d6":
                raise ValueError(f"{skill} must be a fixed rating; only SHOOT, PASS, MOVE and SLOBR "
                                 "may be rolled")
        # The file lists skills alphabetically; the game reads them in the card's order.
        return {skill: skills[skill] for skill in SKILLS}


class CrewFileModel(_Strict):
    description: str = ""
    crew: list[CrewModel] = Field(min_length=4)

    @model_validator(mode="after")
    def _unique(self) -> CrewFileModel:
        for attr in ("id", "code"):
            seen: set[str] = set()
            for member in self.crew:
                value = getattr(member, attr)
                if value in seen:
                    raise ValueError(f"two crew share the {attr} {value!r}")
                seen.add(value)
        return self


class BayModel(_Strict):
    name: str = Field(pattern=r"^[a-z][a-z0-9-]*$")
    title: str
    notes: str = ""
    rows: list[str] = Field(min_length=3)
    directions: dict[str, Literal["E", "NE", "NW", "W", "SW", "SE"]]

    @field_validator("rows")
    @classmethod
    def _rows(cls, rows: list[str]) -> list[str]:
        width = len(rows[0])
        if not 3 <= width <= 26:
            raise ValueError(f"rows must be 3 to 26 spaces wide (columns are lettered A-Z), not {width}")
        for number, row in enumerate(rows, 1):
            if len(row) != width:
                raise ValueError(f"row {number} is {len(row)} characters; every row must be {width}")
            bad = sorted(set(row) - set(SPACE_CODES))
            if bad:
                raise ValueError(f"row {number} uses unknown space codes {bad}; "
                                 f"the codes are {sorted(SPACE_CODES)}")
        text = "".join(rows)
        for code, what in (("G", "goal"), ("D", "airlock door"), ("A", "airlock arrow space")):
            if text.count(code) != 1:
                raise ValueError(f"a bay needs exactly one {what} ({code!r}), found {text.count(code)}")
        return rows

    @field_validator("directions")
    @classmethod
    def _directions(cls, directions: dict[str, str]) -> dict[str, str]:
        if sorted(directions) != ["1", "2", "3", "4", "5", "6"]:
            raise ValueError("directions must number 1 to 6, each once")
        names = [directions[str(n)] for n in range(1, 7)]
        if sorted(names) != sorted(DIRECTION_NAMES):
            raise ValueError(f"directions must use each of {', '.join(DIRECTION_NAMES)} once")
        ring = [DIRECTION_NAMES.index(name) for name in names]
        step = (ring[1] - ring[0]) % 6
        if step not in (1, 5) or any((ring[i + 1] - ring[i]) % 6 != step for i in range(5)):
            raise ValueError("the numbers 1 to 6 must run around the goal in order (clockwise or not), "
                             "so that n and n+3 point opposite ways")
        return directions


class ShootingBonusModel(_Strict):
    near_goal: int
    on_obstacle: int
    on_obstacle_near_goal: int


class RulesModel(_Strict):
    description: str = ""
    actions_per_turn: int = Field(ge=1, le=4)
    chops: int = Field(ge=1, le=9)
    rounds_per_chop: int = Field(ge=1, le=99)
    team_size_roll: dict[str, Literal[2, 3, 4]]
    order_dice: int = Field(ge=1, le=6)
    obstacle_dice: int = Field(ge=0, le=6)
    obstacle_pieces: int = Field(ge=0, le=60)
    max_adjoining_obstacles: int = Field(ge=1)
    near_goal_range: int = Field(ge=1)
    shooting_bonus: ShootingBonusModel
    officiate_dice: int = Field(ge=1, le=4)
    mercy_goals: int = Field(ge=1)
    mercy_last_chop: int = Field(ge=1)
    side1_first_on: list[int]
    goal_start_arrow: int = Field(ge=1, le=6)

    @field_validator("team_size_roll")
    @classmethod
    def _every_face(cls, table: dict[str, int]) -> dict[str, int]:
        if sorted(table) != ["1", "2", "3", "4", "5", "6"]:
            raise ValueError("team_size_roll must give a team size for each face 1 to 6")
        return table


@dataclass(frozen=True, slots=True)
class CrewCard:
    """One crew member's stat block. A skill of 0 means "1d6": rolled each time it is used."""

    id: str
    name: str
    short: str
    code: str
    card: str
    skills: tuple[int, ...]

    def printed(self, skill: int) -> str:
        value = self.skills[skill]
        return str(value) if value else "1d6"


@dataclass(frozen=True, slots=True)
class RuleTables:
    """The rule tables, as plain numbers."""

    actions_per_turn: int
    chops: int
    rounds_per_chop: int
    team_size_roll: tuple[int, ...]  # index 0 is the face 1
    order_dice: int
    obstacle_dice: int
    obstacle_pieces: int
    max_adjoining_obstacles: int
    near_goal_range: int
    bonus_near_goal: int
    bonus_on_obstacle: int
    bonus_on_obstacle_near_goal: int
    officiate_dice: int
    mercy_goals: int
    mercy_last_chop: int
    side1_first_on: frozenset[int]
    goal_start_arrow: int


#: The bundled files of each kind, by the name an option gives them.
BUNDLED = {"bay": ("serenity",), "crew": ("crew",), "rules": ("rules",)}


def _source_path(source: str, kind: str) -> Path:
    """A bundled file by name (``serenity``) or a path to the caller's own JSON file."""
    if source in BUNDLED[kind]:
        return DATA_DIR / f"{source}.json"
    path = Path(source)
    if not path.is_file():
        names = " or ".join(repr(name) for name in BUNDLED[kind])
        raise CargoDataError(f"no {kind} file {source!r}: give the bundled {names}, or a path to a {kind} "
                             "JSON file of your own")
    return path


def _read(path: Path, model: type[_Strict], kind: str) -> Any:
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as exc:
        raise CargoDataError(f"cannot read {kind} file {path}: {exc}") from None
    except json.JSONDecodeError as exc:
        raise CargoDataError(f"{kind} file {path} is not valid JSON: {exc}") from None
    try:
        return model.model_validate(raw)
    except ValidationError as exc:
        problems = "; ".join(f"{'.'.join(map(str, e['loc'])) or kind}: {e['msg']}" for e in exc.errors()[:6])
        raise CargoDataError(f"{kind} file {path} is not valid: {problems}") from None


@lru_cache(maxsize=32)
def load_bay_model(source: str = "serenity") -> BayModel:
    """The validated bay map named or pointed to by ``source``."""
    model: BayModel = _read(_source_path(source, "bay"), BayModel, "bay")
    return model


@lru_cache(maxsize=32)
def load_crew(source: str = "crew") -> tuple[CrewCard, ...]:
    """The crew cards named or pointed to by ``source``, in card order."""
    model: CrewFileModel = _read(_source_path(source, "crew"), CrewFileModel, "crew")
    return tuple(
        CrewCard(m.id, m.name, m.short, m.code, m.card,
                 tuple(0 if m.skills[s] == "1d6" else int(m.skills[s]) for s in SKILLS))
        for m in model.crew
    )


@lru_cache(maxsize=8)
def load_rules(source: str = "rules") -> RuleTables:
    """The rule tables (bundled ``rules`` unless told otherwise)."""
    m: RulesModel = _read(_source_path(source, "rules"), RulesModel, "rules")
    return RuleTables(
        actions_per_turn=m.actions_per_turn, chops=m.chops, rounds_per_chop=m.rounds_per_chop,
        team_size_roll=tuple(m.team_size_roll[str(face)] for face in range(1, 7)),
        order_dice=m.order_dice, obstacle_dice=m.obstacle_dice, obstacle_pieces=m.obstacle_pieces,
        max_adjoining_obstacles=m.max_adjoining_obstacles, near_goal_range=m.near_goal_range,
        bonus_near_goal=m.shooting_bonus.near_goal, bonus_on_obstacle=m.shooting_bonus.on_obstacle,
        bonus_on_obstacle_near_goal=m.shooting_bonus.on_obstacle_near_goal,
        officiate_dice=m.officiate_dice, mercy_goals=m.mercy_goals, mercy_last_chop=m.mercy_last_chop,
        side1_first_on=frozenset(m.side1_first_on), goal_start_arrow=m.goal_start_arrow,
    )


#: The ids of the bundled crew, in card order (designers sweep rosters with these).
CREW_SLUGS: tuple[str, ...] = tuple(card.id for card in load_crew())
