"""A tiny dice game (Pig) that exercises the engine contract without any real game."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tabletop.core import (
    Action,
    ActionCodec,
    BadScenario,
    Game,
    GameInfo,
    Option,
    Outcome,
    Randomness,
    State,
    register,
)


@dataclass(frozen=True, slots=True)
class Roll(Action):
    kind = "roll"


@dataclass(frozen=True, slots=True)
class Hold(Action):
    kind = "hold"


@register
class PigGame(Game):
    info = GameInfo(
        name="test-pig",
        title="Pig (engine test fixture)",
        summary="Roll to build a turn total; a 1 loses it; hold to bank it.",
        min_seats=2,
        max_seats=2,
        options=(Option("target", 20, "points to win", minimum=5, maximum=100),),
        hidden_information=False,
        turn_style="sequential",
    )
    codec = ActionCodec(Roll, Hold)

    def _new_state(self, rng: Randomness, scenario: dict[str, Any] | None) -> PigState:
        state = PigState(self, rng)
        if scenario:
            banked = scenario.get("banked", {})
            if set(banked) - set(self.seats):
                raise BadScenario(f"banked names unknown seats {sorted(set(banked) - set(self.seats))}")
            state.banked.update(banked)
        return state


class PigState(State):
    def __init__(self, game: Game, rng: Randomness) -> None:
        super().__init__(game, rng)
        self.banked = dict.fromkeys(game.seats, 0)
        self.turn_total = 0
        self.current = 0

    @property
    def to_act(self) -> tuple[str, ...]:
        return () if self.outcome else (self.seats[self.current],)

    def _legal_actions(self, seat: str) -> list[Action]:
        return [Roll(), Hold()]

    def _apply(self, seat: str, action: Action) -> None:
        if isinstance(action, Roll):
            value = self.rng.roll(6)
            if value == 1:
                self.emit("bust", f"{seat} rolls 1 and loses {self.turn_total}.", value=value)
                self.turn_total = 0
                self.current = 1 - self.current
            else:
                self.turn_total += value
                self.emit("roll", f"{seat} rolls {value}.", value=value)
        else:
            self.banked[seat] += self.turn_total
            self.emit("hold", f"{seat} banks {self.turn_total}.", amount=self.turn_total)
            self.turn_total = 0
            self.current = 1 - self.current

    @property
    def outcome(self) -> Outcome | None:
        target = self.game.options["target"]
        for seat, points in self.banked.items():
            if points >= target:
                return Outcome((seat,), dict(self.banked), f"{seat} reached {target}")
        return None

    def features(self, seat: str) -> dict[str, float]:
        other = next(s for s in self.seats if s != seat)
        mine = self.seats[self.current] == seat
        return {"my_score": self.banked[seat], "their_score": self.banked[other],
                "turn_total": self.turn_total if mine else -self.turn_total}

    def _view(self, seat: str | None) -> dict[str, Any]:
        return {"banked": dict(self.banked), "turn_total": self.turn_total}
