"""The simulation lab: seeded sweeps between agents, balance reports and ladders.

``simulate`` plays many games and summarises them with confidence intervals; ``balance`` runs a
game's natural dimension (ships, teams, crews, fleets, house rules) into a matchup matrix and an
HTML report; ``ladder`` rates agents from a round robin. Any of them runs locally or on a Ray
cluster, streams its games into running totals, and resumes from its journal. See docs/agents.md.
"""

from .cluster import RayExecutor
from .executors import Executor, ProcessExecutor, SerialExecutor, make_executor
from .match import GameResult, MatchSpec, derive_seed, play_agents, play_match
from .simulate import SimulationReport, SimulationSummary, SweepOutput, simulate

__all__ = [
    "Executor",
    "GameResult",
    "MatchSpec",
    "ProcessExecutor",
    "RayExecutor",
    "SerialExecutor",
    "SimulationReport",
    "SimulationSummary",
    "SweepOutput",
    "derive_seed",
    "make_executor",
    "play_agents",
    "play_match",
    "simulate",
]
