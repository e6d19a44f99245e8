"""The compiled hot modules (tabletop.native): used exactly when built from the current source,
and playing the same games as the pure Python."""

from __future__ import annotations

import ast
import doctest
import importlib
import json
import os
import pickle
import random
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

import tabletop
from tabletop import native
from tabletop.testing import random_play_sum

_CAGWAY = "tabletop.titles.cagway_bay"


def _compiled_build() -> native.Build:
    """The current build, or skip when there is none to test (pure Python on purpose)."""
    if os.environ.get(native.PURE_VARIABLE, "") not in ("", "0"):
        pytest.skip(f"{native.PURE_VARIABLE} is set")
    build = native.read_build()
    if build is None:
        pytest.skip("no compiled build (`make native`)")
    return build


def _can_compile() -> bool:
    try:
        import mypyc  # noqa: F401
    except ImportError:
        return False
    headers = Path(sysconfig.get_paths()["include"]) / "Python.h"
    return shutil.which(os.environ.get("CC", "gcc")) is not None and headers.exists()


def test_the_compiled_modules_are_the_ones_loaded_when_a_current_build_exists():
    if native.read_build() is None and os.environ.get(native.PURE_VARIABLE, "") in ("", "0"):
        # a machine that can compile has built them (`make setup`): pure Python here is a silent fallback
        assert not _can_compile(), "no compiled build on a machine that can make one: run `make native`"
    build = _compiled_build()
    assert build.problem is None, f"the compiled build is out of date ({build.problem}): run `make native`"
    for name in native.MODULES:
        importlib.import_module(name)
    assert native.status().startswith("compiled") and native.in_use()
    assert native.compiled_in_use() == list(native.MODULES)
    for name in native.MODULES:
        assert Path(sys.modules[name].__file__ or "").suffix == Path(build.files[name]).suffix == ".so"


def _random_play_sum(games: int) -> int:
    return random_play_sum(tabletop.load("cagway-bay"), games)


def _run(code: str, source_root: Path, pure: bool = False) -> str:
    env = {k: v for k, v in os.environ.items() if k != native.PURE_VARIABLE}
    if pure:
        env[native.PURE_VARIABLE] = "1"
    env["PYTHONPATH"] = str(source_root)
    done = subprocess.run([sys.executable, "-W", "ignore", "-c", code], env=env, cwd=source_root,
                          capture_output=True, text=True, check=True)
    return done.stdout.strip()


def test_compiled_and_pure_python_play_the_same_games():
    _compiled_build()
    assert native.status().startswith("compiled")
    code = ("from tests.cagway_bay.test_native import _random_play_sum; import tabletop; "
            "print(_random_play_sum(3), tabletop.native.status())")
    pure_sum, _, pure_status = _run(code, native.SOURCE_ROOT, pure=True).partition(" ")
    assert pure_status.startswith("pure Python")
    assert int(pure_sum) == _random_play_sum(3)


