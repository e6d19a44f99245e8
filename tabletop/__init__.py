"""Tabletop: five tabletop games by their complete rules, behind one engine API.

``tabletop.games()`` lists the games, ``tabletop.load(name, **options)`` makes one, and
``game.new_state(seed=...)`` starts it; see docs/api.md.
"""

from .core import *  # noqa: F403
from .core import __all__ as _core_all
from .core.version import ENGINE_VERSION as __version__

__all__ = [*_core_all, "__version__"]
