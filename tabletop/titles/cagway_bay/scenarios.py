"""Setting up a scenario (map, wind, fleets) and judging its objective."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Any

from shapely.geometry import Polygon, box

from tabletop.core import BadOption, BadScenario, Outcome
from tabletop.core.errors import shorten

from .data import (
    EDGES,
    IslandModel,
    ScenarioModel,
    ShipPlacement,
    build_fleet,
    check_equal_points,
    fitting_list,
    fleet_entry,
    fleet_points,
    normalise,
    parse_fleet,
    parse_override,
    scenario_model,
    ship_classes,
)
from .geometry import Table, table_from_spec, table_spec, unit
from .ships import Ship

if TYPE_CHECKING:
    from .game import CagwayState


FLEET_OPTIONS = ("points", "fleet1", "fleet2")


@dataclass(frozen=True)
class Setup:
    """Everything ``new_state`` needs, resolved from the options and any scenario dict."""

    model: ScenarioModel
    table: Table
    ships: list[Ship]
    stock: dict[str, tuple[int, int]]
    turn: int
    phase: str
    turn_limit: int
    sight_range: int | None
    scoring_edges: frozenset[str]
    needed: int
    grapples: set[tuple[str, str]]
    fleets: tuple[tuple[str, ...], tuple[str, ...]]


@cache
def _auto_fleet(points: int) -> tuple[str, ...]:
    return tuple(build_fleet(points))


@cache
def _scenario_table(slug: str, edges: str) -> Table:
    """The table of a scenario as published (every game of it shares one)."""
    model = scenario_model(slug)
    return table_from_spec(table_spec(model.width, model.height, model.wind, model.islands, model.exit_edges, edges))


def check_fleet_options(options: dict[str, Any], given: list[str]) -> None:
    """Refuse fleet options that would be ignored (``given`` are those set away from their
    defaults) or that name no ship (CB-SCEN-OPEN-2)."""
    if given and scenario_model(options["scenario"]).objective.kind != "battle":
        raise BadOption(f"{' and '.join(given)} {'applies' if len(given) == 1 else 'apply'} only to the "
                        "open-warfare scenario; "
                        f"{options['scenario']} brings its own ships (add -o scenario=open-warfare)")
    for name in ("fleet1", "fleet2"):
        text = options[name]
        if text.strip() and any(not part.strip() for part in text.split("+")):
            raise BadOption(f"option {name!r} lists ship classes joined by +, such as sloop+brig, with none "
                            f"left empty; {shorten(text)} is not such a list (leave it empty for a fleet "
                            "built to equal points)")


def fleets_for(options: dict[str, Any]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Open Warfare fleets from the options: given lists, or built to equal points."""
    first, second = parse_fleet(options["fleet1"]), parse_fleet(options["fleet2"])
    if first and not second:
        second = list(_auto_fleet(fleet_points(first)))
    elif second and not first:
        first = list(_auto_fleet(fleet_points(second)))
    elif not first and not second:
        first = second = list(_auto_fleet(options["points"]))
    if options["equal_points"]:
        check_equal_points(first, second)
    return tuple(first), tuple(second)


def deploy(model: ScenarioModel, fleets: tuple[tuple[str, ...], tuple[str, ...]]) -> list[ShipPlacement]:
    """Line each fleet up abreast on its deployment line, sterns on the line."""
    placements = []
    classes = ship_classes()
    for seat, fleet in enumerate(fleets):
        line = model.deployment[seat]
        ux, uy = unit(line.heading)
        counts: dict[str, int] = {}
        for index, entry in enumerate(fleet):
            slug, extras = fleet_entry(entry)
            counts[slug] = counts.get(slug, 0) + 1
            x = model.width * (index + 1) / (len(fleet) + 1)
            length = classes[slug].length
            placements.append(ShipPlacement(
                id=f"{model.seats[seat]}-{slug}-{counts[slug]}", ship_class=slug, seat=seat,
                x=x + ux * length, y=line.y + uy * length, heading=line.heading, treasure=0, fittings=extras))
    return placements


