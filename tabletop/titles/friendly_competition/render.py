"""A terminal picture of a view: the octagon, both teams, the goalies, the ball, the goal zones,
the score and the action points left. Drawn from the view alone."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .pitch import PITCH

__all__ = ["render_text"]

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
