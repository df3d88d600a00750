"""Translations: German first, English second.

Msgids are English. Catalogues live in ``wuerfel/locale/<lang>/LC_MESSAGES/*.po`` (one file per part of the
program, so that parts are translated and merged independently) and are read directly with Babel (no compile
step, so a fresh clone works without building ``.mo`` files). A missing translation falls back to
the English msgid rather than failing: a half-translated screen is better than a crashed one, and a test checks that
the German catalogue covers every msgid in the code.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

LOCALE_DIR = Path(__file__).parent / "locale"
LANGUAGES = ("de", "en")
DEFAULT_LANGUAGE = "de"


@cache
def catalog(lang: str) -> dict[str, str]:
    """Msgid → translation for one language, merged over all its ``.po`` files; empty for unknown languages."""
    from babel.messages.pofile import read_po

    out: dict[str, str] = {}
    for path in sorted((LOCALE_DIR / lang / "LC_MESSAGES").glob("*.po")):
        with path.open("rb") as fh:
            cat = read_po(fh, locale=lang)
        for msg in cat:
            if msg.id and msg.string and isinstance(msg.id, str) and isinstance(msg.string, str) and not msg.fuzzy:
                out[msg.id] = msg.string
    return out


def normalize_language(lang: str | None) -> str:
    """Map "de-DE", "EN_us", None … to one of :data:`LANGUAGES`."""
    if not lang:
        return DEFAULT_LANGUAGE
    base = lang.replace("_", "-").split("-")[0].strip().lower()
    return base if base in LANGUAGES else DEFAULT_LANGUAGE


class DecimalText(str):
    """A number already written with a decimal point, for a message translated later: the message's language decides
    the separator (``0.097`` in English, ``0,097`` in German) when :func:`translate` fills it in, so code that builds
    a message without knowing who reads it (an advisor's note) still gives each reader their own decimal mark."""

    def localised(self, lang: str) -> str:
        return self.replace(".", ",") if lang == "de" else str(self)


def translate(msgid: str, lang: str | None = None, /, **params: Any) -> str:
    """Translate ``msgid`` into ``lang`` and fill in ``params`` (``str.format`` placeholders)."""
    lang = normalize_language(lang)
    text = catalog(lang).get(msgid, msgid)
    if params:
        params = {k: v.localised(lang) if isinstance(v, DecimalText) else v for k, v in params.items()}
        try:
            return text.format(**params)
        except (KeyError, IndexError, ValueError):
            return text
    return text


class Translator:
    """A bound translator, handy as ``_ = Translator("de")`` in interface code."""

    def __init__(self, lang: str | None) -> None:
        self.lang = normalize_language(lang)

    def __call__(self, msgid: str, /, **params: Any) -> str:
        return translate(msgid, self.lang, **params)
