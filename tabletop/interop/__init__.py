"""Research interfaces: any registered game as a PettingZoo AEC environment
(:class:`TabletopAEC`), a PettingZoo Parallel environment (:class:`TabletopParallel`) or a
Gymnasium single-agent environment (:class:`TabletopGym`), with action masks over a fixed
``Discrete(N)`` space and per-seat observations. See docs/agents.md."""

from .encoding import encode_json, encode_vector, measure_action_count
from .gymnasium_env import TabletopGym
from .parallel_env import TabletopParallel, parallel_env
from .pettingzoo_env import TabletopAEC, env

__all__ = ["TabletopAEC", "TabletopGym", "TabletopParallel", "encode_json", "encode_vector", "env",
           "measure_action_count", "parallel_env"]
