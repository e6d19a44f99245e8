"""The cards as data: pydantic models for the JSON files, and the small frozen records the engine
uses on its hot path (one :class:`Card` per physical card in a match).

Colours are indexed RED=0, BLUE=1, GREEN=2 everywhere; seats are indexed HOME=0, AWAY=1.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

__all__ = [
    "BALL",
    "BUZZ",
    "COLOURS",
    "EFFECT",
    "PLAYER",
    "SHOT",
    "Card",
    "CardTable",
    "Court",
    "Effect",
    "build_table",
    "court",
    "library",
    "team",
    "team_slugs",
]

DATA = Path(__file__).parent / "data"
COLOURS = ("red", "blue", "green")
RED, BLUE, GREEN = 0, 1, 2
PLAYER, BALL, SHOT, EFFECT, BUZZ = 0, 1, 2, 3, 4
KIND_NAMES = ("player", "ball", "shot", "effect", "buzz")

Colour = Literal["red", "blue", "green"]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


# -- the JSON files ------------------------------------------------------------------------------


class ZoneModel(_Strict):
    zone: str
    side: Literal["home", "away"] | None
    colour: Colour
    stacks: int = Field(ge=1)


class CourtModel(_Strict):
    about: str = ""
    zones: list[ZoneModel]
    court_cards_per_team: dict[Colour, int]
    play_points: dict[Colour, int]
    success_threshold: int
    matching_ball_bonus: int
    after_the_shot_foul_points: int
    early_shot_foul_points: int
    quarters: int = Field(ge=1)


class DiscardCount(_Strict):
    pile: Literal["own", "opponent"]
    kind: Literal["player", "ball", "shot", "effect", "any"]
    each: int
    max: int = Field(ge=0)


class EffectOps(_Strict):
    """The effect vocabulary (data/vocabulary.json); every field is one operation."""

    shot: int = 0
    shot_per_discard: DiscardCount | None = None
    points: int = 0
    double: bool = False
    points_choice: int = 0
    scorer: Literal["owner"] | None = None
    zone: Colour | None = None
    cancel: Literal["previous", "all"] | None = None
    foul: int = 0


class BallModel(_Strict):
    slug: str
    name: str
    colour: Colour


class ShotModel(_Strict):
    slug: str
    name: str
    border: Colour
    values: dict[Colour, int]

    @model_validator(mode="after")
    def _every_zone(self) -> ShotModel:
        if set(self.values) != set(COLOURS):
            raise ValueError(f"shot {self.slug} needs a value for red, blue and green")
        return self


class EffectModel(_Strict):
    slug: str
    name: str
    text: str
    ops: EffectOps
    in_zones: list[Colour] | None = None


class LibraryModel(_Strict):
    about: str = ""
    balls: list[BallModel]
    shots: list[ShotModel]
    effects: list[EffectModel]


class PlayerValues(_Strict):
    red_shot: int
    blue_shot: int
    green_shot: int
    green_block: int
    blue_block: int
    red_block: int


class PlayerModel(_Strict):
    slug: str
    name: str
    position: str
    copies: int = Field(ge=1)
    values: PlayerValues


class TeamModel(_Strict):
    slug: str
    name: str
    possessive: str
    character: str
    court: dict[Colour, int]
    players: list[PlayerModel]
    balls: dict[str, int]
    shots: dict[str, int]
    effects: dict[str, int]


class DataError(ValueError):
    """A data file is missing or does not match its schema."""


def _load(model: type[BaseModel], path: Path) -> BaseModel:
    try:
        return model.model_validate(json.loads(path.read_text(encoding="utf-8")))
    except (OSError, json.JSONDecodeError) as exc:
        raise DataError(f"cannot read {path.name}: {exc}") from None
    except ValidationError as exc:
        problems = "; ".join(f"{'.'.join(map(str, e['loc']))}: {e['msg']}" for e in exc.errors()[:5])
        raise DataError(f"{path.name} is not valid: {problems}") from None


# -- runtime records -----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Effect:
    """One Special Effect's operations, flattened for the scorer."""

    shot: int
    per_discard: tuple[int, int, int, int] | None  # (own=0/opponent=1, kind or -1 for any, each, max)
    points: int
    double: bool
    points_choice: int
    takes_points: bool
    zone: int | None
    cancel: str | None
    foul: int
    in_zones: tuple[int, ...] | None
    text: str

    def printed(self) -> dict[str, object]:
        """The operations the card prints, by their vocabulary names (none left at its default)."""
        ops: dict[str, object] = {}
        if self.shot:
            ops["shot"] = self.shot
        if self.per_discard is not None:
            pile, kind, each, most = self.per_discard
            ops["shot_per_discard"] = {"pile": ("own", "opponent")[pile],
                                       "kind": "any" if kind < 0 else KIND_NAMES[kind], "each": each, "max": most}
        for name, value in (("points", self.points), ("double", self.double), ("points_choice", self.points_choice),
                            ("foul", self.foul)):
            if value:
                ops[name] = value
        if self.takes_points:
            ops["scorer"] = "owner"
        if self.zone is not None:
            ops["zone"] = COLOURS[self.zone]
        if self.cancel is not None:
            ops["cancel"] = self.cancel
        if self.in_zones is not None:
            ops["in_zones"] = [COLOURS[c] for c in self.in_zones]
        return ops


