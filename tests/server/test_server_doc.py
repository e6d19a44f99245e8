"""The examples in docs/server.md run against a real server application, so the doc stays true."""

from __future__ import annotations

import doctest
import re

from tests.cli.runner import REPO

FENCE = re.compile(r"^```\w*$", re.MULTILINE)


def test_server_doc_examples_run():
    path = REPO / "docs" / "server.md"
    text = FENCE.sub("", path.read_text(encoding="utf-8"))
    test = doctest.DocTestParser().get_doctest(text, {}, "server.md", str(path), 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    runner.run(test)
    assert runner.summarize(verbose=False).failed == 0
