"""The examples in docs/server.md run against a real server application, so the doc stays true."""

from __future__ import annotations

from tests.doc_examples import run_markdown_examples

from .conftest import REPO


def test_server_doc_examples_run():
    result = run_markdown_examples(REPO / "docs" / "server.md")
    assert result.attempted > 60
    assert result.failed == 0
