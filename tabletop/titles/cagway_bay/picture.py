"""The SVG picture of the table, drawn from the view alone (so it shows exactly what the view holds).

Coordinates are the table's centimetres with y flipped (SVG counts downwards). Below the table a
key explains every mark: seat colours, the ship to act, treasure, fire, grapples, exits, the wind
and the last shot's arc, range segments and range line.
"""

from __future__ import annotations

import math
from html import escape
from typing import Any

SEAT_COLOURS = ("#b3261e", "#1f4e99")
SHOT = "#e65100"
GRAPPLE = "#6d4c41"
EXIT = "#2e7d32"
FIRE = "#ff6f00"
ACTING = "#ffd600"
#: The text's height in table centimetres, and the width of one character of it (roughly).
FONT = 1.7
CHAR = 0.56


def svg_picture(view: dict[str, Any]) -> str:
    """An SVG of the table: islands, wind, hulls with headings, the last shot's arc and range,
    fire tokens, grapples, each ship's HP, AP and supplies, and a key."""
    table = view["table"]
    w, h = table["width"], table["height"]
    night = view.get("darkness") is not None
    pad = 12.0
    # An Open Warfare battle relocated past an edge: widen the picture to every hull afloat.
    west, east, north, south = _overflow(view, w, h)
    left, right, top = pad + west, pad + east, pad + north
    key = _key_lines(view, w)
    bottom = 6 + 3.4 * len(key) + south
    ink, halo = ("#f5f5f5", "#0d1b33") if night else ("#111", "#ffffff")
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{-left:g} {-top:g} {w + left + right:g} {h + top + bottom:g}" '
        f'width="{(w + left + right) * 8:.0f}" height="{(h + top + bottom) * 8:.0f}" font-family="sans-serif">',
        '<defs><marker id="wind-arrow" markerWidth="4" markerHeight="4" refX="2" refY="2" orient="auto">'
        '<path d="M0,0 L4,2 L0,4 z" fill="#546e7a"/></marker></defs>',
        f'<rect x="{-left:g}" y="{-top:g}" width="{w + left + right:g}" height="{h + top + bottom:g}" fill="#f4efe1"/>',
        f'<rect x="0" y="0" width="{w}" height="{h}" fill="{"#22395e" if night else "#cfe6f5"}" '
        f'stroke="{"#5d4a2a" if table["edges"] == "land" else "#7aa7c7"}" '
        f'stroke-width="{1.2 if table["edges"] == "land" else 0.4}"/>',
    ]
    for edge in view.get("escape_edges", table["exits"]):
        x1, y1, x2, y2 = {"north": (0, h, w, h), "south": (0, 0, w, 0), "west": (0, 0, 0, h),
                          "east": (w, 0, w, h)}[edge]
        out.append(f'<line x1="{x1}" y1="{h - y1}" x2="{x2}" y2="{h - y2}" stroke="{EXIT}" stroke-width="1" '
                   f'stroke-dasharray="2,1"><title>the {edge} edge: ships escape off it</title></line>')
    taken: list[tuple[float, float, float, float]] = []
    for island in table["islands"]:
        out.append(f'<polygon points="{_pts(island["outline"], h)}" fill="#d9c48f" stroke="#8a6d3b" '
                   f'stroke-width="0.3"><title>{escape(island["name"])}</title></polygon>')
        taken.append(_box(island["outline"]))
    out.append(_wind_svg(table["wind"], w, h))
    shot = view.get("last_shot")
    if shot and shot["turn"] == view["turn"]:
        out.append(_shot_svg(shot, h))
    afloat = [s for s in view["ships"] if s["status"] == "afloat"]
    taken.extend(_box(s["hull"]) for s in afloat)
    acting = set(view.get("choosable") or [])
    for ship in afloat:
        out.append(_ship_svg(ship, view["seats"], h, ship["id"] in acting, night))
    by_id = {s["id"]: s for s in view["ships"]}
    partners: dict[str, list[str]] = {}
    for a, b in view["grapples"]:
        if a in by_id and b in by_id:
            out.append(_grapple_svg(by_id[a], by_id[b], h))
            partners.setdefault(a, []).append(b)
            partners.setdefault(b, []).append(a)
    for island in table["islands"]:
        label = island["name"] + (" ★" * island["treasure"])
        cx = sum(p[0] for p in island["outline"]) / len(island["outline"])
        cy = sum(p[1] for p in island["outline"]) / len(island["outline"])
        out.append(_text(cx, h - cy + FONT / 3, label, "#3e2723", "#eadcb4", anchor="middle"))
    for ship in afloat:
        out.append(_ship_label(ship, h, taken, ink, halo, partners.get(ship["id"], [])))
    out.extend(_key_svg(key, view["seats"], h + south))
    out.append("</svg>")
    return "\n".join(out)


