"""Server fixtures: an application on a fresh SQLite file, or on a throwaway PostgreSQL cluster."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import tempfile
import time
import uuid
from collections.abc import Iterator
from pathlib import Path

import psycopg
import pytest
from fastapi.testclient import TestClient

from .helpers import serve_in_process

REPO = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _postgres_bin() -> Path | None:
    found = sorted(Path("/usr/lib/postgresql").glob("*/bin/initdb"))
    return found[-1].parent if found else None


def fresh_database(cluster: str) -> str:
    """A new, empty database on the cluster, so each test starts from nothing."""
    name = f"tabletop_{uuid.uuid4().hex[:12]}"
    with psycopg.connect(f"{cluster}/postgres", autocommit=True) as connection:
        connection.execute(f"CREATE DATABASE {name}")
    return f"{cluster}/{name}"


@pytest.fixture(scope="session")
def postgres_cluster() -> Iterator[str]:
    """A PostgreSQL cluster of its own in a temporary folder on a loopback port, for this test run.

    Debian's ``postgresql`` is installed by scripts/system-deps.sh when missing; only where that
    cannot be done are these tests skipped, with the reason.
    """
    if _postgres_bin() is None:
        subprocess.run(["sh", str(REPO / "scripts" / "system-deps.sh")], check=False)
    bin_dir = _postgres_bin()
    if bin_dir is None:
        pytest.skip("PostgreSQL is not installed and could not be installed with apt-get here")
    folder = Path(tempfile.mkdtemp(prefix="tabletop-pg-"))
    data = folder / "data"
    # PostgreSQL refuses to run as root: the cluster belongs to the postgres user then.
    run_as: list[str] = []
    if os.geteuid() == 0:
        if shutil.which("runuser") is None:
            pytest.skip("running as root without runuser: cannot start PostgreSQL as another user")
        run_as = ["runuser", "-u", "postgres", "--"]
        shutil.chown(folder, "postgres", "postgres")
    port = free_port()
    quiet = {"stdout": subprocess.DEVNULL, "stderr": subprocess.PIPE}
    subprocess.run([*run_as, str(bin_dir / "initdb"), "-D", str(data), "-A", "trust", "-U", "postgres",
                    "--no-sync"], check=True, **quiet)
    subprocess.run([*run_as, str(bin_dir / "pg_ctl"), "-D", str(data), "-w", "-l", str(folder / "log"), "-o",
                    f"-p {port} -k {folder} -c listen_addresses=127.0.0.1 -c fsync=off", "start"],
                   check=True, **quiet)
    try:
        cluster = f"postgresql://postgres@127.0.0.1:{port}"
        deadline = time.monotonic() + 20
        while True:
            try:
                psycopg.connect(f"{cluster}/postgres").close()
                break
            except psycopg.OperationalError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.2)
        yield cluster
    finally:
        subprocess.run([*run_as, str(bin_dir / "pg_ctl"), "-D", str(data), "-m", "immediate", "stop"],
                       check=False, **quiet)
        shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture
def postgres_url(postgres_cluster: str) -> str:
    """An empty PostgreSQL database of this test's own."""
    return fresh_database(postgres_cluster)


@pytest.fixture(params=["sqlite", "postgresql"])
def database(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """Each database the server supports, empty: a test using this runs once on each."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path}/tabletop.db"
    url: str = request.getfixturevalue("postgres_url")
    return url


@pytest.fixture
def sqlite_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path}/tabletop.db"


@pytest.fixture
def client(sqlite_url: str) -> Iterator[TestClient]:
    yield from serve_in_process(sqlite_url)
