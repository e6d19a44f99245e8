"""Each game's natural balance dimension, read from the options the game declares.

* **matchup**: two options pick each side (ships, teams, crews, fleets); every pair of entries
  is played both ways round and the matrix shows how each entry does against each other.
* **variants**: option settings (house rules) played as they are; the table shows the first
  seat's edge, the draw rate and the game length under each.

A game without its options, or not registered at all, gives a :class:`DimensionUnavailable`
that says what is missing, so a report can skip it and go on.
"""

from __future__ import annotations

import contextlib
import dataclasses
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from tabletop.core import Game, Option, TabletopError, UnknownGame, game_class, load
from tabletop.core.options import validate_options

__all__ = ["Dimension", "DimensionUnavailable", "dimension_for", "generic_dimension", "with_house_rules"]


class DimensionUnavailable(TabletopError, ValueError):
    """The game (or the options its dimension needs) is not there."""


@dataclass(frozen=True)
class Dimension:
    """What a balance report varies. ``side_options`` name the options that pick each side's entry;
    ``mirrors`` also plays each entry against itself (the diagonal shows the first side's edge)."""

    game: str
    name: str
    kind: Literal["matchup", "variants"]
    entries: tuple[str, ...]
    side_options: tuple[str, str] = ("", "")
    base_options: Mapping[str, Any] = field(default_factory=dict)
    variants: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    costs: Mapping[str, float] = field(default_factory=dict)
    side_value: Callable[[str], str] | None = None
    pair_options: Callable[[str, str], dict[str, Any]] | None = None
    note: str = ""
    mirrors: bool = False

    def matchup_options(self, first: str, second: str) -> dict[str, Any]:
        """Options for a game with ``first`` on the first side and ``second`` on the other."""
        if self.pair_options is not None:
            return {**self.base_options, **self.pair_options(first, second)}
        value = self.side_value or (lambda entry: entry)
        left, right = self.side_options
        return {**self.base_options, left: value(first), right: value(second)}

    def variant_options(self, entry: str) -> dict[str, Any]:
        return {**self.base_options, **self.variants[entry]}


def _option(game: type[Game], name: str) -> Option | None:
    for option in game.info.options:
        if option.name == name:
            return option
    return None


def _need(game: type[Game], *names: str) -> list[Option]:
    found = [_option(game, n) for n in names]
    missing = [n for n, o in zip(names, found, strict=True) if o is None]
    if missing:
        have = ", ".join(o.name for o in game.info.options) or "none"
        raise DimensionUnavailable(f"{game.info.name} does not declare the option(s) {', '.join(missing)} "
                                   f"its balance dimension needs (it has: {have}); skipped")
    return [o for o in found if o is not None]


def _choices(game: type[Game], option: Option, fallback: Callable[[], list[str]] | None = None) -> tuple[str, ...]:
    if option.choices:
        return tuple(str(c) for c in option.choices)
    if fallback is not None:
        values = fallback()
        if values:
            return tuple(values)
    raise DimensionUnavailable(f"{game.info.name} option {option.name!r} lists no choices, so the entries "
                               "of its balance dimension are unknown; skipped")


def _modules(game: type[Game]) -> list[Any]:
    """The game's package, its game module and its ``data`` module (where lists of slugs live)."""
    import importlib

    package_name = game.__module__.rsplit(".", 1)[0]
    found = [importlib.import_module(package_name), importlib.import_module(game.__module__)]
    with contextlib.suppress(ImportError):
        found.append(importlib.import_module(f"{package_name}.data"))
    return found


def _crew_cards(game: type[Game], source: Any) -> Any:
    """The game's crew cards (``load_crew``), from ``source`` when one is named."""
    if source is None:
        return _published(game, "load_crew")
    for module in _modules(game):
        load = getattr(module, "load_crew", None)
        if callable(load):
            try:
                return load(source)
            except TabletopError as exc:
                raise DimensionUnavailable(f"--option crew_cards: {exc}") from None
    return None


def _published(game: type[Game], *attributes: str) -> Any:
    """The first of ``attributes`` the game's modules publish (called, if it is a function)."""
    for module in _modules(game):
        for name in attributes:
            value = getattr(module, name, None)
            if callable(value) and not isinstance(value, type):
                value = value()
            if value is not None:
                return value
    return None


def _module_list(game: type[Game], *attributes: str) -> list[str]:
    """A list of slugs the game's package exposes (such as its ship classes), if any."""
    value = _published(game, *attributes)
    if isinstance(value, Mapping):
        return [str(k) for k in value]
    if isinstance(value, (list, tuple)) and all(isinstance(v, str) for v in value):
        return list(value)
    return []


