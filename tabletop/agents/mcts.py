"""Monte Carlo tree search over the public engine API, for any registered game.

* **Plans.** The search weighs each seat's :meth:`~tabletop.core.State.plans`: runs of its own
  actions a player thinks of as one decision (a whole path, allocation or manoeuvre), so its depth
  is not spent on single steps. Once it picks a plan, the rest of the plan is played in the real
  game without searching again, while it stays legal and nobody else has acted. In its
  simulations a plan crosses the engine's boundary whole (``State.apply_all``) where the game
  has a path of its own for that.
* **Open loop.** Tree nodes are reached by the sequence of moves, not by the positions they led
  to. Every iteration starts from a fresh copy of the position whose chance generator is re-seeded,
  so dice and deals are re-simulated on each pass and the statistics average over them.
* **Information sets.** In games with hidden information each iteration starts from
  ``state.determinize(seat, rng)``: a world consistent with what the searching seat has seen
  (single-observer information-set MCTS). Plans that exist only in some worlds are scored with
  "availability" counts, so they are not favoured for being rarely legal.
* **Simultaneous turns** use regret matching (:mod:`tabletop.agents.tree`), and the move played
  is drawn from the searching seat's average strategy: mixed play where bluffing matters.
  In real-time games one of the waiting seats acts at a time, picked by chance below the root.
* **Rollouts** follow each game's heuristic (``State.suggest``) or play at random, and stop after
  ``depth`` moves, scoring the position with ``State.evaluate``; finished games score their result.
* **Budgets**: ``iterations=500`` or ``think=1`` (seconds, also ``1s``/``250ms``); with both, it stops
  at whichever comes first. ``workers=2`` runs that many independent searches in parallel
  processes and adds up their root statistics (root-parallel search).
* **Per-game settings** (:mod:`tabletop.agents.settings`): each game's tuned options, chosen by
  measurement, are the defaults; options in the spec override them.
"""

from __future__ import annotations

import math
import time
from collections.abc import Mapping
from typing import Any, cast

from tabletop.core import Action, IllegalAction, Randomness, State

from .base import register_agent
from .collector import collector_paused
from .parallel import prepare_workers, search_in_parallel
from .settings import SearchSettings, fresh_chance, private_world, search_settings
from .speed import DEFAULT_SPEED, PacedAgent
from .tree import Edge, Move, Node, Offer, Plan, SearchReport, learn_regrets, regret_strategy

__all__ = ["MCTSAgent", "SearchReport"]

Pick = tuple[str, Plan, Edge, bool, list[Edge] | None, list[float] | None, int]


