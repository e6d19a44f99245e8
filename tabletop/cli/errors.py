"""How the command line fails: a one-line message on stderr and a Unix exit code, never a traceback.

Exit codes: 0 success, 1 a game error (bad record, bad option, unknown game), 2 a usage error
(handled by typer/click), 130 interrupted by Ctrl-C.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import NoReturn

import typer

from tabletop.core import TabletopError

__all__ = [
    "EXIT_GAME_ERROR",
    "EXIT_INTERRUPTED",
    "check_new_file",
    "check_output_path",
    "check_picture_folder",
    "fail",
    "game_errors",
    "parse_options",
    "usage_error",
]

EXIT_GAME_ERROR = 1
EXIT_USAGE = 2
EXIT_INTERRUPTED = 130


def fail(message: str, code: int = EXIT_GAME_ERROR) -> NoReturn:
    """Print ``tabletop: error: message`` on stderr and stop with ``code``."""
    one_line = " ".join(str(message).split())
    print(f"tabletop: error: {one_line}", file=sys.stderr, flush=True)
    raise typer.Exit(code)


def usage_error(message: str, hint: str | None = None) -> NoReturn:
    """A mistake in how the command was called (exit 2)."""
    raise typer.BadParameter(message, param_hint=hint)


@contextmanager
def game_errors() -> Iterator[None]:
    """Turn the engine's deliberate errors and file problems into a clean exit 1; Ctrl-C into 130."""
    try:
        yield
    except TabletopError as exc:
        fail(str(exc))
    except BrokenPipeError:
        raise  # the reader went away (| head); typer exits quietly
    except ImportError as exc:
        fail(f"an installed game failed to load: {exc}")
    except OSError as exc:
        name = f" {exc.filename}" if exc.filename else ""
        fail(f"cannot use{name}: {exc.strerror or exc}")
    except KeyboardInterrupt:
        print("\nInterrupted.", file=sys.stderr, flush=True)
        raise typer.Exit(EXIT_INTERRUPTED) from None


def check_output_path(path: Path | None, option: str) -> None:
    """Refuse, before any work, a file to write into a folder that does not exist: every command
    treats output paths alike and creates no folders on its own. ``-`` (stdout) is always fine."""
    if path is None or str(path) == "-":
        return
    if path.is_dir():
        fail(f"{option} {path} is a folder; give a file name")
    if not path.parent.is_dir():
        fail(f"{option} {path}: the folder {path.parent} does not exist; create it first")


def check_new_file(path: Path | None, option: str, *, force: bool) -> None:
    """``check_output_path`` for a file that only a file name can take (not ``-``), and that must
    not replace an existing file unless ``--force`` asks for it."""
    if path is None:
        return
    if str(path) == "-":
        fail(f"{option} takes a file name; '-' (stdout) would mix the file into the game's narration")
    check_output_path(path, option)
    if path.exists() and not force:
        fail(f"{option} {path} already exists; add --force to replace it, or choose another name")


PICTURES = "step-*.svg"
"""The pictures ``--render`` and ``render --out`` write into their folder."""


def check_picture_folder(path: Path | None, option: str, *, force: bool) -> None:
    """Refuse, before any work, a picture folder that is a file or already holds pictures
    (unless ``--force``): writing there would replace them."""
    if path is None:
        return
    if path.exists() and not path.is_dir():
        fail(f"{option} {path} is a file; give a folder for the step-NNNN.svg pictures")
    if path.is_dir() and not force and any(path.glob(PICTURES)):
        fail(f"{option} {path} already holds step-NNNN.svg pictures; add --force to replace them, "
             "or choose another folder")


def parse_options(pairs: list[str] | None) -> dict[str, str]:
    """``["target=30", "house=yes"]`` → ``{"target": "30", "house": "yes"}``; the game checks values.

    An option given twice with different values is refused: which one was meant is anyone's guess.
    """
    options: dict[str, str] = {}
    for pair in pairs or []:
        name, sep, value = pair.partition("=")
        name, value = name.strip(), value.strip()
        if not sep or not name:
            usage_error(f"options look like name=value, not {pair!r}", "--option")
        if options.get(name, value) != value:
            usage_error(f"{name} is given twice, as {options[name]!r} and {value!r}; give it once", "--option")
        options[name] = value
    return options
