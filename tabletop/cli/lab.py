"""The lab's commands: ``simulate``, ``balance`` and ``ladder``.

``register(app)`` adds them to the main typer application.
"""

from __future__ import annotations

import dataclasses
import sys
from collections.abc import Iterator
from concurrent.futures.process import BrokenProcessPool
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any, NoReturn

import typer
from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    Task,
    TextColumn,
)
from rich.table import Table
from rich.text import Text

from tabletop.core import TabletopError, game_class

from .errors import check_output_path, parse_options

__all__ = ["register", "split_agents"]


def _fail(message: str) -> NoReturn:
    print(f"tabletop: error: {' '.join(str(message).split())}", file=sys.stderr, flush=True)
    raise typer.Exit(1)


@dataclass
class _Sweep:
    """A sweep under way: enough to say, when Ctrl-C stops it, how far it got and what was kept."""

    journal: Path | None = None
    bar: Progress | None = None
    task: Any = None

    def how_far(self) -> str:
        if self.bar is None:
            return ""
        progress = next(t for t in self.bar.tasks if t.id == self.task)
        done, total = int(progress.completed), int(progress.total or 0)
        if self.journal is not None:
            return (f"{done} of {total} games finished and are kept in {self.journal}; the same command with "
                    "--resume plays only the rest.")
        return (f"{done} of {total} games had finished; none is kept without --out DIR, which writes every game "
                "as it finishes, for --resume.")


@contextmanager
def _errors(sweep: _Sweep | None = None) -> Iterator[None]:
    try:
        yield
    except (TabletopError, ValueError) as exc:
        _fail(str(exc))
    except OSError as exc:
        _fail(f"cannot use {exc.filename or ''}: {exc.strerror or exc}")
    except BrokenProcessPool:
        _fail("worker processes died twice over while playing the same games (killed, or out of memory); "
              "try fewer --jobs")
    except KeyboardInterrupt:
        note = sweep.how_far() if sweep is not None else ""
        print("\nInterrupted." + (f" {note}" if note else ""), file=sys.stderr, flush=True)
        raise typer.Exit(130) from None


def split_agents(text: str) -> list[str]:
    """``"random,heuristic,mcts:think=1,depth=20"`` → ``["random", "heuristic", "mcts:think=1,depth=20"]``.

    A comma starts a new agent unless what follows is another ``name=value`` option of the agent
    before it. ``;`` always separates.
    """
    specs: list[str] = []
    for chunk in text.split(";"):
        current: list[str] = []
        for token in (t.strip() for t in chunk.split(",")):
            if not token:
                continue
            if current and "=" in token and ":" not in token and ":" in current[-1]:
                current[-1] += "," + token
            else:
                current.append(token)
        specs += current
    return specs


def _pace(task: Task) -> float | None:
    """Games a second since the sweep (or its resumption) started. Results come back a batch at a
    time, so rich's pace over its last samples read a batch of 25 games finished in a millisecond
    as 25,000 games a second, and its time left as nothing, until the next batch came."""
    played = task.completed - task.fields.get("resumed", 0)
    elapsed = task.elapsed
    return played / elapsed if played > 0 and elapsed else None


class _GamesPerSecond(ProgressColumn):
    """The sweep's pace (see :func:`_pace`)."""

    def render(self, task: Task) -> Text:
        pace = _pace(task)
        return Text(f"{pace:,.1f} games/s" if pace else "- games/s", style="progress.data.speed")


class _TimeLeft(ProgressColumn):
    """The time the rest of the sweep takes at its pace so far."""

    def render(self, task: Task) -> Text:
        pace = _pace(task)
        if not pace or task.total is None:
            return Text("-:--:--", style="progress.remaining")
        minutes, seconds = divmod(round(max(0.0, task.total - task.completed) / pace), 60)
        hours, minutes = divmod(minutes, 60)
        return Text(f"{hours}:{minutes:02d}:{seconds:02d}", style="progress.remaining")


