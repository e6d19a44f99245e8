"""Monte Carlo tree search over the public engine API, for any registered game.

* **Open loop.** Tree nodes are reached by the sequence of moves, not by the positions they led
  to. Every iteration starts from a fresh copy of the position whose chance generator is re-seeded,
  so dice and deals are re-simulated on each pass and the statistics average over them.
* **Information sets.** In games with hidden information each iteration starts from
  ``state.determinize(seat, rng)``: a world consistent with what the searching seat has seen
  (single-observer information-set MCTS). Moves that exist only in some worlds are scored with
  "availability" counts, so they are not favoured for being rarely legal.
* **Simultaneous and real-time turns.** When several seats are to act at once each chooses with
  its own statistics at that node (decoupled UCT) and their joint move selects the child. In
  real-time games one of the waiting seats acts at a time, picked by chance below the root.
* **Rollouts** follow each game's heuristic (``State.suggest``) or play at random, and stop after
  ``depth`` moves, scoring the position with ``State.evaluate``; finished games score their result.
* **Budgets**: ``iterations=500`` or ``think=1`` (seconds, also ``1s``/``250ms``); with both, it stops
  at whichever comes first. The default is 300 iterations, which is reproducible for a seed.

Spec options: ``iterations``, ``think``, ``depth`` (rollout cut-off, default 8), ``c`` (exploration,
default 1.0), ``rollout`` (heuristic or random), ``widen`` (progressive widening factor, default
2.0; 0 turns it off), ``prior`` (the bonus of the heuristic's move, fading with its visits;
default 0.5, 0 turns it off), ``margin`` (the search leaves the heuristic's move only for a move
whose mean reward is better by this many standard errors; default 1, 0 takes the most visited
move), ``speed`` (real-time pace).
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field

from tabletop.core import Action, IllegalAction, Randomness, State

from .base import register_agent
from .settings import parse_choice, parse_float, parse_int, parse_seconds, private_world
from .speed import DEFAULT_SPEED, PacedAgent

__all__ = ["MCTSAgent", "SearchReport"]

DEFAULT_ITERATIONS = 300
Move = tuple[str, Action]


class _Edge:
    """Statistics of one seat's move from one node."""

    __slots__ = ("available", "squares", "total", "visits")

    def __init__(self) -> None:
        self.visits = 0
        self.total = 0.0
        self.squares = 0.0
        self.available = 0

    def mean(self) -> float:
        return self.total / self.visits if self.visits else 0.0

    def spread(self) -> float:
        """The standard error of the mean reward."""
        if self.visits < 2:
            return 1.0
        variance = max(0.0, self.squares / self.visits - self.mean() ** 2)
        return math.sqrt(variance / self.visits)


class _Node:
    """A point in the open-loop tree: per-seat move statistics and children by joint move."""

    __slots__ = ("children", "edges", "hints", "seat_visits")

    def __init__(self) -> None:
        self.edges: dict[Move, _Edge] = {}
        self.children: dict[tuple[Move, ...], _Node] = {}
        self.seat_visits: dict[str, int] = {}
        self.hints: dict[str, Action | None] = {}


@dataclass
class SearchReport:
    """What the last search did: for benchmarks, tests and curious players."""

    iterations: int = 0
    seconds: float = 0.0
    visits: dict[str, int] = field(default_factory=dict)
    values: dict[str, float] = field(default_factory=dict)

    @property
    def iterations_per_second(self) -> float:
        return self.iterations / self.seconds if self.seconds > 0 else 0.0


