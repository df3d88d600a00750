"""The package's layers, held by its imports (issue #12 §1 "Layering").

From the bottom: the engine (with the catalogue reader ``wuerfel.i18n``) knows no game, bot, solver or front end;
the generic solvers and the generic bots know the engine only; each game (and the kit of building blocks they share)
may use everything below it but no other game; the front ends (``cli``, ``server``, the research adapters
``interop``) reach games only through the registry. A game's own solvers, scorers and renderers therefore live in
the game and plug in through its ``GameInfo``, so adding, removing or rewriting a game touches nothing outside its
package.

Every ``import`` statement of every module counts, also one inside a function or under ``TYPE_CHECKING``: a lazy
import is still a dependency (the import cycle between Zehntausend and its solvers was lazy on one side). So does
a string constant that names a wuerfel module (``importlib.import_module``, lazy-export tables, entry points), and
pyproject.toml's entry points must name modules of their group's layer. The server's templates and static files
name no game (:func:`test_the_servers_web_files_name_no_game`), and a game's translations are its own:
``tests/test_i18n.py::test_each_game_owns_the_msgids_only_its_modules_declare`` holds each game's catalogue to the
msgids its own modules declare, so it is not repeated here.
"""

from __future__ import annotations

import ast
import re
import tomllib
from collections.abc import Iterator
from pathlib import Path

import pytest

import wuerfel

PACKAGE = Path(wuerfel.__file__).resolve().parent

FOUNDATION = ("wuerfel", "wuerfel.cachedir", "wuerfel.i18n")
"""The package itself (its version), the cache directory and the catalogue reader: leaves every layer may use."""

ALLOWED: dict[str, tuple[str, ...]] = {
    "wuerfel": (),
    "wuerfel.cachedir": (),
    "wuerfel.i18n": (),
    "wuerfel.engine": FOUNDATION,
    "wuerfel.solvers": (*FOUNDATION, "wuerfel.engine"),
    "wuerfel.bots": (*FOUNDATION, "wuerfel.engine"),
    "wuerfel.games": (*FOUNDATION, "wuerfel.engine", "wuerfel.solvers", "wuerfel.bots", "wuerfel.games"),
    "wuerfel.server": (*FOUNDATION, "wuerfel.engine", "wuerfel.solvers", "wuerfel.bots"),
    "wuerfel.cli": (
        *FOUNDATION,
        "wuerfel.engine",
        "wuerfel.solvers",
        "wuerfel.bots",
        "wuerfel.server",
        "wuerfel.interop",
    ),
    "wuerfel.interop": (*FOUNDATION, "wuerfel.engine", "wuerfel.solvers", "wuerfel.bots", "wuerfel.cli"),
    "wuerfel.testing": (*FOUNDATION, "wuerfel.engine", "wuerfel.solvers", "wuerfel.bots", "wuerfel.cli"),
    "wuerfel.i18n_tools": (*FOUNDATION, "wuerfel.engine"),
    "wuerfel.__main__": ("wuerfel.cli",),
}
"""Layer → the layers it may import besides itself; every module belongs to the longest layer its name is within,
and a module in none fails :func:`test_every_module_has_a_layer`. ``wuerfel.games`` may import ``wuerfel.games``
only within one game (its own package and the kit): :func:`_cross_game`. The front ends (``cli``, ``server``,
``interop``, and ``testing``, the conformance checks a plug-in author runs, which draws the terminal's tables)
reach games only through the registry, so none lists ``wuerfel.games``. ``docs/architecture.md`` "Layers" says the
same in a table that :func:`test_the_docs_table_is_the_map` holds to this map."""

