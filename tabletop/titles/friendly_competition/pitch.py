"""Geometry of the octagonal pitch: squares, the eight directions, moves, rebounds and reach.

Squares are numbered ``y * width + x`` with x growing east and y growing south; they are
named like ``j10`` (column letter, row number from the north). Everything a turn needs
(steps, ball flights with their rebounds, squares within reach) is precomputed once here so
play only looks things up.
"""

from __future__ import annotations

from dataclasses import dataclass

from .tables import PitchData, load_pitch

__all__ = [
    "DIRECTIONS",
    "DIRECTION_INDEX",
    "DIRECTION_NAMES",
    "NORTH_GOAL",
    "OFF",
    "PITCH",
    "SOUTH_GOAL",
    "Pitch",
]

OFF = -1
NORTH_GOAL = -2
SOUTH_GOAL = -3

DIRECTION_NAMES: tuple[str, ...] = ("n", "ne", "e", "se", "s", "sw", "w", "nw")
DIRECTIONS: dict[str, tuple[int, int]] = {
    "n": (0, -1), "ne": (1, -1), "e": (1, 0), "se": (1, 1),
    "s": (0, 1), "sw": (-1, 1), "w": (-1, 0), "nw": (-1, -1),
}
DIRECTION_WORDS = {
    "n": "north", "ne": "north-east", "e": "east", "se": "south-east",
    "s": "south", "sw": "south-west", "w": "west", "nw": "north-west",
}
DIRECTION_INDEX = {name: number for number, name in enumerate(DIRECTION_NAMES)}
_INDEX = {delta: number for number, delta in enumerate(DIRECTIONS.values())}
_DELTAS = list(DIRECTIONS.values())


@dataclass(frozen=True)
class Pitch:
    """The pitch with every lookup table play needs."""

    width: int
    height: int
    kinds: tuple[str, ...]               # bitmap character of each square ('#' off the pitch)
    on: tuple[bool, ...]                 # square is part of the playing area
    step: tuple[tuple[int, ...], ...]    # [square][dir] -> square, goal code, or OFF
    flight: tuple[tuple[tuple[int, int], ...], ...]  # [square][dir] -> (square or goal, new dir)
    neighbours: tuple[tuple[int, ...], ...]  # playing squares next to a square
    reach: tuple[tuple[int, ...], ...]   # the square itself and its playing neighbours
    north_mouth: tuple[int, ...]         # columns of the north goal mouth
    south_mouth: tuple[int, ...]
    centre: int
    grey: frozenset[int]
    goal_zone: dict[str, frozenset[int]]  # "north"/"south" -> squares
    half: dict[str, frozenset[int]]       # "north"/"south" -> squares of that half
    names: tuple[str, ...]                # ``j10`` style name of every square

    # -- naming ----------------------------------------------------------------------------------

    def label(self, square: int) -> str:
        """``j10`` style name of a square; goal codes name the goal."""
        if square >= 0:
            return self.names[square]
        if square == NORTH_GOAL:
            return "the north goal"
        if square == SOUTH_GOAL:
            return "the south goal"
        raise ValueError(f"{square} is not a square or a goal")

    def parse(self, name: str) -> int:
        """The square a ``j10`` style name means; ValueError when it is not a playing square."""
        text = name.strip().lower()
        if len(text) < 2 or not text[0].isalpha() or not text[1:].isdigit():
            raise ValueError(f"{name!r} is not a square name like j10")
        x = ord(text[0]) - ord("a")
        y = int(text[1:]) - 1
        if not (0 <= x < self.width and 0 <= y < self.height) or not self.on[y * self.width + x]:
            raise ValueError(f"{name!r} is not a square of the pitch")
        return y * self.width + x

    def xy(self, square: int) -> tuple[int, int]:
        y, x = divmod(square, self.width)
        return x, y

    def distance(self, a: int, b: int) -> int:
        """King's-move distance between two squares."""
        ay, ax = divmod(a, self.width)
        by, bx = divmod(b, self.width)
        return max(abs(ax - bx), abs(ay - by))

    # -- ball flight -----------------------------------------------------------------------------

    def ball_path(self, start: int, direction: int, distance: int) -> tuple[list[int], int]:
        """The squares a ball enters travelling ``distance`` squares, rebounding off walls, and
        the goal code if it crosses a goal line on the way (the path then stops there)."""
        path: list[int] = []
        square, heading = start, direction
        flight = self.flight
        for _ in range(distance):
            square, heading = flight[square][heading]
            if square < 0:
                return path, square
            path.append(square)
        return path, 0

    def bounces(self, start: int, direction: int, distance: int) -> list[int]:
        """The squares where a ball travelling from ``start`` rebounds off a wall."""
        found: list[int] = []
        square, heading = start, direction
        for _ in range(distance):
            target, new_heading = self.flight[square][heading]
            if target < 0:
                break
            if new_heading != heading:
                found.append(square)
            square, heading = target, new_heading
        return found


