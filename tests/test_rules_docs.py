"""Every game's rules document maps each rule ID to the code that enforces it and to tests
that exist, and every test named after a rule ID points back at a listed rule."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import tabletop

ROOT = Path(__file__).resolve().parents[1]
RULE_ROW = re.compile(r"^\|\s*`?([A-Z]{2,5}(?:-[A-Z0-9]+)+)`?\s*\|")
TICKED = re.compile(r"`([^`]+)`")
GAMES = [info.name for info in tabletop.games() if not info.name.startswith("test-")]


def package_of(name: str) -> str:
    return name.replace("-", "_")


def rule_rows(name: str) -> dict[str, list[str]]:
    rows: dict[str, list[str]] = {}
    for line in (ROOT / "docs" / "rules" / f"{name}.md").read_text(encoding="utf-8").splitlines():
        match = RULE_ROW.match(line)
        if match:
            cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
            rows[match.group(1)] = cells
    return rows


def defined_tests(name: str) -> set[str]:
    found: set[str] = set()
    for path in (ROOT / "tests").rglob("*.py"):
        found.update(re.findall(r"^\s*def (test_\w+)", path.read_text(encoding="utf-8"), re.MULTILINE))
    return found


def source_text(name: str) -> str:
    package = ROOT / "tabletop" / "titles" / package_of(name)
    return "\n".join(p.read_text(encoding="utf-8") for p in package.rglob("*") if p.suffix in (".py", ".json"))


@pytest.mark.parametrize("name", GAMES)
def test_rules_document_has_scope_rules_and_rulings(name):
    text = (ROOT / "docs" / "rules" / f"{name}.md").read_text(encoding="utf-8").lower()
    for heading in ("scope", "rulings", "scenario"):
        assert heading in text, f"docs/rules/{name}.md has no {heading} section"
    assert len(rule_rows(name)) >= 20, f"docs/rules/{name}.md lists too few rule IDs"


@pytest.mark.parametrize("name", GAMES)
def test_every_rule_id_names_existing_tests(name):
    tests = defined_tests(name)
    missing: list[str] = []
    untested: list[str] = []
    for rule, cells in rule_rows(name).items():
        named = [t.split("::")[-1].split("[")[0] for t in TICKED.findall(cells[-1]) if "test_" in t]
        named = [t[t.index("test_"):] for t in named if "<" not in t]
        if not named:
            untested.append(rule)
        missing.extend(f"{rule}: {t}" for t in named if t not in tests)
    assert not untested, f"rules without a test: {untested}"
    assert not missing, f"tests named in docs/rules/{name}.md that do not exist: {missing}"


@pytest.mark.parametrize("name", GAMES)
def test_every_rule_names_code_that_exists(name):
    source = source_text(name)
    missing = []
    for rule, cells in rule_rows(name).items():
        code_cell = cells[-2]
        for reference in TICKED.findall(code_cell):
            symbol = reference.split(":")[-1].split(".")[-1].strip("()")
            if symbol.endswith(".json") or not symbol.isidentifier():
                continue
            if not re.search(rf"\b{re.escape(symbol)}\b", source):
                missing.append(f"{rule}: {reference}")
    assert not missing, f"code named in docs/rules/{name}.md that does not exist: {missing}"


@pytest.mark.parametrize("name", GAMES)
def test_rule_named_tests_are_listed_in_the_document(name):
    prefix = next(iter(rule_rows(name))).split("-")[0]
    document = (ROOT / "docs" / "rules" / f"{name}.md").read_text(encoding="utf-8")
    patterns = [t.split("<")[0] for t in re.findall(r"(test_\w+<\w+>)", document)]
    orphans = []
    for path in (ROOT / "tests" / package_of(name)).rglob("test_*.py"):
        for test in re.findall(rf"^\s*def (test_{prefix}_\w+)", path.read_text(encoding="utf-8"), re.MULTILINE):
            if test not in document and not any(test.startswith(p) for p in patterns):
                orphans.append(f"{path.name}::{test}")
    assert not orphans, f"tests named after rule IDs that docs/rules/{name}.md does not list: {orphans}"
