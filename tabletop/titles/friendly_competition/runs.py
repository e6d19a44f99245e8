"""A side's run of actions taken as one decision (``State.apply_all``), without crossing the
engine's whole boundary once per step.

Search plays most of its plans here: a teamster's run of steps, often ending in a pick-up, a
tackle or a pass. Each step is one of the game's own shared action values, so its form needs no
check; its legality is checked by ``FriendlyState.quick_legal``; and the state
changes exactly as ``apply`` would change it, through the same procedures, writing the same log.
Whatever this path does not take on (another phase, scripted dice, a step that would end the
turn or score before the run is over, a refusal) goes back to the engine's own way, which gives
the very same state, events and errors.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from tabletop.core import Action, Event, IllegalAction

from .actions import MOVES, PICK_UPS
from .pitch import PITCH
from .procedures import PLAY
from .rules import SEATS, TEAM_SIZE

if TYPE_CHECKING:
    from .game import FriendlyState

__all__ = ["apply_run"]

STEP = PITCH.step
# The game's own action values, by identity: a step's teamster number and direction, a pick-up's
# teamster number. An object found here is one of them, so it is well formed.
STEPS: dict[int, tuple[int, int]] = {id(MOVES[who][d]): (who, d) for who in range(1, TEAM_SIZE + 1)
                                     for d in range(len(MOVES[who]))}
PICKS: dict[int, int] = {id(PICK_UPS[who]): who for who in range(1, TEAM_SIZE + 1)}


def apply_run(state: FriendlyState, seat: str, actions: Sequence[Action]) -> list[Event] | None:
    """Carry out ``actions`` for ``seat`` as ``State.apply_all`` would, and return their events;
    None, with the state untouched, where the engine's own way must take the run (including
    every run it would refuse)."""
    if not isinstance(actions, tuple) or len(actions) < 2 or state.phase != PLAY or state.rng.scripted \
            or seat != SEATS[state.side] or seat not in state.to_act:
        return None
    side = state.side
    low = side * TEAM_SIZE
    pos, occ = state.pos, state.occ
    events, history = state.events, state.history
    start, played_before = len(events), len(history)
    ap, holder, ball = state.ap, state.holder, state.ball
    moved: list[tuple[int, int]] = []  # (teamster, square it left), to undo a run given back
    last = len(actions) - 1
    for index, action in enumerate(actions):
        final = index == last
        # Before the last action, a step must leave the side to act: at least 1 AP left after it,
        # and no goal (either would end the turn, and the engine's way refuses the next action).
        spare = 0 if final else 1
        step = STEPS.get(id(action))
        if step is not None:
            who, direction = step
            teamster = low + who - 1
            here = pos[teamster]
            # only the last step may be the one into goal
            if state.ap <= spare or (not final and STEP[here][direction] < 0) or \
                    not state.quick_legal(seat, action):
                break
            if not final:
                moved.append((teamster, here))
            state.move(teamster, direction)
        else:
            who = PICKS.get(id(action), 0)
            if who:
                if state.ap <= spare or not state.quick_legal(seat, action):
                    break
                state.pick_up(low + who - 1)
            elif final:
                state._legal_cache.clear()  # the run so far changed the position
                try:
                    state.game.codec.validate(action, state.game.name)
                    state.check(seat, action)
                except IllegalAction:
                    break
                state._apply(seat, action)
            else:
                break
        history.append((seat, action))
    else:
        state._legal_cache.clear()
        return events[start:]
    # Given back: put the position as it was, and let the engine's way take the run.
    for teamster, square in reversed(moved):
        occ[pos[teamster]] = -1
        occ[square] = teamster
        pos[teamster] = square
    state.ap, state.holder, state.ball = ap, holder, ball
    del events[start:]
    del history[played_before:]
    state._legal_cache.clear()
    return None
