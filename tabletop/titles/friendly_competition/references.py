"""The rule (in ``docs/rules/friendly-competition.md``) behind each kind of log line and action."""

EVENT_RULES = {
    "deploy": "FSC-DEPLOY-1", "kick-off": "FSC-MATCH-2", "turn": "FSC-TURN-1", "end-turn": "FSC-TURN-1",
    "move": "FSC-AP-MOVE", "pick-up": "FSC-AP-PICKUP", "tackle": "FSC-TACKLE-1", "jostle": "FSC-JOSTLE-1",
    "knocked-free": "FSC-TACKLE-2", "pass": "FSC-PASS-1", "try": "FSC-INT-1", "let-pass": "FSC-INT-1",
    "intercept-roll": "FSC-INT-2", "contest": "FSC-INT-4", "intercept": "FSC-INT-2", "gather": "FSC-PASS-3",
    "loose": "FSC-PASS-1", "goal": "FSC-GOAL-1", "foul": "FSC-FOUL-1", "restart": "FSC-MATCH-3",
    "full-time": "FSC-MATCH-1", "stand-up": "FSC-JOSTLE-2",
}

ACTION_RULES = {
    "deploy": "FSC-DEPLOY-1", "move": "FSC-AP-MOVE", "pick-up": "FSC-AP-PICKUP", "tackle": "FSC-TACKLE-1",
    "jostle": "FSC-JOSTLE-1", "pass": "FSC-AP-PASS", "end-turn": "FSC-TURN-1", "try": "FSC-INT-1",
    "dont-try": "FSC-INT-1",
}
