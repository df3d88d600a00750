"""Find every translatable msgid in the code and keep the German catalogue complete.

``python -m wuerfel.i18n_tools check`` lists msgids that have no German translation; ``... update FILE`` appends
them to ``locale/de/LC_MESSAGES/FILE.po`` (one file per part of the program: engine, cli, zehntausend, web …) with
an empty translation for a person to fill in. The test suite runs the check, so an
untranslated string fails CI instead of reaching a German user in English.
"""

from __future__ import annotations

import ast
import re
import sys
from pathlib import Path

from wuerfel.i18n import LOCALE_DIR, catalog, plural_catalog

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
TEMPLATE_RE = re.compile(r"""(?:_|gettext)\(\s*(['"])(.+?)\1""", re.S)
TEMPLATE_PLURAL_RE = re.compile(r"""\b_n\(\s*(['"])(.+?)\1\s*,\s*(['"])(.+?)\3""", re.S)
"""A template's counted text: ``_n("Enter the {n} die that fell", "Enter the {n} dice that fell")``."""


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
    for path in list(PACKAGE.rglob("*.html")) + list(PACKAGE.rglob("*.js")):
        out |= {(m.group(2), m.group(4)) for m in TEMPLATE_PLURAL_RE.finditer(path.read_text(encoding="utf-8"))}
    return {p for p in out if p[0].strip()}


def all_msgids() -> set[str]:
    ids: set[str] = set()
    singulars = {s for pair in all_plurals() for s in pair}
    for path in _python_files():
        ids |= msgids_in_python(path)
    for path in list(PACKAGE.rglob("*.html")) + list(PACKAGE.rglob("*.js")):
        for m in TEMPLATE_RE.finditer(path.read_text(encoding="utf-8")):
            ids.add(m.group(2))
    return {i for i in ids if i.strip() and i not in singulars}


def missing(lang: str = "de") -> list[str]:
    cat = catalog(lang)
    return sorted(i for i in all_msgids() if i not in cat)


def missing_plurals(lang: str = "de") -> list[tuple[str, str]]:
    """Counted messages without the language's plural forms in a catalogue."""
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


if __name__ == "__main__":
    cmd = sys.argv[1] if len(sys.argv) > 1 else "check"
    if cmd == "update":
        print(f"appended {update(sys.argv[2] if len(sys.argv) > 2 else 'misc')} msgids")
    else:
        todo = missing() + [f"{one} | {many}" for one, many in missing_plurals()]
        print("\n".join(todo))
        sys.exit(1 if todo else 0)
