"""The help a player can ask for at any prompt (a game's or a lesson's): odds, hint, why, rule."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from tabletop.core import Action, State
from tabletop.guide import explain, hint, rule_text

__all__ = ["HELP_WORDS", "table_help"]

HELP_WORDS = ("odds", "hint", "why", "rule")


def table_help(state: State, seat: str, legal: Sequence[Action], command: str, rest: str,
               say: Callable[[str], None]) -> None:
    """Answer one of :data:`HELP_WORDS` for ``seat`` from its own information."""
    if command == "odds":
        _odds(state, seat, legal, rest, say)
    elif command == "hint":
        for text in hint(state, seat, seed=len(state.history)).lines():
            say(text)
    elif command == "why":
        say(_why(state, seat, legal, rest))
    else:
        say(_rule(state, rest))


def _odds(state: State, seat: str, legal: Sequence[Action], which: str, say: Callable[[str], None]) -> None:
    if which:
        if not which.isdigit() or not 1 <= int(which) <= len(legal):
            say(f"Say which action: odds 1 to odds {len(legal)}, or just odds for all of them.")
            return
        odds = state.odds(seat, legal[int(which) - 1])
        say(odds.text() if odds is not None else "No dice or cards decide that action: it does what it says.")
        return
    notes: list[str] = []
    for number, action in enumerate(legal, 1):  # one at a time, so a long list shows as it comes
        odds = state.odds(seat, action)
        if odds is not None:
            say(f"{number:>3}. {odds.text(note=False)}")
            notes.append(odds.note)
    if not notes:
        say("None of your actions now rolls a die or draws a card.")
    for note in dict.fromkeys(filter(None, notes)):
        say(f"  ({note[0].upper()}{note[1:]}.)" if len(set(notes)) == 1 else f"  (Some of these: {note}.)")


def _why(state: State, seat: str, legal: Sequence[Action], text: str) -> str:
    if not text:
        return "Say which action: why ACTION, such as the text form shown in brackets."
    if text.isdigit():
        number = int(text)
        if 1 <= number <= len(legal):
            return f"{state.describe_action(seat, legal[number - 1])} is legal now."
        return f"There is no action {number}; the legal ones are numbered 1 to {len(legal)}."
    return explain(state, seat, text)


def _rule(state: State, rule: str) -> str:
    if not rule:
        return "Say which rule: rule ID, such as the ID at the end of a log line."
    wording = rule_text(state.game.name, rule.upper())
    if wording:
        return f"{rule.upper()}: {wording}"
    return f"There is no rule {rule!r} in this game's rules; `tabletop rules {state.game.name}` lists them all."
