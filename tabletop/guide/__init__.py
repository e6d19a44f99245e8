"""Help at the table, for any interface (terminal, server, browser): odds before a roll, hints,
why an action is not allowed, the rule behind each log line, the players' rulebook and the
guided lessons. Everything here uses only the public engine API and the agents, and answers
from one seat's information only.
"""

from .hints import ActionEstimate, Hint, hint
from .lessons import Lesson, LessonStep, lesson_state, lessons
from .rulebook import players_rules, rule_text, rules_table
from .table import action_odds, event_rule, explain, odds_menu

__all__ = [
    "ActionEstimate",
    "Hint",
    "Lesson",
    "LessonStep",
    "action_odds",
    "event_rule",
    "explain",
    "hint",
    "lesson_state",
    "lessons",
    "odds_menu",
    "players_rules",
    "rule_text",
    "rules_table",
]
