"""The search's newer parts: plans played on without searching again, regret matching at
simultaneous turns, root-parallel search and per-game tuned settings."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest
from hypothesis import given
from hypothesis import settings as hypothesis_settings
from hypothesis import strategies as st

import tabletop
import tests.pig  # noqa: F401
from tabletop.agents import BadAgentSpec, make_agent
from tabletop.agents import settings as settings_module
from tabletop.agents.mcts import MCTSAgent
from tabletop.agents.settings import SEARCH_OPTIONS, search_settings, tuned_options
from tabletop.agents.tree import Edge, Node
from tabletop.core import Action, ActionCodec, Game, GameInfo, Outcome, Randomness, State, register
from tests.pig import Hold, PigGame, PigState, Roll


class PlannedPigState(PigState):
    def plans(self, seat: str) -> list[tuple[Action, ...]]:
        return [(Roll(), Roll(), Hold())]


@register
class PlannedPigGame(PigGame):
    info = GameInfo(**{**PigGame.info.__dict__, "name": "test-pig-plans", "title": "Pig with plans"})

    def _new_state(self, rng: Randomness, scenario: dict[str, Any] | None) -> PigState:
        return PlannedPigState(self, rng)


def test_a_chosen_plan_is_played_on_without_searching_again():
    state = tabletop.load("test-pig-plans").new_state(seed=1, dice=[3, 4])
    agent = make_agent("mcts:iterations=20,margin=0,prior=0", seed=2)
    played = []
    for _ in range(3):
        action = agent.choose(state, "seat1")
        played.append((action, agent.last.continued))
        state.apply("seat1", action)
    assert played == [(Roll(), False), (Roll(), True), (Hold(), True)]
    assert state.banked["seat1"] == 7


def test_a_plan_is_dropped_when_the_game_went_another_way():
    state = tabletop.load("test-pig-plans").new_state(seed=1, dice=[1, 5])
    agent = make_agent("mcts:iterations=20,margin=0,prior=0", seed=2)
    state.apply("seat1", agent.choose(state, "seat1"))  # a 1: the turn passes
    state.apply("seat2", Roll())
    state.apply("seat2", Hold())
    assert agent.choose(state, "seat1") == Roll()  # the plan from its start again
    assert not agent.last.continued


@dataclass(frozen=True, slots=True)
class Throw(Action):
    kind = "throw"
    sign: str


BEATS = {"rock": "scissors", "paper": "rock", "scissors": "paper"}


@register
class ThrowGame(Game):
    """Rock, paper, scissors, and a fourth sign, ``blank``, that loses to everything."""

    info = GameInfo(name="test-throw", title="Throw", summary="One simultaneous throw.", min_seats=2,
                    max_seats=2, options=(), hidden_information=False, turn_style="simultaneous")
    codec = ActionCodec(Throw)

    def _new_state(self, rng: Randomness, scenario: dict[str, Any] | None) -> ThrowState:
        return ThrowState(self, rng)


class ThrowState(State):
    def __init__(self, game: Game, rng: Randomness) -> None:
        super().__init__(game, rng)
        self.thrown: dict[str, str] = {}

    @property
    def to_act(self) -> tuple[str, ...]:
        return tuple(s for s in self.seats if s not in self.thrown)

    def _legal_actions(self, seat: str) -> list[Action]:
        return [Throw(sign) for sign in ("rock", "paper", "scissors", "blank")]

    def _apply(self, seat: str, action: Action) -> None:
        assert isinstance(action, Throw)
        self.thrown[seat] = action.sign

    @property
    def outcome(self) -> Outcome | None:
        if len(self.thrown) < 2:
            return None
        a, b = self.thrown["seat1"], self.thrown["seat2"]
        if a == b:
            return Outcome((), {}, "the same sign")
        first_wins = b == "blank" or (a != "blank" and BEATS[a] == b)
        return Outcome(("seat1",) if first_wins else ("seat2",), {}, "a throw")

    def _view(self, seat: str | None) -> dict[str, Any]:
        return {"thrown": len(self.thrown)}


def test_regret_matching_mixes_its_throws_and_never_throws_the_losing_sign():
    state = tabletop.load("test-throw").new_state(seed=0)
    chosen = {make_agent("mcts:iterations=400,prior=0", seed=seed).choose(state, "seat1").sign  # type: ignore[attr-defined]
              for seed in range(12)}
    assert "blank" not in chosen
    assert len(chosen) >= 2


def test_root_parallel_search_adds_up_the_workers_and_repeats_for_a_seed():
    state = tabletop.load("test-pig").new_state(seed=9)
    first = make_agent("mcts:iterations=40,workers=2", seed=5)
    choice = first.choose(state, "seat1")
    assert first.last.workers == 2 and first.last.iterations == 40
    again = make_agent("mcts:iterations=40,workers=2", seed=5)
    assert again.choose(state, "seat1") == choice and again.last.visits == first.last.visits


def test_spec_options_override_a_games_tuned_settings(monkeypatch):
    monkeypatch.setattr(settings_module, "tuned_options", lambda game: {"iterations": 70, "depth": 2})
    assert search_settings("any", {}).iterations == 70
    assert search_settings("any", {"depth": "5"}).depth == 5
    capped = search_settings("any", {"think": "1s"})
    assert (capped.iterations, capped.think) == (70, 1.0)
    assert search_settings("any", {"think": "1s", "iterations": "none"}).iterations is None
    with pytest.raises(BadAgentSpec, match="does not take the options"):
        make_agent("mcts:colour=red")


@pytest.mark.parametrize("info", [i for i in tabletop.games() if not i.name.startswith("test-")],
                         ids=lambda i: i.name)
def test_every_tuned_settings_file_names_known_options_with_good_values(info):
    tuned = tuned_options(info.name)
    assert set(tuned) <= set(SEARCH_OPTIONS)
    settings = search_settings(info.name, {})
    assert settings.iterations is not None, "the strongest player must repeat its games for a seed"


def test_a_games_only_plan_is_played_without_a_search():
    state = tabletop.load("test-pig-plans").new_state(seed=1, dice=[3])
    agent = make_agent("mcts:iterations=20", seed=2)
    assert agent.choose(state, "seat1") == Roll()
    assert agent.last.iterations == 0


@pytest.mark.parametrize("info", [i for i in tabletop.games() if not i.name.startswith("test-")],
                         ids=lambda i: i.name)
def test_a_search_leaves_no_reference_cycles_and_the_collector_on(info):
    """The search pauses the cycle collector (``collector.py``), which is safe only while nothing
    it makes holds a reference cycle: checked in every game from mid-game positions."""
    import gc

    from tabletop.testing import heuristic_positions

    positions = heuristic_positions(tabletop.load(info.name), 5, every=7, max_steps=300)
    for state in positions:  # a game's plans may import what they need on first use (imports make cycles)
        for seat in state.to_act:
            state.plans(seat)
    gc.collect()
    searches = 0
    for index, state in enumerate(positions[1:]):
        seat = next((s for s in state.to_act if len(state.legal_actions(s)) > 1), None)
        if seat is None or searches == 3:
            continue
        agent = make_agent("hard:iterations=40,think=30", seed=index)
        agent.choose(state, seat)
        searches += agent.last.iterations > 0
        assert gc.isenabled()
    assert searches == 3
    assert gc.collect() == 0


_PLANS = [(Roll(),), (Roll(), Hold()), (Hold(),), (Roll(), Roll(), Hold())]


@hypothesis_settings(max_examples=100, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(["seat1", "seat2"]),
                          st.lists(st.tuples(st.integers(0, len(_PLANS) - 1), st.booleans()), max_size=5),
                          st.integers(0, len(_PLANS) - 1), st.booleans()), max_size=12))
def test_the_edges_a_node_keeps_for_an_offer_are_the_edges_it_holds(steps):
    """A node keeps the edges found for the last plans offered to each seat, and which plans are
    the hint: they are always what a fresh look-up finds, whatever plans and hints come (the same
    objects, equal copies, others) and whatever edges are added in between."""
    node = Node()
    for mover, offer, added, copy in steps:
        plans = [tuple(list(_PLANS[k])) if fresh else _PLANS[k] for k, fresh in offer]
        hint = _PLANS[added] if copy else None
        kept = node.offer(mover, plans, hint)
        fresh = [node.edges.get((mover, plan)) for plan in plans]
        assert kept.edges == fresh
        assert kept.hinted == [plan == hint for plan in plans]
        assert kept.whole == (bool(plans) and None not in fresh and len({id(edge) for edge in fresh}) == len(plans))
        plan = tuple(list(_PLANS[added])) if copy else _PLANS[added]
        node.edges.setdefault((mover, plan), Edge())


def test_a_plan_is_played_while_it_stays_legal_and_the_seat_stays_to_act():
    """A plan stops where the seat's turn ends, or at a step no longer allowed; a first step no
    longer allowed gives way to a legal action; a finished game plays nothing."""
    play = MCTSAgent._play
    rng = Randomness(1)
    turn_ends = tabletop.load("test-pig").new_state(seed=1, dice=[1])
    assert play(turn_ends, "seat1", (Roll(), Roll(), Hold()), rng) == (Roll(),)  # a 1 passes the turn
    assert turn_ends.to_act == ("seat2",)
    stopped = tabletop.load("test-throw").new_state(seed=0)
    assert play(stopped, "seat1", (Throw("rock"), Throw("paper")), rng) == (Throw("rock"),)
    refused = tabletop.load("test-throw").new_state(seed=0)
    replaced = play(refused, "seat1", (Throw("lizard"),), rng)
    assert len(replaced) == 1 and replaced[0] in refused.legal_actions("seat2")
    assert refused.to_act == ("seat2",)
    over = tabletop.load("test-pig").new_state(scenario={"banked": {"seat1": 20}})
    assert play(over, "seat1", (Roll(),), rng) == ()
