"""Register the test games for the duration of each CLI test (the registry is global)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.cli.games import bet_info, hidden_info, pigplus_info
from tests.engine.toy_game import pig_info
from wuerfel.engine.registry import _REGISTRY, register


@pytest.fixture(autouse=True)
def _test_games_registered() -> Iterator[None]:
    infos = [pig_info(), pigplus_info(), hidden_info(), bet_info()]
    for info in infos:
        register(info)
    yield
    for info in infos:
        _REGISTRY.pop(info.id, None)
