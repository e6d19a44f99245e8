"""Taking back a decision without letting anyone peek: the rule every interface shares.

The terminal's ``undo`` and the server's consented undo both ask :func:`undo_last_human_decision`
whether the last decision of some seats may be taken back, and get the earlier position.
"""

from __future__ import annotations

from .actions import Action
from .events import possessive
from .game import State
from .randomness import Randomness
from .record import cut_record, replay

__all__ = ["chance_mark", "undo_last_human_decision"]


def chance_mark(rng: Randomness) -> tuple[object, ...]:
    """Changes whenever the generator has been used: the next draw of a copy, and any script position."""
    probe = rng.clone()
    remaining = getattr(probe, "remaining_rolls", None)
    return (probe.random(), None if remaining is None else len(remaining))


def undo_last_human_decision(state: State, humans: tuple[str, ...]) -> tuple[State, str, Action] | str:
    """The state just before the last decision a human made, with that decision; or why undo is refused.

    Undo never lets a player peek: it is refused when chance was used since (the dice or deck
    would already be known), and in games with hidden information when any other seat acted
    since or anyone but the deciding seat was told anything since (a reveal cannot be unseen).
    """
    history = state.history
    last = next((i for i in range(len(history) - 1, -1, -1) if history[i][0] in humans), None)
    if last is None:
        return "there is no human decision to take back yet"
    seat, action = history[last]
    if state.game.info.hidden_information:
        others = sorted({s for s, _ in history[last + 1 :] if s != seat})
        if others:
            return f"{', '.join(others)} acted after {possessive(seat)} last decision, and this game hides information"
    record = state.record()
    earlier = replay(cut_record(record, last), verify=False)
    if chance_mark(earlier.rng) != chance_mark(state.rng):
        return f"dice were rolled or cards dealt since {possessive(seat)} last decision"
    if state.game.info.hidden_information:
        # A public line could be a reveal; only news for the deciding seat alone is safe to take back.
        told = [e for e in state.events[len(earlier.events) :] if e.visible_to is None or e.visible_to - {seat}]
        if told:
            return f"{possessive(seat)} decision was already made known to others, and this game hides information"
    return earlier, seat, action
