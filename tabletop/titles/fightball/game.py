"""Fightball: two coaches race cards onto a shared court in real time, then every stack is scored.

During the fast round both coaches are always to act and their actions apply in the order they
arrive. The game keeps its own clock, run by whoever drives it in real time (``elapse``): every
action is stamped with it, so a record replays the pace, and the buzzer-beater window after a Buzz
lasts a short real interval. A Buzz ends the quarter; the scoring round asks each coach only for
the choices the cards leave to them (Go, Team!), then scores every stack.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from tabletop.core import (
    Action,
    Event,
    Game,
    GameInfo,
    IllegalAction,
    Option,
    Outcome,
    Randomness,
    State,
    register,
)
from tabletop.core.odds import Odds

from . import features, heuristic, plans, quarter, render, svg
from .actions import BUZZ, CODEC, DISCARD, DRAW, PASS, TAKE, Buzz, Choose, Discard, Draw, Pass, Play, Take
from .cards import COLOURS, SHOT, CardTable, Court, build_table, court, team_slugs
from .scenario import apply_scenario
from .scoring import score_stack, zone_name

__all__ = ["FightballGame", "FightballState"]

SEATS = ("home", "away")
SEAT_INDEX = {"home": 0, "away": 1}
FAST, WINDOW, SCORING, OVER = "fast", "buzzer-beater", quarter.SCORING, "over"
MAX_OVERTIMES = quarter.MAX_OVERTIMES
PLAYS = tuple(Play(n) for n in range(1, 25))
PRIVATE = (frozenset({"home"}), frozenset({"away"}))
KEPT = ("kept_scores", "kept_worths", "kept_gains", "kept_hand_gains", "kept_plans")
QuarterLog = tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...], tuple[int, int], tuple[tuple[int, int], ...]]

INFO = GameInfo(
    name="fightball",
    title="Fightball",
    summary="Real-time card basketball with three balls: build Shooter-Ball-Shot plays worth 10 "
    "or more on a shared court, block and foul the other coach, four quarters.",
    min_seats=2,
    max_seats=2,
    options=(
        Option("home", "aztecs", "the home team (seat 1)", choices=team_slugs()),
        Option("away", "the-dark", "the away team (seat 2)", choices=team_slugs()),
        Option("quarters", 4, "quarters in a game", minimum=1, maximum=8),
        Option("buzzer_beater", True, "after a Buzz, a coach holding a Shot may still play it"),
        Option("buzzer_beater_seconds", 2.0, "how long, in real seconds on the game's clock, the buzzer-beater "
               "window stays open", minimum=0.1, maximum=30.0),
        Option("early_shot_below_new_shooter", "charged", "an Early Shot beneath a New Shooter still costs its "
               "foul point, or the New Shooter cancels that foul with everything else beneath it",
               choices=("charged", "cancelled")),
        Option("tiebreak", "draw", "a game tied after the last quarter: a draw, or overtime quarters "
               f"(at most {MAX_OVERTIMES}) until one ends with a leader", choices=("draw", "overtime")),
    ),
    hidden_information=True,
    turn_style="real-time",
    rulebook="001_6a64ca32ae4b4ebe.txt",
)


@register
class FightballGame(Game):
    """A match between the ``home`` and ``away`` teams."""

    info = INFO
    codec = CODEC

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self.table: CardTable = build_table(self.options["home"], self.options["away"])
        self.court: Court = dataclasses.replace(
            court(), early_shot_foul_survives=self.options["early_shot_below_new_shooter"] == "charged")
        self.zone_names: tuple[str, ...] = tuple(
            zone_name(self.table, side, colour) for side, colour in zip(self.court.sides, self.court.colours, strict=True))
        # Each stack's zone, as a number: a stack is scored by its zone (its side and colour) and
        # its cards, so stacks of one zone share what is kept about them.
        self.stack_zones = tuple((side + 1) * len(COLOURS) + colour
                                 for side, colour in zip(self.court.sides, self.court.colours, strict=True))
        # The cards whose worth reads the discard piles: a stack holding one is scored afresh
        # whenever the piles change.
        self.discard_readers = frozenset(card.id for card in self.table.cards
                                         if card.effect is not None and card.effect.per_discard is not None)
        # Answers the rules of thumb and the search work out over and over, kept for this game's
        # table and court, each up to a bound: stacks scored (heuristic.remembered), what a stack
        # is worth to a coach and what a card gains on it (features.stack_worth and placement_gains),
        # and a coach's plans (plans.plans).
        self.kept_scores: dict[tuple[object, ...], Any] = {}
        self.kept_worths: dict[tuple[object, ...], float] = {}
        self.kept_gains: dict[tuple[object, ...], float] = {}
        # What each kind of card gains on a stack, for the worth of a hand (features.hand_worth),
        # and the last hand valued: every world a search samples holds the same hand.
        self.kept_hand_gains: dict[tuple[object, ...], dict[str, float]] = {}
        self.last_hand_worth: tuple[tuple[object, ...], float] | None = None
        self.kept_plans: dict[tuple[object, ...], tuple[tuple[Action, ...], ...]] = {}
        self.play_texts: dict[tuple[int, int, int], str] = {}

    def play_text(self, s: int, card: int, index: int) -> str:
        """How the log tells of seat ``s`` playing ``card`` on stack ``index`` (0-based), worded
        once for each such play."""
        text = self.play_texts.get((s, card, index))
        if text is None:
            table = self.table
            text = self.play_texts[(s, card, index)] = (
                f"{table.names[s]} {table.verb(s, 'play', 'plays')} {table.cards[card].name} on stack {index + 1} "
                f"({self.zone_names[index]}).")
        return text

    def __getstate__(self) -> dict[str, Any]:
        """A copy sent elsewhere (a worker process, a saved game) leaves the kept answers behind."""
        data = self.__dict__.copy()
        for name in KEPT:
            data[name] = {}
        data["last_hand_worth"] = None
        return data

    def _seats(self) -> tuple[str, ...]:
        return SEATS

    def _new_state(self, rng: Randomness, scenario: dict[str, Any] | None) -> FightballState:
        state = FightballState(self, rng)
        if scenario:
            apply_scenario(state, scenario)
        else:
            state.deal()
        state.emit("quarter", f"Quarter {state.quarter} tips off: {self.table.names[0]} (home) against "
                   f"{self.table.names[1]} (away).", quarter=state.quarter)
        return state

    def render_text(self, view: Any) -> str:
        return render.render_text(view)

    def render_svg(self, view: Any) -> str | None:
        return svg.render_svg(view)


class FightballState(State):
    """Decks (top at the end of each list), held cards (-1 for none), discard piles, the 24 stacks."""

    game: FightballGame

    def __init__(self, game: FightballGame, rng: Randomness) -> None:
        super().__init__(game, rng)
        self.table = game.table
        self.court = game.court
        self.quarter = 1
        self.last_quarter = int(game.options["quarters"])
        self.phase = FAST
        self.decks: list[list[int]] = [[], []]
        self.held = [-1, -1]
        self.held_public = [False, False]
        self.discards: list[list[int]] = [[], []]
        self.stacks: list[list[int]] = [[] for _ in range(self.court.size)]
        self.aside: list[list[int]] = [[], []]  # set aside for this quarter (scenarios only)
        self.thrown = [-1, -1]  # a Buzz thrown into the court
        self.score = [0, 0]
        self.opening_score = (0, 0)  # a scenario may start mid-game
        # Each scored quarter: (stacks, discards, points, choices) so the score can be re-derived.
        self.quarter_log: list[QuarterLog] = []
        self.last_scoring: list[str] = []
        self.window_seat = -1
        self.pending: list[quarter.PendingChoice] = []  # choices the scoring round waits for
        self.choices: dict[int, int] = {}  # this quarter's choices: effect card id -> points chosen
        self._to_act: tuple[str, ...] = SEATS
        self._outcome: Outcome | None = None
        # The game's clock; it is read in whole milliseconds (so a replay, which runs it forward
        # from one recorded time to the next, reads exactly the same times), the clock at each
        # action taken, and when an open buzzer-beater window closes.
        self.clock_seconds = 0.0
        self.times_ms: list[int] = []
        self.window_closes_ms = -1
        self.private_events: list[int] = []  # where in ``events`` the private ones (the draws) are

    # -- the clock ------------------------------------------------------------------------------

    @property
    def clock_ms(self) -> int:
        return round(self.clock_seconds * 1000)

    @property
    def elapsed(self) -> float:
        """Seconds on the game's clock since the tip-off of the first quarter."""
        return self.clock_ms / 1000

    @property
    def action_times(self) -> list[float]:
        """The clock, in seconds, when each action of ``history`` was taken."""
        return [ms / 1000 for ms in self.times_ms]

    @property
    def deadline(self) -> float | None:
        """When the clock alone will move the game on (the buzzer-beater window closing), if ever."""
        return self.window_closes_ms / 1000 if self.phase == WINDOW else None

    def elapse(self, seconds: float) -> None:
        """Real time passes: run the clock; a buzzer-beater window whose time is up closes.

        Whoever runs the game in real time (the real-time table, a terminal or server session)
        calls this; a game driven without it simply never closes a window by itself."""
        if seconds <= 0 or self._outcome is not None:
            return
        self.clock_seconds += seconds
        if self.phase == WINDOW and self.clock_ms >= self.window_closes_ms:
            team = self.table.names[self.window_seat]
            self.emit("buzzer-beater-over", f"Time is up: {team} did not get the Shot away after the buzzer.",
                      seat=SEATS[self.window_seat])
            self._legal_cache.clear()
            quarter.start_scoring(self)

    # -- setting up -----------------------------------------------------------------------------

    def deal(self) -> None:
        """Every deck card home, shuffled, with the Buzz at the bottom; a clean court."""
        for seat in (0, 1):
            cards = list(self.table.decks[seat])
            self.rng.shuffle(cards, f"{SEATS[seat]} deck")
            self.decks[seat] = [self.table.buzz[seat], *cards]
            self.held[seat] = -1
            self.held_public[seat] = False
            self.discards[seat] = []
            self.aside[seat] = []
            self.thrown[seat] = -1
        self.stacks = [[] for _ in range(self.court.size)]
        self.pending = []
        self.choices = {}

    # -- the contract ---------------------------------------------------------------------------

    @property
    def to_act(self) -> tuple[str, ...]:
        return self._to_act

    @property
    def outcome(self) -> Outcome | None:
        return self._outcome

    def _legal_actions(self, seat: str) -> list[Action]:
        s = SEAT_INDEX[seat]
        held = self.held[s]
        if self.phase == WINDOW:
            return [*PLAYS, PASS]
        if self.phase == SCORING:
            return list(quarter.choice_actions(self))
        if held < 0:
            return [DRAW, TAKE] if self.discards[s] else [DRAW]
        if held == self.table.buzz[s]:
            return [BUZZ]
        return [*PLAYS, DISCARD]

    def check(self, seat: str, action: Action) -> None:
        """Legality without building the action list: only what is physically impossible fails."""
        reason = self._impossible(SEAT_INDEX[seat], action)
        if reason:
            raise IllegalAction(f"{reason}; {self._options_hint(seat)}")

    def _impossible(self, s: int, action: Action) -> str:
        held = self.held[s]
        holding_buzz = held >= 0 and held == self.table.buzz[s]
        if self.phase == SCORING:
            choice = self.pending[0]
            name = self.table.cards[choice.card].name
            if not isinstance(action, Choose):
                return f"the scoring round waits for the choice for {name} on stack {choice.stack + 1}"
            if abs(action.points) != choice.change:
                return f"{name} makes the play worth exactly {choice.change} more or {choice.change} less"
            return ""
        if isinstance(action, Choose):
            return "there is no choice to make before the scoring round"
        if self.phase == WINDOW:
            if isinstance(action, Play):
                return "" if 1 <= action.stack <= self.court.size else f"there is no stack {action.stack}"
            return "" if isinstance(action, Pass) else "the Buzz has gone: only the held Shot may still be played"
        if isinstance(action, Play):
            if held < 0:
                return "you are not holding a card"
            if holding_buzz:
                return "the Buzz is thrown, not played on a stack"
            return "" if 1 <= action.stack <= self.court.size else f"there is no stack {action.stack}"
        if isinstance(action, Draw):
            if held >= 0:
                return f"you already hold {self.table.cards[held].name}: one card at a time"
            return "" if self.decks[s] else "your deck is empty"
        if isinstance(action, Take):
            if held >= 0:
                return f"you already hold {self.table.cards[held].name}: one card at a time"
            return "" if self.discards[s] else "your discard pile is empty"
        if isinstance(action, Discard):
            if held < 0:
                return "you are not holding a card"
            return "the Buzz cannot be discarded" if holding_buzz else ""
        if isinstance(action, Buzz):
            return "" if holding_buzz else "the Buzz can only be thrown once drawn, after every other card of the deck"
        return "there is no buzzer-beater to pass on"

    def _apply(self, seat: str, action: Action) -> None:
        s = SEAT_INDEX[seat]
        table = self.table
        now_ms = self.clock_ms
        self.times_ms.append(now_ms)
        team = table.names[s]
        if isinstance(action, Play):
            card = self.held[s]
            self.held[s] = -1
            index = action.stack - 1
            self.stacks[index].append(card)
            self.events.append(Event("play", self.game.play_text(s, card, index),
                                     {"seat": seat, "card": card, "stack": action.stack, "at": now_ms / 1000}))
            if self.phase == WINDOW:
                quarter.start_scoring(self)
        elif isinstance(action, Draw):
            card = self.decks[s].pop()
            self.held[s] = card
            self.held_public[s] = not self.decks[s]  # the last card is always the Buzz
            self.private_events.append(len(self.events))
            self.events.append(Event("draw", f"You draw {table.cards[card].name}.",
                                     {"seat": seat, "card": card}, PRIVATE[s]))
        elif isinstance(action, Discard):
            card = self.held[s]
            self.held[s] = -1
            self.discards[s].append(card)
            self.events.append(Event("discard", f"{team} {table.verb(s, 'discard', 'discards')} {table.cards[card].name}.",
                                     {"seat": seat, "card": card}))
        elif isinstance(action, Take):
            card = self.discards[s].pop()
            self.held[s] = card
            self.held_public[s] = True
            self.events.append(Event("take", f"{team} {table.verb(s, 'take', 'takes')} {table.cards[card].name} "
                                     "back off the discard pile.",
                                     {"seat": seat, "card": card}))
        elif isinstance(action, Buzz):
            self._buzz(s)
        elif isinstance(action, Choose):
            quarter.make_choice(self, action.points)
        else:
            self.emit("pass", f"{team} {table.verb(s, 'let', 'lets')} the buzzer-beater go.", seat=seat)
            quarter.start_scoring(self)

    def _buzz(self, s: int) -> None:
        self.thrown[s] = self.held[s]
        self.held[s] = -1
        self.held_public[s] = False
        other = 1 - s
        self.emit("buzz", f"{self.table.names[s]} {self.table.verb(s, 'throw', 'throws')} the Buzz: the fast round of quarter {self.quarter} is over.",
                  seat=SEATS[s])
        held = self.held[other]
        if self.game.options["buzzer_beater"] and held >= 0 and self.table.cards[held].kind == SHOT:
            self.phase = WINDOW
            self.window_seat = other
            self.window_closes_ms = self.clock_ms + round(self.game.options["buzzer_beater_seconds"] * 1000)
            self._to_act = (SEATS[other],)
            seconds = self.game.options["buzzer_beater_seconds"]
            self.emit("buzzer-beater", f"{self.table.names[other]} {self.table.verb(other, 'were', 'was')} playing a "
                      f"Shot as the buzzer went: it may still land in the next {seconds:g} seconds.", seat=SEATS[other],
                      closes_at=self.window_closes_ms / 1000)
        else:
            quarter.start_scoring(self)

    # -- the scoring round ----------------------------------------------------------------------

    def score_stacks(self, narrate: bool = False) -> list[Any]:
        """Every stack scored as it stands (the scoring round, or a look at the court)."""
        return [score_stack(self.table, self.court, i, stack, self.discards, narrate, self.choices)
                for i, stack in enumerate(self.stacks)]

    def next_quarter(self) -> None:
        """Reshuffle and tip off the next quarter (overtime past the last one)."""
        self.quarter += 1
        self.phase = FAST
        self._to_act = SEATS
        self.deal()
        extra = " (overtime)" if self.quarter > self.last_quarter else ""
        self.emit("quarter", f"Quarter {self.quarter}{extra} tips off: decks reshuffled, Buzz at the bottom.",
                  quarter=self.quarter)

    def finish(self, tied: bool) -> None:
        """The game is over: the higher total wins; a tie is a draw."""
        names = self.table.names
        self.phase = OVER
        self._to_act = ()
        scores = {"home": self.score[0], "away": self.score[1]}
        if tied:
            self._outcome = Outcome((), scores, f"tied {self.score[0]}-{self.score[1]} after {self.quarter} quarters",
                                    SEATS)
        else:
            win = 0 if self.score[0] > self.score[1] else 1
            self._outcome = Outcome((SEATS[win],), scores, f"{names[win]} {self.table.verb(win, 'win', 'wins')} {max(self.score)}-{min(self.score)}",
                                    SEATS)
        self.emit("game-over", f"Final: {names[0]} {self.score[0]}, {names[1]} {self.score[1]}.", scores=scores)

    # -- views and helpers ----------------------------------------------------------------------

    def _view(self, seat: str | None) -> dict[str, Any]:
        viewer = SEAT_INDEX[seat] if seat is not None else -1
        cards = self.table.cards

        def card(cid: int) -> dict[str, Any]:
            return {**cards[cid].to_json(), "owner": SEATS[cards[cid].owner]}

        coaches = {}
        for s, name in enumerate(SEATS):
            held = self.held[s]
            visible = held >= 0 and (s == viewer or self.held_public[s])
            coaches[name] = {
                "team": self.table.teams[s].slug,
                "name": self.table.names[s],
                "deck": len(self.decks[s]),
                "holding": held >= 0,
                "held": card(held) if visible else None,
                "discard": [card(c) for c in self.discards[s]],
            }
        court = [
            {"stack": i + 1, "label": self.court.labels[i], "zone": self.court.zone_names[i],
             "zone_name": zone_name(self.table, self.court.sides[i], self.court.colours[i]),
             "colour": COLOURS[self.court.colours[i]], "worth": self.court.play_points[self.court.colours[i]],
             "cards": [card(c) for c in stack], "play": _play_view(self, i, stack)}
            for i, stack in enumerate(self.stacks)
        ]
        return {
            "quarter": self.quarter,
            "quarters": self.last_quarter,
            "phase": self.phase,
            "score": {"home": self.score[0], "away": self.score[1]},
            "quarter_points": [list(q[2]) for q in self.quarter_log],
            "coaches": coaches,
            "court": court,
            "buzzer_beater": SEATS[self.window_seat] if self.window_seat >= 0 else None,
            "clock": self.elapsed,
            "buzzer_beater_closes_at": self.deadline,
            "choice": self._choice_view(),
            "last_scoring": list(self.last_scoring),
        }

    def _choice_view(self) -> dict[str, Any] | None:
        """The choice the scoring round waits for (public: every card in a stack is face up)."""
        if self.phase != SCORING:
            return None
        choice = self.pending[0]
        card = self.table.cards[choice.card]
        return {"seat": SEATS[card.owner], "stack": choice.stack + 1, "card": {**card.to_json(), "owner": SEATS[card.owner]},
                "options": [choice.change, -choice.change], "scorer": SEATS[choice.scorer],
                "waiting": len(self.pending)}

    def describe_action(self, seat: str, action: Action) -> str:
        s = SEAT_INDEX[seat]
        if isinstance(action, Choose):
            choice = self.pending[0] if self.pending else None
            if choice is None:
                return f"Choose {action.points:+d} points"
            more = "more" if action.points > 0 else "less"
            unit = "point" if abs(action.points) == 1 else "points"
            return (f"{self.table.cards[choice.card].name} on stack {choice.stack + 1}: {abs(action.points)} {unit} "
                    f"{more} for the play ({self.table.names[choice.scorer]} "
                    f"{self.table.verb(choice.scorer, 'score', 'scores')} it)")
        held = self.held[s]
        name = self.table.cards[held].name if held >= 0 else "the card"
        if isinstance(action, Play):
            i = action.stack - 1
            return f"Play {name} on stack {action.stack} ({zone_name(self.table, self.court.sides[i], self.court.colours[i])})"
        if isinstance(action, Draw):
            return "Draw from your deck"
        if isinstance(action, Take):
            top = self.discards[s][-1] if self.discards[s] else -1
            return f"Take {self.table.cards[top].name if top >= 0 else 'the top card'} off your discard pile"
        if isinstance(action, Discard):
            return f"Discard {name}"
        if isinstance(action, Buzz):
            return "Throw the Buzz (ends the quarter)"
        return "Let the Shot go"

    def auto_action(self, seat: str) -> Action | None:
        """Drawing when the hand is empty, throwing the Buzz once it is held; in the scoring round
        the choice that helps the choosing coach."""
        if seat not in self._to_act:
            return None
        if self.phase == SCORING:
            return quarter.favoured_choice(self)
        if self.phase != FAST:
            return None
        s = SEAT_INDEX[seat]
        if self.held[s] < 0:
            return DRAW
        return BUZZ if self.held[s] == self.table.buzz[s] else None

    def _odds(self, seat: str, action: Action) -> Odds | None:
        from .odds import action_odds

        return action_odds(self, seat, action)

    def suggest(self, seat: str, rng: Randomness) -> Action:
        return heuristic.suggest(self, SEAT_INDEX[seat], rng)

    def evaluate(self, seat: str) -> float:
        return features.evaluate(self, seat)

    def evaluations(self) -> dict[str, float]:
        return features.evaluations(self)

    def features(self, seat: str) -> dict[str, float]:
        return features.features(self, seat)

    def plans(self, seat: str) -> list[tuple[Action, ...]]:
        return plans.plans(self, seat)

    def determinize(self, seat: str | None, rng: Randomness) -> FightballState:
        """Re-deal every card ``seat`` cannot see: both deck orders (nobody knows their own) and
        the other coach's held card unless it came face up off the discard pile. The Buzz stays
        at the bottom; the copy gets its own chance so later shuffles are unknown too."""
        copy = self.clone()
        viewer = SEAT_INDEX[seat] if seat is not None else -1
        redrawn: dict[int, int] = {}
        for s in (0, 1):
            deck = copy.decks[s]
            buzz = self.table.buzz[s]
            pool = [c for c in deck if c != buzz]
            hide_held = s != viewer and copy.held[s] >= 0 and not copy.held_public[s]
            if hide_held:
                pool.append(copy.held[s])
            pool.sort()  # the draw must not depend on where the hidden cards really lie
            rng.shuffle(pool, f"{SEATS[s]} hidden cards")
            if hide_held:
                redrawn[self.held[s]] = copy.held[s] = pool.pop()
            copy.decks[s] = ([buzz] if buzz in deck else []) + pool
        events = copy.events  # the copy's own list already
        if redrawn:  # only a private event can tell of a card the seat did not see
            for i in self.private_events:
                event = events[i]
                if event.data.get("card") in redrawn and not event.visible(seat):
                    events[i] = self._redrawn_event(event, redrawn)
        copy.rng = Randomness(int(rng.random() * 2**31))
        return copy

    def _redrawn_event(self, event: Event, redrawn: dict[int, int]) -> Event:
        """A private event told again with the card that replaced the hidden one (the only
        private events are draws; every other drawn card has since been shown)."""
        card = event.data.get("card")
        if card not in redrawn:
            return event
        names = self.table.cards
        text = event.text.replace(names[card].name, names[redrawn[card]].name)
        return Event(event.kind, text, {**event.data, "card": redrawn[card]}, event.visible_to)

    def clone(self) -> FightballState:
        twin = FightballState.__new__(FightballState)
        twin.__dict__.update(self.__dict__)
        twin.rng = self.rng.clone()
        twin.events = list(self.events)
        twin.history = list(self.history)
        twin._legal_cache = {}
        twin.decks = [self.decks[0][:], self.decks[1][:]]
        twin.held = self.held[:]
        twin.held_public = self.held_public[:]
        twin.discards = [self.discards[0][:], self.discards[1][:]]
        twin.stacks = [s[:] for s in self.stacks]
        twin.aside = [self.aside[0][:], self.aside[1][:]]
        twin.thrown = self.thrown[:]
        twin.score = self.score[:]
        twin.quarter_log = list(self.quarter_log)
        twin.pending = list(self.pending)
        twin.choices = dict(self.choices)
        twin.last_scoring = list(self.last_scoring)
        twin.times_ms = list(self.times_ms)
        twin.private_events = list(self.private_events)
        return twin

    def locations(self) -> dict[int, str]:
        """Where every card is (for invariants): deck, hand, discard, stack, aside or thrown."""
        where: dict[int, str] = {}

        def put(cid: int, place: str) -> None:
            if cid in where:
                raise AssertionError(f"card {cid} is both in {where[cid]} and {place}")
            where[cid] = place

        for s, name in enumerate(SEATS):
            for cid in self.decks[s]:
                put(cid, f"{name} deck")
            if self.held[s] >= 0:
                put(self.held[s], f"{name} hand")
            for cid in self.discards[s]:
                put(cid, f"{name} discard")
            for cid in self.aside[s]:
                put(cid, f"{name} aside")
            if self.thrown[s] >= 0:
                put(self.thrown[s], f"{name} Buzz thrown")
        for i, stack in enumerate(self.stacks):
            for cid in stack:
                put(cid, f"stack {i + 1}")
        return where


