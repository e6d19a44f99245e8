"""Pictures of a view: the octagon, both teams, the goalies, the ball, the goal zones, the score
and the action points left, as terminal text or SVG. Drawn from the view alone."""

from __future__ import annotations

from collections.abc import Mapping
from html import escape
from typing import Any

from .pitch import PITCH

__all__ = ["render_svg", "render_text"]

BACKGROUND = {".": " . ", "z": " : ", "o": " ~ ", "*": " + ", "-": " - ", "#": "   "}
LETTERS = {"seat1": "B", "seat2": "R"}


def _marker(seat: str, member: Mapping[str, Any], ball_mark: str) -> str:
    """``B3`` plus a ball mark: ``*`` carried, ``o`` loose at its feet, ``@`` flying past it."""
    letter = LETTERS[seat]
    tag = "G" if member["goalie"] else str(member["number"])
    text = f"{letter}{tag}"
    if member["floored"]:
        text = text.lower()
    return text + ("*" if member["carrying"] else ball_mark)


def render_text(view: Mapping[str, Any]) -> str:
    width, height = PITCH.width, PITCH.height
    cells = [BACKGROUND[ch] for ch in PITCH.kinds]
    ball = view["ball"]
    flight = view.get("flight")
    ball_square, ball_mark = None, " "
    if flight is not None:
        ball_square, ball_mark = flight["at"], "@"
    elif ball["holder"] is None and ball["at"]:
        ball_square, ball_mark = ball["at"], "o"
    if ball_square is not None:
        cells[PITCH.parse(ball_square)] = f" {ball_mark} "
    for seat, members in view["teams"].items():
        for member in members:
            if member["at"]:
                mark = ball_mark if member["at"] == ball_square else " "
                cells[PITCH.parse(member["at"])] = _marker(seat, member, mark)
    names = view.get("team_names", {"seat1": "Blue", "seat2": "Red"})
    columns = "    " + "".join(f" {chr(ord('a') + x)} " for x in range(width))

    def mouth(columns_in: tuple[int, ...]) -> str:
        return "    " + "".join("===" if x in columns_in else "   " for x in range(width))

    lines = [_headline(view, names), columns, mouth(PITCH.north_mouth)]
    for y in range(height):
        lines.append(f"{y + 1:>3} " + "".join(cells[y * width:(y + 1) * width]) + f" {y + 1}")
    lines += [mouth(PITCH.south_mouth), columns]
    lines.append(f"{names['seat1']} (B, seat1) defends the south goal; {names['seat2']} (R, seat2) the north.")
    lines.append("BG/RG goalie, * has the ball, lower case: on the ground; o loose ball, @ ball in flight "
                 "(after a teamster: in its square); : goal zone, ~ grey area, + centre spot.")
    if flight is not None:
        where = flight["goal"] or flight["path"][-1]
        lines.append(f"Ball in flight along {' '.join(flight['path'])} toward {where}; now at {flight['at']}."
                     + (f" {view_name(names, flight['deciding'])} may try with "
                        f"{', '.join(map(str, flight['candidates']))}." if flight["deciding"] else ""))
    return "\n".join(lines)


def view_name(names: Mapping[str, str], seat: str) -> str:
    return f"{names[seat]} ({seat})"


def _headline(view: Mapping[str, Any], names: Mapping[str, str]) -> str:
    score = view["score"]
    parts = [f"{names['seat1']} {score['seat1']} : {score['seat2']} {names['seat2']}",
             f"turn {min(view['turn'], view['match_turns'])}/{view['match_turns']}"]
    if view.get("is_over"):
        outcome = view.get("outcome") or {}
        parts.append(f"full time: {outcome.get('reason', '')}")
    elif view["phase"] == "deploy":
        parts.append(f"deployment: {view_name(names, view['deploying'])} places a teamster")
    else:
        parts.append(f"{view_name(names, view['side'])} to play, {view['ap']} AP left")
    return " | ".join(parts)


FILL = {".": "#3f8f3f", "z": "#5aa85a", "o": "#8fbf8f", "*": "#8fbf8f", "-": "#4a9a4a"}
COLOURS = {"seat1": "#2a5bd7", "seat2": "#d23a2a"}
CELL = 24


def render_svg(view: Mapping[str, Any]) -> str:
    """The pitch seen from above: squares, goal mouths, both teams, the ball and the score."""
    width, height = PITCH.width, PITCH.height
    top = CELL * 2
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width * CELL}" '
             f'height="{(height + 2) * CELL + top}" font-family="sans-serif" font-size="11">',
             '<rect width="100%" height="100%" fill="#202020"/>']
    names = view.get("team_names", {"seat1": "Blue", "seat2": "Red"})
    parts.append(f'<text x="6" y="18" fill="white" font-size="14">{escape(_headline(view, names))}</text>')
    for square, kind in enumerate(PITCH.kinds):
        if kind == "#":
            continue
        x, y = PITCH.xy(square)
        parts.append(f'<rect x="{x * CELL}" y="{top + (y + 1) * CELL}" width="{CELL - 1}" height="{CELL - 1}" '
                     f'fill="{FILL[kind]}"/>')
    for row, columns in ((0, PITCH.north_mouth), (height + 1, PITCH.south_mouth)):
        for x in columns:
            parts.append(f'<rect x="{x * CELL}" y="{top + row * CELL}" width="{CELL - 1}" height="{CELL - 1}" '
                         'fill="white" opacity="0.8"/>')

    def centre(name: str) -> tuple[int, int]:
        x, y = PITCH.xy(PITCH.parse(name))
        return x * CELL + CELL // 2, top + (y + 1) * CELL + CELL // 2

    for seat, members in view["teams"].items():
        for member in members:
            if not member["at"]:
                continue
            cx, cy = centre(member["at"])
            ring = ' stroke="yellow" stroke-width="3"' if member["carrying"] else ""
            shade = ' opacity="0.45"' if member["floored"] else ""
            label = "G" if member["goalie"] else str(member["number"])
            parts.append(f'<circle cx="{cx}" cy="{cy}" r="{CELL // 2 - 2}" fill="{COLOURS[seat]}"{ring}{shade}/>')
            parts.append(f'<text x="{cx}" y="{cy + 4}" fill="white" text-anchor="middle">{label}</text>')
    flight = view.get("flight")
    ball = view["ball"]
    where = flight["at"] if flight is not None else (ball["at"] if ball["holder"] is None else None)
    if where:
        cx, cy = centre(where)
        parts.append(f'<circle cx="{cx}" cy="{cy}" r="5" fill="white" stroke="black"/>')
    parts.append("</svg>")
    return "\n".join(parts)
