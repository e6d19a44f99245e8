"""Views: the JSON view of the table, menu labels and a text summary (the SVG is in ``picture``).

The pictures are drawn from the view alone, so they show exactly what the view holds.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, Any

from shapely.geometry import LineString, Polygon
from shapely.ops import nearest_points

from tabletop.core import Action

from .actions import Commandeer, Dock, Done, Drift, Fire, Grapple, Melee, Sail, Share
from .chart import chart_lines
from .data import scenario_model
from .geometry import RED, STICKS, Table, place
from .view import gun_cover, ship_card, sticks_view

if TYPE_CHECKING:
    from .game import CagwayState



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
    table["sticks"] = sticks_view()
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
        "title": scenario_model(state.scenario_slug).title,
        "objective": objective_text(state),
        "turn": state.turn,
        "turn_limit": state.turn_limit,
        "phase": state.phase,
        "active": state.active,
        "choosable": state.choosable(),
        "darkness": state.sight_range,
        # the edges a running side escapes by (with open sea the others can still be sailed off)
        "escape_edges": sorted(state.scoring_edges) if state.objective.kind != "battle" else [],
        "table": table,
        "ships": ships,
        "cards": {slug: ship_card(cls) for slug, cls in sorted({s.cls.slug: s.cls for s in state.ships.values()}.items())},
        "grapples": [list(pair) for pair in sorted(state.grapples)],
        "last_shot": _shot_view(state),
        "first_capture": None if state.first_capture is None else state.seats[state.first_capture],
    }


def objective_text(state: CagwayState) -> str:
    """The scenario's objective in words, with the win by a first capture when that option is on."""
    text = state.objective.text
    if state.objective.kind == "battle" and state.game.options["objective"] == "capture":
        text += " The first side to capture an enemy ship wins at once."
    return text


def _shot_view(state: CagwayState) -> dict[str, Any] | None:
    """The last shot, with what a picture needs: the gun's arc out to its longest range, the
    boundary of each range segment inside it, and the line the range was measured along."""
    shot = state.last_shot
    if shot is None:
        return None
    kept = state.__dict__.get("_shot_drawing")  # worked out once per shot, not once per view
    if kept is not None and kept[0] is shot:
        return dict(kept[1])
    drawing = _shot_drawing(state, shot)
    state.__dict__["_shot_drawing"] = (shot, drawing)
    return drawing


def _shot_drawing(state: CagwayState, shot: dict[str, Any]) -> dict[str, Any]:
    shooter, target = state.ships[shot["ship"]], state.ships[shot["target"]]
    gun = shooter.cls.guns[shot["gun"]]
    aimed = Polygon(place(target.cls.outline, *shot["at"]))
    # range runs from the source, a point or the hull's side (CB-COMBAT-RANGE-1)
    x, y, heading = shot["from"]
    cover, source, band = gun_cover(x, y, heading, shooter.cls, shot["gun"])
    rings = [_lines(source.buffer(k * RED, quad_segs=16).exterior.intersection(band))
             for k in range(1, gun.max_range + 1)]
    part = aimed.intersection(band)
    start, end = nearest_points(source, part if not part.is_empty else aimed)
    return {
        **{key: shot[key] for key in ("ship", "gun", "target", "range", "aim", "effective", "damage", "turn")},
        "arc": _rounded(cover.exterior.coords) if isinstance(cover, Polygon) else [],
        "rings": [line for ring in rings for line in ring],
        "line": [[round(start.x, 2), round(start.y, 2)], [round(end.x, 2), round(end.y, 2)]],
    }


def _lines(geom: Any) -> list[list[list[float]]]:
    if geom.is_empty:
        return []
    if isinstance(geom, LineString):
        return [_rounded(geom.coords)]
    return [line for part in getattr(geom, "geoms", []) for line in _lines(part)]


def _rounded(coords: Any) -> list[list[float]]:
    return [[round(px, 2), round(py, 2)] for px, py in coords]


def describe(state: CagwayState, action: Action) -> str:
    """A menu label such as "swallow: turn 15° to port and sail"."""
    ship = getattr(action, "ship", "?")
    if isinstance(action, Sail):
        side = "port" if action.turn > 0 else "starboard"
        turn = "straight on" if action.turn == 0 else f"turn {abs(action.turn):g}° to {side}"
        return f"{ship}: {turn} and sail one segment{_segment(state, action)}"
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


def _segment(state: CagwayState, action: Sail) -> str:
    """The stick the new heading earns and how far it carries the bow, such as " (yellow, 5 cm)"."""
    ship = state.ships.get(action.ship)
    if ship is None:
        return ""
    heading = (ship.heading + action.turn) % 360
    colour = ship.cls.colour(state.table.wind.off_wind(heading, ship.x, ship.y))
    return f" ({colour}, {STICKS[colour]:g} cm)"


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
    lines += chart_lines(view)
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