@dataclass(frozen=True, slots=True)
class Card:
    """One physical card. ``character`` identifies a Player across copies (owner and slug)."""

    id: int
    owner: int
    kind: int
    slug: str
    name: str
    colour: int = -1  # a Ball's colour; a Shot card's border (the zone it is best in)
    shot: tuple[int, int, int] = (0, 0, 0)  # Player or Shot card: Shot Value by colour
    block: tuple[int, int, int] = (0, 0, 0)  # Player: Block Value by colour
    effect: Effect | None = None
    position: str = ""
    character: str = ""

    def to_json(self) -> dict[str, object]:
        """The printed card: a Player's position and Shot and Block Values (red, blue, green) and
        its six numbers as printed top to bottom, a Shot card's values and border, a Ball's colour,
        an Effect's text and the operations it prints."""
        data: dict[str, object] = {"id": self.id, "slug": self.slug, "name": self.name, "kind": KIND_NAMES[self.kind]}
        if self.kind == PLAYER:
            data["position"] = self.position
            data["shot"] = list(self.shot)
            data["block"] = list(self.block)
            data["printed"] = [*self.shot, *reversed(self.block)]
        elif self.kind == SHOT:
            data["shot"] = list(self.shot)
            data["border"] = COLOURS[self.colour]
        elif self.kind == BALL:
            data["colour"] = COLOURS[self.colour]
        elif self.effect is not None:
            data["text"] = self.effect.text
            data["ops"] = self.effect.printed()
        return data


@dataclass(frozen=True, slots=True)
class Court:
    """Where each of the 24 stacks lies: its zone name, side (0 home, 1 away, -1 shared) and colour."""

    zone_names: tuple[str, ...]
    sides: tuple[int, ...]
    colours: tuple[int, ...]
    labels: tuple[str, ...]  # "away-red-1" ...
    play_points: tuple[int, int, int]
    threshold: int
    ball_bonus: int
    after_shot_foul: int
    early_shot_foul: int
    quarters: int
    # FB-RULING-EARLY-SHOT: whether an Early Shot's foul stands once a New Shooter restarts the play.
    early_shot_foul_survives: bool = True

    @property
    def size(self) -> int:
        return len(self.sides)


@dataclass(frozen=True, slots=True)
class CardTable:
    """Every card of one match: ids 0..n-1, home's deck first. ``buzz[seat]`` is each Buzz."""

    cards: tuple[Card, ...]
    teams: tuple[TeamModel, TeamModel]
    names: tuple[str, str]  # display names (suffixed when both seats field the same team)
    possessives: tuple[str, str]
    buzz: tuple[int, int]
    decks: tuple[tuple[int, ...], tuple[int, ...]]  # each seat's deck cards, Buzz excluded
    by_slug: tuple[dict[str, tuple[int, ...]], dict[str, tuple[int, ...]]]
    shot_values: tuple[tuple[tuple[int, ...], ...], ...]  # [seat][colour]: that seat's Shot cards' values

    def verb(self, side: int, plural: str, singular: str) -> str:
        """The verb form that agrees with a team's name, read off its possessive: "Aztecs'" is
        plural ("Aztecs discard"), "The Dark's" singular ("The Dark discards")."""
        return singular if self.possessives[side].endswith("'s") else plural


@cache
def court() -> Court:
    model = _load(CourtModel, DATA / "court.json")
    assert isinstance(model, CourtModel)
    sides: list[int] = []
    colours: list[int] = []
    zones: list[str] = []
    labels: list[str] = []
    for zone in model.zones:
        for number in range(1, zone.stacks + 1):
            sides.append({"home": 0, "away": 1, None: -1}[zone.side])
            colours.append(COLOURS.index(zone.colour))
            zones.append(zone.zone)
            labels.append(f"{zone.zone}-{number}")
    per_team = sum(model.court_cards_per_team.values())
    if per_team * 2 != len(sides):
        raise DataError(f"court.json: {len(sides)} stacks but each team brings {per_team} court cards")
    return Court(
        zone_names=tuple(zones),
        sides=tuple(sides),
        colours=tuple(colours),
        labels=tuple(labels),
        play_points=(model.play_points["red"], model.play_points["blue"], model.play_points["green"]),
        threshold=model.success_threshold,
        ball_bonus=model.matching_ball_bonus,
        after_shot_foul=model.after_the_shot_foul_points,
        early_shot_foul=model.early_shot_foul_points,
        quarters=model.quarters,
    )


