"""Translations: German first, English second.

Msgids are English. Catalogues live in ``wuerfel/locale/<lang>/LC_MESSAGES/*.po`` (one file per part of the
program, so that parts are translated and merged independently; a text only one game uses lives in that game's own
catalogues, below) and are read directly with Babel (no compile
step, so a fresh clone works without building ``.mo`` files). A missing translation falls back to
the English msgid rather than failing: a half-translated screen is better than a crashed one, and a test checks that
the German catalogue covers every msgid in the code.

A game package outside wuerfel carries catalogues of its own in the same layout (``<locale_dir>/<lang>/LC_MESSAGES``);
its ``GameInfo.locale_dir`` is handed to :func:`add_locale_dir` when the game registers, and every lookup consults
those after the main catalogue (wuerfel's own translation of a msgid wins). So a plug-in's texts are German without
a line of it copied into wuerfel (issue 26), and wuerfel's own games carry theirs the same way.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path
from typing import Any

LOCALE_DIR = Path(__file__).parent / "locale"
LANGUAGES = ("de", "en")
DEFAULT_LANGUAGE = "de"

TEMPLATE_RE = re.compile(r"""(?:_|gettext)\(\s*(['"])(.+?)\1""", re.S)
"""A translatable text of a template or script: ``_("Scoring choices")`` (its msgid is group 2)."""
TEMPLATE_PLURAL_RE = re.compile(r"""\b_n\(\s*(['"])(.+?)\1\s*,\s*(['"])(.+?)\3""", re.S)
"""A template's counted text: ``_n("Enter the {n} die that fell", "Enter the {n} dice that fell")``."""


def template_msgids(text: str) -> set[str]:
    """The msgids a template or script asks for (a counted text by its singular): the tools that check a
    catalogue's completeness read a game's web table with this, as they read its modules for ``N_``."""
    return {m.group(2) for m in TEMPLATE_RE.finditer(text)} | {m.group(2) for m in TEMPLATE_PLURAL_RE.finditer(text)}


_GAME_LOCALE_DIRS: list[Path] = []
"""Catalogue directories of registered games, in registration order (see :func:`add_locale_dir`)."""


def add_locale_dir(directory: Path) -> None:
    """Consult the catalogues under ``directory`` (``<lang>/LC_MESSAGES/*.po``) after the main ones.

    Why a list here and not a look into the registry: this module is the bottom layer and imports nothing of the
    engine; the registry calls this when a game with a ``locale_dir`` registers. The caches are cleared, since a
    game may register after the first text was translated (the registry loads games lazily)."""
    directory = Path(directory).resolve()
    if directory == LOCALE_DIR.resolve() or directory in _GAME_LOCALE_DIRS:
        return
    _GAME_LOCALE_DIRS.append(directory)
    for cached in (catalog, you_catalog, _messages, plural_catalog):
        cached.cache_clear()


def locale_dirs() -> tuple[Path, ...]:
    """Every catalogue directory, the main one first (tools that check a catalogue's completeness walk these)."""
    return (LOCALE_DIR, *_GAME_LOCALE_DIRS)


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

    # The games' catalogues first and the main one last: the tables built from these keep the last entry of a msgid,
    # so wuerfel's own translation wins over a game's, and a game's fills in what the main catalogue lacks.
    found: list[Any] = []
    for directory in [*reversed(_GAME_LOCALE_DIRS), LOCALE_DIR]:
        for path in sorted((directory / lang / "LC_MESSAGES").glob("*.po")):
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


LOT_FOR_YOU = {"{name} begins": "You begin", "{name} holds the bank": "You hold the bank"}
"""A lot that falls on the reader, in the second person: the games' lot texts (the kit's and the bank games'
msgids) say "{name} beginnt", which for the reader should read "Du beginnst"."""


def second_person(line: str, name: str, lang: str | None = None) -> str:
    """``line``, translated with the reader's ``name`` ("Anna ist der erste Macher", a game's plain-string lot), in
    the second person ("Du bist der erste Macher"): the catalogue's ``you`` form of the sentence it was made from.
    A game's lot texts are strings, not phrases, so they are matched after the fact; a line with no such form stays
    as it is. The terminal says its lot lines so, and the web move list the lot that fell on its reader."""
    for template, yours in LOT_FOR_YOU.items():
        if line == translate(template, lang, name=name):
            return translate(yours, lang)
    for msgid, form in you_catalog(normalize_language(lang)).items():
        if isinstance(form, str) and "{name}" in msgid and translate(msgid, lang, name=name) == line:
            return form.replace("{name}", name)
    return line
