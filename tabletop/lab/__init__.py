"""The simulation lab: seeded sweeps between agents, balance reports and ladders.

``simulate`` plays many games and summarises them with confidence intervals; ``balance`` runs a
game's natural dimension (ships, teams, crews, fleets, house rules) into a matchup matrix and an
HTML report; ``ladder`` rates agents from a round robin. See docs/agents.md.
"""

from .executors import Executor, ProcessExecutor, SerialExecutor, make_executor
from .match import GameResult, MatchSpec, derive_seed, play_agents, play_match
from .simulate import SimulationReport, SimulationSummary, simulate

__all__ = [
    "Executor",
    "GameResult",
    "MatchSpec",
    "ProcessExecutor",
    "SerialExecutor",
    "SimulationReport",
    "SimulationSummary",
    "derive_seed",
    "make_executor",
    "play_agents",
    "play_match",
    "simulate",
]
