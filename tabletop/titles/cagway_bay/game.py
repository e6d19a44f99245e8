"""Cagway Bay: gridless sailing-ship battles with wind, arcs and cover on a continuous table."""

from __future__ import annotations

from typing import Any

from tabletop.core import (
    Action,
    GameInfo,
    IllegalAction,
    Option,
    Outcome,
    Randomness,
    register,
)

# from their own module: mypyc, compiling the subclasses below, reaches base classes through the
# module that defines them, and fails to build if that module was only imported re-exported
from tabletop.core.game import Game, State
from tabletop.core.odds import Odds
from tabletop.native import mypyc_attr

from . import features, procedures
from .actions import CODEC, Dock, Done, Drift, Fire, Grapple, Sail, Stall
from .combat import Sighting, sightings_from
from .data import SCENARIOS, ObjectiveModel, scenario_model
from .geometry import TIE
from .movement import hull_box, hull_reach, motion
from .references import PHASE_RULES
from .scenarios import FLEET_OPTIONS, check_fleet_options, fleets_for, judge, setup
from .ships import Ship

#: Options that only Open Warfare reads: setting one for another scenario is refused.
OPEN_WARFARE_OPTIONS = (*FLEET_OPTIONS, "objective", "equal_points")

INFO = GameInfo(
    name="cagway-bay",
    title="Cagway Bay",
    summary="Pirate ships sail by the wind on a gridless table, fire broadsides through arcs and cover, "
            "board, capture and carry off treasure.",
    min_seats=2,
    max_seats=2,
    options=(
        Option("scenario", "the-ruins", "which battle to fight", choices=SCENARIOS),
        Option("edges", "open-sea", "table edges: open sea (Open Warfare: the battle is relocated and a ship "
               "beyond the edge sails on; scenarios: leaving the table escapes or flees) or land (a coast)",
               choices=("open-sea", "land")),
        Option("objective", "destruction", "Open Warfare: win by total destruction of the enemy fleet, or by "
               "the first capture of an enemy ship", choices=("destruction", "capture")),
        Option("points", 150, "Open Warfare: fleet points when a fleet is built automatically",
               minimum=30, maximum=600),
        Option("fleet1", "", "Open Warfare: the first fleet, such as sloop+brig (empty: built to equal points)"),
        Option("fleet2", "", "Open Warfare: the second fleet (empty: built to equal points)"),
        Option("equal_points", True, "Open Warfare: refuse fleets of unequal points (off only for a designer's "
               "deliberately uneven test, such as fitting point costs)"),
        Option("turns", 0, "turn limit (0: the scenario's own)", minimum=0, maximum=100),
    ),
    hidden_information=False,
    turn_style="sequential",
    rulebook="Cagway Bay beta playtest rules v3.3",
)


@register
class CagwayBay(Game):
    info = INFO
    codec = CODEC

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        check_fleet_options(self.options, [n for n in OPEN_WARFARE_OPTIONS
                                           if self.options[n] != self.info.option(n).default])
        if scenario_model(self.options["scenario"]).objective.kind == "battle":
            fleets_for(self.options)  # named fleets are checked (and priced) when the game is chosen

    def _seats(self) -> tuple[str, ...]:
        return scenario_model(self.options["scenario"]).seats

    def _new_state(self, rng: Randomness, scenario: dict[str, Any] | None) -> CagwayState:
        prepared = setup(self.options, scenario)
        state = CagwayState(self, rng, prepared)
        if scenario is None:
            state.begin_turn()
        else:
            state.begin_phase(prepared.phase)
        state.advance()
        return state

    def render_text(self, view: Any) -> str:
        from .render import text_picture

        return text_picture(view)

    def render_svg(self, view: Any) -> str | None:
        from .picture import svg_picture

        return svg_picture(view)


#: Actions that change nothing an objective is judged by, unless the ship leaves the table.
_POSE_ONLY = frozenset({Sail, Stall, Drift, Dock, Grapple, Done})


