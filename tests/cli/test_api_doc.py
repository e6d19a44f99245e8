"""The examples in docs/api.md run, so the API documentation stays true."""

from __future__ import annotations

from tests.doc_examples import run_markdown_examples

from .runner import REPO


def test_api_doc_examples_run():
    result = run_markdown_examples(REPO / "docs" / "api.md")
    assert result.attempted > 40
    assert result.failed == 0
