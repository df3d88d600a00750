"""The live table's shell stays small modules (issue 25 §1): ``live.py`` (once 1,778 lines, then under 1,000) and
each module split off it under 600, and none of them needs ``live.py`` to load (they take the table as an argument
and name its type only for the type checker), so the table's class can keep shrinking without an import cycle.
Likewise ``app.py`` and each route module of ``routes/`` (one per area of the app) stay under 600, and so do the
store and the modules split off it.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import wuerfel.server

SERVER = Path(wuerfel.server.__file__).resolve().parent
LIVE_MAX = 600
MODULE_MAX = 600
SHELL = (
    "messages",
    "commands",
    "serverdice",
    "views",
    "fanout",
    "hints",
    "botdriver",
    "clocks",
    "seatops",
    "eviction",
    "tablerecord",
    "conn",
    "protocol",
    "protocol_schema",
)
"""The modules around :mod:`wuerfel.server.live` (docs/architecture.md, "The live core")."""


def _lines(name: str) -> int:
    return len((SERVER / f"{name}.py").read_text(encoding="utf-8").splitlines())


def runtime_imports(source: str) -> set[str]:
    """Every module an import outside ``if TYPE_CHECKING:`` names (``from a import b`` names ``a`` and ``a.b``)."""
    tree = ast.parse(source)
    skip: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING":
            skip.update(id(n) for stmt in node.body for n in ast.walk(stmt))
    out: set[str] = set()
    for node in ast.walk(tree):
        if id(node) in skip:
            continue
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            out.add(node.module)
            out.update(f"{node.module}.{a.name}" for a in node.names)
    return out


def test_live_py_stays_small() -> None:
    assert _lines("live") < LIVE_MAX, "live.py grew back: put the new concern in a module of its own"


def test_the_hub_stays_small() -> None:
    """The worker's tables (``hub.py``) needs the table's class, so it is not a shell module, but it is held to the
    same size."""
    assert _lines("hub") < MODULE_MAX


@pytest.mark.parametrize("name", SHELL)
def test_each_shell_module_stays_small(name: str) -> None:
    assert _lines(name) < MODULE_MAX, f"wuerfel/server/{name}.py passed {MODULE_MAX} lines: split it"


@pytest.mark.parametrize("name", SHELL)
def test_no_shell_module_needs_live_py_to_load(name: str) -> None:
    imported = runtime_imports((SERVER / f"{name}.py").read_text(encoding="utf-8"))
    assert not {i for i in imported if i == "wuerfel.server.live" or i.startswith("wuerfel.server.live.")}


STORE = ("store", "store_accounts", "store_log", "store_reads", "rows", "writer")
"""The store (:class:`~wuerfel.server.store.Store`), its mixins, its rows and its batched writer (docs/web.md)."""


@pytest.mark.parametrize("name", STORE)
def test_each_store_module_stays_small(name: str) -> None:
    assert _lines(name) < MODULE_MAX, f"wuerfel/server/{name}.py passed {MODULE_MAX} lines: split it"


def test_store_py_keeps_no_re_exports() -> None:
    """Everyone imports a row from :mod:`~wuerfel.server.rows` and the writer from :mod:`~wuerfel.server.writer`:
    ``store.py`` re-exports neither (an ``X as X`` import), so the names have one home."""
    tree = ast.parse((SERVER / "store.py").read_text(encoding="utf-8"))
    aliased = [a.name for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) for a in n.names if a.asname == a.name]
    assert not aliased


ROUTES = sorted(p.stem for p in (SERVER / "routes").glob("*.py"))
"""The route modules, one per area of the app (issue 25 §1; :mod:`wuerfel.server.routes`)."""


def test_app_py_stays_small() -> None:
    assert _lines("app") < MODULE_MAX, "app.py grew back: put the new routes in their area's module (routes/)"


def test_the_routes_are_split_by_area() -> None:
    assert {"accounts", "lobby", "tables", "archive", "analysis", "pages", "context"} <= set(ROUTES)


@pytest.mark.parametrize("name", ROUTES)
def test_each_routes_module_stays_small(name: str) -> None:
    assert _lines(f"routes/{name}") < MODULE_MAX, f"wuerfel/server/routes/{name}.py passed {MODULE_MAX} lines: split it"


def test_the_scan_tells_a_runtime_import_from_a_type_checking_one() -> None:
    typed = "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from wuerfel.server.live import LiveTable\n"
    assert "wuerfel.server.live" not in runtime_imports(typed)
    assert "wuerfel.server.live" in runtime_imports(typed + "from wuerfel.server.live import Conn\n")
    assert "wuerfel.server.live" in runtime_imports("def f():\n    from wuerfel.server.live import Conn\n")
