"""The rules-of-thumb coach: put each card where it most improves the court for your team.

A stack is valued as the points it would score now (plays and fouls, for you minus against you)
plus a share of what an unfinished play may still become: a Shooter with a good Shot Value so far
is worth chasing for its team and worth blocking for the other. The coach builds plays towards 10,
finishes them, blocks or spoils the other coach's plays, never fouls on purpose, discards what has
no use and takes a useful card back off the discard pile. In the scoring round it makes every
choice (Go, Team!) in its own favour.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from tabletop.core import Action, Randomness

from .actions import BUZZ, DISCARD, DRAW, PASS, TAKE, Play
from .cards import BUZZ as BUZZ_CARD
from .cards import PLAYER
from .quarter import favoured_choice
from .scoring import StackResult, score_stack

if TYPE_CHECKING:
    from .game import FightballState

__all__ = ["assess_stack", "best_placement", "remembered", "scored", "stack_value", "suggest"]

TAKE_BACK_MARGIN = 0.4


def stack_value(state: FightballState, index: int, stack: Sequence[int], seat: int) -> float:
    """What a stack is worth to ``seat`` now, counting the hope in an unfinished play."""
    return _assess(state, index, stack, seat)[0]


def _assess(state: FightballState, index: int, stack: Sequence[int], seat: int) -> tuple[float, str]:
    value, status, _points = assess_stack(state, index, stack, seat)
    return value, status


# Stacks scored before are kept by each game (one table and court; ``FightballGame.kept_scores``),
# by the stack's zone and the cards in it (and the discard piles when a card in it reads them), with what they
# are worth to each coach: search and the heuristic score the same stacks over and over.
Assessment = tuple[float, str, float]
SCORES_KEPT = 200_000


def remembered(state: FightballState, index: int, stack: Sequence[int]) -> tuple[StackResult, tuple[Assessment, Assessment]]:
    """The remembered score of a stack and its worth to each coach (a pure function of its inputs)."""
    game = state.game
    cards = tuple(stack)
    piles = None
    if not game.discard_readers.isdisjoint(cards):
        piles = (tuple(state.discards[0]), tuple(state.discards[1]))
    key = (game.stack_zones[index], cards, piles)
    kept = game.kept_scores
    entry = kept.get(key)
    if entry is None:
        if len(kept) >= SCORES_KEPT:
            kept.clear()
        result = score_stack(state.table, state.court, index, cards, state.discards)
        entry = kept[key] = (result, (_assessed(state, result, 0), _assessed(state, result, 1)))
    return entry


def scored(state: FightballState, index: int, stack: Sequence[int]) -> StackResult:
    """``score_stack`` without words or choices, remembered: it is a pure function of its inputs."""
    return remembered(state, index, stack)[0]


def assess_stack(state: FightballState, index: int, stack: Sequence[int], seat: int) -> Assessment:
    """The stack's worth to ``seat`` with the hope in an unfinished play, its status, and the
    points it would give ``seat`` (less the other coach's) if scored as it stands."""
    return remembered(state, index, stack)[1][seat]


def _assessed(state: FightballState, result: StackResult, seat: int) -> Assessment:
    value = float(result.points[seat] - result.points[1 - seat])
    points = value
    if result.status != "incomplete":
        return value, result.status, points
    colour = result.colour
    need = state.court.threshold - result.value
    if not result.has_ball:
        need -= 1  # the right Ball may still come
    shots = state.table.shot_values[result.shooter][colour]
    chance = sum(1 for v in shots if v >= need) / len(shots) if shots else 0.0
    chance *= 0.85 if result.has_ball else 0.5
    hope = chance * result.prospect * 0.8
    value += hope if result.prospect_scorer == seat else -hope
    fouls = result.prospect_fouls
    if fouls[0] or fouls[1]:
        value += 0.8 * (fouls[seat] - fouls[1 - seat])  # they count once the play completes at all
    return value, result.status, points


def best_placement(state: FightballState, seat: int, card: int) -> tuple[float, int]:
    """The best improvement ``card`` can make on any stack, and that stack's index. Stacks where
    any card is a foul or changes nothing (a finished play, a False Start) are not worth a look."""
    best, where = -1e9, -1
    is_player = state.table.cards[card].kind == PLAYER
    for i, stack in enumerate(state.stacks):
        if not stack and not is_player:
            continue  # a False Start
        before, status, _points = remembered(state, i, stack)[1][seat]
        if status in ("complete", "false-start"):
            continue
        gain = remembered(state, i, (*stack, card))[1][seat][0] - before
        if gain > best:
            best, where = gain, i
    return best, where


def suggest(state: FightballState, seat: int, rng: Randomness) -> Action:
    if state.phase == "scoring":
        return favoured_choice(state)
    held = state.held[seat]
    table = state.table
    if state.phase == "buzzer-beater":
        gain, where = best_placement(state, seat, held)
        return Play(where + 1) if gain > 0 else PASS
    if held < 0:
        pile = state.discards[seat]
        if pile:
            gain, _ = best_placement(state, seat, pile[-1])
            if gain > TAKE_BACK_MARGIN:
                return TAKE
        return DRAW
    if table.cards[held].kind == BUZZ_CARD:
        return BUZZ
    gain, where = best_placement(state, seat, held)
    if gain > 0.05:
        return Play(where + 1)
    return DISCARD
