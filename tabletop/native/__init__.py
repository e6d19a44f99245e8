"""The hot modules compiled with mypyc, used only when built from the source as it is now.

``make setup`` (or ``make native``) compiles :data:`MODULES` into ``build/native/`` beside the
package, outside the source tree, with a manifest of the hash of every source file the
compiled code was built from: the compiled modules themselves and every ``tabletop`` module
they import, since mypyc also builds in what it knows of those (their types, their constants).
At ``import tabletop`` an import hook is installed that loads the compiled modules, but only if
every one of those files still has its recorded hash; otherwise (a file edited since, another
Python, no build, or ``TABLETOP_PURE`` set) everything runs from the ``.py`` files, so an edit is
never shadowed by a stale build. The compiled code makes the same decisions as the pure Python.

A compiled module's ``__file__`` is its extension module in ``build/native/``: files beside the
source are found through an interpreted module (``cagway_bay.data.DATA``).

:func:`status` says which is in use (``tabletop --version`` and ``bench/run.py`` show it).
"""

from __future__ import annotations

import ast
import hashlib
import importlib.abc
import importlib.machinery
import importlib.util
import json
import os
import sys
import sysconfig
import warnings
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import TypeVar

_T = TypeVar("_T")

#: The modules compiled: the hot path of a Cagway Bay position (its geometry, moves, fire and
#: bookkeeping) and of a search from it (the plans, the rules of thumb its playouts follow, the
#: evaluation). The rest stays interpreted.
MODULES = (
    "tabletop.titles.cagway_bay.geometry",
    "tabletop.titles.cagway_bay.ships",
    "tabletop.titles.cagway_bay.movement",
    "tabletop.titles.cagway_bay.combat",
    "tabletop.titles.cagway_bay.procedures",
    "tabletop.titles.cagway_bay.game",
    "tabletop.titles.cagway_bay.features",
    "tabletop.titles.cagway_bay.heuristic",
    "tabletop.titles.cagway_bay.pursuit",
    "tabletop.titles.cagway_bay.plans",
)

#: Set (to anything but empty or 0) to run pure Python even when a current build exists.
PURE_VARIABLE = "TABLETOP_PURE"

#: The folder holding the source tree's ``tabletop`` package.
SOURCE_ROOT = Path(__file__).resolve().parents[2]
#: Where ``make native`` puts the build: beside the package, outside the source tree.
BUILD_DIR = SOURCE_ROOT / "build" / "native"
MANIFEST = "manifest.json"


def build_tag() -> str:
    """What a build is only good for: this Python's implementation, version and platform."""
    return f"{sys.implementation.cache_tag}-{sysconfig.get_platform()}-{sysconfig.get_config_var('EXT_SUFFIX')}"


def source_path(module: str, root: Path = SOURCE_ROOT) -> Path:
    """The ``.py`` file of a ``tabletop`` module (a package's ``__init__.py``)."""
    base = root.joinpath(*module.split("."))
    package = base / "__init__.py"
    return package if package.exists() else base.with_suffix(".py")  # a folder without one is data


def _imported(module: str, root: Path) -> set[str]:
    """The ``tabletop`` modules a module's source imports anywhere (type-only imports too: mypyc
    reads them), including the packages on the way."""
    path = source_path(module, root)
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_bytes(), str(path))):
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*parts, base] if base else parts)
            # ``from package import name`` may name a submodule or just an attribute
            names = [base, *(f"{base}.{alias.name}" for alias in node.names)]
        for name in names:
            parts = name.split(".")
            for end in range(1, len(parts) + 1):
                candidate = ".".join(parts[:end])
                if parts[0] == "tabletop" and source_path(candidate, root).exists():
                    found.add(candidate)
    return found


def dependencies(modules: Iterable[str], root: Path = SOURCE_ROOT) -> list[str]:
    """The modules given and every ``tabletop`` module they import, directly or not, sorted."""
    seen: set[str] = set()
    todo = list(modules)
    while todo:
        module = todo.pop()
        if module not in seen:
            seen.add(module)
            todo.extend(_imported(module, root) - seen)
    return sorted(seen)


def source_hash(module: str, root: Path = SOURCE_ROOT) -> str:
    return hashlib.sha256(source_path(module, root).read_bytes()).hexdigest()


