"""Compile :data:`tabletop.native.MODULES` with mypyc into ``build/native/`` (``make native``).

A build that fails leaves the previous state alone and says so in one line: everything still runs,
as pure Python. Run ``python -m tabletop.native.build --verbose`` to see the compiler's output.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import sys
import tempfile
from pathlib import Path

from tabletop.native import (
    BUILD_DIR,
    MANIFEST,
    MODULES,
    SOURCE_ROOT,
    build_tag,
    dependencies,
    read_build,
    source_hash,
    source_path,
)


def compile_modules(out: Path, work: Path) -> dict[str, str]:
    """Compile into ``out`` (C sources and objects in ``work``); the extension modules built, by
    module name, as paths relative to ``out``."""
    from mypyc.build import mypycify
    from setuptools import Distribution

    os.chdir(SOURCE_ROOT)  # mypyc names modules from paths relative to the working folder
    sources = [str(source_path(m).relative_to(SOURCE_ROOT)) for m in MODULES]
    extensions = mypycify(sources, opt_level="3", target_dir=str(work / "c"))
    distribution = Distribution({"name": "tabletop-native", "ext_modules": extensions})
    command = distribution.get_command_obj("build_ext")
    command.build_lib = str(out)
    command.build_temp = str(work / "objects")
    command.parallel = os.cpu_count() or 1
    distribution.run_command("build_ext")
    return {extension.name: str(Path(command.get_ext_fullpath(extension.name)).relative_to(out))
            for extension in extensions}


def build(verbose: bool = False) -> bool:
    """Build, replacing the old build only once the new one is complete; False if it failed."""
    BUILD_DIR.parent.mkdir(parents=True, exist_ok=True)
    # the hashes are taken before compiling: a file edited meanwhile makes the build stale, not wrong
    sources = {m: source_hash(m) for m in dependencies(MODULES)}
    with tempfile.TemporaryDirectory(dir=BUILD_DIR.parent, prefix="native-") as scratch:
        out = Path(scratch) / "native"
        log = io.StringIO()
        quiet = contextlib.nullcontext() if verbose else contextlib.redirect_stdout(log)
        try:
            # the C compiler writes to the file descriptors themselves: quietened here too
            with quiet, _quiet_fds(not verbose, Path(scratch) / "compiler.log"):
                files = compile_modules(out, Path(scratch) / "work")
        except (Exception, SystemExit) as error:  # mypyc and distutils report failures both ways
            reason = str(error).strip().splitlines()[-1] if str(error).strip() else type(error).__name__
            print(f"tabletop: could not compile the fast modules ({reason}); running as pure Python, "
                  "slower (`python -m tabletop.native.build --verbose` shows why)", file=sys.stderr)
            return False
        manifest = {"tag": build_tag(), "modules": list(MODULES), "files": files, "sources": sources}
        (out / MANIFEST).write_text(json.dumps(manifest, indent=1, sort_keys=True))
        old = Path(scratch) / "old"
        if BUILD_DIR.exists():
            BUILD_DIR.rename(old)
        out.rename(BUILD_DIR)
    return True


@contextlib.contextmanager
def _quiet_fds(quiet: bool, log: Path):  # type: ignore[no-untyped-def]
    """Send what subprocesses (the C compiler) print to ``log`` instead of the terminal."""
    if not quiet:
        yield
        return
    sys.stdout.flush()
    sys.stderr.flush()
    saved = os.dup(1), os.dup(2)
    with log.open("wb") as sink:
        os.dup2(sink.fileno(), 1)
        os.dup2(sink.fileno(), 2)
        try:
            yield
        finally:
            os.dup2(saved[0], 1)
            os.dup2(saved[1], 2)
            os.close(saved[0])
            os.close(saved[1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--verbose", action="store_true", help="show mypyc's and the C compiler's output")
    parser.add_argument("--if-stale", action="store_true", help="do nothing when the build is current")
    args = parser.parse_args()
    current = read_build()
    if args.if_stale and current is not None and current.problem is None:
        return
    if build(args.verbose):
        print(f"tabletop: compiled {len(MODULES)} modules into {BUILD_DIR}")


if __name__ == "__main__":
    main()
