"""The schema of a Fightball view (documented in ``docs/rules/fightball.md``, section 5).

Every card on the court and in the discard piles is face up, so a view carries each card as it
is printed; only the decks' order and a coach's held card (unless taken face up) stay hidden.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from tabletop.core.view import BaseView, ViewModel

__all__ = ["FightballView"]

Seat = Literal["home", "away"]
Colour = Literal["red", "blue", "green"]


class _Card(ViewModel):
    id: int
    slug: str
    name: str
    owner: Seat = Field(description="whose deck it comes from, which is who played it")


class PlayerCard(_Card):
    kind: Literal["player"]
    position: str
    shot: tuple[int, int, int] = Field(description="Shot Value in the red, blue and green zones")
    block: tuple[int, int, int] = Field(description="Block Value in the red, blue and green zones")
    printed: tuple[int, int, int, int, int, int] = Field(
        description="the six numbers top to bottom: red, blue, green Shot, then green, blue, red Block")


class BallCard(_Card):
    kind: Literal["ball"]
    colour: Colour


class ShotCard(_Card):
    kind: Literal["shot"]
    shot: tuple[int, int, int] = Field(description="value in the red, blue and green zones")
    border: Colour = Field(description="the zone the Shot is best in")


class PerDiscard(ViewModel):
    pile: Literal["own", "opponent"]
    kind: Literal["player", "ball", "shot", "effect", "any"]
    each: int
    max: int


class EffectOps(ViewModel):
    """The operations an effect prints (data/vocabulary.json); those it does not use are absent."""

    shot: int | None = None
    shot_per_discard: PerDiscard | None = None
    points: int | None = None
    double: bool | None = None
    points_choice: int | None = None
    scorer: Literal["owner"] | None = None
    zone: Colour | None = None
    cancel: Literal["previous", "all"] | None = None
    foul: int | None = None
    in_zones: list[Colour] | None = None


class EffectCard(_Card):
    kind: Literal["effect"]
    text: str
    ops: EffectOps


class BuzzCard(_Card):
    kind: Literal["buzz"]


Card = Annotated[PlayerCard | BallCard | ShotCard | EffectCard | BuzzCard, Field(discriminator="kind")]


class CoachView(ViewModel):
    team: str
    name: str
    deck: int = Field(description="cards left in the deck")
    holding: bool
    held: Card | None = Field(description="the held card, if the viewer may see it")
    discard: list[Card] = Field(description="the discard pile, bottom first")


class PlayView(ViewModel):
    status: Literal["empty", "false-start", "incomplete", "complete"]
    shooter: Seat | None
    value: int | None = Field(description="the Shot Value as the stack stands")
    ball: bool
    succeeds: bool
    scorer: Seat | None
    play_points: int
    points: dict[Seat, int]
    fouls: dict[Seat, int]
    colour: Colour | None = Field(description="the zone colour the play is scored in")
    moved_to: str | None = Field(description="the zone an effect moved the play to, if it was moved")
    running: list[int | None] = Field(description="the Shot Value as it stood after each card, bottom first")


class StackView(ViewModel):
    stack: int
    label: str
    zone: str
    zone_name: str
    colour: Colour
    worth: int = Field(description="points for a successful play on this court card")
    cards: list[Card] = Field(description="bottom first")
    play: PlayView


class ChoiceView(ViewModel):
    seat: Seat
    stack: int
    card: EffectCard
    options: tuple[int, int]
    scorer: Seat
    waiting: int


class FightballView(BaseView):
    quarter: int
    quarters: int
    phase: Literal["fast", "buzzer-beater", "scoring", "over"]
    score: dict[Seat, int]
    quarter_points: list[tuple[int, int]]
    coaches: dict[Seat, CoachView]
    court: list[StackView] = Field(min_length=24, max_length=24)
    buzzer_beater: Seat | None = Field(description="the coach who may still play a Shot after the Buzz")
    clock: float = Field(description="seconds on the game's clock")
    buzzer_beater_closes_at: float | None = Field(description="when the buzzer-beater window closes")
    choice: ChoiceView | None
    last_scoring: list[str]