@register_agent
class MCTSAgent(PacedAgent):
    """Open-loop information-set Monte Carlo tree search with heuristic rollouts."""

    name = "mcts"
    summary = ("searches ahead by simulation (options: iterations, think, depth, c, rollout, widen, prior, "
               "margin, speed)")

    def __init__(
        self,
        seed: int = 0,
        iterations: object = None,
        think: object = None,
        depth: object = 8,
        c: object = 1.0,
        rollout: object = "heuristic",
        widen: object = 2.0,
        prior: object = 0.5,
        margin: object = 1.0,
        speed: str = DEFAULT_SPEED,
    ) -> None:
        super().__init__(seed, speed)
        self.think = parse_seconds("think", think) if think is not None else None
        if iterations is not None:
            self.iterations: int | None = parse_int("iterations", iterations, minimum=1)
        else:
            self.iterations = None if self.think is not None else DEFAULT_ITERATIONS
        self.depth = parse_int("depth", depth, minimum=0)
        self.exploration = parse_float("c", c, minimum=0.0)
        self.rollout = parse_choice("rollout", rollout, ("heuristic", "random"))
        self.widen = parse_float("widen", widen, minimum=0.0)
        self.prior = parse_float("prior", prior, minimum=0.0)
        self.margin = parse_float("margin", margin, minimum=0.0)
        self.last = SearchReport()

    # -- the decision --------------------------------------------------------------------------

    def choose(self, state: State, seat: str) -> Action:
        legal = state.legal_actions(seat)
        if len(legal) == 1:
            self.last = SearchReport()
            return legal[0]
        root = _Node()
        real_time = state.game.info.turn_style == "real-time"
        started = time.perf_counter()
        deadline = started + self.think if self.think is not None else math.inf
        done = 0
        while (self.iterations is None or done < self.iterations) and (
            done == 0 or time.perf_counter() < deadline
        ):
            self._iterate(state, seat, root, real_time)
            done += 1
        elapsed = time.perf_counter() - started
        return self._best(state, seat, root, legal, done, elapsed)

    def _best(self, state: State, seat: str, root: _Node, legal: list[Action], done: int,
              elapsed: float) -> Action:
        report = SearchReport(iterations=done, seconds=elapsed)
        best: Action | None = None
        best_key: tuple[float, float] = (-1.0, -math.inf)
        hint = root.hints.get(seat)
        for (mover, action), edge in root.edges.items():
            if mover != seat or edge.visits == 0:
                continue
            mean = edge.total / edge.visits
            report.visits[str(action)] = edge.visits
            report.values[str(action)] = round(mean, 4)
            # The most visited move; the heuristic's move wins a tie.
            key = (edge.visits + (0.5 if action == hint else 0.0), mean)
            if key > best_key and self._legal_in_real(state, seat, action):
                best, best_key = action, key
        self.last = report
        if best is None:
            return self.rng.choice(legal)
        if hint is None or best == hint:
            return best
        hinted = root.edges.get((seat, hint))
        if hinted is not None and hinted.visits and self._legal_in_real(state, seat, hint):
            chosen = root.edges[(seat, best)]
            # Leave the heuristic's move only for one the simulations clearly prefer.
            if chosen.mean() - hinted.mean() <= self.margin * math.hypot(chosen.spread(), hinted.spread()):
                return hint
        return best

    @staticmethod
    def _legal_in_real(state: State, seat: str, action: Action) -> bool:
        try:
            state.check(seat, action)
        except IllegalAction:
            return False
        return True

    # -- one iteration -------------------------------------------------------------------------

    def _iterate(self, real: State, seat: str, root: _Node, real_time: bool) -> None:
        rng = self.rng
        world = private_world(real, seat, rng)
        node = root
        path: list[tuple[_Node, list[tuple[str, _Edge]]]] = []
        while not world.is_over:
            movers = self._movers(world, seat, node is root, real_time, rng)
            picks: list[tuple[str, Action, _Edge, bool]] = [self._select(world, node, mover, rng)
                                                            for mover in movers]
            joint: list[Move] = []
            for mover, action, _edge, _new in picks:
                if mover in world.to_act:
                    joint.append((mover, self._apply(world, mover, action, rng)))
            path.append((node, [(mover, edge) for mover, _a, edge, _n in picks]))
            key = tuple(joint)
            child = node.children.get(key)
            expanded = any(new for *_rest, new in picks)
            if child is None:
                child = node.children[key] = _Node()
                expanded = True
            node = child
            if expanded:
                break
        rewards = self._rollout(world, rng)
        for visited, moves in path:
            for mover, edge in moves:
                reward = rewards[mover]
                edge.visits += 1
                edge.total += reward
                edge.squares += reward * reward
                visited.seat_visits[mover] = visited.seat_visits.get(mover, 0) + 1

    @staticmethod
    def _movers(world: State, seat: str, at_root: bool, real_time: bool, rng: Randomness) -> tuple[str, ...]:
        to_act = world.to_act
        if len(to_act) == 1:
            return to_act
        if real_time:
            # Whoever is quicker acts first; the searching seat studies its own move at the root.
            if at_root and seat in to_act:
                return (seat,)
            return (to_act[int(rng.random() * len(to_act))],)
        return to_act

    def _select(self, world: State, node: _Node, mover: str, rng: Randomness) -> tuple[str, Action, _Edge, bool]:
        legal = world.legal_actions(mover)
        edges = node.edges
        tried: list[tuple[Action, _Edge]] = []
        untried: list[Action] = []
        for action in legal:
            edge = edges.get((mover, action))
            if edge is None:
                untried.append(action)
            else:
                edge.available += 1
                tried.append((action, edge))
        if untried:
            visits = node.seat_visits.get(mover, 0)
            allowed = math.inf if self.widen <= 0 else max(1.0, self.widen * math.sqrt(visits + 1))
            if len(tried) < allowed:
                action = self._first_choice(world, node, mover, untried, rng)
                edge = edges[(mover, action)] = _Edge()
                edge.available = 1
                return mover, action, edge, True
        if not tried:  # pragma: no cover - legal is never empty for a seat to act
            raise RuntimeError(f"{mover} is to act but has no legal actions")
        c = self.exploration
        hint = node.hints.get(mover)
        best_action, best_edge = tried[0]
        best_score = -math.inf
        for action, edge in tried:
            if edge.visits == 0:
                score = math.inf
            else:
                # Availability, not the parent's visits: a move legal in few worlds is not favoured.
                score = edge.total / edge.visits + c * math.sqrt(math.log(edge.available + 1) / edge.visits)
                if action == hint:
                    score += self.prior / (edge.visits + 1)
            if score > best_score:
                best_action, best_edge, best_score = action, edge, score
        return mover, best_action, best_edge, False

    def _first_choice(self, world: State, node: _Node, mover: str, untried: list[Action],
                      rng: Randomness) -> Action:
        """The heuristic's move is tried first at each node, and keeps a bonus that fades with
        its visits (progressive bias): with few iterations the search leans on the heuristic,
        and leaves it only when the simulations say so."""
        if mover not in node.hints:
            hint = world.suggest(mover, rng) if self.prior > 0 else None
            node.hints[mover] = hint
            if hint is not None and hint in untried:
                return hint
        return untried[int(rng.random() * len(untried))]

    @staticmethod
    def _apply(world: State, mover: str, action: Action, rng: Randomness) -> Action:
        try:
            world.apply(mover, action)
        except IllegalAction:
            # Only when an earlier simultaneous move changed what this seat may do.
            action = rng.choice(world.legal_actions(mover))
            world.apply(mover, action)
        return action

    def _rollout(self, world: State, rng: Randomness) -> dict[str, float]:
        heuristic = self.rollout == "heuristic"
        steps = 0
        while not world.is_over and steps < self.depth:
            to_act = world.to_act
            if len(to_act) > 1 and world.game.info.turn_style == "real-time":
                to_act = (to_act[int(rng.random() * len(to_act))],)
            moves = []
            for mover in to_act:
                if heuristic:
                    moves.append((mover, world.suggest(mover, rng)))
                else:
                    moves.append((mover, rng.choice(world.legal_actions(mover))))
            for mover, action in moves:
                if mover in world.to_act:
                    self._apply(world, mover, action, rng)
            steps += 1
        outcome = world.outcome
        if outcome is not None:
            return {s: outcome.returns(s) for s in world.seats}
        return {s: max(-1.0, min(1.0, world.evaluate(s))) for s in world.seats}
