"""The rule (in ``docs/rules/fightball.md``) behind each kind of log line and action."""

EVENT_RULES = {
    "play": "FB-FAST-2", "draw": "FB-FAST-4", "discard": "FB-FAST-4", "take": "FB-FAST-3", "buzz": "FB-FAST-5",
    "quarter": "FB-QTR-2", "score": "FB-PLAY-2", "quarter-scored": "FB-QTR-1", "buzzer-beater": "FB-FAST-6", "buzzer-beater-over": "FB-FAST-6",
    "pass": "FB-FAST-1", "choice": "FB-FX-8", "chosen": "FB-FX-8", "game-over": "FB-QTR-3",
}

ACTION_RULES = {
    "play": "FB-FAST-2", "draw": "FB-FAST-4", "discard": "FB-FAST-4", "take": "FB-FAST-3", "buzz": "FB-FAST-5",
    "pass": "FB-FAST-1", "choose": "FB-FX-8",
}