def setup(options: dict[str, Any], scenario: dict[str, Any] | None) -> Setup:
    model = scenario_model(options["scenario"])
    override = parse_override(scenario) if scenario is not None else None
    fleets: tuple[tuple[str, ...], tuple[str, ...]] = ((), ())
    if model.objective.kind == "battle":
        fleets = fleets_for(options)
    width = override.width if override and override.width else model.width
    height = override.height if override and override.height else model.height
    wind = override.wind if override and override.wind else model.wind
    islands = override.islands if override and override.islands is not None else model.islands
    exits = override.exit_edges if override and override.exit_edges is not None else model.exit_edges
    if override is None:
        table = _scenario_table(model.slug, options["edges"])
    else:
        # before the table is built: it samples every island's coast, and an island reaching far
        # off the table would have it sample without end
        check_islands(width, height, islands)
        table = table_from_spec(table_spec(width, height, wind, islands, exits, options["edges"]))
    if override and override.ships is not None:
        placements = override.ships
    elif model.objective.kind == "battle":
        placements = deploy(model, fleets)
    else:
        placements = model.ships
    classes = ship_classes()
    ships = []
    for p in placements:
        if p.ship_class not in classes:
            raise BadScenario(f"ship {p.id}: there is no class {p.ship_class!r}; the classes are: "
                              f"{', '.join(classes)}")
        ship = Ship(p.id, classes[p.ship_class], p.seat, p.x, p.y, normalise(p.heading))
        ship.fit(fitting_list(p.fittings, f"ship {p.id}"))
        if p.hp is not None:
            if not 0 <= p.hp <= ship.cls.hp:
                raise BadScenario(f"ship {p.id}: hp must be from 0 to {ship.cls.hp}")
            ship.hp = p.hp
        if p.supplies is not None:
            if not 0 <= p.supplies <= ship.max_supplies:
                raise BadScenario(f"ship {p.id}: supplies must be from 0 to {ship.max_supplies}")
            ship.supplies = p.supplies
        ship.ap = p.ap if p.ap is not None else ship.cls.actions(ship.hp)
        ship.fires = list(p.fires)
        ship.treasure = p.treasure
        ship.status = p.status
        ship.docked = p.docked
        ship.fired = p.fired
        ship.moved = p.moved
        if p.status == "afloat" and table.overlaps_land(ship.hull):
            raise BadScenario(f"ship {p.id} starts on land; move it clear of every island")
        ships.append(ship)
    ids = [s.id for s in ships]
    if len(set(ids)) != len(ids):
        raise BadScenario(f"ship ids must be unique; {', '.join(sorted({i for i in ids if ids.count(i) > 1}))} "
                          "appear more than once")
    grapples = set()
    for a, b in override.grapples if override else []:
        if a not in ids or b not in ids:
            raise BadScenario(f"grapple {shorten(a)}-{shorten(b)} names a ship that is not in the scenario")
        if a == b:
            raise BadScenario(f"grapple {a}-{b}: a ship cannot be grappled to itself")
        grapples.add((min(a, b), max(a, b)))
    if override is not None:
        check_position(table, ships)
    limit = options["turns"] or (override.turn_limit if override and override.turn_limit else model.turn_limit)
    darkness = override.darkness if override and override.darkness else model.darkness
    scoring: frozenset[str] = frozenset(exits)
    # "all three" means all that the position puts in play: never more ships or treasure than exist
    runners = [s for s in ships if s.seat == model.objective.seat and s.status == "afloat"]
    if model.objective.kind == "treasure-run":
        in_play = sum(s.treasure for s in ships if s.status == "afloat") + sum(i.treasure for i in islands)
    else:
        in_play = len(runners)
    needed = max(1, min(model.objective.needed, in_play))
    if model.objective.kind == "treasure-run" and options["edges"] == "open-sea":
        scoring = frozenset(EDGES)
    return Setup(
        model=model, table=table, ships=ships,
        stock={i.id: (i.treasure, i.supplies) for i in islands},
        turn=override.turn if override else 1,
        phase=override.phase if override else "move",
        turn_limit=max(limit, override.turn if override else 1),
        sight_range=darkness.sight_range if darkness else None,
        scoring_edges=scoring, needed=needed, grapples=grapples, fleets=fleets,
    )


def check_islands(width: float, height: float, islands: list[IslandModel]) -> None:
    """Refuse islands that are not one simple shape each, share an id or reach off the table."""
    island_ids = [i.id for i in islands]
    table = box(0.0, 0.0, width, height)
    for island in islands:
        if island_ids.count(island.id) > 1:
            raise BadScenario(f"island ids must be unique; {shorten(island.id)} appears more than once")
        if not Polygon(island.outline).is_valid:
            raise BadScenario(f"island {shorten(island.id)}: the outline crosses itself or folds back; give "
                              "its corners in order around one simple shape")
        if not table.covers(Polygon(island.outline)):
            raise BadScenario(f"island {shorten(island.id)} reaches off the {width:g} x {height:g} cm table")


