"""How a position looks from one side: named features, and the evaluation fitted to them.

Every feature is signed so that larger is better for the seat asked about, which lets one fitted
model serve both sides of an uneven scenario (``role`` carries the scenario's own tilt).

>>> import tabletop
>>> state = tabletop.load("cagway-bay").new_state(seed=1)
>>> features(state, "raiders")["role"], features(state, "navy")["role"]
(1.0, -1.0)
>>> -1.0 <= state.evaluate("navy") <= 1.0
True
"""

from __future__ import annotations

import math
from functools import cache
from typing import TYPE_CHECKING

from tabletop.core.evaluation import FittedEvaluation

from .combat import touching
from .data import DATA, SCENARIOS  # DATA from data.py: this module may run compiled, from build/native
from .geometry import RED
from .scenarios import battle_scores

if TYPE_CHECKING:
    from .data import ShipClass
    from .game import CagwayState
    from .geometry import Table
    from .ships import Ship

#: The scenario a game is set in unless told otherwise: its evaluation is ``evaluation.json``.
DEFAULT_SCENARIO = SCENARIOS[0]


@cache
def fitted(scenario: str) -> FittedEvaluation | None:
    """The evaluation fitted to a scenario's self-play (``evaluation-<scenario>.json`` for the
    others), or None where none has been fitted."""
    path = DATA / ("evaluation.json" if scenario == DEFAULT_SCENARIO else f"evaluation-{scenario}.json")
    return FittedEvaluation.load(path) if path.exists() else None


def features(state: CagwayState, seat: str) -> dict[str, float]:
    """Named numbers for ``seat``: objective progress, strength afloat, time left, and how far the
    work still to do lies (see the rules doc's evaluation section)."""
    me = state.seats.index(seat)
    time_left = (state.turn_limit - state.turn) / max(1, state.turn_limit)
    if state.objective.kind == "battle":
        return _battle_features(state, me, time_left)
    return _run_features(state, me, time_left)


def _battle_features(state: CagwayState, me: int, time_left: float) -> dict[str, float]:
    scores = battle_scores(state)
    total = sum(s.cls.points for s in state.ships.values()) or 1
    mine, theirs = scores[state.seats[me]], scores[state.seats[1 - me]]
    hp = [0.0, 0.0]
    guns = [0.0, 0.0]
    for ship in state.ships.values():
        if ship.alive:
            hp[ship.seat] += ship.hp / ship.cls.hp * ship.cls.points
            guns[ship.seat] += ship.cls.actions(ship.hp)
    margin = (mine - theirs) / total
    return {
        "margin": margin,
        "margin_late": margin * (1 - time_left),
        "strength": (hp[me] - hp[1 - me]) / total,
        "actions": (guns[me] - guns[1 - me]) / 12,
    }


def _run_features(state: CagwayState, me: int, time_left: float) -> dict[str, float]:
    runner = state.objective.seat
    sign = 1.0 if me == runner else -1.0
    needed = max(1, state.needed)
    treasure_run = state.objective.kind == "treasure-run"
    table = state.table
    size = max(table.width, table.height)
    done = carrying = runner_hp = runner_max = hunter_hp = hunter_max = lost = 0.0
    weakest = 1.0  # the living runner nearest to sinking, as a share of her hull
    work = 0.0  # the sailing the runners still have to do, in table sizes
    hunt = 0.0  # how close the hunters are to the runners that matter
    ships = state.ships.values()
    runners = [s for s in ships if s.home == runner or s.seat == runner]
    # ``alive`` spelled out (afloat with hull left): every leaf of a search asks this of every ship
    hunters = [s for s in ships if s.status == "afloat" and s.hp > 0 and s.seat != runner]
    sailing_runners: list[Ship] = []  # the living runners, in order
    for ship in runners:
        status = ship.status
        if status == "escaped":
            done += ship.treasure if treasure_run else 1
            continue
        runner_max += ship.cls.hp
        if not (status == "afloat" and ship.hp > 0 and ship.seat == runner):
            lost += 1
            continue
        sailing_runners.append(ship)
        runner_hp += ship.hp
        weakest = min(weakest, ship.hp / ship.cls.hp)
        cargo = ship.treasure
        carrying += cargo
        if cargo or not treasure_run:
            work += min(_exit_distance(state, ship.x, ship.y), 2 * size) / size
        if hunters and (cargo or not treasure_run):
            near = min(math.hypot(h.x - ship.x, h.y - ship.y) for h in hunters)
            hunt += max(0.0, 1 - near / (0.4 * size))
    if treasure_run:
        # each treasure still ashore: the nearest free runner's way to it, then its way out
        free = [s for s in sailing_runners if not s.treasure] or sailing_runners
        for island, (treasure, _) in state.stock.items():
            if treasure > 0 and free:
                cx, cy, way_out = _island_way_out(state, island)
                nearest = math.inf
                for s in free:
                    way = math.hypot(cx - s.x, cy - s.y)
                    if way < nearest:
                        nearest = way
                reach = nearest + way_out
                work += treasure * min(reach, 2 * size) / size
    guns = 0.0  # hunters with AP left for the guns and a runner within their reach
    threat = dict.fromkeys((r.id for r in sailing_runners), 0.0)  # those AP, on each runner
    firing = state.phase in ("move", "combat")
    for ship in hunters:
        hunter_hp += ship.hp
        hunter_max += ship.cls.hp
        if ship.ap and firing and not ship.fired:
            reach = _gun_reach(ship.cls)
            aimed = [r for r in sailing_runners if math.hypot(r.x - ship.x, r.y - ship.y) < reach]
            if aimed:
                guns += min(ship.ap, 4) / 4
            for r in aimed:
                threat[r.id] += min(ship.ap, 4) / 4
    # the runner in the worst danger: guns on her against the hull she has left
    danger = max((threat[r.id] / max(1, r.hp) for r in sailing_runners), default=0.0)
    caught = 0
    for r in sailing_runners:
        for h in hunters:
            if _held(state, r, h):
                caught += 1
                break
    progress = (done + 0.5 * carrying) / needed
    seized, chase = _seized(state, runners, size)
    turns_left = max(0, state.turn_limit - state.turn) + 1
    # each feature has one sense, so a search pushing on it pushes the right way
    return {
        "role": sign,
        "progress": sign * progress,
        "lost": sign * min(1.0, lost),
        "weakest": sign * weakest,
        "runner_hp": sign * runner_hp / max(1.0, runner_max),
        "hunter_hp": sign * hunter_hp / max(1.0, hunter_max),
        "pace": sign * work / needed / turns_left * 10,  # sailing still to do per turn left
        "hunted": sign * hunt / needed,
        "guns": sign * guns / max(1, len(hunters)),
        "danger": sign * danger,
        "caught": sign * caught / needed,
        "seized": sign * seized / needed,
        "chase": sign * chase,
    }


