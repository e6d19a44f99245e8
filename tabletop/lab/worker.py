"""Imported once by the process that forks the lab's workers, so each worker starts with the
engine, the agents and every game already loaded instead of importing them again."""

from tabletop.agents import agent_names
from tabletop.core import games
from tabletop.lab.match import play_match

__all__ = ["play_match"]

games()
agent_names()
