"""The terminal picture of a Fightball view: the court by zone, your hand, both coaches, the score."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

__all__ = ["render_text"]


def _card_names(cards: list[dict[str, Any]]) -> str:
    return " > ".join(c["name"] for c in cards) if cards else "-"


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
    for stack in view["court"]:
        if stack["zone"] != zone:
            zone = stack["zone"]
            lines.append(f" {stack['zone_name']}:")
        lines.append(f"  [{stack['stack']:>2}] {_card_names(stack['cards'])}{_running(stack['play'])}")
    lines.append(f"  -- {home['name']} goal (away shoots this way) --")
    me = view.get("seat")
    for seat in ("home", "away"):
        coach = coaches[seat]
        who = "You" if seat == me else seat.capitalize()
        if coach["held"] is not None:
            hand = coach["held"]["name"]
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
    if view.get("last_scoring"):
        lines.append("Last scoring round:")
        lines.extend(f"  {line}" for line in view["last_scoring"])
    return "\n".join(lines)