def check_position(table: Table, ships: list[Ship]) -> None:
    """Refuse a described position that no game could reach: afloat ships off the table, a ship
    docked at an island it does not touch (or one that does not exist). Its islands were checked
    before the table was built (:func:`check_islands`)."""
    # Hulls of different ships may overlap: ships sail through one another (CB-MOVE-PASS-1).
    for ship in ships:
        if ship.status == "afloat" and not table.rect.covers(ship.hull):
            raise BadScenario(f"ship {ship.id} at ({ship.x:g}, {ship.y:g}) is afloat but not wholly on the "
                              f"{table.width:g} x {table.height:g} cm table")
    for ship in ships:
        if ship.docked is None:
            continue
        if ship.docked not in table.islands:
            raise BadScenario(f"ship {ship.id} is docked at {shorten(ship.docked)}, which is not an island here; "
                              f"the islands are {', '.join(table.islands) or 'none'}")
        if ship.status != "afloat" or ship.docked not in table.touching_land(ship.hull, ship.bounds):
            raise BadScenario(f"ship {ship.id} is docked at {ship.docked} but its hull does not touch it")


# -- judging ---------------------------------------------------------------------------------------


def judge(state: CagwayState) -> Outcome | None:
    kind = state.objective.kind
    if kind == "battle":
        return _battle(state)
    return _run(state)


def _run(state: CagwayState) -> Outcome | None:
    """Treasure runs and blockade runs: the running seat needs ``needed`` successes."""
    objective = state.objective
    runner, other = objective.seat, 1 - objective.seat
    seats = state.seats
    # one pass over the fleet: this is asked after every action
    escaped = cargo_home = afloat_runners = living = cargo_afloat = stopped = 0
    for ship in state.ships.values():
        status = ship.status
        mine = ship.seat == runner
        if status == "escaped":
            if mine:
                escaped += 1
                cargo_home += ship.treasure
        elif status == "afloat":
            cargo_afloat += ship.treasure
            if mine:
                afloat_runners += 1
                if ship.hp > 0:
                    living += 1  # a dead runner can only sail again if a living friend shares crew with her
        if ship.home == runner and status != "escaped" and not (mine and status == "afloat" and ship.hp > 0):
            stopped += 1
    if objective.kind == "treasure-run":
        done = cargo_home
        # treasure aboard any ship still afloat may yet change hands by capture
        still = cargo_afloat + (sum(t for t, _ in state.stock.values()) if living else 0)
        what = "treasure"
    else:
        done = escaped
        still = afloat_runners if living else 0
        what = "ships"
    scores = {seats[runner]: done, seats[other]: stopped}
    needed = state.needed
    if done >= needed:
        return Outcome((seats[runner],), scores, f"{seats[runner]} got {done} {what} off the table", seats)
    if done + still < needed or living == 0:
        return Outcome((seats[other],), scores,
                       f"{seats[runner]} can no longer get {needed} {what} off the table", seats)
    if state.time_up:
        return Outcome((seats[other],), scores,
                       f"the turn limit passed with only {done} {what} off the table", seats)
    return None


def battle_scores(state: CagwayState) -> dict[str, float]:
    """Points of enemy ships out of action, plus half the points-weighted damage on the rest."""
    scores = {seat: 0.0 for seat in state.seats}
    for ship in state.ships.values():
        enemy = state.seats[1 - ship.home]
        value = ship.cls.points
        if not (ship.alive and ship.seat == ship.home):
            scores[enemy] += value
        else:
            scores[enemy] += 0.5 * value * ship.damage / ship.cls.hp
    return {seat: round(score, 2) for seat, score in scores.items()}


def _battle(state: CagwayState) -> Outcome | None:
    seats = state.seats
    scores = battle_scores(state)
    if state.first_capture is not None and state.game.options["objective"] == "capture":
        winner = seats[state.first_capture]
        return Outcome((winner,), scores, f"{winner} captured an enemy ship first", seats)
    standing = [any(s.alive and s.seat == seat for s in state.ships.values()) for seat in range(2)]
    if not standing[0] and not standing[1]:
        return Outcome((), scores, "both fleets are out of action", seats)
    for seat in range(2):
        if not standing[seat]:
            winner = seats[1 - seat]
            return Outcome((winner,), scores, f"{winner} destroyed the enemy fleet", seats)
    if state.time_up:
        a, b = scores[seats[0]], scores[seats[1]]
        if a == b:
            return Outcome((), scores, "the turn limit passed with the fleets level on points", seats)
        winner = seats[0] if a > b else seats[1]
        return Outcome((winner,), scores, f"the turn limit passed and {winner} leads on points", seats)
    return None
