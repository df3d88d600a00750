"""The pytest plugin: ``pytest --wuerfel-game ID`` runs every conformance check of a game as test items.

Registered through the ``pytest11`` entry point of wuerfel's package metadata, so it is there wherever wuerfel is
installed; ``-p wuerfel.testing.plugin`` loads it by hand. Without ``--wuerfel-game`` it adds nothing. The slow
checks (every case played to its end twice, sampling against the exact solver) join with ``--wuerfel-slow``.
"""

from __future__ import annotations

from typing import Any

import pytest

from wuerfel.engine.errors import RuleError
from wuerfel.engine.registry import get_game
from wuerfel.testing.suite import Check, checks


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("wuerfel", "wuerfel game conformance")
    group.addoption(
        "--wuerfel-game",
        action="append",
        default=[],
        metavar="ID",
        help="run every conformance check of this registered game (repeatable)",
    )
    group.addoption(
        "--wuerfel-slow",
        action="store_true",
        default=False,
        help="also the slow checks: every case played to its end twice, sampling against the solver",
    )


class CheckItem(pytest.Item):
    """One check of one game as a test item (hung on the session: it belongs to no test file)."""

    def __init__(self, *, check: Check, **kw: Any) -> None:
        super().__init__(**kw)
        self.check = check
        if check.slow:
            self.add_marker(pytest.mark.slow)

    def runtest(self) -> None:
        self.check.run()

    def reportinfo(self) -> tuple[Any, int | None, str]:
        return self.path, None, self.name


def _failing(exc: Exception) -> Check:
    """Listing the checks failed (the game cannot even make its first game): one failing item says why."""

    def run() -> None:
        raise exc

    return Check("setup", run)


def pytest_collection_modifyitems(session: pytest.Session, config: pytest.Config, items: list[pytest.Item]) -> None:
    slow = bool(config.getoption("wuerfel_slow"))
    for game_id in config.getoption("wuerfel_game"):
        try:
            get_game(game_id)
        except RuleError as exc:
            raise pytest.UsageError(f"--wuerfel-game {game_id}: {exc.translated('en')}") from exc
        try:
            found = checks(game_id)
        except Exception as exc:  # a game that breaks while its checks are listed fails as one item, not the run
            found = [_failing(exc)]
        for check in found:
            if check.slow and not slow:
                continue
            name = f"wuerfel[{game_id}]::{check.name}"
            # the node id given, not derived: the session's own id is empty, which would lead every id with "::"
            items.append(CheckItem.from_parent(session, name=name, nodeid=name, check=check))
