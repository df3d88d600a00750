"""A game's own catalogues are complete in German and English (issue 26: a game package carries its translations).

Why besides the playouts' check: a playout meets only the texts of the states it reaches, so a msgid of a rare
situation can lack its German line for long; the catalogue files themselves can be checked whole. The playouts
check the other direction (every text on the table has a German translation, wherever it is found).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from wuerfel.engine.registry import get_game
from wuerfel.i18n import LANGUAGES


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


def check_catalogues(game_id: str) -> None:
    """A game with a ``locale_dir`` has a catalogue in each language, the same msgids in each, and every entry
    translated (a plural entry in every form). A game without one has all its texts in wuerfel's catalogues, which
    wuerfel's own tests hold complete."""
    info = get_game(game_id)
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
