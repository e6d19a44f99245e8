"""The schema of a Travel SFB view (documented in ``docs/rules/travel-sfb.md``, section 6).

Card codes are strings such as ``"KS"``; a card whose face the viewer may not see is left out:
a whole row is ``null`` while hidden, and inside a row the viewer can see, a card still face down
to the viewer (its own advantage cards in Offense) is ``null``.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from tabletop.core.view import BaseView, ViewModel

__all__ = ["TravelView"]

Seat = Literal["seat1", "seat2"]
Row = Literal["offense", "movement", "defense"]
Call = Literal["use-batteries", "recharge-batteries", "use-engines", "no-call"]


class RowView(ViewModel):
    count: int | None = Field(description="cards in the row; null behind the screen")
    cards: list[str | None] | None = Field(description="faces bottom first; null while the row is face down")


class ReserveView(ViewModel):
    kind: Literal["batteries", "engines"]
    cards: int
    state: Literal["none", "ready", "spent"]


class PendingAdvantage(ViewModel):
    points: int
    into_hand: bool


class ShipView(ViewModel):
    ship: str
    name: str
    limits: dict[Row, int]
    generation: int
    max_generation: int
    reserve: ReserveView
    power_call: Call | None
    power_called: bool
    cards_held: int
    hand: list[str] | None = Field(description="the viewer's own hand; null for the other ship")
    hand_count: int | None
    rows: dict[Row, RowView]
    advantage_in_offense: int
    free_placements: int
    finished_allocating: bool
    advantage_next_turn: PendingAdvantage


class InitiativeView(ViewModel):
    first_placer: Seat
    placing_now: Seat | None


class LiveMovement(ViewModel):
    resolver: Seat
    pairs: list[tuple[str, str]] = Field(description="[resolver's card, other ship's card] per pair so far")
    next_to_pair: str | None
    next_to_pair_owner: Seat | None
    points: dict[Seat, int]


class PairResult(ViewModel):
    seat1: str
    seat2: str
    higher: Seat | None = Field(description="whose card ranks higher; null for equal ranks")
    point_to: Seat | None = Field(description="who scored the pair's advantage point")


class Unpaired(ViewModel):
    seat: Seat
    cards: list[str]
    points: int


class MovementResult(ViewModel):
    resolver: Seat | None = Field(description="who resolved movement; null when nobody did")
    reason: str = Field(description="why, a key of movement.REASONS")
    why: str = Field(description="the reason in words, as the log gives it")
    pairs: list[PairResult]
    unpaired: Unpaired | None
    settled: Literal["keep", "cancel"] | None = Field(description="the resolver's answer when both ships scored")


class LastTurn(ViewModel):
    turn: int
    offense: dict[Seat, int]
    defense: dict[Seat, int]
    damage_dealt: dict[Seat, int]
    advantage: dict[Seat, int]
    movement: MovementResult
    revealed: dict[Seat, dict[Literal["offense", "movement", "defense"], list[str]]] = Field(
        description="the cards each ship turned up in each row; cards left in hand are never shown")


class TravelView(BaseView):
    turn: int
    turn_limit: int
    phase: Literal["power", "allocate", "pair", "settle", "over"]
    deck_count: int
    ships: dict[Seat, ShipView]
    open_allocation: bool
    last_turn: LastTurn | None = Field(description="the turn before, kept until the next one ends")
    initiative: InitiativeView | None = Field(None, description="only with open_allocation")
    movement: LiveMovement | None = Field(None, description="only while pairing or settling")
