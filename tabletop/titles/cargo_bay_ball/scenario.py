"""Scenarios: start a game from a described position instead of the full setup.

The format (validated with pydantic; mistakes raise BadScenario) is documented in
docs/rules/cargo-bay-ball.md, section 4.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, NonNegativeInt, ValidationError

from tabletop.core import BadScenario

from .constants import ARROW, BOXED, DOWN, FLOW_ROUND_START, FLOW_TURNS, PLAY, STANDING, WAITING
from .setup import cluster_size

if TYPE_CHECKING:
    from .game import CargoBayState

__all__ = ["apply_scenario"]

_STATUS = {"standing": STANDING, "down": DOWN, "penalty-box": BOXED, "arrow-space": ARROW, "at-door": WAITING}


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class CrewEntry(_Strict):
    crew: str
    side: Literal[1, 2]
    at: str | None = None
    status: Literal["standing", "down", "penalty-box", "arrow-space", "at-door"] = "standing"
    seat: str | None = None
    acted: bool = False


class TurnEntry(_Strict):
    side: Literal[1, 2] = 1
    crew: str | None = None
    actions_left: int = Field(default=2, ge=0, le=4)
    move_left: int = Field(default=0, ge=0, le=12)


class ScenarioModel(_Strict):
    crew: list[CrewEntry] = Field(min_length=2)
    official: str = "book"
    obstacles: list[str] = Field(default_factory=list)
    ball: str | None = None
    arrows: int = Field(default=1, ge=1, le=6)
    score: tuple[NonNegativeInt, NonNegativeInt] = (0, 0)
    chop: int = Field(default=1, ge=1)
    round: int = Field(default=1, ge=1)
    sudden_death: bool = False
    turn: TurnEntry = Field(default_factory=lambda: TurnEntry())
    start: Literal["turn", "round"] = "turn"


def apply_scenario(st: CargoBayState, raw: dict[str, Any]) -> None:
    try:
        model = ScenarioModel.model_validate(raw)
    except ValidationError as exc:
        problems = "; ".join(f"{'.'.join(map(str, e['loc'])) or 'scenario'}: {e['msg']}" for e in exc.errors()[:5])
        raise BadScenario(f"cargo-bay-ball scenario is not valid: {problems}") from None
    game = st.game
    board = game.board

    def space_of(label: str, what: str) -> int:
        space = board.index.get(label, -1)
        if space < 0 or not board.is_field[space]:
            raise BadScenario(f"{what}: {label!r} is not a field space of bay {board.name!r}")
        return space

    def card_of(slug: str, what: str) -> int:
        if slug not in game.card_index:
            raise BadScenario(f"{what}: no crew member {slug!r}; the crew are {', '.join(game.card_index)}")
        return game.card_index[slug]

    st.phase = PLAY
    st.order = list(range(len(game.seats)))
    st.last_chooser = st.order[-1]
    st.official = card_of(model.official, "official")
    used = {st.official}
    sizes = [sum(1 for c in model.crew if c.side == s) for s in (1, 2)]
    if min(sizes) == 0:
        raise BadScenario(f"crew: side {sizes.index(0) + 1} has nobody; both sides need crew")
    st.team_size = max(sizes)
    st.obstacles = _obstacles(st, [space_of(label, "obstacles") for label in model.obstacles])
    counters = [0, 0]
    for entry in model.crew:
        card = card_of(entry.crew, "crew")
        if card in used:
            raise BadScenario(f"crew: {entry.crew} appears twice (or is also the Official)")
        used.add(card)
        side = entry.side - 1
        if entry.seat is not None:
            if entry.seat not in game.seats or game.seat_side[game.seats.index(entry.seat)] != side:
                raise BadScenario(f"crew {entry.crew}: seat {entry.seat!r} is not on side {entry.side}")
            seat = game.seats.index(entry.seat)
        else:
            seats = game.side_seats[side]
            seat = seats[counters[side] % len(seats)]
            counters[side] += 1
        crew = len(st.crew_card)
        st.crew_card.append(card)
        st.crew_side.append(side)
        st.crew_seat.append(seat)
        status = _STATUS[entry.status]
        st.status.append(status)
        on_field = status in (STANDING, DOWN)
        if on_field != (entry.at is not None):
            raise BadScenario(f"crew {entry.crew}: standing or downed crew need a space 'at'; others must not "
                              "have one")
        space = space_of(entry.at, f"crew {entry.crew}") if entry.at is not None else -1
        if space >= 0 and st.occ[space] >= 0:
            raise BadScenario(f"crew {entry.crew}: {entry.at} already holds {st.name(st.occ[space])}")
        st.pos.append(space)
        if space >= 0:
            st.occ[space] = crew
        if entry.acted:
            st.acted |= 1 << crew
    st.pool = [c for c in range(len(game.cards)) if c not in used]
    if model.ball is not None:
        if model.ball in game.card_index:
            holder = st.crew_card.index(card_of(model.ball, "ball")) if game.card_index[model.ball] in \
                st.crew_card else -1
            if holder < 0 or st.status[holder] != STANDING:
                raise BadScenario(f"ball: {model.ball} must be a standing crew member in play to hold the ball")
            st.holder = holder
            st.ball = st.pos[holder]
        else:
            st.ball = space_of(model.ball, "ball")
            occupant = st.occ[st.ball]
            if occupant >= 0 and st.status[occupant] == STANDING:
                st.holder = occupant
    else:
        st.ball = board.goal
    rules = game.rules
    last_chop = rules.chops + (1 if model.sudden_death else 0)
    if model.chop > last_chop or (model.sudden_death and model.chop != last_chop):
        raise BadScenario(f"chop: {model.chop} does not fit; regulation has Chops 1-{rules.chops} and sudden "
                          f"death is Chop {rules.chops + 1}")
    if model.round > rules.rounds_per_chop:
        raise BadScenario(f"round: a Chop has Rounds 1-{rules.rounds_per_chop}, not {model.round}")
    st.arrow = (model.arrows - 1) % 3 + 1
    st.score = list(model.score)
    st.chop = model.chop
    st.round = model.round
    st.sudden_death = model.sudden_death
    st.turn_side = model.turn.side - 1
    if model.start == "round":
        st.flow = FLOW_ROUND_START
        return
    st.flow = FLOW_TURNS
    if model.turn.crew is not None:
        crew = st.crew_card.index(card_of(model.turn.crew, "turn.crew")) \
            if game.card_index[model.turn.crew] in st.crew_card else -1
        if crew < 0 or st.status[crew] != STANDING:
            raise BadScenario(f"turn.crew: {model.turn.crew} must be a standing crew member in play")
        st.active = crew
        st.turn_side = st.crew_side[crew]
        st.acted |= 1 << crew
        st.actions_left = model.turn.actions_left
        st.move_left = model.turn.move_left


def _obstacles(st: CargoBayState, spaces: list[int]) -> frozenset[int]:
    """The obstacles of a described position, placed as CBB-SET-6 allows: on plain bay floor
    only, one to a space, in groups of touching obstacles no larger than the rules' limit."""
    board = st.game.board
    for space in spaces:
        if board.kinds[space] != "floor":
            raise BadScenario(f"obstacles: {board.labels[space]} is {board.kinds[space]}, not plain bay floor; "
                              "only plain floor takes an obstacle")
        if spaces.count(space) > 1:
            raise BadScenario(f"obstacles: {board.labels[space]} is listed twice; one obstacle to a space")
    obstacles = frozenset(spaces)
    limit = st.game.rules.max_adjoining_obstacles
    for space in obstacles:
        group = cluster_size(board.neighbours, obstacles, space)
        if group > limit:
            raise BadScenario(f"obstacles: {board.labels[space]} is in a group of {group} touching obstacles; "
                              f"a group may hold at most {limit}")
    return obstacles