EXCEPTIONS: dict[tuple[str, str], str] = {
    # ENTRY_POINT_GROUP = "wuerfel.games": the name of the entry-point group the registry reads, which happens to be
    # spelt like the package; nothing is imported by it (the entry points' targets are: test_pyproject_entry_points).
    ("wuerfel.engine.registry", "wuerfel.games"): "the entry-point group's name, not an import",
    # GAMES_PACKAGE / SHARED_GAME_PARTS: prefixes the catalogue tool sorts module *names* by (whose catalogue a
    # msgid belongs to); the games themselves it reaches through the registry.
    ("wuerfel.i18n_tools", "wuerfel.games"): "prefixes to sort module names by, not an import",
}
"""(importing module, imported module) → why this one crossing is unavoidable; a statement or a string that names a
module within the imported one is let through. An entry must name its reason, and one that no import needs any
more fails :func:`test_allowlist_is_not_stale`. Only strings need one today: no import statement crosses."""


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


def layer_of(name: str) -> str | None:
    """The longest layer of :data:`ALLOWED` that ``name`` is within (None: no layer; outside the package, too)."""
    inside = [layer for layer in ALLOWED if _within(name, layer) and (layer != "wuerfel" or name == layer)]
    return max(inside, key=len) if inside else None


def violations(importer: str, imported: str) -> list[str]:
    """Why ``importer`` must not import ``imported`` (empty: it may)."""
    out = []
    mine, theirs = layer_of(importer), layer_of(imported)
    if mine is None:
        out.append(f"{importer} is in no layer")
    elif theirs is None:
        out.append(f"{imported} is in no layer")
    elif theirs != mine and theirs not in ALLOWED[mine]:
        out.append(f"{mine} may not import {theirs}")
    if _cross_game(importer, imported):
        out.append(f"{_game(imported)} is another game")
    return out


def all_imports() -> Iterator[tuple[str, int, str]]:
    for path in sorted(PACKAGE.rglob("*.py")):
        module = module_name(path)
        for line, imported in imports_of(path.read_text(encoding="utf-8"), module, path.name == "__init__.py"):
            if _within(imported, "wuerfel"):
                yield module, line, imported


MODULE_STRING = re.compile(r"wuerfel(?:\.\w+)+(?::[\w.]+)?")
"""A string that may name a wuerfel module: ``"wuerfel.games.jule"``, or an entry point ``"pkg.mod:Name"``."""


def strings_of(source: str) -> Iterator[tuple[int, str]]:
    """(line, module) for every string constant in ``source`` that names a module of :func:`_modules` (``"a.b:C"``
    names ``a.b``): ``importlib.import_module("…")``, a lazy-export table, an entry point is an import by another
    name. Docstrings (and any other bare string statement) only talk about modules and are skipped."""
    tree = ast.parse(source)
    bare = {
        id(node.value) for node in ast.walk(tree) if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)
    }
    modules = _modules()
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Constant)
            and isinstance(node.value, str)
            and id(node) not in bare
            and MODULE_STRING.fullmatch(node.value)
            and (name := node.value.split(":", 1)[0]) in modules
        ):
            yield node.lineno, name


def string_imports() -> Iterator[tuple[str, int, str]]:
    for path in sorted(PACKAGE.rglob("*.py")):
        for line, named in strings_of(path.read_text(encoding="utf-8")):
            yield module_name(path), line, named


def every_dependency() -> Iterator[tuple[str, int, str]]:
    """Import statements and imports by string alike."""
    yield from all_imports()
    yield from string_imports()


def test_every_import_respects_the_layers() -> None:
    found: dict[tuple[str, int], str] = {}
    for module, line, imported in every_dependency():
        reasons = violations(module, imported)
        if reasons and not any(_within(imported, target) for (mod, target) in EXCEPTIONS if mod == module):
            # one line per statement: the module it names first, not each name it takes from there
            found.setdefault((module, line), f"{module}:{line} imports {imported} ({'; '.join(reasons)})")
    assert not found, "imports across the layers:\n" + "\n".join(found[k] for k in sorted(found))


def test_allowlist_is_not_stale() -> None:
    crossings = {(m, i) for m, _, i in every_dependency() if violations(m, i)}
    for (module, target), reason in EXCEPTIONS.items():
        assert reason.strip(), f"{module} → {target} needs a reason"
        assert any(m == module and _within(i, target) for m, i in crossings), f"{module} → {target} is no longer needed"


