"""The choices a search weighs in Travel SFB: a whole allocation of the hand as one plan.

A player decides the allocation of a turn as a whole (so many cards to Offense, these to
Movement, the rest to Defense), so the search does too. The plans are the heuristic's own
candidates (each row takes a run of the hand sorted best first), scored against its model of the
opponent; the best plan for each split of card counts over the rows is kept, best first, so the
few plans a search can afford still range from all-out attack to full defense. Each plan places
its Movement cards, then Offense, then Defense. A plan fills every place the rows allow, so the
ship is finished by its last card: a plan never holds a ``finish`` that could outlive the turn.

Outside allocation every legal action is a plan of its own: the pairing, keep-or-cancel and
power calls are small choices already.

In a world drawn for one seat by ``determinize`` (its ``searcher``), the other ship is offered
only its best allocation by the rules of thumb (``OPPONENT_PLANS``). Its hand is re-drawn in
every world, so each of its plans is a different run of cards in each world: a search that
offered it ten would meet ten new moves every time, learn nothing about them, and model the
opponent as picking at random among its ten. The likeliest reply is the better model, and the
search weighs its own allocations against it. Nothing hidden is used: the reply is worked out
from the re-drawn hand.

Against an opponent that has kept cards back while its rows had room (``TurnFlow.idle``), the
seat is offered only the heuristic's allocation (``ERRATIC_PLANS``): see ``TravelState.plans``.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from tabletop.core import Action

from .actions import FINISH, PLACE
from .heuristic import PLACING_ORDER, PlacementKey, best_plan, placement_key, split_bests
from .rules import ALLOCATE

if TYPE_CHECKING:
    from .game import TravelState

__all__ = ["ERRATIC_PLANS", "OPPONENT_PLANS", "PLAN_LIMIT", "KeptPlan", "allocation_plans"]

PLAN_LIMIT = 10
OPPONENT_PLANS = 1
ERRATIC_PLANS = 1


def allocation_plans(state: TravelState, seat: str, limit: int = PLAN_LIMIT) -> list[tuple[Action, ...]]:
    """Up to ``limit`` whole allocations for ``seat``, best first by the heuristic's scoring, one per
    split of card counts over the rows. Outside allocation: each legal action alone."""
    i = 0 if seat == "seat1" else 1
    # Allocating with cards in hand, a seat to act may always place or finish: no need to list that.
    if state.phase != ALLOCATE or not state.hands[i] or seat not in state.to_act:
        return [(action,) for action in state.legal_actions(seat)]
    hand, key = placement_key(state, i)
    kept = _RANKED.get(key)
    if kept is None and limit == 1:
        best = best_plan(key)  # the likeliest reply needs no full ranking
        return [KeptPlan(_actions(hand, best))] if best is not None else [(FINISH,)]
    if kept is None:
        if len(_RANKED) > _RANKED_MAX:
            _RANKED.clear()
        kept = _RANKED[key] = (_rank(key), {})
    ranked, spelled = kept
    spelled_key = (tuple(hand), limit)
    plans = spelled.get(spelled_key)
    if plans is None:
        plans = spelled[spelled_key] = [KeptPlan(_actions(hand, plan)) for plan in ranked[:limit]] or [(FINISH,)]
    return list(plans)


# The ranking depends only on what the heuristic's scoring reads, so it is worked out once per key;
# beside it, its plans spelled out as actions for the very cards of a hand and a limit (a search
# asks for the same hand's plans in every world it draws).
_RANKED: dict[PlacementKey, tuple[list[tuple[int, ...]], dict[tuple[tuple[int, ...], int], list[tuple[Action, ...]]]]] = {}
_RANKED_MAX = 50_000


def _rank(key: PlacementKey) -> list[tuple[int, ...]]:
    """The best plan of each split of card counts over the rows, best first (the heuristic's own
    choice first among equals)."""
    return [plan for _score, _order, plan in sorted(split_bests(key), key=_best_first)]


def _best_first(item: tuple[float, int, tuple[int, ...]]) -> tuple[float, int]:
    return -item[0], item[1]


class KeptPlan(tuple[Action, ...]):
    """A plan kept for reuse that remembers its hash: a search looks each plan up in its tree on
    every pass, and hashing a plan otherwise hashes each of its actions again. Equal to, and
    hashed as, the plain tuple of its actions."""

    _hash: int

    def __hash__(self) -> int:
        try:
            return self._hash
        except AttributeError:
            self._hash = tuple.__hash__(self)
            return self._hash

    def __reduce__(self) -> tuple[type[KeptPlan], tuple[tuple[Action, ...]]]:
        # Without the remembered hash: another process hashes text differently.
        return KeptPlan, (tuple(self),)


def _actions(hand: list[int], plan: tuple[int, ...]) -> tuple[Action, ...]:
    """A plan's placements as actions, in the order the heuristic itself makes them (``placing``):
    each row's run of the hand in turn, Movement, Offense, then Defense."""
    return tuple([PLACE[card][row] for row, start, end in _runs(plan) for card in hand[start:end]])


@lru_cache(maxsize=4096)
def _runs(plan: tuple[int, ...]) -> tuple[tuple[int, int, int], ...]:
    """(row, start, end) of each row's run of the hand, in ``placing`` order."""
    return tuple((row, plan[row], plan[row] + plan[3 + row]) for row in PLACING_ORDER)
