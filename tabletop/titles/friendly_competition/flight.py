"""The moving ball: a pass or a knocked-free ball crosses the pitch square by square, and at
each square the sides within reach decide whether to try for it; then the tries are rolled.

A mixin of the match state, used by procedures.Procedures.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from tabletop.core import Event

from .pitch import PITCH
from .rules import INTERCEPTION, SEATS, TEAM, TEAM_SIZE, Flight, Rules

if TYPE_CHECKING:
    from tabletop.core import Randomness

__all__ = ["BallFlight", "name_of"]

FLIGHT, PLAY = "flight", "play"
NEIGHBOURS = PITCH.neighbours
REACH = PITCH.reach
LABEL = PITCH.label
MARKED = INTERCEPTION.marked_modifier


def name_of(teamster: int) -> str:
    """``Blue 3`` or ``Red goalie``."""
    side, number = divmod(teamster, TEAM_SIZE)
    return f"{TEAM[side]} goalie" if number == 0 else f"{TEAM[side]} {number + 1}"


class BallFlight:
    """Procedures of the moving ball (see game.FriendlyState for the fields)."""

    rules: Rules
    rng: Randomness
    pos: list[int]
    occ: list[int]
    holder: int
    ball: int
    floored: list[int]
    side: int
    ap: int
    debt: list[int]
    phase: str
    flight: Flight | None
    _to_act: tuple[str, ...]

    def emit(self, kind: str, text: str, visible_to: Sequence[str] | None = None, **data: Any) -> Event:
        raise NotImplementedError  # provided by the engine's State

    def after_action(self) -> None:
        raise NotImplementedError  # provided by procedures.Procedures

    def goal(self, goal_code: int, how: str) -> None:
        raise NotImplementedError  # provided by procedures.Procedures

    def start_flight(self, flight: Flight) -> None:
        self.phase = FLIGHT
        self.flight = flight
        self.advance_flight()

    def candidates(self, flight: Flight, side: int) -> list[int]:
        """Teamsters of ``side`` who may try for the ball at the square it has just entered."""
        rules = self.rules
        if side == self.side and self.ap < 1:
            return []
        if flight.kind == "knock":
            if not rules.knocked_ball_interceptable:
                return []
        elif side == flight.side and flight.length >= 1 and rules.lofted_pass_teammates != "may-intercept":
            return []
        attempts = rules.interception_attempts
        if (attempts == "once-per-side" and flight.side_tried[side]) or (
            attempts == "once-per-ball" and 0 <= flight.first_try != flight.index
        ):
            return []
        square = flight.path[flight.index]
        lands_here = flight.index == len(flight.path) - 1 and not flight.goal
        receives = rules.receiver == "anyone" or flight.kind != "pass" or side == flight.side
        found = []
        occ, floored = self.occ, self.floored
        low, high = side * TEAM_SIZE, side * TEAM_SIZE + TEAM_SIZE
        for near in REACH[square]:
            teamster = occ[near]
            if not low <= teamster < high or floored[teamster] or teamster == flight.origin:
                continue
            if lands_here and near == square and receives:
                continue  # the ball will stop at its feet anyway
            if attempts == "once-per-teamster" and teamster in flight.tried:
                continue
            found.append(teamster)
        found.sort()
        return found

    def advance_flight(self) -> None:
        flight = self.flight
        assert flight is not None
        path = flight.path
        while flight.index < len(path):
            if not flight.prepared:
                flight.prepared = True
                flight.tries = []
                defending = 1 - self.side
                flight.choices = {}
                flight.queue = []
                for side in (defending, self.side):
                    found = self.candidates(flight, side)
                    if found:
                        flight.choices[side] = found
                        flight.queue.append(side)
            if flight.queue:
                self._to_act = (SEATS[flight.queue[0]],)
                return
            square = path[flight.index]
            if flight.tries and self.resolve_interception(square, flight.tries):
                return
            if self.teammate_stops_ball(flight, square):
                return
            flight.index += 1
            flight.prepared = False
        self.flight = None
        self.phase = PLAY
        self._to_act = (SEATS[self.side],)
        if flight.goal:
            self.ball = PITCH.centre
            what = "The pass" if flight.kind == "pass" else "The loose ball"
            self.goal(flight.goal, f"{what} crosses the goal line")
            return
        self.land(path[-1], flight)

    def land(self, square: int, flight: Flight) -> None:
        """The ball stops: a standing teamster on that square gathers it for nothing (only a
        team-mate of the kicker, with receiver=team-mates); otherwise it lies loose."""
        self.ball = square
        teamster = self.occ[square]
        enemy_of_kicker = flight.kind == "pass" and teamster // TEAM_SIZE != flight.side
        if enemy_of_kicker and self.rules.receiver == "team-mates":
            teamster = -1
        if teamster >= 0 and not self.floored[teamster]:
            self.holder = teamster
            self.emit("gather", f"The ball stops at {LABEL(square)}, at the feet of {name_of(teamster)}, "
                      "who gathers it for 0 AP.", teamster=teamster, square=LABEL(square))
        else:
            self.emit("loose", f"The ball comes to rest loose at {LABEL(square)}.", square=LABEL(square))
        self.after_action()

    def teammate_stops_ball(self, flight: Flight, square: int) -> bool:
        """With lofted_pass_teammates=stops, a team-mate in the ball's square takes it for free."""
        if (flight.kind != "pass" or flight.length < 1 or self.rules.lofted_pass_teammates != "stops"
                or flight.index == len(flight.path) - 1):
            return False
        teamster = self.occ[square]
        if teamster < 0 or teamster // TEAM_SIZE != flight.side or self.floored[teamster]:
            return False
        if teamster == flight.origin:
            return False
        self.finish_flight_with(teamster, f"{name_of(teamster)} stops the ball at {LABEL(square)} "
                                "as it comes to a team-mate (0 AP).")
        return True

    def choose_interception(self, side: int, teamster: int | None) -> None:
        flight = self.flight
        assert flight is not None
        flight.queue.pop(0)
        square = LABEL(flight.path[flight.index])
        if teamster is None:
            self.emit("let-pass", f"{TEAM[side]} lets the ball go by at {square}.", side=SEATS[side])
        else:
            flight.tries.append(teamster)
            flight.tried.add(teamster)
            flight.side_tried[side] = True
            if flight.first_try < 0:
                flight.first_try = flight.index
            if side == self.side:
                self.ap -= 1
                cost = f"1 AP, {self.ap} left"
            else:
                self.debt[side] += self.rules.off_turn_intercept_ap
                owed = self.rules.off_turn_intercept_ap
                cost = f"{owed} AP from its next turn" if owed else "free on the other side's turn"
            self.emit("try", f"{name_of(teamster)} goes for the ball at {square} ({cost}).",
                      teamster=teamster, square=square)
        self.advance_flight()

    def resolve_interception(self, square: int, tries: list[int]) -> bool:
        """Roll every try at this square; the highest successful roll takes the ball, and equal
        highest rolls mean nobody does. True if someone caught it."""
        best, winners = -99, []
        for teamster in tries:
            at = self.pos[teamster]
            goalie = teamster % TEAM_SIZE == 0
            adjacent = at != square
            need = self.rules.targets[goalie][adjacent]
            roll = self.rng.roll(6)
            marked = self.is_marked(teamster)
            total = roll + (MARKED if marked else 0)
            where = "from the next square" if adjacent else "in its own square"
            role = "goalie" if goalie else "teamster"
            shown = f"{roll}{MARKED:+d}={total} (marked)" if marked else f"{roll}"
            success = total >= need
            self.emit("intercept-roll", f"{name_of(teamster)} tries to intercept {where} at {LABEL(square)}: "
                      f"a {role} needs {need}+, rolls {shown}: {'caught' if success else 'missed'}.",
                      teamster=teamster, roll=roll, total=total, need=need, success=success)
            if success:
                if total > best:
                    best, winners = total, [teamster]
                elif total == best:
                    winners.append(teamster)
        if len(winners) > 1:
            self.emit("contest", f"{' and '.join(map(name_of, winners))} both reach the ball with {best}: "
                      "neither manages to hold it and it flies on.", teamsters=winners)
            return False
        if winners:
            self.finish_flight_with(winners[0], f"{name_of(winners[0])} intercepts the ball at "
                                    f"{LABEL(square)}.")
            return True
        return False

    def finish_flight_with(self, teamster: int, text: str) -> None:
        self.flight = None
        self.phase = PLAY
        self._to_act = (SEATS[self.side],)
        self.holder = teamster
        self.ball = self.pos[teamster]
        self.emit("intercept", text, teamster=teamster)
        self.after_action()

    # -- queries ---------------------------------------------------------------------------------

    def is_marked(self, teamster: int) -> bool:
        """An enemy teamster on its feet stands next to this one."""
        enemy_low = (1 - teamster // TEAM_SIZE) * TEAM_SIZE
        occ, floored = self.occ, self.floored
        for near in NEIGHBOURS[self.pos[teamster]]:
            other = occ[near]
            if enemy_low <= other < enemy_low + TEAM_SIZE and not floored[other]:
                return True
        return False
