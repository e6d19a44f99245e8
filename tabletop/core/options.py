"""Game options: declared with defaults, validated at the boundary, readable from CLI text.

>>> teams = Option("team_size", 3, "crew per side", choices=(2, 3, 4))
>>> teams.parse("4")
4
>>> teams.parse(5)
Traceback (most recent call last):
...
tabletop.core.errors.BadOption: option 'team_size' must be one of 2, 3, 4, not 5
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .errors import BadOption, shorten

__all__ = ["Option", "validate_options"]

_TRUE = {"true", "yes", "on", "1"}
_FALSE = {"false", "no", "off", "0"}


@dataclass(frozen=True)
class Option:
    """One option of a game. The type is the default's type.

    ``bundled`` marks an option that names a data file: the names of the files the game ships,
    any other value being a path to a file of one's own. Only those names may come from someone
    on the network (a server table), or they would have the server open its own files.
    """

    name: str
    default: Any
    help: str
    choices: tuple[Any, ...] | None = None
    minimum: float | None = None
    maximum: float | None = None
    bundled: tuple[str, ...] = ()

    @property
    def type_name(self) -> str:
        return type(self.default).__name__

    def allowed(self) -> str:
        if self.choices is not None:
            return "one of " + ", ".join(map(str, self.choices))
        if isinstance(self.default, bool):
            return "true or false"
        bounds = []
        if self.minimum is not None:
            bounds.append(f"at least {self.minimum:g}")
        if self.maximum is not None:
            bounds.append(f"at most {self.maximum:g}")
        kind = {"int": "a whole number", "float": "a number", "str": "text"}.get(self.type_name, self.type_name)
        return kind + (" " + " and ".join(bounds) if bounds else "")

    def parse(self, value: Any) -> Any:
        """Check ``value`` (typed, or text from a command line) and return it typed."""
        parsed = self._coerce(value)
        if self.choices is not None and parsed not in self.choices:
            raise BadOption(f"option '{self.name}' must be {self.allowed()}, not {shorten(value)}")
        numeric = isinstance(parsed, (int, float)) and not isinstance(parsed, bool)
        if numeric and (
            (self.minimum is not None and parsed < self.minimum)
            or (self.maximum is not None and parsed > self.maximum)
        ):
            raise BadOption(f"option '{self.name}' must be {self.allowed()}, not {shorten(value)}")
        return parsed

    def _coerce(self, value: Any) -> Any:
        default = self.default
        try:
            if isinstance(default, bool):
                if isinstance(value, bool):
                    return value
                if isinstance(value, str) and value.lower() in _TRUE | _FALSE:
                    return value.lower() in _TRUE
                raise ValueError
            if isinstance(default, int):
                if isinstance(value, bool):
                    raise ValueError
                if isinstance(value, int):
                    return value
                if isinstance(value, str):
                    return int(value)
                raise ValueError
            if isinstance(default, float):
                if isinstance(value, bool):
                    raise ValueError
                number = float(value)
                if not math.isfinite(number):  # NaN passes every bound check, so it is refused here
                    raise ValueError
                return number
            if isinstance(default, str) or default is None:
                if not isinstance(value, str):
                    raise ValueError
                return value
        except ValueError:
            pass
        else:
            return value
        raise BadOption(f"option '{self.name}' must be {self.allowed()}, not {shorten(value)}")

    @property
    def json_type(self) -> str:
        """The value's type in JSON Schema's words (JSON alone writes a float 2.0 as 2, an integer's look).

        >>> Option("pace", 2.0, "seconds").json_type, Option("turns", 8, "turns").json_type
        ('number', 'integer')
        """
        return _JSON_TYPES.get(self.type_name, "string")

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "type": self.json_type,
            "default": self.default,
            "help": self.help,
            "choices": list(self.choices) if self.choices is not None else None,
            "minimum": self.minimum,
            "maximum": self.maximum,
        }


_JSON_TYPES = {"bool": "boolean", "int": "integer", "float": "number", "str": "string"}


def validate_options(game: str, declared: tuple[Option, ...], given: Mapping[str, Any]) -> dict[str, Any]:
    """Return every option's value, defaults filled in; reject unknown names and bad values."""
    by_name = {option.name: option for option in declared}
    unknown = [name for name in given if name not in by_name]
    if unknown:
        names = ", ".join(by_name) or "none"
        raise BadOption(f"{game} has no option {shorten(unknown[0])}; its options are: {names}")
    return {name: (option.parse(given[name]) if name in given else option.default)
            for name, option in by_name.items()}
