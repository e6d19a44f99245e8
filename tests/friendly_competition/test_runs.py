"""A run of actions taken whole (``apply_all``, as search plays its plans) is the run the engine
takes action by action: the same position, log, dice and errors; and a step's log entry written
once is the entry written afresh."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tabletop.core import IllegalAction, Randomness, ScriptExhausted, State
from tabletop.core.randomness import ScriptedRandomness
from tabletop.testing import heuristic_positions
from tabletop.titles.friendly_competition import procedures, runs
from tabletop.titles.friendly_competition.actions import END_TURN, MOVES, TACKLES, Move, Pass, PickUp
from tabletop.titles.friendly_competition.game import FriendlyState
from tabletop.titles.friendly_competition.procedures import PLAY

from .helpers import game, position


@pytest.fixture(scope="module")
def in_play() -> list[FriendlyState]:
    match = game()
    spots = [spot for seed in (6, 7) for spot in heuristic_positions(match, seed, every=4, max_steps=700)]
    found = [spot for spot in spots if isinstance(spot, FriendlyState) and spot.phase == PLAY]
    assert len(found) > 100
    return found


def everything(state: FriendlyState) -> dict[str, Any]:
    """The whole position by value, and the next draws of its dice."""
    fields = {name: value for name, value in state.__getstate__().items() if name not in ("game", "rng")}
    flight = fields.pop("flight")
    if flight is not None:
        fields["flight"] = {name: getattr(flight, name) for name in flight.__slots__}
    rng = state.rng.clone()
    fields["dice"] = rng.remaining_rolls if isinstance(rng, ScriptedRandomness) else rng.rolls(6, 6)
    return fields


def taken(state: FriendlyState, seat: str, actions: Any, whole: bool) -> tuple[Any, dict[str, Any]]:
    """The events (or the error) and the position after the run, taken whole by the game's own
    path or by the engine's, which takes it action by action."""
    copy = state.clone()
    try:
        result: Any = copy.apply_all(seat, actions) if whole else State.apply_all(copy, seat, actions)
    except (IllegalAction, ScriptExhausted) as error:
        result = (type(error), str(error))
    return result, everything(copy)


def short_of_points(state: FriendlyState, ap: int) -> FriendlyState:
    """The position with the side to act down to ``ap`` action points: runs end the turn sooner."""
    copy = state.clone()
    copy.ap = ap
    return copy


def runs_to_try(state: FriendlyState, seat: str, rng: random.Random) -> list[Any]:
    """The plans a search weighs here, and runs the engine refuses part-way: backwards, one after
    another, past the end of the turn, with a step of a teamster of the other side, with an
    equal action value that is not one of the game's own, and with a malformed one."""
    plans = state.plans(seat)
    out: list[Any] = [tuple(plan) for plan in plans]
    long = [plan for plan in plans if len(plan) > 1]
    out += [(*plan, plan[-1]) for plan in long]  # on after a goal, a pick-up or a turn's end too
    for plan in rng.sample(long, min(3, len(long))):
        out += [plan[::-1], (*plan, *rng.choice(plans)), (*plan, END_TURN, plan[0]), list(plan)]
        if isinstance(plan[-1], Move):
            out.append((*plan[:-1], Move(plan[-1].who, plan[-1].dir)))
        out += [(plan[0], Pass("short", "up")), (plan[0], PickUp(7)), (plan[0], MOVES[0][0]), (plan[0], "end-turn")]
    return out


