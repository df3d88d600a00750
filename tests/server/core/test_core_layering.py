"""The live core stays without I/O (issue 25 §1): no event loop, database, web framework, threads or clock.

The scan is :mod:`tests.test_layering`'s (every import statement, also a lazy one); here it is held against the
modules that do I/O rather than against the package's own layers. Of the server, the core may use only itself and
the pure text check.
"""

from __future__ import annotations

from pathlib import Path

import pytest

import wuerfel.server.core
from tests.test_layering import imports_of, module_name

CORE = Path(wuerfel.server.core.__file__).resolve().parent

BANNED = (
    "asyncio",
    "sqlalchemy",
    "fastapi",
    "starlette",
    "websockets",
    "uvicorn",
    "threading",
    "concurrent",
    "socket",
    "time",
    "random",
    "secrets",
    "subprocess",
    "multiprocessing",
    "httpx",
)
"""I/O, the clock and chance: the core is told the time and the dice, it never reads them."""
SERVER_ALLOWED = ("wuerfel.server.core", "wuerfel.server.textcheck")


def _within(name: str, prefix: str) -> bool:
    return name == prefix or name.startswith(prefix + ".")


def core_imports() -> list[tuple[str, int, str]]:
    out = []
    for path in sorted(CORE.rglob("*.py")):
        module = module_name(path)
        for line, imported in imports_of(path.read_text(encoding="utf-8"), module, path.name == "__init__.py"):
            out.append((module, line, imported))
    return out


def test_the_core_does_no_io() -> None:
    found = [
        f"{m}:{line} imports {i}"
        for m, line, i in core_imports()
        if any(_within(i, b) for b in BANNED)
        or (_within(i, "wuerfel.server") and not any(_within(i, a) for a in SERVER_ALLOWED))
    ]
    assert not found, "I/O in the live core:\n" + "\n".join(found)


def test_the_scan_sees_the_core() -> None:
    modules = {m for m, _, _ in core_imports()}
    assert "wuerfel.server.core.readers" in modules


@pytest.mark.parametrize(
    "source",
    [
        "import asyncio\n",
        "def f():\n    from time import monotonic\n",
        "from wuerfel.server import store\n",
        "from ..live import Conn\n",
    ],
)
def test_a_banned_import_would_be_seen(source: str) -> None:
    names = {n for _, n in imports_of(source, "wuerfel.server.core.x", is_package=False)}
    assert any(
        any(_within(n, b) for b in BANNED)
        or (_within(n, "wuerfel.server") and not any(_within(n, a) for a in SERVER_ALLOWED))
        for n in names
    )
