"""Kept positions: where the moves from the root to a node drew no chance, every iteration meets
the same position there, so the search keeps it (with the plans offered there) and starts from
it instead of playing the same moves again. Each kept answer is checked against the position and
plans a fresh replay of the moves gives, and the whole search against one that keeps nothing."""

from __future__ import annotations

from typing import Any

import pytest

import tabletop
import tests.agents.test_search  # noqa: F401  (registers test-pig-plans)
from tabletop.agents import make_agent
from tabletop.agents.mcts import MCTSAgent
from tabletop.agents.settings import search_settings
from tabletop.agents.tree import Node
from tabletop.core import Randomness, State
from tabletop.testing import fingerprint, heuristic_positions

#: (game, spec, positions searched): the deterministic game, and dice games where few moves are
#: chance-free, so positions are kept in some places and not in others.
CASES = [
    ("cagway-bay", "hard:iterations=120", 2),
    ("cargo-bay-ball", "hard:iterations=60", 1),
    ("friendly-competition", "hard:iterations=40", 1),
    ("test-pig-plans", "mcts:iterations=60", 1),
]


def _searches(name: str, spec: str, count: int) -> list[tuple[State, str, MCTSAgent]]:
    found = []
    for state in heuristic_positions(tabletop.load(name), 3, every=5, max_steps=120)[1:]:
        seat = next((s for s in state.to_act if len(state.legal_actions(s)) > 1), None)
        if seat is not None and len(found) < count:
            agent = make_agent(spec, seed=len(found))
            assert isinstance(agent, MCTSAgent)
            found.append((state, seat, agent))
    assert len(found) == count
    return found


def _tree(root: Node) -> list[tuple[Any, ...]]:
    """Every statistic of a tree, node by node in a fixed order."""
    out: list[tuple[Any, ...]] = []
    stack = [root]
    while stack:
        node = stack.pop()
        out.append((sorted((str(move), e.visits, e.total, e.squares, e.available, e.regret, e.strategy)
                           for move, e in node.edges.items()),
                    sorted(node.seat_visits.items()), sorted((k, str(v)) for k, v in node.hints.items())))
        stack.extend(node.children[key] for key in sorted(node.children, key=str))
    return out


def _same_position(kept: State, replayed: State) -> bool:
    """The two are the same position: what everyone sees, the log, the moves and what each seat
    may do; in Cagway Bay, whose saved form keeps nothing worked out, every byte of it too (with
    the chance generators set alike)."""
    def seen(state: State) -> tuple[Any, ...]:
        return (state.view(None), [e.to_json() for e in state.events], state.history,
                {seat: state.legal_actions(seat) for seat in state.seats})

    if seen(kept) != seen(replayed):
        return False
    if kept.game.name != "cagway-bay":
        return True
    kept, replayed = kept.clone(), replayed.clone()
    kept.rng = Randomness(0)
    replayed.rng = Randomness(0)
    return fingerprint(kept) == fingerprint(replayed)


@pytest.mark.parametrize(("name", "spec", "count"), CASES, ids=[case[0] for case in CASES])
def test_a_search_from_kept_positions_is_the_search_that_replays_every_move(name, spec, count, monkeypatch):
    """The same tree, statistic for statistic, and the same choice, with positions kept or not."""
    for state, seat, agent in _searches(name, spec, count):
        settings = search_settings(name, agent.options)
        twin = make_agent(spec, seed=agent.seed)
        assert isinstance(twin, MCTSAgent)
        kept_root, kept_done = agent.search(state, seat, settings, agent.rng)
        with monkeypatch.context() as patch:
            patch.setattr(MCTSAgent, "shares_positions", False)
            fresh_root, fresh_done = twin.search(state, seat, settings, twin.rng)
        assert fresh_root.position is None and kept_root.position is not None
        assert (kept_done, _tree(kept_root)) == (fresh_done, _tree(fresh_root))
        assert agent.rng.random() == twin.rng.random()  # the same draws from the search's generator


