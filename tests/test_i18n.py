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
