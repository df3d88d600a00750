"""Every user-facing string has a German translation, and placeholders survive translation."""

from __future__ import annotations

import re

from wuerfel.i18n import catalog, normalize_language, translate
from wuerfel.i18n_tools import missing

PLACEHOLDER = re.compile(r"\{(\w+)[^}]*\}")


def test_german_catalogue_is_complete() -> None:
    todo = missing("de")
    assert not todo, "untranslated msgids (run python -m wuerfel.i18n_tools update):\n" + "\n".join(todo)


def test_translations_keep_placeholders() -> None:
    for msgid, text in catalog("de").items():
        assert set(PLACEHOLDER.findall(msgid)) == set(PLACEHOLDER.findall(text)), msgid


def test_language_normalisation_and_fallback() -> None:
    assert normalize_language("de-DE") == "de"
    assert normalize_language("en_US") == "en"
    assert normalize_language("fr") == "de"
    assert normalize_language(None) == "de"
    assert translate("no such msgid {x}", "de", x=1) == "no such msgid 1"
    assert translate("It is not your turn.", "de") == "Du bist nicht am Zug."


def test_no_msgid_is_translated_twice() -> None:
    """Catalogues merge by union on several branches (.gitattributes): an entry added on two branches would come
    back twice, and the later file would silently win."""
    from wuerfel.i18n import LOCALE_DIR

    for lang in ("de", "en"):
        seen: dict[tuple[str, str], str] = {}
        for path in sorted((LOCALE_DIR / lang / "LC_MESSAGES").glob("*.po")):
            ctx = ""
            lines = path.read_text(encoding="utf-8").splitlines()
            for i, line in enumerate(lines):
                if line.startswith("msgctxt "):
                    ctx = line
                elif line.startswith("msgid ") and line != 'msgid ""':
                    key = (ctx, line if not lines[i + 1].startswith('"') else line + lines[i + 1])
                    assert key not in seen, f"{line} twice: {seen[key]} and {path.name}"
                    seen[key] = path.name
                    ctx = ""


def test_counted_messages_take_their_plural_forms() -> None:
    from wuerfel.engine import counts
    from wuerfel.engine.components import resolve
    from wuerfel.i18n_tools import missing_plurals

    assert not missing_plurals("de"), missing_plurals("de")
    assert [resolve(counts.throws(n), "de") for n in (0, 1, 2)] == ["0 Würfe", "1 Wurf", "2 Würfe"]
    assert [resolve(counts.throws(n), "en") for n in (0, 1, 2)] == ["0 throws", "1 throw", "2 throws"]
    assert resolve(counts.dice(1), "en") == "1 die"
