"""Tabletop: five tabletop games by their complete rules, behind one engine API.

``tabletop.games()`` lists the games, ``tabletop.load(name, **options)`` makes one, and
``game.new_state(seed=...)`` starts it; see docs/api.md.
"""

# first: the compiled hot modules, when built from the current source, load in place of the .py files
from .native import install as _install_native

_install_native()

from .core import *  # noqa: E402, F403
from .core import __all__ as _core_all  # noqa: E402
from .core.version import ENGINE_VERSION as __version__  # noqa: E402

__all__ = [*_core_all, "__version__"]
