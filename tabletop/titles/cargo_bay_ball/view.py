"""The whole table as data: the bay's geometry and the crew cards for the view, and the view's
schema as pydantic models (documented in docs/rules/cargo-bay-ball.md, section 5).

A client draws the bay from ``view["board"]`` alone: every space with its label, kind, offset
(column, row) and axial (q, r) coordinates, and its neighbours by the numbers printed round the
goal. Nothing here is hidden: Cargo Bay Ball has no hidden information.

>>> import tabletop
>>> view = tabletop.load("cargo-bay-ball").new_state(seed=1).view(None)
>>> CargoBayView.model_validate(view).board.spaces[0].label
'A1'
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


@lru_cache(maxsize=8)
def _board_records(board: Board) -> tuple[dict[str, Any], tuple[dict[str, Any], ...]]:
    labels = board.labels
    spaces = []
    for s in range(board.size):
        spaces.append({
            "label": labels[s], "kind": board.kinds[s], "field": board.is_field[s],
            "col": board.cols[s], "row": board.rows[s], "q": board.axial[s][0], "r": board.axial[s][1],
            "number": board.numbered.get(s),
            "neighbours": {str(d + 1): labels[board.toward[d][s]] if board.toward[d][s] >= 0 else None
                           for d in range(6)},
        })
    head = {
        "name": board.name, "title": board.title, "layout": LAYOUT, "columns": board.width, "rows": board.height,
        "directions": {str(d + 1): name for d, name in enumerate(board.direction_names)},
        "goal": labels[board.goal], "door": labels[board.door], "arrow_space": labels[board.arrow],
        "airlock": [labels[s] for s in board.airlock],
    }
    return head, tuple(spaces)


def board_view(board: Board) -> dict[str, Any]:
    """The bay's geometry, a fresh JSON-safe copy each time (views belong to their reader)."""
    head, spaces = _board_records(board)
    out = {**head, "airlock": list(head["airlock"]), "directions": dict(head["directions"])}
    out["spaces"] = [{**space, "neighbours": dict(space["neighbours"])} for space in spaces]
    return out


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


class SpaceView(_Model):
    label: Label
    kind: SpaceKind
    field: bool
    col: int
    row: int
    q: int
    r: int
    number: int | None
    neighbours: dict[Literal["1", "2", "3", "4", "5", "6"], Label | None]


class BoardView(_Model):
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
