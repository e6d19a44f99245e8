"""Views and pictures: the JSON view of the table, a text summary and an SVG drawing.

The pictures are drawn from the view alone, so they show exactly what the view holds.
"""

from __future__ import annotations

import math
from functools import cache
from html import escape
from typing import TYPE_CHECKING, Any

from tabletop.core import Action

from .actions import Commandeer, Dock, Done, Drift, Fire, Grapple, Melee, Sail, Share
from .geometry import RED, Table

if TYPE_CHECKING:
    from .game import CagwayState

SEAT_COLOURS = ("#b3261e", "#1f4e99")
STICK_COLOURS = {"white": "#dddddd", "brown": "#7a4b1f", "red": "#c62828", "yellow": "#e0b000",
                 "green": "#2e7d32", "blue": "#1565c0"}


@cache
def _table_view(table: Table) -> dict[str, Any]:
    return {
        "width": table.width, "height": table.height,
        "edges": "land" if table.land_edges else "open-sea", "exits": sorted(table.exits),
        "islands": [{"id": i.id, "name": i.name,
                     "outline": [[round(x, 2), round(y, 2)] for x, y in i.shape.exterior.coords]}
                    for i in table.islands.values()],
        "wind": table.wind.to_json(),
    }


def state_view(state: CagwayState) -> dict[str, Any]:
    """Everything on the table is in plain sight, so every seat gets the same view."""
    table = dict(_table_view(state.table))
    table["islands"] = [dict(i, treasure=state.stock[i["id"]][0], supplies=state.stock[i["id"]][1])
                        for i in table["islands"]]
    ships = []
    for ship in state.ships.values():
        data = ship.to_json()
        data["seat"] = state.seats[ship.seat]
        data["home"] = state.seats[ship.home]
        ships.append(data)
    return {
        "scenario": state.scenario_slug,
        "objective": state.objective.text,
        "turn": state.turn,
        "turn_limit": state.turn_limit,
        "phase": state.phase,
        "active": state.active,
        "choosable": state.choosable(),
        "darkness": state.sight_range,
        "table": table,
        "ships": ships,
        "grapples": [list(pair) for pair in sorted(state.grapples)],
        "last_shot": state.last_shot,
        "first_capture": None if state.first_capture is None else state.seats[state.first_capture],
    }


def describe(state: CagwayState, action: Action) -> str:
    """A menu label such as "swallow: turn 15° to port and sail"."""
    ship = getattr(action, "ship", "?")
    if isinstance(action, Sail):
        side = "port" if action.turn > 0 else "starboard"
        turn = "straight on" if action.turn == 0 else f"turn {abs(action.turn):g}° to {side}"
        return f"{ship}: {turn} and sail one segment"
    if isinstance(action, Drift):
        return f"{ship}: drift downwind, then face {action.heading:g}° (uses all AP)"
    if isinstance(action, Fire):
        aim = f", aiming with {action.aim} AP" if action.aim else ""
        return f"{ship}: fire the {action.gun} gun at {action.target}{aim}"
    if isinstance(action, Melee):
        return f"{ship}: fight {action.target} hand to hand"
    if isinstance(action, Dock):
        return f"{ship}: dock at {action.island}"
    if isinstance(action, Grapple):
        return f"{ship}: grapple {action.target}"
    if isinstance(action, Commandeer):
        return f"{ship}: commandeer {action.target} with {action.crew} HP of crew"
    if isinstance(action, Share):
        return f"{ship}: share with {action.friend} (HP {action.hp:+d}, supplies {action.supplies:+d}, " \
               f"treasure {action.treasure:+d})"
    if isinstance(action, Done):
        return f"{ship}: done for this phase"
    return f"{ship}: {action.kind}"


def _wind_text(wind: dict[str, Any]) -> str:
    if wind["kind"] == "parallel":
        return f"parallel wind from {wind['from_heading']:g}°"
    return f"wind from a point source at ({wind['x']:g}, {wind['y']:g})"