def _matchup(game: type[Game], name: str, left: str, right: str, note: str = "",
             fallback: Callable[[], list[str]] | None = None, mirrors: bool = False) -> Dimension:
    first, _second = _need(game, left, right)
    return Dimension(game.info.name, name, "matchup", _choices(game, first, fallback), (left, right), note=note,
                     mirrors=mirrors)


def _travel_sfb(game: type[Game], _options: Mapping[str, Any]) -> Dimension:
    return _matchup(game, "ships", "ship1", "ship2", "each ship against each other ship",
                    fallback=lambda: _module_list(game, "SHIP_SLUGS", "ships", "SHIPS"))


def _fightball(game: type[Game], _options: Mapping[str, Any]) -> Dimension:
    return _matchup(game, "teams", "home", "away", "all 6×6 team pairings, each played at home and away",
                    fallback=lambda: _module_list(game, "team_slugs", "TEAM_SLUGS"), mirrors=True)


def _cargo_bay_ball(game: type[Game], options: Mapping[str, Any]) -> Dimension:
    left, right = _need(game, "side1_crew", "side2_crew")
    cards = options.get("crew_cards")
    # a crew file of one's own (a house rule) brings its own members to balance
    crew = [] if cards is not None else _module_list(game, "CREW_SLUGS")
    crew = crew or [str(getattr(card, "id", "")) for card in (_crew_cards(game, cards) or ())
                    if getattr(card, "id", "")]
    if len(crew) < 4:
        raise DimensionUnavailable("cargo-bay-ball exposes no list of crew members (data.load_crew); skipped")
    size_option = _option(game, "team_size")
    choices = size_option.choices if size_option is not None and size_option.choices else (2,)
    size = min(int(c) for c in choices if isinstance(c, int))
    base: dict[str, Any] = {"team_size": size} if size_option is not None else {}
    one_on_one = size == 1

    def pair(first: str, second: str) -> dict[str, Any]:
        # Each tested member leads a side; the rest of each side is the first free crew in list
        # order. Both orders of every pairing are played, so each member leads each supporting
        # cast equally often and the casts' difference cancels out.
        cast = [c for c in crew if c not in (first, second)]
        helpers = size - 1
        one, two = cast[:helpers], cast[helpers : 2 * helpers]
        return {left.name: "+".join([first, *one]), right.name: "+".join([second, *two])}

    note = ("one crew member against another, one on one" if one_on_one else
            f"each crew member leading a side of {size}, both ways round, with the same supporting casts")
    return Dimension(game.info.name, "crew members", "matchup", tuple(crew), (left.name, right.name),
                     base_options=base, pair_options=pair, note=note)


def _cagway_bay(game: type[Game], _options: Mapping[str, Any]) -> Dimension:
    left, right = _need(game, "fleet1", "fleet2")
    classes = _module_list(game, "SHIP_CLASSES", "ship_classes", "CLASSES")
    if not classes and left.choices:
        classes = [str(c) for c in left.choices if "+" not in str(c)]
    if not classes:
        raise DimensionUnavailable("cagway-bay exposes no list of ship classes (SHIP_CLASSES); skipped")
    costs = _costs(game)
    base: dict[str, Any] = {}
    scenario = _option(game, "scenario")
    if scenario is not None and scenario.choices:
        # Point-built fleets belong to the open battle; the set scenarios bring their own ships.
        open_battles = [str(c) for c in scenario.choices if "open" in str(c)]
        if not open_battles:
            raise DimensionUnavailable("cagway-bay has no open-warfare scenario to pit ship classes in; skipped")
        base["scenario"] = open_battles[0]
    if _option(game, "equal_points") is not None:
        base["equal_points"] = False  # fitting costs needs unequal matchups, which play would refuse
    return Dimension(game.info.name, "ship classes", "matchup", tuple(classes), (left.name, right.name),
                     base_options=base, costs=costs,
                     note="one ship of each class against one of each other class; point costs fitted below")


def _costs(game: type[Game]) -> dict[str, float]:
    """Point costs per entry: a published mapping of numbers, or of objects with ``points``."""
    value = _published(game, "SHIP_COSTS", "ship_costs", "POINT_COSTS", "ship_classes", "SHIP_CLASSES")
    costs: dict[str, float] = {}
    if isinstance(value, Mapping):
        for key, item in value.items():
            points = item if isinstance(item, (int, float)) else getattr(item, "points", None)
            if isinstance(points, (int, float)):
                costs[str(key)] = float(points)
    return costs


