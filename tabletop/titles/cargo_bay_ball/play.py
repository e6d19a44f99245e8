"""A crew member's turn: two actions among move (and climb), pass, handoff, shoot,
slobberknock, steal and skip.

Rule IDs: CBB-ACT-*.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.core import Action

from . import actions as A
from .constants import DOWN, PASS_FLIGHT, SHOT_FLIGHT, STANDING
from .data import ENDUR, MOVE, PASS, SHOOT, SLOBR, STEAL
from .flight import Flight, PushChoice, offer_pick_up, officiate, penalise, take_ball

if TYPE_CHECKING:
    from .game import CargoBayBall, CargoBayState

__all__ = ["bonus_at", "shooting_bonus", "step_allowed", "turn_legal"]


def turn_legal(st: CargoBayState) -> list[Action]:
    """Everything the acting crew member may do now."""
    game = st.game
    board = game.board
    crew = st.active
    here = st.pos[crew]
    occ = st.occ
    status = st.status
    out: list[Action] = []
    moving = st.move_left > 0
    if moving or st.actions_left > 0:
        budget = st.move_left if moving else game.cards[st.crew_card[crew]].skills[MOVE]
        steps = game.a_step
        for nxt in board.neighbours[here]:
            other = occ[nxt]
            if other < 0:
                out.append(steps[nxt])
            elif budget >= 2 and status[other] == DOWN and nxt not in st.obstacles:
                labels = board.labels
                for beyond in board.neighbours[nxt]:
                    if beyond != here and occ[beyond] < 0:
                        out.append(A.StepOver(labels[beyond], labels[nxt]))
    if st.actions_left > 0:
        side = st.crew_side[crew]
        adjacent = board.adjacent[here]
        crew_side = st.crew_side
        cards = st.crew_card
        pos = st.pos
        holder = st.holder
        if holder == crew:
            if here != board.goal and board.line(here, board.goal) is not None:
                out.append(game.a_shoot)
            for mate, space in enumerate(pos):
                if mate != crew and crew_side[mate] == side and status[mate] == STANDING:
                    if space in adjacent:
                        out.append(game.a_handoff[cards[mate]])
                    elif board.line(here, space) is not None:
                        out.append(game.a_pass[cards[mate]])
        elif holder >= 0 and crew_side[holder] == side and pos[holder] in adjacent:
            out.append(game.a_take[cards[holder]])
        for other, space in enumerate(pos):
            if crew_side[other] != side and status[other] == STANDING and space in adjacent:
                out.append(game.a_slobber[cards[other]])
                if holder == other:
                    out.append(game.a_steal[cards[other]])
    out.append(game.a_skip)
    return out


def step_allowed(st: CargoBayState, action: A.Step) -> bool:
    """Whether :func:`turn_legal` offers ``action`` now, without listing the rest (a walk's
    steps are checked one by one, and most of a turn is walking)."""
    if st.move_left <= 0 and st.actions_left <= 0:
        return False
    to = action.to
    board = st.game.board
    space = board.index.get(to, -1) if type(to) is str else -1
    return space >= 0 and st.occ[space] < 0 and space in board.adjacent[st.pos[st.active]]


# -- moving --------------------------------------------------------------------------------------


def _begin_move_if_needed(st: CargoBayState, crew: int) -> None:
    """CBB-ACT-MOVE-1: a step with no move under way starts a Move action worth MOVE spaces."""
    if st.move_left == 0:
        st.actions_left -= 1
        st.move_left = st.skill(crew, MOVE)


def _arrive(st: CargoBayState, crew: int, space: int) -> None:
    occ = st.occ
    occ[st.pos[crew]] = -1
    st.pos[crew] = space
    occ[space] = crew
    if st.holder == crew:
        st.ball = space
    elif st.ball == space:
        offer_pick_up(st, crew, space)  # CBB-BALL-4: the crew member may pick it up
    if space in st.obstacles:
        st.move_left = 0  # CBB-ACT-MOVE-2: climbing onto an obstacle ends the move
        st.emit("climb", f"{st.name(crew)} climbs onto the obstacle on {st.game.board.labels[space]}.")


def step(st: CargoBayState, action: A.Step) -> None:
    crew = st.active
    if st.move_left == 0:
        _begin_move_if_needed(st, crew)
    st.move_left -= 1
    card = st.game.cards[st.crew_card[crew]]
    to = action.to
    st.emit("move", f"{card.short} moves to {to}.", crew=card.id, to=to)
    _arrive(st, crew, st.game.board.index[to])


def step_over(st: CargoBayState, action: A.StepOver) -> None:
    """CBB-ACT-MOVE-3: downed crew do not block movement, but nobody may stop on their space."""
    crew = st.active
    board = st.game.board
    _begin_move_if_needed(st, crew)
    st.move_left -= 2
    over = board.index[action.over]
    st.emit("move", f"{st.name(crew)} steps over {st.name(st.occ[over])} on {action.over} to {action.to}.",
            crew=st.slug(crew), to=action.to, over=action.over)
    _arrive(st, crew, board.index[action.to])
    offer_pick_up(st, crew, over)


# -- the ball ------------------------------------------------------------------------------------


def shooting_bonus(st: CargoBayState, space: int) -> tuple[int, str]:
    """CBB-ACT-SHOOT-3: +2 within two spaces of the goal, +1 on an obstacle, +3 for both."""
    return bonus_at(st.game, space, space in st.obstacles)


def bonus_at(game: CargoBayBall, space: int, high: bool) -> tuple[int, str]:
    """The shooting bonus on ``space``, standing on an obstacle there (``high``) or not."""
    rules = game.rules
    board = game.board
    near = board.distance[space][board.goal] <= rules.near_goal_range
    if near and high:
        return rules.bonus_on_obstacle_near_goal, "on an obstacle near the goal"
    if near:
        return rules.bonus_near_goal, f"within {rules.near_goal_range} of the goal"
    if high:
        return rules.bonus_on_obstacle, "on an obstacle"
    return 0, ""


def pass_ball(st: CargoBayState, action: A.Pass) -> None:
    """CBB-ACT-PASS-1: the ball flies 1d6+PASS spaces along the straight line to the teammate."""
    crew = st.active
    target = st.crew_by_slug(action.to)
    st.actions_left -= 1
    rating = st.skill(crew, PASS)
    roll = st.rng.roll(6)
    here = st.pos[crew]
    board = st.game.board
    path = board.line(here, st.pos[target])
    assert path is not None
    st.emit("pass", f"{st.name(crew)} passes to {st.name(target)} ({len(path)} away): 1d6={roll}+PASS {rating}="
            f"{roll + rating} spaces.", crew=st.slug(crew), to=action.to, roll=roll, distance=roll + rating)
    st.holder = -1
    st.stack.append(Flight(PASS_FLIGHT, here, roll + rating, side=st.crew_side[crew], thrower=crew,
                           target=target, path=path))


def shoot(st: CargoBayState, action: A.Shoot) -> None:
    """CBB-ACT-SHOOT-1: the ball flies 1d6+SHOOT (with bonus) spaces straight at the goal."""
    crew = st.active
    st.actions_left -= 1
    board = st.game.board
    here = st.pos[crew]
    bonus, why = shooting_bonus(st, here)
    rating = st.skill(crew, SHOOT) + bonus
    roll = st.rng.roll(6)
    path = board.line(here, board.goal)
    assert path is not None
    extra = f" (+{bonus} {why})" if bonus else ""
    st.emit("shoot", f"{st.name(crew)} shoots from {board.labels[here]} ({len(path)} from the goal): "
            f"1d6={roll}+SHOOT {rating}{extra}={roll + rating} spaces.",
            crew=st.slug(crew), roll=roll, skill=rating, bonus=bonus, distance=roll + rating)
    st.holder = -1
    entry = board.side_of_axis(here, st.arrow)
    flight = Flight(SHOT_FLIGHT, here, roll + rating, side=st.crew_side[crew], thrower=crew,
                    path=path, skill=rating, entry=entry)
    # Ruling (option river_shoot): a rolled "1d6" SHOOT is rolled again for the scoring roll.
    flight.bonus = bonus
    flight.reroll = st.printed_skill(crew, SHOOT) == 0 and st.game.options["river_shoot"] == "each-use"
    st.stack.append(flight)


def handoff(st: CargoBayState, action: A.Handoff) -> None:
    """CBB-ACT-HAND-1: no roll between neighbours."""
    crew = st.active
    mate = st.crew_by_slug(action.to)
    st.actions_left -= 1
    take_ball(st, mate)
    st.emit("handoff", f"{st.name(crew)} hands the ball to {st.name(mate)}.", crew=st.slug(crew), to=action.to)


def take_handoff(st: CargoBayState, action: A.TakeHandoff) -> None:
    crew = st.active
    mate = st.crew_by_slug(action.giver)
    st.actions_left -= 1
    take_ball(st, crew)
    st.emit("handoff", f"{st.name(crew)} takes the ball from {st.name(mate)}.", crew=st.slug(crew),
            giver=action.giver)


# -- contact -------------------------------------------------------------------------------------


def slobberknock(st: CargoBayState, action: A.Slobberknock) -> None:
    """CBB-ACT-SLOB-1..3 and CBB-REACT-4: 1d6+SLOBR against 1d6+ENDUR, ties to the attacker."""
    crew = st.active
    target = st.crew_by_slug(action.target)
    st.actions_left -= 1
    attack = st.skill(crew, SLOBR)
    a_roll = st.rng.roll(6)
    endure = st.skill(target, ENDUR)
    d_roll = st.rng.roll(6)
    hit = a_roll + attack >= d_roll + endure
    me, them = st.name(crew), st.name(target)
    verdict = f"{them} is knocked down." if hit else f"{them} shrugs it off."
    st.emit("slobberknock", f"{me} slobberknocks {them}: {a_roll}+{attack}={a_roll + attack} against "
            f"{d_roll}+{endure}={d_roll + endure}. {verdict}", crew=st.slug(crew), target=action.target,
            attack=[a_roll, attack], defence=[d_roll, endure], success=hit)
    if not hit:
        return
    space = st.pos[target]
    st.status[target] = DOWN
    if st.holder == target:
        st.holder = -1
        st.emit("drop", f"{them} drops the ball on {st.game.board.labels[space]}.")
    if space in st.obstacles:
        st.emit("officiate", f"{them} was standing on an obstacle: dangerous play, an automatic penalty.",
                rule="CBB-REACT-5")
        penalise(st, crew, "dangerous play")
    elif officiate(st, crew, "dirty play"):
        penalise(st, crew, "dirty play")
    st.stack.append(PushChoice(crew, target))


def steal(st: CargoBayState, action: A.Steal) -> None:
    """CBB-ACT-STEAL-1: 1d6+STEAL each; the thief wins ties."""
    crew = st.active
    target = st.crew_by_slug(action.target)
    st.actions_left -= 1
    mine = st.skill(crew, STEAL)
    theirs = st.skill(target, STEAL)
    a_roll = st.rng.roll(6)
    d_roll = st.rng.roll(6)
    won = a_roll + mine >= d_roll + theirs
    me, them = st.name(crew), st.name(target)
    verdict = f"{me} has the ball." if won else f"{them} keeps it."
    st.emit("steal", f"{me} tries to steal from {them}: {a_roll}+{mine}={a_roll + mine} against "
            f"{d_roll}+{theirs}={d_roll + theirs}. {verdict}", crew=st.slug(crew), target=action.target,
            success=won)
    if won:
        take_ball(st, crew)


def skip(st: CargoBayState, action: A.Skip) -> None:
    """CBB-ACT-SKIP-1: the crew member's turn ends here."""
    crew = st.active
    verb = "skips the turn" if st.actions_left == st.game.rules.actions_per_turn else "ends the turn"
    st.emit("skip", f"{st.name(crew)} {verb}.", crew=st.slug(crew))
    st.actions_left = 0
    st.move_left = 0
