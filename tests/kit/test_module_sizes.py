"""The kit's modules stay under 600 lines each (issue 25 §1, as the server's: tests/server/test_module_sizes.py), and
the bank's three modules keep their seam: ``bank.py`` the turn rules (once 746 lines with all three),
``bank_board.py`` the board, the rotation and the money, ``bank_table.py`` what the table shows and says.
``bank_board.py`` needs neither of the others to load (Craps and Va banque take :class:`Rotation` from it without the
bank's state), and ``bank_table.py`` names the state only for the type checker.
"""

from __future__ import annotations

from pathlib import Path

import pytest

import wuerfel.games.kit
from tests.server.test_module_sizes import runtime_imports

KIT = Path(wuerfel.games.kit.__file__).resolve().parent
MODULE_MAX = 600
MODULES = sorted(p.stem for p in KIT.glob("*.py"))


def _source(name: str) -> str:
    return (KIT / f"{name}.py").read_text(encoding="utf-8")


def test_the_bank_is_split_in_three() -> None:
    assert {"bank", "bank_board", "bank_table"} <= set(MODULES)


@pytest.mark.parametrize("name", MODULES)
def test_each_kit_module_stays_small(name: str) -> None:
    lines = len(_source(name).splitlines())
    assert lines < MODULE_MAX, f"wuerfel/games/kit/{name}.py passed {MODULE_MAX} lines ({lines}): split it"


@pytest.mark.parametrize(
    ("name", "forbidden"),
    [
        ("bank_board", {"wuerfel.games.kit.bank", "wuerfel.games.kit.bank_table", "wuerfel.engine.simultaneous"}),
        ("bank_table", {"wuerfel.games.kit.bank"}),
    ],
)
def test_the_bank_modules_load_without_the_state(name: str, forbidden: set[str]) -> None:
    imported = runtime_imports(_source(name))
    # "from wuerfel.games.kit import bank" names the package and wuerfel.games.kit.bank
    assert not imported & forbidden, f"{name}.py imports {sorted(imported & forbidden)} at run time"
