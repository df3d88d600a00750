"""Browser tests: a real ``wuerfel serve`` process on a free port with a temporary SQLite file, driven by Playwright
through Debian's Chromium (Playwright cannot download its own browser here).

``./dev.sh test`` installs Debian's chromium when it runs as root. Without it the browser tests are skipped with a
message that says what to run (``pytest -rs`` prints it), never silently; ``WUERFEL_CHROMIUM`` names another binary
(the test of this message points it at nothing), ``WUERFEL_SKIP_BROWSER=1`` skips them deliberately.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.server.conftest import ServerProcess

CHROMIUM = os.environ.get("WUERFEL_CHROMIUM", "/usr/bin/chromium")
MISSING = (
    f"{CHROMIUM} is missing, so the browser tests are skipped; to run them: sudo apt-get install chromium "
    "(./dev.sh test installs it itself when run as root)"
)
GAME_PLUGINS = ("toy",)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if Path(str(item.fspath)).parent == Path(__file__).parent:
            item.add_marker(pytest.mark.browser)


class Server(ServerProcess):
    """One server process for browser tests (only the toy game besides the real ones); ``kill()`` is SIGKILL (no
    clean shutdown), ``start()`` runs it again on the same database and port."""

    def __init__(self, db: Path) -> None:
        super().__init__(f"sqlite:///{db}", log_dir=db.parent, plugins=GAME_PLUGINS)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """One server per test module (tables are independent; starting a server costs seconds)."""
    srv = Server(tmp_path_factory.mktemp("srv") / "wuerfel.db")
    srv.start()
    try:
        yield srv
    finally:
        srv.stop()


@pytest.fixture
def own_server(tmp_path: Path) -> Iterator[Server]:
    """A server only this test uses: for tests that kill and restart it."""
    srv = Server(tmp_path / "wuerfel.db")
    srv.start()
    try:
        yield srv
    finally:
        srv.stop()


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    if os.environ.get("WUERFEL_SKIP_BROWSER") == "1":
        pytest.skip("WUERFEL_SKIP_BROWSER=1")
    if not Path(CHROMIUM).exists():
        pytest.skip(MISSING)
    from playwright.sync_api import expect, sync_playwright

    # expect() waits 5 s by default, a page 30 s (navigation 60 s): on a loaded 2-core CI machine
    # a rule editor's redraw took longer than 5 s and a lobby took longer than 10 s to load while other workers'
    # servers built bot tables, and at load 13 a lobby's rule list took over 30 s to fill. Conditions are still
    # awaited, never slept on; only the deadline is longer (60 s: a passing test waits no longer for it).
    expect.set_options(timeout=60_000)

    with sync_playwright() as p:
        b = p.chromium.launch(
            executable_path=CHROMIUM,
            args=["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"],
        )
        try:
            yield b
        finally:
            b.close()


@pytest.fixture
def new_page(browser: object) -> Iterator[object]:
    """Factory of pages, each in its own browser context (its own cookies: a separate player)."""
    contexts = []

    def make(locale: str = "de-DE", reduced_motion: str = "reduce", width: int = 1100) -> object:
        ctx = browser.new_context(
            locale=locale,
            reduced_motion=reduced_motion,  # type: ignore[attr-defined]
            viewport={"width": width, "height": 800},
        )
        ctx.set_default_timeout(60_000)
        ctx.set_default_navigation_timeout(90_000)
        contexts.append(ctx)
        page = ctx.new_page()
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        # A script or connection the Content-Security-Policy blocks only shows up as a console error.
        page.on(
            "console",
            lambda m: errors.append(m.text) if m.type == "error" and "Content Security Policy" in m.text else None,
        )
        return page

    errors: list[str] = []
    yield make
    for c in contexts:
        c.close()
    assert not errors, f"JavaScript errors: {errors}"
