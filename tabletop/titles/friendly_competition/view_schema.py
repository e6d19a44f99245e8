"""The schema of a Friendly Sporting Competition view (documented in
``docs/rules/friendly-competition.md``, section 5). Nothing is hidden in this game: every seat and
spectators get the same view. Squares are named like ``j10`` (column a-s west to east, row 1-19
north to south)."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from tabletop.core.view import BaseView, ViewModel

__all__ = ["FriendlyView"]

Seat = Literal["seat1", "seat2"]
End = Literal["north", "south"]


class Teamster(ViewModel):
    number: int = Field(ge=1, le=6)
    name: str
    goalie: bool
    at: str | None = Field(description="its square; null before it is deployed")
    floored: bool
    carrying: bool


class BallView(ViewModel):
    at: str
    holder: str | None = Field(description="'seat1:2' style, or null when loose or in flight")
    in_flight: bool


class FlightView(ViewModel):
    kind: Literal["pass", "knock"]
    path: list[str]
    at: str
    goal: str | None
    deciding: Seat | None
    candidates: list[int]


class GoalView(ViewModel):
    defended_by: Seat
    mouth: list[str] = Field(description="the columns of the goal mouth beyond the end wall")
    line: list[str] = Field(description="the squares on the goal line in front of the mouth")
    zone: list[str] = Field(description="the goal zone in front of the goal")


class GreyArea(ViewModel):
    rule: Literal["centre-circle", "centre-and-goal-zones", "none"]
    squares: list[str] = Field(description="squares nobody may deploy on")
    goal_zones_except_goalies: bool = Field(description="the goal zones are also closed to all but goalies")


class PitchView(ViewModel):
    width: int
    height: int
    columns: str
    rows: list[str] = Field(description="the bitmap, north to south, one character per square (see legend)")
    legend: dict[str, str]
    squares: int = Field(description="how many playing squares")
    centre_spot: str
    halfway_row: int
    halves: dict[Seat, End] = Field(description="the half (and goal) each side defends")
    goals: dict[End, GoalView]
    grey_area: GreyArea


class FriendlyView(BaseView):
    phase: Literal["deploy", "play", "flight", "over"]
    turn: int
    match_turns: int
    side: Seat | None = Field(description="whose turn it is, during play")
    ap: int | None
    score: dict[Seat, int]
    teams: dict[Seat, list[Teamster]]
    team_names: dict[Seat, str]
    ball: BallView
    tackles_this_turn: int
    ap_owed: dict[Seat, int]
    deploying: Seat | None
    kickoff: Seat
    flight: FlightView | None
    pitch: PitchView
