"""The search tree of :mod:`tabletop.agents.mcts`: move statistics and how a seat picks a move.

A node keeps, per seat, statistics of that seat's plans (runs of its own actions a player thinks
of as one decision, from :meth:`~tabletop.core.State.plans`). Two ways of choosing:

* **UCB with availability** where one seat acts: a plan's exploration term counts the iterations
  in which it was on offer, so a plan legal in few sampled worlds is not favoured.
* **Regret matching** where several seats act at once (simultaneous turns): each seat plays in
  proportion to its positive regrets, mixed with a little uniform exploration, and learns from an
  importance-weighted estimate of every plan's reward. Its average strategy converges towards an
  equilibrium of the turn, the mixed play a game of bluff needs; plain UCB would be exploited.

>>> edges = {("a",): Edge(), ("b",): Edge()}
>>> probabilities = regret_strategy(list(edges.values()), exploration=0.0)
>>> probabilities
[0.5, 0.5]
>>> learn_regrets(list(edges.values()), probabilities, chosen=0, reward=1.0)
>>> [round(e.regret, 2) for e in edges.values()], regret_strategy(list(edges.values()), 0.0)
([1.0, -1.0], [1.0, 0.0])
"""

from __future__ import annotations

import math
import operator
from dataclasses import dataclass, field

from tabletop.core import Action, State

__all__ = ["Edge", "Move", "Node", "Offer", "Plan", "SearchReport", "learn_regrets", "regret_strategy"]

Plan = tuple[Action, ...]
Move = tuple[str, Plan]


class Edge:
    """Statistics of one seat's plan from one node."""

    __slots__ = ("available", "regret", "squares", "strategy", "total", "visits")

    def __init__(self) -> None:
        self.visits = 0
        self.total = 0.0
        self.squares = 0.0
        self.available = 0
        self.regret = 0.0
        self.strategy = 0.0

    def mean(self) -> float:
        return self.total / self.visits if self.visits else 0.0

    def spread(self) -> float:
        """The standard error of the mean reward."""
        if self.visits < 2:
            return 1.0
        variance = max(0.0, self.squares / self.visits - self.mean() ** 2)
        return math.sqrt(variance / self.visits)

    def add(self, reward: float) -> None:
        self.visits += 1
        self.total += reward
        self.squares += reward * reward

    def merge(self, other: Edge) -> None:
        """Fold in another search's statistics for the same plan (root-parallel search)."""
        self.visits += other.visits
        self.total += other.total
        self.squares += other.squares
        self.available += other.available
        self.strategy += other.strategy


