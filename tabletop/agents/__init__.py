"""Computer players: one registry, every seat kind of the command line is an agent name."""

from . import simple
from .base import Agent, BadAgentSpec, agent_names, make_agent, parse_agent_spec, register_agent

__all__ = ["Agent", "BadAgentSpec", "agent_names", "make_agent", "parse_agent_spec", "register_agent", "simple"]
