"""``tabletop render``: SVG pictures of a game's positions, for games that draw."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

import tabletop
from tabletop.core import load_record
from tabletop.core.record import run_clock

from .errors import check_picture_folder, fail, game_errors, parse_options
from .play import SvgWriter
from .replay import parse_viewer, start_state

__all__ = ["register"]


def register(app: typer.Typer) -> None:
    app.command("render")(render)


def render(
    game: Annotated[str, typer.Argument(metavar="GAME", help="The game's name, as `tabletop list` shows it.")],
    out: Annotated[Path, typer.Option("--out", metavar="DIR", help="Directory for step-NNNN.svg files.")],
    seed: Annotated[int, typer.Option(help="Seed of the opening position to draw.")] = 0,
    option: Annotated[list[str] | None, typer.Option(
        "--option", "-o", metavar="NAME=VALUE", help="A game option; repeat for more.")] = None,
    record: Annotated[Path | None, typer.Option(
        metavar="FILE", help="Draw every step of this saved game instead of one opening position.")] = None,
    as_seat: Annotated[str | None, typer.Option(
        "--as", metavar="SEAT", help="Draw a seat's view instead of the spectator's.")] = None,
    force: Annotated[bool, typer.Option("--force", help="Replace the pictures already in the folder.")] = False,
) -> None:
    """Draw a position (or every step of a record) as SVG pictures."""
    options = parse_options(option)
    out = out.expanduser()
    check_picture_folder(out, "--out", force=force)
    with game_errors():
        if record is not None:
            tabletop.replay(record)
            saved = load_record(record)
            if saved.game != game:
                fail(f"{record} is a game of {saved.game}, not {game}")
            if options:
                fail("a record carries its own options; leave out --option with --record")
            state = start_state(saved)
            actions = [(step.seat, state.game.action_from_json(step.action), step.at) for step in saved.actions]
            elapsed = saved.elapsed
        else:
            state = tabletop.load(game, **options).new_state(seed=seed)
            actions = []
            elapsed = None
        viewer = parse_viewer(as_seat or "spectator", state.game)
        writer = SvgWriter(out, state.game, viewer if isinstance(viewer, str) else None)
        if writer.write(state) is None:
            fail(f"{state.game.name} does not draw pictures; try `tabletop play` for its text board")
        written = 1
        clock = 0.0
        for seat, action, at in actions:
            clock = run_clock(state, clock, at)  # a real-time game's clock, as it ran
            state.apply(seat, action)
            written += writer.write(state) is not None
        logged = len(state.events)
        run_clock(state, clock, elapsed)
        if len(state.events) != logged:  # time alone moved the game on after the last action
            written += writer.write(state) is not None
        print(f"Wrote {written} picture{'s' if written != 1 else ''} to {out}.")