def test_every_module_has_a_layer() -> None:
    """A new top-level module or package must be given its place in :data:`ALLOWED`, not fall through unchecked."""
    assert sorted(m for m in _modules() if layer_of(m) is None) == []
    assert layer_of("wuerfel.i18n_tools") == "wuerfel.i18n_tools" and layer_of("wuerfel.new") is None


def _docs_table() -> dict[str, set[str]]:
    """docs/architecture.md "Layers": each row's layers (the backticked names of its first cell) → the backticked
    names of its second cell ("may import")."""
    text = (PACKAGE.parent / "docs" / "architecture.md").read_text(encoding="utf-8")
    section = text.split("## Layers", 1)[1].split("\n## ", 1)[0]
    table: dict[str, set[str]] = {}
    for line in section.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if not line.startswith("|") or len(cells) < 2:
            continue
        layers = re.findall(r"`(wuerfel[\w.]*)`", cells[0])
        for layer in layers:
            table[layer] = set(re.findall(r"`(wuerfel[\w.]*)`", cells[1]))
    return table


def test_the_docs_table_is_the_map() -> None:
    """The table in words is the map in code: a layer added, or an import allowed, in one and not the other fails."""
    assert _docs_table() == {layer: set(may) for layer, may in ALLOWED.items()}


def test_the_string_scan_sees_module_names_and_skips_docstrings() -> None:
    source = (
        '"""Uses wuerfel.cli.main."""\n'
        "import importlib\n"
        'def f():\n    """wuerfel.server.app"""\n    return importlib.import_module("wuerfel.cli.main")\n'
        'EP = "wuerfel.interop.gymnasium:WuerfelSoloEnv"\n'
        'LOG = "wuerfel.bot"  # a logger, no module\n'
        'X = f"wuerfel.games.{1}"\n'
    )
    assert sorted(strings_of(source)) == [(5, "wuerfel.cli.main"), (6, "wuerfel.interop.gymnasium")]
    found = {(m, i) for m, _, i in string_imports()}
    assert ("wuerfel.engine", "wuerfel.engine.registry") in found  # the engine's lazy-export table


ENTRY_POINT_LAYERS: dict[str, str] = {
    "scripts": "wuerfel.cli",
    "pytest11": "wuerfel.testing",
    "wuerfel.games": "wuerfel.games",
}
"""pyproject.toml's entry-point group → the layer its targets must lie in: the command is the terminal's, the pytest
plug-in is the conformance suite's, a game's entry point is that game's module (never the kit, never a front end)."""


