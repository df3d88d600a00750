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
    out: dict[str, str] = {}
    for msg in _messages(lang):
        if (
            msg.id
            and msg.string
            and isinstance(msg.id, str)
            and isinstance(msg.string, str)
            and not msg.fuzzy
            and not msg.context
        ):
            out[msg.id] = msg.string
    return out


YOU_CONTEXT = "you"
"""The catalogue context (``msgctxt "you"``) of a message's second-person form: the line about the reader's own seat
("{name} takes the pot" → "Du gewinnst den Pott", "You take the pot")."""


@cache
def you_catalog(lang: str, context: str = YOU_CONTEXT) -> dict[str, str | tuple[str, ...]]:
    """Msgid → the second-person form in ``lang`` (a tuple of plural forms for a counted message) under ``context``:
    ``you`` for the subject ``{name}``, ``you:KEY`` for the seat parameter ``{KEY}``.

    Why a catalogue context and not a name: a third-person sentence with the reader's name put in reads "Du gewinnt",
    "You wins"; the verb must change with the person, which only the translation can do."""
    out: dict[str, str | tuple[str, ...]] = {}
    for msg in _messages(lang):
        if msg.context != context or msg.fuzzy:
            continue
        if isinstance(msg.id, tuple) and isinstance(msg.string, tuple) and all(msg.string):
            out[msg.id[0]] = tuple(msg.string)
        elif isinstance(msg.id, str) and isinstance(msg.string, str) and msg.string:
            out[msg.id] = msg.string
    return out


@cache
def _messages(lang: str) -> tuple[Any, ...]:
    from babel.messages.pofile import read_po

    found: list[Any] = []
    for path in sorted((LOCALE_DIR / lang / "LC_MESSAGES").glob("*.po")):
        with path.open("rb") as fh:
            found.extend(read_po(fh, locale=lang))
    return tuple(found)


@cache
def plural_catalog(lang: str) -> dict[str, tuple[str, ...]]:
    """Singular msgid → the translated plural forms (``msgid_plural`` entries) of one language.

    Why a second table: a count in a sentence ("1 Wurf", "2 Würfe") needs the catalogue's plural forms, which a
    flat msgid → text table cannot hold; German and English both have two forms (``n == 1`` and the rest)."""
    out: dict[str, tuple[str, ...]] = {}
    for msg in _messages(lang):
        if (
            isinstance(msg.id, tuple)
            and isinstance(msg.string, tuple)
            and not msg.fuzzy
            and all(msg.string)
            and not msg.context
        ):
            out[msg.id[0]] = tuple(msg.string)
    return out


def plural_forms(singular: str, plural: str, lang: str | None = None) -> tuple[str, ...]:
    """The untranslated-placeholder forms of a counted message in ``lang`` (one per plural form), for a page whose
    script fills in the count itself: the script picks the form with the same rule as :func:`plural_index`."""
    return plural_catalog(normalize_language(lang)).get(singular) or (singular, plural)


def plural_index(n: int | float, lang: str | None = None) -> int:
    """Which plural form a count takes: German and English both say "1 Wurf"/"1 throw" and "0/2 Würfe"."""
    return 0 if n == 1 else 1


def ntranslate(singular: str, plural: str, n: int | float, lang: str | None = None, /, **params: Any) -> str:
    """Translate a message with a count: the form for ``n`` in ``lang`` (``n`` is also the ``{n}`` parameter unless
    ``params`` names it otherwise). Untranslated, the English singular or plural is used."""
    lang = normalize_language(lang)
    forms = plural_catalog(lang).get(singular) or (singular, plural)
    text = forms[min(plural_index(n, lang), len(forms) - 1)]
    params.setdefault("n", n)
    try:
        return text.format(**_in_language(params, lang))
    except (KeyError, IndexError, ValueError):
        return text


def _in_language(params: dict[str, Any], lang: str) -> dict[str, Any]:
    """Parameters that are texts themselves in ``lang``: a counted ``Phrase`` ("1 chip", "2 chips") or a two-language
    name (``Words``). Why here: a refusal's parameters travel through the server's and the terminal's own error
    types to ``translate``, and each of them would otherwise have to know about counted phrases (issue 24 §3)."""
    # Duck-typed (``in_language``: Phrase, Words), so this bottom layer imports nothing of the engine above it.
    if not any(hasattr(v, "in_language") for v in params.values()):
        return params
    return {k: v.in_language(lang) if hasattr(v, "in_language") else v for k, v in params.items()}


def normalize_language(lang: str | None) -> str:
    """Map "de-DE", "EN_us", None … to one of :data:`LANGUAGES`."""
    if not lang:
        return DEFAULT_LANGUAGE
    base = lang.replace("_", "-").split("-")[0].strip().lower()
    return base if base in LANGUAGES else DEFAULT_LANGUAGE


def translate(msgid: str, lang: str | None = None, /, **params: Any) -> str:
    """Translate ``msgid`` into ``lang`` and fill in ``params`` (``str.format`` placeholders)."""
    lang = normalize_language(lang)
    text = catalog(lang).get(msgid, msgid)
    if params:
        try:
            return text.format(**_in_language(params, lang))
        except (KeyError, IndexError, ValueError):
            return text
    return text


class Translator:
    """A bound translator, handy as ``_ = Translator("de")`` in interface code."""

    def __init__(self, lang: str | None) -> None:
        self.lang = normalize_language(lang)

    def __call__(self, msgid: str, /, **params: Any) -> str:
        return translate(msgid, self.lang, **params)

    def n(self, singular: str, plural: str, n: int | float, /, **params: Any) -> str:
        """The form of a counted message for ``n`` ("1 Wurf", "2 Würfe"): see :func:`ntranslate`."""
        return ntranslate(singular, plural, n, self.lang, **params)