def _gun_reach(cls: ShipClass) -> float:
    """How far (cm) from the bow the class's longest gun reaches (kept for each class)."""
    found = _GUN_REACH.get(id(cls))
    if found is None or found[0] is not cls:
        found = _GUN_REACH[id(cls)] = (cls, cls.reach * RED + cls.length)
    return found[1]


#: Each class's gun reach, by identity (classes live as long as the program).
_GUN_REACH: dict[int, tuple[ShipClass, float]] = {}


def _seized(state: CagwayState, runners: list[Ship], size: float) -> tuple[float, float]:
    """Treasure aboard the hunters' ships (living or dead: the run cannot be won until the raiders
    board her and take it back), and how far the nearest living raider has to go to reach each
    carrier, summed in table sizes (the work the boarding still needs)."""
    held = far = 0.0
    carriers = [s for s in state.ships.values() if s.status == "afloat" and s.treasure and s not in runners]
    living = [r for r in runners if r.alive and r.seat == state.objective.seat and r.status == "afloat"]
    for carrier in carriers:
        held += carrier.treasure
        cx, cy = carrier.centre
        near = min((math.hypot(cx - r.x, cy - r.y) for r in living), default=2 * size)
        far += min(near, 2 * size) / size
    return held, far


def _held(state: CagwayState, runner: Ship, hunter: Ship) -> bool:
    """Whether a hunter has the runner fast: grappled, or hull to hull (where boarding begins)."""
    return state.grappled(runner.id, hunter.id) or touching(runner, hunter)


def _exit_distance(state: CagwayState, x: float, y: float) -> float:
    table = state.table
    least: float | None = None
    # the way to each scoring edge, without a table of them: asked for every runner at every leaf
    for edge in state.scoring_edges:
        way = x if edge == "west" else table.width - x if edge == "east" else y if edge == "south" else table.height - y
        if least is None or way < least:
            least = way
    return 0.0 if least is None else max(0.0, least)


def _island_centre(state: CagwayState, island: str) -> tuple[float, float]:
    a, b, c, d = state.table.islands[island].bbox
    return (a + c) / 2, (b + d) / 2


def _island_way_out(state: CagwayState, island: str) -> tuple[float, float, float]:
    """An island's centre and the way from there to the nearest scoring edge, which follow from
    the fixed table and the scoring edges alone (kept for them)."""
    table = state.table
    key = (id(table), state.scoring_edges, island)
    found = _WAYS_OUT.get(key)
    if found is None or found[0] is not table:
        if len(_WAYS_OUT) >= WAYS_OUT_KEPT:
            _WAYS_OUT.clear()
        cx, cy = _island_centre(state, island)
        found = _WAYS_OUT[key] = (table, cx, cy, _exit_distance(state, cx, cy))
    return found[1], found[2], found[3]


#: :func:`_island_way_out` by table, scoring edges and island; emptied when it grows past its size.
_WAYS_OUT: dict[tuple[int, frozenset[str], str], tuple[Table, float, float, float]] = {}
WAYS_OUT_KEPT = 1_000


def evaluate(state: CagwayState, seat: str) -> float:
    """The fitted evaluation of the scenario (the rules of thumb where none is fitted)."""
    outcome = state.outcome
    if outcome is not None:
        return outcome.returns(seat)
    model = fitted(state.scenario_slug)
    if model is None:
        from .heuristic import evaluate as by_hand

        return by_hand(state, seat)
    return model.value(features(state, seat))


def evaluations(state: CagwayState) -> dict[str, float]:
    """Both sides' evaluations from one pass over the position: the other side's features are
    this side's, negated."""
    first, second = state.seats
    model = fitted(state.scenario_slug)
    if state.outcome is not None or model is None:
        return {first: evaluate(state, first), second: evaluate(state, second)}
    mine, theirs = model.mirrored_values(features(state, first))
    return {first: mine, second: theirs}
