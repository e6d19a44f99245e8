"""``tabletop serve`` refuses what it cannot serve with a one-line message, never a traceback."""

from __future__ import annotations

import os
import select
import signal
import subprocess
import time
from pathlib import Path

import httpx

from tests.cli.runner import COMMAND, assert_clean_failure, cli_env, invoke

from .conftest import free_port


def test_serve_names_the_databases_it_takes() -> None:
    assert_clean_failure(invoke("serve", "--db", "mysql://somewhere/db"), 1,
                         "--db takes sqlite:///PATH or a postgresql:// URL, not 'mysql://somewhere/db'")


def test_serve_reports_a_database_it_cannot_open(tmp_path: Path) -> None:
    missing = tmp_path / "no" / "such" / "folder" / "tabletop.db"
    result = invoke("serve", "--port", str(free_port()), "--db", f"sqlite:///{missing}")
    assert_clean_failure(result, 1, f"cannot open the database sqlite:///{missing}: the folder")
    assert "Tabletop server on" not in result.stdout  # announced only once it can run


def test_serve_refuses_a_rate_it_cannot_read() -> None:
    assert_clean_failure(invoke("serve", "--message-rate", "lots"), 1,
                         "--message-rate is a rate of at least 1, such as '20/second' or '30/minute', not 'lots'")
    assert_clean_failure(invoke("serve", "--table-rate", "0/minute"), 1,
                         "--table-rate is a rate of at least 1, such as '20/second' or '30/minute', not '0/minute'")


def test_serve_on_every_address_names_the_one_friends_open(tmp_path: Path) -> None:
    port = free_port()
    process = subprocess.Popen([*COMMAND, "serve", "--host", "0.0.0.0", "--port", str(port), "--workers", "1",
                                "--db", f"sqlite:///{tmp_path / 'tabletop.db'}"], stdout=subprocess.PIPE,
                               stderr=subprocess.STDOUT, bufsize=0, env=cli_env(), start_new_session=True)
    try:
        assert process.stdout is not None
        banner = [process.stdout.readline().decode()]
        # the second line comes at once, or never: the server says nothing more while it runs
        if select.select([process.stdout], [], [], 10)[0]:
            banner.append(process.stdout.readline().decode())
        assert len(banner) == 2, banner
        address = banner[1].strip().removeprefix("Friends on your network open ")
        assert address.startswith("http://") and "0.0.0.0" not in address, banner
        deadline = time.monotonic() + 30
        while True:
            try:
                assert httpx.get(address + "/api/games", timeout=2).status_code == 200
                break
            except httpx.HTTPError:
                assert time.monotonic() < deadline, "the address named does not answer"
                time.sleep(0.1)
    finally:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait(10)
