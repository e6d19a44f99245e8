"""pytest collects each module's doctests from its ``.py`` file: a module that runs compiled
(tabletop.native) is not that file, so its doctests run from tests/cagway_bay/test_native.py
instead, on the compiled module itself."""

from __future__ import annotations

from pathlib import Path

from tabletop import native


def pytest_ignore_collect(collection_path: Path) -> bool | None:
    if native.in_use() and collection_path.resolve() in {native.source_path(m) for m in native.MODULES}:
        return True
    return None