def text_picture(view: dict[str, Any]) -> str:
    """A readable summary for the terminal."""
    table = view["table"]
    lines = [
        f"Cagway Bay · {view['scenario']} · turn {view['turn']}/{view['turn_limit']} · {view['phase']} phase",
        f"{view['objective']}",
        f"Table {table['width']:g}x{table['height']:g} cm, edges {table['edges']}; {_wind_text(table['wind'])}"
        + (f"; darkness: sight {view['darkness']} segments" if view.get("darkness") is not None else ""),
    ]
    for island in table["islands"]:
        stock = []
        if island["treasure"]:
            stock.append(f"{island['treasure']} treasure")
        if island["supplies"]:
            stock.append(f"{island['supplies']} supplies")
        lines.append(f"  island {island['id']}" + (f" ({', '.join(stock)})" if stock else ""))
    acting = set(view.get("choosable") or [])
    for ship in view["ships"]:
        mark = ">" if ship["id"] in acting else " "
        state = ship["status"] if ship["status"] != "afloat" else ("DEAD" if ship["hp"] == 0 else "")
        extras = []
        if ship["fires"]:
            extras.append(f"fires {len(ship['fires'])}")
        if ship["treasure"]:
            extras.append(f"treasure {ship['treasure']}")
        if ship["docked"]:
            extras.append(f"docked at {ship['docked']}")
        lines.append(
            f"{mark} {ship['id']:<18} {ship['seat']:<9} {ship['name']:<12} at ({ship['x']:6.1f},{ship['y']:6.1f}) "
            f"hdg {ship['heading']:5.1f}  HP {ship['hp']:>2}/{ship['max_hp']:<2} AP {ship['ap']} "
            f"sup {ship['supplies']} {' '.join(extras)} {state}".rstrip())
    if view["grapples"]:
        lines.append("grapples: " + ", ".join("-".join(pair) for pair in view["grapples"]))
    shot = view.get("last_shot")
    if shot:
        lines.append(f"last shot: {shot['ship']} {shot['gun']} at {shot['target']}, range {shot['range']} "
                     f"(effective {shot['effective']}) for {shot['damage']}")
    if view.get("outcome"):
        lines.append(f"Game over: {view['outcome']['reason']}")
    return "\n".join(lines)


def _pts(coords: list[list[float]], height: float) -> str:
    return " ".join(f"{x:.2f},{height - y:.2f}" for x, y in coords)


def svg_picture(view: dict[str, Any]) -> str:
    """An SVG of the table: islands, wind, hulls with headings, the last shot's arc and range,
    fire tokens, grapples, and each ship's HP, AP and supplies."""
    table = view["table"]
    w, h = table["width"], table["height"]
    pad = 12.0
    seats = view["seats"]
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{-pad} {-pad} {w + 2 * pad} {h + 2 * pad + 8}" '
        f'width="{(w + 2 * pad) * 8:.0f}" height="{(h + 2 * pad + 8) * 8:.0f}" font-family="sans-serif">',
        f'<rect x="{-pad}" y="{-pad}" width="{w + 2 * pad}" height="{h + 2 * pad + 8}" fill="#f4efe1"/>',
        f'<rect x="0" y="0" width="{w}" height="{h}" fill="{"#0b1d3a" if view.get("darkness") is not None else "#cfe6f5"}" '
        f'stroke="{"#5d4a2a" if table["edges"] == "land" else "#7aa7c7"}" stroke-width="{1.2 if table["edges"] == "land" else 0.4}"/>',
    ]
    for edge in table["exits"]:
        x1, y1, x2, y2 = {"north": (0, h, w, h), "south": (0, 0, w, 0), "west": (0, 0, 0, h), "east": (w, 0, w, h)}[edge]
        out.append(f'<line x1="{x1}" y1="{h - y1}" x2="{x2}" y2="{h - y2}" stroke="#2e7d32" stroke-width="1" '
                   f'stroke-dasharray="2,1"><title>exit: {edge} edge</title></line>')
    for island in table["islands"]:
        out.append(f'<polygon points="{_pts(island["outline"], h)}" fill="#d9c48f" stroke="#8a6d3b" '
                   f'stroke-width="0.3"><title>{escape(island["name"])}</title></polygon>')
        cx = sum(p[0] for p in island["outline"]) / len(island["outline"])
        cy = sum(p[1] for p in island["outline"]) / len(island["outline"])
        label = escape(island["name"]) + (" ★" * island["treasure"])
        out.append(f'<text x="{cx:.1f}" y="{h - cy:.1f}" font-size="2" text-anchor="middle">{label}</text>')
    out.append(_wind_svg(table["wind"], w, h))
    shot = view.get("last_shot")
    if shot:
        out.append(f'<polygon points="{_pts(shot["arc"], h)}" fill="#ff9800" fill-opacity="0.15" '
                   f'stroke="#ff9800" stroke-width="0.3"/>')
        by_id = {s["id"]: s for s in view["ships"]}
        if shot["ship"] in by_id and shot["target"] in by_id:
            a, b = by_id[shot["ship"]], by_id[shot["target"]]
            out.append(f'<line x1="{a["x"]:.2f}" y1="{h - a["y"]:.2f}" x2="{b["x"]:.2f}" y2="{h - b["y"]:.2f}" '
                       f'stroke="#ff5722" stroke-width="0.4" stroke-dasharray="1,0.6"/>')
            out.append(f'<text x="{(a["x"] + b["x"]) / 2:.1f}" y="{h - (a["y"] + b["y"]) / 2:.1f}" font-size="2.2" '
                       f'fill="#bf360c">range {shot["range"]} → {shot["damage"]} dmg</text>')
    by_id = {s["id"]: s for s in view["ships"]}
    for a, b in view["grapples"]:
        if a in by_id and b in by_id:
            out.append(f'<line x1="{by_id[a]["x"]:.2f}" y1="{h - by_id[a]["y"]:.2f}" x2="{by_id[b]["x"]:.2f}" '
                       f'y2="{h - by_id[b]["y"]:.2f}" stroke="#333" stroke-width="0.5"/>')
    acting = set(view.get("choosable") or [])
    for ship in view["ships"]:
        if ship["status"] != "afloat":
            continue
        out.append(_ship_svg(ship, seats, h, ship["id"] in acting))
    status = f"Turn {view['turn']}/{view['turn_limit']} · {view['phase']} phase · {view['scenario']}"
    if view.get("outcome"):
        status += f" · {view['outcome']['reason']}"
    out.append(f'<text x="0" y="{h + pad + 4}" font-size="3">{escape(status)}</text>')
    out.append("</svg>")
    return "\n".join(out)


