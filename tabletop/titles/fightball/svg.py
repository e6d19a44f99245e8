"""An SVG picture of a Fightball view: the court's 24 stacks by zone, both coaches, the score.

Built from the view alone, so it shows only what that seat may see. The viewing coach sits at
the bottom of the picture (the table turned round for the away coach, so their own Red and Blue
zones are nearest them); a spectator sees it from the home side.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any
from xml.sax.saxutils import escape

__all__ = ["render_svg"]

WIDTH = 1010
TILE_W, TILE_H, GAP = 205, 92, 8
COURT_X = 150
HEADER_H, PANEL_H, BOTTOM_H = 56, 132, 150
ZONE_GAP = 14
FONT = "DejaVu Sans, Verdana, Arial, sans-serif"

ZONE_FILL = {"red": "#f7d9d5", "blue": "#d9e6f6", "green": "#d9f0da"}
ZONE_INK = {"red": "#b3261e", "blue": "#1f5fa8", "green": "#2e7d32"}
TEAM_INK = {"home": "#d9820b", "away": "#6b3fa0"}
KIND_TAG = {"player": "Player", "ball": "Ball", "shot": "Shot", "effect": "Effect", "buzz": "Buzz"}
COLOUR_INDEX = {"red": 0, "blue": 1, "green": 2}
MINUS = "\u2212"


def _text(x: float, y: float, content: str, size: int = 13, fill: str = "#222", weight: str = "normal",
          anchor: str = "start", italic: bool = False) -> str:
    style = ' font-style="italic"' if italic else ""
    return (f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size}" fill="{fill}" font-weight="{weight}" '
            f'text-anchor="{anchor}"{style}>{escape(content)}</text>')


def _rect(x: float, y: float, w: float, h: float, fill: str, stroke: str = "none", width: float = 1,
          radius: float = 6, dash: str = "") -> str:
    extra = f' stroke-dasharray="{dash}"' if dash else ""
    return (f'<rect x="{x:.1f}" y="{y:.1f}" width="{w:.1f}" height="{h:.1f}" rx="{radius}" fill="{fill}" '
            f'stroke="{stroke}" stroke-width="{width}"{extra}/>')


def _clip(text: str, most: int) -> str:
    return text if len(text) <= most else text[: most - 1] + "\u2026"


def _fit(x: float, y: float, content: str, room: float, size: int, fill: str = "#222", weight: str = "normal",
         anchor: str = "start") -> str:
    """Text shrunk (down to 9 px) to fit ``room`` pixels, then cut short if it still does not."""
    per_char = 0.57 if weight == "bold" else 0.5  # a rough average glyph width, in ems
    fitted = max(10, min(size, int(room / (per_char * max(1, len(content))))))
    return _text(x, y, _clip(content, int(room / (per_char * fitted))), fitted, fill, weight, anchor)


def _signed(n: int) -> str:
    return f"+{n}" if n >= 0 else f"{MINUS}{-n}"


def _number(n: int) -> str:
    return str(n) if n >= 0 else f"{MINUS}{-n}"


def _rows(view: Mapping[str, Any]) -> list[tuple[str, list[Mapping[str, Any]]]]:
    """Rows of at most four stacks, zone by zone from the far goal to the viewer's."""
    rows: list[tuple[str, list[Mapping[str, Any]]]] = []
    for stack in view["court"]:
        if rows and rows[-1][0] == stack["zone"] and len(rows[-1][1]) < 4:
            rows[-1][1].append(stack)
        else:
            rows.append((stack["zone"], [stack]))
    if view.get("seat") == "away":  # the away coach sits at the other end of the table
        rows = [(zone, list(reversed(stacks))) for zone, stacks in reversed(rows)]
    return rows


def _value_here(card: Mapping[str, Any], colour: str) -> str:
    """The top card's number for this zone: a Player's Shot/Block, a Shot's value, a Ball's bonus."""
    index = COLOUR_INDEX[colour]
    if card["kind"] == "player":
        return f"shot {card['shot'][index]} \u00b7 block {card['block'][index]}"
    if card["kind"] == "shot":
        return f"{_signed(card['shot'][index])} here"
    if card["kind"] == "ball":
        return "+2 here" if card["colour"] == colour else "+0 here"
    return ""


