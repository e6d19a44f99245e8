"""What a ship may do in each phase, why an action is refused, and what each action does.

``options`` lists the discrete menu; ``why_not`` validates any action (continuous headings and
free amounts included) without changing anything; ``perform`` carries a valid action out.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

from tabletop.core import Action, possessive

from .actions import (
    Commandeer,
    Dock,
    Done,
    Douse,
    Drift,
    Explore,
    Fire,
    Grapple,
    Melee,
    Repair,
    Sail,
    Scuttle,
    Share,
    Stall,
)
from .combat import Sighting, touching, visible_in_dark
from .data import Gun
from .movement import (
    DRIFT_MENU,
    TURN_STEPS,
    DriftPlan,
    SailPlan,
    course_open,
    drift_courses,
    drift_option,
    land_touched,
    may_sail,
    motion,
    plan_drift,
    plan_sail,
    plan_stall,
    sail_courses,
    sail_exact,
    sail_option,
    stall_plan,
)
from .references import PHASE_RULES
from .ships import Ship

if TYPE_CHECKING:
    from .game import CagwayState

PHASE_OF = {
    "sail": "move", "stall": "move", "drift": "move", "dock": "move", "explore": "move", "grapple": "move",
    "fire": "combat", "melee": "combat", "commandeer": "combat", "scuttle": "combat",
    "share": "combat", "repair": "end", "douse": "end",
}


# -- the menus -------------------------------------------------------------------------------------


def options(state: CagwayState, ship: Ship) -> list[Action]:
    cached = state._opts.get(ship.id)
    if cached is None:
        if not ship.alive or ship.ap <= 0:
            cached = []
        elif state.phase == "move":
            cached = _move_options(state, ship)
        elif state.phase == "combat":
            cached = _combat_options(state, ship)
        else:
            cached = _end_options(state, ship)
        state._opts[ship.id] = cached
    return cached


# The menu's actions are frozen values: one of each is made and handed out again (a new pose
# would otherwise build its whole menu afresh).
@cache
def _sail_action(ship_id: str, turn: float) -> Sail:
    return Sail(ship_id, turn)


@cache
def _drift_action(ship_id: str, heading: float) -> Drift:
    return Drift(ship_id, heading)


@cache
def _sail_menu_actions(ship_id: str) -> tuple[Sail, ...]:
    """The sails of the menu's turns (:data:`TURN_STEPS`), in order, for one ship."""
    return tuple(_sail_action(ship_id, turn) for turn in TURN_STEPS)


@cache
def _drift_menu_actions(ship_id: str) -> tuple[Drift, ...]:
    """The drifts of the menu's headings (:data:`DRIFT_MENU`), in order, for one ship."""
    return tuple(_drift_action(ship_id, heading) for heading in DRIFT_MENU)


@cache
def _done_action(ship_id: str) -> Done:
    return Done(ship_id)


def _move_options(state: CagwayState, ship: Ship) -> list[Action]:
    out = list(own_moves(state, ship))
    if _findings(state, ship):
        out.append(Explore(ship.id))
    out.extend(Grapple(ship.id, other.id) for other in _grapple_targets(state, ship))
    out.append(_done_action(ship.id))
    return out


def has_choice(state: CagwayState, ship: Ship, acting: bool = False) -> bool:
    """Whether the ship has anything to do now besides finishing (its menu is longer than Done).
    ``acting``: the ship is the one acting now, whose sail menu is asked for next."""
    cached = state._opts.get(ship.id)
    if cached is None and state.phase == "move" and ship.alive and ship.ap > 0:
        # the cheapest evidence first: one open sailing course settles it (the ship acting now
        # works out its whole sail menu at once: she is about to be asked for it, and glancing
        # first would plan her courses in two goes)
        if ship.sailing and (tuple in map(type, sail_courses(state.table, ship)) if acting
                             else may_sail(state.table, ship)):
            return True
        if own_moves(state, ship):
            return True  # stalling, drifting or docking: no need to work out the rest of the menu
    return len(options(state, ship)) > 1


