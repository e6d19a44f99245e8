"""Browser tests: the real server in a subprocess, Debian's chromium driven by Playwright.

Chromium comes from the system (``scripts/system-deps.sh`` installs it with apt-get); Playwright
cannot download browsers here. Without it these tests are skipped, except in CI (``CI=true``),
where a missing browser fails loudly.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = os.environ.get("TABLETOP_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]
SCREENSHOTS = Path(__file__).resolve().parents[2] / "out" / "screenshots"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class Server:
    """``tabletop serve`` on a loopback port with its own SQLite file; can be killed and started again."""

    def __init__(self, directory: Path) -> None:
        self.port = free_port()
        self.database = f"sqlite:///{directory / 'tabletop.db'}"
        self.url = f"http://127.0.0.1:{self.port}"
        self.process: subprocess.Popen[bytes] | None = None
        self.output = directory / "server.log"

    def start(self) -> None:
        with self.output.open("ab") as log:
            # one address opens every table of the session, far faster than people do
            self.process = subprocess.Popen(
                [sys.executable, "-m", "tabletop.cli", "serve", "--port", str(self.port), "--db", self.database,
                 "--workers", "1", "--table-rate", "1000/minute"], stdout=log, stderr=subprocess.STDOUT,
                start_new_session=True)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"the server stopped: {self.output.read_text()[-2000:]}")
            try:
                urllib.request.urlopen(self.url + "/api/games", timeout=1).read()
                return
            except OSError:
                time.sleep(0.1)
        raise RuntimeError("the server did not start in 30 s")

    def kill(self) -> None:
        """Kill the server and its computer players' worker processes, as a crash of the machine would."""
        if self.process is not None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait(10)
            self.process = None

    def post(self, path: str, body: dict[str, Any]) -> Any:
        request = urllib.request.Request(self.url + path, json.dumps(body).encode(), {"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(request, timeout=10) as answer:
                return json.loads(answer.read())
        except urllib.error.HTTPError as error:
            raise AssertionError(f"{path}: {error.code} {error.read().decode()}") from None

    def get(self, path: str) -> Any:
        with urllib.request.urlopen(self.url + path, timeout=10) as answer:
            return json.loads(answer.read())


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    running = Server(tmp_path_factory.mktemp("web-server"))
    running.start()
    yield running
    running.kill()


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    if not (Path(CHROMIUM).exists() or shutil.which(CHROMIUM)):
        message = f"chromium is not installed at {CHROMIUM} (scripts/system-deps.sh installs it with apt-get)"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield launched
        launched.close()


PHONE = {"width": 390, "height": 844}


def _page(browser: Any, viewport: dict[str, int]) -> Iterator[Any]:
    context = browser.new_context(viewport=viewport)
    opened = context.new_page()
    opened.set_default_timeout(15_000)
    yield opened
    context.close()


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    yield from _page(browser, {"width": 1280, "height": 900})


@pytest.fixture
def phone(browser: Any) -> Iterator[Any]:
    """A page on a phone's screen."""
    yield from _page(browser, PHONE)


def screenshot(page: Any, name: str) -> None:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"{name}.png"), full_page=True)
