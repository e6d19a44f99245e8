"""``tabletop play``: seat humans and computer players at a game and run it to the end."""

from __future__ import annotations

import re
import secrets
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Any

import typer
from typer.core import TyperCommand

import tabletop
from tabletop.agents import Agent, make_agent
from tabletop.core import Game, State

from .errors import PICTURES, check_new_file, check_picture_folder, game_errors, parse_options, usage_error
from .output import Narrator, make_console

__all__ = ["HUMAN", "SvgWriter", "Table", "register", "seat_kinds"]

HUMAN = "human"
MAX_SEATS = 8


@dataclass
class Table:
    """A game in progress and who sits at each seat."""

    game: Game
    state: State
    kinds: dict[str, str]
    agents: dict[str, Agent] = field(default_factory=dict)

    @property
    def humans(self) -> tuple[str, ...]:
        return tuple(seat for seat in self.state.seats if self.kinds[seat] == HUMAN)


class SvgWriter:
    """Writes ``DIR/step-NNNN.svg`` pictures of a view, for games that draw."""

    def __init__(self, directory: Path | None, game: Game, viewer: str | None) -> None:
        self.directory = directory
        self.game = game
        self.viewer = viewer
        self.draws = True

    def write(self, state: State) -> Path | None:
        if self.directory is None or not self.draws:
            return None
        picture = self.game.render_svg(state.view(self.viewer))
        if picture is None:
            self.draws = False
            return None
        step = len(state.history)
        self.directory.mkdir(parents=True, exist_ok=True)
        path = self.directory / f"step-{step:04d}.svg"
        path.write_text(picture, encoding="utf-8")
        # After an undo, pictures of the abandoned future would mislead.
        for stale in self.directory.glob(PICTURES):
            number = stale.stem.removeprefix("step-")
            if number.isdigit() and int(number) > step:
                stale.unlink()
        return path


def seat_kinds(game: Game, given: dict[int, str | None]) -> dict[str, str]:
    """Map ``--seatN`` to ``game.seats[N-1]``; seat 1 defaults to a human, the rest to heuristic."""
    seats = game.seats
    for number, kind in given.items():
        if kind is not None and number > len(seats):
            usage_error(f"{game.name} has {len(seats)} seats ({', '.join(seats)}); there is no seat {number}",
                        f"--seat{number}")
    kinds = {}
    for index, seat in enumerate(seats, 1):
        kind = given.get(index)
        kinds[seat] = (kind or (HUMAN if index == 1 else "heuristic")).strip()
    return kinds


def think_seconds(text: str) -> str:
    """``"1s"``, ``"500ms"``, ``"2"`` → seconds as text."""
    match = re.fullmatch(r"\s*(\d+(?:\.\d+)?)\s*(ms|s)?\s*", text)
    if not match:
        usage_error(f"thinking time looks like 1, 1.5s or 500ms, not {text!r}", "--think")
    value = float(match.group(1)) / (1000 if match.group(2) == "ms" else 1)
    if value <= 0:
        usage_error(f"thinking time must be above zero, such as 1s or 500ms, not {text!r}", "--think")
    return f"{value:g}"


def build_agent(spec: str, seed: int, think: str | None) -> Agent:
    """The agent for a seat; ``--think`` reaches agents that search, unless the spec says otherwise."""
    return make_agent(spec, seed=seed, think=think)


def agent_seed(game_seed: int, seat_index: int) -> int:
    return (game_seed * 1009 + seat_index * 7919 + 1) % (2**31)


SEAT_OPTION = re.compile(r"--seat(\d+)")


class PlayCommand(TyperCommand):
    """``play``, whose suggestions for a misspelled option name only the seats the game has."""

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        given = list(args)  # the parser consumes its list
        try:
            return super().parse_args(ctx, args)
        except Exception as exc:  # click's NoSuchOption, as bundled with typer
            possibilities = getattr(exc, "possibilities", None)
            option = str(getattr(exc, "option_name", ""))
            seats = _seat_count(given)
            if seats is not None and possibilities:
                kept = [name for name in possibilities
                        if not (m := SEAT_OPTION.fullmatch(name)) or int(m.group(1)) <= seats]
                if not kept and SEAT_OPTION.match(option):
                    kept = [f"--seat{n}" for n in range(1, seats + 1)]
                setattr(exc, "possibilities", kept)  # noqa: B010
            raise