def plainly_legal(state: CagwayState, seat: str, action: Action) -> bool:
    """A quick yes for the commonest actions (a sail the menu offers, or finishing) that needs
    none of the rest of the menu; False means only that the whole menu must be asked."""
    kind = type(action)
    if kind is not Sail and kind is not Done:
        return False
    ship = state.ships.get(action.ship)  # type: ignore[attr-defined]
    if ship is None or not ship.alive or ship.ap <= 0 or state.seats[ship.seat] != seat:
        return False
    if ship.id not in state.choosable():
        return False
    if kind is Done:
        return True  # every menu of a ship with AP ends with finishing
    if state.phase != "move" or not ship.sailing or action.turn not in TURN_STEPS:  # type: ignore[attr-defined]
        return False
    return course_open(state.table, ship, TURN_STEPS.index(action.turn))  # type: ignore[attr-defined]


def own_moves(state: CagwayState, ship: Ship) -> tuple[Action, ...]:
    """Sail, stall, drift and dock: what the ship may do with its own hull, which depends only on
    its pose and how far into its move it is (kept with the pose's plans)."""
    cache = motion(state.table, ship).moves
    key = (ship.sailing, ship.moved, ship.docked)
    found = cache.get(key)
    if found is None:
        found = cache[key] = tuple(_own_moves(state, ship))
    return found


def _own_moves(state: CagwayState, ship: Ship) -> list[Action]:
    table = state.table
    out: list[Action] = []
    if ship.sailing:
        plans = sail_courses(table, ship)
        out.extend([sail for sail, plan in zip(_sail_menu_actions(ship.id), plans, strict=True)
                    if type(plan) is tuple])
        if ship.cls.has_white and isinstance(stall_plan(table, ship), float):
            out.append(Stall(ship.id))
        if not ship.moved:
            drifts = drift_courses(table, ship)
            out.extend([drift for drift, plan in zip(_drift_menu_actions(ship.id), drifts, strict=True)
                        if type(plan) is tuple])
    out.extend(Dock(ship.id, name) for name in land_touched(table, ship) if name != ship.docked)
    return out


