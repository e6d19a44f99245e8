"""Small shared constants: crew status, game phases and the turn sequence's modes."""

from __future__ import annotations

# Crew status values.
STANDING, DOWN, BOXED, ARROW, WAITING, OFFSTAGE = range(6)
STATUS_NAMES = ("standing", "down", "penalty-box", "arrow-space", "at-door", "off-field")

# Game phases.
DRAFT, OFFICIAL, OBSTACLES, PLACEMENT, PLAY = range(5)
PHASE_NAMES = ("draft", "official", "obstacles", "placement", "play")

# What the turn sequence does when no procedure is pending.
FLOW_TURNS, FLOW_ROUND_START = 0, 1

# Kinds of ball flight.
PASS_FLIGHT, SHOT_FLIGHT, LOOSE_FLIGHT, AFTER_GOAL_FLIGHT = range(4)
FLIGHT_NAMES = ("pass", "shot", "loose ball", "scored shot")
