"""Friendly Sporting Competition in The Universe: six-a-side ball game on an octagonal pitch.

Order of this module: metadata, the Game, the State (turn flow in procedures.py), views.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
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

from . import features, heuristic, plans, render, runs, scenario
from .actions import (
    CODEC,
    DEPLOY_AT,
    DEPLOY_SQUARE,
    DONT_TRY,
    END_TURN,
    JOSTLES,
    MOVES,
    PASS_INDEX,
    PASSES,
    PICK_UPS,
    TACKLES,
    TRIES,
    Deploy,
    DontTry,
    EndTurn,
    Jostle,
    Move,
    Pass,
    PickUp,
    Tackle,
    Try,
)
from .pitch import DIRECTION_INDEX, DIRECTION_WORDS, PITCH
from .procedures import DEPLOY, FLIGHT, OVER, PLAY, Procedures, name_of
from .rules import ATTACKS_GOAL, DEFENDS, INTERCEPTION, PASS_COST, PASS_DICE, SEATS, TEAM, TEAM_SIZE, Rules

__all__ = ["FriendlyCompetition", "FriendlyState"]

# Per teamster number and square: the moves onto playing squares, as (target, action) pairs.
MOVE_OPTIONS = tuple(
    tuple(
        tuple((target, MOVES[number + 1][d]) for d, target in enumerate(PITCH.step[square]) if target >= 0)
        for square in range(len(PITCH.on))
    )
    for number in range(TEAM_SIZE)
)
# Per side, teamster number and square: the carrier's steps into the goal that side attacks.
GOAL_MOVES = tuple(
    tuple(
        tuple([MOVES[number + 1][d] for d, target in enumerate(PITCH.step[square]) if target == ATTACKS_GOAL[side]]
              for square in range(len(PITCH.on)))
        for number in range(TEAM_SIZE)
    )
    for side in (0, 1)
)
# The passes a carrier can afford with 0-7 AP.
PASS_OPTIONS = tuple(
    [p for length, cost in enumerate(PASS_COST) if cost <= ap for p in PASSES[length]] for ap in range(8)
)

INFO = GameInfo(
    name="friendly-competition",
    title="Friendly Sporting Competition in The Universe",
    summary="Six-a-side ball game on an octagonal pitch: 10 action points a turn to run, pass, "
            "tackle and jostle; the other side may try to intercept every pass.",
    min_seats=2,
    max_seats=2,
    options=(
        Option("match_turns", 40, "turns in the match, both sides' together; full time after the last",
               minimum=2, maximum=400),
        Option("goal_limit", 0, "the first side to score this many goals wins at once (0: play on)",
               minimum=0, maximum=50),
        Option("action_points", 10, "action points each side gets per turn", minimum=1, maximum=30),
        Option("interception_table", "standard", "interception target numbers (see data/interception.json)",
               choices=tuple(INTERCEPTION.variants)),
        Option("tackle_count", "side", "whether the 2nd/3rd tackle penalties count per side or per teamster",
               choices=("side", "teamster")),
        Option("max_tackles", 3, "tackles allowed per turn (per side or teamster); tackle n is at -(n-1)",
               minimum=1, maximum=6),
        Option("jostle_counts_as_tackle", False, "jostles count toward the tackle penalties and limit"),
        Option("floored_for", "next-own-turn", "how long a floored teamster stays down",
               choices=("next-own-turn", "rest-of-turn")),
        Option("interception_attempts", "once-per-teamster", "how often one moving ball may be tried for",
               choices=("once-per-teamster", "once-per-side", "once-per-ball", "every-square")),
        Option("lofted_pass_teammates", "may-intercept",
               "what a medium or long pass does as it passes a team-mate of the kicker",
               choices=("may-intercept", "fly-over", "stops")),
        Option("knocked_ball_interceptable", True, "a ball knocked free by a tied tackle can be intercepted"),
        Option("off_turn_intercept_ap", 0, "AP an interception try on the other side's turn costs "
               "from the trying side's next turn", minimum=0, maximum=3),
        Option("restart", "redeploy", "after a goal, teams deploy afresh or return to their opening places",
               choices=("redeploy", "kick-off-positions")),
        Option("deployment", "alternate", "place teamsters one at a time in turn, or a whole side at once",
               choices=("alternate", "blocks")),
        Option("grey_area", "centre-circle", "squares nobody may deploy on",
               choices=("centre-circle", "centre-and-goal-zones", "none")),
        Option("goalie_protection", "own-zone", "the goal zone in which a goalie cannot be tackled",
               choices=("own-zone", "either-zone")),
        Option("goalie_jostle", "protected", "a goalie in the goal zone where it cannot be tackled cannot be "
               "jostled either (a jostle is a tackle off the ball), or may be", choices=("protected", "allowed")),
        Option("receiver", "team-mates", "who gathers a pass for free when it stops on their square: only the "
               "kicker's team-mates (an enemy there must intercept), or anyone standing there",
               choices=("team-mates", "anyone")),
    ),
    hidden_information=False,
    turn_style="sequential",
    rulebook="002_c84ec34760e0862d.txt",
)


@register
class FriendlyCompetition(Game):
    """The match, with its rulings fixed by the options."""

    info = INFO
    codec = CODEC

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self.rules = Rules.from_options(self.options)
        self.deploy_actions = tuple(
            tuple(tuple((s, DEPLOY_AT[s]) for s in self.rules.deploy_squares(side, goalie))
                  for goalie in (False, True))
            for side in (0, 1)
        )
        self.deploy_squares = tuple(
            tuple(frozenset(s for s, _action in self.deploy_actions[side][goalie]) for goalie in (False, True))
            for side in (0, 1)
        )
        # Each deployment menu in full and each square's place in it: a menu is the full one less
        # the few squares already taken, cut out by position so the order stays the same.
        self.deploy_menus = tuple(tuple(tuple(a for _s, a in self.deploy_actions[side][goalie])
                                        for goalie in (False, True)) for side in (0, 1))
        self.deploy_places = tuple(tuple({s: k for k, (s, _a) in enumerate(self.deploy_actions[side][goalie])}
                                         for goalie in (False, True)) for side in (0, 1))
        # The pitch never changes during a match: its view is built once, handed out as copies.
        self.pitch_json = json.dumps(pitch_view(self.rules))
        # By position in play, for states of this game: the search's plans (kept by plans.py) and
        # the rules of thumb's decisions (heuristic.py).
        self.kept_plans: dict[tuple[int, ...], tuple[tuple[Action, ...], ...]] = {}
        self.kept_suggestions: dict[tuple[int, ...], Action] = {}
        # Log lines of steps and of turns starting and ending, by what they depend on (procedures.py).
        self.kept_lines: dict[tuple[Any, ...], Event] = {}

    def __getstate__(self) -> dict[str, Any]:
        """A copy sent elsewhere (a worker process, a saved game) leaves the kept answers behind."""
        data = self.__dict__.copy()
        for name in ("kept_plans", "kept_suggestions", "kept_lines"):
            data[name] = {}
        return data

    def _new_state(self, rng: Randomness, scenario_data: dict[str, Any] | None) -> FriendlyState:
        state = FriendlyState(self, rng)
        if scenario_data is None:
            state.begin_deployment(kickoff=0)
        else:
            scenario.apply_scenario(state, scenario_data)
        return state

    def render_text(self, view: Any) -> str:
        return render.render_text(view)

    def render_svg(self, view: Any) -> str | None:
        return render.render_svg(view)


class FriendlyState(State, Procedures):
    """A position of the match."""

    game: FriendlyCompetition

    def __init__(self, game: FriendlyCompetition, rng: Randomness) -> None:
        super().__init__(game, rng)
        self.rules = game.rules
        size = PITCH.width * PITCH.height
        self.pos = [-1] * (2 * TEAM_SIZE)
        self.occ = [-1] * size
        self.holder = -1
        self.ball = PITCH.centre
        self.floored = [0] * (2 * TEAM_SIZE)
        self.side = 0
        self.ap = 0
        self.turn = 1
        self.score = [0, 0]
        self.tackles = [0] * (2 * TEAM_SIZE)
        self.side_tackles = 0
        self.debt = [0, 0]
        self.phase = DEPLOY
        self.deploy_order = []
        self.next_deploy = [0, 0]
        self.kickoff = 0
        self.start_pos = []
        self.flight = None
        self._to_act = ()
        self._outcome = None

    # -- the engine contract ---------------------------------------------------------------------

    @property
    def to_act(self) -> tuple[str, ...]:
        return self._to_act

    @property
    def outcome(self) -> Outcome | None:
        return self._outcome

    def check(self, seat: str, action: Action) -> None:
        if self.quick_legal(seat, action):
            return
        legal = self._cached_legal(seat)
        for option in legal:  # the actions offered are shared objects: identity is the fast path
            if option is action:
                return
        if action not in legal:
            raise IllegalAction(f"{action} is not legal for {seat} now; {self._options_hint(seat)}")

    def quick_legal(self, seat: str, action: Action) -> bool | None:
        """Whether a step, pick-up, pass, tackle, jostle or end of turn in play is legal, checked on its own
        without working out the whole menu (search and the rules of thumb try many of them);
        None for any other action or phase, which the menu decides."""
        if self.phase != PLAY:
            return None
        kind = type(action)
        if kind is Move:
            assert isinstance(action, Move)
            return self._move_is_legal(seat, action)
        if seat != SEATS[self.side] or seat not in self._to_act:
            return False if kind in (EndTurn, PickUp, Pass, Tackle, Jostle) else None
        if kind is EndTurn:
            return True
        if kind is Tackle or kind is Jostle:
            assert isinstance(action, (Tackle, Jostle))
            return self._contact_is_legal(action)
        if kind is PickUp:
            assert isinstance(action, PickUp)
            if not 1 <= action.who <= TEAM_SIZE:
                return False
            teamster = self.side * TEAM_SIZE + action.who - 1
            return (self.ap >= 1 and self.holder < 0 and not self.floored[teamster]
                    and self.ball == self.pos[teamster])
        if kind is Pass:
            assert isinstance(action, Pass)
            holder = self.holder
            length = PASS_INDEX.get(action.length)
            return (length is not None and action.dir in DIRECTION_INDEX and self.ap >= PASS_COST[length]
                    and self.side * TEAM_SIZE <= holder < (self.side + 1) * TEAM_SIZE
                    and not self.floored[holder])
        return None

    def _move_is_legal(self, seat: str, move: Move) -> bool:
        """A step checked on its own, without working out the whole menu (search plays runs of
        them): exactly the moves ``_play_actions`` offers."""
        side = self.side
        if self.ap < 1 or seat != SEATS[side] or seat not in self._to_act or not 1 <= move.who <= TEAM_SIZE:
            return False
        direction = DIRECTION_INDEX.get(move.dir)
        teamster = side * TEAM_SIZE + move.who - 1
        if direction is None or self.floored[teamster]:
            return False
        target = PITCH.step[self.pos[teamster]][direction]
        if target >= 0:
            return self.occ[target] < 0
        return target == ATTACKS_GOAL[side] and self.holder == teamster

    def _contact_is_legal(self, action: Tackle | Jostle) -> bool:
        """A tackle or jostle checked on its own: exactly the ones ``_play_actions`` offers."""
        side = self.side
        if self.ap < 1 or not 1 <= action.who <= TEAM_SIZE:
            return False
        teamster = side * TEAM_SIZE + action.who - 1
        if self.floored[teamster]:
            return False
        holder = self.holder
        enemy_low = (1 - side) * TEAM_SIZE
        may_tackle = self.tackle_number(teamster) < self.rules.max_tackles
        if isinstance(action, Tackle):
            return (enemy_low <= holder < enemy_low + TEAM_SIZE and self.pos[holder] in PITCH.neighbours[self.pos[teamster]]
                    and not self.protected(holder) and may_tackle)
        if not 1 <= action.target <= TEAM_SIZE:
            return False
        enemy = enemy_low + action.target - 1
        return (enemy != holder and not self.floored[enemy] and self.pos[enemy] in PITCH.neighbours[self.pos[teamster]]
                and not (enemy == enemy_low and self.rules.goalie_jostle_protected and self.protected(enemy))
                and (may_tackle or not self.rules.jostle_counts_as_tackle))

    def _legal_actions(self, seat: str) -> list[Action]:
        side = SEATS.index(seat)
        phase = self.phase
        if phase == PLAY:
            return self._play_actions(side)
        if phase == FLIGHT:
            flight = self.flight
            assert flight is not None
            return [TRIES[t % TEAM_SIZE + 1] for t in flight.choices[side]] + [DONT_TRY]
        if phase == DEPLOY:
            goalie = self.next_deploy[side] == 0
            places = self.game.deploy_places[side][goalie]
            menu: list[Action] = list(self.game.deploy_menus[side][goalie])
            for index in sorted((places[s] for s in self.pos if s in places), reverse=True):
                del menu[index]
            return menu
        return []

    def _play_actions(self, side: int) -> list[Action]:
        out: list[Action] = []
        if self.ap >= 1:
            pos, occ, floored, holder = self.pos, self.occ, self.floored, self.holder
            low = side * TEAM_SIZE
            enemy_low = (1 - side) * TEAM_SIZE
            enemy_high = enemy_low + TEAM_SIZE
            enemy_holder = enemy_low <= holder < enemy_high
            can_tackle = enemy_holder and not self.protected(holder)
            jostle_limited = self.rules.jostle_counts_as_tackle
            shielded = -1  # an enemy goalie that cannot be jostled where it stands (FSC-JOSTLE-4)
            if self.rules.goalie_jostle_protected and self.protected(enemy_low):
                shielded = enemy_low
            max_tackles = self.rules.max_tackles
            neighbours = PITCH.neighbours
            for number in range(TEAM_SIZE):
                teamster = low + number
                if floored[teamster]:
                    continue
                square = pos[teamster]
                out += [move for target, move in MOVE_OPTIONS[number][square] if occ[target] < 0]
                if holder == teamster:
                    out += GOAL_MOVES[side][number][square]
                    out += PASS_OPTIONS[self.ap if self.ap < 7 else 7]
                elif holder < 0 and self.ball == square:
                    out.append(PICK_UPS[number + 1])
                may_tackle = -1  # worked out only when an enemy stands next to this teamster
                for n in neighbours[square]:
                    enemy = occ[n]
                    if not enemy_low <= enemy < enemy_high:
                        continue
                    if may_tackle < 0:
                        may_tackle = int(self.tackle_number(teamster) < max_tackles)
                    if enemy == holder:
                        if can_tackle and may_tackle:
                            out.append(TACKLES[number + 1])
                    elif not floored[enemy] and enemy != shielded and (may_tackle or not jostle_limited):
                        out.append(JOSTLES[number + 1][enemy % TEAM_SIZE + 1])
        out.append(END_TURN)
        return out

    def _apply(self, seat: str, action: Action) -> None:
        side = SEATS.index(seat)
        low = side * TEAM_SIZE
        kind = type(action)
        if kind is Move:
            assert isinstance(action, Move)
            self.move(low + action.who - 1, DIRECTION_INDEX[action.dir])
        elif kind is Try:
            assert isinstance(action, Try)
            self.choose_interception(side, low + action.who - 1)
        elif kind is DontTry:
            self.choose_interception(side, None)
        elif kind is Deploy:
            assert isinstance(action, Deploy)
            self.deploy(side, DEPLOY_SQUARE[action.at])
        elif kind is PickUp:
            assert isinstance(action, PickUp)
            self.pick_up(low + action.who - 1)
        elif kind is Tackle:
            assert isinstance(action, Tackle)
            self.tackle(low + action.who - 1)
        elif kind is Jostle:
            assert isinstance(action, Jostle)
            self.jostle(low + action.who - 1, (1 - side) * TEAM_SIZE + action.target - 1)
        elif kind is Pass:
            assert isinstance(action, Pass)
            self.kick(self.holder, PASS_INDEX[action.length], DIRECTION_INDEX[action.dir])
        elif kind is EndTurn:
            self.end_turn(f"{TEAM[side]} ends it with {self.ap} AP unused")

    def apply_all(self, seat: str, actions: Sequence[Action]) -> list[Event]:
        """A run of steps (and the action that ends it) goes through ``runs.apply_run``, which
        skips the per-step boundary checks a run of the game's own actions does not need."""
        events = runs.apply_run(self, seat, actions)
        return events if events is not None else super().apply_all(seat, actions)

    def clone(self) -> FriendlyState:
        twin = FriendlyState.__new__(FriendlyState)
        data = self.__dict__.copy()
        data["rng"] = self.rng.clone()
        data["events"] = list(self.events)
        data["history"] = list(self.history)
        data["_legal_cache"] = {}
        for name in ("pos", "occ", "floored", "score", "tackles", "debt", "deploy_order", "next_deploy",
                     "start_pos"):
            data[name] = list(data[name])
        if self.flight is not None:
            data["flight"] = self.flight.copy()
        twin.__dict__.update(data)
        return twin

    # -- for people and agents -------------------------------------------------------------------

    def describe_action(self, seat: str, action: Action) -> str:
        side = SEATS.index(seat)
        low = side * TEAM_SIZE
        if isinstance(action, Deploy):
            return f"place {name_of(low + self.next_deploy[side])} at {action.at}"
        if isinstance(action, Move):
            teamster = low + action.who - 1
            target = PITCH.step[self.pos[teamster]][DIRECTION_INDEX[action.dir]]
            where = PITCH.label(target) if target >= 0 else "the goal: score"
            ball = " with the ball" if self.holder == teamster else ""
            return f"{name_of(teamster)}: move {DIRECTION_WORDS[action.dir]} to {where}{ball}"
        if isinstance(action, PickUp):
            return f"{name_of(low + action.who - 1)}: pick up the ball (1 AP)"
        if isinstance(action, Tackle):
            teamster = low + action.who - 1
            number = self.tackle_number(teamster) + 1
            risk = f", at -{number - 1}, a foul if it fails" if number > 1 else ""
            return f"{name_of(teamster)}: tackle {name_of(self.holder)} (1 AP{risk})"
        if isinstance(action, Jostle):
            return (f"{name_of(low + action.who - 1)}: jostle "
                    f"{name_of((1 - side) * TEAM_SIZE + action.target - 1)} (1 AP)")
        if isinstance(action, Pass):
            length = PASS_INDEX[action.length]
            return (f"{action.length} pass {DIRECTION_WORDS[action.dir]} "
                    f"({PASS_COST[length]} AP, {PASS_DICE[length]}d6 squares)")
        if isinstance(action, EndTurn):
            return f"end the turn ({self.ap} AP unused)"
        if isinstance(action, Try):
            teamster = low + action.who - 1
            flight = self.flight
            if flight is not None:
                square = flight.path[flight.index]
                need = self.rules.targets[teamster % TEAM_SIZE == 0][self.pos[teamster] != square]
                marked = " (marked: -1)" if self.is_marked(teamster) else ""
                return f"try: {name_of(teamster)} goes for the ball at {PITCH.label(square)}, needs {need}+{marked}"
            return f"try: {name_of(teamster)} goes for the ball"
        if isinstance(action, DontTry):
            return "don't try: let the ball go by"
        return str(action)

    def auto_action(self, seat: str) -> Action | None:
        """During deployment, the next square of the heuristic's formation."""
        if self.phase == DEPLOY and seat in self._to_act:
            return heuristic.suggest(self, seat, self.rng.clone())
        return None

    def suggest(self, seat: str, rng: Randomness) -> Action:
        return heuristic.suggest(self, seat, rng)

    def _odds(self, seat: str, action: Action) -> Odds | None:
        from .odds import action_odds

        return action_odds(self, seat, action)

    def evaluate(self, seat: str) -> float:
        return features.evaluate(self, seat)

    def evaluations(self) -> dict[str, float]:
        return features.evaluations(self)

    def features(self, seat: str) -> dict[str, float]:
        return features.features(self, seat)

    def plans(self, seat: str) -> list[tuple[Action, ...]]:
        return plans.plans(self, seat)

    # -- views -----------------------------------------------------------------------------------

    def _view(self, seat: str | None) -> dict[str, Any]:
        return view_of(self)


