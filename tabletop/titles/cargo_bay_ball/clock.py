"""Time: Chops, Rounds and turns, recovery, the restart at each Chop, and the end.

:func:`resume` is the engine room: after every action it runs everything compulsory (dice,
pending procedures, the turn order, the end of a Round or Chop) until a seat must decide.

Rule IDs: CBB-TIME-*, CBB-END-*, CBB-REACT-3 (recovery).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .constants import (
    ARROW,
    BOXED,
    DOWN,
    FLOW_ROUND_START,
    FLOW_TURNS,
    OFFSTAGE,
    PLAY,
    STANDING,
    WAITING,
)
from .data import ENDUR
from .ending import finish
from .flight import offer_pick_up
from .setup import setup_seat, start_restart_placement

if TYPE_CHECKING:
    from .game import CargoBayState

__all__ = ["activate", "resume"]


def resume(st: CargoBayState) -> None:
    """Advance until someone must decide (``st._to_act``) or the game is over."""
    seat = -1
    while st.result is None:
        stack = st.stack
        if stack:
            seat = stack[-1].advance(st)
            if seat >= 0:
                break
            continue
        if st.phase != PLAY:
            seat = setup_seat(st)
            break
        if st.flow == FLOW_ROUND_START:
            start_round(st)
            continue
        active = st.active
        if active >= 0:
            if st.status[active] == STANDING and (st.actions_left > 0 or st.move_left > 0):
                seat = st.crew_seat[active]
                break
            end_turn(st)
            continue
        seat = next_turn(st)
        if seat >= 0:
            break
    if st.result is not None:
        st._actor = -1
        st._to_act = ()
    else:
        st._actor = seat
        st._to_act = (st.game.seats[seat],)


def start_round(st: CargoBayState) -> None:
    """CBB-TIME-2/3: the goal swings to a rolled facing; the side with the ball goes first,
    or a roll decides when the ball is loose."""
    face = st.rng.roll(6)
    st.arrow = (face - 1) % 3 + 1
    label = f"Chop {st.chop if not st.sudden_death else 'OT'}, Round {st.round}"
    st.emit("round", f"{label}: the goal swings, 1d6={face}: its arrows point at {st.arrow} and "
            f"{st.arrow + 3}.", chop=st.chop, round=st.round, roll=face, arrows=[st.arrow, st.arrow + 3])
    if st.holder >= 0:
        first = st.crew_side[st.holder]
        st.emit("first", f"{st.name(st.holder)} has the ball, so side {first + 1} goes first.", side=first + 1)
    else:
        roll = st.rng.roll(6)
        first = 0 if roll in st.game.rules.side1_first_on else 1
        st.emit("first", f"The ball is loose; 1d6={roll}, so side {first + 1} goes first.", roll=roll,
                side=first + 1)
    st.turn_side = first
    st.acted = 0
    st.flow = FLOW_TURNS


def _able(st: CargoBayState, crew: int) -> bool:
    status = st.status[crew]
    return status in (STANDING, WAITING) and not (st.acted >> crew) & 1


def _seat_with_turn(st: CargoBayState, side: int) -> int:
    """CBB-TIME-4 with several people on a side: the side's seats take its turns in rotation."""
    seats = st.game.side_seats[side]
    start = st.seat_ptr[side]
    crew_seat = st.crew_seat
    for k in range(len(seats)):
        seat = seats[(start + k) % len(seats)]
        for crew in range(len(crew_seat)):
            if crew_seat[crew] == seat and _able(st, crew):
                return seat
    return -1


def next_turn(st: CargoBayState) -> int:
    """Sides alternate one crew member at a time; a side with nobody able to act is passed
    over. Returns the seat that must pick its crew member, or -1 when it moved on by itself."""
    for side in (st.turn_side, 1 - st.turn_side):
        seat = _seat_with_turn(st, side)
        if seat < 0:
            continue
        st.turn_side = side
        choices = [c for c in range(len(st.crew_seat)) if st.crew_seat[c] == seat and _able(st, c)]
        if len(choices) == 1:
            activate(st, choices[0])
            return -1
        return seat
    end_round(st)
    return -1


def choices_for_activation(st: CargoBayState) -> list[int]:
    seat = st._actor
    return [c for c in range(len(st.crew_seat)) if st.crew_seat[c] == seat and _able(st, c)]


