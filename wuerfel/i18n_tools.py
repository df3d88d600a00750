"""Find every translatable msgid in the code and keep the German catalogue complete.

``python -m wuerfel.i18n_tools check`` lists msgids that have no German translation (in wuerfel's catalogues or a
game's own); ``... update FILE`` appends them to ``locale/de/LC_MESSAGES/FILE.po`` (one file per part of the
program: engine, cli, web …) with an empty translation for a person to fill in. The test suite runs the check, so an
untranslated string fails CI instead of reaching a German user in English.

``... owners`` lists the msgids that only one game's modules (or its web table's templates and scripts) declare:
those belong in the catalogue of that game's own package (its ``GameInfo.locale_dir``, issue 26: a game is one
package), the rest in wuerfel's (see :func:`game_owned`).
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

from wuerfel.i18n import LOCALE_DIR, TEMPLATE_PLURAL_RE, TEMPLATE_RE, catalog, plural_catalog

GAMES_PACKAGE = "wuerfel.games"
SHARED_GAME_PARTS = ("wuerfel.games.kit",)
"""Under ``wuerfel.games`` but no game's own: the kit of building blocks every game may use. Its texts stay in
wuerfel's catalogue even while one game alone uses a part of it (the next game to use it needs them too)."""

PACKAGE = Path(__file__).parent
MARKERS = {
    "N_",
    "_",
    "t",
    "tr",
    "translate",
    "IllegalAction",
    "RuleError",
    "RecordError",
    "WuerfelError",
    "gettext",
    "ngettext",
    "Phrase",
}


PLURAL_MARKERS = {"ngettext", "ntranslate", "n", "N_n"}
"""Calls whose first two string arguments are a counted message's singular and plural msgids (``_.n("{n} throw",
"{n} throws", k)``); a ``Phrase(singular, ..., plural=...)`` is one too."""


def _string(node: ast.AST) -> str | None:
    """A string constant, also one marked ``N_("...")``: a counted ``Phrase(N_("{n} pair"), ..., plural=...)`` is a
    plural pair like an unmarked one, not a flat msgid that would then lack its plural forms."""
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "N_" and node.args:
        node = node.args[0]
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def plurals_in_python(path: Path) -> set[tuple[str, str]]:
    """The (singular, plural) msgid pairs of the counted messages in one module."""
    out: set[tuple[str, str]] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not (isinstance(node, ast.Call) and node.args):
            continue
        f = node.func
        name = f.id if isinstance(f, ast.Name) else (f.attr if isinstance(f, ast.Attribute) else "")
        first = _string(node.args[0])
        if first is None:
            continue
        if name in PLURAL_MARKERS and len(node.args) > 1 and (second := _string(node.args[1])) is not None:
            out.add((first, second))
        elif name == "Phrase":
            plural = [_string(k.value) for k in node.keywords if k.arg == "plural"]
            if len(node.args) > 2:
                plural.append(_string(node.args[2]))
            for p in plural:
                if p is not None:
                    out.add((first, p))
    return out


