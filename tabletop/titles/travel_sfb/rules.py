"""Rule settings fixed by a game's options, and the phase and reserve constants the turn uses."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

__all__ = ["ALLOCATE", "OVER", "PAIR", "PHASE_NAMES", "POWER", "READY", "SETTLE", "SPENT", "Rules"]

# Phases of a turn.
POWER, ALLOCATE, PAIR, SETTLE, OVER = range(5)
PHASE_NAMES = ("power", "allocate", "pair", "settle", "over")

# Reserve power (batteries or engines): not in play, ready to call, or used up.
UNAVAILABLE, READY, SPENT = 0, 1, 2
RESERVE_NAMES = ("none", "ready", "spent")


@dataclass(frozen=True, slots=True)
class Rules:
    """The options that change how a turn is played, read once per game."""

    batteries: bool
    engines: bool
    open_allocation: bool
    turn_limit: int
    limit_result: str
    cancel_all: bool
    ace_own_ship: bool
    pair_points_both: bool
    advantage_seen: bool

    @classmethod
    def from_options(cls, options: dict[str, Any]) -> Rules:
        return cls(
            batteries=options["batteries"],
            engines=options["batteries"] or options["orion_engines"] == "always",
            open_allocation=options["open_allocation"],
            turn_limit=options["turn_limit"],
            limit_result=options["limit_result"],
            cancel_all=options["cancel_rule"] == "all",
            ace_own_ship=options["ace_rule"] == "own-ship",
            pair_points_both=options["pair_points"] == "both",
            advantage_seen=options["advantage_cards"] == "owner-looks",
        )
