"""The rule (in ``docs/rules/cargo-bay-ball.md``) behind each kind of log line and action."""

EVENT_RULES = {
    "setup": "CBB-SET-1", "roster": "CBB-SET-9", "order-roll": "CBB-SET-2", "order-tie": "CBB-SET-2",
    "order": "CBB-SET-2", "pick": "CBB-SET-3", "official": "CBB-SET-4", "obstacles": "CBB-SET-6",
    "obstacle": "CBB-SET-6", "place": "CBB-SET-7", "toss": "CBB-SET-8", "setup-order": "CBB-SET-7",
    "chop": "CBB-TIME-1", "round": "CBB-TIME-2", "first": "CBB-TIME-3", "turn": "CBB-TIME-4",
    "move": "CBB-ACT-MOVE-1", "climb": "CBB-ACT-MOVE-2", "pickup": "CBB-BALL-4", "leave-ball": "CBB-BALL-4", "pass": "CBB-ACT-PASS-1",
    "handoff": "CBB-ACT-HAND-1", "shoot": "CBB-ACT-SHOOT-1", "on-target": "CBB-ACT-SHOOT-2",
    "miss": "CBB-ACT-SHOOT-2", "rim": "CBB-ACT-SHOOT-4", "short": "CBB-ACT-SHOOT-5",
    "slobberknock": "CBB-ACT-SLOB-1", "push": "CBB-ACT-SLOB-2", "drop": "CBB-ACT-SLOB-3",
    "steal": "CBB-ACT-STEAL-1", "skip": "CBB-ACT-SKIP-1", "block": "CBB-REACT-1", "catch": "CBB-REACT-2",
    "recover": "CBB-REACT-3", "officiate": "CBB-REACT-4", "deflect": "CBB-BALL-1", "wall": "CBB-BALL-3",
    "rest": "CBB-BALL-5", "goal": "CBB-ACT-SHOOT-2", "after-goal": "CBB-BALL-7", "penalty": "CBB-PEN-2",
    "release": "CBB-PEN-3", "enter": "CBB-PEN-4", "restart": "CBB-TIME-5", "sudden-death": "CBB-END-3",
    "end": "CBB-END-1", "river": "CBB-CREW-2",
}

ACTION_RULES = {
    "pick": "CBB-SET-3", "appoint": "CBB-SET-4", "obstacle": "CBB-SET-6", "place": "CBB-SET-7",
    "activate": "CBB-TIME-4", "step": "CBB-ACT-MOVE-3", "step-over": "CBB-ACT-MOVE-3", "pass": "CBB-ACT-PASS-1",
    "handoff": "CBB-ACT-HAND-1", "take": "CBB-ACT-HAND-1", "shoot": "CBB-ACT-SHOOT-1",
    "slobberknock": "CBB-ACT-SLOB-1", "steal": "CBB-ACT-STEAL-1", "skip": "CBB-ACT-SKIP-1",
    "block": "CBB-REACT-1", "catch": "CBB-BALL-2", "no-block": "CBB-REACT-1", "push": "CBB-ACT-SLOB-2",
    "release": "CBB-PEN-3", "pick-up": "CBB-BALL-4", "leave-ball": "CBB-BALL-4",
}
