"""One name for one thing (issue 26): ``Dice`` is the table component that shows dice
(:class:`wuerfel.engine.components.Dice`); a sorted multiset of faces is a ``Multiset``
(:data:`wuerfel.engine.dice.Multiset`). The old alias still answers a plug-in, with a warning, and no module of ours
uses it."""

from __future__ import annotations

import ast
import dataclasses
import warnings
from typing import ClassVar

import pytest

from tests.paths import REPO
from wuerfel.engine.dice import Multiset
from wuerfel.engine.game import Action, from_json_generic


def test_the_multiset_of_faces_is_not_called_dice() -> None:
    from wuerfel.engine import components, dice

    assert dice.Multiset == tuple[int, ...]
    assert "Dice" not in vars(dice)
    assert isinstance(components.Dice, type) and issubclass(components.Dice, components.Component)


def test_the_old_name_warns_and_still_works() -> None:
    import wuerfel.engine
    from wuerfel.engine import dice

    with pytest.warns(DeprecationWarning, match="Multiset"):
        assert dice.Dice == dice.Multiset
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        assert wuerfel.engine.Dice == dice.Multiset
    assert "Dice" not in wuerfel.engine.__all__ and "Multiset" in wuerfel.engine.__all__
    with pytest.raises(AttributeError):
        _ = dice.NoSuchName


def test_no_module_of_ours_imports_the_old_name() -> None:
    users = []
    for path in sorted(
        [*(REPO / "wuerfel").rglob("*.py"), *(REPO / "tests").rglob("*.py"), *(REPO / "bench").rglob("*.py")]
    ):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.ImportFrom)
                and node.module in ("wuerfel.engine.dice", "wuerfel.engine")
                and any(a.name == "Dice" for a in node.names)
            ):
                users.append(str(path.relative_to(REPO)))
    assert users == []


def test_a_move_field_typed_by_either_name_reads_its_json() -> None:
    """Moves are read from JSON by their fields' annotations: a multiset of faces is a list of ints under its new
    name and, for a plug-in's older moves, under the old one."""

    @dataclasses.dataclass(frozen=True)
    class KeepNew(Action):
        kind: ClassVar[str] = "keep-new"
        dice: Multiset

    @dataclasses.dataclass(frozen=True)
    class KeepOld(Action):
        kind: ClassVar[str] = "keep-old"
        dice: Dice  # type: ignore[name-defined]  # noqa: F821 - the old name, only as an annotation's text

    classes = (KeepNew, KeepOld)
    assert from_json_generic(classes, {"kind": "keep-new", "dice": [1, 5]}, "action") == KeepNew((1, 5))
    assert from_json_generic(classes, {"kind": "keep-old", "dice": [1, 5]}, "action") == KeepOld((1, 5))
