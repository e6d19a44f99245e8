"""The players' rulebook: each game's rules and rulings as a person at the table reads them.

It is made from ``docs/rules/<game>.md``, the one place the rules are written down, keeping the
rules in our words and the rulings, and leaving out what is for developers: the code and test
columns, file names, code paths and the scenario format. A short introduction for new players
(``players.md`` in the game's folder) comes first. The text wraps at 80 columns.
"""

from __future__ import annotations

import re
import textwrap
from functools import lru_cache
from importlib import import_module
from pathlib import Path

import tabletop

__all__ = ["WIDTH", "players_rules", "rule_text", "rules_table"]

WIDTH = 80
_DEVELOPER_COLUMNS = ("code", "tests", "enforced by", "test")
_DEVELOPER_LINE = re.compile(r"^(rulebook|source|code|tests|package|data|code paths|code references|code names)\b",
                             re.IGNORECASE)
_LAST_PLAYER_SECTION = 3
_CODEISH = re.compile(r"`([^`]*)`")
_TEST_NOTE = re.compile(r"\s*\(?\b(tests?|see|code|enforced by)\s*:?\s*`[^.;)]*[.;)]?", re.IGNORECASE)


def _docs(name: str) -> Path:
    return Path(tabletop.__file__).resolve().parents[1] / "docs" / "rules" / f"{name}.md"


def _is_code(span: str) -> bool:
    return bool(re.search(r"\.py|\.json|\.txt|\.md|/|test_|^[a-z_]+:[A-Za-z_.]+$|\(\)|[A-Z][a-z]+[A-Z]\w*\.", span))


_DANGLING = re.compile(r"\b(is|are|in|see|at|of|the|a|by|from)[.;:]$", re.IGNORECASE)
_DEVELOPER_WORDS = re.compile(r"\b(tests?|conformance|invariants?|benchmarks?|heuristic|mcts|pytest)\b", re.IGNORECASE)


def _plain(text: str) -> str:
    """Cell or paragraph text without markdown, code references or test names."""
    text = _TEST_NOTE.sub("", text)
    text = re.sub(r"\b(in|see|by|from|at)\s+(`[^`]*`)", lambda m: "" if _is_code(m.group(2)[1:-1]) else m.group(0), text)
    text = _CODEISH.sub(lambda m: "" if _is_code(m.group(1)) else m.group(1), text)
    text = text.replace("**", "").replace("<br>", " ")
    text = re.sub(r"\[([^\]]+)\]\([^)]+\)", r"\1", text)
    text = re.sub(r"\(\s*[,;]?\s*\)", "", text)
    text = re.sub(r"\s+(?:in|of|at|by|from|see)\s*(?=[;:,)])", "", text)
    text = re.sub(r"\s+([,.;:])", r"\1", text)
    # A sentence that only pointed at a file ("The bitmap is `data/pitch.txt`.") says nothing now.
    text = " ".join(s for s in re.split(r"(?<=[.!?])\s+", text) if not _DANGLING.search(s))
    return re.sub(r"\s{2,}", " ", text).strip(" ,;")


def _cells(line: str) -> list[str]:
    return [cell.strip() for cell in line.strip().strip("|").split("|")]


def _wrap(text: str, indent: str = "", hang: str = "") -> list[str]:
    return textwrap.wrap(text, WIDTH, initial_indent=indent, subsequent_indent=hang or indent,
                         break_long_words=True, break_on_hyphens=False) or [""]


def _table(rows: list[list[str]]) -> list[str]:
    header = [h.lower() for h in rows[0]]
    keep = [i for i, h in enumerate(header) if not any(h.startswith(d) for d in _DEVELOPER_COLUMNS)]
    out: list[str] = []
    for row in rows[2:]:
        cells = [_plain(row[i]) for i in keep if i < len(row)]
        cells = [c for c in cells if c]
        if not cells:
            continue
        if header[0] == "id" and len(cells) > 1:
            text = " ".join(cells[1:]) if len(cells) > 2 and header[keep[1]] != "question" else ""
            if not text:
                text = " ".join(f"{cells[k]}" for k in range(1, len(cells)))
            out += _wrap(f"{cells[0]}  {text}", "", "    ")
        else:
            out += _wrap(" - " + ": ".join(cells[:2]) + ("" if len(cells) < 3 else " (" + "; ".join(cells[2:]) + ")"),
                         "", "   ")
    return out


