"""What a searching coach weighs in a position: named features and the evaluation set on them.

A stack is valued as the rules of thumb value it (the points it gives now and the hope in an
unfinished play), except that the hope fades as the quarter runs out: an unfinished play scores
nothing at the Buzz. How fast it fades was measured in heuristic self-play: the share of its worth
an unfinished play still brought by the Buzz, by whether it had its Ball and how many cards the
quicker coach had left, relative to the same play early in a quarter.

Features read only what the coach may see (the court, both discard piles, deck sizes, whether each
coach holds a card): search calls them on determinized copies, where the rest is re-dealt.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from tabletop.core.evaluation import FittedEvaluation

from .actions import Draw, Play
from .cards import PLAYER, SHOT, Card
from .heuristic import remembered, scored

if TYPE_CHECKING:
    from .game import FightballState

__all__ = ["EVALUATION", "cards_left", "court_worth", "evaluate", "features", "fresh_stack_worth", "hand_worth", "placement_gains", "race_risk",
           "stack_worth"]

EVALUATION = FittedEvaluation.load(Path(__file__).parent / "data" / "evaluation.json")

# Cards the quicker coach has left -> how much of an unfinished play's hope remains, without and
# with its Ball (a play still waiting for its Ball needs two more cards, so it fades sooner).
FADE_AFTER = (0, 1, 2, 4, 7, 11, 16, 24)  # the last count of each step
FADE = ((0.0, 0.03, 0.1, 0.2, 0.35, 0.5, 0.65, 0.8, 1.0),
        (0.3, 0.6, 0.65, 0.8, 0.9, 1.0, 1.0, 1.0, 1.0))
# How likely a card put on a play waiting for its Shot lands after the other coach's Shot, when
# they hold one for it, and how often such a Shot of theirs makes their play. Both coaches take
# about as long to act, but the chance is set below a half by measurement: over 400 games against
# the heuristic, 0.35 scored 65.9% of the points and 0.5 scored 62.5% (0.2 and 0.65 no better).
RACE_CHANCE = 0.35
SPOILT_SHARE = 0.85
# A card drawn into the hand counts what a card of the coach's deck is expected to gain
# (``hand_worth``) in place of the fixed points of the fitted holding weight, ``HAND_BASE``.
HAND_BASE = 0.4
WORTHS_KEPT = 200_000
_STEP = tuple(next((k for k, last in enumerate(FADE_AFTER) if left <= last), len(FADE_AFTER)) for left in range(64))


def hope_left(has_ball: bool, left: int) -> float:
    """The share of an unfinished play's hope that remains with ``left`` cards to go.

    >>> hope_left(True, 40), hope_left(False, 40), hope_left(False, 0)
    (1.0, 1.0, 0.0)
    """
    return FADE[has_ball][_STEP[min(63, max(0, left))]]


def cards_left(state: FightballState) -> int:
    """Cards the quicker coach has still to play before reaching the Buzz (deck and hand), so
    drawing a card or taking one back does not move it; only playing or discarding does."""
    decks, held = state.decks, state.held
    return min(len(decks[0]) + (held[0] >= 0), len(decks[1]) + (held[1] >= 0))


def stack_worth(state: FightballState, index: int, stack: Sequence[int], seat: int, left: int) -> float:
    """What a stack is worth to ``seat`` (less the other coach) with ``left`` cards to go.

    Kept by the game (``fresh_stack_worth`` works it out): it depends on the stack's place only
    through its zone, on ``left`` only through the step of the fade, and on the discard piles
    only when a card in the stack reads them."""
    cards = tuple(stack)
    game = state.game
    if not game.discard_readers.isdisjoint(cards):
        return fresh_stack_worth(state, index, cards, seat, left)
    key = (game.stack_zones[index], cards, seat, _STEP[min(63, max(0, left))])
    kept = game.kept_worths
    worth = kept.get(key)
    if worth is None:
        if len(kept) >= WORTHS_KEPT:
            kept.clear()
        worth = kept[key] = fresh_stack_worth(state, index, cards, seat, left)
    return worth


def fresh_stack_worth(state: FightballState, index: int, stack: Sequence[int], seat: int, left: int) -> float:
    """``stack_worth`` worked out afresh."""
    result, worths = remembered(state, index, stack)
    value, status, points = worths[seat]
    if status != "incomplete":
        return value
    return points + (value - points) * hope_left(result.has_ball, left)


def placement_gains(state: FightballState, s: int, card: int, left: int) -> list[tuple[float, int]]:
    """What ``card`` would gain ``s`` on each stack it can go on without a False Start, with the
    stack's index, in stack order."""
    is_player = state.table.cards[card].kind == PLAYER
    game = state.game
    readers = game.discard_readers
    kept = game.kept_gains
    zones = game.stack_zones
    step = _STEP[min(63, max(0, left))]
    gains: list[tuple[float, int]] = []
    for index, stack in enumerate(state.stacks):
        if not stack and not is_player:
            continue  # a False Start
        cards = tuple(stack)
        # Kept by the stack's zone and cards, the card and the step of the fade, like its worth.
        key = (zones[index], cards, card, s, step)
        gain = kept.get(key)
        if gain is None:
            gain = stack_worth(state, index, (*cards, card), s, left) - stack_worth(state, index, cards, s, left)
            if card not in readers and readers.isdisjoint(cards):
                if len(kept) >= WORTHS_KEPT:
                    kept.clear()
                kept[key] = gain
        gains.append((gain, index))
    return gains