def _house_rules(game: type[Game], _options: Mapping[str, Any]) -> Dimension:
    return generic_dimension(game.info.name, prefer="variants")


SPECIAL: dict[str, Callable[[type[Game], Mapping[str, Any]], Dimension]] = {
    "travel-sfb": _travel_sfb,
    "fightball": _fightball,
    "cargo-bay-ball": _cargo_bay_ball,
    "cagway-bay": _cagway_bay,
    "friendly-competition": _house_rules,
}


def generic_dimension(name: str, prefer: str = "matchup") -> Dimension:
    """For any game: a pair of side options with the same choices (``x1``/``x2``, home/away)
    makes a matchup; otherwise each option with choices or a true/false value makes variants."""
    game = game_class(name)
    options = {o.name: o for o in game.info.options}
    if prefer == "matchup":
        for left in options.values():
            for right_name in (left.name.replace("1", "2"), "away" if left.name == "home" else ""):
                right = options.get(right_name)
                if right is not None and right is not left and left.choices and left.choices == right.choices:
                    return Dimension(name, f"{left.name}/{right.name}", "matchup",
                                     tuple(str(c) for c in left.choices), (left.name, right.name))
    variants: dict[str, dict[str, Any]] = {"as-written": {}}
    for option in game.info.options:
        values: tuple[Any, ...]
        if isinstance(option.default, bool):
            values = (not option.default,)
        elif option.choices:
            values = tuple(c for c in option.choices if c != option.default)
        else:
            continue
        for value in values:
            shown = ("on" if value else "off") if isinstance(value, bool) else value
            variants[f"{option.name}={shown}"] = {option.name: value}
    if len(variants) == 1:
        raise DimensionUnavailable(f"{name} has no options with choices to compare; nothing to balance")
    return Dimension(name, "house rules" if prefer == "variants" else "options", "variants", tuple(variants),
                     variants=variants, note="each rule variant against the rules as written")


def dimension_for(name: str, options: Mapping[str, Any] | None = None) -> Dimension:
    """The natural balance dimension of game ``name``, as house rules ``options`` shape it (a
    Cargo Bay Ball crew file of one's own brings its own crew members)."""
    try:
        game = game_class(name)
    except UnknownGame as exc:
        raise DimensionUnavailable(f"{exc}; skipped") from None
    builder = SPECIAL.get(name)
    dimension = builder(game, options or {}) if builder is not None else generic_dimension(name)
    if not options:  # with house rules, with_house_rules checks the games they make
        _check(dimension)
    return dimension


def _check(dimension: Dimension) -> None:
    """Every entry must make a valid game, so a typo in the data fails now, not mid-sweep."""
    if dimension.kind == "matchup" and len(dimension.entries) < 2:
        raise DimensionUnavailable(f"{dimension.game} has fewer than two {dimension.name}; nothing to compare")
    for entry in dimension.entries:
        try:
            if dimension.kind == "matchup":
                rival = dimension.entries[1] if entry == dimension.entries[0] else dimension.entries[0]
                load(dimension.game, **dimension.matchup_options(entry, rival))
            else:
                load(dimension.game, **dimension.variant_options(entry))
        except TabletopError as exc:
            raise DimensionUnavailable(f"{dimension.game} {dimension.name} entry {entry!r} does not make a "
                                       f"valid game: {exc}") from None


def with_house_rules(dimension: Dimension, options: Mapping[str, Any]) -> Dimension:
    """``dimension`` with ``options`` (checked and typed) on every one of its games.

    The options the dimension sets itself (each side's entry, its own fixed settings, the rules
    its variants vary) are refused: the sweep would overwrite them, or they would overwrite it.
    """
    if not options:
        return dimension
    for name in options:
        _refuse_own(dimension, name)
    game = game_class(dimension.game)
    typed = validate_options(dimension.game, game.info.options, options)
    ruled = dataclasses.replace(dimension, base_options={**dimension.base_options,
                                                         **{name: typed[name] for name in options}})
    _check(ruled)
    return ruled


def _refuse_own(dimension: Dimension, name: str) -> None:
    """Refuse house rule ``name`` if the dimension sets it itself, saying how it does."""
    d = dimension
    varied = [entry for entry, variant in d.variants.items() if name in variant]
    if name in d.side_options:
        reason = f"the balance puts each of the {d.name} in {' and '.join(d.side_options)} itself"
    elif varied:
        reason = f"the balance varies it ({', '.join(varied)})"
    elif name in d.base_options:
        reason = f"the balance of {d.name} plays every game with {name}={d.base_options[name]}"
    else:
        return
    raise DimensionUnavailable(f"--option {name}: {reason}; choose what the balance compares with --entries")
