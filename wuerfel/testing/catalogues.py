"""A game's own catalogues are complete in German and English (issue 26: a game package carries its translations).

Why besides the playouts' check: a playout meets only the texts of the states it reaches, so a msgid of a rare
situation can lack its German line for long; the catalogue files themselves can be checked whole. The playouts
check the other direction (every text on the table has a German translation, wherever it is found).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from wuerfel.engine.registry import get_game
from wuerfel.i18n import LANGUAGES, LOCALE_DIR, template_msgids


def read_catalogue(directory: Path, lang: str) -> dict[str, Any]:
    """(msgctxt, msgid) → msgstr (a tuple for plural forms) of every ``.po`` file of one language, fuzzy ones left
    out (a fuzzy entry is not used, so it counts as missing)."""
    from babel.messages.pofile import read_po

    out: dict[str, Any] = {}
    for path in sorted((directory / lang / "LC_MESSAGES").glob("*.po")):
        with path.open("rb") as fh:
            for msg in read_po(fh, locale=lang):
                if msg.id and not msg.fuzzy:
                    key = msg.id[0] if isinstance(msg.id, tuple) else msg.id
                    out[f"{msg.context or ''}\x04{key}"] = msg.string
    return out


def web_msgids(web_dir: Path) -> set[str]:
    """The texts a game's own web table asks for: the ``_("…")`` of its ``table.html`` partial (and of any template
    or script in its ``web_dir``)."""
    return {
        msgid
        for path in sorted(web_dir.rglob("*"))
        if path.suffix in (".html", ".js") and path.is_file()
        for msgid in template_msgids(path.read_text(encoding="utf-8"))
    }


def check_catalogues(game_id: str) -> None:
    """A game with a ``locale_dir`` has a catalogue in each language, the same msgids in each, and every entry
    translated (a plural entry in every form). A game without one has all its texts in wuerfel's catalogues, which
    wuerfel's own tests hold complete.

    The texts of its own web table (``GameInfo.web_dir``) are in its catalogue in both languages too, unless wuerfel's
    has them: a playout never meets them (they are the page's, not the table's components), so without this a
    plug-in's table showed its German readers English and no check said so (issue 26)."""
    info = get_game(game_id)
    wanted = web_msgids(info.web_dir) if info.web_dir is not None else set()
    if wanted:
        central = {key.split("\x04", 1)[1] for key in read_catalogue(LOCALE_DIR, "de")}
        for lang in LANGUAGES:
            own = read_catalogue(info.locale_dir, lang) if info.locale_dir is not None else {}
            lacking = sorted(wanted - central - {key.split("\x04", 1)[1] for key in own})
            where = info.locale_dir / lang / "LC_MESSAGES" if info.locale_dir is not None else "no locale_dir"
            assert not lacking, f"{game_id}: its web table's texts are not in its {lang} catalogue ({where}): {lacking}"
    if info.locale_dir is None:
        return
    found = {lang: read_catalogue(info.locale_dir, lang) for lang in LANGUAGES}
    for lang, entries in found.items():
        assert entries, f"{game_id}: no catalogue in {info.locale_dir / lang / 'LC_MESSAGES'}"
        for key, text in entries.items():
            forms = text if isinstance(text, tuple) else (text,)
            assert all(forms), f"{game_id}: {key.split(chr(4))[1]!r} is not translated in {lang}"
    first, *others = LANGUAGES
    for lang in others:
        only = sorted(k.split("\x04")[1] for k in set(found[first]) ^ set(found[lang]))
        assert not only, f"{game_id}: in one of the {first} and {lang} catalogues only: {only}"
