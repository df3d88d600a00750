"""The package's layers, held by its imports (issue #12 §1 "Layering").

From the bottom: the engine (with the catalogue reader ``wuerfel.i18n``) knows no game, bot, solver or front end;
the generic solvers and the generic bots know the engine only; each game (and the kit of building blocks they share)
may use everything below it but no other game; the front ends (``cli``, ``server``) reach games only through the
registry. A game's own solvers, scorers and renderers therefore live in the game and plug in through its
``GameInfo``, so adding, removing or rewriting a game touches nothing outside its package.

Every ``import`` statement of every module counts, also one inside a function or under ``TYPE_CHECKING``: a lazy
import is still a dependency (the import cycle between Zehntausend and its solvers was lazy on one side).
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

import wuerfel

PACKAGE = Path(wuerfel.__file__).resolve().parent

FRONT_ENDS = ("wuerfel.cli", "wuerfel.server")

FORBIDDEN: dict[str, tuple[str, ...]] = {
    "wuerfel.engine": ("wuerfel.games", "wuerfel.bots", "wuerfel.solvers", *FRONT_ENDS),
    "wuerfel.i18n": ("wuerfel.engine", "wuerfel.games", "wuerfel.bots", "wuerfel.solvers", *FRONT_ENDS),
    "wuerfel.solvers": ("wuerfel.games", "wuerfel.bots", *FRONT_ENDS),
    "wuerfel.bots": ("wuerfel.games", "wuerfel.solvers", *FRONT_ENDS),
    "wuerfel.games": FRONT_ENDS,
    "wuerfel.cli": ("wuerfel.games",),
    "wuerfel.server": ("wuerfel.games", "wuerfel.cli"),
}
"""Importer prefix → the module prefixes it must not import. Games among themselves: :func:`_cross_game`."""

ALLOWED: dict[tuple[str, str], str] = {}
"""(importing module, imported module) → why this one crossing is unavoidable. Empty: nothing crosses today. An
entry must name its reason, and one that no import needs any more fails :func:`test_allowlist_is_not_stale`."""


def module_name(path: Path) -> str:
    """``wuerfel/games/kit/lot.py`` → ``wuerfel.games.kit.lot``; a package's ``__init__`` is the package."""
    parts = path.resolve().relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports_of(source: str, module: str, is_package: bool) -> Iterator[tuple[int, str]]:
    """(line, module) for every module an import statement anywhere in ``source`` names. ``from a import b`` names
    ``a`` and ``a.b`` (``b`` may be a submodule: ``from wuerfel.games import zehntausend``); relative imports are
    resolved against ``module``."""
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield node.lineno, alias.name
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                package = module.split(".") if is_package else module.split(".")[:-1]
                package = package[: len(package) - (node.level - 1)]
                base = ".".join([*package, base] if base else package)
            yield node.lineno, base
            for alias in node.names:
                if alias.name != "*":
                    yield node.lineno, f"{base}.{alias.name}"


def _within(name: str, prefix: str) -> bool:
    return name == prefix or name.startswith(prefix + ".")


def _game(name: str) -> str | None:
    """The game package a module belongs to (``kit`` counts as one), None outside ``wuerfel.games.*``."""
    parts = name.split(".")
    return parts[2] if len(parts) > 2 and parts[:2] == ["wuerfel", "games"] else None


def _cross_game(importer: str, imported: str) -> bool:
    """A game (or the kit, or the ``wuerfel.games`` namespace itself) importing another game; the kit is shared."""
    if not _within(importer, "wuerfel.games"):
        return False
    other = _game(imported)
    return other is not None and other not in (_game(importer), "kit")


def violations(importer: str, imported: str) -> list[str]:
    """Why ``importer`` must not import ``imported`` (empty: it may)."""
    out = [
        f"{prefix} is above {layer}"
        for layer, banned in FORBIDDEN.items()
        if _within(importer, layer)
        for prefix in banned
        if _within(imported, prefix)
    ]
    if _cross_game(importer, imported):
        out.append(f"{_game(imported)} is another game")
    return out


def all_imports() -> Iterator[tuple[str, int, str]]:
    for path in sorted(PACKAGE.rglob("*.py")):
        module = module_name(path)
        for line, imported in imports_of(path.read_text(encoding="utf-8"), module, path.name == "__init__.py"):
            if _within(imported, "wuerfel"):
                yield module, line, imported