@dataclass(frozen=True)
class Build:
    """A build found on disk and whether it may be used."""

    folder: Path
    modules: tuple[str, ...]  # the compiled modules
    files: dict[str, Path]  # every extension module in it (compiled modules and their shared library)
    problem: str | None  # why it may not be used, or None


def read_build(folder: Path = BUILD_DIR, root: Path = SOURCE_ROOT) -> Build | None:
    """The build in ``folder`` checked against the source under ``root`` (None: no build)."""
    try:
        manifest = json.loads((folder / MANIFEST).read_text())
    except FileNotFoundError:
        return None
    except (OSError, ValueError) as error:
        return Build(folder, (), {}, f"its manifest is unreadable ({error})")
    files = {name: folder / relative for name, relative in manifest.get("files", {}).items()}
    build = Build(folder, tuple(manifest.get("modules", ())), files, None)
    if manifest.get("tag") != build_tag():
        return Build(folder, build.modules, files, "it was built for another Python")
    for module, recorded in sorted(manifest.get("sources", {}).items()):
        try:
            current = source_hash(module, root)
        except OSError:
            current = None
        if current != recorded:
            return Build(folder, build.modules, files, f"{source_path(module, root).name} ({module}) "
                                                        "has changed since it was built")
    missing = [name for name, path in files.items() if not path.exists()]
    if missing or not build.modules:
        return Build(folder, build.modules, files, f"it is incomplete (missing {', '.join(missing) or 'modules'})")
    return build


class _CompiledFinder(importlib.abc.MetaPathFinder):
    """Finds the build's extension modules by name, before the ``.py`` files are looked for."""

    def __init__(self, files: dict[str, Path]) -> None:
        self.files = files

    def find_spec(self, fullname: str, path: Sequence[str] | None = None,
                  target: ModuleType | None = None) -> importlib.machinery.ModuleSpec | None:
        found = self.files.get(fullname)
        if found is None:
            return None
        loader = importlib.machinery.ExtensionFileLoader(fullname, str(found))
        return importlib.util.spec_from_file_location(fullname, found, loader=loader)


_status = "pure Python (not set up yet)"
_in_use = False


def install(folder: Path = BUILD_DIR, root: Path = SOURCE_ROOT) -> str:
    """Load the compiled modules from now on if ``folder`` holds a build of the current source;
    returns (and keeps for :func:`status`) which is in use."""
    global _status, _in_use
    build = read_build(folder, root)
    if os.environ.get(PURE_VARIABLE, "") not in ("", "0"):
        _status = f"pure Python ({PURE_VARIABLE} is set)"
    elif build is None:
        _status = "pure Python (no compiled build; `make native` makes one)"
    elif build.problem is not None:
        _status = f"pure Python (the compiled build is out of date: {build.problem}; `make native` rebuilds it)"
        warnings.warn(f"tabletop runs as pure Python, slower: {build.problem}; `make native` rebuilds the "
                      "compiled modules", RuntimeWarning, stacklevel=2)
    elif already := [m for m in build.modules if m in sys.modules]:
        _status = f"pure Python ({', '.join(already)} was imported before the compiled build could be)"
    else:
        if not any(isinstance(f, _CompiledFinder) for f in sys.meta_path):
            sys.meta_path.insert(0, _CompiledFinder(build.files))
        _status = f"compiled (mypyc): {len(build.modules)} modules"
        _in_use = True
    return _status


def status() -> str:
    """Which is in use: the compiled modules, or pure Python and why."""
    return _status


def in_use() -> bool:
    """Whether :data:`MODULES` load compiled."""
    return _in_use


def compiled_in_use() -> list[str]:
    """The modules of :data:`MODULES` imported so far that were loaded from the compiled build."""
    return [name for name in MODULES
            if name in sys.modules and not str(getattr(sys.modules[name], "__file__", "")).endswith(".py")]


try:
    from mypy_extensions import mypyc_attr
except ImportError:  # it comes with mypy, a dev tool: without it nothing is compiled, and the mark means nothing
    def mypyc_attr(*attrs: str, **settings: object) -> Callable[[_T], _T]:
        """How mypyc is to compile a class (read by mypyc alone)."""
        return lambda cls: cls
