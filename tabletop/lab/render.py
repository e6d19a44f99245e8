"""Pictures and pages for balance reports: a heatmap (PNG and SVG) and one self-contained HTML file
with the picture inlined, the numbers with their intervals, and any suggested point costs."""

from __future__ import annotations

import base64
import html
import io
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt
import numpy as np
from matplotlib.figure import Figure

from .balance import NO_RANGE, BalanceReport
from .stats import Rate

__all__ = ["cost_range", "heatmap", "house_rules", "html_report", "write_report"]


def cost_range(cost: dict[str, Any]) -> str:
    """A suggested cost's 95% range as text, or a dash when it has none."""
    return "–" if cost["low"] is None else f"{cost['low']:.0f}–{cost['high']:.0f}"


def _matrix(report: BalanceReport) -> tuple[np.ndarray, list[list[str]], list[str], list[str], str]:
    d = report.dimension
    if d.kind == "matchup":
        rows = cols = list(d.entries)
        values = np.full((len(rows), len(cols)), np.nan)
        notes = [["" for _ in cols] for _ in rows]
        for i, a in enumerate(rows):
            for j, b in enumerate(cols):
                rate = report.cells.get((a, b))
                if rate is not None and rate.n:
                    values[i, j] = rate.value
                    notes[i][j] = f"{rate.value:.0%}\n{rate.low:.0%}–{rate.high:.0%}"
        return values, notes, rows, cols, "row's points share against the column"
    rows = list(report.variants)
    cols = ["first seat wins", "draws", "second seat wins"]
    values = np.full((len(rows), 3), np.nan)
    notes = [["", "", ""] for _ in rows]
    for i, entry in enumerate(rows):
        row = report.variants[entry]
        for j, rate in enumerate((row.first_wins, row.draws, row.second_wins)):
            if rate.n:
                values[i, j] = rate.value
                notes[i][j] = f"{rate.value:.0%}\n{rate.low:.0%}–{rate.high:.0%}"
    return values, notes, rows, cols, "share of games"


def heatmap(report: BalanceReport) -> Figure:
    """The matchup matrix (or the variant table) as a coloured grid with 95% intervals."""
    values, notes, rows, cols, label = _matrix(report)
    size = max(len(rows), len(cols))
    fig, ax = plt.subplots(figsize=(max(5.0, 1.0 + 0.9 * len(cols)), max(3.5, 1.2 + 0.6 * len(rows))))
    masked = np.ma.masked_invalid(values)
    d = report.dimension
    image = ax.imshow(masked, cmap="RdBu" if d.kind == "matchup" else "Blues", vmin=0.0, vmax=1.0, aspect="auto")
    ax.set_xticks(range(len(cols)), cols, rotation=40, ha="right", fontsize=8)
    ax.set_yticks(range(len(rows)), rows, fontsize=8)
    font = 7 if size <= 8 else 5.5
    for i in range(len(rows)):
        for j in range(len(cols)):
            if notes[i][j]:
                dark = abs(values[i, j] - 0.5) > 0.3 if d.kind == "matchup" else values[i, j] > 0.6
                ax.text(j, i, notes[i][j], ha="center", va="center", fontsize=font,
                        color="white" if dark else "black")
    per = "pairing" if d.kind == "matchup" else "variant"
    rules = f"\n{house_rules(report.options)}" if report.options else ""
    ax.set_title(f"{d.game}: {d.name}\n{report.agent}, {report.games} games per {per}{rules}", fontsize=10)
    fig.colorbar(image, ax=ax, label=label, shrink=0.8)
    fig.tight_layout()
    return fig


def house_rules(options: Mapping[str, Any]) -> str:
    """House rules played in every game, as ``name=value`` pairs (empty without any)."""
    shown = ", ".join(f"{name}={str(value).lower() if isinstance(value, bool) else value}"
                      for name, value in options.items())
    return f"house rules: {shown}" if shown else ""


def _image_bytes(fig: Figure, kind: str) -> bytes:
    buffer = io.BytesIO()
    fig.savefig(buffer, format=kind, dpi=130)
    return buffer.getvalue()


def _rate_cell(rate: Rate | None) -> str:
    if rate is None or not rate.n:
        return "<td class=none>–</td>"
    return f"<td>{rate.value:.1%}<br><small>{rate.low:.1%}–{rate.high:.1%} (n={rate.n})</small></td>"