def _progress(console: Console, total: int, what: str) -> Progress:
    return Progress(TextColumn(f"[bold]{what}"), BarColumn(), MofNCompleteColumn(), _GamesPerSecond(),
                    TextColumn("{task.fields[note]}"), _TimeLeft(), console=console, transient=True)


def _sweep_output(sweep: _Sweep, out: Path | None, game: str, command: str, resume: bool, bar: Progress,
                  task: Any) -> Any:
    """Where the sweep streams its games (``--out``) and how the bar counts resumed ones."""
    from tabletop.lab.simulate import SweepOutput

    journal = out / f"{game}-{command}-games.jsonl" if out is not None else None
    sweep.journal, sweep.bar, sweep.task = journal, bar, task
    # Games already in the journal move the bar without counting towards the pace.
    def resumed(games: int) -> None:
        bar.reset(task, completed=games)
        bar.update(task, resumed=games)  # reset would drop the bar's other fields

    return SweepOutput(journal=journal, resume=resume, resumed=resumed)


def _check_folder(folder: Path | None, what: str, option: str = "--out") -> None:
    """``option`` names a folder: refuse an existing file before any work (it could hold nothing)."""
    if folder is not None and folder.exists() and not folder.is_dir():
        _fail(f"{option} {folder} is a file; give a folder for {what}")


def _check_records(records: Path | None) -> None:
    _check_folder(records, "the records of failed games", "--records")


def _check_resume(out: Path | None, resume: bool) -> None:
    from tabletop.lab.simulate import SweepOutput

    SweepOutput(journal=out, resume=resume).check()


def _check_cluster(cluster: str | None) -> None:
    """A --cluster that cannot work (a malformed address, Ray missing) is refused before the sweep starts."""
    if cluster:
        from tabletop.lab.cluster import cluster_address, import_ray

        cluster_address(cluster)
        import_ray()


def _to_stdout(path: Path | None) -> bool:
    return path is not None and str(path) == "-"


def _check_machine_outputs(**outputs: Path | None) -> None:
    """At most one machine-readable output may take stdout: two would interleave."""
    dashed = [option for option, path in outputs.items() if _to_stdout(path)]
    if len(dashed) > 1:
        _fail(f"only one of {' and '.join(dashed)} can be '-' (stdout); give the other a file name")


def _stdout(*outputs: Path | None) -> Console:
    """Where the tables go: stdout, at full width even into a pipe or a file, so the intervals stay
    on one line; stderr when one of ``outputs`` is '-', so stdout holds exactly that JSON or CSV."""
    if any(_to_stdout(path) for path in outputs):
        return Console(stderr=True) if sys.stderr.isatty() else Console(stderr=True, width=140)
    return Console() if sys.stdout.isatty() else Console(width=140)


def _write(path: Path, text: str, console: Console) -> None:
    if str(path) == "-":
        sys.stdout.write(text if text.endswith("\n") else text + "\n")
        return
    path.write_text(text if text.endswith("\n") else text + "\n", encoding="utf-8")
    console.print(f"wrote {path}")


GamesOpt = Annotated[int, typer.Option("--games", "-n", min=1, help="How many games to play.")]
SeedOpt = Annotated[int, typer.Option(help="Seed of the whole sweep; the same seed gives the same games.")]
JobsOpt = Annotated[int, typer.Option("--jobs", "-j", min=1, help="Worker processes (results do not depend on it).")]
OptionOpt = Annotated[list[str] | None, typer.Option("--option", "-o", help="A game option, name=value (repeatable).")]
MaxStepsOpt = Annotated[int, typer.Option(min=1, help="Count a game that runs longer than this many actions as failed.")]
RecordsOpt = Annotated[Path | None, typer.Option(help="Folder for the records of failed games (default: a temp folder).")]
ClusterOpt = Annotated[str | None, typer.Option(
    help="Run on Ray: 'ray' (the cluster in RAY_ADDRESS, else a local instance on every core, or on --jobs "
         "of them when above 1) or 'ray://HOST:PORT'. Needs pip install 'tabletop\\[ray]'.")]