def _wind_svg(wind: dict[str, Any], w: float, h: float) -> str:
    if wind["kind"] == "point":
        x = min(max(wind["x"], -8), w + 8)
        y = min(max(wind["y"], -8), h + 8)
        return (f'<g><circle cx="{x:.1f}" cy="{h - y:.1f}" r="3" fill="#fff" stroke="#555" stroke-width="0.4"/>'
                f'<text x="{x:.1f}" y="{h - y + 1:.1f}" font-size="2.6" text-anchor="middle">W</text>'
                f'<title>wind source at ({wind["x"]:g}, {wind["y"]:g})</title></g>')
    rad = math.radians(wind["from_heading"])
    dx, dy = -math.cos(rad) * 8, -math.sin(rad) * 8
    cx, cy = w - 10, h - 10
    return (f'<g><line x1="{cx - dx:.1f}" y1="{h - (cy - dy):.1f}" x2="{cx + dx:.1f}" y2="{h - (cy + dy):.1f}" '
            f'stroke="#555" stroke-width="0.8" marker-end="url(#arrow)"/>'
            f'<defs><marker id="arrow" markerWidth="4" markerHeight="4" refX="2" refY="2" orient="auto">'
            f'<path d="M0,0 L4,2 L0,4 z" fill="#555"/></marker></defs>'
            f'<title>parallel wind blowing from {wind["from_heading"]:g}°</title></g>')


def _ship_svg(ship: dict[str, Any], seats: list[str], h: float, acting: bool) -> str:
    colour = SEAT_COLOURS[seats.index(ship["seat"]) % 2]
    dead = ship["hp"] == 0
    parts = [f'<g><title>{escape(ship["name"])} {escape(ship["id"])} ({escape(ship["seat"])})</title>',
             f'<polygon points="{_pts(ship["hull"], h)}" fill="{"#777" if dead else colour}" '
             f'stroke="{"#ffeb3b" if acting else "#111"}" stroke-width="{0.5 if acting else 0.2}"/>']
    rad = math.radians(ship["heading"])
    bx, by = ship["x"], ship["y"]
    parts.append(f'<line x1="{bx:.2f}" y1="{h - by:.2f}" x2="{bx + 3 * math.cos(rad):.2f}" '
                 f'y2="{h - by - 3 * math.sin(rad):.2f}" stroke="#111" stroke-width="0.3"/>')
    if not dead:
        # gun ranges: faint rings out to each gun's reach, from the hull's middle
        mx, my = bx - ship["length"] / 2 * math.cos(rad), by - ship["length"] / 2 * math.sin(rad)
        reach = max((len(g["chart"]) for g in ship["guns"].values()), default=0) * RED
        parts.append(f'<circle cx="{mx:.2f}" cy="{h - my:.2f}" r="{reach:.1f}" fill="none" stroke="{colour}" '
                     f'stroke-opacity="0.25" stroke-width="0.2" stroke-dasharray="0.8,0.8"/>')
    for index, _ in enumerate(ship["fires"]):
        parts.append(f'<circle cx="{bx - 1.2 * (index + 1) * math.cos(rad):.2f}" '
                     f'cy="{h - by + 1.2 * (index + 1) * math.sin(rad):.2f}" r="0.6" fill="#ff6f00"/>')
    label = f'{ship["id"]} HP {ship["hp"]}/{ship["max_hp"]} AP {ship["ap"]} S {ship["supplies"]}'
    if ship["treasure"]:
        label += f' ★{ship["treasure"]}'
    parts.append(f'<text x="{bx + 1:.1f}" y="{h - by - 1.5:.1f}" font-size="1.8" fill="#000">{escape(label)}</text>')
    parts.append("</g>")
    return "".join(parts)
