"""``tabletop serve`` checks its address and database before it announces itself: a problem is one
line on stderr and exit 1, with no banner and no traceback."""

from __future__ import annotations

import socket

from .runner import assert_clean_failure, invoke


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def test_a_port_in_use_or_an_impossible_host_is_refused_before_the_banner(tmp_path):
    database = f"sqlite:///{tmp_path / 'tabletop.db'}"
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = invoke("serve", "--port", str(port), "--db", database)
    assert_clean_failure(result, 1, f"cannot listen on 127.0.0.1:{port}: port {port} is already in use")
    assert result.stdout == ""
    result = invoke("serve", "--host", "999.1.1.1", "--db", database)
    assert_clean_failure(result, 1, "cannot listen on 999.1.1.1:8000: there is no such address")
    assert result.stdout == ""


def test_a_database_that_cannot_be_opened_is_named_in_plain_words(tmp_path):
    missing = tmp_path / "no" / "folder" / "x.db"
    not_a_database = tmp_path / "notes.txt"
    not_a_database.write_text("not a database\n" * 100)
    for url, reason in ((f"sqlite:///{missing}", f"the folder {missing.parent} does not exist"),
                        (f"sqlite:///{not_a_database}", "file is not a database")):
        result = invoke("serve", "--port", str(free_port()), "--db", url)
        assert_clean_failure(result, 1, f"cannot open the database {url}: {reason}")
        assert result.stdout == "" and "sqlalche.me" not in result.stderr