# -- pieces of the picture -------------------------------------------------------------------------


def _pts(coords: list[list[float]], h: float) -> str:
    return " ".join(f"{x:.2f},{h - y:.2f}" for x, y in coords)


def _box(coords: list[list[float]]) -> tuple[float, float, float, float]:
    xs = [p[0] for p in coords]
    ys = [p[1] for p in coords]
    return min(xs), min(ys), max(xs), max(ys)


def _middle(ship: dict[str, Any]) -> tuple[float, float]:
    rad = math.radians(ship["heading"])
    half = ship["length"] / 2
    return ship["x"] - half * math.cos(rad), ship["y"] - half * math.sin(rad)


def _text(x: float, y: float, text: str, fill: str, halo: str, size: float = FONT, anchor: str = "start",
          weight: str = "normal") -> str:
    """Text with a halo of the background colour, so it stays readable over hulls and arcs."""
    return (f'<text x="{x:.2f}" y="{y:.2f}" font-size="{size}" text-anchor="{anchor}" font-weight="{weight}" '
            f'fill="{fill}" stroke="{halo}" stroke-width="{size / 4:.2f}" paint-order="stroke" '
            f'stroke-linejoin="round">{escape(text)}</text>')


def _wind_svg(wind: dict[str, Any], w: float, h: float) -> str:
    """Point-source wind: the wind's eye and a fan of arrows blowing out of it; parallel wind:
    arrows across the table's corner. Both are labelled."""
    parts = ["<g>"]
    if wind["kind"] == "point":
        ex, ey = min(max(wind["x"], -8), w + 8), min(max(wind["y"], -8), h + 8)
        parts.append(f'<title>point-source wind blowing out from ({wind["x"]:g}, {wind["y"]:g})</title>')
        parts.append(f'<circle cx="{ex:.1f}" cy="{h - ey:.1f}" r="2.4" fill="#fff" stroke="#546e7a" '
                     f'stroke-width="0.4"/><circle cx="{ex:.1f}" cy="{h - ey:.1f}" r="0.8" fill="#546e7a"/>')
        centre = math.atan2(h / 2 - ey, w / 2 - ex)
        for spread in (-0.35, 0.0, 0.35):
            angle = centre + spread
            x1, y1 = ex + 3.5 * math.cos(angle), ey + 3.5 * math.sin(angle)
            x2, y2 = ex + 10 * math.cos(angle), ey + 10 * math.sin(angle)
            parts.append(f'<line x1="{x1:.1f}" y1="{h - y1:.1f}" x2="{x2:.1f}" y2="{h - y2:.1f}" stroke="#546e7a" '
                         f'stroke-width="0.5" marker-end="url(#wind-arrow)"/>')
        half = CHAR * 1.6 * 5  # half the label's width: keep it on the picture
        lx = min(max(ex, -10.0 + half), w + 10.0 - half)
        parts.append(_text(lx, h - ey - 3.2, "wind's eye", "#37474f", "#f4efe1", size=1.6, anchor="middle"))
    else:
        rad = math.radians(wind["from_heading"])
        dx, dy = -math.cos(rad), -math.sin(rad)  # the way the wind blows
        parts.append(f'<title>parallel wind blowing from {wind["from_heading"]:g}°</title>')
        cx, cy = w - 9, h - 9
        for side in (-2.2, 0.0, 2.2):
            ox, oy = cx - dy * side, cy + dx * side
            parts.append(f'<line x1="{ox - 5 * dx:.1f}" y1="{h - (oy - 5 * dy):.1f}" x2="{ox + 4 * dx:.1f}" '
                         f'y2="{h - (oy + 4 * dy):.1f}" stroke="#90a4ae" stroke-width="0.5" '
                         f'marker-end="url(#wind-arrow)"/>')
        parts.append(_text(cx, h - cy + 8, "wind", "#37474f", "#eceff1", size=1.6, anchor="middle"))
    parts.append("</g>")
    return "".join(parts)


