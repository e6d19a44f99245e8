"""The WebSocket messages a client may send, read strictly, and the server's error message.

Every message is a JSON object with a ``type``. Anything else (text that is not JSON, a type the
server does not know, a field it does not expect, a message over :data:`MAX_MESSAGE_BYTES`) is
answered with an ``error`` naming what was wrong and what is allowed; nothing else happens.

>>> read_message('{"type": "ping"}')
Ping(type='ping', id=None)
>>> read_message('{"type": "dance"}')
Traceback (most recent call last):
...
tabletop.server.protocol.ProtocolError: unknown message type 'dance'; the types are: act, hello, ping, undo, undo_reply
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

__all__ = [
    "MAX_MESSAGE_BYTES",
    "Act",
    "ClientMessage",
    "Hello",
    "Ping",
    "ProtocolError",
    "Undo",
    "UndoReply",
    "error_message",
    "read_message",
    "validation_message",
]

MAX_MESSAGE_BYTES = 16_384
"""The largest message a client may send; the largest action of any game is far below it."""

ClientId = Annotated[str, Field(min_length=1, max_length=64)]


class ProtocolError(ValueError):
    """A message that cannot be read; ``code`` is the error's machine-readable name."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


class _Message(BaseModel):
    # strict: a number written as text ("0") or a bool for a number is a client's mistake to name,
    # not a value to guess at
    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)


class Hello(_Message):
    """Attach to the table: with a seat token to play, without one to watch.

    ``last_event`` is how many events of its log the client already has (0 on a first visit), so a
    client that reconnects gets only what it missed; ``epoch`` is the last ``epoch`` it was sent
    (it changes with every undo, after which the whole log is sent again). ``svg`` asks for the
    picture of each view.
    """

    type: Literal["hello"]
    token: Annotated[str, Field(max_length=200)] | None = None
    last_event: Annotated[int, Field(ge=0)] = 0
    epoch: Annotated[int, Field(ge=0)] | None = None
    svg: bool = False


class Act(_Message):
    """Take an action: its JSON form or its text form. ``id`` makes a resent message harmless;
    ``step`` (how many actions the client had seen) catches an action meant for an older position."""

    type: Literal["act"]
    action: dict[str, Any] | Annotated[str, Field(max_length=2000)]
    seat: str | None = None
    id: ClientId | None = None
    step: Annotated[int, Field(ge=0)] | None = None


class Undo(_Message):
    """Ask to take back this seat's last decision; the other people at the table must agree."""

    type: Literal["undo"]


class UndoReply(_Message):
    """Agree to (or refuse) the undo another player asked for."""

    type: Literal["undo_reply"]
    accept: bool


class Ping(_Message):
    type: Literal["ping"]
    id: ClientId | None = None


ClientMessage = Annotated[Hello | Act | Undo | UndoReply | Ping, Field(discriminator="type")]
_ADAPTER: TypeAdapter[Any] = TypeAdapter(ClientMessage)
TYPES = ("act", "hello", "ping", "undo", "undo_reply")


def read_message(text: str | bytes) -> Hello | Act | Undo | UndoReply | Ping:
    """Parse one client message, or raise :class:`ProtocolError` saying what was wrong."""
    if len(text) > MAX_MESSAGE_BYTES:
        raise ProtocolError("too_large", f"the message is {len(text)} bytes; the limit is {MAX_MESSAGE_BYTES}")
    try:
        data = json.loads(text)
    except (ValueError, UnicodeDecodeError) as exc:
        raise ProtocolError("bad_json", f"the message is not JSON: {exc}") from None
    except RecursionError:
        raise ProtocolError("bad_json", "the message nests its arrays or objects too deeply to read") from None
    if not isinstance(data, dict):
        raise ProtocolError("bad_message", f"a message must be a JSON object with a type, not {type(data).__name__}")
    kind = data.get("type")
    if kind not in TYPES:
        shown = repr(kind) if isinstance(kind, str) else "missing" if kind is None else f"{kind!r} (not text)"
        raise ProtocolError("unknown_type", f"unknown message type {shown[:80]}; the types are: {', '.join(TYPES)}")
    try:
        message: Hello | Act | Undo | UndoReply | Ping = _ADAPTER.validate_python(data)
    except ValidationError as exc:
        article = "an" if kind[0] in "aeiou" else "a"
        raise ProtocolError("bad_message", f"{article} {kind} message {validation_message(exc.errors())}"[:500]) from None
    return message


def validation_message(errors: Sequence[Any]) -> str:
    """What pydantic found wrong, field by field (the first part of each place, the message's
    type or the request's body, left out), without echoing the values."""
    return "; ".join("the body is not JSON" if err["type"] == "json_invalid" else
                     f"{'.'.join(str(part) for part in err['loc'][1:]) or 'message'}: {err['msg']}"
                     for err in errors[:4])[:500]


def error_message(code: str, message: str, about: str | None = None) -> dict[str, Any]:
    """The ``error`` the server sends to the one client whose message failed."""
    return {"type": "error", "code": code, "message": message, "about": about}