@cache
def library() -> LibraryModel:
    model = _load(LibraryModel, DATA / "cards.json")
    assert isinstance(model, LibraryModel)
    vocabulary = json.loads((DATA / "vocabulary.json").read_text(encoding="utf-8"))
    declared = {op["name"] for op in vocabulary["operations"]}
    if declared != set(EffectOps.model_fields):
        raise DataError(f"vocabulary.json and the effect model disagree: {sorted(declared ^ set(EffectOps.model_fields))}")
    return model


def team_slugs() -> tuple[str, ...]:
    return tuple(sorted(p.stem for p in (DATA / "teams").glob("*.json")))


@cache
def team(slug: str) -> TeamModel:
    path = DATA / "teams" / f"{slug}.json"
    if not path.exists():
        raise DataError(f"there is no team {slug!r}; the teams are {', '.join(team_slugs())}")
    model = _load(TeamModel, path)
    assert isinstance(model, TeamModel)
    lib = library()
    known = {
        "balls": {b.slug for b in lib.balls},
        "shots": {s.slug for s in lib.shots},
        "effects": {e.slug for e in lib.effects},
    }
    for section, names in known.items():
        unknown = set(getattr(model, section)) - names
        if unknown:
            raise DataError(f"{path.name}: unknown {section} {sorted(unknown)}")
    return model


def _effect(model: EffectModel) -> Effect:
    ops = model.ops
    per = None
    if ops.shot_per_discard is not None:
        d = ops.shot_per_discard
        kind = -1 if d.kind == "any" else KIND_NAMES.index(d.kind)
        per = (0 if d.pile == "own" else 1, kind, d.each, d.max)
    return Effect(
        shot=ops.shot,
        per_discard=per,
        points=ops.points,
        double=ops.double,
        points_choice=ops.points_choice,
        takes_points=ops.scorer == "owner",
        zone=None if ops.zone is None else COLOURS.index(ops.zone),
        cancel=ops.cancel,
        foul=ops.foul,
        in_zones=None if model.in_zones is None else tuple(COLOURS.index(c) for c in model.in_zones),
        text=model.text,
    )


@cache
def build_table(home: str, away: str) -> CardTable:
    """Number every card of a home-versus-away match (the same team may meet itself)."""
    lib = library()
    balls = {b.slug: b for b in lib.balls}
    shots = {s.slug: s for s in lib.shots}
    effects = {e.slug: e for e in lib.effects}
    cards: list[Card] = []
    decks: list[tuple[int, ...]] = []
    buzzes: list[int] = []
    by_slug: list[dict[str, tuple[int, ...]]] = []
    models = (team(home), team(away))
    for owner, model in enumerate(models):
        ids: list[int] = []
        slugs: dict[str, list[int]] = {}

        def add(card: Card, ids: list[int] = ids, slugs: dict[str, list[int]] = slugs) -> None:
            cards.append(card)
            ids.append(card.id)
            slugs.setdefault(card.slug, []).append(card.id)

        for player in model.players:
            v = player.values
            for _ in range(player.copies):
                add(Card(len(cards), owner, PLAYER, player.slug, player.name,
                         shot=(v.red_shot, v.blue_shot, v.green_shot),
                         block=(v.red_block, v.blue_block, v.green_block),
                         position=player.position, character=f"{owner}:{player.slug}"))
        for slug, count in model.balls.items():
            for _ in range(count):
                add(Card(len(cards), owner, BALL, slug, balls[slug].name, colour=COLOURS.index(balls[slug].colour)))
        for slug, count in model.shots.items():
            values = shots[slug].values
            for _ in range(count):
                add(Card(len(cards), owner, SHOT, slug, shots[slug].name, colour=COLOURS.index(shots[slug].border),
                         shot=(values["red"], values["blue"], values["green"])))
        for slug, count in model.effects.items():
            effect = _effect(effects[slug])
            for _ in range(count):
                add(Card(len(cards), owner, EFFECT, slug, effects[slug].name, effect=effect))
        decks.append(tuple(ids))
        buzz = Card(len(cards), owner, BUZZ, "buzz", "Buzz")
        cards.append(buzz)
        buzzes.append(buzz.id)
        slugs["buzz"] = [buzz.id]
        by_slug.append({k: tuple(v) for k, v in slugs.items()})
    names = [m.name for m in models]
    possessives = [m.possessive for m in models]
    if home == away:
        names = [f"{m.name} (home)" if i == 0 else f"{m.name} (away)" for i, m in enumerate(models)]
        possessives = [f"{n}'" if n.endswith("s") else f"{n}'s" for n in names]
    return CardTable(
        cards=tuple(cards),
        teams=(models[0], models[1]),
        names=(names[0], names[1]),
        possessives=(possessives[0], possessives[1]),
        buzz=(buzzes[0], buzzes[1]),
        decks=(decks[0], decks[1]),
        by_slug=(by_slug[0], by_slug[1]),
        shot_values=tuple(
            tuple(tuple(sorted(c.shot[colour] for c in cards if c.owner == seat and c.kind == SHOT))
                  for colour in range(3))
            for seat in (0, 1)
        ),
    )
