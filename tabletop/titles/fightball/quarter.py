"""The scoring round and the turn of the quarter.

At the Buzz (after the buzzer-beater window, if one opened) every stack is looked at. A
successful play may hold effects that leave the points to a coach (Go, Team!: one point more or
one less, as its coach likes); each such card is a real decision of its coach, asked in stack
order and bottom to top within a stack. While a choice is pending only that coach is to act.
Once every choice is made the stacks are scored, set aside, and the next quarter is dealt (or
the game ends).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from .actions import Choose
from .scoring import MINUS, score_stack

if TYPE_CHECKING:
    from .game import FightballState

__all__ = ["PendingChoice", "choice_actions", "favoured_choice", "make_choice", "start_scoring"]

SEATS = ("home", "away")
SCORING = "scoring"
MAX_OVERTIMES = 3


class PendingChoice(NamedTuple):
    """A choice the scoring round waits for: on stack ``stack`` (0-based), effect card ``card``
    allows ``change`` points more or fewer on a play that scores for seat ``scorer``."""

    stack: int
    card: int
    change: int
    scorer: int


def start_scoring(state: FightballState) -> None:
    """The Buzz has gone: collect the coaches' choices in successful plays, then score."""
    state.window_seat = -1
    state.choices = {}
    pending: list[PendingChoice] = []
    table = state.table
    for index, stack in enumerate(state.stacks):
        if not stack:
            continue
        result = score_stack(table, state.court, index, stack, state.discards)
        for card in result.choice_cards:
            effect = table.cards[card].effect
            assert effect is not None
            pending.append(PendingChoice(index, card, effect.points_choice, result.scorer))
    state.pending = pending
    if pending:
        state.phase = SCORING
        _ask(state)
    else:
        score_quarter(state)


def _ask(state: FightballState) -> None:
    choice = state.pending[0]
    table = state.table
    card = table.cards[choice.card]
    owner = card.owner
    state._to_act = (SEATS[owner],)
    result = score_stack(table, state.court, choice.stack, state.stacks[choice.stack], state.discards,
                         choices=state.choices)
    unit = "point" if choice.change == 1 else "points"
    state.emit(
        "choice",
        f"Stack {choice.stack + 1}: the play succeeds (Shot Value {result.value}) for "
        f"{table.names[choice.scorer]}. {table.possessives[owner]} {card.name} makes it worth "
        f"{choice.change} {unit} more or {choice.change} {unit} less: {table.names[owner]} {table.verb(owner, 'choose', 'chooses')}.",
        seat=SEATS[owner], stack=choice.stack + 1, card=choice.card, scorer=SEATS[choice.scorer],
        options=[choice.change, -choice.change],
    )


def choice_actions(state: FightballState) -> list[Choose]:
    """The two answers to the pending choice: more, then fewer."""
    change = state.pending[0].change
    return [Choose(change), Choose(-change)]


def favoured_choice(state: FightballState) -> Choose:
    """The answer that helps the choosing coach: more points if the play scores for them."""
    choice = state.pending[0]
    owner = state.table.cards[choice.card].owner
    return Choose(choice.change if owner == choice.scorer else -choice.change)


def make_choice(state: FightballState, points: int) -> None:
    """Record the pending choice (already checked to be one of the two answers) and go on."""
    choice = state.pending.pop(0)
    table = state.table
    card = table.cards[choice.card]
    state.choices[choice.card] = points
    amount = f"+{points}" if points >= 0 else f"{MINUS}{-points}"
    unit = "point" if abs(points) == 1 else "points"
    state.emit("chosen", f"{table.names[card.owner]} {table.verb(card.owner, 'choose', 'chooses')} {amount} {unit} with {card.name} on stack "
               f"{choice.stack + 1}, scoring for {table.names[choice.scorer]}.",
               seat=SEATS[card.owner], stack=choice.stack + 1, card=choice.card, points=points)
    if state.pending:
        _ask(state)
    else:
        score_quarter(state)


def score_quarter(state: FightballState) -> None:
    """Score every stack (with the choices made), set them aside, and turn the quarter."""
    results = state.score_stacks(narrate=True)
    gained = [0, 0]
    lines: list[str] = []
    empty: list[str] = []
    for number, result in enumerate(results, 1):
        if result.status == "empty":
            empty.append(str(number))
            continue
        gained[0] += result.points[0]
        gained[1] += result.points[1]
        line = f"Stack {number}, {result.text}"
        lines.append(line)
        state.emit("score", line, stack=number, points=list(result.points), status=result.status)
    state.score[0] += gained[0]
    state.score[1] += gained[1]
    state.quarter_log.append((tuple(tuple(s) for s in state.stacks), tuple(tuple(d) for d in state.discards),
                              (gained[0], gained[1]), tuple(sorted(state.choices.items()))))
    if empty:
        lines.append(f"Empty, nothing to score: stack{'s' if len(empty) > 1 else ''} {', '.join(empty)}.")
    names = state.table.names
    summary = (f"Quarter {state.quarter}: {names[0]} {gained[0]}, {names[1]} {gained[1]}. "
               f"Score: {names[0]} {state.score[0]}, {names[1]} {state.score[1]}.")
    lines.append(summary)
    state.last_scoring = lines
    state.emit("quarter-scored", summary, quarter=state.quarter, points=gained, score=list(state.score))
    state.window_seat = -1
    tied = state.score[0] == state.score[1]
    overtime_left = (state.game.options["tiebreak"] == "overtime" and tied
                     and state.quarter < state.last_quarter + MAX_OVERTIMES)
    if state.quarter < state.last_quarter or overtime_left:
        state.next_quarter()
        return
    state.finish(tied)
