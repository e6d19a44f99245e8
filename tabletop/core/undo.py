"""Taking back a decision without letting anyone peek: the rule every interface shares.

The terminal's ``undo`` and the server's consented undo both ask :func:`undo_last_human_decision`
whether the last decision of some seats may be taken back, and get the earlier position.
"""

from __future__ import annotations

from .actions import Action
from .errors import IllegalAction
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
    """The position with the last decision a human made taken back, with that decision; or why undo is refused.

    Undo never lets a player peek: it is refused when chance was used since (the dice or deck
    would already be known). Where nothing is hidden the game goes back to just before the
    decision, the others' later moves with it (they were made knowing it). In a game with hidden
    information the others' later moves stay (made again without the decision), and undo is
    refused if anyone else was told anything of it: every other seat's log, and a spectator's,
    must read exactly as if it had never been made (a reveal cannot be unseen), and each later
    move must still be legal without it.
    """
    history = state.history
    last = next((i for i in range(len(history) - 1, -1, -1) if history[i][0] in humans), None)
    if last is None:
        return "there is no human decision to take back yet"
    seat, action = history[last]
    record = state.record()
    earlier = replay(cut_record(record, last), verify=False)
    mark = chance_mark(state.rng)
    if chance_mark(earlier.rng) != mark:
        return f"dice were rolled or cards dealt since {possessive(seat)} last decision"
    if not state.game.info.hidden_information:
        return earlier, seat, action
    for who, later in history[last + 1 :]:
        try:
            earlier.apply(who, later)
        except IllegalAction:
            return f"{possessive(who)} later move could not have been made without it, and this game hides information"
    if chance_mark(earlier.rng) != mark:
        return f"without {possessive(seat)} decision a later move would roll dice or deal cards"
    # a line anyone else was told (a reveal, a reply to the decision) would vanish or change
    for viewer in (*(other for other in state.seats if other != seat), None):
        if earlier.events_for(viewer) != state.events_for(viewer):
            return f"{possessive(seat)} decision was already made known to others, and this game hides information"
    return earlier, seat, action
