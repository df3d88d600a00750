"""The terminal's game loop stays small modules (issue 25 §1, as the server's: tests/server/test_module_sizes.py):
``play.py`` (once 1,280 lines) keeps the loop and the command, and what a person types (``play_input.py``), the
throws (``play_throws.py``), saving and loading (``play_saving.py``) and the seats (``play_seats.py``) each have a
module under 600 lines. None of them needs ``play.py`` to load: they take the session as an argument and name its
type only for the type checker.
"""

from __future__ import annotations

from pathlib import Path

import pytest

import wuerfel.cli
from tests.server.test_module_sizes import runtime_imports

CLI = Path(wuerfel.cli.__file__).resolve().parent
MODULE_MAX = 600
PLAY = sorted(p.stem for p in CLI.glob("play*.py"))


def _source(name: str) -> str:
    return (CLI / f"{name}.py").read_text(encoding="utf-8")


def test_the_play_modules_are_split() -> None:
    assert {"play", "play_input", "play_throws", "play_saving", "play_seats"} <= set(PLAY)


@pytest.mark.parametrize("name", PLAY)
def test_each_play_module_stays_small(name: str) -> None:
    lines = len(_source(name).splitlines())
    assert lines < MODULE_MAX, f"wuerfel/cli/{name}.py passed {MODULE_MAX} lines ({lines}): split it"


@pytest.mark.parametrize("name", [n for n in PLAY if n != "play"])
def test_no_play_module_needs_play_py_to_load(name: str) -> None:
    imported = runtime_imports(_source(name))
    assert "wuerfel.cli.play" not in imported, f"{name}.py imports wuerfel.cli.play at run time"
