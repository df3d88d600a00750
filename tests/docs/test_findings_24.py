"""docs/findings-24.md is issue 24's closing list: each finding with the test that covers it. The list is checked, not
trusted: every test it names exists (found by reading the test files with ``ast``, not by running pytest inside
pytest), every row that is not open names one, and every finding of the three reports has its row — so a renamed
test or a forgotten finding fails here instead of going unnoticed in the closing note."""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import pytest

from tests.paths import REPO, shared_dir

DOC = REPO / "docs" / "findings-24.md"
NODE = re.compile(r"`(tests/[\w/]+\.py)::([\w:]+)`")


@dataclass(frozen=True)
class Row:
    id: str
    tests: tuple[tuple[str, str], ...]
    status: str


def rows(text: str) -> list[Row]:
    """The rows of every table in ``text`` (header and rule lines left out); ``\\|`` inside a cell is text."""
    out = []
    for line in text.splitlines():
        if not line.startswith("| ") or line.startswith("| Id ") or line.startswith("|---"):
            continue
        cells = [c.strip() for c in re.split(r"(?<!\\)\|", line.strip())[1:-1]]
        assert len(cells) == 4, f"a row of findings-24.md has {len(cells)} cells, not 4: {line}"
        out.append(Row(cells[0], tuple(NODE.findall(cells[2])), cells[3]))
    return out


@cache
def functions_of(path: str) -> frozenset[str]:
    """The test functions of one file, as pytest names them: ``test_x`` and ``TestClass::test_x``."""
    tree = ast.parse((REPO / path).read_text(encoding="utf-8"))
    names: set[str] = set()

    def walk(body: list[ast.stmt], prefix: str) -> None:
        for node in body:
            if isinstance(node, ast.ClassDef) and node.name.startswith("Test"):
                walk(node.body, f"{prefix}{node.name}::")
            elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.name.startswith("test"):
                names.add(prefix + node.name)

    walk(tree.body, "")
    return frozenset(names)


def missing(row: Row) -> list[str]:
    return [
        f"{path}::{name}" for path, name in row.tests if not (REPO / path).is_file() or name not in functions_of(path)
    ]


def test_the_parser_reads_a_row_and_finds_a_missing_test() -> None:
    text = (
        "| Id | Finding | Tests | Status |\n|---|---|---|---|\n"
        "| web B3 | a \\| b | `tests/docs/test_findings_24.py::test_every_named_test_exists`, "
        "`tests/docs/test_findings_24.py::test_gone` | fixed |\n"
    )
    (row,) = rows(text)
    assert row.id == "web B3" and row.status == "fixed" and len(row.tests) == 2
    assert missing(row) == ["tests/docs/test_findings_24.py::test_gone"]


def test_every_named_test_exists() -> None:
    gone = {row.id: m for row in rows(DOC.read_text(encoding="utf-8")) if (m := missing(row))}
    assert not gone, f"docs/findings-24.md names tests that do not exist: {gone}"


def test_every_row_but_an_open_one_names_a_test_and_ids_are_unique() -> None:
    table = rows(DOC.read_text(encoding="utf-8"))
    assert len(table) > 100
    ids = [r.id for r in table]
    assert len(ids) == len(set(ids)), sorted(i for i in ids if ids.count(i) > 1)
    bare = [r.id for r in table if not r.tests and not r.status.startswith("open")]
    assert not bare, f"rows with no test that are not marked open: {bare}"


def report_findings(shared: Path) -> set[str]:
    """The finding ids of the three reports, as the rows write them: "web B1", "terminal U17", "security L7"."""
    found = set()
    for name, pattern in (
        ("web", r"^\*\*([BULM]\d+) [–—]"),
        ("terminal", r"^\*\*([BULM]\d+) [–—]"),
        ("security", r"^### ([HML]\d+) [–—]"),
    ):
        text = (shared / "reports" / f"{name}.md").read_text(encoding="utf-8")
        found |= {f"{name} {m}" for m in re.findall(pattern, text, re.MULTILINE)}
    return found


def test_every_finding_of_the_three_reports_has_its_row() -> None:
    shared = shared_dir()
    if shared is None or not (shared / "reports" / "web.md").is_file():
        pytest.skip("the reports are not beside this checkout (shared/reports)")
    findings = report_findings(shared)
    assert {"web B10", "terminal U17", "security H1", "security L7"} <= findings  # the patterns still match
    listed = {r.id for r in rows(DOC.read_text(encoding="utf-8"))}
    assert not findings - listed, f"findings without a row in docs/findings-24.md: {sorted(findings - listed)}"
