"""The whole table as data: the bay's geometry and the crew cards for the view, and the view's
schema as pydantic models (documented in docs/rules/cargo-bay-ball.md, section 5).

A client draws the bay from ``view["board"]`` alone: every space with its label, kind, offset
(column, row) coordinates (axial ones follow from them), and its neighbours by the numbers printed
round the goal, as indices into the list of spaces (-1 where a wall is). Nothing here is hidden: Cargo Bay Ball has no hidden information.

>>> import tabletop
>>> view = tabletop.load("cargo-bay-ball").new_state(seed=1).view(None)
>>> CargoBayView.model_validate(view).board.spaces[0]
('A1', 'half', 0, 0, [-1, -1, -1, -1, 15, 1])
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict

from .board import Board
from .data import SKILLS, CrewCard

__all__ = ["CargoBayView", "board_view", "cards_view"]

LAYOUT = ("pointy-top hexes in rows; odd rows (2, 4, ...) sit half a space to the right; axial q = column - "
          "(row index - row index % 2) / 2, r = row index; directions are compass points on screen (north up)")


#: The order of the fields of one space in ``board["spaces"]``.
SPACE_FIELDS = ("label", "kind", "col", "row", "neighbours")


@lru_cache(maxsize=8)
def _board_record(board: Board) -> dict[str, Any]:
    labels = board.labels
    return {
        "name": board.name, "title": board.title, "layout": LAYOUT, "columns": board.width, "rows": board.height,
        "directions": {str(d + 1): name for d, name in enumerate(board.direction_names)},
        "goal": labels[board.goal], "door": labels[board.door], "arrow_space": labels[board.arrow],
        "airlock": [labels[s] for s in board.airlock],
        "numbers": {labels[s]: n for s, n in sorted(board.numbered.items(), key=lambda item: item[1])},
        "space_fields": list(SPACE_FIELDS),
        "spaces": [[labels[s], board.kinds[s], board.cols[s], board.rows[s], [board.toward[d][s] for d in range(6)]]
                   for s in range(board.size)],
    }


def board_view(board: Board) -> dict[str, Any]:
    """The bay's geometry, a fresh JSON-safe copy each time (views belong to their reader). Each
    space is a short list (``SPACE_FIELDS``) so that a view stays small: views are built after
    every step in play and in the test sweeps."""
    record = _board_record(board)
    return {**record, "directions": dict(record["directions"]), "airlock": list(record["airlock"]),
            "numbers": dict(record["numbers"]), "space_fields": list(SPACE_FIELDS),
            "spaces": [[label, kind, col, row, list(near)] for label, kind, col, row, near in record["spaces"]]}


def cards_view(cards: tuple[CrewCard, ...]) -> list[dict[str, Any]]:
    """Every crew card in the set, as printed ("1d6" for a rolled skill)."""
    return [{"crew": c.id, "name": c.name, "short": c.short, "code": c.code, "card": c.card,
             "skills": {name: c.printed(i) for i, name in enumerate(SKILLS)}} for c in cards]


# -- the schema ------------------------------------------------------------------------------------


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


Label = str
Skills = dict[str, str]
SpaceKind = Literal["floor", "grating", "half", "goal", "door", "airlock", "arrow"]


SpaceView = tuple[Label, SpaceKind, int, int, list[int]]


class BoardView(_Model):
    model_config = ConfigDict(extra="forbid", strict=False, frozen=True)  # a space is a JSON array

    name: str
    title: str
    layout: str
    columns: int
    rows: int
    directions: dict[Literal["1", "2", "3", "4", "5", "6"], Literal["E", "NE", "NW", "W", "SW", "SE"]]
    goal: Label
    door: Label
    arrow_space: Label
    airlock: list[Label]
    numbers: dict[Label, int]
    space_fields: list[str]
    spaces: list[SpaceView]


class CardView(_Model):
    crew: str
    name: str
    short: str
    code: str
    card: str
    skills: Skills


class CrewView(_Model):
    crew: str
    name: str
    code: str
    side: Literal[1, 2]
    seat: str
    at: Label | None
    status: Literal["standing", "down", "penalty-box", "arrow-space", "at-door", "off-field"]
    on_obstacle: bool
    has_ball: bool
    acted: bool
    skills: Skills


class OfficialView(_Model):
    crew: str
    name: str
    OFF: str


class BallView(_Model):
    at: Label | None
    holder: str | None
    in_flight: bool


class GoalView(_Model):
    at: Label
    arrows: list[int]


class TurnView(_Model):
    side: Literal[1, 2]
    crew: str | None
    actions_left: int
    move_left: int


class FlightPending(_Model):
    kind: Literal["flight"]
    flight: Literal["pass", "shot", "loose ball", "scored shot"]
    at: Label
    spaces_left: int
    reacting: str | None


class PushPending(_Model):
    kind: Literal["push"]
    attacker: str
    defender: str


class ReleasePending(_Model):
    kind: Literal["release"]
    side: Literal[1, 2]


class PickUpPending(_Model):
    kind: Literal["pick-up"]
    crew: str
    at: Label


class OutcomeView(_Model):
    winners: list[str]
    draw: bool
    scores: dict[str, float]
    reason: str


class CargoBayView(_Model):
    """One seat's (or the spectator's) view of a Cargo Bay Ball position."""

    model_config = ConfigDict(extra="forbid", strict=False, frozen=True)

    game: Literal["cargo-bay-ball"]
    seat: str | None
    seats: list[str]
    to_act: list[str]
    is_over: bool
    outcome: OutcomeView | None
    phase: Literal["draft", "official", "obstacles", "placement", "play"]
    bay: str
    board: BoardView
    cards: list[CardView]
    sides: dict[Literal["1", "2"], list[str]]
    team_size: int
    order: list[str]
    undrafted: list[str]
    official: OfficialView | None
    crew: list[CrewView]
    obstacles: list[Label]
    obstacles_to_place: int
    ball: BallView
    goal: GoalView
    score: dict[Literal["1", "2"], int]
    chop: int
    round: int
    sudden_death: bool
    turn: TurnView
    pending: FlightPending | PushPending | ReleasePending | PickUpPending | None
