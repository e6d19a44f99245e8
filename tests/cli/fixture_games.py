"""Two tiny games that exercise the command line's harder paths: a secret simultaneous choice
(hand-over, hidden events, undo rules) and a real-time race. Loaded into the CLI subprocesses
with TABLETOP_PLUGINS=tests.cli.fixture_games; they are not collected by pytest."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tabletop.core import (
    Action,
    ActionCodec,
    Game,
    GameInfo,
    Option,
    Outcome,
    Randomness,
    State,
    register,
)


@dataclass(frozen=True, slots=True)
class Pick(Action):
    kind = "pick"
    n: int


@register
class GuessGame(Game):
    """Both seats secretly pick 1-3 at once; the higher pick scores; first to 2 points wins."""

    info = GameInfo(
        name="test-guess",
        title="Secret picks (CLI test fixture)",
        summary="Both pick 1 to 3 in secret; the higher pick scores.",
        min_seats=2,
        max_seats=2,
        options=(),
        hidden_information=True,
        turn_style="simultaneous",
    )
    codec = ActionCodec(Pick)

    def _new_state(self, rng: Randomness, scenario: dict[str, Any] | None) -> GuessState:
        return GuessState(self, rng)

    def render_text(self, view: Any) -> str:
        points = ", ".join(f"{seat} {n}" for seat, n in view["points"].items())
        mine = view.get("my_pick")
        return f"Round {view['round']}. Points: {points}. Your pick: {mine if mine else 'none yet'}."

    def render_svg(self, view: Any) -> str | None:
        return f'<svg xmlns="http://www.w3.org/2000/svg"><text>{view["round"]}</text></svg>'


class GuessState(State):
    def __init__(self, game: Game, rng: Randomness) -> None:
        super().__init__(game, rng)
        self.points = dict.fromkeys(game.seats, 0)
        self.picks: dict[str, int] = {}
        self.round = 1

    @property
    def to_act(self) -> tuple[str, ...]:
        if self.outcome:
            return ()
        return tuple(seat for seat in self.seats if seat not in self.picks)

    def _legal_actions(self, seat: str) -> list[Action]:
        return [Pick(1), Pick(2), Pick(3)]

    def describe_action(self, seat: str, action: Action) -> str:
        assert isinstance(action, Pick)
        return f"Pick {action.n}"

    def _apply(self, seat: str, action: Action) -> None:
        assert isinstance(action, Pick)
        self.picks[seat] = action.n
        self.emit("pick", f"{seat} secretly picks {action.n}.", visible_to=[seat], n=action.n)
        if len(self.picks) < len(self.seats):
            return
        first, second = self.seats
        a, b = self.picks[first], self.picks[second]
        winner = first if a > b else second if b > a else None
        if winner:
            self.points[winner] += 1
        result = f"{winner} scores" if winner else "no score"
        self.emit("reveal", f"Round {self.round}: {first} picked {a}, {second} picked {b}; {result}.",
                  picks=dict(self.picks))
        self.picks = {}
        self.round += 1

    @property
    def outcome(self) -> Outcome | None:
        for seat, points in self.points.items():
            if points >= 2:
                return Outcome((seat,), dict(self.points), f"{seat} scored twice")
        if self.round > 9:
            return Outcome((), dict(self.points), "nine rounds played")
        return None

    def _view(self, seat: str | None) -> dict[str, Any]:
        return {
            "points": dict(self.points),
            "round": self.round,
            "picked": sorted(self.picks),
            "my_pick": self.picks.get(seat) if seat is not None else None,
        }

    def determinize(self, seat: str | None, rng: Randomness) -> State:
        twin = self.clone()
        assert isinstance(twin, GuessState)
        twin.picks = {s: (n if s == seat else rng.roll(3)) for s, n in twin.picks.items()}
        return twin


@dataclass(frozen=True, slots=True)
class Tap(Action):
    kind = "tap"


@register
class RaceGame(Game):
    """Both seats tap as fast as they can; the first to the target wins."""

    info = GameInfo(
        name="test-race",
        title="Tapping race (CLI test fixture)",
        summary="Tap faster than the other seat.",
        min_seats=2,
        max_seats=2,
        options=(Option("target", 5, "taps to win", minimum=1, maximum=1000),),
        hidden_information=False,
        turn_style="real-time",
    )
    codec = ActionCodec(Tap)

    def _new_state(self, rng: Randomness, scenario: dict[str, Any] | None) -> RaceState:
        return RaceState(self, rng)

    def render_text(self, view: Any) -> str:
        return "Taps: " + ", ".join(f"{seat} {n}" for seat, n in view["taps"].items())


class RaceState(State):
    def __init__(self, game: Game, rng: Randomness) -> None:
        super().__init__(game, rng)
        self.taps = dict.fromkeys(game.seats, 0)

    @property
    def to_act(self) -> tuple[str, ...]:
        return () if self.outcome else self.seats

    def _legal_actions(self, seat: str) -> list[Action]:
        return [Tap()]

    def _apply(self, seat: str, action: Action) -> None:
        self.taps[seat] += 1
        self.emit("tap", f"{seat} taps ({self.taps[seat]}).")

    @property
    def outcome(self) -> Outcome | None:
        target = self.game.options["target"]
        for seat, n in self.taps.items():
            if n >= target:
                return Outcome((seat,), dict(self.taps), f"{seat} tapped {target} times")
        return None

    def _view(self, seat: str | None) -> dict[str, Any]:
        return {"taps": dict(self.taps)}