def _status(stack: Mapping[str, Any], names: Mapping[str, str]) -> tuple[str, str]:
    """One line for what the stack is worth now, and its colour."""
    play = stack["play"]
    status = play["status"]
    fouls = ", ".join(f"{n} to {names[seat]}" for seat, n in play["fouls"].items() if n) or "nothing"
    if status == "empty":
        return "empty", "#999"
    if status == "false-start":
        return f"False Start: {fouls}", "#b3261e"
    value = play["value"]
    if status == "incomplete":
        missing = "a Shot" if play["ball"] else "Ball and Shot"
        return f"{_number(value)} so far, needs {missing}", "#555"
    if play["succeeds"]:
        scorer = play["scorer"]
        return f"{_number(value)} \u2713 {play['play_points']} to {names[scorer]}", "#1b6e20"
    return f"{_number(value)} \u2717 below 10, the play fails", "#8a1c1c"


def _tile(x: float, y: float, stack: Mapping[str, Any], names: Mapping[str, str]) -> list[str]:
    colour = stack["colour"]
    cards: Sequence[Mapping[str, Any]] = stack["cards"]
    play = stack["play"]
    out = [_rect(x, y, TILE_W, TILE_H, ZONE_FILL[colour], ZONE_INK[colour], 1.2)]
    if play["shooter"] is not None and play["status"] != "false-start":
        out.append(_rect(x, y, 7, TILE_H, TEAM_INK[play["shooter"]], radius=3))
    shown_colour = play["colour"] or colour
    out.append(_text(x + 14, y + 16, f"#{stack['stack']}", 11, "#555", "bold"))
    count = len(cards)
    out.append(_text(x + TILE_W - 8, y + 16, f"{count} card{'' if count == 1 else 's'}" if count else "",
                     11, "#555", anchor="end"))
    flags = [(seat, n) for seat, n in play["fouls"].items() if n] if play["status"] != "false-start" else []
    for k, (seat, n) in enumerate(flags):  # foul points, in the colour of the team they go to
        out.append(_text(x + 48 + 38 * k, y + 16, f"\u2691+{n}", 11, TEAM_INK[seat], "bold"))
    if cards:
        top = cards[-1]
        out.append(f'<circle cx="{x + 19:.1f}" cy="{y + 36:.1f}" r="5" fill="{TEAM_INK[top["owner"]]}"/>')
        out.append(_fit(x + 29, y + 41, top["name"], TILE_W - 80, 15, "#111", "bold"))
        out.append(_text(x + TILE_W - 8, y + 41, KIND_TAG[top["kind"]], 10, "#666", anchor="end"))
        value = _value_here(top, shown_colour)
        below = ", ".join(c["name"] for c in reversed(cards[-3:-1]))
        if count > 3:
            below += ", \u2026"
        moved = f"\u2192 {play['colour']} zone" if play["colour"] and play["colour"] != colour else ""
        second = "  ".join(part for part in (moved, value, f"on {below}" if below else "") if part)
        out.append(_fit(x + 14, y + 59, second, TILE_W - 22, 11, "#444"))
    text, ink = _status(stack, names)
    out.append(_fit(x + 14, y + 80, text, TILE_W - 22, 12, ink, "bold" if play["succeeds"] else "normal"))
    return out