class Node:
    """A point in the open-loop tree: per-seat plan statistics and children by joint move."""

    __slots__ = ("children", "edges", "hints", "offered", "offers", "position", "ready", "seat_visits", "steps")

    def __init__(self) -> None:
        self.edges: dict[Move, Edge] = {}
        self.children: dict[tuple[Move, ...], Node] = {}
        self.seat_visits: dict[str, int] = {}
        self.hints: dict[str, Plan | None] = {}
        #: Per seat, the last offer made here (see :meth:`offer`).
        self.offers: dict[str, Offer] = {}
        #: The position every iteration meets here, where the moves from the root to it drew no
        #: chance (see ``MCTSAgent``'s shared positions); None where it varies or is not kept.
        self.position: State | None = None
        #: Per seat, the plans offered at ``position`` (with the heuristic's), worked out once.
        self.offered: dict[str, list[Plan]] = {}
        #: From ``position``: the moves picked (the edge of each seat's plan) to the moves they
        #: played and the child they lead to, where playing them drew no chance.
        self.steps: dict[tuple[Edge, ...], tuple[tuple[Move, ...], Node]] = {}
        #: At ``position``, where one seat acts and each plan offered has its edge: that seat, its
        #: plans and their offer, all a pass there needs to choose (None until then).
        self.ready: tuple[str, list[Plan], Offer] | None = None

    def offer(self, mover: str, plans: list[Plan], hint: Plan | None = None) -> Offer:
        """``plans`` offered to ``mover`` here: the edge of each (None where the plan has none
        yet), as ``edges`` holds them, and which of them equal ``hint``.

        Iterations through a node mostly meet the same plans, made of the very same action
        objects, and comparing a list of identical objects is far cheaper than hashing every
        plan into ``edges`` or comparing it with the hint: so the last offer is kept. Edges are
        only ever added, never replaced or removed, so a kept edge is still the one ``edges``
        holds, and a plan found without one still has none while the count of edges is the same.

        >>> node = Node()
        >>> node.edges[("a", ("x",))] = kept = Edge()
        >>> offer = node.offer("a", [("x",), ("y",)], hint=("y",))
        >>> offer.edges == [kept, None], offer.hinted, offer.whole
        (True, [False, True], False)
        >>> node.edges[("a", ("y",))] = new = Edge()
        >>> offer = node.offer("a", [("x",), ("y",)], hint=("y",))
        >>> offer.edges == [kept, new], offer.whole
        (True, True)
        """
        edges = self.edges
        last = self.offers.get(mover)
        if last is not None and last.hint is hint and (last.plans is plans or last.plans == plans):
            if last.known == len(edges):
                return last
        else:
            # the plans kept with the node's position never change: no copy of them is needed
            kept = self.offered.get(mover)
            last = self.offers[mover] = Offer(plans if plans is kept else list(plans), hint)
        found = last.edges
        for k, edge in enumerate(found):
            if edge is None:
                found[k] = edges.get((mover, plans[k]))
        last.known = len(edges)
        last.whole = bool(found) and None not in found and len(set(map(id, found))) == len(found)
        return last


class Offer:
    """Plans offered to a seat at a node, with the edge of each and which equal the hint."""

    __slots__ = ("edges", "hint", "hinted", "known", "plans", "whole")

    def __init__(self, plans: list[Plan], hint: Plan | None) -> None:
        self.plans = plans
        self.hint = hint
        self.hinted = [plan == hint for plan in plans] if hint is not None else [False] * len(plans)
        self.edges: list[Edge | None] = [None] * len(plans)
        self.known = -1  # the node's count of edges when ``edges`` was filled in
        self.whole = False  # whether there are plans, every one with an edge of its own


def regret_strategy(edges: list[Edge], exploration: float) -> list[float]:
    """Each plan's probability: positive regrets normalised, mixed with ``exploration`` uniform."""
    positive = [max(0.0, e.regret) for e in edges]
    total = sum(positive)
    n = len(edges)
    if total <= 0:
        return [1.0 / n] * n
    return [(1 - exploration) * p / total + exploration / n for p in positive]


def learn_regrets(edges: list[Edge], probabilities: list[float], chosen: int, reward: float) -> None:
    """Update regrets from one sampled reward. Each plan's reward is estimated by its mean so far,
    and the chosen plan's estimate is corrected by its surprise, importance-weighted (an unbiased
    estimate with far less noise than the reward alone). Each plan's regret grows by how much its
    estimate beats the strategy's expected reward."""
    estimates = [edge.total / edge.visits if edge.visits else 0.0 for edge in edges]  # each mean()
    estimates[chosen] += (reward - estimates[chosen]) / probabilities[chosen]
    expected = sum(map(operator.mul, probabilities, estimates))
    for k, edge in enumerate(edges):
        edge.regret += estimates[k] - expected
        edge.strategy += probabilities[k]


@dataclass
class SearchReport:
    """What the last search did: for benchmarks, tests and curious players."""

    iterations: int = 0
    seconds: float = 0.0
    visits: dict[str, int] = field(default_factory=dict)
    values: dict[str, float] = field(default_factory=dict)
    workers: int = 1
    continued: bool = False

    @property
    def iterations_per_second(self) -> float:
        return self.iterations / self.seconds if self.seconds > 0 else 0.0
