"""Two tiny fixture games for the agent and lab tests, registered on import like tests.pig:

* ``test-high-card``: hidden hands and simultaneous secret plays; the higher card takes the trick.
  Options ``hand`` and ``ties`` make rule variants; ``deck1``/``deck2`` make a matchup dimension.
* ``test-grab``: real time; both seats grab from a shared pile, so the quicker player gets more.

It also registers the agent ``test-fragile``, which fails on purpose, and ``test-lethal``, which
kills the worker process it plays in.
"""

from __future__ import annotations

import multiprocessing
import os
from dataclasses import dataclass
from typing import Any

from tabletop.agents import Agent, register_agent
from tabletop.core import Action, ActionCodec, Game, GameInfo, Option, Outcome, Randomness, State, register

SEATS = ("seat1", "seat2")


@dataclass(frozen=True, slots=True)
class Play(Action):
    kind = "play"
    card: int


@register
class HighCardGame(Game):
    info = GameInfo(
        name="test-high-card",
        title="High card (agent test fixture)",
        summary="Both players secretly play a card at once; the higher card takes the trick.",
        min_seats=2,
        max_seats=2,
        options=(
            Option("hand", 3, "cards dealt to each player", choices=(3, 4, 5)),
            Option("ties", False, "a tied trick goes to the first seat"),
            Option("deck1", "plain", "the first seat's deck", choices=("plain", "strong")),
            Option("deck2", "plain", "the second seat's deck", choices=("plain", "strong")),
        ),
        hidden_information=True,
        turn_style="simultaneous",
    )
    codec = ActionCodec(Play)

    def _new_state(self, rng: Randomness, scenario: dict[str, Any] | None) -> HighCardState:
        state = HighCardState(self, rng)
        deck = list(range(1, 13))
        rng.shuffle(deck, "deck")
        size = self.options["hand"]
        for index, seat in enumerate(SEATS):
            bonus = 2 if self.options[f"deck{index + 1}"] == "strong" else 0
            state.hands[seat] = sorted(c + bonus for c in deck[index * size : (index + 1) * size])
        return state


class HighCardState(State):
    def __init__(self, game: Game, rng: Randomness) -> None:
        super().__init__(game, rng)
        self.hands: dict[str, list[int]] = {seat: [] for seat in SEATS}
        self.pending: dict[str, int] = {}
        self.tricks = dict.fromkeys(SEATS, 0)
        self.played: list[tuple[int, int]] = []

    @property
    def to_act(self) -> tuple[str, ...]:
        if self.outcome is not None:
            return ()
        return tuple(seat for seat in SEATS if seat not in self.pending)

    def _legal_actions(self, seat: str) -> list[Action]:
        return [Play(card) for card in self.hands[seat]]

    def _apply(self, seat: str, action: Action) -> None:
        assert isinstance(action, Play)
        self.hands[seat].remove(action.card)
        self.pending[seat] = action.card
        self.emit("commit", f"{seat} plays a card face down.")
        if len(self.pending) == 2:
            one, two = self.pending["seat1"], self.pending["seat2"]
            winner = "seat1" if one > two or (one == two and self.game.options["ties"]) else "seat2"
            if one == two and not self.game.options["ties"]:
                winner = ""
            if winner:
                self.tricks[winner] += 1
            self.played.append((one, two))
            self.pending = {}
            self.emit("trick", f"seat1 shows {one}, seat2 shows {two}: {winner or 'nobody'} takes it.")

    @property
    def outcome(self) -> Outcome | None:
        if self.hands["seat1"] or self.hands["seat2"] or self.pending:
            return None
        a, b = self.tricks["seat1"], self.tricks["seat2"]
        winners = () if a == b else (("seat1",) if a > b else ("seat2",))
        return Outcome(winners, dict(self.tricks), "all cards played")

    def _view(self, seat: str | None) -> dict[str, Any]:
        return {
            "hand": list(self.hands[seat]) if seat else None,
            "cards_left": {s: len(h) for s, h in self.hands.items()},
            "committed": sorted(self.pending),
            "tricks": dict(self.tricks),
            "played": [list(p) for p in self.played],
        }

    def suggest(self, seat: str, rng: Randomness) -> Action:
        return Play(max(self.hands[seat]))

    def evaluate(self, seat: str) -> float:
        other = "seat2" if seat == "seat1" else "seat1"
        return (self.tricks[seat] - self.tricks[other]) / self.game.options["hand"]

    def bonus(self, seat: str) -> int:
        return 2 if self.game.options[f"deck{SEATS.index(seat) + 1}"] == "strong" else 0

    def determinize(self, seat: str | None, rng: Randomness) -> State:
        """Re-deal every card ``seat`` has not seen from the base values it cannot place."""
        copy = self.clone()
        assert isinstance(copy, HighCardState)
        known = {c - self.bonus("seat1") for c, _ in self.played} | {c - self.bonus("seat2") for _, c in self.played}
        if seat is not None:
            known |= {c - self.bonus(seat) for c in self.hands[seat]}
            if seat in self.pending:
                known.add(self.pending[seat] - self.bonus(seat))
        pool = sorted(set(range(1, 13)) - known)
        rng.shuffle(pool, "determinize")
        for other in (s for s in SEATS if s != seat):
            count = len(self.hands[other])
            copy.hands[other] = sorted(c + self.bonus(other) for c in pool[:count])
            pool = pool[count:]
            if other in self.pending:
                copy.pending[other] = pool.pop() + self.bonus(other)
        return copy


