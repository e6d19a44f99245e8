"""The rules document lists every rule with tests that exist, and every rule test is listed."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "rules" / "cargo-bay-ball.md"
TESTS = Path(__file__).parent


def test_every_rule_row_names_existing_tests_and_every_rule_test_is_in_the_doc():
    doc = DOC.read_text(encoding="utf-8")
    defined = set()
    for path in TESTS.glob("test_*.py"):
        defined |= set(re.findall(r"^def (test_\w+)", path.read_text(encoding="utf-8"), re.M))
    rows = [line for line in doc.splitlines() if line.startswith("| CBB-")]
    assert len(rows) >= 50
    ids = [row.split("|")[1].strip() for row in rows]
    assert len(ids) == len(set(ids)), "a rule ID appears twice"
    for row in rows:
        named = set(re.findall(r"`(test_\w+)`", row))
        assert named, f"{row.split('|')[1]} lists no test"
        assert named <= defined, f"{row.split('|')[1]} names missing tests {named - defined}"
    listed = set(re.findall(r"`(test_CBB_\w+)`", doc))
    assert {t for t in defined if t.startswith("test_CBB_")} <= listed


def test_the_rulings_examples_of_side_on_spaces_are_right():
    import tabletop

    board = tabletop.load("cargo-bay-ball").board
    for arrow, labels in ((1, ("J7", "G5", "K8")), (2, ("J5", "G7")), (3, ("H4", "H8"))):
        for label in labels:
            assert board.side_of_axis(board.index[label], arrow) == 0, (arrow, label)


def test_every_code_reference_in_the_doc_exists():
    import importlib

    doc = DOC.read_text(encoding="utf-8")
    package = ROOT / "tabletop" / "titles" / "cargo_bay_ball"
    for ref in set(re.findall(r"`([a-z_]+):([A-Za-z_.]+)`", doc)) - {("module", "function")}:
        module = importlib.import_module(f"tabletop.titles.cargo_bay_ball.{ref[0]}")
        target: object = module
        for part in ref[1].split("."):
            target = getattr(target, part)
    for data in set(re.findall(r"`(data/[a-z]+\.json)`", doc)):
        assert (package / data).is_file(), data
