"""Why an action is refused, in words, with the rule: a crew member or an obstacle on a space
the setup rules keep clear (CBB-SET-6, CBB-SET-7), a draft pick of someone already taken
(CBB-SET-3), or a step to a space that is not one step away (CBB-ACT-MOVE-1)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.core import Action

from . import actions as A
from .setup import cluster_size

if TYPE_CHECKING:
    from .game import CargoBayState

__all__ = ["refusal"]

_TERRAIN_WORDS = {"grating": "grating", "half": "a half space cut by the wall", "door": "the airlock door",
                  "goal": "the goal", "airlock": "the airlock", "arrow": "the airlock arrow space",
                  "wall": "the wall"}


def _space_problem(st: CargoBayState, label: str) -> tuple[int, str | None]:
    board = st.game.board
    space = board.index.get(label, -1)
    if space < 0 or space not in board.field_spaces:
        return -1, f"{label} is not a space of the field (columns A-O, rows 1-11)"
    if st.occ[space] >= 0:
        return space, f"{st.name(st.occ[space])} already stands on {label}"
    return space, None


def refusal(st: CargoBayState, action: Action) -> str | None:
    """The reason ``action`` is refused, where there is more to say than that it is not legal."""
    if isinstance(action, A.Pick):
        return _pick_refusal(st, action)
    if isinstance(action, A.Step):
        return _step_refusal(st, action)
    return _placement_refusal(st, action)


def _pick_refusal(st: CargoBayState, action: A.Pick) -> str | None:
    card = st.game.card_index.get(action.crew, -1)
    if card < 0:
        return f"there is no crew member {action.crew!r} in this crew set (CBB-SET-3)"
    if card not in st.pool:
        short = st.game.cards[card].short
        taken = "is the Official" if card == st.official else "has already been drafted"
        return f"{short} {taken}; only crew nobody has drafted may be picked (CBB-SET-3)"
    return None


def _step_refusal(st: CargoBayState, action: A.Step) -> str | None:
    if st.active < 0:
        return None
    board = st.game.board
    space = board.index.get(action.to, -1)
    if space < 0:
        return f"{action.to} is not a space of the bay (CBB-ACT-MOVE-1)"
    here = st.pos[st.active]
    if space not in board.adjacent[here]:
        return (f"{action.to} is not next to {board.labels[here]}, where {st.name(st.active)} stands: a step "
                "moves one space (CBB-ACT-MOVE-1)")
    if st.occ[space] >= 0:
        return f"{st.name(st.occ[space])} stands on {action.to} (CBB-ACT-MOVE-1)"
    return None


def _placement_refusal(st: CargoBayState, action: Action) -> str | None:
    """The reason a crew or obstacle placement cannot go where it was asked, or None."""
    board = st.game.board
    if isinstance(action, A.PlaceObstacle):
        space, problem = _space_problem(st, action.at)
        if problem:
            return f"{problem} (CBB-SET-6)"
        kind = board.kinds[space]
        if space in st.obstacles:
            return f"{action.at} already holds an obstacle (CBB-SET-6)"
        if kind != "floor":
            return f"{action.at} is {_TERRAIN_WORDS.get(kind, kind)}; obstacles go on plain bay floor only (CBB-SET-6)"
        limit = st.game.rules.max_adjoining_obstacles
        size = cluster_size(board.neighbours, st.obstacles, space)
        if size > limit:
            return (f"an obstacle on {action.at} would join a group of {size} touching obstacles; "
                    f"at most {limit} may touch (CBB-SET-6)")
        return None
    if isinstance(action, A.PlaceCrew):
        space, problem = _space_problem(st, action.at)
        if problem:
            return f"{problem} (CBB-SET-7)"
        if space in st.obstacles:
            return f"{action.at} holds an obstacle; crew start on clear spaces (CBB-SET-7)"
        if space in board.numbered:
            return (f"{action.at} carries the printed goal number {board.numbered[space]}; crew may not start on "
                    "a printed mark (CBB-SET-7)")
        kind = board.kinds[space]
        if kind not in ("floor", "grating", "half"):
            return f"{action.at} is {_TERRAIN_WORDS.get(kind, kind)}; crew may not start there (CBB-SET-7)"
        return None
    return None
