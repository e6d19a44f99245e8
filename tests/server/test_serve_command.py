"""``tabletop serve`` refuses what it cannot serve with a one-line message, never a traceback."""

from __future__ import annotations

from pathlib import Path

from tests.cli.runner import assert_clean_failure, invoke

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