SweepOutOpt = Annotated[Path | None, typer.Option(
    "--out", help="Folder where every game is written as it finishes (GAME-COMMAND-games.jsonl), for --resume.")]
ResumeOpt = Annotated[bool, typer.Option("--resume", help="Continue the sweep in --out, skipping the games it holds: an interrupted one, or a finished one given a larger -n.")]


def simulate_command(
    game: Annotated[str, typer.Argument(help="The game to simulate.")],
    games: GamesOpt = 100,
    seat1: Annotated[str, typer.Option(help="Agent spec for the first participant, e.g. heuristic or mcts:think=1.")] = "heuristic",
    seat2: Annotated[str, typer.Option(help="Agent spec for the second participant.")] = "heuristic",
    seat: Annotated[list[str] | None, typer.Option(help="More participants for games with more seats (repeatable).")] = None,
    option: OptionOpt = None,
    seed: SeedOpt = 0,
    jobs: JobsOpt = 1,
    swap: Annotated[bool, typer.Option(help="Reverse the seating in every other game.")] = True,
    json_out: Annotated[Path | None, typer.Option("--json", help="Write the results as JSON ('-' for stdout).")] = None,
    csv_out: Annotated[Path | None, typer.Option("--csv", help="Write one CSV row per game ('-' for stdout).")] = None,
    records: RecordsOpt = None,
    max_steps: MaxStepsOpt = 20_000,
    cluster: ClusterOpt = None,
    sweep_out: SweepOutOpt = None,
    resume: ResumeOpt = False,
) -> None:
    """Play many games between agents: wins, draws and losses with 95% intervals, scores, lengths."""
    from tabletop.lab.simulate import simulate

    check_output_path(json_out, "--json")
    check_output_path(csv_out, "--csv")
    _check_machine_outputs(**{"--json": json_out, "--csv": csv_out})
    _check_folder(sweep_out, "the games journal")
    _check_records(records)
    console = Console(stderr=True)
    sweep = _Sweep()
    with _errors(sweep):
        _check_cluster(cluster)
        _check_resume(sweep_out, resume)
        agents = [seat1, seat2, *(seat or [])]
        with _progress(console, games, f"{game}") as bar:
            task = bar.add_task("games", total=games, note="")
            failed = 0

            def tick(result: Any) -> None:
                nonlocal failed
                failed += 0 if result.ok else 1
                bar.update(task, advance=1, note=f"{failed} failed" if failed else "")

            report = simulate(game, agents, games, seed, jobs=jobs, options=parse_options(option), swap=swap,
                              max_steps=max_steps, record_dir=str(records) if records else None, progress=tick,
                              cluster=cluster, output=_sweep_output(sweep, sweep_out, game, "simulate", resume, bar, task),
                              keep_games=json_out is not None or csv_out is not None)
        out = _stdout(json_out, csv_out)
        _print_summary(out, report)
        if json_out is not None:
            _write(json_out, report.to_json_text(), console)
        if csv_out is not None:
            _write(csv_out, report.to_csv(), console)
    assert report.tally is not None
    _exit_if_all_failed(report.errors, report.tally.games)


def _print_summary(console: Console, report: Any) -> None:
    summary = report.summary()
    title = f"{report.game}: {summary.completed} games, seed {report.seed}"
    table = Table(title=title)
    for column in ("agent", "wins", "draws", "losses", "points", "score"):
        table.add_column(column, justify="left" if column == "agent" else "right")
    for p in summary.participants:
        table.add_row(p.label, p.wins.text(), p.draws.text(), p.losses.text(), p.points.text(),
                      p.scores.short() if p.scores else "-")
    console.print(table)
    console.print("Rates with 95% Wilson intervals; points count a draw as half a win.")
    length = summary.length
    if length.n:
        console.print(f"Mean game length: {length.value:.1f} actions ({length.bounds_text()}); "
                      f"first seat won {summary.first_seat_wins.text().strip()}.")
    for p in summary.participants:
        if p.scores and p.scores.common:
            common = ", ".join(f"{v:g}×{c}" for v, c in p.scores.common)
            console.print(f"Scores of {p.label}: {p.scores.text()}; most common {common}.")
    _print_errors(console, summary.errors)


