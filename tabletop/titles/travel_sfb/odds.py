"""Odds of an allocation in Travel SFB: the chance it wins movement and the damage it deals.

The cards the other ship holds are unknown, so the answer is an estimate: each sample re-deals
everything this seat has not seen (:meth:`TravelState.determinize`), the seat stops allocating
after this placement, the other ship allocates as the heuristic would, and the turn is turned
up. The answer depends on this seat's information only, never on the other ship's real cards.
"""

from __future__ import annotations

from collections.abc import Iterable

from tabletop.core import Action, Event, Randomness, State
from tabletop.core.odds import Classify, Odds, Reaction, sample_chances

from .actions import Finish, Place

__all__ = ["SAMPLES", "action_odds"]

SAMPLES = 120
ORDER = ("you win movement (you resolve it)", "you win advantage cards", "you deal no damage", "you deal 1 damage",
         "you deal 2 or more damage", "you take damage")


def _until_damage(seat: str, turn: int) -> Reaction:
    chooser = Randomness(5)

    def react(world: State) -> tuple[str, Action] | None:
        if getattr(world, "turn", turn) != turn or not world.to_act:
            return None
        mover = world.to_act[0]
        legal = world.legal_actions(mover)
        if mover == seat and any(isinstance(a, Finish) for a in legal):
            return mover, next(a for a in legal if isinstance(a, Finish))
        return mover, world.suggest(mover, chooser)
    return react


def _turn_result(seat: str) -> Classify:
    def classify(world: State, events: list[Event]) -> Iterable[str]:
        points = 0
        for event in events:
            if event.kind == "resolver" and event.data.get("resolver") == seat:
                yield "you win movement (you resolve it)"
            if event.kind == "advantage" and event.data.get("seat") == seat:
                points = int(event.data.get("points", 0))
            if event.kind == "damage":
                dealt = event.data["dealt"]
                mine = dealt[seat]
                theirs = sum(v for k, v in dealt.items() if k != seat)
                if points:
                    yield "you win advantage cards"
                yield "you deal no damage" if not mine else ("you deal 1 damage" if mine == 1 else
                                                             "you deal 2 or more damage")
                if theirs:
                    yield "you take damage"
                return
    return classify


def action_odds(state: State, seat: str, action: Action, samples: int = SAMPLES) -> Odds | None:
    """Estimated odds of stopping the allocation after ``action`` (a placement or finishing)."""
    if not isinstance(action, (Place, Finish)):
        return None
    odds = sample_chances(state, seat, action, _turn_result(seat), react=_until_damage(seat, getattr(state, "turn", 0)),
                          samples=samples, label=state.describe_action(seat, action),
                          note=f"if you stop allocating here, over {samples} deals of the cards you have not "
                               "seen, the other ship allocating as the heuristic would")
    return odds.ordered(ORDER)
