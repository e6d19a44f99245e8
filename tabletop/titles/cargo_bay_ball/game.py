"""Cargo Bay Ball: the Serenity crew's hex-board ball game, by its complete rules.

Metadata first, then the :class:`CargoBayBall` game, then :class:`CargoBayState`. The rules
themselves live in the sibling modules: ``setup`` (draft, obstacles, placement), ``clock``
(Chops, Rounds, turns, the end), ``play`` (a crew member's actions), ``flight`` (the ball in
the air: blocks, catches, deflections, goals) and ``heuristic`` / ``render`` for agents and
people. The state keeps everything in flat lists indexed by crew number and space number so
random play and search stay fast.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from itertools import repeat
from operator import is_
from typing import Any

from tabletop.core import (
    Action,
    BadOption,
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

from . import actions as A
from .board import Board, build_board
from .clock import resume
from .constants import DRAFT, FLOW_TURNS, PLAY
from .data import BUNDLED, SKILLS, CargoDataError, CrewCard, RuleTables, load_bay_model, load_crew, load_rules
from .features import features, fitted_value
from .heuristic import suggest
from .legal import HANDLERS, legal_actions
from .plans import plans
from .play import step_allowed
from .render import describe_action, render_text, state_view
from .scenario import apply_scenario
from .setup import ObstacleChoices, begin
from .svg import render_svg

__all__ = ["CargoBayBall", "CargoBayState"]


@dataclass(frozen=True)
class MixedChoiceOption(Option):
    """An option whose allowed values mix numbers and words (``team_size``: 2, 3, 4 or "roll");
    text from a command line that spells a number is read as that number."""

    def parse(self, value: Any) -> Any:
        if isinstance(value, str) and value.strip().isdigit():
            value = int(value)
        if isinstance(value, bool) or self.choices is None or value not in self.choices:
            raise BadOption(f"option '{self.name}' must be {self.allowed()}, not {value!r}")
        return value


INFO = GameInfo(
    name="cargo-bay-ball",
    title="Cargo Bay Ball",
    summary=("Two crews of Serenity's people play ball on a hex cargo bay: move, pass, shoot through a "
             "swinging hoop, block, steal and slobberknock, with an Official watching from the catwalk."),
    min_seats=2,
    max_seats=8,
    options=(
        Option("players", 2, "number of people; seats alternate between side 1 and side 2",
               minimum=2, maximum=8),
        MixedChoiceOption("team_size", 3, "crew per side, or 'roll' for 1d6 (1-2: 2, 3-4: 3, 5-6: 4)",
                          choices=(2, 3, 4, "roll")),
        Option("mercy_rule", False, "end the game when a side reaches 10 goals in Chop 1 or 2"),
        Option("side1_crew", "", "fixed side 1 roster such as 'mal+jayne+zoe' (skips its draft)"),
        Option("side2_crew", "", "fixed side 2 roster such as 'kaylee+wash+book' (skips its draft)"),
        Option("official", "", "fixed Official such as 'book' (empty: the last chooser appoints)"),
        Option("goal_exit", "through", "after a goal the ball leaves through the far face of the ring, "
               "or bounces back out of the face it entered", choices=("through", "back")),
        Option("river_shoot", "each-use", "River's 1d6 SHOOT: rolled for the distance and again for the "
               "scoring roll, or rolled once per shot", choices=("each-use", "once-per-shot")),
        Option("short_deflection", "landing", "a pass or shot that falls short deflects from where it "
               "landed, or from its target (the teammate's space or the goal)", choices=("landing", "target")),
        Option("goal_space_block", "goaltending", "a block made by a crew member standing on the goal space "
               "itself counts as from behind the ring (goaltending may be called) or as a clean block",
               choices=("goaltending", "clean")),
        Option("push_onto_obstacles", False, "a slobberknocker may push the fallen crew member onto an "
               "obstacle (otherwise only onto empty floor)"),
        Option("bay", "serenity", "bundled bay name or path to a bay JSON file", bundled=BUNDLED["bay"]),
        Option("crew_cards", "crew", "bundled crew set name or path to a crew JSON file", bundled=BUNDLED["crew"]),
    ),
    hidden_information=False,
    turn_style="sequential",
    rulebook="000_e9d31a5ddd9d15fa.txt",
)


@lru_cache(maxsize=16)
def _board(source: str) -> Board:
    model = load_bay_model(source)
    try:
        return build_board(model)
    except CargoDataError as exc:
        raise CargoDataError(f"bay file {source}: {exc}") from None


def parse_roster(text: str, option: str, cards: dict[str, int]) -> tuple[int, ...]:
    """'mal+jayne+zoe' -> card numbers; raises BadOption naming the crew that exist."""
    if not text.strip():
        return ()
    names = [n.strip() for n in text.replace(",", "+").split("+") if n.strip()]
    unknown = [n for n in names if n not in cards]
    if unknown:
        raise BadOption(f"option '{option}' names unknown crew {', '.join(unknown)}; "
                        f"the crew are {', '.join(cards)}")
    if len(set(names)) != len(names):
        raise BadOption(f"option '{option}' names someone twice: {text!r}")
    return tuple(cards[n] for n in names)


@register
class CargoBayBall(Game):
    """Cargo Bay Ball for 2 to 8 people in two sides."""

    info = INFO
    codec = A.CODEC

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        opts = self.options
        self.board: Board = _board(opts["bay"])
        self.cards: tuple[CrewCard, ...] = load_crew(opts["crew_cards"])
        self.rules: RuleTables = load_rules()
        self.card_index = {card.id: i for i, card in enumerate(self.cards)}
        n = len(self.seats)
        self.seat_side: tuple[int, ...] = tuple(i % 2 for i in range(n))
        self.side_seats: tuple[tuple[int, ...], ...] = (tuple(range(0, n, 2)), tuple(range(1, n, 2)))
        self.min_team = len(self.side_seats[0])
        self.rosters = (parse_roster(opts["side1_crew"], "side1_crew", self.card_index),
                        parse_roster(opts["side2_crew"], "side2_crew", self.card_index))
        fixed_official = parse_roster(opts["official"], "official", self.card_index)
        if len(fixed_official) > 1:
            raise BadOption("option 'official' names one crew member")
        self.fixed_official = fixed_official[0] if fixed_official else -1
        # a record keeps every option, defaults included, so only a team size other than the
        # default can have been asked for
        default_size = next(option.default for option in self.info.options if option.name == "team_size")
        self._check_rosters(team_size_asked=self.options["team_size"] != default_size)
        self._make_action_tables()
        # Shot chances by (crew card, goal facing, on an obstacle): filled in by the heuristic.
        self.shot_rows: dict[tuple[int, int, bool], tuple[float, ...]] = {}
        # A turn's plans by position, for search (see plans.py).
        self.plan_cache: dict[tuple[Any, ...], tuple[tuple[Action, ...], ...]] = {}
        # Where the next obstacle may go, by the obstacles already down (see setup.py).
        self.obstacle_cache: dict[frozenset[int], ObstacleChoices] = {}

    def _check_rosters(self, team_size_asked: bool) -> None:
        r1, r2 = self.rosters
        used = list(r1) + list(r2) + ([self.fixed_official] if self.fixed_official >= 0 else [])
        if len(set(used)) != len(used):
            raise BadOption("the same crew member is named twice across side1_crew, side2_crew and official")
        sizes = {len(r) for r in self.rosters if r}
        if len(sizes) > 1:
            raise BadOption(f"side1_crew and side2_crew must be the same size, not {len(r1)} and {len(r2)}")
        fixed_size = sizes.pop() if sizes else None
        size = self.options["team_size"] if fixed_size is None else fixed_size
        if fixed_size is not None and team_size_asked and self.options["team_size"] != size:
            fixed = "side1_crew" if r1 else "side2_crew"
            raise BadOption(f"team_size={self.options['team_size']} and {fixed}, which names {size}, disagree: "
                            "a fixed roster sets the team size, so give one or the other")
        if size == "roll":
            return
        if not 2 <= size <= 4:
            raise BadOption(f"a team has 2 to 4 crew, not {size}")
        if size < self.min_team:
            raise BadOption(f"{len(self.seats)} players put {self.min_team} people on side 1, so each side "
                            f"needs at least {self.min_team} crew; team size {size} is too small")
        if 2 * size + 1 > len(self.cards):
            raise BadOption(f"team size {size} needs {2 * size + 1} crew cards (two teams and the Official); "
                            f"this crew set has {len(self.cards)}")

    def _make_action_tables(self) -> None:
        """Action objects are made once and shared: legal-move lists only index these tables."""
        labels = self.board.labels
        ids = [c.id for c in self.cards]
        self.a_step = tuple(A.Step(label) for label in labels)
        self.a_obstacle = tuple(A.PlaceObstacle(label) for label in labels)
        self.a_pick = tuple(A.Pick(i) for i in ids)
        self.a_appoint = tuple(A.Appoint(i) for i in ids)
        self.a_activate = tuple(A.Activate(i) for i in ids)
        self.a_pass = tuple(A.Pass(i) for i in ids)
        self.a_handoff = tuple(A.Handoff(i) for i in ids)
        self.a_take = tuple(A.TakeHandoff(i) for i in ids)
        self.a_slobber = tuple(A.Slobberknock(i) for i in ids)
        self.a_steal = tuple(A.Steal(i) for i in ids)
        self.a_block = tuple(A.Block(i) for i in ids)
        self.a_catch = tuple(A.Catch(i) for i in ids)
        self.a_noblock = tuple(A.NoBlock(i) for i in ids)
        self.a_release = tuple(A.Release(i) for i in ids)
        self.a_pick_up = tuple(A.PickUp(i) for i in ids)
        self.a_leave_ball = tuple(A.LeaveBall(i) for i in ids)
        self.a_push = tuple(A.Push(label) for label in labels)
        self.a_stay = A.Push(None)
        self.a_shoot = A.Shoot()
        self.a_skip = A.Skip()
        self._placings: dict[int, tuple[A.PlaceCrew, ...]] = {}

    def placings(self, card: int) -> tuple[A.PlaceCrew, ...]:
        """The actions setting crew card ``card`` on each space (by space number), made once."""
        table = self._placings.get(card)
        if table is None:
            slug = self.cards[card].id
            table = self._placings[card] = tuple(A.PlaceCrew(slug, label) for label in self.board.labels)
        return table

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        """Pickle as name and options: the board's line cache and the action tables are rebuilt
        (shared per options) instead of copied, so a state's fingerprint never sees a cache."""
        return (_game_for, (tuple(sorted(self.options.items())),))

    def _seats(self) -> tuple[str, ...]:
        return tuple(f"seat{i}" for i in range(1, self.options["players"] + 1))

    def _new_state(self, rng: Randomness, scenario: dict[str, Any] | None) -> CargoBayState:
        state = CargoBayState(self, rng)
        if scenario is None:
            begin(state)
        else:
            apply_scenario(state, scenario)
        resume(state)
        return state

    def render_text(self, view: Any) -> str:
        return render_text(self, view)

    def render_svg(self, view: Any) -> str | None:
        return render_svg(self, view)


