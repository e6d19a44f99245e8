"""Running the Python examples of a Markdown document as doctests, so the documentation stays true."""

from __future__ import annotations

import doctest
import re
from pathlib import Path

FENCE = re.compile(r"^```\w*$", re.MULTILINE)


def run_markdown_examples(path: Path) -> doctest.TestResults:
    """Run every ``>>>`` example of ``path`` in one namespace; the results, with failures printed."""
    # Markdown fences close code blocks; to doctest they would read as expected output.
    text = FENCE.sub("", path.read_text(encoding="utf-8"))
    test = doctest.DocTestParser().get_doctest(text, {}, path.name, str(path), 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    runner.run(test)
    return runner.summarize(verbose=False)