def _seat_count(args: list[str]) -> int | None:
    """The most seats the game named among ``args`` (if one is) can have."""
    names = {info.name: info.max_seats for info in tabletop.games()}
    return next((names[arg] for arg in args if arg in names), None)


def register(app: typer.Typer) -> None:
    app.command("play", cls=PlayCommand)(play)


def play(
    game: Annotated[str, typer.Argument(metavar="GAME", help="The game's name, as `tabletop list` shows it.")],
    seat1: Annotated[str | None, typer.Option(
        "--seat1", metavar="KIND", help="Who plays seat 1: human, random, heuristic, mcts:think=1, ... "
        "[default: human]")] = None,
    seat2: Annotated[str | None, typer.Option(
        "--seat2", metavar="KIND", help="Who plays seat 2 (likewise for --seat3 to --seat8). "
        "[default: heuristic]")] = None,
    seat3: Annotated[str | None, typer.Option("--seat3", metavar="KIND", hidden=True)] = None,
    seat4: Annotated[str | None, typer.Option("--seat4", metavar="KIND", hidden=True)] = None,
    seat5: Annotated[str | None, typer.Option("--seat5", metavar="KIND", hidden=True)] = None,
    seat6: Annotated[str | None, typer.Option("--seat6", metavar="KIND", hidden=True)] = None,
    seat7: Annotated[str | None, typer.Option("--seat7", metavar="KIND", hidden=True)] = None,
    seat8: Annotated[str | None, typer.Option("--seat8", metavar="KIND", hidden=True)] = None,
    seed: Annotated[int | None, typer.Option(help="Seed for every die and deal (random when left out; "
                                                  "it is printed so the game can be repeated).")] = None,
    option: Annotated[list[str] | None, typer.Option(
        "--option", "-o", metavar="NAME=VALUE", help="A game option; repeat for more (see `tabletop list`).")] = None,
    think: Annotated[str | None, typer.Option(
        metavar="TIME", help="Thinking time for computer players that search, such as 1s or 500ms.")] = None,
    save: Annotated[Path | None, typer.Option(metavar="FILE", help="Save the game record here at the end.")] = None,
    render: Annotated[Path | None, typer.Option(
        metavar="DIR", help="Write an SVG picture of every step to DIR (games that draw).")] = None,
    force: Annotated[bool, typer.Option(
        "--force", help="Replace an existing --save file, or the pictures already in the --render folder.")] = False,
) -> None:
    """Play a game in the terminal: humans pick numbered actions, computers play themselves.

    At your prompt, type an action's number or its text form, or: help, board, log, all, undo,
    save FILE (save --force FILE replaces a file), quit. Two humans at one terminal get a hand-over screen between turns when the
    game hides information.
    """
    from .realtime import RealtimeSession
    from .terminal import TurnSession

    given = {1: seat1, 2: seat2, 3: seat3, 4: seat4, 5: seat5, 6: seat6, 7: seat7, 8: seat8}
    options = parse_options(option)
    save = save.expanduser() if save is not None else None
    render = render.expanduser() if render is not None else None
    check_new_file(save, "--save", force=force)
    check_picture_folder(render, "--render", force=force)
    think_text = think_seconds(think) if think is not None else None
    with game_errors():
        loaded = tabletop.load(game, **options)
        kinds = seat_kinds(loaded, given)
        if seed is None:
            seed = secrets.randbelow(2**31)
        agents = {
            seat: build_agent(kind, agent_seed(seed, index), think_text)
            for index, (seat, kind) in enumerate(kinds.items(), 1)
            if kind != HUMAN
        }
        state = loaded.new_state(seed=seed)
        table = Table(loaded, state, kinds, agents)
        if loaded.info.turn_style == "real-time" and len(table.humans) > 1:
            usage_error("a real-time game takes at most one human at a terminal", "--seat")
        viewer = table.humans[0] if len(table.humans) == 1 else None
        svg = SvgWriter(render, loaded, viewer)
        narrator = Narrator(make_console())
        session_type = RealtimeSession if loaded.info.turn_style == "real-time" else TurnSession
        code = session_type(table, narrator, save=save, svg=svg).run()
    if render is not None and not svg.draws:
        print(f"tabletop: note: {loaded.name} does not draw pictures; nothing was written to {render}",
              file=sys.stderr)
    raise typer.Exit(code)
