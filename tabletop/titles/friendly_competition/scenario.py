"""Set up a position from a scenario dict (the format is in docs/rules/friendly-competition.md).

A scenario either starts a deployment (``{"phase": "deploy", "kickoff": "seat2"}``) or places
both teams and the ball for a side's turn in play.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tabletop.core import BadScenario

from .pitch import PITCH
from .procedures import PLAY
from .rules import SEATS, TEAM_SIZE

if TYPE_CHECKING:
    from .game import FriendlyState

__all__ = ["apply_scenario"]

KEYS = {"phase", "kickoff", "turn", "side", "ap", "score", "teams", "ball", "floored", "tackles", "debt"}


def _seat(value: Any, what: str) -> int:
    if value not in SEATS:
        raise BadScenario(f"{what} must be seat1 or seat2, not {value!r}")
    return SEATS.index(value)


def _int(value: Any, what: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise BadScenario(f"{what} must be a whole number from {low} to {high}, not {value!r}")
    return value


def _square(value: Any, what: str) -> int:
    if not isinstance(value, str):
        raise BadScenario(f"{what} must be a square name like j10, not {value!r}")
    try:
        return PITCH.parse(value)
    except ValueError as exc:
        raise BadScenario(f"{what}: {exc}") from None


def _teamster(value: Any, what: str) -> int:
    """``"seat2:3"`` -> the global teamster number."""
    if not isinstance(value, str) or value.count(":") != 1:
        raise BadScenario(f"{what} must look like 'seat1:3' (seat and teamster 1-6), not {value!r}")
    seat, number = value.split(":")
    side = _seat(seat, what)
    if not number.isdigit() or not 1 <= int(number) <= TEAM_SIZE:
        raise BadScenario(f"{what}: teamster numbers run 1-{TEAM_SIZE}, not {number!r}")
    return side * TEAM_SIZE + int(number) - 1


def _per_seat(data: dict[str, Any], key: str) -> dict[str, Any]:
    value = data.get(key, {})
    if not isinstance(value, dict) or set(value) - set(SEATS):
        raise BadScenario(f"{key} must map seat1/seat2 to values, not {value!r}")
    return value


def apply_scenario(state: FriendlyState, data: dict[str, Any]) -> None:
    unknown = set(data) - KEYS
    if unknown:
        raise BadScenario(f"unknown scenario keys {sorted(unknown)}; allowed: {', '.join(sorted(KEYS))}")
    rules = state.rules
    state.turn = _int(data.get("turn", 1), "turn", 1, rules.match_turns)
    score = _per_seat(data, "score")
    state.score = [_int(score.get(seat, 0), f"score.{seat}", 0, 999) for seat in SEATS]
    phase = data.get("phase", "play")
    if phase == "deploy":
        extra = set(data) - {"phase", "kickoff", "turn", "score"}
        if extra:
            raise BadScenario(f"a deploy scenario takes only phase, kickoff, turn and score, not {sorted(extra)}")
        state.begin_deployment(_seat(data.get("kickoff", "seat1"), "kickoff"))
        return
    if phase != "play":
        raise BadScenario(f"phase must be 'play' or 'deploy', not {phase!r}")
    teams = data.get("teams")
    if not isinstance(teams, dict) or set(teams) != set(SEATS):
        raise BadScenario("a play scenario needs teams: {seat1: [6 squares], seat2: [6 squares]}, goalie first")
    for side, seat in enumerate(SEATS):
        squares = teams[seat]
        if not isinstance(squares, list) or len(squares) != TEAM_SIZE:
            raise BadScenario(f"teams.{seat} must list {TEAM_SIZE} squares (the goalie first)")
        for number, name in enumerate(squares):
            square = _square(name, f"teams.{seat}[{number}]")
            if state.occ[square] >= 0:
                raise BadScenario(f"two teamsters cannot share {name}")
            state.pos[side * TEAM_SIZE + number] = square
            state.occ[square] = side * TEAM_SIZE + number
    state.start_pos = list(state.pos)
    ball = data.get("ball", {"at": PITCH.label(PITCH.centre)})
    if not isinstance(ball, dict) or len(ball) != 1 or not set(ball) <= {"at", "holder"}:
        raise BadScenario(f"ball must be {{'at': 'j10'}} or {{'holder': 'seat1:3'}}, not {ball!r}")
    if "holder" in ball:
        state.holder = _teamster(ball["holder"], "ball.holder")
        state.ball = state.pos[state.holder]
    else:
        state.holder = -1
        state.ball = _square(ball["at"], "ball.at")
    floored = _per_seat(data, "floored")
    for side, seat in enumerate(SEATS):
        for number in floored.get(seat, []):
            teamster = side * TEAM_SIZE + _int(number, f"floored.{seat}", 1, TEAM_SIZE) - 1
            if teamster == state.holder:
                raise BadScenario("a floored teamster cannot hold the ball")
            state.floored[teamster] = 1
    state.side = _seat(data.get("side", "seat1"), "side")
    state.kickoff = state.side
    state.ap = _int(data.get("ap", rules.action_points), "ap", 0, 99)
    tackles = data.get("tackles", {})
    if not isinstance(tackles, dict):
        raise BadScenario(f"tackles must map teamster numbers (of the side to move) to counts, not {tackles!r}")
    for number, count in tackles.items():
        who = _int(int(number) if str(number).isdigit() else number, "tackles key", 1, TEAM_SIZE)
        state.tackles[state.side * TEAM_SIZE + who - 1] = _int(count, "tackles count", 0, 9)
        state.side_tackles += count
    debt = _per_seat(data, "debt")
    state.debt = [_int(debt.get(seat, 0), f"debt.{seat}", 0, 30) for seat in SEATS]
    state.phase = PLAY
    state._to_act = (SEATS[state.side],)
    state.emit("scenario", f"Position set up: turn {state.turn}, {SEATS[state.side]} to play with "
               f"{state.ap} AP.", turn=state.turn)
    if state.ap == 0:
        state.end_turn("has no action points")
