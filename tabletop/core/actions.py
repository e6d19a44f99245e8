"""Actions: small frozen values with a JSON form and a string form that both round-trip.

A game declares each kind of action as a frozen dataclass deriving from :class:`Action`,
and gathers them in an :class:`ActionCodec`.

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True, slots=True)
... class Place(Action):
...     kind = "place"
...     card: str
...     row: str
>>> codec = ActionCodec(Place)
>>> str(Place("KS", "offense"))
'place card=KS row=offense'
>>> codec.parse("place card=KS row=offense") == Place("KS", "offense")
True
>>> codec.from_json(Place("KS", "offense").to_json()) == Place("KS", "offense")
True
"""

from __future__ import annotations

import dataclasses
import math
import types
import typing
from collections.abc import Callable
from typing import Any, ClassVar, Union, cast

from .errors import InvalidAction, clip, shorten

__all__ = ["Action", "ActionCodec"]

JSONValue = Any
_NONE_TOKEN = "-"


class Action:
    """Base of every game's actions. Subclasses are frozen dataclasses with a ``kind``."""

    __slots__ = ()
    kind: ClassVar[str]

    def to_json(self) -> dict[str, JSONValue]:
        data: dict[str, JSONValue] = {"kind": self.kind}
        for name in _field_names(type(self)):
            data[name] = _to_json(getattr(self, name))
        return data

    def __str__(self) -> str:
        parts = [self.kind]
        for name in _field_names(type(self)):
            parts.append(f"{name}={_to_text(getattr(self, name))}")
        return " ".join(parts)


_NAMES: dict[type, tuple[str, ...]] = {}


def _field_names(cls: type) -> tuple[str, ...]:
    """An action class's field names, in order (found once: refusals list many actions)."""
    names = _NAMES.get(cls)
    if names is None:
        names = _NAMES[cls] = tuple(f.name for f in dataclasses.fields(cls))
    return names


def _to_json(value: Any) -> JSONValue:
    if isinstance(value, tuple):
        return [_to_json(v) for v in value]
    return value


def _to_text(value: Any) -> str:
    if value is None:
        return _NONE_TOKEN
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, tuple):
        if value and isinstance(value[0], tuple):
            return ",".join(":".join(_to_text(v) for v in inner) for inner in value)
        return ",".join(_to_text(v) for v in value) if value else "()"
    return str(value)


Converter = Callable[[Any, bool], Any]
Validator = Callable[[Any], str | None]
_SHOWN = 40


def _validator(hint: Any) -> Validator:
    """Build a check that a value already in an action field has exactly the type ``hint`` names.

    It returns what is wrong, or None. Unlike a converter it never converts: an action object
    built by any caller must already hold well-formed values before a state looks at it.
    """
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if origin in (Union, types.UnionType):
        inner = _validator(next(a for a in args if a is not type(None)))
        return lambda value: None if value is None else inner(value)
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            item = _validator(args[0])

            def homogeneous(value: Any) -> str | None:
                if type(value) is not tuple:
                    return f"expected a tuple, got {shorten(value)}"
                return next((p for p in map(item, value) if p is not None), None)

            return homogeneous
        items = [_validator(a) for a in args]

        def fixed(value: Any) -> str | None:
            if type(value) is not tuple or len(value) != len(items):
                return f"expected a tuple of {len(items)} values, got {shorten(value)}"
            return next((p for p in (check(v) for check, v in zip(items, value, strict=True))
                         if p is not None), None)

        return fixed
    if hint is bool:
        return lambda value: None if type(value) is bool else f"expected yes or no, got {shorten(value)}"
    if hint is int:
        return lambda value: None if type(value) is int else f"expected a whole number, got {shorten(value)}"
    if hint is float:

        def real(value: Any) -> str | None:
            if type(value) is int or (type(value) is float and math.isfinite(value)):
                return None
            return f"expected a finite number, got {shorten(value)}"

        return real
    if hint is str:
        return lambda value: None if type(value) is str else f"expected text, got {shorten(value)}"
    if isinstance(hint, type) and issubclass(hint, str):  # str-valued enums
        return lambda value: None if isinstance(value, hint) else (
            f"expected one of {', '.join(map(str, hint.__members__.values()))}, got {shorten(value)}"
            if hasattr(hint, "__members__") else f"expected {hint.__name__}, got {shorten(value)}")
    raise TypeError(f"unsupported action field type {hint!r}")


_PLAIN = (str, int, bool)  # field types whose values must be exactly that type


