"""A terminal screen that repaints only the lines that changed.

Real-time play redraws after every card anyone plays; clearing and reprinting the whole screen
each time flickers and scrolls. :class:`Screen` keeps the lines it last painted and rewrites
only those that differ, in place, with plain cursor-addressing codes. When the layout's height
changes, or it would not fit the terminal, it paints the whole screen afresh.
"""

from __future__ import annotations

from typing import IO

__all__ = ["Screen"]

HOME_AND_CLEAR = "\x1b[H\x1b[2J"
CLEAR_LINE = "\x1b[2K"


def _at(row: int, column: int = 1) -> str:
    return f"\x1b[{row};{column}H"


class Screen:
    """Paints a list of lines at the top of the terminal; the last line is the prompt."""

    def __init__(self, out: IO[str], height: int) -> None:
        self.out = out
        self.height = height
        self.shown: list[str] = []
        self.repainted = 0

    def forget(self) -> None:
        """Something else wrote to the terminal: paint everything next time."""
        self.shown = []

    def prompt(self, text: str) -> None:
        """Show ``text`` as the last line (the prompt and what is typed at it), the rest unchanged."""
        if self.shown:
            self.paint([*self.shown[:-1], text])

    def paint(self, lines: list[str]) -> int:
        """Show ``lines`` and leave the cursor after the last one; the number of lines written."""
        if len(lines) != len(self.shown) or len(lines) >= self.height:
            self.out.write(HOME_AND_CLEAR + "\n".join(lines))
            changed = len(lines)
        else:
            rows = [i for i, (old, new) in enumerate(zip(self.shown, lines, strict=True)) if old != new]
            rows.append(len(lines) - 1)  # the prompt line always: it holds what was typed
            for row in dict.fromkeys(rows):
                self.out.write(_at(row + 1) + CLEAR_LINE + lines[row])
            self.out.write(_at(len(lines), len(lines[-1]) + 1))
            changed = len(set(rows))
        self.out.flush()
        self.shown = list(lines)
        self.repainted = changed
        return changed
