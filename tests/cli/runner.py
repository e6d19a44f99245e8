"""Running the real ``tabletop`` command the way a person does: as a process, through a pipe or
a pseudo-terminal. The engine's fixture games load through the TABLETOP_PLUGINS hook."""

from __future__ import annotations

import io
import os
import re
import subprocess
import sys
from pathlib import Path

import pexpect
from typer.testing import CliRunner, Result

REPO = Path(__file__).resolve().parents[2]
PLUGINS = "tests.pig,tests.cli.fixture_games"
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
COMMAND = [sys.executable, "-m", "tabletop.cli"]


def cli_env(**extra: str) -> dict[str, str]:
    env = dict(os.environ)
    env.update(
        PYTHONPATH=str(REPO) + os.pathsep + env.get("PYTHONPATH", ""),
        TABLETOP_PLUGINS=PLUGINS,
        NO_COLOR="1",
        COLUMNS="100",
        PYTHONDONTWRITEBYTECODE="1",
    )
    env.update(extra)
    return env


def run(*args: str, input: str | None = None, timeout: float = 60, **env: str) -> subprocess.CompletedProcess[str]:
    """Run ``tabletop ARGS`` with stdin from ``input`` (or closed) and capture everything."""
    return subprocess.run(
        [*COMMAND, *args],
        input=input,
        stdin=None if input is not None else subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=timeout,
        cwd=REPO,
        env=cli_env(**env),
    )


def invoke(*args: str, input: str | None = None, **env: str) -> Result:
    """Run the command in this process (quick, for errors and help); only tests.pig is loaded."""
    from tabletop.cli import app

    return CliRunner().invoke(app, list(args), input=input, env={"TABLETOP_PLUGINS": "tests.pig", **env})


def spawn(*args: str, timeout: float = 20) -> pexpect.spawn:
    """Start ``tabletop ARGS`` on a pseudo-terminal; ``child.logfile_read`` keeps the transcript."""
    child = pexpect.spawn(
        COMMAND[0],
        [*COMMAND[1:], *args],
        env=cli_env(TERM="xterm"),
        cwd=str(REPO),
        encoding="utf-8",
        timeout=timeout,
        dimensions=(50, 120),
    )
    child.logfile_read = io.StringIO()
    return child


def transcript(child: pexpect.spawn) -> str:
    """Everything the terminal showed so far, without colour codes."""
    return plain(child.logfile_read.getvalue())


def plain(text: str) -> str:
    return ANSI.sub("", text).replace("\r\n", "\n")


def assert_clean_failure(result: subprocess.CompletedProcess[str] | Result, code: int, *phrases: str) -> None:
    """A failure a Unix user expects: the exit code, a short message, never a traceback."""
    got = result.returncode if isinstance(result, subprocess.CompletedProcess) else result.exit_code
    assert got == code, (got, result.stdout[-2000:], result.stderr)
    if isinstance(result, Result):
        assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert "Traceback" not in result.stderr + result.stdout
    for phrase in phrases:
        assert phrase in result.stderr, (phrase, result.stderr)
    if code == 1:
        lines = [line for line in result.stderr.splitlines() if line.strip()]
        assert len(lines) == 1 and lines[0].startswith("tabletop: error: "), result.stderr
