"""The engine's contract: a :class:`Game` makes :class:`State` objects that players act on.

Every game subclasses both. A state validates an action completely before it changes
anything, so an :class:`IllegalAction` always leaves it as it was.
"""

from __future__ import annotations

import pickle
import secrets
from abc import ABC, abstractmethod
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Literal

from .actions import Action, ActionCodec
from .errors import BadScenario, IllegalAction, InvalidAction, ScriptExhausted, ScriptMismatch, clip, shorten
from .events import Event, make_event
from .odds import Odds
from .options import Option, validate_options
from .randomness import Randomness, make_randomness

__all__ = ["Game", "GameInfo", "Outcome", "State", "TurnStyle"]

TurnStyle = Literal["sequential", "simultaneous", "real-time"]


@dataclass(frozen=True)
class GameInfo:
    """What a game is, before any options are chosen."""

    name: str
    title: str
    summary: str
    min_seats: int
    max_seats: int
    options: tuple[Option, ...]
    hidden_information: bool
    turn_style: TurnStyle
    rulebook: str = ""

    def option(self, name: str) -> Option:
        for option in self.options:
            if option.name == name:
                return option
        raise KeyError(name)

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "title": self.title,
            "summary": self.summary,
            "seats": {"min": self.min_seats, "max": self.max_seats},
            "options": [o.to_json() for o in self.options],
            "hidden_information": self.hidden_information,
            "turn_style": self.turn_style,
        }


@dataclass(frozen=True)
class Outcome:
    """How a finished game ended. ``winners`` is empty for a draw.

    >>> Outcome(winners=("red",), scores={"red": 3, "blue": 1}, reason="full time").returns("blue")
    -1.0
    """

    winners: tuple[str, ...]
    scores: Mapping[str, float]
    reason: str
    seats: tuple[str, ...] = field(default=())

    @property
    def is_draw(self) -> bool:
        return not self.winners

    @property
    def winner(self) -> str | None:
        return self.winners[0] if len(self.winners) == 1 else None

    def returns(self, seat: str) -> float:
        if not self.winners:
            return 0.0
        return 1.0 if seat in self.winners else -1.0

    def to_json(self) -> dict[str, Any]:
        return {
            "winners": list(self.winners),
            "draw": self.is_draw,
            "scores": dict(self.scores),
            "reason": self.reason,
        }


class Game(ABC):
    """A game with its options fixed. Subclasses set ``info`` and ``codec`` and register."""

    info: ClassVar[GameInfo]
    codec: ClassVar[ActionCodec]
    #: The rule ID (in ``docs/rules/<game>.md``) behind each kind of event, for the log's links.
    event_rules: ClassVar[Mapping[str, str]] = {}
    #: The rule ID that governs each kind of action, for explaining a refusal.
    action_rules: ClassVar[Mapping[str, str]] = {}

    def __init__(self, **options: Any) -> None:
        self.options: dict[str, Any] = validate_options(self.info.name, self.info.options, options)
        self.seats: tuple[str, ...] = self._seats()

    @property
    def name(self) -> str:
        return self.info.name

    def _seats(self) -> tuple[str, ...]:
        """The seat names under these options; the default is two seats."""
        return ("seat1", "seat2")

    def new_state(
        self,
        seed: int | None = None,
        scenario: Mapping[str, Any] | None = None,
        dice: Any = None,
    ) -> State:
        """A fresh game, or the position a ``scenario`` describes.

        ``seed`` fixes every chance event; with None a seed is drawn and kept so the
        game can still be recorded and replayed. ``dice`` scripts the chance events instead.
        """
        if seed is None:
            seed = secrets.randbelow(2**31)
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise BadScenario(f"seed must be a whole number, not {seed!r}")
        rng = make_randomness(seed, dice)
        if scenario is not None and not isinstance(scenario, Mapping):
            raise BadScenario(f"a scenario must be a JSON object, not {type(scenario).__name__}")
        try:
            state = self._new_state(rng, dict(scenario) if scenario is not None else None)
        except (ScriptExhausted, ScriptMismatch):
            raise
        except BadScenario as exc:
            # A scenario may come from a stranger: quote no more of it than a person can read.
            raise BadScenario(clip(str(exc), 600)) from None
        except (KeyError, TypeError, ValueError, ArithmeticError) as exc:
            if scenario is None:
                raise
            raise BadScenario(clip(f"{self.name} scenario could not be set up: {exc}", 600)) from None
        state._scenario = dict(scenario) if scenario is not None else None
        return state

    @abstractmethod
    def _new_state(self, rng: Randomness, scenario: dict[str, Any] | None) -> State:
        """Set up the opening position (or the scenario's) using ``rng`` for any chance."""

    def parse_action(self, text: str) -> Action:
        return self.codec.parse(text)

    def render_text(self, view: Mapping[str, Any]) -> str:
        """A terminal picture of a view (board, hands, score). Built from the view alone, so
        it can never show what that seat may not see."""
        import json

        return json.dumps(view, indent=1, sort_keys=True)

    def render_svg(self, view: Mapping[str, Any]) -> str | None:
        """An SVG drawing of a view, for games with a picture worth drawing; None otherwise."""
        return None

    def action_from_json(self, data: Any) -> Action:
        return self.codec.from_json(data)

    def __repr__(self) -> str:
        changed = {k: v for k, v in self.options.items() if v != self.info.option(k).default}
        return f"<Game {self.name} {changed or ''}>".replace(" >", ">")


