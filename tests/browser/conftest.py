"""Browser tests: a real ``wuerfel serve`` process on a free port with a temporary SQLite file, driven by Playwright
through Debian's Chromium (Playwright cannot download its own browser here).

Without /usr/bin/chromium the tests fail with a message saying so (CI installs the package); set
``WUERFEL_SKIP_BROWSER=1`` to skip them deliberately on a machine without it.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.server.conftest import ServerProcess

CHROMIUM = "/usr/bin/chromium"
EXTRA_GAMES = "tests.engine.toy_game:pig_info"


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if Path(str(item.fspath)).parent == Path(__file__).parent:
            item.add_marker(pytest.mark.browser)


class Server(ServerProcess):
    """One server process for browser tests (only the toy game besides the real ones); ``kill()`` is SIGKILL (no
    clean shutdown), ``start()`` runs it again on the same database and port."""

    def __init__(self, db: Path) -> None:
        super().__init__(f"sqlite:///{db}", log_dir=db.parent, extra_games=EXTRA_GAMES)


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
        pytest.fail(f"{CHROMIUM} is missing: install Debian's 'chromium' package (CI does), "
                    "or set WUERFEL_SKIP_BROWSER=1 to skip the browser tests", pytrace=False)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=[
            "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"])
        try:
            yield b
        finally:
            b.close()


@pytest.fixture
def new_page(browser: object) -> Iterator[object]:
    """Factory of pages, each in its own browser context (its own cookies: a separate player)."""
    contexts = []

    def make(locale: str = "de-DE", reduced_motion: str = "reduce", width: int = 1100) -> object:
        ctx = browser.new_context(locale=locale, reduced_motion=reduced_motion,  # type: ignore[attr-defined]
                                  viewport={"width": width, "height": 800})
        ctx.set_default_timeout(10000)
        contexts.append(ctx)
        page = ctx.new_page()
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        return page

    errors: list[str] = []
    yield make
    for c in contexts:
        c.close()
    assert not errors, f"JavaScript errors: {errors}"
