"""The ``tabletop`` command line: list, rules, play, replay and render (see ``tabletop --help``).

``main()`` is the console script's entry point; ``python -m tabletop.cli`` runs it too.
"""

from __future__ import annotations

from .app import app, build_app

__all__ = ["app", "build_app", "main"]


def main(argv: list[str] | None = None) -> None:
    """Run the command line with ``argv`` (default: ``sys.argv[1:]``); exits with its status."""
    app(args=argv, prog_name="tabletop")