def html_report(report: BalanceReport, png: bytes) -> str:
    """One HTML file with everything inlined: no external files, scripts or fonts."""
    d = report.dimension
    esc = html.escape
    parts = [
        "<!doctype html><html><head><meta charset='utf-8'>",
        f"<title>{esc(d.game)} balance: {esc(d.name)}</title>",
        "<style>body{font-family:sans-serif;margin:2em;max-width:75em}table{border-collapse:collapse;"
        "font-size:0.85em}td,th{border:1px solid #ccc;padding:0.3em 0.5em;text-align:center}"
        "th{background:#f3f3f3}.none{color:#aaa}small{color:#555}</style></head><body>",
        f"<h1>{esc(d.game)}: balance across {esc(d.name)}</h1>",
        f"<p>{esc(d.note[:1].upper() + d.note[1:])}. Agent <code>{esc(report.agent)}</code> on every side, {report.games} games per "
        f"{'pairing (half each way round)' if d.kind == 'matchup' else 'variant'}, seed {report.seed}, "
        f"{report.played} games in all. Intervals are 95% Wilson score intervals; draws count half.</p>",
        f"<p>Every game with {esc(house_rules(report.options))}.</p>" if report.options else "",
        f"<p>First seat wins {esc(report.first_seat.text())} of all games.</p>",
        f"<img alt='heatmap' src='data:image/png;base64,{base64.b64encode(png).decode()}'>",
    ]
    if d.kind == "matchup":
        parts.append("<h2>Matchup matrix (row's points share against column)</h2>")
        if d.mirrors:
            parts.append("<p>Diagonal cells are mirror matches: the first side's points share against "
                         "the same entry.</p>")
        parts.append("<table><tr><th></th>")
        parts += [f"<th>{esc(e)}</th>" for e in d.entries]
        parts.append("<th>overall</th></tr>")
        for a, cells in zip(d.entries, report.matrix(), strict=True):
            parts.append(f"<tr><th>{esc(a)}</th>" + "".join(_rate_cell(r) for r in cells)
                         + _rate_cell(report.overall(a)) + "</tr>")
        parts.append("</table>")
    else:
        parts.append("<h2>Rule variants</h2><table><tr><th>variant</th><th>first seat wins</th><th>draws</th>"
                     "<th>second seat wins</th><th>mean length (actions)</th></tr>")
        for entry, variant in report.variants.items():
            span = variant.length
            length = f"{span.value:.1f} ({span.bounds_text()})" if span.n else "–"
            parts.append(f"<tr><th>{esc(entry)}</th>{_rate_cell(variant.first_wins)}{_rate_cell(variant.draws)}"
                         f"{_rate_cell(variant.second_wins)}<td>{length}</td></tr>")
        parts.append("</table>")
    if report.fit is not None:
        fit = report.fit
        parts.append("<h2>Suggested point costs</h2><p>A Bradley-Terry fit of the matchups gives each entry a "
                     "strength in log-odds. Costs are fair when every point buys the same log-odds, so equal-cost "
                     "sides are even: a line fitted through strength against the current costs turns each "
                     "entry's strength into the cost it has earned. Ranges are 95% bootstrap intervals.</p>")
        parts.append("<table><tr><th>entry</th><th>current</th><th>suggested</th><th>range</th><th>rating</th></tr>")
        rows = fit.to_json()
        for cost in rows:
            current = "–" if cost["current"] is None else f"{cost['current']:g}"
            parts.append(f"<tr><th>{esc(cost['entry'])}</th><td>{current}</td><td>{cost['suggested']:.0f}</td>"
                         f"<td>{cost_range(cost)}</td><td>{cost['rating']:.0f}</td></tr>")
        parts.append("</table>")
        if any(cost["low"] is None for cost in rows):
            parts.append(f"<p>{esc(NO_RANGE)}</p>")
    if report.errors:
        parts.append(f"<h2>Failed games ({len(report.errors)})</h2><ul>")
        parts += [f"<li>seed {e.seed}: {esc(e.error or '')} (record {esc(e.record_path or 'not saved')})</li>"
                  for e in report.errors[:50]]
        parts.append("</ul>")
    parts.append("</body></html>")
    return "\n".join(parts)


def write_report(report: BalanceReport, folder: str | Path) -> dict[str, Path]:
    """Write ``<game>-balance.png``, ``.svg``, ``.html`` and ``.json`` into ``folder``."""
    out = Path(folder)
    out.mkdir(parents=True, exist_ok=True)
    stem = out / f"{report.dimension.game}-balance"
    fig = heatmap(report)
    try:
        png = _image_bytes(fig, "png")
        svg = _image_bytes(fig, "svg")
    finally:
        plt.close(fig)
    paths = {kind: stem.with_suffix(f".{kind}") for kind in ("png", "svg", "html", "json")}
    paths["png"].write_bytes(png)
    paths["svg"].write_bytes(svg)
    paths["html"].write_text(html_report(report, png), encoding="utf-8")
    paths["json"].write_text(report.to_json_text() + "\n", encoding="utf-8")
    return paths
