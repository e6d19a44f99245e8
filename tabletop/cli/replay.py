"""``tabletop replay``: tell a recorded game again, event by event, exactly as it was played."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

import tabletop
from tabletop.core import Game, Record, State, load_record
from tabletop.core.errors import shorten
from tabletop.core.record import run_clock

from .errors import game_errors, usage_error
from .output import ALL, Narrator, Viewer, enable_line_editing, make_console

__all__ = ["narrate_record", "parse_viewer", "register"]


def register(app: typer.Typer) -> None:
    app.command("replay")(replay)


def parse_viewer(text: str | None, game: Game) -> Viewer:
    """``all`` (everything), ``spectator`` (public only, the default) or a seat name."""
    if text == "all":
        return ALL
    if text is None or text == "spectator":
        return None
    if text not in game.seats:
        usage_error(f"{shorten(text)} is not a seat of {game.name}; use all, spectator or one of "
                    f"{', '.join(game.seats)}", "--as")
    return text


def start_state(record: Record) -> State:
    game = tabletop.load(record.game, **record.options)
    return game.new_state(seed=record.seed, scenario=record.scenario, dice=record.dice)


def narrate_record(record: Record, narrator: Narrator, viewer: Viewer, *, step: bool = False) -> State:
    """Rebuild the record's game action by action, narrating it; with ``step``, pause after each.

    The seed is shown only to a viewer who sees everything anyway: it tells every hidden deal.
    """
    state = start_state(record)
    game = state.game
    if step:
        enable_line_editing()
    narrator.header(state, show_seed=viewer is ALL or not game.info.hidden_information)
    narrator.events(state.events, viewer)
    narrator.board(game, state, viewer, "Opening position")
    total = len(record.actions)
    pausing = step
    clock = 0.0
    for number, recorded in enumerate(record.actions, 1):
        action = game.action_from_json(recorded.action)
        logged = len(state.events)
        clock = run_clock(state, clock, recorded.at)  # a real-time game's clock, as it ran
        narrator.events(state.events[logged:], viewer)
        if step:
            sees = viewer is ALL or viewer == recorded.seat or not game.info.hidden_information
            what = state.describe_action(recorded.seat, action) if sees else "makes a hidden choice"
            when = "" if recorded.at is None else f" at {recorded.at:.2f} s"
            narrator.rule(f"Step {number}/{total}{when}: {recorded.seat}: {what}")
        narrator.events(state.apply(recorded.seat, action), viewer)
        if step:
            narrator.board(game, state, viewer, "Position")
        if pausing and number < total:
            try:
                answer = input("Enter for the next step, q to stop: ")
            except EOFError:
                pausing = False  # no one to press Enter: tell the rest straight through
                print()
                continue
            if answer.strip().lower() in ("q", "quit"):
                raise typer.Exit(0)
    logged = len(state.events)
    run_clock(state, clock, record.elapsed)
    narrator.events(state.events[logged:], viewer)
    narrator.board(game, state, viewer, "Final position")
    narrator.outcome(state)
    return state


def replay(
    file: Annotated[Path, typer.Argument(metavar="FILE", help="A record saved by `tabletop play --save`.")],
    as_seat: Annotated[str | None, typer.Option(
        "--as", metavar="SEAT", help="Whose eyes to use: spectator (default), a seat name, or all.")] = None,
    show_all: Annotated[bool, typer.Option(
        "--all", help="Show everything, every seat's private events included (same as --as all).")] = False,
    step: Annotated[bool, typer.Option("--step", help="Pause after every action and show the board.")] = False,
) -> None:
    """Replay a saved game, narrating every event and the outcome as they happened.

    It is told as a spectator saw it; --as SEAT adds that seat's private events, --all shows
    every seat's. The record is checked first: a malformed or altered record is refused with
    the reason.
    """
    with game_errors():
        if show_all and as_seat not in (None, "all"):
            usage_error("use either --all or --as SEAT, not both", "--all")
        tabletop.replay(file)  # validates everything, digest included, before narrating
        record = load_record(file)
        viewer = parse_viewer("all" if show_all else as_seat, tabletop.load(record.game, **record.options))
        narrator = Narrator(make_console())
        eyes = "every seat" if viewer is ALL else "a spectator" if viewer is None else str(viewer)
        narrator.line(f"Replay of {file}: {len(record.actions)} actions, as {eyes} saw them.")
        narrate_record(record, narrator, viewer, step=step)