class State(ABC):
    """One position of a game, and the way to move it on.

    Subclasses implement the underscored methods; the public ones here check the
    boundary (seat, turn, legality) so no game can forget to.
    """

    def __init__(self, game: Game, rng: Randomness) -> None:
        self.game = game
        self.rng = rng
        self.events: list[Event] = []
        self.history: list[tuple[str, Action]] = []
        self._scenario: dict[str, Any] | None = None
        self._legal_cache: dict[str, tuple[Action, ...]] = {}

    # -- what the subclass provides ------------------------------------------------------------

    @property
    def seats(self) -> tuple[str, ...]:
        return self.game.seats

    @property
    @abstractmethod
    def to_act(self) -> tuple[str, ...]:
        """Seats whose decision is pending now: one in turn play, several when simultaneous."""

    @abstractmethod
    def _legal_actions(self, seat: str) -> list[Action]:
        """Every action ``seat`` may take now (empty when it is not to act)."""

    @abstractmethod
    def _apply(self, seat: str, action: Action) -> None:
        """Carry out an action already known to be legal, emitting events."""

    @property
    @abstractmethod
    def outcome(self) -> Outcome | None:
        """How the game ended, or None while it goes on."""

    @abstractmethod
    def _view(self, seat: str | None) -> dict[str, Any]:
        """Game-specific JSON-safe view for ``seat`` (None: a spectator)."""

    def check(self, seat: str, action: Action) -> None:
        """Raise :class:`IllegalAction` unless ``action`` is legal. Games with continuous
        actions override this to validate values outside the offered discrete set."""
        if action not in self._cached_legal(seat):
            raise IllegalAction(f"{action} is not legal for {seat} now; {self._options_hint(seat)}")

    def auto_action(self, seat: str) -> Action | None:
        """A sensible default an interface may offer for ``seat`` (never taken silently)."""
        return None

    def describe_action(self, seat: str, action: Action) -> str:
        """A short phrase for menus, such as "Jayne moves to E5"; the string form by default."""
        return str(action)

    def _odds(self, seat: str, action: Action) -> Odds | None:
        """The game's odds for a legal action (see :meth:`odds`); None: no chance involved."""
        return None

    def _explain(self, seat: str, action: Action) -> str | None:
        """The rule ID that forbids ``action`` for ``seat`` now; by default the rule that governs
        that kind of action."""
        return self.game.action_rules.get(action.kind)

    def suggest(self, seat: str, rng: Randomness) -> Action:
        """A quick move from the rules' own logic, used by the heuristic agent and by search
        rollouts. Call it on a determinized copy so it cannot see hidden information.
        The default picks uniformly from the legal actions."""
        return rng.choice(self._cached_legal(seat))

    def rollout_settled(self, rounds: int) -> bool:
        """Whether ``rounds`` more rounds of :meth:`suggest` (every seat to act taking its
        suggestion in turn, as a search's rollout plays them) would leave :meth:`evaluations`
        exactly as they are now, drawing nothing from the generator ``suggest`` is given: a
        rollout then stops here, with the very result it would have reached. The default says
        no; a game answers yes only where it is sure."""
        return False

    def evaluate(self, seat: str) -> float:
        """How good the position looks for ``seat``, from -1 (lost) to 1 (won); search uses it to
        cut long rollouts short. The default knows only finished games."""
        outcome = self.outcome
        return outcome.returns(seat) if outcome is not None else 0.0

    def evaluations(self) -> dict[str, float]:
        """Every seat's :meth:`evaluate` at once, as search scores a position for all seats. A game
        whose features serve every seat from one pass overrides this; the values must be the
        same as asking seat by seat."""
        return {seat: self.evaluate(seat) for seat in self.seats}

    def features(self, seat: str) -> dict[str, float]:
        """Named numbers describing the position from ``seat``'s side (score margin, distances,
        cards in hand...), for an evaluation fitted to self-play outcomes (see
        :class:`~tabletop.core.evaluation.FittedEvaluation`). Call it on a determinized copy in
        hidden-information games. The default knows none."""
        return {}

    def plans(self, seat: str) -> list[tuple[Action, ...]]:
        """The choices a search should weigh for ``seat`` now, each a run of this seat's actions
        that a player thinks of as one decision: a whole path, a whole allocation, a whole
        manoeuvre. A plan's first action is legal now; the rest are played while they stay legal
        and the seat stays to act, so a plan must not reach past the end of the seat's turn
        (an agent cannot tell a new turn from the same one when nobody else acted between).
        Plans change nothing a person may do. The default offers every legal action as a plan of
        its own."""
        return [(action,) for action in self._cached_legal(seat)]

    def determinize(self, seat: str | None, rng: Randomness) -> State:
        """A copy in which everything hidden from ``seat`` is re-drawn with ``rng``,
        consistent with what ``seat`` has seen. Games without hidden information
        return a plain copy."""
        if self.game.info.hidden_information:
            raise NotImplementedError(f"{self.game.name} must re-sample its hidden information")
        return self.clone()

    # -- the public API ------------------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        return self.outcome is not None

    def legal_actions(self, seat: str) -> list[Action]:
        """The actions ``seat`` may take now, in a stable order.

        A fresh list each time: changing it changes nothing in the state.
        """
        cached = self._legal_cache.get(seat)  # inlined: agents call this in their inner loops
        return list(cached if cached is not None else self._cached_legal(seat))

    def _cached_legal(self, seat: str) -> tuple[Action, ...]:
        """The state's own cached, unchangeable copy of the legal actions."""
        cached = self._legal_cache.get(seat)
        if cached is None:
            self._check_seat(seat)
            cached = tuple(self._legal_actions(seat)) if seat in self.to_act else ()
            self._legal_cache[seat] = cached
        return cached

    def apply(self, seat: str, action: Action) -> list[Event]:
        """Carry out ``action`` for ``seat`` and return the events it caused.

        Raises :class:`IllegalAction` (state unchanged) for a seat that is not to act,
        an action of the wrong type, or one the rules forbid now.
        """
        self._refuse_unless_legal(seat, action)
        start = len(self.events)
        # Scripted dice may run out part-way; keep a copy so even that leaves the state whole.
        before = self.clone() if self.rng.scripted else None
        try:
            self._apply(seat, action)
        except (ScriptExhausted, ScriptMismatch):
            if before is not None:
                self.__dict__.update(before.__dict__)
            raise
        self.history.append((seat, action))
        self._legal_cache.clear()
        return self.events[start:]

    def apply_all(self, seat: str, actions: Sequence[Action]) -> list[Event]:
        """Carry out ``actions`` for ``seat`` in order, as one decision (a whole plan, such as an
        allocation), and return the events they caused.

        Each action crosses the same checks as :meth:`apply`, one after another. If one is
        refused, its error is raised and the state is as it was before the first action: a plan
        is taken whole or not at all (a run of ``apply`` calls would keep the actions before the
        refused one). A game may override this with a faster path that gives the very same
        state, events and errors.
        """
        if isinstance(actions, (str, bytes, Action)) or not isinstance(actions, Iterable):
            raise InvalidAction(f"apply_all takes a list of actions, not {shorten(actions)}")
        actions = tuple(actions)
        if len(actions) < 2:
            return self.apply(seat, actions[0]) if actions else []
        before = self.clone()
        start = len(self.events)
        try:
            for action in actions:
                self.apply(seat, action)
        except (IllegalAction, ScriptExhausted, ScriptMismatch):
            self.__dict__.clear()
            self.__dict__.update(before.__dict__)
            raise
        return self.events[start:]

    def _refuse_unless_legal(self, seat: str, action: Action) -> None:
        """The boundary every action crosses: a real seat, a game still on, the seat's turn, a
        well-formed action of this game, and one the rules allow now."""
        if self.is_over or seat not in self.to_act:  # a seat to act is a real one
            self._check_seat(seat)
            if self.is_over:
                raise IllegalAction(f"the game is over ({self.outcome.reason if self.outcome else ''}); "
                                    "no more actions are taken")
            waiting = ", ".join(self.to_act) or "nobody"
            raise IllegalAction(f"it is not {seat}'s decision now; waiting for {waiting}")
        self.game.codec.validate(action, self.game.name)
        self.check(seat, action)

    def odds(self, seat: str, action: Action) -> Odds | None:
        """The chance of each outcome that matters before ``action`` rolls or draws, counted from
        the rules and what ``seat`` may see (exact where small enough, else marked as an
        estimate); None when the action involves no chance. The state is never changed.
        Raises :class:`IllegalAction` for an action ``seat`` may not take now."""
        self._check_seat(seat)
        self.check(seat, action)
        return self._odds(seat, action)

    def explain(self, seat: str, action: Action) -> str | None:
        """Why ``action`` is not legal for ``seat`` now, with the rule ID where the game knows
        it; None when it is legal."""
        self._check_seat(seat)
        try:
            self._refuse_unless_legal(seat, action)
        except InvalidAction as exc:
            return str(exc)
        except IllegalAction as exc:
            if self.is_over or seat not in self.to_act:
                return str(exc)
            rule = self._explain(seat, action)
            return f"{exc} [{rule}]" if rule and rule not in str(exc) else str(exc)
        return None

    def view(self, seat: str | None) -> dict[str, Any]:
        """A JSON-safe dict holding exactly what ``seat`` may see (None: a spectator)."""
        if seat is not None:
            self._check_seat(seat)
        outcome = self.outcome
        return {
            "game": self.game.name,
            "seat": seat,
            "seats": list(self.seats),
            "to_act": list(self.to_act),
            "is_over": outcome is not None,
            "outcome": outcome.to_json() if outcome is not None else None,
            **self._view(seat),
        }

    def events_for(self, seat: str | None) -> list[Event]:
        """The log as ``seat`` saw it."""
        return [e for e in self.events if e.visible(seat)]

    def emit(self, kind: str, text: str, visible_to: Sequence[str] | None = None, **data: Any) -> Event:
        rule = data.pop("rule", None) or self.game.event_rules.get(kind)
        event = make_event(kind, text, data, frozenset(visible_to) if visible_to is not None else None, rule)
        self.events.append(event)
        return event

    def clone(self) -> State:
        """An independent copy, chance generator included."""
        return pickle.loads(pickle.dumps(self, pickle.HIGHEST_PROTOCOL))

    def record(self) -> Any:
        """The game so far as a replayable :class:`~tabletop.core.record.Record`."""
        from .record import make_record

        return make_record(self)

    def seat_record(self, seat: str) -> Any:
        """What ``seat`` has seen so far, as a :class:`~tabletop.core.record.SeatRecord`: safe to
        share while the game runs, unlike :meth:`record`, whose seed tells every hidden deal."""
        from .record import make_seat_record

        self._check_seat(seat)
        return make_seat_record(self, seat)

    def returns(self) -> dict[str, float]:
        """+1 win, -1 loss, 0 draw or unfinished, per seat."""
        outcome = self.outcome
        return {seat: (outcome.returns(seat) if outcome else 0.0) for seat in self.seats}

    # -- helpers -------------------------------------------------------------------------------

    def __getstate__(self) -> dict[str, Any]:
        state = self.__dict__.copy()
        state["_legal_cache"] = {}
        return state

    def _check_seat(self, seat: str) -> None:
        if seat not in self.game.seats:
            raise IllegalAction(f"there is no seat {shorten(seat)}; the seats are {', '.join(self.game.seats)}")

    def _options_hint(self, seat: str, limit: int = 12) -> str:
        legal = self._cached_legal(seat)
        if not legal:
            return "it has no legal actions"
        shown = "; ".join(map(str, legal[:limit]))
        more = f" (and {len(legal) - limit} more)" if len(legal) > limit else ""
        return f"legal now: {shown}{more}"