def _grapple_svg(a: dict[str, Any], b: dict[str, Any], h: float) -> str:
    """A rope between the two hulls' middles, with a hook at each end, over the hulls."""
    (ax, ay), (bx, by) = _middle(a), _middle(b)
    line = f'x1="{ax:.2f}" y1="{h - ay:.2f}" x2="{bx:.2f}" y2="{h - by:.2f}"'
    return (f'<g><title>{a["id"]} and {b["id"]} are grappled</title>'
            f'<line {line} stroke="#fff" stroke-width="1.1"/>'
            f'<line {line} stroke="{GRAPPLE}" stroke-width="0.6" stroke-dasharray="0.9,0.4"/>'
            f'<circle cx="{ax:.2f}" cy="{h - ay:.2f}" r="0.55" fill="{GRAPPLE}" stroke="#fff" stroke-width="0.2"/>'
            f'<circle cx="{bx:.2f}" cy="{h - by:.2f}" r="0.55" fill="{GRAPPLE}" stroke="#fff" stroke-width="0.2"/>'
            f'</g>')


def _shot_svg(shot: dict[str, Any], h: float) -> str:
    """The gun's arc out to its longest range, each range segment's outer edge numbered, and the
    line the range was measured along (from the gun to the nearest part of the target in the arc)."""
    parts = [f'<g><title>{shot["ship"]} fired its {shot["gun"]} gun at {shot["target"]}</title>']
    if shot["arc"]:
        parts.append(f'<polygon points="{_pts(shot["arc"], h)}" fill="#ffb74d" fill-opacity="0.3" stroke="{SHOT}" '
                     f'stroke-width="0.3"/>')
    for ring in shot["rings"]:
        parts.append(f'<polyline points="{_pts(ring, h)}" fill="none" stroke="{SHOT}" stroke-opacity="0.55" '
                     f'stroke-width="0.15" stroke-dasharray="0.6,0.4"/>')
    (ax, ay), (bx, by) = shot["line"]
    parts.append(f'<line x1="{ax:.2f}" y1="{h - ay:.2f}" x2="{bx:.2f}" y2="{h - by:.2f}" stroke="{SHOT}" '
                 f'stroke-width="0.5"/>')
    parts.append(f'<circle cx="{ax:.2f}" cy="{h - ay:.2f}" r="0.45" fill="{SHOT}"/>')
    aim = f", aimed to {shot['effective']}" if shot["aim"] else ""
    label = f"range {shot['range']}{aim}: {shot['damage']} dmg"
    parts.append(_text((ax + bx) / 2 + 1, h - (ay + by) / 2, label, "#bf360c", "#fff3e0", size=1.8,
                       weight="bold"))
    parts.append("</g>")
    return "".join(parts)


