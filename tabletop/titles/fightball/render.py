"""The terminal picture of a Fightball view: the court by zone, your hand, both coaches, the score.

Every card on a stack shows its number for that stack's zone (a Player's Shot and Block, a
Ball's bonus, a Shot's value) and every stack ends with its running Shot Value and status, so a
coach can read the court without opening the rulebook."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .svg import _status

__all__ = ["render_text"]


COLOURS = ("red", "blue", "green")
KEY = ("Key: each card shows its number for the stack's zone (a Player's Shot S and Block B,",
       "a Ball's bonus, a Shot's value); after = the play's Shot Value so far (10 or more scores).")


def _card(card: Mapping[str, Any], colour: str) -> str:
    index = COLOURS.index(colour)
    kind = card["kind"]
    if kind == "player":
        return f"{card['name']} S{card['shot'][index]} B{card['block'][index]}"
    if kind == "shot":
        return f"{card['name']} {card['shot'][index]:+d}"
    if kind == "ball":
        return f"{card['name']} {'+2' if card['colour'] == colour else '+0'}"
    return str(card["name"])


def _values(card: Mapping[str, Any]) -> str:
    """A held card's numbers in every colour, for choosing where to play it."""
    if card["kind"] == "player":
        shots = " ".join(f"{c[0].upper()}{v}" for c, v in zip(COLOURS, card["shot"], strict=True))
        blocks = " ".join(f"{c[0].upper()}{v}" for c, v in zip(COLOURS, card["block"], strict=True))
        return f" (Shot {shots}; Block {blocks})"
    if card["kind"] == "shot":
        return " (" + " ".join(f"{c[0].upper()}{v:+d}" for c, v in zip(COLOURS, card["shot"], strict=True)) + ")"
    if card["kind"] == "ball":
        return f" (+2 on {card['colour']})"
    return ""


def _empty_run(empty: list[int]) -> list[str]:
    """Neighbouring empty stacks share one line, so the court fits a terminal."""
    if not empty:
        return []
    first, last = empty[0], empty[-1]
    empty.clear()
    return [f"  [{first:>2}] -" if first == last else f"  [{first:>2}-{last}] empty"]


def stack_line(stack: Mapping[str, Any], names: Mapping[str, str]) -> str:
    """One stack: its cards bottom first with their numbers here, the Shot Value after each card,
    then ``= value, status``."""
    cards = stack["cards"]
    if not cards:
        return f"  [{stack['stack']:>2}] -"
    shown = " > ".join(_card(card, stack["colour"]) for card in cards)
    status, _ = _status(stack, names)
    play = stack["play"]
    if play["status"] != "false-start" and any(play["fouls"].values()):
        # a foul already counts while the play is being built; the picture flags it, the text says it
        status += "; foul: " + ", ".join(f"{n} to {names[seat]}" for seat, n in play["fouls"].items() if n)
    return f"  [{stack['stack']:>2}] {shown}{_running(play)}  = {status}"


def _running(play: Mapping[str, Any]) -> str:
    """The Shot Value after each card, and the zone an effect moved the play to."""
    values = [v for v in play["running"] if v is not None]
    if not values:
        return ""
    text = "   Shot Value " + " ".join(str(v) for v in values)
    return text + (f" (moved to the {play['moved_to']})" if play["moved_to"] else "")


def render_text(view: Mapping[str, Any]) -> str:
    """Zones from the away goal (top) to the home goal (bottom); stacks list bottom card first."""
    coaches = view["coaches"]
    home, away = coaches["home"], coaches["away"]
    names = {seat: coaches[seat]["name"] for seat in ("home", "away")}
    score = view["score"]
    lines = [
        f"FIGHTBALL  quarter {view['quarter']} of {view['quarters']}  "
        f"{home['name']} {score['home']} : {score['away']} {away['name']}"
    ]
    if view.get("is_over"):
        outcome = view.get("outcome") or {}
        lines.append(f"Game over: {outcome.get('reason', '')}")
    lines.append(f"  -- {away['name']} goal (home shoots this way) --")
    zone = None
    empty: list[int] = []
    for stack in view["court"]:
        if stack["zone"] != zone or stack["cards"]:
            lines.extend(_empty_run(empty))
        if stack["zone"] != zone:
            zone = stack["zone"]
            lines.append(f" {stack['zone_name']}:")
        if stack["cards"]:
            lines.append(stack_line(stack, names))
        else:
            empty.append(stack["stack"])
    lines.extend(_empty_run(empty))
    lines.append(f"  -- {home['name']} goal (away shoots this way) --")
    me = view.get("seat")
    for seat in ("home", "away"):
        coach = coaches[seat]
        who = "You" if seat == me else seat.capitalize()
        if coach["held"] is not None:
            hand = coach["held"]["name"] + _values(coach["held"])
        else:
            hand = "a card" if coach["holding"] else "nothing"
        discard = coach["discard"]
        top = f"{discard[-1]['name']} ({len(discard)} cards)" if discard else "empty"
        lines.append(f"{who} ({coach['name']}): holding {hand}; discard top {top}; deck {coach['deck']} cards")
    if view.get("buzzer_beater"):
        closes = view.get("buzzer_beater_closes_at")
        until = f" until {closes:g} s on the clock" if closes is not None else ""
        lines.append(f"Buzzer-beater: {view['buzzer_beater']} may still land the held Shot{until}.")
    choice = view.get("choice")
    if choice:
        chooser, scorer = coaches[choice["seat"]]["name"], coaches[choice["scorer"]]["name"]
        change = choice["options"][0]
        lines.append(f"Scoring round: {chooser} choose for {choice['card']['name']} on stack {choice['stack']}: "
                     f"{change} more or {change} less for the play {scorer} score.")
    lines.extend(KEY)
    if view.get("last_scoring"):
        lines.append("Last scoring round:")
        lines.extend(f"  {line}" for line in view["last_scoring"])
    return "\n".join(lines)