def view_of(state: FriendlyState) -> dict[str, Any]:
    """Everything is public in this game: every seat and spectators see the same."""
    label = PITCH.label
    teams: dict[str, list[dict[str, Any]]] = {}
    for side, seat in enumerate(SEATS):
        members = []
        for number in range(TEAM_SIZE):
            teamster = side * TEAM_SIZE + number
            square = state.pos[teamster]
            members.append({
                "number": number + 1,
                "name": name_of(teamster),
                "goalie": number == 0,
                "at": label(square) if square >= 0 else None,
                "floored": bool(state.floored[teamster]),
                "carrying": state.holder == teamster,
            })
        teams[seat] = members
    flight = state.flight
    flight_view: dict[str, Any] | None = None
    if flight is not None:
        flight_view = {
            "kind": flight.kind,
            "path": [label(s) for s in flight.path],
            "at": label(flight.path[flight.index]),
            "goal": label(flight.goal) if flight.goal else None,
            "deciding": SEATS[flight.queue[0]] if flight.queue else None,
            "candidates": [t % TEAM_SIZE + 1 for t in flight.choices.get(flight.queue[0], [])]
            if flight.queue else [],
        }
    holder = state.holder
    return {
        "phase": state.phase,
        "turn": state.turn,
        "match_turns": state.rules.match_turns,
        "side": SEATS[state.side] if state.phase in (PLAY, FLIGHT) else None,
        "ap": state.ap if state.phase in (PLAY, FLIGHT) else None,
        "score": {SEATS[0]: state.score[0], SEATS[1]: state.score[1]},
        "teams": teams,
        "team_names": {SEATS[0]: TEAM[0], SEATS[1]: TEAM[1]},
        "ball": {
            "at": label(state.ball) if state.phase != OVER or holder < 0 else label(state.pos[holder]),
            "holder": f"{SEATS[holder // TEAM_SIZE]}:{holder % TEAM_SIZE + 1}" if holder >= 0 else None,
            "in_flight": flight is not None,
        },
        "tackles_this_turn": state.side_tackles,
        "ap_owed": {SEATS[0]: state.debt[0], SEATS[1]: state.debt[1]},
        "deploying": SEATS[state.deploy_order[-1]] if state.phase == DEPLOY else None,
        "kickoff": SEATS[state.kickoff],
        "flight": flight_view,
        "pitch": json.loads(state.game.pitch_json),
    }


