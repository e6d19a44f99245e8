"""A small map of the table for the terminal: islands, ships with their headings, the wind.

The table is sampled on a grid of character cells (each about 2 cm wide and 4 cm tall, so the
map keeps the table's shape); a cell shows land when its centre lies on an island, and a ship's
letter where its hull covers the cell's centre or its bow lies. Built from the view alone.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

from shapely.geometry import Point, Polygon
from shapely.prepared import prep

__all__ = ["chart_lines"]

COLUMNS = 50
ARROWS = "→↗↑↖←↙↓↘"
LAND = "#"
WATER = "·"


def _arrow(heading: float) -> str:
    return ARROWS[round((heading % 360) / 45) % 8]


def _letters(ships: Sequence[Mapping[str, Any]], seats: Sequence[str]) -> dict[str, str]:
    """Upper case for the first seat's ships, lower case for the second's, A, B, ... in order."""
    letters: dict[str, str] = {}
    count: dict[str, int] = {}
    for ship in ships:
        seat = ship["seat"]
        k = count.get(seat, 0)
        count[seat] = k + 1
        letter = chr(ord("A") + k % 26)
        letters[ship["id"]] = letter if seats and seat == seats[0] else letter.lower()
    return letters


def _wind_line(wind: Mapping[str, Any], width: float, height: float) -> str:
    if wind["kind"] == "parallel":
        blows = (wind["from_heading"] + 180) % 360
        return f"Wind: parallel, blowing {_arrow(blows)} everywhere (from {wind['from_heading']:g}°)"
    x, y = wind["x"], wind["y"]
    inside = 0 <= x <= width and 0 <= y <= height
    where = "marked W on the map" if inside else f"off the table at ({x:g}, {y:g})"
    return f"Wind: blows outward from a point {where}; a ship's angle to it changes across the table"


def chart_lines(view: Mapping[str, Any]) -> list[str]:
    """The map, a key of ship letters, and the wind."""
    table = view["table"]
    width, height = float(table["width"]), float(table["height"])
    cell_w = width / COLUMNS
    rows = max(6, round(height / (cell_w * 2)))
    cell_h = height / rows
    grid = [[WATER] * COLUMNS for _ in range(rows)]

    def cell(x: float, y: float) -> tuple[int, int] | None:
        col, row = int(x / cell_w), int((height - y) / cell_h)
        return (row, col) if 0 <= col < COLUMNS and 0 <= row < rows else None

    centres = [[((c + 0.5) * cell_w, height - (r + 0.5) * cell_h) for c in range(COLUMNS)] for r in range(rows)]
    for island in table["islands"]:
        shape = prep(Polygon(island["outline"]))
        for r in range(rows):
            for c in range(COLUMNS):
                if shape.contains(Point(centres[r][c])):
                    grid[r][c] = LAND
    letters = _letters(view["ships"], view.get("seats") or [])
    for ship in view["ships"]:
        letter = letters[ship["id"]]
        hull = prep(Polygon(ship["hull"]))
        for r in range(rows):
            for c in range(COLUMNS):
                if hull.contains(Point(centres[r][c])):
                    grid[r][c] = letter
        bow = cell(ship["x"], ship["y"])
        if bow is not None:
            grid[bow[0]][bow[1]] = letter
            step = math.radians(ship["heading"])
            ahead = cell(ship["x"] + math.cos(step) * cell_w * 1.5, ship["y"] + math.sin(step) * cell_h * 1.5)
            if ahead is not None and ahead != bow and grid[ahead[0]][ahead[1]] in (WATER,):
                grid[ahead[0]][ahead[1]] = _arrow(ship["heading"])
    wind = table["wind"]
    if wind["kind"] == "point":
        eye = cell(wind["x"], wind["y"])
        if eye is not None:
            grid[eye[0]][eye[1]] = "W"
    top = f"+{'-' * COLUMNS}+  north, y={height:g}"
    lines = [top] + [f"|{''.join(row)}|" for row in grid] + [f"+{'-' * COLUMNS}+  south, y=0; west x=0, east x={width:g}"]
    key = [f"{letters[s['id']]} {s['id']}" + (" (sunk/gone)" if s["status"] != "afloat" else "")
           for s in view["ships"]]
    lines.append("Ships: " + ", ".join(key) + f"; an arrow shows the heading; {LAND} land")
    lines.append(_wind_line(wind, width, height))
    return lines
