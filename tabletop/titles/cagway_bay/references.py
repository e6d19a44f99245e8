"""The rule (in ``docs/rules/cagway-bay.md``) behind each kind of log line and action."""

EVENT_RULES = {
    "turn": "CB-TURN-START-2", "phase": "CB-TURN-MOVE-1", "burn": "CB-TURN-START-1", "sail": "CB-MOVE-SAIL-1",
    "stall": "CB-MOVE-STALL-1", "drift": "CB-MOVE-DRIFT-1", "dock": "CB-MOVE-DOCK-1",
    "explore": "CB-MOVE-EXPLORE-1", "grapple": "CB-MOVE-GRAPPLE-1", "ungrapple": "CB-MOVE-GRAPPLE-2",
    "fire": "CB-COMBAT-DAMAGE-1", "no-damage": "CB-COMBAT-DAMAGE-1", "ignite": "CB-FIRE-1",
    "melee": "CB-COMBAT-CLOSE-1", "dead": "CB-DEAD-1", "commandeer": "CB-DEAD-COMMANDEER-1",
    "scuttle": "CB-DEAD-SCUTTLE-1", "share": "CB-DEAD-SHARE-1", "repair": "CB-END-REPAIR-1",
    "douse": "CB-END-DOUSE-1", "leave": "CB-TABLE-2", "done": "CB-TURN-END-1",
}

#: The rule each phase follows: its start, and each ship's finishing it, are logged under it.
PHASE_RULES = {"move": "CB-TURN-MOVE-1", "combat": "CB-TURN-COMBAT-1", "end": "CB-TURN-END-1"}

ACTION_RULES = {
    "sail": "CB-MOVE-SAIL-1", "stall": "CB-MOVE-STALL-1", "drift": "CB-MOVE-DRIFT-1", "dock": "CB-MOVE-DOCK-1",
    "explore": "CB-MOVE-EXPLORE-1", "grapple": "CB-MOVE-GRAPPLE-1", "fire": "CB-COMBAT-GUN-1",
    "melee": "CB-COMBAT-CLOSE-1", "commandeer": "CB-DEAD-COMMANDEER-1", "scuttle": "CB-DEAD-SCUTTLE-1",
    "share": "CB-DEAD-SHARE-1", "repair": "CB-END-REPAIR-1", "douse": "CB-END-DOUSE-1", "done": "CB-TURN-END-1",
}
