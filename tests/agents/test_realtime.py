"""The real-time simulator: reaction times order the actions, a seed replays the same game,
a game's own clock is told the time, and stale decisions are taken again."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import tabletop
from tabletop.agents import Agent, make_agent
from tabletop.agents.realtime import RealTimeTable
from tabletop.core import Action, ActionCodec, Game, GameInfo, Outcome, Randomness, State
from tabletop.lab import simulate
from tests.agents import fixtures  # noqa: F401


def _table(first: str, second: str, seed: int) -> RealTimeTable:
    return RealTimeTable({"seat1": make_agent(first, seed=seed), "seat2": make_agent(second, seed=seed + 1)}, seed=seed)


def test_the_quicker_player_acts_more_often():
    game = tabletop.load("test-grab", tokens=40)
    table = _table("random:speed=pro", "random:speed=beginner", 3)
    state = table.play(game.new_state(seed=3))
    assert state.taken["seat1"] > state.taken["seat2"] * 2
    times = [step.time for step in table.timeline]
    assert times == sorted(times) and len(times) == 40


def test_same_seed_same_timeline_and_the_clock_reaches_the_game():
    game = tabletop.load("test-grab")
    runs = []
    for _ in range(2):
        table = _table("heuristic:speed=club", "random:speed=club", 8)
        state = table.play(game.new_state(seed=8))
        runs.append([(round(s.time, 9), s.seat) for s in table.timeline])
        assert abs(state.elapsed - table.clock) < 1e-9
    assert runs[0] == runs[1]
    other = _table("heuristic:speed=club", "random:speed=club", 9)
    other.play(game.new_state(seed=8))
    assert [(round(s.time, 9), s.seat) for s in other.timeline] != runs[0]


@dataclass(frozen=True, slots=True)
class Claim(Action):
    kind = "claim"
    token: int


class ClaimGame(Game):
    """Both players race to claim three tokens; a claimed token cannot be claimed again."""

    info = GameInfo("claim-race", "Claim race", "Race for tokens.", 2, 2, (), False, "real-time")
    codec = ActionCodec(Claim)

    def _new_state(self, rng: Randomness, scenario: dict[str, Any] | None) -> ClaimState:
        return ClaimState(self, rng)


class ClaimState(State):
    def __init__(self, game: Game, rng: Randomness) -> None:
        super().__init__(game, rng)
        self.owner: dict[int, str] = {}

    @property
    def to_act(self) -> tuple[str, ...]:
        return () if len(self.owner) == 3 else self.seats

    def _legal_actions(self, seat: str) -> list[Action]:
        return [Claim(t) for t in range(3) if t not in self.owner]

    def _apply(self, seat: str, action: Action) -> None:
        assert isinstance(action, Claim)
        self.owner[action.token] = seat

    @property
    def outcome(self) -> Outcome | None:
        if len(self.owner) < 3:
            return None
        mine = sum(1 for s in self.owner.values() if s == "seat1")
        return Outcome(("seat1",) if mine >= 2 else ("seat2",), {}, "all claimed")

    def _view(self, seat: str | None) -> dict[str, Any]:
        return {"owner": {str(k): v for k, v in self.owner.items()}}


def test_a_decision_made_illegal_is_taken_again():
    class FirstToken(Agent):
        name = "first-token"

        def __init__(self, pace: float) -> None:
            super().__init__(0)
            self.pace = pace
            self.calls = 0

        def choose(self, state: State, seat: str) -> Action:
            self.calls += 1
            return state.legal_actions(seat)[0]

        def reaction_time(self, state: State, seat: str) -> float:
            return self.pace

    fast, slow = FirstToken(1.0), FirstToken(1.5)
    table = RealTimeTable({"seat1": fast, "seat2": slow}, seed=1)
    state = table.play(ClaimGame().new_state(seed=1))
    # Both aim at the first free token. The quick seat takes it at 1.0 s, which voids the slow seat's
    # aim; the slow seat decides again from 1.0 s (due 2.5 s) but loses the next token at 2.0 s too.
    assert [(s.time, s.seat, s.action.token) for s in table.timeline] == [
        (1.0, "seat1", 0), (2.0, "seat1", 1), (3.0, "seat1", 2)]
    assert slow.calls == 3 and fast.calls == 3
    assert state.outcome is not None and state.outcome.winners == ("seat1",)


def test_speed_decides_a_real_time_sweep():
    report = simulate("test-grab", ["random:speed=pro", "random:speed=beginner"], games=10, seed=4)
    assert report.summary().participants[0].wins.count >= 9