def test_every_import_respects_the_layers() -> None:
    found: dict[tuple[str, int], str] = {}
    for module, line, imported in all_imports():
        reasons = violations(module, imported)
        if reasons and not any(_within(imported, target) for (mod, target) in ALLOWED if mod == module):
            # one line per statement: the module it names first, not each name it takes from there
            found.setdefault((module, line), f"{module}:{line} imports {imported} ({'; '.join(reasons)})")
    assert not found, "imports across the layers:\n" + "\n".join(found[k] for k in sorted(found))


def test_allowlist_is_not_stale() -> None:
    crossings = {(m, i) for m, _, i in all_imports() if violations(m, i)}
    for (module, target), reason in ALLOWED.items():
        assert reason.strip(), f"{module} → {target} needs a reason"
        assert any(m == module and _within(i, target) for m, i in crossings), f"{module} → {target} is no longer needed"


def test_the_scan_sees_lazy_relative_and_submodule_imports() -> None:
    """The check is only as good as the scan: it must see imports inside functions, resolve relative ones and name
    submodules imported by name — and on the real package find the lazy import of Zehntausend's own solvers."""
    source = "def f():\n    from ..kit import lot\n    from . import rules\n    import wuerfel.cli.main\n"
    names = {n for _, n in imports_of(source, "wuerfel.games.hasard.jule", is_package=False)}
    assert {"wuerfel.games.kit", "wuerfel.games.kit.lot", "wuerfel.games.hasard.rules", "wuerfel.cli.main"} <= names
    names = {n for _, n in imports_of("from .state import X\n", "wuerfel.games.zehntausend", is_package=True)}
    assert "wuerfel.games.zehntausend.state" in names
    found = {(m, i) for m, _, i in all_imports()}
    assert ("wuerfel.games.zehntausend", "wuerfel.games.zehntausend.solvers.duel") in found


@pytest.mark.parametrize(
    ("importer", "imported", "allowed"),
    [
        ("wuerfel.engine.testing", "wuerfel.bots.base", False),
        ("wuerfel.engine.registry", "wuerfel.engine.rules", True),
        ("wuerfel.solvers.fillgame", "wuerfel.games.wuerfelspiel.rules", False),
        ("wuerfel.games.wuerfelspiel.solver", "wuerfel.solvers.fillgame", True),
        ("wuerfel.games.hasard.escalero", "wuerfel.games.kit.lot", True),
        ("wuerfel.games.hasard.escalero", "wuerfel.games.wuerfelspiel.state", False),
        ("wuerfel.games.kit.lot", "wuerfel.games.hasard.common", False),
        ("wuerfel.games.zehntausend.bots", "wuerfel.bots.base", True),
        ("wuerfel.games.zehntausend", "wuerfel.cli.render", False),
        ("wuerfel.cli.score", "wuerfel.games.zehntausend.melds", False),
        ("wuerfel.cli.play", "wuerfel.engine.registry", True),
        ("wuerfel.server.live", "wuerfel.games.kit", False),
        ("wuerfel.server.live", "wuerfel.bots", True),
    ],
)
def test_the_rules_themselves(importer: str, imported: str, allowed: bool) -> None:
    assert (not violations(importer, imported)) is allowed


def test_the_engines_default_fuzzer_plays_as_the_random_bot() -> None:
    """``random_playthrough`` without bots draws its moves itself (the engine may not import ``wuerfel.bots``);
    a seed must still give the very game that random bots with the same seeds give, amounts included (Lustige
    Sieben's stakes), so tests written either way keep their games."""
    from wuerfel.bots.base import RandomBot
    from wuerfel.engine.record import Match
    from wuerfel.engine.testing import random_playthrough

    for game_id, n, seed in (("lustige-sieben", 3, 5), ("zehntausend", 2, 9), ("escalero", 2, 3)):
        alone = random_playthrough(Match.new(game_id, None, [f"P{i}" for i in range(n)]), seed, check=False)
        bots = [RandomBot(seed * 101 + p) for p in range(n)]
        given = random_playthrough(Match.new(game_id, None, [f"P{i}" for i in range(n)]), seed, bots=bots, check=False)
        assert alone.record.dumps() == given.record.dumps()
        assert sum(e.type == "action" for e in alone.record.events) > 1