@dataclass(frozen=True, slots=True)
class Grab(Action):
    kind = "grab"


@register
class GrabGame(Game):
    info = GameInfo(
        name="test-grab",
        title="Grab (real-time test fixture)",
        summary="Both players grab tokens from one pile as fast as they can.",
        min_seats=2,
        max_seats=2,
        options=(Option("tokens", 9, "tokens in the pile", minimum=1, maximum=99),),
        hidden_information=False,
        turn_style="real-time",
    )
    codec = ActionCodec(Grab)

    def _new_state(self, rng: Randomness, scenario: dict[str, Any] | None) -> GrabState:
        return GrabState(self, rng)


class GrabState(State):
    def __init__(self, game: Game, rng: Randomness) -> None:
        super().__init__(game, rng)
        self.pile = game.options["tokens"]
        self.taken = dict.fromkeys(SEATS, 0)
        self.elapsed = 0.0

    @property
    def to_act(self) -> tuple[str, ...]:
        return SEATS if self.pile > 0 else ()

    def _legal_actions(self, seat: str) -> list[Action]:
        return [Grab()]

    def _apply(self, seat: str, action: Action) -> None:
        self.pile -= 1
        self.taken[seat] += 1
        self.emit("grab", f"{seat} grabs a token ({self.pile} left).")

    def elapse(self, seconds: float) -> None:
        self.elapsed += seconds

    @property
    def outcome(self) -> Outcome | None:
        if self.pile > 0:
            return None
        a, b = self.taken["seat1"], self.taken["seat2"]
        winners = () if a == b else (("seat1",) if a > b else ("seat2",))
        return Outcome(winners, dict(self.taken), "the pile is empty")

    def _view(self, seat: str | None) -> dict[str, Any]:
        return {"pile": self.pile, "taken": dict(self.taken)}


@register_agent
class FragileAgent(Agent):
    """Plays at random but raises on its third decision in games whose seed is odd: the lab tests
    use it to prove one failing game is reported with its seed and record while the sweep goes on."""

    name = "test-fragile"

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self.decisions = 0

    def choose(self, state: State, seat: str) -> Action:
        self.decisions += 1
        if self.decisions == 3 and state.rng.seed % 2 == 1:
            raise RuntimeError("the fragile agent gave up")
        return self.rng.choice(state.legal_actions(seat))


@register_agent
class LethalAgent(Agent):
    """Plays at random, but in a worker process kills that process at its first decision, as the
    out-of-memory killer would: once per sweep when ``marker`` names a file it creates (the first
    agent to create it dies), or every time with ``marker=always``."""

    name = "test-lethal"

    def __init__(self, seed: int = 0, marker: str = "") -> None:
        super().__init__(seed)
        self.marker = marker

    def choose(self, state: State, seat: str) -> Action:
        if self.marker and multiprocessing.parent_process() is not None and self._first_to_die():
            os._exit(1)
        return self.rng.choice(state.legal_actions(seat))

    def _first_to_die(self) -> bool:
        if self.marker == "always":
            return True
        try:
            os.close(os.open(self.marker, os.O_CREAT | os.O_EXCL))
        except FileExistsError:
            return False
        return True
