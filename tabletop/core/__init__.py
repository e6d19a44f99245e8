"""The engine core: game and state contracts, actions, events, options, chance, records.

It imports no game, agent or interface.
"""

from .actions import Action, ActionCodec
from .errors import (
    BadOption,
    BadRecord,
    BadScenario,
    IllegalAction,
    InvalidAction,
    ScriptExhausted,
    ScriptMismatch,
    TabletopError,
    UnknownGame,
)
from .evaluation import BadEvaluation, FittedEvaluation
from .events import Event, possessive
from .game import Game, GameInfo, Outcome, State, TurnStyle
from .options import Option
from .randomness import Randomness, ScriptedRandomness
from .record import Record, SeatRecord, load_record, replay
from .registry import game_class, games, load, register
from .version import ENGINE_VERSION

__all__ = [
    "ENGINE_VERSION",
    "Action",
    "ActionCodec",
    "BadEvaluation",
    "BadOption",
    "BadRecord",
    "BadScenario",
    "Event",
    "FittedEvaluation",
    "Game",
    "GameInfo",
    "IllegalAction",
    "InvalidAction",
    "Option",
    "Outcome",
    "Randomness",
    "Record",
    "ScriptExhausted",
    "ScriptMismatch",
    "ScriptedRandomness",
    "SeatRecord",
    "State",
    "TabletopError",
    "TurnStyle",
    "UnknownGame",
    "game_class",
    "games",
    "load",
    "load_record",
    "possessive",
    "register",
    "replay",
]
