"""``python -m tabletop.cli``: the same as the ``tabletop`` command."""

from tabletop.cli import main

main()
