"""The rule (in ``docs/rules/travel-sfb.md``) behind each kind of log line and action."""

EVENT_RULES = {
    "shuffle": "TSFB-DECK-1", "turn": "TSFB-TURN-1", "power-call": "TSFB-BATT-1", "power": "TSFB-BATT-1",
    "deal": "TSFB-DEAL-1", "deal-private": "TSFB-DEAL-1", "deal-advantage": "TSFB-ADV-1",
    "deal-advantage-private": "TSFB-ADV-1", "initiative": "TSFB-OPEN-1", "place": "TSFB-ALLOC-1",
    "place-open": "TSFB-OPEN-1", "finish": "TSFB-RULING-UNALLOCATED", "finish-private": "TSFB-RULING-UNALLOCATED",
    "finish-full": "TSFB-RULING-SCREEN",
    "reveal-movement": "TSFB-REVEAL-1", "resolver": "TSFB-MOVE-1", "pair": "TSFB-RES-2",
    "unpaired": "TSFB-RES-3", "settle": "TSFB-RES-4", "advantage": "TSFB-ADV-1", "reveal-combat": "TSFB-REVEAL-1",
    "damage": "TSFB-DMG-1", "role-reversal": "TSFB-OPEN-2", "return": "TSFB-DECK-2", "game-over": "TSFB-END-1",
}

ACTION_RULES = {
    "power": "TSFB-BATT-1", "place": "TSFB-ALLOC-2", "finish": "TSFB-RULING-UNALLOCATED", "pair": "TSFB-RES-1",
    "keep": "TSFB-RES-4", "cancel": "TSFB-RES-4",
}
