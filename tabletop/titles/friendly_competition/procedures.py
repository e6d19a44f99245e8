"""The rules in motion: deployment, turns, moves, tackles, jostles, passes, fouls, goals, restarts.

A mixin of the match state. Every procedure changes the state and writes an event whose text
explains each roll. The moving ball and its interceptions are in flight.py.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tabletop.core import Event, Outcome

from .flight import FLIGHT, PLAY, BallFlight, name_of
from .pitch import DIRECTION_INDEX, DIRECTION_NAMES, DIRECTION_WORDS, PITCH
from .rules import (
    ANY_ZONE,
    ATTACKS_GOAL,
    OWN_ZONE,
    PASS_COST,
    PASS_DICE,
    SEATS,
    SPIDER,
    TEAM,
    TEAM_SIZE,
    Flight,
)

if TYPE_CHECKING:
    from .game import FriendlyCompetition

__all__ = ["DEPLOY", "FLIGHT", "OVER", "PLAY", "Procedures", "name_of"]

DEPLOY, OVER = "deploy", "over"
LENGTH_WORDS = ("short", "medium", "long")
STEP = PITCH.step
LABEL = PITCH.label


# Names looked up rather than worked out for each step's log line (squares on the pitch only):
# search plays thousands of steps a second.
SQUARE_NAMES = PITCH.names
TEAMSTER_NAMES = tuple(name_of(teamster) for teamster in range(2 * TEAM_SIZE))
LINES_KEPT = 50_000  # log lines kept by each game (about 20 MB at most)
TURN_LINE, END_LINE = -1, -2  # first in the key of a turn's start and end; a step's is a teamster


def _rebounds(start: int, direction: int, distance: int) -> str:
    """`` (off the wall at s12 and l19)`` for a ball that rebounds, else nothing."""
    squares = [LABEL(s) for s in PITCH.bounces(start, direction, distance)]
    return f" (off the wall at {' and '.join(squares)})" if squares else ""


class Procedures(BallFlight):
    """Rule procedures of the match state (see game.FriendlyState for the fields)."""

    turn: int
    score: list[int]
    tackles: list[int]
    side_tackles: int
    deploy_order: list[int]
    next_deploy: list[int]
    kickoff: int
    start_pos: list[int]
    _outcome: Outcome | None
    game: FriendlyCompetition
    events: list[Event]

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
        if not self.start_pos:  # the opening places, for restart=kick-off-positions
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
        key = (TURN_LINE, self.turn, side, self.ap, owed)
        if not self.replayed(key):
            owing = f" ({owed} spent on interceptions last turn)" if owed else ""
            self.keep(key, self.emit("turn", f"Turn {self.turn} of {self.rules.match_turns}: {TEAM[side]} has "
                                     f"{self.ap} action points{owing}.", side=SEATS[side], turn=self.turn, ap=self.ap))
        if self.ap == 0:
            self.end_turn("has no action points")

    def end_turn(self, why: str) -> None:
        side = self.side
        key = (END_LINE, side, why)
        if not self.replayed(key):
            self.keep(key, self.emit("end-turn", f"{TEAM[side]}'s turn ends: {why}.", side=SEATS[side]))
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
            limit = self.rules.goal_limit
            self.finish(f"{TEAM[scorer]} reached {limit} goal{'s' if limit > 1 else ''}")
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
        key = (teamster, start, direction, carrying, self.ap)
        if not self.replayed(key):
            square = SQUARE_NAMES[target]
            self.keep(key, self.emit("move", f"{TEAMSTER_NAMES[teamster]} moves {words} from {SQUARE_NAMES[start]} "
                                     f"to {square}{' with the ball' if carrying else ''} (1 AP, {self.ap} left).",
                                     teamster=teamster, square=square))
        self.after_action()

    # -- log lines written once ------------------------------------------------------------------
    # A step's, a turn's start's and a turn's end's log line depend on nothing but their key, and
    # search plays the same steps and turns again and again: each line is written once per game
    # and shared (an event is an unchangeable value).

    def replayed(self, key: tuple[Any, ...]) -> bool:
        """Write the kept line of ``key`` to the log, if there is one."""
        event = self.game.kept_lines.get(key)
        if event is None:
            return False
        self.events.append(event)
        return True

    def keep(self, key: tuple[Any, ...], event: Event) -> None:
        kept = self.game.kept_lines
        if len(kept) >= LINES_KEPT:
            kept.clear()
        kept[key] = event

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
                  f"{'+'.join(map(str, dice))} = {distance} squares{_rebounds(start, direction, distance)}, "
                  f"heading for {end}.",
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
        rebounds = _rebounds(start, DIRECTION_INDEX[heading], distance)
        self.emit("knocked-free", f"Dispersal spider: d10 shows {face % 10}, so the ball goes "
                  f"{DIRECTION_WORDS[heading]}; d6 shows {distance} squares{rebounds}, heading for {end}.",
                  rolls=[face, distance], path=[LABEL(s) for s in path])
        self.start_flight(Flight("knock", -1, -1, carrier, path, goal))

    # -- queries ---------------------------------------------------------------------------------

    def protected(self, teamster: int) -> bool:
        """A goalie inside the goal zone (its own, or either by option) cannot be tackled, nor
        (option ``goalie_jostle``, by default) jostled."""
        if teamster % TEAM_SIZE:
            return False
        zone = ANY_ZONE if self.rules.goalie_protection == "either-zone" else OWN_ZONE[teamster // TEAM_SIZE]
        return self.pos[teamster] in zone