def test_compiled_states_and_ships_pickle_and_copy():
    _compiled_build()
    game = tabletop.load("cagway-bay")
    state = game.new_state(seed=4)
    rng = random.Random(4)
    for _ in range(30):
        seat = state.to_act[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    assert type(next(iter(state.ships.values()))).__module__ == f"{_CAGWAY}.ships"
    for twin in (state.clone(), pickle.loads(pickle.dumps(state, pickle.HIGHEST_PROTOCOL))):
        assert [s.__getstate__() for s in twin.ships.values()] == [s.__getstate__() for s in state.ships.values()]
        assert all(a is not b for a, b in zip(twin.ships.values(), state.ships.values(), strict=True))
        seat = state.to_act[0]
        assert twin.legal_actions(seat) == state.legal_actions(seat)
        action = state.legal_actions(seat)[-1]
        twin.apply(seat, action)
        assert state.history != twin.history


def _copied_tree(to: Path) -> Path:
    """The package and its build, copied to ``to`` (where edits leave the real ones alone)."""
    shutil.copytree(native.SOURCE_ROOT / "tabletop", to / "tabletop",
                    ignore=shutil.ignore_patterns("__pycache__", "static", "web"))
    shutil.copytree(native.BUILD_DIR, to / native.BUILD_DIR.relative_to(native.SOURCE_ROOT))
    return to


_WHICH = ("import tabletop, tabletop.titles.cagway_bay.geometry as g; "
          "print(g.__file__.endswith('.so'), getattr(g, 'EDITED', False))")


def test_a_build_is_not_used_once_a_compiled_module_is_edited(tmp_path: Path):
    build = _compiled_build()
    assert build.problem is None
    root = _copied_tree(tmp_path)
    assert _run(_WHICH, root) == "True False"  # the copy loads its build, as the tree itself does
    with (root / "tabletop/titles/cagway_bay/geometry.py").open("a") as source:
        source.write("\nEDITED = True\n")
    assert _run(_WHICH, root) == "False True"


def test_a_build_is_not_used_once_a_module_it_imports_is_edited(tmp_path: Path):
    """mypyc builds in what it knows of the modules a compiled one imports (their types, their
    constants): editing one of those makes the build stale too."""
    _compiled_build()
    root = _copied_tree(tmp_path)
    data = root / "tabletop/titles/cagway_bay/data.py"
    data.write_text(data.read_text() + "\n# edited\n")
    assert _run(_WHICH, root) == "False False"
    assert "data.py" in _run("import tabletop; print(tabletop.native.status())", root)


def test_a_build_is_checked_file_by_file_against_the_source(tmp_path: Path):
    """Without a compiler too: a manifest whose hashes match is usable, one hash off is not."""
    module = "tabletop.core.version"
    (tmp_path / "fake.so").write_bytes(b"")
    manifest = {"tag": native.build_tag(), "modules": [module], "files": {module: "fake.so"},
                "sources": {module: native.source_hash(module)}}
    (tmp_path / native.MANIFEST).write_text(json.dumps(manifest))
    found = native.read_build(tmp_path)
    assert found is not None and found.problem is None
    manifest["sources"] = {module: "0" * 64}
    (tmp_path / native.MANIFEST).write_text(json.dumps(manifest))
    found = native.read_build(tmp_path)
    assert found is not None and found.problem is not None and "version.py" in found.problem
    manifest.update(sources={module: native.source_hash(module)}, tag="another-python")
    (tmp_path / native.MANIFEST).write_text(json.dumps(manifest))
    found = native.read_build(tmp_path)
    assert found is not None and found.problem is not None and "another Python" in found.problem
    assert native.read_build(tmp_path / "nothing") is None


def test_the_build_covers_every_tabletop_module_the_compiled_ones_import():
    covered = native.dependencies(native.MODULES)
    assert set(native.MODULES) <= set(covered)
    for name in (f"{_CAGWAY}.data", "tabletop.core.game", "tabletop.core", "tabletop"):
        assert name in covered
    assert "tabletop.titles.fightball" not in {n.rpartition(".")[0] for n in covered}


def test_the_compiled_modules_doctests_pass_compiled():
    """pytest leaves the compiled modules' own files out of its doctest collection (conftest.py),
    and a compiled module keeps no docstrings: their examples are read from the source and run
    against the compiled module."""
    _compiled_build()
    parser, runner = doctest.DocTestParser(), doctest.DocTestRunner(
        optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    for name in native.MODULES:
        module = importlib.import_module(name)
        assert Path(module.__file__ or "").suffix == ".so"
        tree = ast.parse(native.source_path(name).read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef)) and ast.get_docstring(node):
                test = parser.get_doctest(ast.get_docstring(node, clean=True) or "", dict(vars(module)),
                                          f"{name}:{getattr(node, 'name', '')}", None, None)
                runner.run(test)
    assert runner.summarize(verbose=False).failed == 0
    assert runner.summarize(verbose=False).attempted > 0  # features.py has some
