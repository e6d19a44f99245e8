"""How a game of Cargo Bay Ball ends: the Outcome for a winning side, or a draw."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.core import Outcome

if TYPE_CHECKING:
    from .game import CargoBayState

__all__ = ["finish"]


def finish(st: CargoBayState, winner_side: int, reason: str) -> None:
    """End the game. ``winner_side`` is 0 or 1, or -1 for a draw; every seat of the winning side
    wins, and each seat's score is its side's goals."""
    game = st.game
    winners = tuple(game.seats[s] for s in game.side_seats[winner_side]) if winner_side >= 0 else ()
    scores = {seat: float(st.score[game.seat_side[i]]) for i, seat in enumerate(game.seats)}
    st.result = Outcome(winners=winners, scores=scores, reason=reason, seats=game.seats)
    st.active = -1
    st.stack.clear()
    st.emit("end", f"Game over: {reason}. Final score {st.score[0]}-{st.score[1]}.",
            winners=list(winners), score=list(st.score))