def _card(x: float, y: float, card: Mapping[str, Any] | None, label: str, w: float = 150, h: float = 112,
          face_down: bool = False) -> list[str]:
    """A card drawn face up with its printed numbers, face down, or an empty place."""
    out = [_text(x + w / 2, y - 6, label, 11, "#555", anchor="middle")]
    if face_down:
        out.append(_rect(x, y, w, h, "#3b3b58", "#222", 1.5))
        out.append(_rect(x + 8, y + 8, w - 16, h - 16, "none", "#8888b0", 1, 4, "4 3"))
        out.append(_text(x + w / 2, y + h / 2 + 5, "FIGHTBALL", 13, "#c9c9e8", "bold", "middle"))
        return out
    if card is None:
        out.append(_rect(x, y, w, h, "none", "#aaa", 1, 6, "5 4"))
        out.append(_text(x + w / 2, y + h / 2 + 4, "none", 12, "#999", anchor="middle", italic=True))
        return out
    owner = TEAM_INK[card["owner"]]
    out.append(_rect(x, y, w, h, "#fffdf7", owner, 2.5))
    out.append(_fit(x + 8, y + 18, card["name"], w - 14, 14, "#111", "bold"))
    kind = card["kind"]
    sub = card.get("position") or KIND_TAG[kind]
    out.append(_text(x + 8, y + 33, sub, 11, "#666", italic=True))
    if kind == "player":
        # Printed top to bottom: Red, Blue, Green Shot, then Green, Blue, Red Block.
        rows = [("red", "Shot", card["shot"][0]), ("blue", "Shot", card["shot"][1]),
                ("green", "Shot", card["shot"][2]), ("green", "Block", card["block"][2]),
                ("blue", "Block", card["block"][1]), ("red", "Block", card["block"][0])]
        for n, (colour, word, value) in enumerate(rows):
            cx, cy = x + 12 + (n // 3) * (w / 2), y + 50 + (n % 3) * 19
            out.append(f'<circle cx="{cx:.1f}" cy="{cy - 4:.1f}" r="5" fill="{ZONE_INK[colour]}"/>')
            out.append(_text(cx + 9, cy, f"{word} {value}", 12, "#222"))
    elif kind == "shot":
        for n, colour in enumerate(("red", "blue", "green")):
            cx, cy = x + 12, y + 52 + n * 19
            out.append(f'<circle cx="{cx:.1f}" cy="{cy - 4:.1f}" r="5" fill="{ZONE_INK[colour]}"/>')
            out.append(_text(cx + 9, cy, f"{colour.capitalize()} zone {_signed(card['shot'][n])}", 12, "#222"))
    elif kind == "ball":
        out.append(f'<circle cx="{x + w / 2:.1f}" cy="{y + 72:.1f}" r="24" fill="{ZONE_INK[card["colour"]]}" '
                   'stroke="#222" stroke-width="1"/>')
    elif kind == "effect":
        words = str(card.get("text", "")).split()
        line, lines = "", []
        for word in words:
            if len(line) + len(word) + 1 > 22:
                lines.append(line)
                line = word
            else:
                line = f"{line} {word}".strip()
        lines.append(line)
        for n, content in enumerate(lines[:4]):
            out.append(_text(x + 8, y + 52 + n * 15, content, 11, "#222"))
    else:
        out.append(_text(x + w / 2, y + 76, "BUZZ!", 24, "#b3261e", "bold", "middle"))
    return out


def _coach(x: float, y: float, seat: str, coach: Mapping[str, Any], score: int, me: bool,
           at_bottom: bool, pending: int, court_label: str) -> list[str]:
    out = [_rect(x, y, WIDTH - 2 * x, (BOTTOM_H if me else PANEL_H) - 10, "#f4f4f0", TEAM_INK[seat], 2)]
    who = "You" if me else ("Home" if seat == "home" else "Away")
    out.append(_text(x + 14, y + 26, f"{who}: {coach['name']}", 17, TEAM_INK[seat], "bold"))
    out.append(_text(x + 14, y + 52, f"{score} points", 28, "#111", "bold"))
    out.append(_text(x + 14, y + 76, f"shoots {'up' if at_bottom else 'down'} the court", 11, "#666", italic=True))
    # The deck: a little pile with its count.
    dx, dy = x + 230, y + 20
    for n in range(3):
        out.append(_rect(dx + n * 3, dy + n * 3, 60, 84, "#3b3b58", "#222", 1, 5))
    out.append(_text(dx + 33, dy + 52, str(coach["deck"]), 20, "#fff", "bold", "middle"))
    out.append(_text(dx + 33, dy - 5, "deck", 11, "#555", anchor="middle"))
    pile = coach["discard"]
    top = dict(pile[-1]) if pile else None
    out += _card(x + 330, y + 20, top, f"discard ({len(pile)})", 140, 96 if not me else 112)
    out.append(_text(x + 680, y + 40, court_label, 11, "#666", italic=True))
    out.append(_text(x + 680, y + 64, f"+{pending} on the court", 18, TEAM_INK[seat], "bold"))
    held = coach["held"]
    if me or held is not None:
        out += _card(x + 500, y + 20, held, "held", 150, 96 if not me else 112)
    else:
        out += _card(x + 500, y + 20, None, "held", 150, 96, face_down=coach["holding"])
    return out


def _banner(view: Mapping[str, Any], names: Mapping[str, str]) -> str:
    if view.get("is_over"):
        outcome = view.get("outcome") or {}
        return f"Game over: {outcome.get('reason', '')}"
    choice = view.get("choice")
    if choice:
        change = choice["options"][0]
        return (f"Scoring round: {names[choice['seat']]} choose {_signed(change)} or {_signed(-change)} with "
                f"{choice['card']['name']} on stack {choice['stack']} (the play scores for {names[choice['scorer']]})")
    if view.get("buzzer_beater"):
        return f"Buzzer-beater: {names[view['buzzer_beater']]} may still land the Shot in hand"
    return "Fast round: both coaches play at once"


def render_svg(view: Mapping[str, Any]) -> str:
    """The whole picture as an SVG document."""
    coaches = view["coaches"]
    names = {seat: coaches[seat]["name"] for seat in ("home", "away")}
    me = view.get("seat")
    bottom = me if me in ("home", "away") else "home"
    top = "away" if bottom == "home" else "home"
    rows = _rows(view)
    court_h = len(rows) * (TILE_H + GAP)
    zone_breaks = sum(1 for n in range(1, len(rows)) if rows[n][0] != rows[n - 1][0])
    court_h += zone_breaks * ZONE_GAP
    height = HEADER_H + PANEL_H + court_h + 40 + BOTTOM_H
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{height}" '
           f'viewBox="0 0 {WIDTH} {height}" font-family="{FONT}">',
           _rect(0, 0, WIDTH, height, "#fbfaf6", radius=0)]
    score = view["score"]
    out.append(_text(16, 34, "FIGHTBALL", 24, "#111", "bold"))
    extra = " (overtime)" if view["quarter"] > view["quarters"] else ""
    out.append(_text(190, 34, f"Quarter {view['quarter']} of {view['quarters']}{extra}", 16, "#333"))
    out.append(_text(WIDTH - 16, 24, f"{names['home']} {score['home']} : {score['away']} {names['away']}",
                     18, "#111", "bold", "end"))
    quarters = "   ".join(f"Q{n} {h}\u2013{a}" for n, (h, a) in enumerate(view.get("quarter_points", []), 1))
    if quarters:
        out.append(_text(WIDTH - 16, 44, quarters, 11, "#555", anchor="end"))
    out.append(_text(WIDTH / 2, HEADER_H - 2, _banner(view, names), 13, "#7a4b00", "bold", "middle"))
    on_court = {seat: sum(stack["play"]["points"][seat] for stack in view["court"]) for seat in ("home", "away")}
    label = {"scoring": "being scored now", "over": "scored in the last quarter"}.get(
        view["phase"], "if the Buzz came now")
    out += _coach(10, HEADER_H + 6, top, coaches[top], score[top], me == top, False, on_court[top], label)
    y = HEADER_H + PANEL_H + 14
    out.append(_text(WIDTH / 2, y + 2, f"\u25b2 {names[top]} goal: {names[bottom]} shoot this way",
                     12, "#555", anchor="middle", italic=True))
    y += 12
    previous = None
    labelled: set[str] = set()
    for zone, stacks in rows:
        if previous is not None and zone != previous:
            y += ZONE_GAP
        first = stacks[0]
        if zone not in labelled:
            labelled.add(zone)
            zone_rows = sum(1 for z, _ in rows if z == zone)
            band = zone_rows * (TILE_H + GAP) - GAP
            colour = first["colour"]
            out.append(_rect(10, y, COURT_X - 20, band, ZONE_FILL[colour], ZONE_INK[colour], 1.5))
            words = first["zone_name"].replace(" zone", "").split()
            for n, word in enumerate(words):
                out.append(_text(10 + (COURT_X - 20) / 2, y + band / 2 - 8 * len(words) + 14 * n + 8, word,
                                 13, ZONE_INK[colour], "bold", "middle"))
            out.append(_text(10 + (COURT_X - 20) / 2, y + band / 2 + 8 * len(words) + 10,
                             f"{first['worth']} points", 11, "#444", anchor="middle"))
        for n, stack in enumerate(stacks):
            out += _tile(COURT_X + n * (TILE_W + GAP), y, stack, names)
        y += TILE_H + GAP
        previous = zone
    out.append(_text(WIDTH / 2, y + 10, f"\u25bc {names[bottom]} goal: {names[top]} shoot this way",
                     12, "#555", anchor="middle", italic=True))
    out += _coach(10, y + 22, bottom, coaches[bottom], score[bottom], me == bottom, True, on_court[bottom], label)
    out.append("</svg>")
    return "\n".join(out)