def _convert(markdown: str) -> list[str]:
    out: list[str] = []
    lines = markdown.splitlines()
    i = 0
    paragraph: list[str] = []
    section = 0

    def flush() -> None:
        if paragraph:
            text = _plain(" ".join(paragraph))
            if text and not _DEVELOPER_LINE.match(text) and not _DEVELOPER_WORDS.search(text):
                bullet = paragraph[0].lstrip().startswith("- ")
                out.extend(_wrap(text[2:] if bullet else text, " - " if bullet else "", "   " if bullet else ""))
                out.append("")
            paragraph.clear()

    while i < len(lines):
        line = lines[i]
        stripped = line.strip()
        heading = re.match(r"^(#+)\s+(.*)", stripped)
        if heading:
            flush()
            level = len(heading.group(1))
            title = _plain(re.sub(r"\(`[^`]*`\)", "", heading.group(2)))
            number = re.match(r"(\d+)\.\s*(.*)", title)
            if level == 2 and number:
                section = int(number.group(1))
                title = {"Scope": "The game"}.get(number.group(2), number.group(2))
            if section > _LAST_PLAYER_SECTION:
                i += 1
                continue
            if out and out[-1]:
                out.append("")
            title = title.upper() if level <= 2 else title
            out.extend(_wrap(title))
            out.append(("=" if level == 1 else "-" if level == 2 else "~") * min(len(title), WIDTH))
            i += 1
            continue
        if section > _LAST_PLAYER_SECTION:
            i += 1
            continue
        if stripped.startswith("|"):
            flush()
            rows = []
            while i < len(lines) and lines[i].strip().startswith("|"):
                rows.append(_cells(lines[i]))
                i += 1
            if len(rows) > 2:
                out += _table(rows)
                out.append("")
            continue
        if stripped.startswith("```"):
            flush()
            i += 1
            while i < len(lines) and not lines[i].strip().startswith("```"):
                i += 1
            i += 1
            continue
        if not stripped or (stripped.startswith("- ") and paragraph):
            flush()
        if stripped:
            paragraph.append(stripped)
        i += 1
    flush()
    while out and not out[-1]:
        out.pop()
    return out


def _introduction(name: str) -> str:
    module = tabletop.game_class(name).__module__.rsplit(".", 1)[0]
    folder = Path(import_module(module).__file__ or "").parent
    path = folder / "players.md"
    return path.read_text(encoding="utf-8").strip() if path.is_file() else ""


@lru_cache(maxsize=16)
def players_rules(name: str) -> str:
    """The whole players' rulebook of game ``name`` as plain text, at most 80 columns wide."""
    info = tabletop.game_class(name).info
    path = _docs(info.name)
    parts = []
    intro = _introduction(info.name)
    if intro:
        parts.append("\n".join(_convert(intro)))
    if path.is_file():
        parts.append("\n".join(_convert(path.read_text(encoding="utf-8"))))
    return "\n\n".join(parts) + "\n"


@lru_cache(maxsize=16)
def rules_table(name: str) -> dict[str, str]:
    """Rule ID -> the rule in our words (rules and rulings), from the game's rules document."""
    path = _docs(tabletop.game_class(name).info.name)
    table: dict[str, str] = {}
    if not path.is_file():
        return table
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("|"):
            cells = _cells(line)
            if len(cells) >= 2 and re.fullmatch(r"[A-Z][A-Z0-9]*(-[A-Z0-9]+)+", cells[0]):
                # A rulings table answers a question in its third column; a rules table has code there.
                ruling = len(cells) >= 4 and "`" not in cells[2]
                table.setdefault(cells[0], _plain(f"{cells[1]} {cells[2]}" if ruling else cells[1]))
        else:
            for match in re.finditer(r"\(([A-Z]+-[A-Z0-9-]+)\)", line):
                table.setdefault(match.group(1), "")
    return table


def rule_text(name: str, rule: str) -> str:
    """The wording of one rule, or "" when the document has none."""
    return rules_table(name).get(rule, "")