def hand_worth(state: FightballState, s: int) -> float:
    """What the card ``s`` holds is worth, judged before it was seen: the average over the cards
    it could have been (the coach's own unplayed cards, whose mix everyone can count) of the most
    it gains on the court, or nothing when it is best discarded. Taking a discard back is worth
    it only when it gains more than a fresh draw is expected to."""
    buzz = state.table.buzz[s]
    pool = sorted(c for c in (*state.decks[s], state.held[s]) if c != buzz and c >= 0)
    if not pool:
        return 0.0
    left = cards_left(state)
    # The same in every world a search samples (the coach's cards are only re-ordered), so the
    # last answer is kept.
    key = (s, left, tuple(pool), tuple(map(tuple, state.stacks)), tuple(state.discards[0]), tuple(state.discards[1]))
    last = state.game.last_hand_worth
    if last is None or last[0] != key:
        last = state.game.last_hand_worth = (key, _hand_worth(state, s, pool, left))
    return last[1]


def _hand_worth(state: FightballState, s: int, pool: list[int], left: int) -> float:
    table, court = state.table, state.court
    cards = table.cards
    known = state.game.kept_hand_gains
    if len(known) > HAND_GAINS_KEPT:
        known.clear()
    step = _STEP[min(63, max(0, left))]
    # Where a card may gain: unfinished plays, and one bare stack of each zone (a Shooter there is
    # worth the same on any of them); a card on a finished play is a foul, on a False Start nothing.
    # What each kind of the coach's cards gains on a stack is remembered with the stack: between
    # two decisions only a few stacks change.
    places: list[tuple[int, list[int], dict[str, float]]] = []
    zones: set[tuple[int, int]] = set()
    for index, stack in enumerate(state.stacks):
        if stack:
            if scored(state, index, stack).status != "incomplete":
                continue
        elif (zone := (court.sides[index], court.colours[index])) in zones:
            continue
        else:
            zones.add(zone)
        readers = not state.game.discard_readers.isdisjoint(stack)
        key = (s, state.game.stack_zones[index], tuple(stack), step,
               (tuple(state.discards[0]), tuple(state.discards[1])) if readers else None)
        gains = known.get(key)
        if gains is None:
            gains = known[key] = _kind_gains(state, s, index, stack, left)
        places.append((index, stack, gains))
    counts: dict[str, int] = {}
    for card in pool:
        slug = cards[card].slug
        counts[slug] = counts.get(slug, 0) + 1
    total = 0.0
    for slug in sorted(counts):
        card = table.by_slug[s][slug][0]
        if _reads_discards(cards[card]):
            best = max((_gain(state, s, index, stack, card, left) for index, stack, _gains in places
                        if stack or cards[card].kind == PLAYER), default=0.0)
        else:
            best = max((gains.get(slug, 0.0) for _index, _stack, gains in places), default=0.0)
        total += counts[slug] * max(0.0, best)
    return total / len(pool)


def _kind_gains(state: FightballState, s: int, index: int, stack: list[int], left: int) -> dict[str, float]:
    """What one card of each kind in ``s``'s deck gains on this stack (Players only on a bare one);
    a card that reads the discard piles is worked out afresh each time."""
    cards = state.table.cards
    now = stack_worth(state, index, stack, s, left) if stack else 0.0
    gains: dict[str, float] = {}
    for slug, copies in state.table.by_slug[s].items():
        card = cards[copies[0]]
        if (stack or card.kind == PLAYER) and card.id != state.table.buzz[s] and not _reads_discards(card):
            gains[slug] = stack_worth(state, index, [*stack, card.id], s, left) - now
    return gains


def _gain(state: FightballState, s: int, index: int, stack: list[int], card: int, left: int) -> float:
    return stack_worth(state, index, [*stack, card], s, left) - (stack_worth(state, index, stack, s, left) if stack else 0.0)


def _reads_discards(card: Card) -> bool:
    return card.effect is not None and card.effect.per_discard is not None


HAND_GAINS_KEPT = 50_000


