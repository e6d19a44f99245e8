"""The ``tabletop`` command: the typer application, its shared helpers, ``list`` and ``rules``.

Other command groups live in their own modules and add themselves here. Third-party games
load through the ``TABLETOP_PLUGINS`` environment variable: a comma-separated list of Python
modules imported before any command runs (each registers its games with ``@register``).
"""

from __future__ import annotations

import importlib
import importlib.util
import json
import os
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.table import Table
from rich.text import Text

import tabletop
from tabletop.agents import agent_names
from tabletop.core import GameInfo, Option

from .errors import fail, game_errors
from .output import make_console

__all__ = ["app", "build_app", "load_plugins", "public_games", "rules_path"]

PLUGINS_VARIABLE = "TABLETOP_PLUGINS"
HIDDEN_PREFIX = "test-"

HELP = """Play, replay and draw five tabletop games by their complete rules.

Start with `tabletop list`, read a game with `tabletop rules GAME`, and play it with `tabletop play GAME --seat1 human --seat2 heuristic`. Third-party games load from the modules named in the TABLETOP_PLUGINS environment variable (comma-separated).
"""


def load_plugins() -> None:
    """Import the modules named in TABLETOP_PLUGINS so their games register themselves."""
    for name in filter(None, (part.strip() for part in os.environ.get(PLUGINS_VARIABLE, "").split(","))):
        try:
            importlib.import_module(name)
        except Exception as exc:  # a broken plugin must not become a traceback
            fail(f"cannot load plugin {name!r} from {PLUGINS_VARIABLE}: {exc}")


def public_games() -> list[GameInfo]:
    """Registered games, without the engine's test fixtures."""
    return [info for info in tabletop.games() if not info.name.startswith(HIDDEN_PREFIX)]


def rules_path(name: str) -> Path:
    return Path(tabletop.__file__).resolve().parents[1] / "docs" / "rules" / f"{name}.md"


def _option_text(option: Option) -> str:
    plain = isinstance(option.default, str) and option.default
    default = option.default if plain else json.dumps(option.default)
    return f"{option.name}={default} ({option.allowed()}): {option.help}"


def _seats_text(info: GameInfo) -> str:
    return str(info.min_seats) if info.min_seats == info.max_seats else f"{info.min_seats}-{info.max_seats}"


def _print_version(value: bool) -> None:
    if value:
        print(f"tabletop {tabletop.__version__}")
        print(f"engine: {tabletop.native.status()}")
        raise typer.Exit(0)


def build_app() -> typer.Typer:
    """A fresh application with every command group registered."""
    application = typer.Typer(
        name="tabletop",
        help=HELP,
        no_args_is_help=True,
        add_completion=False,
        pretty_exceptions_enable=False,
        context_settings={"help_option_names": ["-h", "--help"]},
    )

    @application.callback()
    def root(
        version: Annotated[bool, typer.Option(
            "--version", help="Print the engine version, and whether its compiled modules are in use, and exit.", is_eager=True, callback=_print_version,
        )] = False,
    ) -> None:
        load_plugins()

    @application.command("list")
    def list_games(
        as_json: Annotated[bool, typer.Option("--json", help="Print the metadata as JSON.")] = False,
    ) -> None:
        """List the games: title, seats, turn style, hidden information, options and defaults."""
        with game_errors():
            infos = public_games()
        if as_json:
            print(json.dumps([info.to_json() for info in infos], indent=1))
            return
        console = make_console()
        if not infos:
            console.print("No games are installed yet.")
        else:
            table = Table(title="Games", title_justify="left")
            for column in ("Game", "Title", "Seats", "Turns", "Hidden info"):
                table.add_column(column)
            for info in infos:
                table.add_row(info.name, info.title, _seats_text(info), info.turn_style,
                              "yes" if info.hidden_information else "no")
            console.print(table)
            for info in infos:
                console.print()
                console.print(Text(f"{info.name}: {info.title}", style="bold"))
                console.print(f"  {info.summary}")
                if not info.options:
                    console.print("  No options.")
                for option in info.options:
                    console.print(f"  --option {_option_text(option)}")
        console.print()
        console.print("Seat kinds: human, " + ", ".join(agent_names())
                      + " (agents take options, such as mcts:think=1).")

    @application.command("rules")
    def rules(
        game: Annotated[str, typer.Argument(metavar="GAME", help="The game's name, as `tabletop list` shows it.")],
        raw: Annotated[bool, typer.Option("--raw", help="Print the developers' Markdown document instead, with "
                                                        "the code and tests behind every rule.")] = False,
    ) -> None:
        """Print a game's rulebook for players, in our own words, with the rulings we made."""
        from tabletop.guide import players_rules

        with game_errors():
            info = tabletop.game_class(game).info
        path = rules_path(info.name)
        if not path.is_file():
            fail(f"{info.name} has no rules document yet (expected {path})")
        if raw:
            text = path.read_text(encoding="utf-8")
            print(text, end="" if text.endswith("\n") else "\n")
        else:
            print(players_rules(info.name), end="")

    from . import learn, play, render, replay, serve

    play.register(application)
    learn.register(application)
    replay.register(application)
    render.register(application)
    serve.register(application)
    if importlib.util.find_spec("tabletop.cli.lab") is not None:
        lab: Any = importlib.import_module("tabletop.cli.lab")
        lab.register(application)
    return application


app = build_app()