# -- views ----------------------------------------------------------------------------------------

NO_PLAY: dict[str, Any] = {"status": "empty", "shooter": None, "value": None, "ball": False, "succeeds": False,
                           "scorer": None, "play_points": 0, "colour": None, "moved_to": None, "running": []}


def _play_view(state: FightballState, index: int, stack: list[int]) -> dict[str, Any]:
    """What a stack is worth as it stands: every card on the court is face up and the discard
    piles are public, so this is what any coach could work out by looking."""
    if not stack:
        return {**NO_PLAY, "points": {"home": 0, "away": 0}, "fouls": {"home": 0, "away": 0}}
    table, court = state.table, state.court
    result = score_stack(table, court, index, stack, state.discards, choices=state.choices)
    play = result.status in ("complete", "incomplete")
    moved = play and result.colour != court.colours[index]
    return {
        "status": result.status,
        "shooter": SEATS[result.shooter] if result.shooter >= 0 else None,
        "value": result.value if play else None,
        "ball": result.has_ball,
        "succeeds": result.succeeded,
        "scorer": SEATS[result.scorer] if result.scorer >= 0 else None,
        "play_points": result.play_points,
        "points": {"home": result.points[0], "away": result.points[1]},
        "fouls": {"home": result.fouls[0], "away": result.fouls[1]},
        "colour": COLOURS[result.colour] if play else None,
        "moved_to": zone_name(table, 1 - result.shooter, result.colour) if moved else None,
        "running": _running_values(state, index, stack) if play else [None] * len(stack),
    }


def _running_values(state: FightballState, index: int, stack: list[int]) -> list[int | None]:
    """The Shot Value as the play stood when each card landed (the rulebook's examples count a
    play up card by card this way); cards on a finished play's Shot no longer change it."""
    values: list[int | None] = []
    for k in range(1, len(stack) + 1):
        result = score_stack(state.table, state.court, index, stack[:k], state.discards, choices=state.choices)
        values.append(result.value)
        if result.status == "complete":
            values.extend([result.value] * (len(stack) - k))
            break
    return values