def court_worth(state: FightballState, seat: int) -> float:
    """What the whole court is worth to ``seat`` (less the other coach)."""
    left = cards_left(state)
    game = state.game
    kept, zones, readers = game.kept_worths, game.stack_zones, game.discard_readers
    step = _STEP[min(63, max(0, left))]
    worths: list[float] = []
    for index, stack in enumerate(state.stacks):
        if stack:
            cards = tuple(stack)
            # stack_worth's kept answer, looked up here: the court is valued at every evaluation
            worth = kept.get((zones[index], cards, seat, step)) if readers.isdisjoint(cards) else None
            worths.append(stack_worth(state, index, cards, seat, left) if worth is None else worth)
    return sum(worths)


def features(state: FightballState, seat: str) -> dict[str, float]:
    """From ``seat``'s side: points banked in earlier quarters plus what the court is worth, and
    holding a card (a play still to make), both scaled by how much game is left to turn things
    round."""
    s = 0 if seat == "home" else 1
    o = 1 - s
    scale = game_left_scale(state)
    return {
        "margin": (state.score[s] - state.score[o] + court_worth(state, s)) * scale,
        "holding": (float(state.held[s] >= 0) - float(state.held[o] >= 0)) * scale,
    }


def game_left_scale(state: FightballState) -> float:
    """One over the spread of the final margin, which grows with the square root of the play
    left (a win ~ Φ(margin/spread))."""
    decks = state.decks
    size = float(len(state.table.decks[0]) + 1)
    quarters_left = max(0, state.last_quarter - state.quarter)
    progress = 1.0 - (len(decks[0]) + len(decks[1])) / (2 * size)  # through this quarter
    left = quarters_left + 1.0 - min(1.0, max(0.0, progress))
    return 1.0 / math.sqrt(left + 0.25)


def race_risk(state: FightballState, s: int) -> float:
    """What the card ``s`` has just played may lose in the race for its stack, in points.

    In real time a card lands a moment after its coach decides. When it goes onto a play that has
    its Ball but no Shot yet, the other coach may be playing a Shot there already: the play is then
    finished by their Shot (theirs succeeds, or ours is spoilt) and our card lands after it, an After
    the Shot foul. The chance is ``RACE_CHANCE`` when the other coach holds a Shot everyone saw come
    off the discard pile, and otherwise that times the share of Shots among their unseen cards,
    spread over the plays waiting for a Shot."""
    history = state.history
    if not history:
        return 0.0
    seat, action = history[-1]
    o = 1 - s
    held = state.held[o]
    if (seat == "home") != (s == 0) or not isinstance(action, Play) or held < 0:
        return 0.0
    index = action.stack - 1
    stack = state.stacks[index]
    base = stack[:-1]
    if not base:
        return 0.0
    before = scored(state, index, base)
    if before.status != "incomplete" or not before.has_ball:
        return 0.0
    cards = state.table.cards
    if state.held_public[o]:
        if cards[held].kind != SHOT:
            return 0.0
        chance = RACE_CHANCE
    else:
        unseen = [*state.decks[o], held]
        shots = sum(1 for c in unseen if cards[c].kind == SHOT)
        waiting = 0
        for i, other in enumerate(state.stacks):
            if other and i != index:
                result = scored(state, i, other)
                waiting += result.status == "incomplete" and result.has_ball
        chance = RACE_CHANCE * shots / len(unseen) / (waiting + 1)
    kept = stack_worth(state, index, stack, s, cards_left(state))
    lost = float(before.points[s] - before.points[o]) - state.court.after_shot_foul
    if before.shooter == o:
        lost -= SPOILT_SHARE * before.prospect  # their Shot, chosen to make the play
    return chance * (kept - lost)


def _just_drew(state: FightballState, seat: str) -> bool:
    history = state.history
    return bool(history) and history[-1][0] == seat and isinstance(history[-1][1], Draw) and state.phase == "fast"


def evaluate(state: FightballState, seat: str) -> float:
    """The fitted value of the features, less what the card just played may lose in a race; a
    card just drawn counts what a draw is expected to gain (``hand_worth``)."""
    outcome = state.outcome
    if outcome is not None:
        return outcome.returns(seat)
    return _valued(state, seat, features(state, seat))


def evaluations(state: FightballState) -> dict[str, float]:
    """Both coaches' evaluations from one pass over the court: the away coach's features are the
    home coach's, negated."""
    outcome = state.outcome
    if outcome is not None:
        return {seat: outcome.returns(seat) for seat in ("home", "away")}
    home = features(state, "home")
    away = {name: -value for name, value in home.items()}
    return {"home": _valued(state, "home", home), "away": _valued(state, "away", away)}


def _valued(state: FightballState, seat: str, found: dict[str, float]) -> float:
    """The fitted value of ``seat``'s features (changed in place) after the race and hand risks."""
    s = 0 if seat == "home" else 1
    risk = race_risk(state, s)
    if _just_drew(state, seat) and state.discards[s] and state.held[s] != state.table.buzz[s]:
        risk += HAND_BASE - hand_worth(state, s)  # only a discard to take back is weighed against it
    if risk:
        found["margin"] -= risk * game_left_scale(state)
    return EVALUATION.value(found)
