"""Small answers at the table: odds of the actions on offer, why an action is refused, and the
rule behind a log line."""

from __future__ import annotations

import re

from tabletop.core import Action, Event, Game, InvalidAction, State
from tabletop.core.odds import Odds

from .rulebook import rule_text

__all__ = ["action_odds", "event_rule", "explain", "odds_menu"]


def action_odds(state: State, seat: str, action: Action) -> Odds | None:
    """The odds of one action for ``seat`` (None when no die or card decides it)."""
    return state.odds(seat, action)


def odds_menu(state: State, seat: str, limit: int = 40) -> list[Odds]:
    """The odds of every legal action (up to ``limit``) that rolls or draws."""
    found = []
    for action in state.legal_actions(seat)[:limit]:
        odds = state.odds(seat, action)
        if odds is not None:
            found.append(odds)
    return found


def event_rule(game: Game, event: Event) -> str | None:
    """The rule ID behind a log line: the event's own, else the game's rule for its kind."""
    return event.rule or game.event_rules.get(event.kind)


RULE_ID = r"[A-Z][A-Z0-9]*(?:-[A-Z0-9]+)+"


def explain(state: State, seat: str, text: str) -> str:
    """Why the action typed as ``text`` is or is not legal for ``seat`` now, with the rule."""
    try:
        action = state.game.parse_action(text)
    except InvalidAction as exc:
        return f"That is not an action of this game: {exc}."
    reason = state.explain(seat, action)
    if reason is None:
        return f"{state.describe_action(seat, action)} is legal now."
    # the rule the refusal names: appended as [ID], or given in its words as (ID)
    named = re.search(rf"\[({RULE_ID})\]$", reason) or re.search(rf"\(({RULE_ID})\)", reason)
    rule = named.group(1) if named else state.game.action_rules.get(action.kind)
    lines = [f"Not legal: {reason}"]
    if rule:
        wording = rule_text(state.game.name, rule)
        lines.append(f"Rule {rule}: {wording}" if wording else f"Rule {rule}.")
    return "\n".join(lines)
