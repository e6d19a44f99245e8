"""The options as typed rulings, the constants of the rules, and the moving-ball record.

Teamsters are numbered globally ``side * 6 + (number - 1)``: side 0 is seat1 (Blue), side 1
is seat2 (Red), and each side's first teamster is its goalie.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .pitch import NORTH_GOAL, PITCH, SOUTH_GOAL
from .tables import load_interception, load_pitch, load_spider

__all__ = ["PASS_COST", "PASS_DICE", "SEATS", "TEAM", "TEAM_SIZE", "Flight", "Rules"]

SEATS = ("seat1", "seat2")
TEAM = ("Blue", "Red")
TEAM_SIZE = 6
PASS_COST = (1, 3, 7)     # short, medium, long
PASS_DICE = (2, 3, 4)     # d6s rolled for the distance
INTERCEPTION = load_interception()
SPIDER = load_spider()
DEFENDS = (load_pitch().defends["seat1"], load_pitch().defends["seat2"])  # "north"/"south" per side
ATTACKS_GOAL = tuple(NORTH_GOAL if d == "south" else SOUTH_GOAL for d in DEFENDS)
OWN_ZONE = tuple(PITCH.goal_zone[d] for d in DEFENDS)
ANY_ZONE = PITCH.goal_zone["north"] | PITCH.goal_zone["south"]


@dataclass(frozen=True)
class Rules:
    """The game's options, read once into plain fields for the hot path."""

    match_turns: int
    goal_limit: int
    action_points: int
    targets: tuple[tuple[int, int], tuple[int, int]]  # [goalie?][adjacent?] -> lowest roll that catches
    tackle_count: str
    max_tackles: int
    jostle_counts_as_tackle: bool
    floored_for: str
    interception_attempts: str
    lofted_pass_teammates: str
    knocked_ball_interceptable: bool
    off_turn_intercept_ap: int
    restart: str
    deployment: str
    grey_area: str
    goalie_protection: str
    goalie_jostle_protected: bool
    receiver: str

    @classmethod
    def from_options(cls, options: dict[str, Any]) -> Rules:
        table = INTERCEPTION.variants[options["interception_table"]]
        targets = (
            (table["teamster"].same, table["teamster"].adjacent),
            (table["goalie"].same, table["goalie"].adjacent),
        )
        return cls(
            match_turns=options["match_turns"],
            goal_limit=options["goal_limit"],
            action_points=options["action_points"],
            targets=targets,
            tackle_count=options["tackle_count"],
            max_tackles=options["max_tackles"],
            jostle_counts_as_tackle=options["jostle_counts_as_tackle"],
            floored_for=options["floored_for"],
            interception_attempts=options["interception_attempts"],
            lofted_pass_teammates=options["lofted_pass_teammates"],
            knocked_ball_interceptable=options["knocked_ball_interceptable"],
            off_turn_intercept_ap=options["off_turn_intercept_ap"],
            restart=options["restart"],
            deployment=options["deployment"],
            grey_area=options["grey_area"],
            goalie_protection=options["goalie_protection"],
            goalie_jostle_protected=options["goalie_jostle"] == "protected",
            receiver=options["receiver"],
        )

    def deploy_squares(self, side: int, goalie: bool) -> tuple[int, ...]:
        """Where a side may place a teamster: its own half, outside the grey area."""
        squares = PITCH.half[DEFENDS[side]]
        if self.grey_area != "none":
            squares = squares - PITCH.grey
        if self.grey_area == "centre-and-goal-zones" and not goalie:
            squares = squares - ANY_ZONE
        return tuple(sorted(squares))


class Flight:
    """A ball in the air (a pass) or rolling free (knocked loose by a tied tackle).

    ``index`` is the square of ``path`` the ball has just entered; ``queue`` holds the sides
    still to say whether they try for it there, and ``choices`` their candidates.
    """

    __slots__ = ("choices", "first_try", "goal", "index", "kind", "length", "origin", "path",
                 "prepared", "queue", "side", "side_tried", "tried", "tries")

    def __init__(self, kind: str, side: int, length: int, origin: int, path: list[int], goal: int) -> None:
        self.kind = kind            # "pass" or "knock"
        self.side = side            # the passing side; -1 for a knocked ball
        self.length = length        # 0 short, 1 medium, 2 long; -1 for a knocked ball
        self.origin = origin        # the teamster it left, who cannot catch it
        self.path = path
        self.goal = goal            # goal code if the path ends across a goal line, else 0
        self.index = 0
        self.prepared = False
        self.queue: list[int] = []
        self.choices: dict[int, list[int]] = {}
        self.tries: list[int] = []
        self.tried: set[int] = set()
        self.side_tried = [False, False]
        self.first_try = -1

    def copy(self) -> Flight:
        twin = Flight.__new__(Flight)
        twin.kind, twin.side, twin.length, twin.origin = self.kind, self.side, self.length, self.origin
        twin.path, twin.goal, twin.index, twin.prepared = self.path, self.goal, self.index, self.prepared
        twin.queue = list(self.queue)
        twin.choices = dict(self.choices)
        twin.tries = list(self.tries)
        twin.tried = set(self.tried)
        twin.side_tried = list(self.side_tried)
        twin.first_try = self.first_try
        return twin

    @property
    def landing(self) -> int:
        """The square the ball stops on if nobody takes it first (-1 when it ends in a goal)."""
        return -1 if self.goal else self.path[-1]