# a plain class when compiled (its methods still compiled): a clone or an unpickled copy is made
# blank, by ``__new__`` without ``__init__``, which a compiled class's ``__new__`` does not allow
@mypyc_attr(native_class=False)
class CagwayState(State):
    """One position: ships, the turn and phase, and whose ship is to act."""

    #: the seats to act, once worked out for this position (None until then)
    _acting: tuple[str, ...] | None = None

    def __init__(self, game: Game, rng: Randomness, prepared: Any) -> None:
        super().__init__(game, rng)
        self.table = prepared.table
        self.scenario_slug: str = prepared.model.slug
        self.objective: ObjectiveModel = prepared.model.objective
        self.ships: dict[str, Ship] = {s.id: s for s in prepared.ships}
        self.stock: dict[str, tuple[int, int]] = dict(prepared.stock)
        self.turn: int = prepared.turn
        self.turn_limit: int = prepared.turn_limit
        self.phase: str = prepared.phase
        self.sight_range: int | None = prepared.sight_range
        self.scoring_edges: frozenset[str] = prepared.scoring_edges
        self.needed: int = prepared.needed
        self.grapples: set[tuple[str, str]] = set(prepared.grapples)
        self.fleets = prepared.fleets
        self.waypoints: list[tuple[float, float]] = list(prepared.model.waypoints)
        self.first_capture: int | None = None
        self.time_up = False
        self.pending: list[str] = []
        self.active: str | None = None
        self.last_shot: dict[str, Any] | None = None
        self._outcome: Outcome | None = None
        self._opts: dict[str, list[Action]] = {}
        self._sightings: dict[str, list[Sighting]] = {}

    # -- the engine contract -------------------------------------------------------------------

    @property
    def to_act(self) -> tuple[str, ...]:
        # asked several times for every action; it changes only when an action is carried out
        found = self._acting
        if found is None:
            if self._outcome is not None:
                found = ()
            else:
                ids = self.choosable()
                found = (self.seats[self.ships[ids[0]].seat],) if ids else ()
            self._acting = found
        return found

    def _legal_actions(self, seat: str) -> list[Action]:
        out: list[Action] = []
        for ship_id in self.choosable():
            ship = self.ships[ship_id]
            if self.seats[ship.seat] == seat:
                out.extend(procedures.options(self, ship))
        return out

    def check(self, seat: str, action: Action) -> None:
        if procedures.plainly_legal(self, seat, action) or action in self.legal_actions(seat):
            return
        reason = procedures.why_not(self, seat, action)
        if reason is not None:
            raise IllegalAction(f"{action} is not legal: {reason}; {self._options_hint(seat)}")

    def _apply(self, seat: str, action: Action) -> None:
        self._acting = None
        ship = self.ships[action.ship]  # type: ignore[attr-defined]
        status = ship.status
        procedures.perform(self, seat, action)
        self._opts.clear()
        # moving, docking, grappling or finishing changes nothing an objective counts while the
        # ship stays afloat: the game goes on as it did before the action
        self.advance(judged=type(action) in _POSE_ONLY and ship.status == status)

    @property
    def outcome(self) -> Outcome | None:
        return self._outcome

    def _view(self, seat: str | None) -> dict[str, Any]:
        from .render import state_view

        return state_view(self)

    def describe_action(self, seat: str, action: Action) -> str:
        from .render import describe

        return describe(self, action)

    def _odds(self, seat: str, action: Action) -> Odds | None:
        from .odds import action_odds

        return action_odds(self, seat, action)

    def suggest(self, seat: str, rng: Randomness) -> Action:
        from .heuristic import suggest

        return suggest(self, seat, rng)

    def evaluate(self, seat: str) -> float:
        return features.evaluate(self, seat)

    def evaluations(self) -> dict[str, float]:
        return features.evaluations(self)

    def features(self, seat: str) -> dict[str, float]:
        return features.features(self, seat)

    def plans(self, seat: str) -> list[tuple[Action, ...]]:
        from .plans import plans

        return plans(self, seat)

    def clone(self) -> CagwayState:
        twin = CagwayState.__new__(CagwayState)
        twin.__dict__.update(self.__dict__)
        twin.rng = self.rng.clone()
        twin.events = list(self.events)
        twin.history = list(self.history)
        twin._legal_cache = {}
        twin.ships = {k: s.copy() for k, s in self.ships.items()}
        twin.stock = dict(self.stock)
        twin.grapples = set(self.grapples)
        twin.pending = list(self.pending)
        twin._opts = {}
        twin._sightings = dict(self._sightings)
        return twin

    def __getstate__(self) -> dict[str, Any]:
        state = super().__getstate__()
        state["_opts"] = {}
        state["_sightings"] = {}
        state.pop("_acting", None)
        state.pop("_shot_drawing", None)
        return state

    # -- the turn ------------------------------------------------------------------------------

    def begin_turn(self) -> None:
        """Start phase: fires burn, then each ship's AP come from its health chart."""
        self.phase = "start"
        for ship in self.afloat():
            ship.moved, ship.sailing, ship.fired = False, True, False
            if ship.fires and ship.hp > 0:
                burnt = min(len(ship.fires), ship.hp)
                ship.hp -= burnt
                dead = "; she is dead in the water" if ship.hp == 0 else ""
                self.emit("burn", f"{ship.id} burns for {burnt} damage from {len(ship.fires)} fire token(s){dead}.",
                          ship=ship.id, damage=burnt)
            ship.ap = ship.cls.actions(ship.hp)
        self.emit("turn", f"Turn {self.turn} of {self.turn_limit} begins.", turn=self.turn)
        self.begin_phase("move")

    def begin_phase(self, phase: str) -> None:
        self.phase = phase
        self.active = None
        self._opts.clear()
        if phase == "combat":
            self._sightings.clear()
        self.pending = self.pulse_order(phase)
        if phase != "start":
            order = ", ".join(self.pending) or "no ship"
            self.emit("phase", f"The {phase} phase: {order} in pulse order.", phase=phase, order=list(self.pending),
                      rule=PHASE_RULES[phase])

    def pulse_order(self, phase: str) -> list[str]:
        """Move phase: downwind first (a pulse runs towards the wind's eye); combat and end phases:
        upwind first (a pulse runs out from it). Ties go to the ship whose keel centre the pulse
        would meet first, then to the seat whose turn it is to lead (alternating), then by name."""
        wind = self.table.wind
        lead_seat = (self.turn + 1) % 2
        keyed = []
        for ship in self.afloat():
            if not ship.alive or ship.ap <= 0:
                continue
            notes = motion(self.table, ship).notes  # where the pulse meets a hull follows from its pose
            key = "pulse:downwind" if phase == "move" else "pulse:upwind"
            found = notes.get(key)
            if found is None:
                cx, cy = ship.centre
                if phase == "move":
                    first = -wind.downwind_lead(ship.coords)
                    second = -wind.downwind_lead([(cx, cy)])
                else:
                    first = wind.upwind_lead(ship.hull, ship.coords)
                    second = wind.downwind_lead([(cx, cy)])
                # positions are compared to the nearest 0.01 cm: sub-TIE float noise is no lead
                found = notes[key] = (round(first / TIE), round(second / TIE))
            assert isinstance(found, tuple)
            keyed.append((*found, ship.seat != lead_seat, ship.id))
        return [key[3] for key in sorted(keyed)]

    def advance(self, judged: bool = False) -> None:
        """Run automatic steps until a seat has a decision or the game ends (``judged``: the
        objective has just been judged unmet and nothing it counts has changed since)."""
        self._acting = None
        while True:
            if not judged:
                self._outcome = judge(self)
            judged = False
            if self._outcome is not None:
                self.pending, self.active = [], None
                return
            if self.active is not None:
                if self._has_business(self.active, acting=True):
                    return
                self.active = None
            self.pending = [sid for sid in self.pending if self._has_business(sid)]
            if self.pending:
                return
            if self.phase == "move":
                self.begin_phase("combat")
            elif self.phase == "combat":
                self.begin_phase("end")
            elif self.turn >= self.turn_limit:
                self.time_up = True
            else:
                self.turn += 1
                self.begin_turn()

    def _has_business(self, ship_id: str, acting: bool = False) -> bool:
        ship = self.ships[ship_id]
        if not ship.alive or ship.ap <= 0:
            return False
        return procedures.has_choice(self, ship, acting)

    def choosable(self) -> list[str]:
        """The ship acting now, or the run of same-seat ships at the head of the order."""
        if self.active is not None:
            return [self.active]
        if not self.pending:
            return []
        seat = self.ships[self.pending[0]].seat
        run = []
        for sid in self.pending:
            if self.ships[sid].seat != seat:
                break
            run.append(sid)
        return run

    def activate(self, ship_id: str) -> None:
        if self.active != ship_id:
            self.pending.remove(ship_id)
            self.active = ship_id

    def finish_active(self) -> None:
        self.active = None

    # -- helpers used by the procedures ----------------------------------------------------------

    def afloat(self) -> list[Ship]:
        return [s for s in self.ships.values() if s.status == "afloat"]

    def enemies(self, ship: Ship) -> list[Ship]:
        return [s for s in self.ships.values() if s.status == "afloat" and s.seat != ship.seat]

    def grappled(self, a: str, b: str) -> bool:
        grapples = self.grapples
        return bool(grapples) and ((a, b) if a < b else (b, a)) in grapples

    def break_grapples(self, ship_id: str) -> None:
        if not self.grapples:
            return
        broken = {pair for pair in self.grapples if ship_id in pair}
        for pair in sorted(broken):
            self.emit("ungrapple", f"The grapple between {pair[0]} and {pair[1]} parts.", ships=list(pair))
        self.grapples -= broken

    def forget_sightings(self) -> None:
        self._sightings.clear()

    def sightings(self, ship: Ship) -> list[Sighting]:
        found = self._sightings.get(ship.id)
        if found is None:
            found = self._sightings[ship.id] = sightings_from(self.table, self.afloat(), ship)
        return found

    def check_left_table(self, ship: Ship) -> None:
        if self.objective.kind == "battle":
            return  # CB-TABLE-2: with open sea the battle is relocated; nobody leaves it
        # no part of the hull is farther from the bow than its reach: a bow that far inside every
        # edge keeps the whole hull on the table
        reach, x, y, table = hull_reach(ship.cls), ship.x, ship.y, self.table
        if reach < x < table.width - reach and reach < y < table.height - reach:
            return
        # nor can it be beyond an edge while a box round it (found without its corners) is on the table
        minx, miny, maxx, maxy = hull_box(ship.cls, x, y, ship.heading)
        if minx >= 0 and miny >= 0 and maxx <= table.width and maxy <= table.height:
            return
        notes = motion(self.table, ship).notes  # which edge the hull is beyond follows from its pose
        edge = notes.get("off-table", False)
        if edge is False:
            edge = notes["off-table"] = self.table.off_table(ship.coords)
        if edge is None:
            return
        assert isinstance(edge, str)
        scores = self.objective.kind != "battle" and ship.seat == self.objective.seat and edge in self.scoring_edges
        ship.status = "escaped" if scores else "fled"
        ship.ap = 0
        self.break_grapples(ship.id)
        self.forget_sightings()
        if self.active == ship.id:
            self.active = None
        cargo = f" with {ship.treasure} treasure" if ship.treasure else ""
        verdict = "escapes" if scores else "leaves the battle"
        self.emit("leave", f"{ship.id} sails off the {edge} edge{cargo} and {verdict}.", ship=ship.id, edge=edge)

    def fire(self, ship: Ship, action: Fire) -> None:
        sighting = next(s for s in self.sightings(ship) if s.gun == action.gun and s.target == action.target)
        target = self.ships[action.target]
        gun = ship.cls.guns[action.gun]
        ship.ap -= 1 + action.aim
        ship.fired, ship.revealed = True, self.turn
        effective = max(1, sighting.range - action.aim)
        amount = gun.damage(effective)
        aimed = f", aimed down to {effective}" if action.aim else ""
        self.emit("fire", f"{ship.id} fires its {gun.name} ({action.gun}) at {target.id}: range {sighting.range}"
                  f"{aimed}, {sighting.cover:.0%} covered, for {amount} damage.", ship=ship.id, gun=action.gun,
                  target=target.id, range=sighting.range, effective=effective, damage=amount)
        # the poses at the moment of the shot; the picture works the arc and range out from them
        self.last_shot = {
            "ship": ship.id, "gun": action.gun, "target": target.id, "range": sighting.range,
            "aim": action.aim, "effective": effective, "damage": amount, "turn": self.turn,
            "from": [ship.x, ship.y, ship.heading], "at": [target.x, target.y, target.heading],
        }
        self.damage(target, amount, gun.sets_fire)

    def damage(self, target: Ship, amount: int, sets_fire: int | None) -> None:
        if target.hp <= 0:
            self.emit("no-damage", f"{target.id} is already dead in the water and takes no more damage.",
                      ship=target.id)
            return
        taken = min(amount, target.hp)
        target.hp -= taken
        if sets_fire is not None and taken > 0:
            target.fires.append(sets_fire)
            kind = "magic " if sets_fire > 3 else ""
            self.emit("ignite", f"{target.id} catches {kind}fire (doused on {sets_fire}+).", ship=target.id,
                      douse=sets_fire)
        if target.hp == 0:
            target.ap = 0
            self.emit("dead", f"{target.id} is dead in the water.", ship=target.id)
