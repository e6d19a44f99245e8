"""An SVG picture of a Cargo Bay Ball view: the hex bay, crew, ball, obstacles, goal, airlock
and the score, Chop and Round beside the bay."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any
from xml.sax.saxutils import escape

from .board import AXIAL

if TYPE_CHECKING:
    from .game import CargoBayBall

__all__ = ["render_svg"]

SIZE = 18.0  # hex radius in pixels
ROOT3 = math.sqrt(3)
FILL = {"floor": "#a9adb1", "grating": "#7d8287", "half": "#c3c6c9", "goal": "#a9adb1", "door": "#c9b47a",
        "airlock": "#e3e5e7", "arrow": "#e3e5e7"}
SIDE_COLOUR = {1: "#1f5fa8", 2: "#b3261e"}


def _centre(col: int, row: int) -> tuple[float, float]:
    return (SIZE * ROOT3 * (col + 0.5 * (row & 1)) + SIZE * 1.2, SIZE * 1.5 * row + SIZE * 3.2)


def _hexagon(x: float, y: float, fill: str) -> str:
    points = " ".join(f"{x + SIZE * math.cos(math.radians(60 * k - 30)):.1f},"
                      f"{y + SIZE * math.sin(math.radians(60 * k - 30)):.1f}" for k in range(6))
    return f'<polygon points="{points}" fill="{fill}" stroke="#55595d" stroke-width="1"/>'


def render_svg(game: CargoBayBall, view: dict[str, Any]) -> str:
    board = game.board
    parts: list[str] = []
    crew_at = {c["at"]: c for c in view["crew"] if c["at"]}
    obstacles = set(view["obstacles"])
    arrows = view["goal"]["arrows"]
    boxed = [c for c in view["crew"] if c["status"] in ("penalty-box", "arrow-space")]
    for space, label in enumerate(board.labels):
        x, y = _centre(board.cols[space], board.rows[space])
        kind = board.kinds[space]
        parts.append(_hexagon(x, y, FILL[kind]))
        if kind == "grating":
            parts.append(f'<path d="M{x - 8:.1f},{y - 5:.1f} L{x + 8:.1f},{y + 5:.1f} M{x - 8:.1f},{y + 5:.1f} '
                         f'L{x + 8:.1f},{y - 5:.1f}" stroke="#5b6065" stroke-width="1"/>')
        if label in obstacles:
            parts.append(f'<rect x="{x - 11:.1f}" y="{y - 11:.1f}" width="22" height="22" rx="3" fill="#8a5a2b" '
                         'stroke="#4d3117"/>')
        number = board.numbered.get(space)
        if number is not None and label not in crew_at:
            weight = "bold" if number in arrows else "normal"
            parts.append(f'<text x="{x:.1f}" y="{y + 4:.1f}" font-size="11" text-anchor="middle" '
                         f'font-weight="{weight}" fill="#222">{number}</text>')
        if kind == "door" and label not in crew_at:
            parts.append(f'<text x="{x:.1f}" y="{y + 4:.1f}" font-size="9" text-anchor="middle">door</text>')
        if kind in ("airlock", "arrow"):
            member = None
            if kind == "arrow":
                member = next((c for c in boxed if c["status"] == "arrow-space"), None)
            else:
                waiting = [c for c in boxed if c["status"] == "penalty-box"]
                index = board.airlock.index(space)
                member = waiting[index] if index < len(waiting) else None
            if member is not None:
                parts.append(_crew(x, y, member))
            elif kind == "arrow":
                parts.append(f'<text x="{x:.1f}" y="{y + 5:.1f}" font-size="14" text-anchor="middle">&#8657;</text>')
    gx, gy = _centre(board.cols[board.goal], board.rows[board.goal])
    dq, dr = AXIAL[board.direction_names[arrows[0] - 1]]
    ax, ay = (dq + dr / 2) * ROOT3, dr * 1.5
    length = math.hypot(ax, ay)
    ux, uy = ax / length, ay / length
    parts.append(f'<line x1="{gx - uy * 13:.1f}" y1="{gy + ux * 13:.1f}" x2="{gx + uy * 13:.1f}" '
                 f'y2="{gy - ux * 13:.1f}" stroke="#d4a017" stroke-width="4" stroke-linecap="round"/>')
    for sign in (1, -1):
        tip_x, tip_y = gx + sign * ux * 15, gy + sign * uy * 15
        parts.append(f'<line x1="{gx:.1f}" y1="{gy:.1f}" x2="{tip_x:.1f}" y2="{tip_y:.1f}" stroke="#222" '
                     'stroke-width="1.5" marker-end="url(#arrow)"/>')
    for label, member in crew_at.items():
        space = board.index[label]
        x, y = _centre(board.cols[space], board.rows[space])
        parts.append(_crew(x, y, member))
    ball = view["ball"]
    if ball["at"] is not None:
        space = board.index[ball["at"]]
        x, y = _centre(board.cols[space], board.rows[space])
        if ball["holder"] is not None or ball["at"] in crew_at:
            x, y = x + 9, y - 9
        stroke = ' stroke-dasharray="2,2"' if ball["in_flight"] else ""
        parts.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="5.5" fill="#f28c28" stroke="#000"{stroke}/>')
    width = SIZE * ROOT3 * (board.width + 1) + SIZE * 2
    height = SIZE * 1.5 * board.height + SIZE * 5
    score = view["score"]
    chop = "OT" if view["sudden_death"] else view["chop"]
    official = view["official"]
    header = (f"Side 1 {score['1']} : {score['2']} Side 2   Chop {chop}   Round {view['round']}"
              + (f"   Official {official['name']} (OFF {official['OFF']})" if official else ""))
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{height:.0f}" '
            f'viewBox="0 0 {width:.0f} {height:.0f}" font-family="sans-serif">'
            '<defs><marker id="arrow" viewBox="0 0 6 6" refX="5" refY="3" markerWidth="5" markerHeight="5" '
            'orient="auto"><path d="M0,0 L6,3 L0,6 z" fill="#222"/></marker></defs>'
            f'<rect width="100%" height="100%" fill="#f7f7f5"/>'
            f'<text x="{SIZE:.0f}" y="{SIZE * 1.3:.0f}" font-size="14">{escape(header)}</text>'
            + "".join(parts) + "</svg>")


def _crew(x: float, y: float, member: dict[str, Any]) -> str:
    colour = SIDE_COLOUR[member["side"]]
    down = member["status"] == "down"
    fill = "#ffffff" if down else colour
    text = colour if down else "#ffffff"
    dash = ' stroke-dasharray="3,2"' if down else ""
    title = f"{member['name']} (side {member['side']}, {member['status']})"
    return (f'<g><title>{escape(title)}</title><circle cx="{x:.1f}" cy="{y:.1f}" r="11" fill="{fill}" '
            f'stroke="{colour}" stroke-width="2"{dash}/><text x="{x:.1f}" y="{y + 4:.1f}" font-size="10" '
            f'text-anchor="middle" fill="{text}">{escape(member["code"])}</text></g>')
