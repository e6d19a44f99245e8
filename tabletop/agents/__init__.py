"""Computer players: one registry, every seat kind of the command line is an agent name.

``random``, ``heuristic`` and ``mcts`` are registered here, with the named strengths ``easy``,
``medium`` and ``hard`` that stand for specs of them; every one takes ``speed`` (beginner,
club, pro) for real-time games, and ``mcts`` takes its search budget (``mcts:think=1``,
``mcts:iterations=500``). :mod:`tabletop.agents.realtime` runs real-time games by reaction times.
"""

from . import mcts, simple
from .base import STRENGTHS, Agent, BadAgentSpec, agent_names, make_agent, parse_agent_spec, register_agent
from .mcts import MCTSAgent
from .simple import HeuristicAgent, RandomAgent
from .speed import PROFILES, SpeedProfile, speed_profile
from .tree import SearchReport

__all__ = [
    "PROFILES",
    "STRENGTHS",
    "Agent",
    "BadAgentSpec",
    "HeuristicAgent",
    "MCTSAgent",
    "RandomAgent",
    "SearchReport",
    "SpeedProfile",
    "agent_names",
    "make_agent",
    "mcts",
    "parse_agent_spec",
    "register_agent",
    "simple",
    "speed_profile",
]