_GAMES: dict[tuple[tuple[str, Any], ...], CargoBayBall] = {}
_SKETCH_DICE = Randomness(0)


def _game_for(options: tuple[tuple[str, Any], ...]) -> CargoBayBall:
    game = _GAMES.get(options)
    if game is None:
        game = _GAMES[options] = CargoBayBall(**dict(options))
    return game


class CargoBayState(State):
    """A position of Cargo Bay Ball. Crew are numbered 0..n-1 in draft order; spaces by the board."""

    game: CargoBayBall

    def __init__(self, game: CargoBayBall, rng: Randomness) -> None:
        super().__init__(game, rng)
        board = game.board
        self.phase = DRAFT
        self.flow = FLOW_TURNS
        self.team_size = 0
        self.order: list[int] = []  # seats, highest order roll first
        self.last_chooser = -1
        self.draft_queue: list[int] = []  # seats in picking order
        self.draft_i = 0
        self.pool: list[int] = list(range(len(game.cards)))  # cards neither drafted nor Official
        self.official = -1  # card number
        self.crew_card: list[int] = []
        self.crew_side: list[int] = []
        self.crew_seat: list[int] = []
        self.pos: list[int] = []
        self.status: list[int] = []
        self.occ: list[int] = [-1] * board.size
        self.obstacles: frozenset[int] = frozenset()
        self.obstacles_left = 0
        self.obstacle_seat = -1
        self.place_queue: list[int] = []  # crew numbers still to be set up, in order
        self.ball = -1  # space of the ball (the holder's space when held)
        self.holder = -1  # crew number holding the ball
        self.arrow = (game.rules.goal_start_arrow - 1) % 3 + 1  # the goal's arrows point at arrow and arrow + 3
        self.score = [0, 0]
        self.chop = 1
        self.round = 1
        self.sudden_death = False
        self.acted = 0  # bit per crew: had (or lost) this Round's turn
        self.turn_side = 0
        self.seat_ptr = [0, 0]
        self.active = -1
        self.actions_left = 0
        self.move_left = 0
        self.stack: list[Any] = []  # pending procedures, top last (see flight.py)
        self.result: Outcome | None = None
        self.value_memo: tuple[tuple[int, int], tuple[float, ...]] | None = None  # see features.fitted_value
        self._actor = -1
        self._to_act: tuple[str, ...] = ()

    # -- the engine contract -------------------------------------------------------------------

    @property
    def to_act(self) -> tuple[str, ...]:
        return self._to_act

    @property
    def outcome(self) -> Outcome | None:
        return self.result

    def _legal_actions(self, seat: str) -> list[Action]:
        return legal_actions(self)

    def _apply(self, seat: str, action: Action) -> None:
        HANDLERS[type(action)](self, action)
        resume(self)

    def _view(self, seat: str | None) -> dict[str, Any]:
        return state_view(self)

    def describe_action(self, seat: str, action: Action) -> str:
        return describe_action(self, action)

    def auto_action(self, seat: str) -> Action | None:
        """Enter's default at a prompt: for a reaction, a push or a release, what the heuristic
        would do (block the other side's throws, catch a loose ball coming through); when only
        the rest of a move is left, ending the turn."""
        if seat not in self._to_act:
            return None
        if self.stack:
            return suggest(self, seat, self.rng.clone())
        if self.phase == PLAY and self.active >= 0 and self.actions_left == 0:
            return self.game.a_skip
        return None

    def suggest(self, seat: str, rng: Randomness) -> Action:
        return suggest(self, seat, rng)

    def check(self, seat: str, action: Action) -> None:
        """As the base check, naming the setup rule a refused placement breaks."""
        if type(action) is A.Step and self.phase == PLAY and self.active >= 0 and not self.stack \
                and seat in self._to_act and step_allowed(self, action):
            return
        legal = self._cached_legal(seat)
        # The legal lists hold the game's shared action objects: find the very one first.
        if any(map(is_, legal, repeat(action))) or action in legal:
            return
        from .refusals import refusal

        reason = refusal(self, action) if seat in self._to_act else None
        because = f": {reason}" if reason else ""
        raise IllegalAction(f"{action} is not legal for {seat} now{because}; {self._options_hint(seat)}")

    def _explain(self, seat: str, action: Action) -> str | None:
        """The rule a refusal names (a step too far is CBB-ACT-MOVE-1, not the rule about
        stepping over the downed), else the rule of that kind of action."""
        from .refusals import refusal

        named = re.search(r"\((CBB-[A-Z0-9-]+)\)$", refusal(self, action) or "")
        return named.group(1) if named else super()._explain(seat, action)

    def _odds(self, seat: str, action: Action) -> Odds | None:
        from .odds import action_odds

        return action_odds(self, seat, action)

    def evaluate(self, seat: str) -> float:
        """The evaluation fitted to self-play outcomes (see ``features.py``)."""
        return fitted_value(self, seat)

    def features(self, seat: str) -> dict[str, float]:
        return features(self, seat)

    def plans(self, seat: str) -> list[tuple[Action, ...]]:
        return plans(self, seat)

    def clone(self) -> CargoBayState:
        """A hand-written copy: the flat lists are copied, immutable parts shared."""
        return self._copy(self.rng.clone(), list(self.events), list(self.history))

    def sketch(self) -> CargoBayState:
        """A copy for looking at a choice that rolls no dice (who takes the turn): it starts
        with an empty log and history, and a die it rolled would come from a fixed generator
        shared by all sketches, never from this state's."""
        twin = self._copy(_SKETCH_DICE, [], [])
        twin.value_memo = None  # the memo is keyed by the log's length, which starts over here
        return twin

    def _copy(self, rng: Randomness, events: list[Any], history: list[Any]) -> CargoBayState:
        twin = object.__new__(CargoBayState)
        data = self.__dict__.copy()
        twin.__dict__ = data
        data["rng"] = rng
        data["events"] = events
        data["history"] = history
        data["_legal_cache"] = {}
        for name in ("order", "draft_queue", "pool", "crew_card", "crew_side", "crew_seat", "pos",
                     "status", "occ", "place_queue", "score", "seat_ptr"):
            data[name] = list(data[name])
        data["stack"] = [proc.copy() for proc in self.stack]
        return twin

    # -- small helpers the rule modules share ------------------------------------------------

    def name(self, crew: int) -> str:
        return self.game.cards[self.crew_card[crew]].short

    def slug(self, crew: int) -> str:
        return self.game.cards[self.crew_card[crew]].id

    def crew_by_slug(self, slug: str) -> int:
        card = self.game.card_index[slug]
        return self.crew_card.index(card)

    def skill(self, crew: int, skill: int) -> int:
        """A skill rating; River's "1d6" skills are rolled on every use (and the roll is logged)."""
        value = self.game.cards[self.crew_card[crew]].skills[skill]
        if value:
            return value
        value = self.rng.roll(6)
        self.emit("river", f"{self.name(crew)}'s {SKILLS[skill]} is rolled: 1d6={value}.",
                  crew=self.slug(crew), skill=SKILLS[skill], roll=value)
        return value

    def printed_skill(self, crew: int, skill: int) -> int:
        """The printed rating, 0 for a rolled "1d6" skill (used by the heuristic, never rolled)."""
        return self.game.cards[self.crew_card[crew]].skills[skill]

    def seat_name(self, seat: int) -> str:
        return self.game.seats[seat]

    def side_label(self, side: int) -> str:
        return f"side {side + 1}"
