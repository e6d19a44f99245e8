"""Scenario dicts for ``new_state``: put named cards on stacks, in hands, discard piles and decks.

Cards are written ``"home:tula"`` (seat, then the card's slug), or just ``"tula"`` in a seat's own hand,
deck or discard pile; each mention takes the next unused copy. Stacks are named by number (1-24) or label ("away-blue-2"). See docs/rules/fightball.md.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tabletop.core import BadScenario

if TYPE_CHECKING:
    from .game import FightballState

__all__ = ["apply_scenario"]

KEYS = {"quarter", "score", "stacks", "held", "decks", "discards", "exact_decks"}
SEATS = ("home", "away")


def apply_scenario(state: FightballState, scenario: dict[str, Any]) -> None:
    unknown = set(scenario) - KEYS
    if unknown:
        raise BadScenario(f"unknown fightball scenario keys {sorted(unknown)}; allowed: {sorted(KEYS)}")
    table = state.table
    free = [{slug: list(ids) for slug, ids in table.by_slug[s].items()} for s in (0, 1)]

    def take(ref: Any, where: str, owner: str = "") -> int:
        if isinstance(ref, str) and owner and ":" not in ref:
            ref = f"{owner}:{ref}"
        if not isinstance(ref, str) or ":" not in ref:
            raise BadScenario(f"{where}: a card is written 'home:slug' or 'away:slug', not {ref!r}")
        seat, _, slug = ref.partition(":")
        if owner and seat != owner:
            raise BadScenario(f"{where}: only {owner}'s own cards can go there, not {ref!r}")
        if seat not in SEATS:
            raise BadScenario(f"{where}: {ref!r} names no seat (home or away)")
        s = SEATS.index(seat)
        if slug == "buzz":
            raise BadScenario(f"{where}: the Buzz stays at the bottom of its deck")
        if slug not in free[s]:
            raise BadScenario(f"{where}: {table.names[s]} have no card {slug!r}; they have "
                              f"{', '.join(sorted(k for k in free[s] if k != 'buzz'))}")
        if not free[s][slug]:
            raise BadScenario(f"{where}: {table.names[s]} have only {len(table.by_slug[s][slug])} {slug!r}")
        return free[s][slug].pop(0)

    def per_seat(key: str) -> dict[str, Any]:
        value = scenario.get(key, {})
        if not isinstance(value, dict) or set(value) - set(SEATS):
            raise BadScenario(f"{key} must map 'home'/'away' to values, got {value!r}")
        return value

    quarter = scenario.get("quarter", 1)
    if not isinstance(quarter, int) or not 1 <= quarter <= state.last_quarter:
        raise BadScenario(f"quarter must be 1..{state.last_quarter}, not {quarter!r}")
    state.quarter = quarter
    for seat, points in per_seat("score").items():
        if not isinstance(points, int) or points < 0:
            raise BadScenario(f"score for {seat} must be a whole number from 0, not {points!r}")
        state.score[SEATS.index(seat)] = points
    state.opening_score = (state.score[0], state.score[1])

    stacks = scenario.get("stacks", {})
    if not isinstance(stacks, dict):
        raise BadScenario("stacks must map a stack number or label to a list of cards, bottom first")
    for key, refs in stacks.items():
        index = _stack_index(state, key)
        if not isinstance(refs, list):
            raise BadScenario(f"stack {key}: expected a list of cards, bottom first")
        state.stacks[index] = [take(ref, f"stack {key}") for ref in refs]
    for seat, ref in per_seat("held").items():
        state.held[SEATS.index(seat)] = take(ref, f"{seat}'s hand", seat)
    for seat, refs in per_seat("discards").items():
        if not isinstance(refs, list):
            raise BadScenario(f"{seat}'s discard pile must be a list, bottom first")
        state.discards[SEATS.index(seat)] = [take(ref, f"{seat}'s discard pile", seat) for ref in refs]
    tops = per_seat("decks")
    exact = scenario.get("exact_decks", False)
    if not isinstance(exact, bool):
        raise BadScenario("exact_decks must be true or false")
    for s, seat in enumerate(SEATS):
        refs = tops.get(seat, [])
        if not isinstance(refs, list):
            raise BadScenario(f"{seat}'s deck must be a list, top card first")
        top = [take(ref, f"{seat}'s deck", seat) for ref in refs]
        rest = [c for slug, ids in free[s].items() if slug != "buzz" for c in ids]
        rest.sort()
        if exact:
            state.aside[s] = rest
            rest = []
        else:
            state.rng.shuffle(rest, f"{seat} deck")
        state.decks[s] = [table.buzz[s], *rest, *reversed(top)]


def _stack_index(state: FightballState, key: Any) -> int:
    labels = state.court.labels
    if isinstance(key, int) or (isinstance(key, str) and key.isdigit()):
        number = int(key)
        if not 1 <= number <= len(labels):
            raise BadScenario(f"there is no stack {number}; stacks are 1-{len(labels)}")
        return number - 1
    if key in labels:
        return labels.index(key)
    raise BadScenario(f"unknown stack {key!r}; use 1-{len(labels)} or a label such as {labels[4]!r}")