def _exit_if_all_failed(errors: Any, played: int) -> None:
    """A sweep in which no game finished has no results to speak of: exit 1, so scripts notice."""
    if played and len(errors) == played:
        _fail(f"every one of the {played} games failed; see the errors above")


def _print_errors(console: Console, errors: Any) -> None:
    if not errors:
        return
    console.print(f"[bold red]{len(errors)} game(s) failed[/]; each is listed with its seed and record:")
    for e in list(errors)[:20]:
        console.print(f"  seed {e.seed}: {e.error}" + (f" (record {e.record_path})" if e.record_path else ""),
                      markup=False)
    if len(errors) > 20:
        console.print(f"  ... and {len(errors) - 20} more")


def balance_command(
    game: Annotated[str, typer.Argument(help="The game to balance.")],
    games: Annotated[int, typer.Option("--games", "-n", min=1, help="Games per pairing or per variant.")] = 10,
    agent: Annotated[str, typer.Option(help="Agent spec playing every side.")] = "heuristic",
    entries: Annotated[str | None, typer.Option(help="Only these entries, comma-separated.")] = None,
    out: Annotated[Path, typer.Option(help="Folder for the PNG, SVG, HTML and JSON report.")] = Path("balance"),
    mirrors: Annotated[bool | None, typer.Option(help="Also play each entry against itself (default: per game).")] = None,
    option: Annotated[list[str] | None, typer.Option(
        "--option", "-o", help="A house rule on every game, name=value (repeatable); not one the balance varies.")] = None,
    seed: SeedOpt = 0,
    jobs: JobsOpt = 1,
    records: RecordsOpt = None,
    max_steps: MaxStepsOpt = 20_000,
    cluster: ClusterOpt = None,
    resume: ResumeOpt = False,
) -> None:
    """A matchup matrix over the game's natural dimension, as a heatmap and an HTML report.

    Every game is also written to OUT/GAME-balance-games.jsonl as it finishes, for --resume.
    """
    from tabletop.agents import make_agent
    from tabletop.lab.balance import balance_games, choose_entries, run_balance
    from tabletop.lab.dimensions import dimension_for, with_house_rules
    from tabletop.lab.render import house_rules as house_rules_text

    console = Console(stderr=True)
    _check_folder(out, "the report")
    _check_records(records)
    sweep = _Sweep()
    with _errors(sweep):
        # Every argument is checked before anything is printed or played.
        house_rules = parse_options(option)
        dimension = dimension_for(game, house_rules)
        ruled = with_house_rules(dimension, house_rules)
        named = None if entries is None else [e.strip() for e in entries.split(",") if e.strip()]
        chosen = choose_entries(dimension, named)
        make_agent(agent)
        _check_cluster(cluster)
        if mirrors is not None and dimension.kind != "matchup":
            flag = "--mirrors" if mirrors else "--no-mirrors"
            _fail(f"{flag} is for matchups; the {game} balance compares {dimension.name} (variants), each "
                  "against the rules as written")
        mirrored = dimension.mirrors if mirrors is None else mirrors
        total = balance_games(dataclasses.replace(dimension, mirrors=mirrored), chosen, games)
        rules = f", {house_rules_text({name: ruled.base_options[name] for name in house_rules})}" if house_rules else ""
        console.print(f"{game}: {dimension.name} ({dimension.kind}), {len(chosen)} entries, {total} games{rules}",
                      soft_wrap=True)
        with _progress(console, total, game) as bar:
            task = bar.add_task("games", total=total, note="")
            report = run_balance(game, agent=agent, games=games, seed=seed, jobs=jobs, dimension=dimension,
                                 entries=chosen, mirrors=mirrors, options=house_rules, max_steps=max_steps,
                                 record_dir=str(records) if records else None,
                                 progress=lambda _r: bar.update(task, advance=1), cluster=cluster,
                                 output=_sweep_output(sweep, out, game, "balance", resume, bar, task))
        from tabletop.lab.render import write_report

        paths = write_report(report, out)
        stdout = _stdout()
        _print_balance(stdout, report)
        _print_errors(stdout, report.errors)
        for kind, path in paths.items():
            stdout.print(f"{kind}: {path}")
    _exit_if_all_failed(report.errors, report.played)


