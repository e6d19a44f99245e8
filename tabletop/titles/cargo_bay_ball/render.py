"""What people see: the JSON view, menu labels for actions, and the hex bay drawn as text."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tabletop.core import Action

from . import actions as A
from .constants import (
    ARROW,
    BOXED,
    DOWN,
    FLIGHT_NAMES,
    PHASE_NAMES,
    PLAY,
    STATUS_NAMES,
    WAITING,
)
from .data import SKILLS
from .flight import Flight, PickUpChoice, PushChoice, ReleaseChoice
from .view import board_view, cards_view

if TYPE_CHECKING:
    from .game import CargoBayBall, CargoBayState

__all__ = ["describe_action", "render_text", "state_view"]


def state_view(st: CargoBayState) -> dict[str, Any]:
    """Everything is public in Cargo Bay Ball, so every seat sees the same view: the whole bay
    (``board``), every crew card (``cards``) and the position. Schema: :class:`view.CargoBayView`."""
    game = st.game
    board = game.board
    labels = board.labels
    crew = []
    for c in range(len(st.crew_card)):
        card = game.cards[st.crew_card[c]]
        space = st.pos[c]
        crew.append({
            "crew": card.id, "name": card.short, "code": card.code, "side": st.crew_side[c] + 1,
            "seat": game.seats[st.crew_seat[c]], "at": labels[space] if space >= 0 else None,
            "status": STATUS_NAMES[st.status[c]], "on_obstacle": space in st.obstacles,
            "has_ball": st.holder == c, "acted": bool((st.acted >> c) & 1) and st.phase == PLAY,
            "skills": {name: card.printed(i) for i, name in enumerate(SKILLS)},
        })
    official = None
    if st.official >= 0:
        card = game.cards[st.official]
        official = {"crew": card.id, "name": card.short, "OFF": card.printed(8)}
    top = st.stack[-1] if st.stack else None
    return {
        "phase": PHASE_NAMES[st.phase],
        "bay": board.name,
        "board": board_view(board),
        "cards": cards_view(game.cards),
        "sides": {str(s + 1): [game.seats[i] for i in game.side_seats[s]] for s in (0, 1)},
        "team_size": st.team_size,
        "order": [game.seats[s] for s in st.order],
        "undrafted": [game.cards[c].id for c in st.pool],
        "official": official,
        "crew": crew,
        "obstacles": sorted(labels[s] for s in st.obstacles),
        "obstacles_to_place": st.obstacles_left,
        "ball": {"at": labels[st.ball] if st.ball >= 0 else None,
                 "holder": st.slug(st.holder) if st.holder >= 0 else None,
                 "in_flight": isinstance(top, Flight)},
        "goal": {"at": labels[board.goal], "arrows": [st.arrow, st.arrow + 3]},
        "score": {"1": st.score[0], "2": st.score[1]},
        "chop": st.chop,
        "round": st.round,
        "sudden_death": st.sudden_death,
        "turn": {"side": st.turn_side + 1, "crew": st.slug(st.active) if st.active >= 0 else None,
                 "actions_left": st.actions_left, "move_left": st.move_left},
        "pending": _pending(st, top),
    }


def _pending(st: CargoBayState, top: Any) -> dict[str, Any] | None:
    labels = st.game.board.labels
    if isinstance(top, Flight):
        return {"kind": "flight", "flight": FLIGHT_NAMES[top.kind], "at": labels[top.at], "spaces_left": top.left,
                "reacting": st.slug(top.waiting) if top.waiting >= 0 else None}
    if isinstance(top, PushChoice):
        return {"kind": "push", "attacker": st.slug(top.attacker), "defender": st.slug(top.defender)}
    if isinstance(top, ReleaseChoice):
        return {"kind": "release", "side": top.side + 1}
    if isinstance(top, PickUpChoice):
        return {"kind": "pick-up", "crew": st.slug(top.crew), "at": labels[top.space]}
    return None


def describe_action(st: CargoBayState, action: Action) -> str:
    """A short menu label, such as "Jayne moves to H5 (picks up the ball)"."""
    game = st.game
    board = game.board
    cards = {c.id: c for c in game.cards}
    actor = st.name(st.active) if st.active >= 0 else ""
    kind = type(action)
    if kind is A.Pick or kind is A.Appoint:
        card = cards[action.crew]  # type: ignore[attr-defined]
        stats = " ".join(f"{s} {card.printed(i)}" for i, s in enumerate(SKILLS))
        verb = "Pick" if kind is A.Pick else "Appoint as Official:"
        return f"{verb} {card.short} ({stats})"
    if kind is A.PlaceObstacle:
        return f"Place an obstacle on {action.at}"  # type: ignore[attr-defined]
    if kind is A.PlaceCrew:
        return f"Place {cards[action.crew].short} on {action.at}"  # type: ignore[attr-defined]
    if kind is A.Activate:
        return f"{cards[action.crew].short} takes a turn"  # type: ignore[attr-defined]
    if kind is A.Step:
        space = board.index[action.to]  # type: ignore[attr-defined]
        notes = []
        if space in st.obstacles:
            notes.append("climb, ends the move")
        if st.holder < 0 and st.ball == space:
            notes.append("onto the loose ball")
        extra = f" ({', '.join(notes)})" if notes else ""
        return f"{actor} moves to {action.to}{extra}"  # type: ignore[attr-defined]
    if kind is A.StepOver:
        over = st.occ[board.index[action.over]]  # type: ignore[attr-defined]
        return f"{actor} steps over {st.name(over)} to {action.to}"  # type: ignore[attr-defined]
    if kind is A.Pass:
        target = st.crew_by_slug(action.to)  # type: ignore[attr-defined]
        away = board.distance[st.pos[st.active]][st.pos[target]]
        return f"{actor} passes to {st.name(target)} ({away} away)"
    if kind is A.Handoff:
        return f"{actor} hands the ball to {cards[action.to].short}"  # type: ignore[attr-defined]
    if kind is A.TakeHandoff:
        return f"{actor} takes the ball from {cards[action.giver].short}"  # type: ignore[attr-defined]
    if kind is A.Shoot:
        here = st.pos[st.active]
        if board.side_of_axis(here, st.arrow) == 0:
            return f"{actor} shoots (flat against the ring: it will glance off)"
        return f"{actor} shoots ({board.distance[here][board.goal]} from the goal)"
    if kind is A.Slobberknock:
        return f"{actor} slobberknocks {cards[action.target].short}"  # type: ignore[attr-defined]
    if kind is A.Steal:
        return f"{actor} tries to steal from {cards[action.target].short}"  # type: ignore[attr-defined]
    if kind is A.Skip:
        whole = st.actions_left == game.rules.actions_per_turn and st.move_left == 0
        return f"{actor} skips the turn" if whole else f"{actor} ends the turn"
    if kind is A.Block:
        return f"{cards[action.crew].short} tries to block"  # type: ignore[attr-defined]
    if kind is A.Catch:
        return f"{cards[action.crew].short} tries to catch"  # type: ignore[attr-defined]
    if kind is A.NoBlock:
        return f"{cards[action.crew].short} lets it go (no block)"  # type: ignore[attr-defined]
    if kind is A.Push:
        top = st.stack[-1]
        name = st.name(top.defender)
        return f"Leave {name} where they fell" if action.to is None else f"Push {name} to {action.to}"  # type: ignore[attr-defined]
    if kind is A.Release:
        return f"{cards[action.crew].short} goes to the arrow space"  # type: ignore[attr-defined]
    if kind is A.PickUp:
        return f"{cards[action.crew].short} picks up the loose ball (free)"  # type: ignore[attr-defined]
    if kind is A.LeaveBall:
        return f"{cards[action.crew].short} leaves the ball lying there"  # type: ignore[attr-defined]
    return str(action)


_TERRAIN = {"floor": " .", "grating": " :", "half": " ,", "door": "DR"}
_AXIS = {"NE": "/", "SW": "/", "E": "-", "W": "-", "SE": "\\", "NW": "\\"}


def render_text(game: CargoBayBall, view: dict[str, Any]) -> str:
    """The bay in text: columns lettered, rows numbered, odd rows shifted half a space right.

    A space reads as four characters: '^' for an obstacle, then the crew code (side 1 in
    capitals, side 2 in small letters) or the terrain, then '*' for the ball carrier, 'o' for
    a ball lying there, '@' for the ball in flight, '_' for a downed crew member. The goal shows
    the line of its arrows, and the numbers its arrows point at are marked '>'. Penalised crew
    stand in the airlock below the bay.
    """
    board = game.board
    crew_at = {c["at"]: c for c in view["crew"] if c["at"]}
    obstacles = set(view["obstacles"])
    ball_at = view["ball"]["at"]
    ball_mark = "@" if view["ball"]["in_flight"] else "o"
    arrows = set(view["goal"]["arrows"])
    boxed = [_code(c) for c in view["crew"] if c["status"] == STATUS_NAMES[BOXED]]
    on_arrow = [_code(c) for c in view["crew"] if c["status"] == STATUS_NAMES[ARROW]]
    width = board.width
    lines = ["     " + "".join(f"  {chr(65 + c)} " for c in range(width))]
    cells: dict[tuple[int, int], str] = {}
    for space, label in enumerate(board.labels):
        kind = board.kinds[space]
        where = (board.rows[space], board.cols[space])
        if kind == "airlock":
            cells[where] = f" {boxed.pop(0)} " if boxed else " ~~ "
            continue
        if kind == "arrow":
            cells[where] = f" {on_arrow.pop(0)} " if on_arrow else " => "
            continue
        mark = "^" if label in obstacles else " "
        flag = " "
        member = crew_at.get(label)
        if member is not None:
            code = _code(member)
            if member["has_ball"]:
                flag = "*"
            elif label == ball_at:
                flag = ball_mark
            elif member["status"] == "down":
                flag = "_"
        elif kind == "goal":
            mark, code = "(", _AXIS[board.direction_names[min(arrows) - 1]] + ")"
        else:
            number = board.numbered.get(space)
            code = _TERRAIN[kind] if number is None else (">" if number in arrows else " ") + str(number)
        if member is None and label == ball_at:
            # A ball on an empty space takes the space's place, so it cannot be read as a
            # mark of the neighbouring one.
            mark, code, flag = " ", " " + ball_mark, " "
        elif member is None and mark == "^" and kind != "goal" and code[0] == " ":
            # A bare obstacle fills its own space ("^^", or "^5" on a printed number), never a
            # lone "^" between two spaces' marks.
            mark, code = " ", "^" + (code[1] if code[1].isdigit() else "^")
        cells[where] = mark + code + flag
    for r in range(board.height):
        indent = "  " if r % 2 else ""
        row = "".join(cells.get((r, c), "    ") for c in range(width))
        lines.append(f"{r + 1:>3}  {indent}{row}".rstrip())
    lines.append("")
    lines.extend(_status_lines(view))
    lines.insert(len(lines) - 1, _goal_numbers(game, view))
    return "\n".join(lines)


def _code(member: dict[str, Any]) -> str:
    code: str = member["code"]
    return code if member["side"] == 1 else code.lower()


def _goal_numbers(game: CargoBayBall, view: dict[str, Any]) -> str:
    """The printed numbers round the goal, spelled out, since a crew member may hide one."""
    board = game.board
    arrows = set(view["goal"]["arrows"])
    parts = [f"{n}{'>' if n in arrows else ''} {board.labels[space]} ({board.direction_names[n - 1]})"
             for space, n in sorted(board.numbered.items(), key=lambda item: item[1])]
    return "Goal numbers: " + ", ".join(parts) + "; a deflection die reads them."


def _status_lines(view: dict[str, Any]) -> list[str]:
    score = view["score"]
    chop = "OT (sudden death)" if view["sudden_death"] else str(view["chop"])
    arrows = view["goal"]["arrows"]
    official = view["official"]
    out = [f"Score  side 1: {score['1']}   side 2: {score['2']}    Chop {chop}   Round {view['round']}",
           f"Goal at {view['goal']['at']}, arrows at {arrows[0]} and {arrows[1]} (marked >)."
           + (f"   Official: {official['name']} (OFF {official['OFF']})" if official else "")]
    by_status: dict[str, list[str]] = {}
    for c in view["crew"]:
        by_status.setdefault(c["status"], []).append(c["name"])
    for status, title in ((STATUS_NAMES[BOXED], "Penalty box"), (STATUS_NAMES[ARROW], "Arrow space"),
                          (STATUS_NAMES[WAITING], "At the airlock door"), (STATUS_NAMES[DOWN], "Down")):
        if by_status.get(status):
            out.append(f"{title}: {', '.join(by_status[status])}")
    for side in ("1", "2"):
        members = [c for c in view["crew"] if str(c["side"]) == side]
        if members:
            text = ", ".join(f"{c['code'] if side == '1' else c['code'].lower()} {c['name']}"
                             f"{' (' + c['seat'] + ')' if len(view['sides'][side]) > 1 else ''}"
                             for c in members)
            out.append(f"Side {side} ({', '.join(view['sides'][side])}): {text}")
    turn = view["turn"]
    if view["phase"] != "play":
        out.append(f"Setting up: {view['phase']}.")
    elif turn["crew"]:
        name = next(c["name"] for c in view["crew"] if c["crew"] == turn["crew"])
        out.append(f"Turn: {name} (side {turn['side']}), {turn['actions_left']} action(s) left"
                   + (f", {turn['move_left']} move left" if turn["move_left"] else ""))
    pending = view["pending"]
    if pending and pending["kind"] == "flight":
        out.append(f"Ball in flight ({pending['flight']}) at {pending['at']}, {pending['spaces_left']} to go.")
    out.append("Key: ^^ obstacle (^5 on a goal number, ^MA someone on one)  * carrier  o loose ball  @ ball in flight")
    out.append("     _ down  : grating  , half space  DR airlock door  ~~ airlock  => arrow space")
    return out