@register_agent
class MCTSAgent(PacedAgent):
    """Open-loop information-set Monte Carlo tree search over plans, with heuristic rollouts."""

    name = "mcts"
    thinks = True
    #: Keep the positions that every iteration reaches alike (no hidden information, and no chance
    #: drawn on the way) and start from them, instead of playing the same moves again each time.
    #: The same search either way: only a test turns it off, to prove that.
    shares_positions = True
    #: The most positions one search keeps (a kept Cagway Bay position takes about 5 KB, so a long
    #: think would otherwise grow by megabytes a second); past it, new nodes replay their moves.
    kept_positions = 20_000
    summary = ("searches ahead by simulation (options: iterations, think, depth, c, rollout, widen, prior, "
               "margin, explore, workers, speed)")

    def __init__(self, seed: int = 0, speed: str = DEFAULT_SPEED, **options: Any) -> None:
        super().__init__(seed, speed)
        self.options: dict[str, Any] = dict(options)
        settings = search_settings(None, self.options)  # refuse bad options now, not at the first move
        if settings.workers > 1:
            prepare_workers(settings.workers)
        self.last = SearchReport()
        self._pending: tuple[str, int, Plan] | None = None
        self._room = 0  # positions the running search may still keep

    @property
    def think(self) -> float | None:
        return search_settings(None, self.options).think

    # -- the decision --------------------------------------------------------------------------

    def choose(self, state: State, seat: str) -> Action:
        legal = state.legal_actions(seat)
        follow = self._continue_plan(state, seat)
        if follow is not None:
            return follow
        if len(legal) == 1:
            self.last = SearchReport()
            return legal[0]
        only = self._only_plan(state, seat)
        if only is not None:
            self.last = SearchReport()
            return self._start(state, seat, only)
        settings = search_settings(state.game.name, self.options)
        # The tree is dropped before the collector is back on, so its first pass need not walk
        # every node the search made (the tree holds no cycles: reference counting frees it).
        with collector_paused():
            plan, self.last = self._search_and_pick(state, seat, settings)
        if plan is None:
            return self.rng.choice(legal)
        return self._start(state, seat, plan)

    def _search_and_pick(self, state: State, seat: str, settings: SearchSettings) -> tuple[Plan | None, SearchReport]:
        """Search, and the plan to play (None: no searched plan is legal) with the search's report."""
        started = time.perf_counter()
        if settings.workers > 1:
            root, done, workers = search_in_parallel(self, state, seat, settings)
        else:
            (root, done), workers = self.search(state, seat, settings, self.rng), 1
        report = SearchReport(iterations=done, seconds=time.perf_counter() - started, workers=workers)
        return self._best(state, seat, root, settings, report), report

    def _start(self, state: State, seat: str, plan: Plan) -> Action:
        """Play the plan's first action now, and keep the rest for the next decisions."""
        if len(plan) > 1:
            self._pending = (seat, len(state.history) + 1, plan[1:])
        return plan[0]

    @classmethod
    def _only_plan(cls, state: State, seat: str) -> Plan | None:
        """The game's one plan, when it offers just one: nothing to search. Only where nothing is
        hidden, since a game's plans may weigh the whole position."""
        if state.game.info.hidden_information:
            return None
        plans = state.plans(seat)
        return plans[0] if len(plans) == 1 and cls._legal_in_real(state, seat, plans[0][0]) else None

    def _continue_plan(self, state: State, seat: str) -> Action | None:
        """The next action of the plan chosen earlier, if the game went on as the plan expected."""
        pending, self._pending = self._pending, None
        if pending is None:
            return None
        planner, steps, rest = pending
        if planner != seat or len(state.history) != steps or not rest:
            return None
        if not self._legal_in_real(state, seat, rest[0]):
            return None
        if len(rest) > 1:
            self._pending = (seat, steps + 1, rest[1:])
        self.last = SearchReport(continued=True)
        return rest[0]

    def search(self, state: State, seat: str, settings: SearchSettings, rng: Randomness) -> tuple[Node, int]:
        """Run one search from ``state`` for ``seat``: its root and the iterations it made."""
        root = Node()
        if self.shares_positions and not state.game.info.hidden_information:
            root.position = state.clone()
        self._room = self.kept_positions
        real_time = state.game.info.turn_style == "real-time"
        started = time.perf_counter()
        deadline = started + settings.think if settings.think is not None else math.inf
        done = 0
        now = started
        with collector_paused():
            # Stop when another iteration of the average length would overrun the time budget.
            while (settings.iterations is None or done < settings.iterations) and (
                done == 0 or now + (now - started) / done < deadline
            ):
                self._iterate(state, seat, root, real_time, settings, rng)
                done += 1
                now = time.perf_counter()
        return root, done

    def _best(self, state: State, seat: str, root: Node, settings: SearchSettings,
              report: SearchReport) -> Plan | None:
        mine = [(plan, edge) for (mover, plan), edge in root.edges.items() if mover == seat and edge.visits]
        by_first: dict[str, tuple[int, float]] = {}
        for plan, edge in mine:
            key = str(plan[0])
            visits, total = by_first.get(key, (0, 0.0))
            by_first[key] = (visits + edge.visits, total + edge.total)
        report.visits = {k: v for k, (v, _t) in by_first.items()}
        report.values = {k: round(t / v, 4) for k, (v, t) in by_first.items()}
        mine = [(plan, edge) for plan, edge in mine if self._legal_in_real(state, seat, plan[0])]
        if not mine:
            return None
        hint = root.hints.get(seat)
        if any(edge.strategy > 0 for _plan, edge in mine):
            best = self._mixed_choice(mine)
            chosen = root.edges[(seat, best)]
        else:
            # The most visited plan; the heuristic's plan wins a tie.
            best, chosen = max(mine, key=lambda pe: (pe[1].visits + (0.5 if pe[0] == hint else 0.0),
                                                     pe[1].mean()))
        if hint is None or best == hint or not self._legal_in_real(state, seat, hint[0]):
            return best
        hinted = root.edges.get((seat, hint))
        # Leave the heuristic's plan only for one the simulations clearly prefer.
        if hinted is not None and hinted.visits and \
                chosen.mean() - hinted.mean() <= settings.margin * math.hypot(chosen.spread(), hinted.spread()):
            return hint
        return best

    def _mixed_choice(self, mine: list[tuple[Plan, Edge]]) -> Plan:
        """A draw from the average strategy of regret matching, ignoring plans it played rarely
        (they are mostly its exploration)."""
        total = sum(edge.strategy for _plan, edge in mine)
        kept = [(plan, edge.strategy) for plan, edge in mine if edge.strategy >= 0.1 * total] or \
            [(plan, edge.strategy) for plan, edge in mine]
        weight = sum(w for _p, w in kept)
        draw = self.rng.random() * weight
        for plan, w in kept:
            draw -= w
            if draw <= 0:
                return plan
        return kept[-1][0]

    @staticmethod
    def _legal_in_real(state: State, seat: str, action: Action) -> bool:
        try:
            state.check(seat, action)
        except IllegalAction:
            return False
        return True

    # -- one iteration -------------------------------------------------------------------------

    def _iterate(self, real: State, seat: str, root: Node, real_time: bool, settings: SearchSettings,
                 rng: Randomness) -> None:
        shared = root.position
        if shared is None:
            world = private_world(real, seat, rng)
            fresh = world.rng
        else:
            fresh = fresh_chance(rng)  # as ``private_world`` gives its copy
            world = shared
        owned = shared is None  # whether ``world`` is this iteration's own copy, to play on
        node = root
        path: list[tuple[Node, list[Pick]]] = []
        while not world.is_over:
            known = node.position is not None and not owned
            ready = node.ready if known else None
            expanded = False
            if ready is not None:
                pick = self._best_tried(*ready, settings)
                picks = [pick]
                picked: tuple[Edge, ...] = (pick[2],)
            else:
                movers = self._movers(world, seat, node is root, real_time, rng)
                simultaneous = len(movers) > 1
                picks = [self._select(world, node, mover, simultaneous, settings, rng, known) for mover in movers]
                for pick in picks:
                    expanded = expanded or pick[3]
                if known and len(world.to_act) == 1:
                    self._get_ready(node, movers[0])
                # each plan offered here has an edge of its own: the edges picked name the moves
                picked = tuple([pick[2] for pick in picks])
            path.append((node, picks))
            step = node.steps.get(picked) if known else None
            if step is not None:
                key, child = step  # the same moves from the same position: the same position again
                world = cast(State, child.position)
            else:
                if not owned:
                    world = world.clone()
                    world.rng = fresh
                    owned = True
                key, replaced = self._play_all(world, picks, rng)
                found = node.children.get(key)
                if found is None:
                    found = node.children[key] = Node()
                    expanded = True
                child = found
                if (known and not replaced and self._untouched(world, fresh) and
                        (child.position is not None or self._room > 0)):
                    # nothing drawn from the root to here: every iteration that plays these moves
                    # meets this very position, so it is kept, to look at and copy, never to play on
                    if child.position is None:
                        world.rng = cast(State, root.position).rng
                        child.position = world
                        self._room -= 1
                    world, owned = child.position, False
                    node.steps[picked] = (key, child)
            node = child
            if expanded:
                break
        if not owned and settings.depth > 0 and not world.is_over:
            world = world.clone()  # a rollout plays on: on a copy of a kept position
            world.rng = fresh
        rewards = self._rollout(world, settings, rng)
        for visited, picks in path:
            for mover, _plan, edge, _new, offered, probabilities, index in picks:
                reward = rewards[mover]
                edge.add(reward)
                visited.seat_visits[mover] = visited.seat_visits.get(mover, 0) + 1
                if offered is not None and probabilities is not None:
                    learn_regrets(offered, probabilities, index, reward)

    @staticmethod
    def _get_ready(node: Node, mover: str) -> None:
        """Mark a kept position where one seat acts and every plan has its edge as ready: each
        later pass there is the same choice by upper confidence bound among the same plans (its
        plans, hint and edges no longer change), made without asking for them again."""
        offer = node.offers.get(mover)
        if offer is not None and offer.whole and offer.plans is node.offered.get(mover):
            node.ready = (mover, offer.plans, offer)

    def _play_all(self, world: State, picks: list[Pick], rng: Randomness) -> tuple[tuple[Move, ...], bool]:
        """Play the picked plans in turn: the moves played, and whether a first step no longer
        allowed was replaced by a drawn one."""
        joint: list[Move] = []
        replaced = False
        for mover, plan, *_rest in picks:
            # The first mover was just read from ``to_act``; a later one may no longer be to act.
            if not joint or mover in world.to_act:
                played = self._play(world, mover, plan, rng)
                replaced = replaced or (bool(played) and played[0] != plan[0])
                joint.append((mover, played))
        return tuple(joint), replaced

    @staticmethod
    def _untouched(world: State, fresh: Randomness) -> bool:
        """Whether the copy's chance generator is still the fresh one, unused: the copy is then
        the same position in every iteration that plays the same moves."""
        return world.rng is fresh and fresh.untouched

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

    def _select(self, world: State, node: Node, mover: str, simultaneous: bool, settings: SearchSettings,
                rng: Randomness, known: bool = False) -> Pick:
        plans = self._offered(world, node, mover, rng, settings, known)
        edges = node.edges
        if simultaneous:
            offer = node.offer(mover, plans)
            if offer.whole:  # a list no longer changed: every entry is an edge
                offered = cast(list[Edge], offer.edges)
                for counted in offered:
                    counted.available += 1
            else:
                offered = []
                for plan, kept in zip(plans, offer.edges, strict=True):
                    edge = kept or edges.get((mover, plan))  # a plan offered twice has one edge
                    if edge is None:
                        edge = edges[(mover, plan)] = Edge()
                    edge.available += 1
                    offered.append(edge)
            probabilities = regret_strategy(offered, settings.explore)
            draw = rng.random()
            index = len(offered) - 1
            for k, p in enumerate(probabilities):
                draw -= p
                if draw < 0:
                    index = k
                    break
            edge = offered[index]
            return mover, plans[index], edge, edge.visits == 0, offered, probabilities, index
        hint = node.hints.get(mover)
        offer = node.offer(mover, plans, hint)
        hinted = offer.hinted
        if offer.whole:
            return self._best_tried(mover, plans, offer, settings)
        tried: list[int] = []
        untried = -1  # the first plan without an edge, or the first such that is the hint
        for k, kept in enumerate(offer.edges):
            if kept is None:
                if untried < 0 or (hinted[k] and not hinted[untried]):
                    untried = k
            else:
                kept.available += 1
                tried.append(k)
        if untried >= 0:
            visits = node.seat_visits.get(mover, 0)
            allowed = math.inf if settings.widen <= 0 else max(1.0, settings.widen * math.sqrt(visits + 1))
            if len(tried) < allowed:
                # The heuristic's plan first, then the game's own order (best first).
                plan = hint if hint is not None and hinted[untried] else plans[untried]
                edge = edges[(mover, plan)] = Edge()
                edge.available = 1
                return mover, plan, edge, True, None, None, 0
        if not tried:  # pragma: no cover - a seat to act always has a plan
            raise RuntimeError(f"{mover} is to act but has no plans")
        return self._best_tried(mover, plans, offer, settings, tried)

    @staticmethod
    def _best_tried(mover: str, plans: list[Plan], offer: Offer, settings: SearchSettings,
                    tried: list[int] | None = None) -> Pick:
        """The tried plan of best upper confidence bound. Without ``tried`` every plan has its own
        edge, whose availability is counted here, in the same pass."""
        found = cast(list[Edge], offer.edges)  # the tried plans' entries, all edges
        count = tried is None
        if count and len(found) == 1:
            found[0].available += 1  # a plan alone is the choice, whatever its bound
            return mover, plans[0], found[0], False, None, None, 0
        hinted = offer.hinted
        c, prior = settings.c, settings.prior
        sqrt, log = math.sqrt, math.log
        best = 0 if tried is None else tried[0]
        best_score = -math.inf
        for k in range(len(found)) if tried is None else tried:
            edge = found[k]
            if count:
                edge.available += 1
            visits = edge.visits
            if visits == 0:
                score = math.inf
            else:
                # Availability, not the parent's visits: a plan legal in few worlds is not favoured.
                score = edge.total / visits + c * sqrt(log(edge.available + 1) / visits)
                if hinted[k]:
                    score += prior / (visits + 1)
            if score > best_score:
                best, best_score = k, score
        return mover, plans[best], found[best], False, None, None, 0

    @staticmethod
    def _offered(world: State, node: Node, mover: str, rng: Randomness, settings: SearchSettings,
                 known: bool = False) -> list[Plan]:
        """The mover's plans here, with the heuristic's own move among them (found once per node).
        ``known``: ``world`` is the node's kept position, whose plans are worked out once."""
        if known:
            found = node.offered.get(mover)
            if found is not None:
                return found
        plans = world.plans(mover)
        if mover not in node.hints:
            hint: Plan | None = None
            if settings.prior > 0:
                action = world.suggest(mover, rng)
                hint = next((p for p in plans if p[0] == action), (action,))
            node.hints[mover] = hint
        hint = node.hints[mover]
        if hint is not None and hint not in plans and MCTSAgent._legal_in_real(world, mover, hint[0]):
            plans = [*plans, hint]  # a new list: a game may hand out one it keeps
        if known:
            plans = node.offered[mover] = list(plans)
        return plans

    @staticmethod
    def _play(world: State, mover: str, plan: Plan, rng: Randomness) -> Plan:
        """Play a plan while it stays legal and the mover stays to act; the part played."""
        if len(plan) > 1 and type(world).apply_all is not State.apply_all:
            # The game takes a whole plan across its boundary at once. The engine's own way
            # copies the position first, to undo a refusal, which would cost more than it saves.
            try:
                world.apply_all(mover, plan)
                return plan
            except IllegalAction:
                pass  # nothing was played: play it step by step, as far as it stays legal
        played: list[Action] = []
        for action in plan:
            try:
                world.apply(mover, action)
            except IllegalAction:
                # A refusal changes nothing, so the game is as it was: over, another's turn, or
                # an action no longer allowed.
                if played or world.is_over or mover not in world.to_act:
                    break
                # Only when an earlier simultaneous move changed what this seat may do.
                action = rng.choice(world.legal_actions(mover))
                world.apply(mover, action)
            played.append(action)
        return tuple(played)

    def _rollout(self, world: State, settings: SearchSettings, rng: Randomness) -> Mapping[str, float]:
        heuristic = settings.rollout == "heuristic"
        real_time = world.game.info.turn_style == "real-time"
        steps = 0
        while not world.is_over and steps < settings.depth:
            if heuristic and world.rollout_settled(settings.depth - steps):
                break  # the rest of the rollout would change nothing it returns
            to_act = world.to_act
            if len(to_act) > 1 and real_time:
                to_act = (to_act[int(rng.random() * len(to_act))],)
            moves = [(mover, world.suggest(mover, rng) if heuristic else rng.choice(world.legal_actions(mover)))
                     for mover in to_act]
            for k, (mover, action) in enumerate(moves):
                if k == 0 or mover in world.to_act:  # as in ``_iterate``
                    self._play(world, mover, (action,), rng)
            steps += 1
        outcome = world.outcome
        if outcome is not None:
            return {s: outcome.returns(s) for s in world.seats}
        return {s: max(-1.0, min(1.0, value)) for s, value in world.evaluations().items()}