def _print_balance(console: Console, report: Any) -> None:
    """The balance at a glance: each entry against the field (or each variant), then any costs."""
    from tabletop.lab.balance import NO_RANGE
    from tabletop.lab.render import cost_range

    d = report.dimension
    if d.kind == "matchup":
        table = Table(title=f"{d.name} against the field")
        for column in ("entry", "points share", "games"):
            table.add_column(column, justify="left" if column == "entry" else "right")
        overall = {entry: report.overall(entry) for entry in d.entries}
        for entry in sorted(d.entries, key=lambda e: -overall[e].value if overall[e].n else 1.0):
            table.add_row(entry, overall[entry].text(), str(overall[entry].n))
    else:
        table = Table(title=f"{d.name}, the same seeds under each")
        for column in ("variant", "first seat wins", "draws", "second seat wins", "mean length"):
            table.add_column(column, justify="left" if column == "variant" else "right")
        for entry, row in report.variants.items():
            length = f"{row.length.value:.1f}" if row.length.n else "-"
            table.add_row(entry, row.first_wins.text(), row.draws.text(), row.second_wins.text(), length)
    console.print(table)
    console.print(f"Rates with 95% Wilson intervals{'; draws count half' if d.kind == 'matchup' else ''}. "
                  f"First seat won {report.first_seat.text().strip()} of {report.played} games.")
    if report.fit is not None:
        table = Table(title="Suggested point costs (Bradley-Terry fit)")
        for column in ("entry", "current", "suggested", "95% range"):
            table.add_column(column, justify="left" if column == "entry" else "right")
        rows = report.fit.to_json()
        for row in rows:
            table.add_row(row["entry"], "-" if row["current"] is None else f"{row['current']:g}",
                          f"{row['suggested']:.0f}", cost_range(row))
        console.print(table)
        if any(row["low"] is None for row in rows):
            console.print(NO_RANGE, markup=False)


