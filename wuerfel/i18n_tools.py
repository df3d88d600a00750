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

from wuerfel.i18n import LOCALE_DIR, catalog

PACKAGE = Path(__file__).parent
MARKERS = {"N_", "_", "t", "tr", "translate", "IllegalAction", "RuleError", "RecordError", "WuerfelError",
           "gettext", "ngettext", "Phrase"}
TEMPLATE_RE = re.compile(r"""(?:_|gettext)\(\s*(['"])(.+?)\1""", re.S)


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


def all_msgids() -> set[str]:
    ids: set[str] = set()
    for path in PACKAGE.rglob("*.py"):
        if path.name == "i18n_tools.py":
            continue
        ids |= msgids_in_python(path)
    for path in list(PACKAGE.rglob("*.html")) + list(PACKAGE.rglob("*.js")):
        for m in TEMPLATE_RE.finditer(path.read_text(encoding="utf-8")):
            ids.add(m.group(2))
    return {i for i in ids if i.strip()}


def missing(lang: str = "de") -> list[str]:
    cat = catalog(lang)
    return sorted(i for i in all_msgids() if i not in cat)


def _po_escape(s: str) -> str:
    return s.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")


def update(part: str, lang: str = "de") -> int:
    todo = missing(lang)
    path = LOCALE_DIR / lang / "LC_MESSAGES" / f"{part}.po"
    if not path.exists():
        path.write_text(f'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n"Language: {lang}\\n"\n',
                        encoding="utf-8")
    with path.open("a", encoding="utf-8") as fh:
        for m in todo:
            fh.write(f'\nmsgid "{_po_escape(m)}"\nmsgstr ""\n')
    return len(todo)


if __name__ == "__main__":
    cmd = sys.argv[1] if len(sys.argv) > 1 else "check"
    if cmd == "update":
        print(f"appended {update(sys.argv[2] if len(sys.argv) > 2 else 'misc')} msgids")
    else:
        todo = missing()
        print("\n".join(todo))
        sys.exit(1 if todo else 0)