def _form_check(fields: list[tuple[str, Any]], checks: tuple[tuple[str, Validator], ...]) -> Callable[[Any], bool]:
    """One function answering whether an action's fields all pass ``checks`` (it may raise
    AttributeError for an unset field). Written out as source, as :mod:`dataclasses` writes its
    methods: a plain field is one exact type test, with no call per field."""
    names = dict(checks)
    scope: dict[str, Any] = {}
    tests = []
    for k, (name, hint) in enumerate(fields):
        if hint in _PLAIN:
            scope[f"plain{k}"] = hint
            tests.append(f"type(action.{name}) is plain{k}")
        else:
            scope[f"check{k}"] = names[name]
            tests.append(f"check{k}(action.{name}) is None")
    exec(f"def well_formed(action):\n    return {' and '.join(tests) or 'True'}\n", scope)
    return cast(Callable[[Any], bool], scope["well_formed"])


def _converter(hint: Any) -> Converter:
    """Build a function that turns JSON or text into a value of ``hint``.

    The bool says whether the input is text (from the string form) or JSON.
    """
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if origin in (Union, types.UnionType):
        inner = [a for a in args if a is not type(None)]
        if len(inner) > 1:
            raise TypeError(f"unsupported union {hint}")
        convert_inner = _converter(inner[0])

        def optional(value: Any, text: bool) -> Any:
            if value is None or (text and value == _NONE_TOKEN):
                return None
            return convert_inner(value, text)

        return optional
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            item = _converter(args[0])
            nested = typing.get_origin(args[0]) is tuple

            def homogeneous(value: Any, text: bool) -> Any:
                if text:
                    if value in ("", "()"):
                        return ()
                    parts = value.split(",")
                    if nested:
                        return tuple(item(tuple(p.split(":")), True) for p in parts)
                    return tuple(item(p, True) for p in parts)
                if not isinstance(value, (list, tuple)):
                    raise TypeError(f"expected a list, got {shorten(value)}")
                return tuple(item(v, False) for v in value)

            return homogeneous
        items = [_converter(a) for a in args]

        def fixed(value: Any, text: bool) -> Any:
            if text and isinstance(value, str):
                value = value.split(":")
            if not isinstance(value, (list, tuple)) or len(value) != len(items):
                raise TypeError(f"expected {len(items)} values, got {shorten(value)}")
            return tuple(conv(v, text) for conv, v in zip(items, value, strict=True))

        return fixed
    if hint is bool:

        def boolean(value: Any, text: bool) -> bool:
            if text:
                if value in ("yes", "true", "1"):
                    return True
                if value in ("no", "false", "0"):
                    return False
            elif isinstance(value, bool):
                return value
            raise TypeError(f"expected yes or no, got {shorten(value)}")

        return boolean
    if hint is int:

        def integer(value: Any, text: bool) -> int:
            if text:
                if len(value) > _SHOWN:
                    raise ValueError(f"expected a whole number, got {shorten(value)}")
                return int(value)
            if isinstance(value, bool) or not isinstance(value, int):
                raise TypeError(f"expected a whole number, got {shorten(value)}")
            return value

        return integer
    if hint is float:

        def real(value: Any, text: bool) -> float:
            if text:
                number = float(value)
            elif isinstance(value, bool) or not isinstance(value, (int, float)):
                raise TypeError(f"expected a number, got {shorten(value)}")
            else:
                number = float(value)
            if not math.isfinite(number):
                raise ValueError(f"expected a finite number, got {shorten(value)}")
            return number

        return real
    if hint is str:

        def string(value: Any, text: bool) -> str:
            if not isinstance(value, str):
                raise TypeError(f"expected text, got {shorten(value)}")
            return value

        return string
    if isinstance(hint, type) and issubclass(hint, str):  # str-valued enums

        def enum_value(value: Any, text: bool) -> Any:
            return hint(value)

        return enum_value
    raise TypeError(f"unsupported action field type {hint!r}")