def pitch_view(rules: Rules) -> dict[str, Any]:
    """The pitch as a player sees it on the table: its bitmap, both goals with their mouths, goal
    lines and goal zones, the centre spot and the grey area nobody may deploy on (by option)."""
    label = PITCH.label
    width, height = PITCH.width, PITCH.height
    rows = ["".join(PITCH.kinds[y * width:(y + 1) * width]) for y in range(height)]
    columns = "abcdefghijklmnopqrstuvwxyz"[:width]
    goals = {}
    for end, mouth, line in (("north", PITCH.north_mouth, 0), ("south", PITCH.south_mouth, height - 1)):
        goals[end] = {
            "defended_by": SEATS[DEFENDS.index(end)],
            "mouth": [columns[x] for x in mouth],
            "line": [label(line * width + x) for x in mouth],
            "zone": sorted((label(s) for s in PITCH.goal_zone[end]), key=_reading_order),
        }
    grey: set[int] = set() if rules.grey_area == "none" else set(PITCH.grey)
    return {
        "width": width,
        "height": height,
        "columns": columns,
        "rows": rows,
        "legend": {"#": "outside the pitch", ".": "open pitch", "z": "goal zone", "o": "centre circle",
                   "*": "centre spot", "-": "halfway row"},
        "squares": sum(PITCH.on),
        "centre_spot": label(PITCH.centre),
        "halfway_row": height // 2 + 1,
        "halves": {SEATS[side]: DEFENDS[side] for side in (0, 1)},
        "goals": goals,
        "grey_area": {
            "rule": rules.grey_area,
            "squares": sorted((label(s) for s in grey), key=_reading_order),
            "goal_zones_except_goalies": rules.grey_area == "centre-and-goal-zones",
        },
    }


def _reading_order(name: str) -> tuple[int, str]:
    """North to south, then west to east, as the squares are read on the bitmap."""
    return int(name[1:]), name[0]