def _combat_options(state: CagwayState, ship: Ship) -> list[Action]:
    out: list[Action] = []
    if not ship.fired:
        foes = [o for o in state.enemies(ship) if o.alive and touching(ship, o)]
        if foes:
            out.extend(Melee(ship.id, o.id) for o in foes)
        else:
            for shot in valid_shots(state, ship):
                gun = ship.cls.guns[shot.gun]
                out.extend(Fire(ship.id, shot.gun, shot.target, aim) for aim in range(min(ship.ap, shot.range))
                           if not _aim_lowers(gun, shot.range, aim))
    for other in state.afloat():
        if other is ship or other.hp > 0:
            continue
        if other.seat != ship.seat and state.grappled(ship.id, other.id) and ship.hp >= 2:
            most = min(ship.hp - 1, other.cls.hp)
            crews = sorted({1, min(ship.hp // 2, most), most})
            out.extend(Commandeer(ship.id, other.id, crew) for crew in crews)
        if touching(ship, other):
            out.append(Scuttle(ship.id, other.id))
    _share_options(state, ship, out)
    out.append(_done_action(ship.id))
    return out


def _aim_lowers(gun: Gun, measured: int, aim: int) -> bool:
    """CB-COMBAT-AIM-3: aiming only ever increases damage, so no aim may lower it."""
    return aim > 0 and gun.damage(max(1, measured - aim)) < gun.damage(measured)


def _end_options(state: CagwayState, ship: Ship) -> list[Action]:
    out: list[Action] = []
    if ship.damage > 0 and ship.supplies > 0:
        out.append(Repair(ship.id))
    if ship.fires:
        out.append(Douse(ship.id))
    out.append(_done_action(ship.id))
    return out


def _share_options(state: CagwayState, ship: Ship, out: list[Action]) -> None:
    """CB-DEAD-SHARE-1: friendly ship repair, a combat-phase action beside capture and scuttle."""
    for friend in state.afloat():
        if friend is ship or friend.seat != ship.seat or not touching(ship, friend):
            continue
        for amount in (1, 2, 4, -1, -2, -4):
            offer = Share(ship.id, friend.id, amount, 0, 0)
            if _share_problem(ship, friend, offer) is None:
                out.append(offer)
        for amount in (1, 2, -1, -2):
            offer = Share(ship.id, friend.id, 0, amount, 0)
            if _share_problem(ship, friend, offer) is None:
                out.append(offer)
        for amount in (ship.treasure, -friend.treasure):
            if amount:
                out.append(Share(ship.id, friend.id, 0, 0, amount))


def valid_shots(state: CagwayState, ship: Ship) -> list[Sighting]:
    """Every gun-and-target pair the ship may fire now."""
    out = []
    for sighting in state.sightings(ship):
        target = state.ships[sighting.target]
        if sighting.problem is None and target.alive and target.seat != ship.seat and visible_in_dark(
            target, sighting.range, state.sight_range, state.turn
        ):
            out.append(sighting)
    return out


def _findings(state: CagwayState, ship: Ship) -> bool:
    if ship.docked is None or ship.docked not in state.stock:
        return False
    treasure, supplies = state.stock[ship.docked]
    return treasure > 0 or (supplies > 0 and ship.supplies < ship.max_supplies)


def _grapple_targets(state: CagwayState, ship: Ship) -> list[Ship]:
    # asked with every move-phase menu: the enemies afloat that touch her, then those not yet grappled
    seat = ship.seat
    found = [o for o in state.ships.values() if o.status == "afloat" and o.seat != seat and touching(ship, o)]
    if found and state.grapples:
        found = [o for o in found if not state.grappled(ship.id, o.id)]
    return found


def _share_problem(ship: Ship, friend: Ship, action: Share) -> str | None:
    if action.hp == 0 and action.supplies == 0 and action.treasure == 0:
        return "a share must move something"
    hp_a, hp_b = ship.hp - action.hp, friend.hp + action.hp
    if (ship.hp > 0 and hp_a < 1) or (friend.hp > 0 and hp_b < 1) or hp_a < 0 or hp_b < 0:
        return "a living ship must keep at least 1 HP"
    if hp_a > ship.cls.hp or hp_b > friend.cls.hp:
        return "no ship can hold more HP than its plate shows"
    sup_a, sup_b = ship.supplies - action.supplies, friend.supplies + action.supplies
    if min(sup_a, sup_b) < 0 or sup_a > ship.max_supplies or sup_b > friend.max_supplies:
        return "supplies must stay between 0 and each ship's capacity"
    if ship.treasure - action.treasure < 0 or friend.treasure + action.treasure < 0:
        return "there is not that much treasure aboard"
    return None


# -- validation ------------------------------------------------------------------------------------


def why_not(state: CagwayState, seat: str, action: Action) -> str | None:
    """None if ``action`` is legal for ``seat`` now, else the reason it is not."""
    ship_id = getattr(action, "ship", None)
    ship = state.ships.get(ship_id) if isinstance(ship_id, str) else None
    if ship is None:
        return f"there is no ship {ship_id!r}"
    if ship.id not in state.choosable():
        return f"{ship.id} is not the ship to act now"
    if state.seats[ship.seat] != seat:
        return f"{ship.id} is not {possessive(seat)} ship"
    phase = PHASE_OF.get(action.kind)
    if phase is not None and phase != state.phase:
        return f"'{action.kind}' belongs to the {phase} phase, and this is the {state.phase} phase"
    if isinstance(action, Sail):
        if not ship.sailing:
            return f"{ship.id} has finished sailing this turn"
        return _sail_problem(state, ship, action.turn)
    if isinstance(action, Stall):
        if not ship.sailing:
            return f"{ship.id} has finished sailing this turn"
        stall = plan_stall(state.table, ship)
        return stall if isinstance(stall, str) else None
    if isinstance(action, Fire):
        return _fire_problem(state, ship, action)
    if isinstance(action, Drift):
        if ship.moved or not ship.sailing:
            return "a drift must be the ship's first action of the move phase"
        drift = plan_drift(state.table, ship, action.heading)
        return drift if isinstance(drift, str) else None
    if isinstance(action, Commandeer):
        target = state.ships.get(action.target)
        if target is None or not target.afloat or target.hp > 0 or target.seat == ship.seat:
            return f"{action.target} is not a dead enemy ship afloat"
        if not state.grappled(ship.id, target.id):
            return f"{ship.id} must first grapple {target.id} (a move-phase action)"
        most = min(ship.hp - 1, target.cls.hp)
        if not 1 <= action.crew <= most:
            return (f"the prize crew is from 1 to {most} HP (the captor keeps at least 1 and the prize "
                    f"holds at most {target.cls.hp})")
        return None
    if isinstance(action, Share):
        friend = state.ships.get(action.friend)
        if friend is None or friend is ship or not friend.afloat or friend.seat != ship.seat:
            return f"{action.friend} is not another friendly ship afloat"
        if not touching(ship, friend):
            return f"{ship.id} and {friend.id} must touch to share"
        return _share_problem(ship, friend, action)
    return f"{action} is not one of {ship.id}'s choices now"


def _sail_problem(state: CagwayState, ship: Ship, turn: float) -> str | None:
    if turn in TURN_STEPS:
        # the menu's plan for a turn on it is plan_sail's without the landfall search, usually known
        plan = sail_option(state.table, ship, TURN_STEPS.index(turn))
    else:
        plan = plan_sail(state.table, ship, turn, exact=False)
    return plan if isinstance(plan, str) else None


def _fire_problem(state: CagwayState, ship: Ship, action: Fire) -> str:
    if ship.fired:
        return f"{ship.id} has already fired (or fought hand to hand) this turn"
    if action.gun not in ship.cls.guns:
        return f"a {ship.cls.name} has guns {', '.join(ship.cls.guns)} only"
    if any(o.alive and touching(ship, o) for o in state.enemies(ship)):
        return f"{ship.id} is touching an enemy: her crew fights hand to hand (melee), the guns are silent"
    for sighting in state.sightings(ship):
        if sighting.gun == action.gun and sighting.target == action.target:
            if sighting.problem is not None:
                return sighting.problem
            if action.aim < 0 or 1 + action.aim > ship.ap:
                return f"firing with aim {action.aim} costs {1 + action.aim} AP and {ship.id} has {ship.ap}"
            if action.aim > sighting.range - 1:
                return f"aiming cannot bring the effective range below 1 (range {sighting.range})"
            gun = ship.cls.guns[action.gun]
            if _aim_lowers(gun, sighting.range, action.aim):
                return (f"aiming only increases damage: the {gun.name} does {gun.damage(sighting.range)} at range "
                        f"{sighting.range} but {gun.damage(sighting.range - action.aim)} at range "
                        f"{sighting.range - action.aim}")
            return f"{action.target} cannot be seen in the dark at range {sighting.range}"
    return f"{action.target} is not an enemy ship afloat and fighting"


# -- effects ---------------------------------------------------------------------------------------


def perform(state: CagwayState, seat: str, action: Action) -> None:
    ship = state.ships[action.ship]  # type: ignore[attr-defined]
    state.activate(ship.id)
    name = ship.id
    if isinstance(action, Done):
        state.emit("done", f"{name} is done for the {state.phase} phase.", ship=name, rule=PHASE_RULES[state.phase])
        state.finish_active()
    elif isinstance(action, Sail):
        notes = motion(state.table, ship).notes
        plan = sail_exact(state.table, ship, action.turn)
        assert isinstance(plan, SailPlan)
        # the log's sentence follows from the pose and the turn: a search sails the same ones again
        text = notes.get(("sail", action.turn))
        if text is None:
            aground = " and runs up against the shore" if plan.aground else ""
            text = notes[("sail", action.turn)] = (
                f"{name} turns {action.turn:+g} degrees to heading {plan.heading:.0f} and sails "
                f"{plan.headway:.2f} cm on the {plan.colour} stick{aground}.")
        ship.set_pose(plan.x, plan.y, plan.heading)
        ship.ap -= 1
        ship.moved, ship.docked = True, None
        state.break_grapples(ship.id)
        state.emit("sail", text, ship=name,  # type: ignore[arg-type]
                   heading=plan.heading, colour=plan.colour, headway=plan.headway)
        state.check_left_table(ship)
    elif isinstance(action, Stall):
        heading = stall_plan(state.table, ship)
        assert isinstance(heading, float)
        ship.set_pose(ship.x, ship.y, heading)
        ship.ap -= 1
        ship.moved, ship.sailing = True, False
        state.emit("stall", f"{name} turns into the wind's eye (heading {heading:.0f}) and stalls.", ship=name)
    elif isinstance(action, Drift):
        drift = _drift(state, ship, action.heading)
        assert isinstance(drift, DriftPlan)
        ship.set_pose(drift.x, drift.y, drift.heading)
        ship.ap = 0
        ship.moved, ship.sailing, ship.docked = True, False, None
        state.break_grapples(ship.id)
        how = "drifts one Red segment downwind" if drift.drifted else "is held by land and cannot drift"
        state.emit("drift", f"{name} {how}, then swings to heading {drift.heading:g}; all its AP are spent.",
                   ship=name, drifted=drift.drifted)
        state.check_left_table(ship)
    elif isinstance(action, Dock):
        ship.ap -= 1
        ship.moved, ship.sailing, ship.docked = True, False, action.island
        state.emit("dock", f"{name} docks at {action.island} and will not sail again this turn.", ship=name)
    elif isinstance(action, Explore):
        _explore(state, ship)
    elif isinstance(action, Grapple):
        ship.ap -= 1
        ship.moved = True
        state.grapples.add(tuple(sorted((ship.id, action.target))))  # type: ignore[arg-type]
        state.emit("grapple", f"{name} throws grapples onto {action.target}.", ship=name, target=action.target)
    elif isinstance(action, Fire):
        state.fire(ship, action)
    elif isinstance(action, Melee):
        target = state.ships[action.target]
        ship.ap -= 1
        ship.fired, ship.revealed = True, state.turn
        value = ship.combat_value
        state.emit("melee", f"{name}'s crew fights {target.id} hand to hand at close-combat value {value}.",
                   ship=name, target=target.id, damage=value)
        state.damage(target, value, None)
    elif isinstance(action, Commandeer):
        target = state.ships[action.target]
        ship.ap -= 1
        ship.hp -= action.crew
        target.hp = action.crew
        old = state.seats[target.seat]
        target.seat = ship.seat
        target.ap = 0
        if state.first_capture is None:
            state.first_capture = ship.seat
        state.emit("commandeer", f"{name} sends {action.crew} HP of crew aboard the dead {target.id} and takes "
                   f"her from {old}.", ship=name, target=target.id, crew=action.crew)
    elif isinstance(action, Scuttle):
        target = state.ships[action.target]
        ship.ap -= 1
        target.status = "sunk"
        state.break_grapples(target.id)
        state.forget_sightings()
        state.emit("scuttle", f"{name} scuttles {target.id}; she goes to the bottom.", ship=name, target=target.id)
    elif isinstance(action, Share):
        friend = state.ships[action.friend]
        ship.ap -= 1
        ship.hp -= action.hp
        friend.hp += action.hp
        ship.supplies -= action.supplies
        friend.supplies += action.supplies
        ship.treasure -= action.treasure
        friend.treasure += action.treasure
        state.emit("share", f"{name} and {friend.id} share: {action.hp:+d} HP, {action.supplies:+d} supplies and "
                   f"{action.treasure:+d} treasure go across to {friend.id}.", ship=name, friend=friend.id)
    elif isinstance(action, Repair):
        mended = min(ship.repair_rate, ship.damage, ship.supplies)
        ship.ap -= 1
        ship.hp += mended
        ship.supplies -= mended
        state.emit("repair", f"{name} spends 1 AP and {mended} supplies to mend {mended} damage.",
                   ship=name, mended=mended)
    elif isinstance(action, Douse):
        ship.ap -= 1
        need = min(ship.fires)
        roll = state.rng.roll(6)
        bonus = ship.douse_bonus  # fire buckets (CB-DATA-2)
        shown = f"{roll}+{bonus}" if bonus else f"{roll}"
        if roll + bonus >= need:
            ship.fires.remove(need)
            state.emit("douse", f"{name} fights a fire: rolls {shown}, needing {need}+; one fire is out.",
                       ship=name, roll=roll, need=need, success=True)
        else:
            state.emit("douse", f"{name} fights a fire: rolls {shown}, needing {need}+; it still burns.",
                       ship=name, roll=roll, need=need, success=False)


def _drift(state: CagwayState, ship: Ship, heading: float) -> DriftPlan | str:
    if heading in DRIFT_MENU:
        return drift_option(state.table, ship, DRIFT_MENU.index(heading))
    return plan_drift(state.table, ship, heading)


def _explore(state: CagwayState, ship: Ship) -> None:
    island = ship.docked
    assert island is not None
    treasure, supplies = state.stock[island]
    ship.ap -= 1
    ship.moved = True
    if treasure > 0:
        state.stock[island] = (treasure - 1, supplies)
        ship.treasure += 1
        state.emit("explore", f"{ship.id} searches {island} and carries off a treasure.", ship=ship.id,
                   island=island, found="treasure")
    else:
        took = min(2, supplies, ship.max_supplies - ship.supplies)
        state.stock[island] = (treasure, supplies - took)
        ship.supplies += took
        state.emit("explore", f"{ship.id} forages on {island} and loads {took} supplies.", ship=ship.id,
                   island=island, found="supplies")