def _ship_svg(ship: dict[str, Any], seats: list[str], h: float, acting: bool, night: bool) -> str:
    colour = SEAT_COLOURS[seats.index(ship["seat"]) % 2]
    dead = ship["hp"] == 0
    state = "dead in the water" if dead else f'HP {ship["hp"]}/{ship["max_hp"]}'
    parts = [f'<g><title>{escape(ship["id"])}, {escape(ship["name"])} ({escape(ship["seat"])}), {state}</title>']
    if acting:
        parts.append(f'<polygon points="{_pts(ship["hull"], h)}" fill="none" stroke="{ACTING}" stroke-width="1.4" '
                     f'stroke-linejoin="round"/>')
    line = "#e0e0e0" if night else "#111"  # outlines and headings stand out by night too
    parts.append(f'<polygon points="{_pts(ship["hull"], h)}" fill="{"#8d8d8d" if dead else colour}" '
                 f'stroke="{line}" stroke-width="0.2"/>')
    rad = math.radians(ship["heading"])
    bx, by = ship["x"], ship["y"]
    # the heading: a bowsprit-like stroke ahead of the bow
    parts.append(f'<line x1="{bx:.2f}" y1="{h - by:.2f}" x2="{bx + 2.5 * math.cos(rad):.2f}" '
                 f'y2="{h - by - 2.5 * math.sin(rad):.2f}" stroke="{line}" stroke-width="0.35"/>')
    mx, my = _middle(ship)
    for index, _ in enumerate(ship["fires"]):
        offset = (index - (len(ship["fires"]) - 1) / 2) * 1.5
        fx, fy = mx + offset * math.cos(rad), my + offset * math.sin(rad)
        parts.append(f'<circle cx="{fx:.2f}" cy="{h - fy:.2f}" r="0.75" fill="{FIRE}" stroke="#3e2723" '
                     f'stroke-width="0.2"><title>fire token (doused on {ship["fires"][index]}+)</title></circle>')
    if ship["treasure"]:
        parts.append(_text(mx, h - my + 0.6, "★" * ship["treasure"], "#ffd54f", "#3e2723", size=1.8,
                           anchor="middle"))
    parts.append("</g>")
    return "".join(parts)


def _ship_label(ship: dict[str, Any], h: float, taken: list[tuple[float, float, float, float]], ink: str,
                halo: str, grappled: list[str]) -> str:
    """Two or three lines beside the hull (name; HP, AP, supplies and more; grapples), put where
    they cover the least of the islands, hulls and labels already placed; a label pushed further
    out gets a thin line back to its ship."""
    lines = [ship["id"], f'HP {ship["hp"]}/{ship["max_hp"]} · AP {ship["ap"]} · sup {ship["supplies"]}']
    if ship["treasure"]:
        lines[1] += f' · ★{ship["treasure"]}'
    if ship["fires"]:
        lines[1] += f' · fire {len(ship["fires"])}'
    if ship["hp"] == 0:
        lines[1] += " · dead"
    if grappled:
        lines.append("grappled to " + ", ".join(sorted(grappled)))
    width = CHAR * FONT * max(len(line) for line in lines)
    height = (0.3 + 1.1 * len(lines)) * FONT
    x0, y0, x1, y1 = _box(ship["hull"])
    candidates = []
    for gap in (0.8, 4.0, 8.0, 12.0):
        candidates += [(x1 + gap, y1), (x1 + gap, y0 + height), (x0 - gap - width, y1),
                       (x0 - gap - width, y0 + height), ((x0 + x1 - width) / 2, y1 + gap + height),
                       ((x0 + x1 - width) / 2, y0 - gap)]
    scores = [_overlap((cx, cy - height, cx + width, cy), taken) for cx, cy in candidates]
    pick = min(range(len(candidates)), key=lambda k: (scores[k] > 0.5, k if scores[k] <= 0.5 else scores[k]))
    lx, top = candidates[pick]
    taken.append((lx, top - height, lx + width, top))
    out = []
    if pick >= 6:
        mx, my = _middle(ship)
        ex, ey = min(max(mx, lx), lx + width), min(max(my, top - height), top)
        out.append(f'<line x1="{mx:.2f}" y1="{h - my:.2f}" x2="{ex:.2f}" y2="{h - ey:.2f}" stroke="{ink}" '
                   f'stroke-opacity="0.6" stroke-width="0.12"/>')
    for index, line in enumerate(lines):
        out.append(_text(lx, h - top + (1 + 1.1 * index) * FONT, line, ink, halo,
                         weight="bold" if index == 0 else "normal"))
    return "".join(out)


