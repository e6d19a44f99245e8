"""Odds before a Friendly Sporting Competition roll: passes, tackles, jostles and tries for a
ball in the air.

Every die is counted (:func:`tabletop.core.odds.enumerate_chances`). While a pass is in the
air the passing side goes for it with its first teamster on offer; the main figures assume the
other side lets it go, and "intercepted up to" is the chance when it goes for every ball it
may.
"""

from __future__ import annotations

from collections.abc import Iterable

from tabletop.core import Action, Event, State
from tabletop.core.odds import Classify, Odds, Reaction, combine, enumerate_chances

from .actions import DontTry, Jostle, Pass, Tackle, Try
from .rules import SEATS, TEAM_SIZE

__all__ = ["action_odds"]

RIVAL_CASES = 1500
RIVAL_SAMPLES = 150
SETTLING = ("intercept", "gather", "loose", "goal", "contest", "knocked-free")
TACKLE_LABELS = {"won": "wins the ball", "won-loose": "wins, the ball lies loose", "tie": "knocks the ball free",
                 "failed": "fails"}
PASS_ORDER = ("a teammate has it", "a goal", "the ball ends loose", "the other side has it",
              "an own goal: the other side scores")
TRY_ORDER = ("catches it", "misses", "beaten to it", "a tie: nobody holds it")
JOSTLE_LABELS = {"floored": "floors them", "no-effect": "no effect", "foul": "loses badly: a foul"}


def _settled(events: list[Event]) -> bool:
    return any(e.kind in SETTLING for e in events)


def _reaction(passer: str | None, rivals_try: bool) -> Reaction:
    """Each decision while the ball flies: the passer (if any) goes for it with its first teamster
    on offer, the other side only when ``rivals_try``; everyone else lets it go."""
    def react(world: State) -> tuple[str, Action] | None:
        if getattr(world, "flight", None) is None or not world.to_act:
            return None
        seat = world.to_act[0]
        legal = world.legal_actions(seat)
        tries = [a for a in legal if isinstance(a, Try)]
        wants = seat == passer or rivals_try
        return seat, (tries[0] if tries and wants else next(a for a in legal if isinstance(a, DontTry)))
    return react


def _pass_result(passer: str) -> Classify:
    side = SEATS.index(passer)

    def classify(world: State, events: list[Event]) -> Iterable[str]:
        goal = next((e for e in events if e.kind == "goal"), None)
        if goal is not None:
            yield "a goal" if goal.data["side"] == passer else "an own goal: the other side scores"
            return
        holder = getattr(world, "holder", -1)
        if holder < 0:
            yield "the ball ends loose"
        elif holder // TEAM_SIZE == side:
            yield "a teammate has it"
        else:
            yield "the other side has it"
    return classify


def _interceptions(passer: str) -> Classify:
    side = SEATS.index(passer)

    def classify(world: State, events: list[Event]) -> Iterable[str]:
        for event in events:
            if event.kind == "intercept" and event.data.get("teamster", 0) // TEAM_SIZE != side:
                yield "intercepted up to"
    return classify


def _try_result(teamster: int) -> Classify:
    def classify(world: State, events: list[Event]) -> Iterable[str]:
        roll = next((e for e in events if e.kind == "intercept-roll" and e.data["teamster"] == teamster), None)
        if roll is None:
            return
        if not roll.data["success"]:
            yield "misses"
        elif any(e.kind == "intercept" and e.data["teamster"] == teamster for e in events):
            yield "catches it"
        elif any(e.kind == "contest" and teamster in e.data["teamsters"] for e in events):
            yield "a tie: nobody holds it"
        else:
            yield "beaten to it"
    return classify


def _tried(events: list[Event]) -> bool:
    return any(e.kind == "intercept-roll" for e in events)


def _contest(labels: dict[str, str], kind: str) -> Classify:
    def classify(world: State, events: list[Event]) -> Iterable[str]:
        for event in events:
            if event.kind == kind:
                yield labels[event.data["result"]]
            elif event.kind == "foul":
                yield "a foul"
    return classify


def action_odds(state: State, seat: str, action: Action) -> Odds | None:
    """The chances for a rolling action, or None for one that rolls nothing."""
    label = state.describe_action(seat, action)
    if isinstance(action, Tackle):
        return enumerate_chances(state, seat, action, _contest(TACKLE_LABELS, "tackle"),
                                 settled=_settled, label=label).ordered([*TACKLE_LABELS.values(), "a foul"])
    if isinstance(action, Jostle):
        return enumerate_chances(state, seat, action, _contest(JOSTLE_LABELS, "jostle"),
                                 label=label).ordered([*JOSTLE_LABELS.values(), "a foul"])
    if isinstance(action, Try):
        teamster = SEATS.index(seat) * TEAM_SIZE + action.who - 1
        return enumerate_chances(state, seat, action, _try_result(teamster), react=_reaction(None, False),
                                 settled=_tried, label=label, note="if nobody else goes for it").ordered(TRY_ORDER)
    if not isinstance(action, Pass):
        return None
    main = enumerate_chances(state, seat, action, _pass_result(seat), react=_reaction(seat, False),
                             settled=_settled, label=label, max_cases=RIVAL_CASES, samples=RIVAL_SAMPLES)
    # Every square of a long pass may draw a try from both sides: count the short ones, and
    # sample the rest, so the whole menu's odds come in a moment.
    rivals = enumerate_chances(state, seat, action, _interceptions(seat), react=_reaction(seat, True),
                               settled=_settled, label=label, max_cases=RIVAL_CASES, samples=RIVAL_SAMPLES)
    return combine(label, (main.ordered(PASS_ORDER), rivals), "if the other side lets it go")
