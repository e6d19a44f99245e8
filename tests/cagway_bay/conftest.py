"""Cagway Bay tests load the game by name; make that independent of other games' packages."""

from __future__ import annotations

import contextlib

import tabletop
import tabletop.titles.cagway_bay  # registers cagway-bay

# Discovery imports every game package once; a package that fails to import must not take
# these tests down with it, and cagway-bay is registered above either way.
with contextlib.suppress(Exception):
    tabletop.games()