def _overlap(box: tuple[float, float, float, float], taken: list[tuple[float, float, float, float]]) -> float:
    x0, y0, x1, y1 = box
    total = 0.0
    for a0, b0, a1, b1 in taken:
        dx, dy = min(x1, a1) - max(x0, a0), min(y1, b1) - max(y0, b0)
        if dx > 0 and dy > 0:
            total += dx * dy
    return total


# -- the key ---------------------------------------------------------------------------------------


def _key_lines(view: dict[str, Any], w: float) -> list[str]:
    status = f"{view.get('title', view['scenario'])} · turn {view['turn']}/{view['turn_limit']} · {view['phase']} phase"
    if view.get("outcome"):
        status += f" · {view['outcome']['reason']}"
    lines = [status]
    lines.extend(_wrap(view["objective"], w))
    lines.append("SEATS")
    marks = ("yellow ring: may act now · line at the bow: heading · grey hull: dead in the water · ★ treasure · "
             "orange dot: fire token · brown rope: grapple · green dashes: an edge to escape by · "
             "HP / AP / sup: health, action points, supplies")
    lines.extend(_wrap(marks, w))
    shot = view.get("last_shot")
    if shot and shot["turn"] == view["turn"]:
        lines.extend(_wrap(f"Orange: {shot['ship']}'s {shot['gun']} gun at {shot['target']}: its arc out to its "
                           f"longest range, dashed lines every Red segment (4 cm), the range line from the gun "
                           f"to the nearest part of the target in the arc.", w))
    if view.get("darkness") is not None:
        sight = view["darkness"]
        lines.extend(_wrap(f"Night: a target is seen only within {sight} segments ({sight * 4} cm), unless it "
                           f"burns or its guns flashed this turn or last.", w))
    return lines


def _wrap(text: str, w: float, size: float = 1.9) -> list[str]:
    width = int((w + 20) / (CHAR * size))
    lines: list[str] = []
    for word in text.split():
        if lines and len(lines[-1]) + 1 + len(word) <= width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines


def _overflow(view: dict[str, Any], w: float, h: float) -> tuple[float, float, float, float]:
    """How far (cm, plus a margin) hulls afloat reach past the west, east, north and south edges."""
    points = [p for ship in view["ships"] if ship["status"] == "afloat" for p in ship["hull"]]
    if not points:
        return 0.0, 0.0, 0.0, 0.0
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    past = (-min(xs), max(xs) - w, max(ys) - h, -min(ys))
    return tuple(d + 2 if d > 0 else 0.0 for d in past)  # type: ignore[return-value]


def _key_svg(lines: list[str], seats: list[str], h: float) -> list[str]:
    out = []
    y = h + 5.0
    for index, line in enumerate(lines):
        size = 2.6 if index == 0 else 1.9
        if line == "SEATS":
            x = -10.0
            for seat, colour in zip(seats, SEAT_COLOURS, strict=False):
                out.append(f'<rect x="{x:.1f}" y="{y - 1.6:.1f}" width="2.2" height="1.8" fill="{colour}"/>')
                out.append(_text(x + 3, y, seat, "#111", "#f4efe1", size=size))
                x += 5 + CHAR * size * len(seat)
        else:
            out.append(_text(-10.0, y, line, "#111", "#f4efe1", size=size, weight="bold" if index == 0 else "normal"))
        y += 3.4 if index == 0 else 2.6
    return out
