"""The examples in docs/api.md run, so the API documentation stays true."""

from __future__ import annotations

import doctest
import re

from .runner import REPO

FENCE = re.compile(r"^```\w*$", re.MULTILINE)


def test_api_doc_examples_run():
    path = REPO / "docs" / "api.md"
    # Markdown fences close code blocks; to doctest they would read as expected output.
    text = FENCE.sub("", path.read_text(encoding="utf-8"))
    test = doctest.DocTestParser().get_doctest(text, {}, "api.md", str(path), 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    runner.run(test)
    result = runner.summarize(verbose=False)
    assert result.attempted > 40
    assert result.failed == 0