def test_a_search_keeps_at_most_its_share_of_positions_and_searches_the_same(monkeypatch):
    """Past the search's limit on kept positions, new nodes replay their moves: the same tree."""
    for state, seat, agent in _searches("cagway-bay", "hard:iterations=120", 2):
        settings = search_settings("cagway-bay", agent.options)
        twin = make_agent("hard:iterations=120", seed=agent.seed)
        assert isinstance(twin, MCTSAgent)
        kept_root, kept_done = agent.search(state, seat, settings, agent.rng)
        with monkeypatch.context() as patch:
            patch.setattr(MCTSAgent, "kept_positions", 3)
            capped_root, capped_done = twin.search(state, seat, settings, twin.rng)
        assert _kept(capped_root) == 3 + 1 < _kept(kept_root)  # the root's own, and three more
        assert (capped_done, _tree(capped_root)) == (kept_done, _tree(kept_root))


def _kept(root: Node) -> int:
    """How many nodes of the tree keep their position."""
    count, stack = 0, [root]
    while stack:
        node = stack.pop()
        count += node.position is not None
        stack.extend(node.children.values())
    return count


@pytest.mark.parametrize(("name", "spec", "count"), CASES, ids=[case[0] for case in CASES])
def test_every_kept_position_and_its_plans_are_what_replaying_its_moves_gives(name, spec, count):
    kept = steps = ready = 0
    for state, seat, agent in _searches(name, spec, count):
        root, _done = agent.search(state, seat, search_settings(name, agent.options), agent.rng)
        stack: list[tuple[Node, State, bool]] = [(root, state.clone(), True)]
        while stack:
            node, world, chance_free = stack.pop()
            # a position is kept exactly where no chance was drawn on the way
            assert (node.position is not None) == chance_free
            if node.position is not None:
                kept += 1
                assert _same_position(node.position, world)
                for mover, offered in node.offered.items():
                    plans = world.plans(mover)
                    hint = node.hints[mover]
                    if hint is not None and hint not in plans and MCTSAgent._legal_in_real(world, mover, hint[0]):
                        plans = [*plans, hint]
                    assert offered == plans
                if node.ready is not None:
                    # one seat to act, every plan offered with its own edge: a pass needs nothing else
                    ready += 1
                    mover, plans, offer = node.ready
                    assert world.to_act == (mover,) and plans is node.offered[mover]
                    assert offer.edges == [node.edges[(mover, plan)] for plan in plans]
                moves = {id(edge): move for move, edge in node.edges.items()}
                for edges, (key, child) in node.steps.items():
                    picked = [moves[id(edge)] for edge in edges]
                    steps += 1
                    assert node.children[key] is child and child.position is not None
                    played = world.clone()
                    played.rng = Randomness(1)
                    assert agent._play_all(played, [(m, p, None, False, None, None, 0) for m, p in picked],
                                           Randomness(2)) == (key, False)
                    assert played.rng.untouched and _same_position(child.position, played)
            for key, child in node.children.items():
                if not chance_free:  # below a draw of chance each iteration meets its own position
                    stack.append((child, world, False))
                    continue
                after = world.clone()
                after.rng = Randomness(3)
                for mover, moves in key:
                    for action in moves:
                        after.apply(mover, action)
                stack.append((child, after, after.rng.untouched))
    assert kept > 1
    if name == "cagway-bay":
        assert steps > 100  # nothing in a Cagway Bay move phase draws chance
        assert ready > 10


@pytest.mark.parametrize("info", [i for i in tabletop.games() if not i.name.startswith("test-")],
                         ids=lambda i: i.name)
def test_a_games_queries_draw_nothing_from_its_chance_generator(info):
    """Kept positions are looked at (plans, the rules of thumb, evaluations, legality) by many
    iterations, each with its own chance to come: no look may draw from the position's own."""
    for state in heuristic_positions(tabletop.load(info.name), 4, every=6, max_steps=150):
        state.rng = Randomness(7)
        for seat in state.to_act:
            for plan in state.plans(seat):
                state.check(seat, plan[0])
            state.suggest(seat, Randomness(1))
        state.evaluations()
        assert state.rng.random() == Randomness(7).random()  # copying the generator draws nothing