def ladder_command(
    game: Annotated[str, typer.Argument(help="The game the agents play.")],
    agents: Annotated[str, typer.Option(help="Agent specs, comma-separated.")] = "random,heuristic,mcts",
    games: Annotated[int, typer.Option("--games", "-n", min=1, help="Games per pairing.")] = 10,
    option: OptionOpt = None,
    seed: SeedOpt = 0,
    jobs: JobsOpt = 1,
    bootstrap: Annotated[int, typer.Option(min=0, help="Bootstrap re-samples for the intervals.")] = 200,
    json_out: Annotated[Path | None, typer.Option("--json", help="Write the ladder as JSON ('-' for stdout).")] = None,
    records: RecordsOpt = None,
    max_steps: MaxStepsOpt = 20_000,
    cluster: ClusterOpt = None,
    sweep_out: SweepOutOpt = None,
    resume: ResumeOpt = False,
) -> None:
    """Rate agents from a round robin: Bradley-Terry ratings (Elo scale) with bootstrap intervals."""
    from tabletop.lab.ladder import ONE_WAY, run_ladder

    check_output_path(json_out, "--json")
    _check_folder(sweep_out, "the games journal")
    _check_records(records)
    console = Console(stderr=True)
    sweep = _Sweep()
    with _errors(sweep):
        specs = split_agents(agents)
        game_class(game)
        _check_cluster(cluster)
        _check_resume(sweep_out, resume)
        total = games * len(specs) * (len(specs) - 1) // 2
        with _progress(console, total, game) as bar:
            task = bar.add_task("games", total=total, note="")
            ladder = run_ladder(game, specs, games, seed, jobs=jobs, options=parse_options(option), bootstrap=bootstrap,
                                max_steps=max_steps, record_dir=str(records) if records else None,
                                progress=lambda _r: bar.update(task, advance=1), cluster=cluster,
                                output=_sweep_output(sweep, sweep_out, game, "ladder", resume, bar, task))
        out = _stdout(json_out)
        table = Table(title=f"{game} ladder: {games} games per pairing, seed {seed}")
        for column in ("rank", "agent", "rating", "95% interval", "W-D-L"):
            table.add_column(column, justify="left" if column == "agent" else "right")
        notes: list[str] = []
        for rank, i in enumerate(ladder.standings(), 1):
            r = ladder.ratings
            w, d, lose = ladder.record(i)
            interval = ladder.interval(i)
            if isinstance(interval, str):
                shown = "-"
                if interval == ONE_WAY:
                    notes.append(f"Each pairing of {r.names[i]} ended the same way in every game, so every "
                                 "re-sample repeats them and shows no spread: no interval is shown.")
                elif interval != "no bootstrap re-samples":
                    side = "above" if interval.startswith("won") else "below"
                    notes.append(f"{r.names[i]} {interval}, so nothing bounds its rating from {side}: "
                                 "no interval is shown.")
            else:
                shown = f"{interval[0]:.0f}–{interval[1]:.0f}"
            table.add_row(str(rank), r.names[i], f"{r.ratings[i]:.0f}", shown, f"{w}-{d}-{lose}")
        out.print(table)
        if not bootstrap:
            notes.insert(0, "No intervals: --bootstrap 0 re-samples nothing.")
        for note in notes:
            out.print(note, markup=False)
        _print_errors(out, ladder.errors)
        if json_out is not None:
            _write(json_out, ladder.to_json_text(), console)
    _exit_if_all_failed(ladder.errors, total)


def fit_command(
    game: Annotated[str, typer.Argument(help="The game whose evaluation is fitted.")],
    out: Annotated[Path, typer.Option("--out", help="Where to write the fitted evaluation (JSON).")],
    agents: Annotated[str, typer.Option(help="Agents that play the games, in turn round the seats.")] = "heuristic",
    games: Annotated[int, typer.Option("--games", "-n", min=2, help="Games to play.")] = 200,
    every: Annotated[int, typer.Option(min=1, help="Note the position at every Nth decision.")] = 5,
    option: OptionOpt = None,
    seed: SeedOpt = 0,
    jobs: JobsOpt = 1,
) -> None:
    """Fit the game's position evaluation (State.features) to the outcomes of played games."""
    import json

    from tabletop.lab.fitting import collect_positions, fit_evaluation

    check_output_path(out, "--out")
    console = Console(stderr=True)
    with _errors():
        game_class(game)
        console.print(f"Playing {games} games of {game}...")
        positions = collect_positions(game, games, seed, agents=split_agents(agents), every=every,
                                      options=parse_options(option), jobs=jobs)
        fit = fit_evaluation(positions)
        table = Table(title=f"{game}: held-out predictions of the final points share "
                            f"({fit.train_positions} positions fitted, {fit.test_positions} held out)")
        for column in ("model", "log-loss", "Brier"):
            table.add_column(column, justify="left" if column == "model" else "right")
        for name, score in fit.scores.items():
            table.add_row(name, f"{score.log_loss:.4f}", f"{score.brier:.4f}")
        _stdout(out).print(table)
        _write(out, json.dumps(fit.model.to_json(), indent=1), console)


def register(app: typer.Typer) -> None:
    """Add ``simulate``, ``balance``, ``ladder`` and ``fit`` to ``app``."""
    app.command("simulate")(simulate_command)
    app.command("balance")(balance_command)
    app.command("ladder")(ladder_command)
    app.command("fit")(fit_command)