def test_a_run_taken_whole_is_the_run_taken_action_by_action(in_play: list[FriendlyState],
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    rng = random.Random(3)
    fast = {"taken": 0, "given back": 0}
    apply_run = runs.apply_run

    def counted(*args: Any) -> Any:
        events = apply_run(*args)
        fast["taken" if events is not None else "given back"] += 1
        return events

    monkeypatch.setattr(runs, "apply_run", counted)
    refused = scored = turns_ended = 0
    for state in [*in_play, *(short_of_points(spot, ap) for spot in in_play[::3] for ap in (1, 2))]:
        seat = state.to_act[0]
        for actions in runs_to_try(state, seat, rng):
            whole = taken(state, seat, actions, whole=True)
            assert whole == taken(state, seat, actions, whole=False), actions
            refused += isinstance(whole[0], tuple)
            scored += any(event.kind == "goal" for event in whole[0]) if isinstance(whole[0], list) else 0
            turns_ended += whole[1]["side"] != state.side
    assert refused > 200 and scored > 5 and turns_ended > 50
    assert fast["taken"] > 500 and fast["given back"] > 200  # both ways were put to the test


@pytest.mark.parametrize("restart", ["redeploy", "kick-off-positions"])
def test_a_run_into_goal_taken_whole_is_the_run_taken_action_by_action(restart: str) -> None:
    state = position(["f19", "j4"], ["r6"], ball={"holder": "seat1:2"}, ap=5, options={"restart": restart})
    run_in = state.plans("seat1")[0]
    for actions in (run_in, (*run_in, run_in[-1]), (*run_in, END_TURN), run_in[:-1], (*run_in[:-1], END_TURN)):
        whole = taken(state, "seat1", actions, whole=True)
        assert whole == taken(state, "seat1", actions, whole=False)
        assert isinstance(whole[0], tuple) == (len(actions) > len(run_in))  # nothing is played on after a goal
    assert whole[1]["score"] == [0, 0] and taken(state, "seat1", run_in, whole=True)[1]["score"] == [1, 0]


def test_a_run_taken_whole_rolls_scripted_dice_as_the_engine_does() -> None:
    run = (MOVES[2][0], TACKLES[2])  # up to the carrier, and tackle it
    for dice in ([5, 3], [5]):  # the second runs out of dice: the run is not taken at all
        state = position(["f19", "j13"], ["j2", "j11"], ball={"holder": "seat2:2"}, dice=dice)
        whole = taken(state, "seat1", run, whole=True)
        assert whole == taken(state, "seat1", run, whole=False)
        assert isinstance(whole[0], list) == (len(dice) == 2)


def test_a_step_written_once_is_the_step_written_afresh(in_play: list[FriendlyState]) -> None:
    g = in_play[0].game
    steps = 0
    for state in in_play[::3]:
        seat = state.to_act[0]
        for action in state.legal_actions(seat):
            if not isinstance(action, Move):
                continue
            g.kept_lines.clear()
            fresh = state.clone()
            fresh.apply(seat, action)
            kept = state.clone()
            kept.apply(seat, action)
            assert kept.events == fresh.events and everything(kept) == everything(fresh)
            if fresh.events[len(state.events)].kind != "move":
                continue  # a step into goal is told by the goal's own line, written each time
            assert kept.events[len(state.events)] is fresh.events[len(state.events)]  # from memory
            steps += 1
    assert steps > 300
    assert g.__getstate__()["kept_lines"] == {}  # a copy sent elsewhere leaves them behind


@pytest.mark.parametrize("options", [{}, {"action_points": 3, "off_turn_intercept_ap": 2, "match_turns": 60}])
def test_a_game_logged_from_memory_is_the_game_logged_afresh(options: dict[str, Any]) -> None:
    """Games, once with every kept log line forgotten before each action and once with
    them remembered from game to game (each game twice, so the second time from memory)."""
    match = game(**options)
    logs: dict[bool, list[Any]] = {True: [], False: []}
    for forget in (True, False):
        for seed in (11, 12, 13, 11, 12, 13):
            rng, dice = random.Random(seed), Randomness(seed)
            state = match.new_state(seed=seed)
            while not state.is_over:
                if forget:
                    match.kept_lines.clear()
                seat = rng.choice(state.to_act)  # the rules of thumb (who carry the ball about) against random
                state.apply(seat, state.suggest(seat, dice) if seat == "seat1" else rng.choice(state.legal_actions(seat)))
            logs[forget].append([event.to_json() for event in state.events])
    assert logs[True] == logs[False]
    kinds = {key[0] for key in match.kept_lines}
    assert {procedures.TURN_LINE, procedures.END_LINE} < kinds and len(kinds) > 5


def test_kept_lines_stay_bounded(monkeypatch: pytest.MonkeyPatch, in_play: list[FriendlyState]) -> None:
    monkeypatch.setattr(procedures, "LINES_KEPT", 5)
    in_play[0].game.kept_lines.clear()
    for state in in_play[:20]:
        seat = state.to_act[0]
        for action in state.legal_actions(seat)[:4]:
            state.clone().apply(seat, action)
            assert len(state.game.kept_lines) <= 5