def activate(st: CargoBayState, crew: int) -> None:
    """Start a crew member's turn (CBB-TIME-4), bringing a released one in through the airlock
    door (CBB-PEN-4) and offering anyone standing on the loose ball to pick it up now (CBB-BALL-6)."""
    game = st.game
    side = st.crew_side[crew]
    seats = game.side_seats[side]
    st.seat_ptr[side] = (seats.index(st.crew_seat[crew]) + 1) % len(seats)
    st.acted |= 1 << crew
    st.active = crew
    st.actions_left = game.rules.actions_per_turn
    st.move_left = 0
    st.emit("turn", f"{st.name(crew)}'s turn (side {side + 1}).", crew=st.slug(crew), side=side + 1)
    if st.status[crew] == WAITING:
        space = _entry_space(st)
        st.pos[crew] = space
        st.occ[space] = crew
        st.status[crew] = STANDING
        st.emit("enter", f"{st.name(crew)} comes back in through the airlock door onto "
                f"{game.board.labels[space]}.", crew=st.slug(crew), at=game.board.labels[space])
    space = st.pos[crew]
    offer_pick_up(st, crew, space)


def _entry_space(st: CargoBayState) -> int:
    """The door space, or if someone is on it the nearest empty space to it (first by label order)."""
    board = st.game.board
    door = board.door
    if st.occ[door] < 0:
        return door
    best = min((s for s in board.field_spaces if st.occ[s] < 0),
               key=lambda s: (board.distance[door][s], s))
    return best


def end_turn(st: CargoBayState) -> None:
    crew = st.active
    st.active = -1
    st.actions_left = 0
    st.move_left = 0
    st.turn_side = 1 - st.crew_side[crew]


def end_round(st: CargoBayState) -> None:
    """CBB-REACT-3 and CBB-PEN-3: recovery rolls, the airlock opens, and the clock moves on."""
    n = len(st.pos)
    for crew in range(n):
        if st.status[crew] == DOWN:
            rating = st.skill(crew, ENDUR)
            roll = st.rng.roll(6)
            up = roll <= rating
            if up:
                st.status[crew] = STANDING
            st.emit("recover", f"{st.name(crew)} tries to get up: 1d6={roll} against ENDUR {rating}: "
                    f"{'back on their feet.' if up else 'still down.'}", crew=st.slug(crew), roll=roll, success=up)
    if not st.sudden_death:
        for crew in range(n):
            if st.status[crew] in (BOXED, ARROW):
                st.status[crew] = WAITING
                st.emit("release", f"{st.name(crew)}'s penalty ends; they wait at the airlock door.",
                        crew=st.slug(crew))
    elif all(s == BOXED for s in st.status):
        finish(st, -1, "every crew member is in the airlock for the rest of the game")
        return
    rules = st.game.rules
    st.acted = 0
    if st.sudden_death:
        st.round = st.round % rules.rounds_per_chop + 1  # CBB-END-3: the Round track starts over
        st.flow = FLOW_ROUND_START
    elif st.round >= rules.rounds_per_chop:
        end_chop(st)
    else:
        st.round += 1
        st.flow = FLOW_ROUND_START


def end_chop(st: CargoBayState) -> None:
    """CBB-TIME-5 and CBB-END-1/3: after the last Chop the most goals wins, a tie goes to
    sudden death; otherwise everyone recovers, the airlock empties and the crew set up again."""
    rules = st.game.rules
    st.emit("chop", f"End of Chop {st.chop}: {st.score[0]}-{st.score[1]}.", chop=st.chop, score=list(st.score))
    if st.chop >= rules.chops:
        if st.score[0] != st.score[1]:
            winner = 0 if st.score[0] > st.score[1] else 1
            finish(st, winner, f"side {winner + 1} has the most goals after Chop {st.chop}")
            return
        st.sudden_death = True
        st.emit("sudden-death", "Level after regulation: a sudden-death Chop follows; the first goal wins.")
    st.chop += 1
    st.round = 1
    for crew in range(len(st.pos)):
        if st.pos[crew] >= 0:
            st.occ[st.pos[crew]] = -1
        st.pos[crew] = -1
        st.status[crew] = OFFSTAGE
    st.ball = -1
    st.holder = -1
    st.arrow = (rules.goal_start_arrow - 1) % 3 + 1
    st.emit("restart", f"Everyone recovers, the airlock empties and the goal is reset with its arrows at "
            f"{st.arrow} and {st.arrow + 3}.")
    start_restart_placement(st)
