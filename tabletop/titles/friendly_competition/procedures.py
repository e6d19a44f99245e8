"""The rules in motion: turns, moves, tackles, jostles, passes, interceptions, goals, restarts.

A mixin of the match state. Every procedure changes the state and writes an event whose text
explains each roll. A ball in flight pauses whenever a side must decide whether to try for it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from tabletop.core import Event, Outcome

from .pitch import DIRECTION_INDEX, DIRECTION_NAMES, DIRECTION_WORDS, PITCH
from .rules import (
    ANY_ZONE,
    ATTACKS_GOAL,
    INTERCEPTION,
    OWN_ZONE,
    PASS_COST,
    PASS_DICE,
    SEATS,
    SPIDER,
    TEAM,
    TEAM_SIZE,
    Flight,
    Rules,
)

if TYPE_CHECKING:
    from tabletop.core import Randomness

__all__ = ["Procedures", "name_of"]

DEPLOY, PLAY, FLIGHT, OVER = "deploy", "play", "flight", "over"
LENGTH_WORDS = ("short", "medium", "long")
STEP = PITCH.step
NEIGHBOURS = PITCH.neighbours
REACH = PITCH.reach
LABEL = PITCH.label
MARKED = INTERCEPTION.marked_modifier


def name_of(teamster: int) -> str:
    """``Blue 3`` or ``Red goalie``."""
    side, number = divmod(teamster, TEAM_SIZE)
    return f"{TEAM[side]} goalie" if number == 0 else f"{TEAM[side]} {number + 1}"


class Procedures:
    """Rule procedures shared by the match state (see game.FriendlyState for the fields)."""

    rules: Rules
    rng: Randomness
    pos: list[int]
    occ: list[int]
    holder: int
    ball: int
    floored: list[int]
    side: int
    ap: int
    turn: int
    score: list[int]
    tackles: list[int]
    side_tackles: int
    debt: list[int]
    phase: str
    deploy_order: list[int]
    next_deploy: list[int]
    kickoff: int
    start_pos: list[int]
    flight: Flight | None
    _to_act: tuple[str, ...]
    _outcome: Outcome | None

    def emit(self, kind: str, text: str, visible_to: Sequence[str] | None = None, **data: Any) -> Event:
        raise NotImplementedError  # provided by the engine's State

    # -- turns -----------------------------------------------------------------------------------

    def begin_deployment(self, kickoff: int) -> None:
        """Both sides place their teams; the side that receives the kick-off places first."""
        self.phase = DEPLOY
        self.kickoff = kickoff
        receiver = 1 - kickoff
        if self.rules.deployment == "blocks":
            self.deploy_order = [receiver] * TEAM_SIZE + [kickoff] * TEAM_SIZE
        else:
            self.deploy_order = [receiver, kickoff] * TEAM_SIZE
        self.deploy_order.reverse()  # popped from the end
        self.next_deploy = [0, 0]
        for square in self.pos:
            if square >= 0:
                self.occ[square] = -1
        self.pos = [-1] * (2 * TEAM_SIZE)
        self.holder = -1
        self.ball = PITCH.centre
        self._to_act = (SEATS[self.deploy_order[-1]],)

    def deploy(self, side: int, square: int) -> None:
        teamster = side * TEAM_SIZE + self.next_deploy[side]
        self.next_deploy[side] += 1
        self.pos[teamster] = square
        self.occ[square] = teamster
        self.deploy_order.pop()
        self.emit("deploy", f"{name_of(teamster)} takes up position at {LABEL(square)}.",
                  teamster=teamster, square=LABEL(square))
        if self.deploy_order:
            self._to_act = (SEATS[self.deploy_order[-1]],)
            return
        if self.turn == 1 and not any(self.score):
            self.start_pos = list(self.pos)
        self.kick_off()

    def kick_off(self) -> None:
        self.holder = -1
        self.ball = PITCH.centre
        self.emit("kick-off", f"The ball is placed on the centre spot {LABEL(PITCH.centre)}; "
                  f"{TEAM[self.kickoff]} kicks off.", side=SEATS[self.kickoff])
        self.start_turn(self.kickoff)

    def start_turn(self, side: int) -> None:
        self.phase = PLAY
        self.side = side
        self.ap = max(0, self.rules.action_points - self.debt[side])
        owed = self.debt[side]
        self.debt[side] = 0
        self.tackles = [0] * (2 * TEAM_SIZE)
        self.side_tackles = 0
        self._to_act = (SEATS[side],)
        owing = f" ({owed} spent on interceptions last turn)" if owed else ""
        self.emit("turn", f"Turn {self.turn} of {self.rules.match_turns}: {TEAM[side]} has "
                  f"{self.ap} action points{owing}.", side=SEATS[side], turn=self.turn, ap=self.ap)
        if self.ap == 0:
            self.end_turn("has no action points")

    def end_turn(self, why: str) -> None:
        side = self.side
        self.emit("end-turn", f"{TEAM[side]}'s turn ends: {why}.", side=SEATS[side])
        floored = self.floored
        for teamster in range(2 * TEAM_SIZE):
            if floored[teamster] < 0 or (floored[teamster] > 0 and teamster // TEAM_SIZE == side):
                floored[teamster] = 0 if floored[teamster] < 0 else floored[teamster] - 1
                if floored[teamster] == 0:
                    self.emit("stand-up", f"{name_of(teamster)} gets back up.", teamster=teamster)
        if self.next_turn():
            self.start_turn(1 - side)

    def next_turn(self) -> bool:
        """Count a finished turn; False when that was the last turn of the match."""
        self.turn += 1
        if self.turn > self.rules.match_turns:
            self.finish(f"full time after {self.rules.match_turns} turns")
            return False
        return True

    def finish(self, why: str) -> None:
        self.phase = OVER
        self.flight = None
        self._to_act = ()
        blue, red = self.score
        winners = () if blue == red else ((SEATS[0],) if blue > red else (SEATS[1],))
        verdict = "a draw" if not winners else f"{TEAM[0] if blue > red else TEAM[1]} wins"
        reason = f"{why}: {TEAM[0]} {blue}, {TEAM[1]} {red}, {verdict}"
        self._outcome = Outcome(winners, {SEATS[0]: blue, SEATS[1]: red}, reason, SEATS)
        self.emit("full-time", reason[0].upper() + reason[1:] + ".", scores=list(self.score))

    def after_action(self) -> None:
        if self.phase == PLAY and self.ap <= 0:
            self.end_turn("no action points left")

    def foul(self, teamster: int, what: str) -> None:
        self.emit("foul", f"Foul by {name_of(teamster)} ({what}): the turn passes to "
                  f"{TEAM[1 - self.side]} at once.", teamster=teamster)
        self.end_turn("a foul")

    # -- goals -----------------------------------------------------------------------------------

    def goal(self, goal_code: int, how: str) -> None:
        scorer = 0 if ATTACKS_GOAL[0] == goal_code else 1
        self.score[scorer] += 1
        self.flight = None
        self.emit("goal", f"GOAL! {how} into {LABEL(goal_code)}: {TEAM[scorer]} scores. "
                  f"{TEAM[0]} {self.score[0]}, {TEAM[1]} {self.score[1]}.",
                  side=SEATS[scorer], scores=list(self.score))
        if self.rules.goal_limit and self.score[scorer] >= self.rules.goal_limit:
            self.finish(f"{TEAM[scorer]} reached {self.rules.goal_limit} goals")
            return
        if not self.next_turn():
            return
        conceding = 1 - scorer
        self.floored = [0] * (2 * TEAM_SIZE)
        if self.rules.restart == "redeploy":
            self.begin_deployment(conceding)
            return
        for square in self.pos:
            self.occ[square] = -1
        self.pos = list(self.start_pos)
        for teamster, square in enumerate(self.pos):
            self.occ[square] = teamster
        self.kickoff = conceding
        self.emit("restart", "Both teams return to their opening positions.")
        self.kick_off()

    # -- actions on the turn ---------------------------------------------------------------------

    def move(self, teamster: int, direction: int) -> None:
        self.ap -= 1
        start = self.pos[teamster]
        target = STEP[start][direction]
        words = DIRECTION_WORDS[DIRECTION_NAMES[direction]]
        if target < 0:  # only a carrier may step through the goal mouth it attacks
            self.holder = -1
            self.goal(target, f"{name_of(teamster)} carries the ball {words} from {LABEL(start)}")
            return
        self.occ[start] = -1
        self.occ[target] = teamster
        self.pos[teamster] = target
        carrying = self.holder == teamster
        if carrying:
            self.ball = target
        self.emit("move", f"{name_of(teamster)} moves {words} from {LABEL(start)} to {LABEL(target)}"
                  f"{' with the ball' if carrying else ''} (1 AP, {self.ap} left).",
                  teamster=teamster, square=LABEL(target))
        self.after_action()

    def pick_up(self, teamster: int) -> None:
        self.ap -= 1
        self.holder = teamster
        self.emit("pick-up", f"{name_of(teamster)} picks up the ball at {LABEL(self.ball)} "
                  f"(1 AP, {self.ap} left).", teamster=teamster)
        self.after_action()

    def tackle_number(self, teamster: int) -> int:
        """How many tackles already count against this tackler this turn."""
        return self.side_tackles if self.rules.tackle_count == "side" else self.tackles[teamster]

    def count_tackle(self, teamster: int) -> int:
        number = self.tackle_number(teamster) + 1
        self.side_tackles += 1
        self.tackles[teamster] += 1
        return number

    def tackle(self, teamster: int) -> None:
        self.ap -= 1
        carrier = self.holder
        number = self.count_tackle(teamster)
        penalty = number - 1
        attack, defence = self.rng.roll(6), self.rng.roll(6)
        total = attack - penalty
        shown = f"{attack}-{penalty}={total}" if penalty else f"{attack}"
        ordinal = ("first", "second", "third")[number - 1] if number <= 3 else f"number {number}"
        head = (f"{name_of(teamster)} tackles {name_of(carrier)} ({ordinal} tackle this turn, 1 AP): "
                f"rolls {shown} against {defence}")
        data: dict[str, Any] = {"teamster": teamster, "carrier": carrier, "rolls": [attack, defence], "penalty": penalty}
        if total > defence:
            if self.ap >= 1:
                self.ap -= 1
                self.holder = teamster
                self.ball = self.pos[teamster]
                self.emit("tackle", f"{head}, wins the ball and pays 1 AP to take it ({self.ap} left).",
                          result="won", **data)
            else:
                self.holder = -1
                self.emit("tackle", f"{head} and wins, but has no AP left to take the ball, which lies "
                          f"loose at {LABEL(self.ball)}.", result="won-loose", **data)
            self.after_action()
        elif total == defence:
            self.emit("tackle", f"{head}: a tie, the ball is knocked free.", result="tie", **data)
            self.knock_free(carrier)
        else:
            self.emit("tackle", f"{head}: {name_of(carrier)} keeps the ball.", result="failed", **data)
            if number >= 2:
                self.foul(teamster, f"a failed {ordinal} tackle")
            else:
                self.after_action()

    def jostle(self, teamster: int, target: int) -> None:
        self.ap -= 1
        penalty = 0
        if self.rules.jostle_counts_as_tackle:
            penalty = self.count_tackle(teamster) - 1
        attack, defence = self.rng.roll(6), self.rng.roll(6)
        total = attack - penalty
        shown = f"{attack}-{penalty}={total}" if penalty else f"{attack}"
        margin = total - defence
        head = f"{name_of(teamster)} jostles {name_of(target)} (1 AP): rolls {shown} against {defence}"
        data: dict[str, Any] = {"teamster": teamster, "target": target, "rolls": [attack, defence], "penalty": penalty}
        if margin >= 2:
            self.floored[target] = 1 if self.rules.floored_for == "next-own-turn" else -1
            until = "its side's next turn" if self.floored[target] > 0 else "this turn"
            self.emit("jostle", f"{head}, winning by {margin}: {name_of(target)} is pushed to the ground "
                      f"and sits out {until}.", result="floored", **data)
            self.after_action()
        elif margin <= -2:
            self.emit("jostle", f"{head}, losing by {-margin}.", result="foul", **data)
            self.foul(teamster, f"a jostle lost by {-margin}")
        else:
            self.emit("jostle", f"{head}: no effect.", result="no-effect", **data)
            self.after_action()

    def kick(self, teamster: int, length: int, direction: int) -> None:
        self.ap -= PASS_COST[length]
        dice = self.rng.rolls(PASS_DICE[length], 6)
        distance = sum(dice)
        start = self.pos[teamster]
        path, goal = PITCH.ball_path(start, direction, distance)
        words = DIRECTION_WORDS[DIRECTION_NAMES[direction]]
        end = LABEL(goal) if goal else LABEL(path[-1])
        self.emit("pass", f"{name_of(teamster)} makes a {LENGTH_WORDS[length]} pass {words} from "
                  f"{LABEL(start)} ({PASS_COST[length]} AP, {self.ap} left): {PASS_DICE[length]}d6 = "
                  f"{'+'.join(map(str, dice))} = {distance} squares, heading for {end}.",
                  teamster=teamster, dice=dice, path=[LABEL(s) for s in path])
        self.holder = -1
        self.start_flight(Flight("pass", self.side, length, teamster, path, goal))

    def knock_free(self, carrier: int) -> None:
        face, distance = self.rng.roll(10), self.rng.roll(6)
        heading = SPIDER.direction_for(face)
        start = self.pos[carrier]
        path, goal = PITCH.ball_path(start, DIRECTION_INDEX[heading], distance)
        self.holder = -1
        end = LABEL(goal) if goal else LABEL(path[-1])
        self.emit("knocked-free", f"Dispersal spider: d10 shows {face % 10}, so the ball goes "
                  f"{DIRECTION_WORDS[heading]}; d6 shows {distance} squares, heading for {end}.",
                  rolls=[face, distance], path=[LABEL(s) for s in path])
        self.start_flight(Flight("knock", -1, -1, carrier, path, goal))

    # -- the moving ball -------------------------------------------------------------------------

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
        found = []
        occ, floored = self.occ, self.floored
        low, high = side * TEAM_SIZE, side * TEAM_SIZE + TEAM_SIZE
        for near in REACH[square]:
            teamster = occ[near]
            if not low <= teamster < high or floored[teamster] or teamster == flight.origin:
                continue
            if lands_here and near == square:
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
        self.land(path[-1])

    def land(self, square: int) -> None:
        self.ball = square
        teamster = self.occ[square]
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

    def protected(self, teamster: int) -> bool:
        """A goalie inside the goal zone (its own, or either by option) cannot be tackled."""
        if teamster % TEAM_SIZE:
            return False
        zone = ANY_ZONE if self.rules.goalie_protection == "either-zone" else OWN_ZONE[teamster // TEAM_SIZE]
        return self.pos[teamster] in zone
