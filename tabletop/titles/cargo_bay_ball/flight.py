"""The ball in the air, and the other procedures that wait on a seat mid-action.

A pending resolution is a small stack of procedures (``state.stack``, top last). Each has
``advance(state)``, which runs compulsory steps and returns the seat index whose decision it
needs (or -1 when it finished or handed over to another procedure), ``legal(state)`` and
``decide(state, action)``. A pass becomes a :class:`Flight`; a block or failed catch replaces
it with a deflection flight; a goal may put a :class:`ReleaseChoice` on top of the rest of the
shot; a slobberknocker puts a :class:`PushChoice` on the stack. No recursion, no hidden dice.

Rule IDs: CBB-REACT-*, CBB-BALL-*, CBB-PEN-*.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.core import Action

from . import actions as A
from .constants import (
    AFTER_GOAL_FLIGHT,
    ARROW,
    BOXED,
    LOOSE_FLIGHT,
    PASS_FLIGHT,
    SHOT_FLIGHT,
    STANDING,
)
from .data import BLOCK, CATCH, OFF, SHOOT
from .ending import finish

if TYPE_CHECKING:
    from .game import CargoBayState

__all__ = ["Flight", "PickUpChoice", "PushChoice", "ReleaseChoice", "officiate", "penalise", "start_deflection", "take_ball"]

MOVE_STAGE, OFFER_STAGE, ARRIVE_STAGE = range(3)


class Flight:
    """A ball moving space by space: a pass or shot along a straight line, or a loose ball
    (deflection, or the rest of a scored shot) in a numbered direction. At each space it offers
    the crew allowed to react there, one at a time, before moving on."""

    __slots__ = ("at", "bonus", "direction", "entry", "i", "kind", "left", "path", "qi", "queue", "reroll", "side",
                 "skill", "stage", "target", "thrower", "tried", "waiting")

    def __init__(self, kind: int, at: int, left: int, *, side: int = -1, thrower: int = -1, target: int = -1,
                 path: tuple[int, ...] = (), direction: int = 0, skill: int = 0, entry: int = 0) -> None:
        self.kind = kind
        self.at = at  # the ball's space
        self.left = left  # spaces still to travel
        self.side = side  # the throwing side (-1 for a loose ball: anyone may react)
        self.thrower = thrower
        self.target = target  # the receiver of a pass
        self.path = path  # straight-line spaces of a pass or shot
        self.i = 0  # next index into path
        self.direction = direction  # 0-5: direction number - 1, for loose balls
        self.skill = skill  # a shot's SHOOT with bonus, for the scoring roll
        self.bonus = 0  # a shot's bonus, added again when River's SHOOT is rolled for the scoring roll
        self.reroll = False  # River's SHOOT is rolled again for the scoring roll (option river_shoot)
        self.entry = entry  # which side of the ring a shot comes from (+1/-1; 0 = flat against it)
        self.tried = 0  # bit per crew who already tried to block or catch this flight
        self.queue: tuple[int, ...] = ()
        self.qi = 0
        self.stage = MOVE_STAGE
        self.waiting = -1  # crew whose reaction is awaited

    def copy(self) -> Flight:
        twin = Flight.__new__(Flight)
        twin.kind = self.kind
        twin.at = self.at
        twin.left = self.left
        twin.side = self.side
        twin.thrower = self.thrower
        twin.target = self.target
        twin.path = self.path
        twin.i = self.i
        twin.direction = self.direction
        twin.skill = self.skill
        twin.bonus = self.bonus
        twin.reroll = self.reroll
        twin.entry = self.entry
        twin.tried = self.tried
        twin.queue = self.queue
        twin.qi = self.qi
        twin.stage = self.stage
        twin.waiting = self.waiting
        return twin

    # -- running -------------------------------------------------------------------------------

    def advance(self, st: CargoBayState) -> int:
        if self.waiting >= 0:
            return st.crew_seat[self.waiting]
        board = st.game.board
        while True:
            if self.stage == MOVE_STAGE:
                if not self._enter(st):
                    self._come_to_rest(st)
                    return -1
                if self.kind == SHOT_FLIGHT and self.at == board.goal and not self._shooting_roll(st):
                    return -1
                self.queue = self._reactors(st)
                self.qi = 0
                self.stage = OFFER_STAGE
            if self.stage == OFFER_STAGE:
                queue = self.queue
                status = st.status
                while self.qi < len(queue):
                    crew = queue[self.qi]
                    self.qi += 1
                    if status[crew] == STANDING:
                        self.waiting = crew
                        return st.crew_seat[crew]
                self.stage = ARRIVE_STAGE
            if not self._arrive(st):
                return -1
            self.stage = MOVE_STAGE

    def _enter(self, st: CargoBayState) -> bool:
        """Move one space; a loose ball at a wall rolls a new direction or stops (CBB-BALL-3)."""
        if self.kind <= SHOT_FLIGHT:
            nxt = self.path[self.i]
            self.i += 1
        else:
            board = st.game.board
            nxt = board.toward[self.direction][self.at]
            if nxt < 0:
                face = st.rng.roll(6)
                nxt = board.toward[face - 1][self.at]
                where = board.labels[self.at]
                if nxt < 0:
                    st.emit("wall", f"The ball hits the wall at {where}; it rolls 1d6={face} for a new "
                            f"direction, still into the wall, so it stops there.", roll=face, at=where)
                    return False
                st.emit("wall", f"The ball hits the wall at {where} and bounces: 1d6={face}, now heading "
                        f"{face} ({board.direction_names[face - 1]}).", roll=face, at=where)
                self.direction = face - 1
        self.at = nxt
        self.left -= 1
        st.ball = nxt
        return True

    def _reactors(self, st: CargoBayState) -> tuple[int, ...]:
        """Who may react at the ball's space: crew on it (in the path) first, then crew next to
        it; only the other side for a pass or shot; nobody twice in one flight. A loose ball
        that stops on someone is simply theirs, so they are not asked."""
        at = self.at
        adjacent = st.game.board.adjacent[at]
        kind = self.kind
        side = self.side
        tried = self.tried
        status = st.status
        crew_side = st.crew_side
        last_space = self.left == 0 and kind >= LOOSE_FLIGHT
        in_path: list[int] = []
        beside: list[int] = []
        for crew, space in enumerate(st.pos):
            if status[crew] or (tried >> crew) & 1 or (kind != LOOSE_FLIGHT and crew_side[crew] == side):
                continue
            if space == at:
                if not last_space:
                    in_path.append(crew)
            elif space in adjacent:
                beside.append(crew)
        return tuple(in_path + beside) if in_path else tuple(beside)

    def _arrive(self, st: CargoBayState) -> bool:
        """After the reactions at a space: catch, score, fall short, stop, or fly on (True)."""
        kind = self.kind
        if kind == PASS_FLIGHT:
            if self.i == len(self.path):
                self._target_catches(st)
                return False
        elif kind == SHOT_FLIGHT:
            if self.at == st.game.board.goal:
                self._goal(st)
                return False
        elif self.left == 0:
            self._come_to_rest(st)
            return False
        if self.left == 0:
            labels = st.game.board.labels
            st.emit("short", f"The {'pass' if kind == PASS_FLIGHT else 'shot'} falls short at "
                    f"{labels[self.at]}.", at=labels[self.at])
            # Ruling (option short_deflection): from where it landed, or from the target.
            origin = self.path[-1] if st.game.options["short_deflection"] == "target" else self.at
            start_deflection(st, origin)
            return False
        return True

    # -- decisions -------------------------------------------------------------------------------

    def legal(self, st: CargoBayState) -> list[Action]:
        game = st.game
        card = st.crew_card[self.waiting]
        if st.pos[self.waiting] == self.at and self.kind == LOOSE_FLIGHT:
            return [game.a_catch[card], game.a_noblock[card]]
        return [game.a_block[card], game.a_noblock[card]]

    def decide(self, st: CargoBayState, action: Action) -> None:
        crew = self.waiting
        self.waiting = -1
        kind = type(action)
        if kind is A.NoBlock:
            return
        self.tried |= 1 << crew
        at = self.at
        if kind is A.Catch:
            if catch_roll(st, crew, "catch the loose ball"):
                st.stack.pop()
            else:
                start_deflection(st, at)
            return
        rating = st.skill(crew, BLOCK)
        roll = st.rng.roll(6)
        where = st.game.board.labels[at]
        if roll > rating:
            st.emit("block", f"{st.name(crew)} tries to block at {where}: 1d6={roll} against BLOCK {rating}: "
                    f"misses.", crew=st.slug(crew), roll=roll, success=False)
            return
        st.emit("block", f"{st.name(crew)} tries to block at {where}: 1d6={roll} against BLOCK {rating}: "
                f"blocked!", crew=st.slug(crew), roll=roll, success=True)
        board = st.game.board
        if self.kind == SHOT_FLIGHT and at == board.goal and self._from_behind(st, crew) \
                and officiate(st, crew, "goaltending"):
            penalise(st, crew, "goaltending")
            start_deflection(st, at)
            return
        if st.pos[crew] == at and catch_roll(st, crew, "hold on to the blocked ball"):
            st.stack.pop()
            return
        start_deflection(st, at)

    def _from_behind(self, st: CargoBayState, crew: int) -> bool:
        """CBB-PEN-1: is a block on the goal space made from behind the ring? Level with the ring
        counts as behind; standing on the goal space itself follows option goal_space_block."""
        board = st.game.board
        space = st.pos[crew]
        if space == board.goal:
            return st.game.options["goal_space_block"] == "goaltending"
        return board.side_of_axis(space, st.arrow) * self.entry <= 0

    # -- endings ---------------------------------------------------------------------------------

    def _target_catches(self, st: CargoBayState) -> None:
        target = self.target
        if st.status[target] == STANDING and catch_roll(st, target, "catch the pass"):
            st.stack.pop()
        else:
            start_deflection(st, self.at)

    def _shooting_roll(self, st: CargoBayState) -> bool:
        """CBB-ACT-SHOOT-2/3: a shot that reaches the goal scores on 1d6 <= SHOOT (with bonus);
        one coming in flat against the ring glances off without a roll."""
        name = st.name(self.thrower)
        goal = st.game.board.goal
        if self.entry == 0:
            st.emit("rim", f"{name}'s shot comes in flat against the side of the ring and glances off.")
            start_deflection(st, goal)
            return False
        if self.reroll:
            self.skill = st.skill(self.thrower, SHOOT) + self.bonus
        roll = st.rng.roll(6)
        if roll <= self.skill:
            st.emit("on-target", f"{name}'s scoring roll: 1d6={roll} against SHOOT {self.skill}: through the "
                    f"ring unless it is blocked!", roll=roll, skill=self.skill)
            return True
        st.emit("miss", f"{name}'s scoring roll: 1d6={roll} against SHOOT {self.skill}: it hits the rim.",
                roll=roll, skill=self.skill)
        start_deflection(st, goal)
        return False

    def _goal(self, st: CargoBayState) -> None:
        """CBB-BALL-7/8 and CBB-PEN-3: score, maybe end the game, free one penalised opponent, and
        send the ball on out of the ring."""
        side = self.side
        st.score[side] += 1
        st.emit("goal", f"GOAL! {st.name(self.thrower)} scores for side {side + 1}: "
                f"{st.score[0]}-{st.score[1]}.", side=side + 1, score=list(st.score))
        rules = st.game.rules
        if st.sudden_death:
            finish(st, side, f"side {side + 1} scores the sudden-death goal")
            return
        if st.game.options["mercy_rule"] and st.chop <= rules.mercy_last_chop \
                and st.score[side] >= rules.mercy_goals:
            finish(st, side, f"mercy rule: side {side + 1} reaches {rules.mercy_goals} goals")
            return
        through = st.game.options["goal_exit"] == "through"
        toward_arrow = st.arrow if (self.entry > 0) != through else st.arrow + 3
        self.kind = AFTER_GOAL_FLIGHT
        self.direction = toward_arrow - 1
        self.left = max(1, self.left)
        self.stage = MOVE_STAGE
        st.emit("after-goal", f"The ball carries on out of the ring toward {toward_arrow} for "
                f"{self.left} space{'s' if self.left > 1 else ''}.", direction=toward_arrow, spaces=self.left)
        other = 1 - side
        boxed = [c for c in range(len(st.pos)) if st.crew_side[c] == other and st.status[c] == BOXED]
        if len(boxed) == 1:
            release(st, boxed[0])
        elif boxed:
            st.stack.append(ReleaseChoice(other))

    def _come_to_rest(self, st: CargoBayState) -> None:
        """CBB-BALL-4/5/8: the ball stops; standing crew on that space take it."""
        board = st.game.board
        at = self.at
        if self.kind == AFTER_GOAL_FLIGHT and at == board.goal:
            nxt = board.toward[self.direction][at]
            if nxt >= 0:
                at = self.at = nxt
                st.emit("after-goal", "A shot may not stop in the goal; the ball rolls one space further.")
        st.stack.pop()
        st.ball = at
        st.holder = -1
        crew = st.occ[at]
        if crew >= 0 and st.status[crew] == STANDING:
            take_ball(st, crew)
            st.emit("rest", f"The ball comes to rest with {st.name(crew)} on {board.labels[at]}.",
                    crew=st.slug(crew), at=board.labels[at])
        else:
            st.emit("rest", f"The ball comes to rest on {board.labels[at]}.", at=board.labels[at])


class PushChoice:
    """CBB-ACT-SLOB-2: after a slobberknocker the attacker's seat picks an empty space next to the
    downed crew member to push them to, or leaves them where they fell."""

    __slots__ = ("attacker", "defender")

    def __init__(self, attacker: int, defender: int) -> None:
        self.attacker = attacker
        self.defender = defender

    def copy(self) -> PushChoice:
        return self  # never changes after it is made

    def spaces(self, st: CargoBayState) -> list[int]:
        occ = st.occ
        # Ruling (option push_onto_obstacles): an obstacle counter makes a space not empty.
        obstacles = frozenset() if st.game.options["push_onto_obstacles"] else st.obstacles
        return [s for s in st.game.board.neighbours[st.pos[self.defender]] if occ[s] < 0 and s not in obstacles]

    def advance(self, st: CargoBayState) -> int:
        if not self.spaces(st):
            st.stack.pop()
            return -1
        return st.crew_seat[self.attacker]

    def legal(self, st: CargoBayState) -> list[Action]:
        game = st.game
        return [game.a_stay, *[game.a_push[s] for s in self.spaces(st)]]

    def decide(self, st: CargoBayState, action: Action) -> None:
        st.stack.pop()
        assert isinstance(action, A.Push)
        name = st.name(self.defender)
        if action.to is None:
            st.emit("push", f"{st.name(self.attacker)} leaves {name} where they fell.")
            return
        space = st.game.board.index[action.to]
        st.occ[st.pos[self.defender]] = -1
        st.pos[self.defender] = space
        st.occ[space] = self.defender
        st.emit("push", f"{st.name(self.attacker)} pushes {name} to {action.to}.", to=action.to)


class PickUpChoice:
    """CBB-BALL-4: a crew member who moves onto a loose ball, or starts a turn standing on it,
    may pick it up as a free action; their seat decides. ``space`` is where the ball lies (the
    space stepped over, for a step over a downed crew member lying on it)."""

    __slots__ = ("crew", "space")

    def __init__(self, crew: int, space: int) -> None:
        self.crew = crew
        self.space = space

    def copy(self) -> PickUpChoice:
        return self

    def advance(self, st: CargoBayState) -> int:
        return st.crew_seat[self.crew]

    def legal(self, st: CargoBayState) -> list[Action]:
        card = st.crew_card[self.crew]
        return [st.game.a_pick_up[card], st.game.a_leave_ball[card]]

    def decide(self, st: CargoBayState, action: Action) -> None:
        st.stack.pop()
        where = st.game.board.labels[self.space]
        if isinstance(action, A.LeaveBall):
            st.emit("leave-ball", f"{st.name(self.crew)} leaves the loose ball on {where}.", crew=st.slug(self.crew))
            return
        take_ball(st, self.crew)
        st.emit("pickup", f"{st.name(self.crew)} picks up the loose ball on {where}.", crew=st.slug(self.crew))


def offer_pick_up(st: CargoBayState, crew: int, space: int) -> None:
    """Put the pick-up choice on the stack when a loose, resting ball lies on ``space``."""
    if st.holder < 0 and st.ball == space and not st.stack:
        st.stack.append(PickUpChoice(crew, space))


class ReleaseChoice:
    """CBB-PEN-3: when a side with several crew in the airlock concedes a goal, its first seat
    picks which of them moves to the arrow space."""

    __slots__ = ("side",)

    def __init__(self, side: int) -> None:
        self.side = side

    def copy(self) -> ReleaseChoice:
        return self

    def advance(self, st: CargoBayState) -> int:
        return st.game.side_seats[self.side][0]

    def legal(self, st: CargoBayState) -> list[Action]:
        table = st.game.a_release
        return [table[st.crew_card[c]] for c in range(len(st.pos))
                if st.crew_side[c] == self.side and st.status[c] == BOXED]

    def decide(self, st: CargoBayState, action: Action) -> None:
        st.stack.pop()
        assert isinstance(action, A.Release)
        release(st, st.crew_by_slug(action.crew))


def release(st: CargoBayState, crew: int) -> None:
    st.status[crew] = ARROW
    st.emit("release", f"{st.name(crew)} moves to the airlock arrow space and plays again next Round.",
            crew=st.slug(crew))


def start_deflection(st: CargoBayState, origin: int, replace: bool = True) -> None:
    """CBB-BALL-1: a die for the direction (the numbers round the goal) and a die for the
    distance; the new loose-ball flight replaces the finished one on top of the stack."""
    face = st.rng.roll(6)
    spaces = st.rng.roll(6)
    board = st.game.board
    st.emit("deflect", f"The ball deflects from {board.labels[origin]}: 1d6={face}, direction {face} "
            f"({board.direction_names[face - 1]}); 1d6={spaces} spaces.",
            at=board.labels[origin], direction=face, spaces=spaces)
    flight = Flight(LOOSE_FLIGHT, origin, spaces, direction=face - 1)
    st.ball = origin
    st.holder = -1
    if replace:
        st.stack[-1] = flight
    else:
        st.stack.append(flight)


def catch_roll(st: CargoBayState, crew: int, what: str) -> bool:
    """CBB-REACT-2: 1d6 <= CATCH."""
    rating = st.skill(crew, CATCH)
    roll = st.rng.roll(6)
    if roll <= rating:
        take_ball(st, crew)
        st.emit("catch", f"{st.name(crew)} tries to {what}: 1d6={roll} against CATCH {rating}: caught.",
                crew=st.slug(crew), roll=roll, success=True)
        return True
    st.emit("catch", f"{st.name(crew)} tries to {what}: 1d6={roll} against CATCH {rating}: dropped.",
            crew=st.slug(crew), roll=roll, success=False)
    return False


def take_ball(st: CargoBayState, crew: int) -> None:
    st.holder = crew
    st.ball = st.pos[crew]


def officiate(st: CargoBayState, offender: int, foul: str) -> bool:
    """CBB-REACT-4: 2d6 <= the Official's OFF calls a penalty."""
    card = st.game.cards[st.official]
    rating = card.skills[OFF] or st.rng.roll(6)
    dice = st.rng.rolls(st.game.rules.officiate_dice, 6)
    total = sum(dice)
    called = total <= rating
    verdict = f"{foul} called on {st.name(offender)}!" if called else "no call."
    st.emit("officiate", f"Official {card.short} rolls {len(dice)}d6={total} against OFF {rating}: {verdict}",
            dice=dice, rating=rating, called=called, foul=foul)
    return called


def penalise(st: CargoBayState, crew: int, foul: str) -> None:
    """CBB-PEN-1/2: into the airlock (the penalty box); a carried ball drops where they stood."""
    space = st.pos[crew]
    if space >= 0:
        st.occ[space] = -1
    st.pos[crew] = -1
    st.status[crew] = BOXED
    dropped = ""
    if st.holder == crew:
        st.holder = -1
        dropped = f", dropping the ball on {st.game.board.labels[space]}"
    length = "for the rest of the game" if st.sudden_death else "until the end of the Round"
    st.emit("penalty", f"{st.name(crew)} goes to the airlock for {foul} {length}{dropped}.",
            crew=st.slug(crew), foul=foul)