def _build(data: PitchData) -> Pitch:
    rows = data.rows
    width = len(rows[0])
    height = len(rows) - 2
    body = rows[1:-1]
    kinds = tuple(ch for row in body for ch in row)
    on = tuple(ch != "#" for ch in kinds)
    north_mouth = tuple(x for x, ch in enumerate(rows[0]) if ch == "=")
    south_mouth = tuple(x for x, ch in enumerate(rows[-1]) if ch == "=")

    def at(x: int, y: int) -> int:
        """Square number, a goal code for a goal-mouth square, or OFF."""
        if 0 <= x < width:
            if 0 <= y < height:
                return y * width + x if on[y * width + x] else OFF
            if y == -1 and x in north_mouth:
                return NORTH_GOAL
            if y == height and x in south_mouth:
                return SOUTH_GOAL
        return OFF

    def open_(x: int, y: int) -> bool:
        return at(x, y) >= 0

    def bounce(x: int, y: int, dx: int, dy: int) -> tuple[int, int]:
        """The new heading of a ball at (x, y) whose next square (x+dx, y+dy) is a wall."""
        if dx and dy:
            along_x, along_y = open_(x + dx, y), open_(x, y + dy)
            if along_x and not along_y:
                return dx, -dy          # a wall across the y axis: flip the y heading
            if along_y and not along_x:
                return -dx, dy
            return -dx, -dy             # square into a corner or a diagonal wall
        # Straight heading: a diagonal wall turns it a right angle, a straight wall sends it back.
        turns = ((0, -1), (0, 1)) if dx else ((-1, 0), (1, 0))
        ahead = [open_(x + dx + tx, y + dy + ty) for tx, ty in turns]
        if ahead[0] != ahead[1]:
            turn = turns[0] if ahead[0] else turns[1]
            if open_(x + turn[0], y + turn[1]):
                return turn
        return -dx, -dy

    step: list[tuple[int, ...]] = []
    flight: list[tuple[tuple[int, int], ...]] = []
    neighbours: list[tuple[int, ...]] = []
    for square in range(width * height):
        y, x = divmod(square, width)
        if not on[square]:
            step.append((OFF,) * 8)
            flight.append(((OFF, 0),) * 8)
            neighbours.append(())
            continue
        step.append(tuple(at(x + dx, y + dy) for dx, dy in _DELTAS))
        moves = []
        for dx, dy in _DELTAS:
            target = at(x + dx, y + dy)
            heading = (dx, dy)
            if target == OFF:
                heading = bounce(x, y, dx, dy)
                target = at(x + heading[0], y + heading[1])
                if target < 0:
                    raise ValueError(f"the pitch traps a ball at {x},{y} heading {dx},{dy}")
            moves.append((target, _INDEX[heading]))
        flight.append(tuple(moves))
        neighbours.append(tuple(t for t in step[-1] if t >= 0))
    reach = tuple((square, *near) if on[square] else () for square, near in enumerate(neighbours))

    centre = kinds.index("*")
    grey = frozenset(s for s, ch in enumerate(kinds) if ch in "o*")
    zones = [s for s, ch in enumerate(kinds) if ch == "z"]
    middle = height // 2
    goal_zone = {
        "north": frozenset(s for s in zones if s // width < middle),
        "south": frozenset(s for s in zones if s // width > middle),
    }
    half = {
        "north": frozenset(s for s in range(width * height) if on[s] and s // width < middle),
        "south": frozenset(s for s in range(width * height) if on[s] and s // width > middle),
    }
    names = tuple(f"{chr(ord('a') + s % width)}{s // width + 1}" for s in range(width * height))
    return Pitch(width, height, kinds, on, tuple(step), tuple(flight), tuple(neighbours), reach,
                 north_mouth, south_mouth, centre, grey, goal_zone, half, names)


PITCH = _build(load_pitch())
