"""The pass path the Friendly Sporting Competition board draws before a kick is the engine's path."""

from __future__ import annotations

from typing import Any

import tabletop
from tabletop.titles.friendly_competition import pitch as engine_pitch

from .conftest import Server


def test_FSC_PASS_2_the_board_previews_the_engines_rebound_path_from_every_square(page: Any, server: Server) -> None:
    view = tabletop.load("friendly-competition").new_state(seed=1).view(None)
    pitch = engine_pitch.PITCH
    cases = []
    for y, row in enumerate(view["pitch"]["rows"]):
        for x, mark in enumerate(row):
            if mark == "#":
                continue
            square = pitch.parse(f"{view['pitch']['columns'][x]}{y + 1}")
            for index, direction in enumerate(engine_pitch.DIRECTION_NAMES):
                path, _goal = pitch.ball_path(square, index, 24)
                cases.append({"from": pitch.label(square), "dir": direction, "path": [pitch.label(s) for s in path]})
    page.goto(server.url + "/")
    wrong = page.evaluate("""async ([pitch, cases]) => {
        const { reboundPath } = await import("/boards/friendly-competition.js");
        const name = ([x, y]) => `${pitch.columns[x] ?? "?"}${y + 1}`;
        return cases.filter((c) => {
            const drawn = reboundPath(pitch, c.from, c.dir, 24).map(name);
            const squares = drawn.slice(0, c.path.length);
            return JSON.stringify(squares) !== JSON.stringify(c.path);
        }).slice(0, 5);
    }""", [view["pitch"], cases])
    assert len(cases) > 2000
    assert wrong == []