def msgids_in_python(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and node.args:
            f = node.func
            name = f.id if isinstance(f, ast.Name) else (f.attr if isinstance(f, ast.Attribute) else "")
            first = node.args[0]
            if name in MARKERS and isinstance(first, ast.Constant) and isinstance(first.value, str):
                out.add(first.value)
    return out


def _python_files() -> list[Path]:
    return [p for p in PACKAGE.rglob("*.py") if p.name != "i18n_tools.py"]


def all_plurals() -> set[tuple[str, str]]:
    """Every counted message's (singular, plural) msgids in the code."""
    out: set[tuple[str, str]] = set()
    for path in _python_files():
        out |= plurals_in_python(path)
    for path in _web_files():
        out |= {(m.group(2), m.group(4)) for m in TEMPLATE_PLURAL_RE.finditer(path.read_text(encoding="utf-8"))}
    return {p for p in out if p[0].strip()}


def all_msgids() -> set[str]:
    ids: set[str] = set()
    singulars = {s for pair in all_plurals() for s in pair}
    for path in _python_files():
        ids |= msgids_in_python(path)
    for path in _web_files():
        for m in TEMPLATE_RE.finditer(path.read_text(encoding="utf-8")):
            ids.add(m.group(2))
    return {i for i in ids if i.strip() and i not in singulars}


def _module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imports(path: Path, module: str, known: set[str]) -> set[str]:
    """The wuerfel modules one module imports anywhere (inside functions too: a lazy import still runs in the
    module's game), with the packages above each (importing ``a.b.c`` runs ``a/__init__`` and ``a/b/__init__``)."""
    out: set[str] = set()
    is_package = path.name == "__init__.py"
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                package = module.split(".") if is_package else module.split(".")[:-1]
                package = package[: len(package) - (node.level - 1)]
                base = ".".join([*package, base] if base else package)
            names = [base, *(f"{base}.{a.name}" for a in node.names if a.name != "*")]
        for name in names:
            parts = name.split(".")
            out |= {m for k in range(1, len(parts) + 1) if (m := ".".join(parts[:k])) in known}
    return out


def game_modules() -> dict[str, set[str]]:
    """Entry module of each of wuerfel's own games → the modules under ``wuerfel.games`` it runs (its import
    closure, the kit left out). Several game ids registered by one module (Chicago and Chicago hoch-tief) are one
    entry: their texts are one catalogue."""
    from wuerfel.engine.registry import entry_points

    files = {_module_name(p): p for p in _python_files()}
    graph = {m: _imports(p, m, set(files)) for m, p in files.items()}
    out: dict[str, set[str]] = {}
    for spec in entry_points().values():
        entry = spec.split(":", 1)[0].strip()
        if entry not in files or entry in out:
            continue  # a game of another package carries its catalogues itself
        seen, todo = {entry}, [entry]
        while todo:
            for m in graph[todo.pop()] - seen:
                seen.add(m)
                todo.append(m)
        out[entry] = {
            m
            for m in seen
            if m.startswith(GAMES_PACKAGE + ".") and not any(m == k or m.startswith(k + ".") for k in SHARED_GAME_PARTS)
        }
    return out


def game_web_dirs() -> dict[Path, str]:
    """The ``GameInfo.web_dir`` of each of wuerfel's own games → its entry module: the files there (``table.html``,
    ``table.js``) are that game's as its modules are, not wuerfel's shared templates and scripts."""
    from wuerfel.engine.registry import entry_points, get_game

    files = {_module_name(p) for p in _python_files()}
    out: dict[Path, str] = {}
    for game_id, spec in entry_points().items():
        entry = spec.split(":", 1)[0].strip()
        if entry in files and (web_dir := get_game(game_id).web_dir) is not None:
            out[web_dir.resolve()] = entry
    return out


def _web_files() -> list[Path]:
    return list(PACKAGE.rglob("*.html")) + list(PACKAGE.rglob("*.js"))


def game_owned() -> dict[str, str]:
    """Msgid (a counted message's singular) → the entry module of the one game whose own files alone declare it:
    its modules and the templates and scripts of its web table (:func:`game_web_dirs`).

    A msgid declared anywhere else too — the engine, the kit, a front end, a shared template or script, a module that
    two games run (a shared poker module, Hasard's common parts), two games' web tables — is no game's: it stays in
    wuerfel's catalogue."""
    closures = game_modules()
    web_dirs = game_web_dirs()
    users: dict[str, set[str]] = {}
    for entry, modules in closures.items():
        for m in modules:
            users.setdefault(m, set()).add(entry)
    owners: dict[str, set[str]] = {}
    central = "wuerfel"  # stands for every place that is not one game's own
    for path in _python_files():
        mine = users.get(_module_name(path)) or {central}
        ids = msgids_in_python(path) | {one for one, _many in plurals_in_python(path)}
        for msgid in ids:
            owners.setdefault(msgid, set()).update(mine)
    for path in _web_files():
        text = path.read_text(encoding="utf-8")
        owner = next((e for d, e in web_dirs.items() if path.resolve().is_relative_to(d)), central)
        for hit in [*TEMPLATE_RE.finditer(text), *TEMPLATE_PLURAL_RE.finditer(text)]:
            owners.setdefault(hit.group(2), set()).add(owner)
    return {msgid: next(iter(o)) for msgid, o in owners.items() if len(o) == 1 and central not in o and msgid.strip()}


def missing(lang: str = "de") -> list[str]:
    from wuerfel.engine.registry import all_games

    all_games()  # every game registered: its own catalogues are consulted from then on
    cat = catalog(lang)
    return sorted(i for i in all_msgids() if i not in cat)


def missing_plurals(lang: str = "de") -> list[tuple[str, str]]:
    """Counted messages without the language's plural forms in a catalogue."""
    from wuerfel.engine.registry import all_games

    all_games()
    cat = plural_catalog(lang)
    return sorted(p for p in all_plurals() if p[0] not in cat)


def _po_escape(s: str) -> str:
    return s.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")


def update(part: str, lang: str = "de") -> int:
    todo = missing(lang)
    path = LOCALE_DIR / lang / "LC_MESSAGES" / f"{part}.po"
    if not path.exists():
        path.write_text(
            f'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n"Language: {lang}\\n"\n',
            encoding="utf-8",
        )
    plurals = missing_plurals(lang)
    with path.open("a", encoding="utf-8") as fh:
        for m in todo:
            fh.write(f'\nmsgid "{_po_escape(m)}"\nmsgstr ""\n')
        for one, many in plurals:
            fh.write(f'\nmsgid "{_po_escape(one)}"\nmsgid_plural "{_po_escape(many)}"\nmsgstr[0] ""\nmsgstr[1] ""\n')
    return len(todo) + len(plurals)


def _po_entries(text: str) -> list[tuple[str, str]]:
    """A ``.po`` file's entries as (key, text): each entry verbatim (its comments, context, msgid and translations)
    keyed by ``msgctxt`` + chr(4) + the msgid (a counted message's singular); the header is the entry of msgid ""."""
    entries: list[list[str]] = []
    current: list[str] = []
    translated = False
    for line in text.splitlines():
        starts = line.startswith(("#", "msgctxt ")) or (line.startswith("msgid ") and not line.startswith("msgid_"))
        if not line.strip() or (starts and translated):
            if current:
                entries.append(current)
            current, translated = ([line] if line.strip() else []), False
            continue
        current.append(line)
        translated = translated or line.startswith("msgstr")
    if current:
        entries.append(current)
    out = []
    for lines in entries:
        context = msgid = ""
        field = ""
        for line in lines:
            if line.startswith("#"):
                continue
            word, _, rest = line.partition(" ")
            if word in ("msgctxt", "msgid"):
                field = word
            elif not line.startswith('"'):
                field = ""
                continue
            else:
                rest = line
            if field:
                value = ast.literal_eval(rest)
                if field == "msgctxt":
                    context += value
                else:
                    msgid += value
        out.append((f"{context}\x04{msgid}", "\n".join(lines)))
    return out


def _identity(msgid: str, plural: str | None) -> str:
    """An English entry that says what the msgid says (wuerfel's msgids are English): a game's catalogue holds
    every msgid in both languages."""
    if plural is None:
        return f'msgid "{_po_escape(msgid)}"\nmsgstr "{_po_escape(msgid)}"'
    return (
        f'msgid "{_po_escape(msgid)}"\nmsgid_plural "{_po_escape(plural)}"\n'
        f'msgstr[0] "{_po_escape(msgid)}"\nmsgstr[1] "{_po_escape(plural)}"'
    )


def move(entries: list[str] | None = None) -> dict[str, int]:
    """Move the msgids only one game declares (:func:`game_owned`) out of wuerfel's catalogues into that game's
    (``<locale_dir>/<lang>/LC_MESSAGES/<game id>.po``, both languages; an English msgid with no English entry gets
    one that repeats it). ``entries``: only these games' entry modules. Returns entry module → msgids moved."""
    from wuerfel.engine.registry import entry_points, get_game

    owned = game_owned()
    plurals = dict(all_plurals())
    first_id: dict[str, str] = {}
    for game_id, spec in entry_points().items():
        first_id.setdefault(spec.split(":", 1)[0].strip(), game_id)
    moved: dict[str, int] = {}
    for entry in sorted(set(owned.values())):
        if entries and entry not in entries:
            continue
        info = get_game(first_id[entry])
        if info.locale_dir is None:
            raise SystemExit(f"{info.id}: set GameInfo.locale_dir first")
        mine = {m for m, e in owned.items() if e == entry}
        taken: dict[str, dict[str, str]] = {}
        for lang in ("de", "en"):
            taken[lang] = {}
            for path in sorted((LOCALE_DIR / lang / "LC_MESSAGES").glob("*.po")):
                found = _po_entries(path.read_text(encoding="utf-8"))
                keep = [text for key, text in found if key.split("\x04", 1)[1] not in mine]
                if len(keep) == len(found):
                    continue
                taken[lang].update((key, text) for key, text in found if key.split("\x04", 1)[1] in mine)
                path.write_text("\n\n".join(keep) + "\n", encoding="utf-8")
        for key in taken["de"]:
            if key not in taken["en"]:
                context, msgid = key.split("\x04", 1)
                if context:
                    raise SystemExit(f"{info.id}: {msgid!r} ({context}) has no English entry to move")
                taken["en"][key] = _identity(msgid, plurals.get(msgid))
        for lang, texts in taken.items():
            path = info.locale_dir / lang / "LC_MESSAGES" / f"{info.id}.po"
            path.parent.mkdir(parents=True, exist_ok=True)
            if not path.exists():
                path.write_text(
                    f'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n"Language: {lang}\\n"\n',
                    encoding="utf-8",
                )
            with path.open("a", encoding="utf-8") as fh:
                for key in sorted(texts, key=lambda k: k.split("\x04")[::-1]):
                    fh.write("\n" + texts[key].strip("\n") + "\n")
        moved[entry] = len(taken["de"])
    return moved


if __name__ == "__main__":
    cmd = sys.argv[1] if len(sys.argv) > 1 else "check"
    if cmd == "owners":
        for msgid, entry in sorted(game_owned().items(), key=lambda kv: (kv[1], kv[0])):
            print(f"{entry}\t{msgid}")
    elif cmd == "move":
        for entry, n in move(sys.argv[2:]).items():
            print(f"{entry}: {n} entries moved")
    elif cmd == "update":
        print(f"appended {update(sys.argv[2] if len(sys.argv) > 2 else 'misc')} msgids")
    else:
        todo = missing() + [f"{one} | {many}" for one, many in missing_plurals()]
        print("\n".join(todo))
        sys.exit(1 if todo else 0)