class ActionCodec:
    """Reads a game's actions back from their JSON and string forms."""

    def __init__(self, *kinds: type[Action]) -> None:
        self.kinds: dict[str, type[Action]] = {}
        self._fields: dict[str, list[tuple[str, Converter]]] = {}
        self._checks: dict[type[Action], tuple[tuple[str, Validator], ...]] = {}
        self._well_formed: dict[type[Action], Callable[[Any], bool]] = {}
        for cls in kinds:
            if cls.kind in self.kinds:
                raise ValueError(f"two action classes share the kind {cls.kind!r}")
            hints = typing.get_type_hints(cls)
            self.kinds[cls.kind] = cls
            self._fields[cls.kind] = [
                (f.name, _converter(hints[f.name])) for f in dataclasses.fields(cls)  # type: ignore[arg-type]
            ]
            self._checks[cls] = tuple(
                (f.name, _validator(hints[f.name])) for f in dataclasses.fields(cls)  # type: ignore[arg-type]
            )
            self._well_formed[cls] = _form_check(
                [(f.name, hints[f.name]) for f in dataclasses.fields(cls)], self._checks[cls])  # type: ignore[arg-type]

    def well_formed(self, action: Any) -> bool:
        """Whether :meth:`validate` accepts ``action``: the same checks, answered with no message.
        Every action a search plays crosses this, so fields of a plain type (text, whole
        number, yes/no) are checked all at once.

        >>> from dataclasses import dataclass
        >>> @dataclass(frozen=True, slots=True)
        ... class Bid(Action):
        ...     kind = "bid"
        ...     amount: int
        ...     suit: str
        >>> codec = ActionCodec(Bid)
        >>> codec.well_formed(Bid(3, "hearts")), codec.well_formed(Bid(True, "hearts")), codec.well_formed(3)
        (True, False, False)
        """
        check = self._well_formed.get(type(action))
        try:
            return check is not None and check(action)
        except AttributeError:  # a field left unset
            return False

    def validate(self, action: Any, game: str = "this game") -> None:
        """Raise :class:`InvalidAction` unless ``action`` is one of this game's action classes
        with every field holding a value of its declared type, however the object was built
        (a constructor does not check types, and ``object.__setattr__`` gets past ``frozen``).
        """
        if self.well_formed(action):
            return
        checks = self._checks.get(type(action))
        if checks is None:
            raise InvalidAction(f"{shorten(action)} is not a {game} action; its kinds are "
                                f"{', '.join(sorted(self.kinds))}")
        for name, check in checks:
            try:
                value = getattr(action, name)
            except AttributeError:
                raise InvalidAction(f"action '{action.kind}' has no value for '{name}'") from None
            problem = check(value)
            if problem is not None:
                raise InvalidAction(f"action '{action.kind}' field '{name}': {problem}")

    def _build(self, kind: Any, values: dict[str, Any], text: bool) -> Action:
        if not isinstance(kind, str) or kind not in self.kinds:  # a list or dict kind cannot even be looked up
            raise InvalidAction(f"unknown action kind {shorten(kind)}; this game has: {', '.join(sorted(self.kinds))}")
        fields = self._fields[kind]
        names = [name for name, _ in fields]
        extra = set(values) - set(names)
        missing = [name for name in names if name not in values]
        if extra or missing:
            problems = []
            if missing:
                problems.append(f"missing {', '.join(missing)}")
            if extra:
                problems.append(f"unexpected {clip(', '.join(sorted(map(str, extra))), _SHOWN)}")
            raise InvalidAction(
                f"action '{kind}' takes {', '.join(names) or 'no fields'}: {'; '.join(problems)}"
            )
        converted = {}
        for name, convert in fields:
            try:
                converted[name] = convert(values[name], text)
            except (TypeError, ValueError) as exc:
                raise InvalidAction(f"action '{kind}' field '{name}': {exc}") from None
        try:
            return self.kinds[kind](**converted)
        except (TypeError, ValueError) as exc:
            raise InvalidAction(f"action '{kind}': {exc}") from None

    def from_json(self, data: Any) -> Action:
        """Rebuild an action from :meth:`Action.to_json` output."""
        if not isinstance(data, dict) or "kind" not in data:
            raise InvalidAction(f"an action must be an object with a 'kind', got {shorten(data)}")
        values = {k: v for k, v in data.items() if k != "kind"}
        return self._build(data["kind"], values, text=False)

    def parse(self, text: str) -> Action:
        """Rebuild an action from its string form, ``kind name=value ...``."""
        if not isinstance(text, str) or not text.strip():
            raise InvalidAction("an action needs at least its kind, such as "
                                f"{', '.join(sorted(self.kinds))}")
        kind, *tokens = text.split()
        values = {}
        for token in tokens:
            name, sep, value = token.partition("=")
            if not sep:
                raise InvalidAction(f"expected name=value in action text, got {shorten(token)}")
            values[name] = value
        return self._build(kind, values, text=True)
