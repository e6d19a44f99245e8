"""Helpers for the test suite: seeded random play-throughs with invariants after every step,
and checks that illegal actions leave a state untouched.

Shipped in the package so every game's tests (and researchers' own) use the same harness.
"""

from __future__ import annotations

import json
import pickle
import random
import zlib
from collections.abc import Callable
from typing import Any

from .core import Action, Game, IllegalAction, Randomness, State, replay

__all__ = ["assert_rejected", "check_generic_invariants", "fingerprint", "heuristic_positions", "random_play_sum",
           "random_playthrough"]

Invariant = Callable[[State], None]


def fingerprint(state: State) -> bytes:
    """Bytes that change whenever anything in the state changes."""
    return pickle.dumps(state.__getstate__(), pickle.HIGHEST_PROTOCOL)


def check_generic_invariants(state: State) -> None:
    """What holds for every game after every step."""
    over = state.is_over
    assert over == (state.outcome is not None)
    if over:
        assert not state.to_act, "a finished game still has seats to act"
    else:
        assert state.to_act, "an unfinished game has nobody to act"
        for seat in state.to_act:
            assert state.legal_actions(seat), f"{seat} is to act but has no legal actions"
    viewers: list[str | None] = [None, *state.seats]
    for viewer in viewers:
        json.dumps(state.view(viewer))


def random_playthrough(
    game: Game,
    seed: int,
    invariants: Invariant | None = None,
    *,
    max_steps: int = 200_000,
    check_every: int = 1,
    choose: Callable[[random.Random, State, str, list[Action]], Action] | None = None,
) -> State:
    """Play one game with uniformly random legal actions, checking invariants as it goes."""
    rng = random.Random(seed * 7919 + 1)
    state = game.new_state(seed=seed)
    steps = 0
    while not state.is_over:
        if steps >= max_steps:
            raise AssertionError(f"{game.name} seed {seed} did not finish in {max_steps} steps")
        seat = state.to_act[int(rng.random() * len(state.to_act))]
        legal = state.legal_actions(seat)
        action = choose(rng, state, seat, legal) if choose else legal[int(rng.random() * len(legal))]
        state.apply(seat, action)
        steps += 1
        if steps % check_every == 0:
            check_generic_invariants(state)
            if invariants is not None:
                invariants(state)
    return state


def random_play_sum(game: Game, games: int, first_seed: int = 0) -> int:
    """A check sum of seeded random games: each seat, action and menu length, then each result.
    The same sum means the same games (the engine's speed work must not change it)."""
    total = 0
    for seed in range(first_seed, first_seed + games):
        rng = random.Random(seed)
        state = game.new_state(seed=seed)
        while not state.is_over:
            seat = state.to_act[int(rng.random() * len(state.to_act))]
            legal = state.legal_actions(seat)
            action = legal[int(rng.random() * len(legal))]
            total = zlib.crc32(repr((seat, action, len(legal))).encode(), total)
            state.apply(seat, action)
        total = zlib.crc32(repr(sorted(state.evaluations().items())).encode(), total)
    return total


def heuristic_positions(game: Game, seed: int, *, every: int = 9, max_steps: int = 500) -> list[State]:
    """Copies of every ``every``-th position of one seeded game of the heuristic against itself
    (the seat to act drawn at random when several may), for tests of what a game offers a search."""
    rng = random.Random(seed)
    chance = Randomness(seed)
    state = game.new_state(seed=seed)
    kept = []
    while not state.is_over and len(state.history) < max_steps:
        seat = state.to_act[int(rng.random() * len(state.to_act))]
        if len(state.history) % every == 0:
            kept.append(state.clone())
        state.apply(seat, state.suggest(seat, chance))
    return kept


def assert_rejected(state: State, seat: str, action: Any) -> IllegalAction:
    """Apply an action that must be illegal; prove the error and an unchanged state."""
    before = fingerprint(state)
    try:
        state.apply(seat, action)
    except IllegalAction as exc:
        assert fingerprint(state) == before, "a rejected action changed the state"
        assert str(exc), "an IllegalAction must say why"
        return exc
    raise AssertionError(f"{action!r} by {seat} was accepted but should be illegal")


def assert_replays(state: State) -> None:
    """The record of ``state`` replays to an identical state, also through JSON text."""
    record = state.record()
    again = replay(record.to_json_text())
    assert again.view(None) == state.view(None)
    assert [e.to_json() for e in again.events] == [e.to_json() for e in state.events]
