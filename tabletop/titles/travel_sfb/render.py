"""Text for people: a picture of a view for the terminal, and short labels for actions."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from tabletop.core import Action

from .actions import ROWS, Cancel, Finish, Keep, Pair, Place, Power
from .cards import label, parse_card

if TYPE_CHECKING:
    from .game import TravelState

__all__ = ["describe_action", "render_text"]

_PHASE_TEXT = {
    "power": "power calls",
    "allocate": "allocating cards",
    "pair": "resolving movement",
    "settle": "keep or cancel advantage points",
    "over": "duel over",
}


def _cards(codes: list[str | None]) -> str:
    """Cards by their faces; a card still face down to the viewer shows as ``??``."""
    return " ".join("??" if c is None else label(parse_card(c)) for c in codes) or "-"


def _row_text(row: Mapping[str, Any]) -> str:
    if row["cards"] is not None:
        return _cards(row["cards"])
    if row["count"] is None:
        return "? (behind the screen)"
    return f"{row['count']} face down" if row["count"] else "-"


def render_text(view: Mapping[str, Any]) -> str:
    """The duel as ``view``'s seat sees it: both ships, their rows, the hand and the advantage."""
    me = view.get("seat")
    lines = [
        f"Travel SFB - turn {view['turn']} of at most {view['turn_limit']} - {_PHASE_TEXT[view['phase']]}"
        f" - deck: {view['deck_count']} cards",
    ]
    order = [me] + [s for s in view["ships"] if s != me] if me else list(view["ships"])
    for seat in order:
        ship = view["ships"][seat]
        who = f"You ({seat})" if seat == me else f"Opponent ({seat})" if me else seat
        gen = ship["generation"]
        bar = "#" * gen + "." * (ship["max_generation"] - gen)
        limits = ship["limits"]
        lines.append("")
        lines.append(f"{who}: {ship['name']}  generation {gen}/{ship['max_generation']} [{bar}]  "
                     f"row limits O{limits['offense']} M{limits['movement']} D{limits['defense']}")
        reserve = ship["reserve"]
        if reserve["state"] != "none" or ship["power_called"]:
            call = ship["power_call"] or ("made, still secret" if ship["power_called"] else "none yet")
            when = "this turn" if view["phase"] != "power" else "now"
            lines.append(f"  {reserve['kind']}: {reserve['state']} (power call {when}: {call})")
        for name in ROWS:
            extra = ""
            if name == "offense" and ship["advantage_in_offense"]:
                extra = f"  (incl. {ship['advantage_in_offense']} advantage card(s) beyond the limit)"
            lines.append(f"  {name.capitalize():9} {_row_text(ship['rows'][name])}{extra}")
        if ship["hand"] is not None:
            free = f"  ({ship['free_placements']} placement(s) beyond the row limits)" if ship["free_placements"] else ""
            lines.append(f"  Hand      {_cards(ship['hand'])}{free}")
        elif ship["hand_count"] is not None:
            lines.append(f"  Hand      {ship['hand_count']} card(s)")
        else:
            lines.append(f"  Holding   {ship['cards_held']} card(s) this turn")
        pending = ship["advantage_next_turn"]
        if pending["points"]:
            where = "hand" if pending["into_hand"] else "Offense"
            lines.append(f"  Advantage points for next turn: {pending['points']} (dealt into {where})")
        if view["phase"] == "allocate" and ship["finished_allocating"]:
            lines.append("  finished allocating")
    movement = view.get("movement")
    if movement:
        lines.append("")
        points = ", ".join(f"{s} {p}" for s, p in movement["points"].items())
        lines.append(f"Movement: {movement['resolver']} resolves; advantage points so far: {points}")
        for mine, theirs in movement["pairs"]:
            lines.append(f"  paired {_cards([mine])} against {_cards([theirs])}")
        if movement["next_to_pair"]:
            lines.append(f"  next to pair: {movement['next_to_pair_owner']}'s {_cards([movement['next_to_pair']])}")
    initiative = view.get("initiative")
    if initiative:
        lines.append(f"Open allocation: {initiative['first_placer']} places first"
                     + (f"; {initiative['placing_now']} is placing now" if initiative["placing_now"] else ""))
    last = view.get("last_turn")
    if last:
        dealt = ", ".join(f"{s} dealt {d}" for s, d in last["damage_dealt"].items())
        points = ", ".join(f"{s} {p}" for s, p in last["advantage"].items())
        lines.append(f"Last turn ({last['turn']}): damage {dealt}; advantage points {points}.")
        lines.extend(_movement_lines(last["movement"]))
    if view.get("outcome"):
        lines.append(f"Result: {view['outcome']['reason']}.")
    return "\n".join(lines)


def _movement_lines(movement: Mapping[str, Any]) -> list[str]:
    """The last turn's movement resolution: who resolved it, each pair and whom it scored for."""
    if movement["resolver"] is None:
        return ["  Movement: nobody resolved it."]
    lines = [f"  Movement resolved by {movement['resolver']}:"]
    for pair in movement["pairs"]:
        faces = " against ".join(_cards([pair[s]]) for s in ("seat1", "seat2"))
        lines.append(f"    {faces}: " + (f"a point to {pair['point_to']}" if pair["point_to"] else "no point"))
    unpaired = movement["unpaired"]
    if unpaired:
        lines.append(f"    unpaired {_cards(unpaired['cards'])}: {unpaired['points']} point(s) to {unpaired['seat']}")
    if movement["settled"]:
        lines.append(f"    mutual points: {'kept' if movement['settled'] == 'keep' else 'cancelled'}")
    return lines


def describe_action(state: TravelState, seat: str, action: Action) -> str:
    """A short menu label, such as "Put K♠ in Offense"."""
    i = 0 if seat == "seat1" else 1
    if isinstance(action, Place):
        return f"Put {label(parse_card(action.card))} in {action.row.capitalize()}"
    if isinstance(action, Finish):
        left = len(state.hands[i])
        return f"Finish allocating (leave {left} card(s) unused)" if left else "Finish allocating"
    if isinstance(action, Pair):
        return f"Pair your {label(parse_card(action.mine))} against their {label(parse_card(action.theirs))}"
    if isinstance(action, (Keep, Cancel)):
        mine, theirs = state.points[i], state.points[1 - i]
        if isinstance(action, Keep):
            return f"Keep both sides' advantage points (you {mine}, them {theirs})"
        cut = max(mine, theirs) if state.rules.cancel_all else min(mine, theirs)
        return f"Cancel advantage points (you {max(0, mine - cut)}, them {max(0, theirs - cut)})"
    if isinstance(action, Power):
        cards = state.ships[i].reserve.cards
        return {
            "use-batteries": f"Use batteries (+{cards} card this turn)",
            "use-engines": f"Use engines (+{cards} cards this turn, once per duel)",
            "recharge-batteries": "Recharge batteries (one card fewer this turn)",
            "no-call": "No power call",
        }[action.call]
    return str(action)
