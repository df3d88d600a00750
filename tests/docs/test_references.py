"""What the code and the docs say about the project's own files and figures is checked, not trusted (issue 26: two
docstrings named files that did not exist, and docs/architecture.md counted 402 conformance cases where there were
601). A docstring that names a path of this repository names one that exists; a count of conformance cases in the
docs is the count the suite lays out."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from tests.paths import REPO

PATH = re.compile(r"(?<![\w/.-])((?:wuerfel|tests|docs|bench)/[\w./-]*)")


def _named_paths(text: str) -> list[str]:
    """Repository paths named in ``text``: a file with a suffix, or a folder written with its trailing slash (an id
    such as ``wuerfel/Kniffel-v0`` is neither)."""
    out = []
    for m in PATH.findall(text):
        m = m.rstrip(".")
        if m.endswith("/") or Path(m).suffix:
            out.append(m)
    return out


def test_named_paths_are_found() -> None:
    assert _named_paths("see ``tests/x/test_y.py``, wuerfel/testing/ and wuerfel/Kniffel-v0.") == [
        "tests/x/test_y.py",
        "wuerfel/testing/",
    ]


def test_every_path_a_docstring_or_string_names_exists() -> None:
    missing = []
    for module in sorted((REPO / "wuerfel").rglob("*.py")):
        for node in ast.walk(ast.parse(module.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                missing += [
                    f"{module.relative_to(REPO)}:{node.lineno}: {p}"
                    for p in _named_paths(node.value)
                    if not any(ch in p for ch in "*{<") and not (REPO / p).exists()
                ]
    assert missing == []


def test_a_count_of_conformance_cases_in_the_docs_is_the_suites() -> None:
    from wuerfel.engine.registry import all_games
    from wuerfel.testing.playouts import cases

    stated = {
        int(n.replace(",", ""))
        for page in (REPO / "docs").glob("*.md")
        for n in re.findall(r"(\d[\d,]*) (?:conformance )?cases\b", page.read_text(encoding="utf-8"))
    }
    if stated:
        assert stated == {sum(len(cases(g)) for g in all_games())}