def test_pyproject_entry_points() -> None:
    """The entry points are imports by the packaging machinery: each names a module that exists, in its group's
    layer; a game's is a game (not the kit)."""
    project = tomllib.loads((PACKAGE.parent / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    groups = {"scripts": project.get("scripts", {}), **project.get("entry-points", {})}
    assert set(groups) == set(ENTRY_POINT_LAYERS), "an entry-point group without its layer in ENTRY_POINT_LAYERS"
    modules = _modules()
    wrong = []
    for group, points in groups.items():
        for name, target in points.items():
            module = target.split(":", 1)[0].strip()
            if module not in modules or layer_of(module) != ENTRY_POINT_LAYERS[group]:
                wrong.append(f"[{group}] {name} = {target}")
            elif group == "wuerfel.games" and _game(module) in (None, "kit"):
                wrong.append(f"[{group}] {name} = {target} (not a game)")
    assert wrong == []
    assert len(groups["wuerfel.games"]) >= 30


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
        ("wuerfel.interop.codec", "wuerfel.games.kit.keeps", False),
        ("wuerfel.interop.pettingzoo", "wuerfel.cli.render", True),
        ("wuerfel.games.kit.bank", "wuerfel.interop.codec", False),
        ("wuerfel.testing.playouts", "wuerfel.cli.components", True),
        ("wuerfel.testing.playouts", "wuerfel.games.kit", False),
        ("wuerfel.engine.testing", "wuerfel.testing.suite", False),
        ("wuerfel.server.app", "wuerfel.cli.main", False),
        ("wuerfel.interop.codec", "wuerfel.server.app", False),
        ("wuerfel.cli.main", "wuerfel.server.app", True),
        ("wuerfel.i18n", "wuerfel.engine.api", False),
        ("wuerfel.engine.registry", "wuerfel.i18n", True),
        ("wuerfel.engine.registry", "wuerfel", True),
        ("wuerfel.cachedir", "wuerfel.engine", False),
        ("wuerfel.unknown", "wuerfel.engine", False),
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


def _cycles(edges: set[tuple[str, str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan), each sorted."""
    graph: dict[str, set[str]] = {}
    for a, b in edges:
        graph.setdefault(a, set()).add(b)
        graph.setdefault(b, set())
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in graph[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


def _modules() -> set[str]:
    return {module_name(p) for p in PACKAGE.rglob("*.py")}


def test_the_engine_has_no_import_cycle() -> None:
    """Issue 26: clocks ↔ game, fairdice ↔ record, components ↔ explain and rules ↔ registry imported each other
    (lazily on one side). Every import counts, lazy ones too: a cycle makes the load order matter."""
    modules = _modules() - {"wuerfel.engine"}  # the package: a facade of names resolved on first use, not a module
    edges = {
        (m, i) for m, _, i in all_imports() if _within(m, "wuerfel.engine") and i in modules and m in modules and i != m
    }
    assert _cycles(edges) == []
    # the check finds a cycle where there is one
    assert _cycles({("a", "b"), ("b", "c"), ("c", "a"), ("c", "d")}) == [["a", "b", "c"]]


def _game_modules() -> set[str]:
    """The modules that register a game (they build its ``GameInfo``)."""
    return {
        module_name(p)
        for p in (PACKAGE / "games").rglob("*.py")
        if "GameInfo(" in p.read_text(encoding="utf-8") and p.name != "__init__.py"
    }


def test_no_module_imports_two_games() -> None:
    """Issue 26: ``hasard/advisors.py`` and ``hasard/render.py`` imported three games each and tied seven modules into
    one import cycle. A game's helpers (advisor, renderer, solver, explanation) live beside it and import it alone;
    only the places that list every game (the packages' ``__init__``, the registry's entry points) name several."""
    games = _game_modules()
    assert len(games) >= 30 and "wuerfel.games.hasard.escalero" in games
    seen: dict[str, set[str]] = {}
    for m, _, i in all_imports():
        if (
            i in games
            and i != m
            and _within(m, "wuerfel.games")
            and not (PACKAGE.parent / (m.replace(".", "/") + "/__init__.py")).exists()
        ):
            seen.setdefault(m, set()).add(i)
    assert {m: sorted(g) for m, g in seen.items() if len(g) > 1} == {}


WEB = PACKAGE / "web"
GAME_WEB_DIRS = (WEB / "static" / "js" / "games", WEB / "templates" / "games")
"""Where the server keeps the shared drawing of every table (``generic.js``, ``menu.js``, ``sheet.js``), the poker
faces any game with ``GameInfo.faces == "poker"`` gets and the plug-in loader ``_plugin.html``. No game's table
lives there: each game, wuerfel's own as any other package's, brings its own in its ``GameInfo.web_dir`` (served
under ``/static/games/<id>/``, issue 26 §3)."""


def _own_game_ids() -> set[str]:
    project = tomllib.loads((PACKAGE.parent / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    return set(project["entry-points"]["wuerfel.games"])


def _names_game(text: str, game: str) -> bool:
    return re.search(rf"(?<![\w-]){re.escape(game)}(?![\w-])", text) is not None


def test_the_servers_web_files_name_no_game() -> None:
    """The templates and scripts of ``wuerfel/web`` serve every game alike, drawn from its ``GameInfo`` (faces, web
    module, style and partial): none names a game id, and none of :data:`GAME_WEB_DIRS` is a game's own table. (A
    game's catalogue holds only its own msgids: ``tests/test_i18n.py``.)"""
    ids = _own_game_ids()
    assert {"zehntausend", "escalero", "chicago"} <= ids
    files = {
        p.relative_to(WEB).as_posix(): p.read_text(encoding="utf-8")
        for p in sorted(WEB.rglob("*"))
        if p.is_file() and p.suffix in (".js", ".html", ".css", ".mako", ".svg", ".json")
    }
    wrong = []
    for path, text in files.items():
        named = {game for game in ids if _names_game(text, game)}
        if named:
            wrong.append(f"{path} names {sorted(named)}")
    assert wrong == []
    # no file of the games' folders is named after a game: its table belongs in its package
    per_game = {p.relative_to(WEB).as_posix() for d in GAME_WEB_DIRS for p in d.iterdir() if p.stem in ids}
    assert per_game == set()
    assert {p.name for p in GAME_WEB_DIRS[0].iterdir()} >= {"generic.js", "menu.js", "sheet.js"}
    assert _names_game('kind: "zehntausend"', "zehntausend") and not _names_game("wuerfelspiel-x", "wuerfelspiel")


CSS_NAME = re.compile(r"[.#]([A-Za-z_][\w-]*)")
"""A class or id a CSS selector names (``.aside-tray``, ``#choices``)."""
UNSAID = re.compile(r"/\*.*?\*/|(?<![:\"'\w])//[^\n]*|<!--.*?-->|\{#.*?#\}|\b(?:_|gettext)\(\s*([\"']).*?\1", re.S)
"""What a script or template says without drawing anything: its comments and its translatable texts (a comment that
says "dim the losers" does not use a class ``dim``)."""


def _selector_names(css: str) -> set[str]:
    """The classes and ids the selectors of a style sheet name (not its property values: ``.45`` is no class)."""
    css = re.sub(r"/\*.*?\*/", "", css, flags=re.S)
    return {
        n
        for m in re.finditer(r"([^{}]+)\{", css)
        if not m.group(1).strip().startswith("@")
        for n in CSS_NAME.findall(m.group(1))
    }


def _uses(text: str, name: str) -> bool:
    return _names_game(UNSAID.sub("", text), name)


def test_the_shared_styles_name_no_game_and_style_no_one_games_table() -> None:
    """Issue 26: a game's look is in the ``table.css`` of its ``GameInfo.web_dir``, loaded with its table. Wuerfel's
    style sheets name no game in a selector (``.zehntausend-…``), and style nothing that only one game's own table
    draws and no shared script or template does (Zehntausend's set-aside tray, its choices' points, its dimmed dice
    once were in ``wuerfel.css``). A class several games' tables draw (``.turninfo``) is a shared style they use."""
    from wuerfel.engine.registry import get_game

    ids = _own_game_ids()
    shared = [
        p.read_text(encoding="utf-8")
        for p in sorted(WEB.rglob("*"))
        if p.is_file() and p.suffix in (".js", ".html") and not p.is_relative_to(WEB / "static" / "css")
    ]
    tables: dict[str, list[str]] = {}
    for game in sorted(ids):
        web_dir = get_game(game).web_dir
        if web_dir is not None:
            tables[game] = [
                p.read_text(encoding="utf-8") for p in sorted(web_dir.glob("*")) if p.suffix in (".js", ".html")
            ]
    assert {"zehntausend", "escalero"} <= set(tables)
    wrong = []
    for sheet in sorted(WEB.rglob("*.css")):
        for name in sorted(_selector_names(sheet.read_text(encoding="utf-8"))):
            if any(name == game or name.startswith(game + "-") for game in ids):
                wrong.append(f"{sheet.name}: .{name} names a game")
            elif not any(_uses(text, name) for text in shared):
                users = [game for game, texts in tables.items() if any(_uses(text, name) for text in texts)]
                if len(users) == 1:
                    wrong.append(f"{sheet.name}: .{name} is drawn by {users[0]}'s table alone")
    assert wrong == []
    assert _selector_names(".a .b-c:hover, #d > p { opacity: .45; }\n@media (max-width: 4px) { .e { x: 0 } }") == {
        "a",
        "b-c",
        "d",
        "e",
    }
    assert not _uses('// dim the losers\nel("p", "sub", _("{value} pts"))', "dim") and _uses('add("dim")', "dim")
