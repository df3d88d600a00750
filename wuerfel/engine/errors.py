"""Errors that carry a translatable message.

The engine has no notion of the user's language, yet every refusal must reach the user in German or English. So an
error carries an English message template (the gettext msgid) and its parameters; the interface translates the
template and fills in the parameters (see :mod:`wuerfel.i18n`).
"""

from __future__ import annotations

import errno
from typing import Any


def N_(msgid: str) -> str:
    """Mark a string for extraction into the catalogues without translating it here."""
    return msgid


class Words(str):
    """A parameter that is a name in both languages (a box of the score sheet): the English text, and the German
    one that :meth:`WuerfelError.translated` puts in its place for a German reader. The engine raises before it
    knows the reader's language, so a name chosen at raise time would be German in English mode."""

    de: str

    def __new__(cls, en: str, de: str) -> Words:
        obj = super().__new__(cls, en)
        obj.de = de
        return obj

    def __getnewargs__(self) -> tuple[str, str]:  # type: ignore[override]
        return (str(self), self.de)

    def in_language(self, lang: str) -> str:
        return self.de if lang == "de" else str(self)


class WuerfelError(Exception):
    """Base class: a refusal with a translatable reason."""

    def __init__(self, msgid: str, **params: Any) -> None:
        self.msgid = msgid
        self.params = params
        super().__init__(self.english())

    def english(self) -> str:
        """The message in English, the language of the msgid itself."""
        try:
            return self.msgid.format(**self._params("en"))
        except (KeyError, IndexError, ValueError):
            return self.msgid

    def _params(self, lang: str) -> dict[str, Any]:
        """The parameters in ``lang``: a :class:`Words` in its language, a counted ``Phrase`` ("1 chip", "2 chips")
        in the catalogue's plural form, so a refusal never says "1 chips" (issue 24 §3)."""
        from wuerfel.engine.components import Phrase, resolve

        return {
            k: v.in_language(lang) if isinstance(v, Words) else resolve(v, lang) if isinstance(v, Phrase) else v
            for k, v in self.params.items()
        }

    def translated(self, lang: str) -> str:
        """The message in ``lang`` ("de" or "en")."""
        from wuerfel.i18n import normalize_language, translate

        lang = normalize_language(lang)
        return translate(self.msgid, lang, **self._params(lang))


class IllegalAction(WuerfelError):
    """An action that is not legal in the current state; the state is left unchanged."""


class RuleError(WuerfelError):
    """An invalid rule set: an unknown option, a wrong type or a forbidden combination."""


class RecordError(WuerfelError):
    """A game record that cannot be read or does not replay."""


_READ_ERRORS = {
    errno.ENOENT: N_("Cannot read {path}: there is no such file."),
    errno.EACCES: N_("Cannot read {path}: permission denied."),
    errno.ENOTDIR: N_("Cannot read {path}: a part of the path is not a folder."),
    errno.EISDIR: N_("Cannot read {path}: it is a folder, not a file."),
}
_WRITE_ERRORS = {
    errno.ENOENT: N_("Cannot save to {path}: the folder does not exist."),
    errno.EACCES: N_("Cannot save to {path}: permission denied."),
    errno.ENOTDIR: N_("Cannot save to {path}: a part of the path is not a folder."),
    errno.EISDIR: N_("Cannot save to {path}: it is a folder; give a file name."),
    errno.ENOSPC: N_("Cannot save to {path}: the disk is full."),
    errno.EROFS: N_("Cannot save to {path}: the file system is read-only."),
}


def file_error(exc: OSError | UnicodeDecodeError, path: object, *, writing: bool = False) -> WuerfelError:
    """A failed file access as a refusal in the user's language. The operating system's own text is English
    whatever the user reads, so the common causes get their own msgids; a rare one keeps the system's words."""
    if isinstance(exc, UnicodeDecodeError):
        return WuerfelError(N_("Cannot read {path}: it is not a text file."), path=str(path))
    if writing and exc.errno == errno.ENOENT and _folder_exists(path):
        # The folder is there, but no file can be created in it (/proc, a special file system): "the folder does
        # not exist" would send the user looking for a folder in front of him (issue 24 B3).
        return WuerfelError(N_("Cannot save to {path}: no file can be created in that folder."), path=str(path))
    known = (_WRITE_ERRORS if writing else _READ_ERRORS).get(exc.errno or 0)
    if known:
        return WuerfelError(known, path=str(path))
    msgid = N_("Cannot save to {path}: {reason}") if writing else N_("Cannot read {path}: {reason}")
    return WuerfelError(msgid, path=str(path), reason=exc.strerror or str(exc))


def _folder_exists(path: object) -> bool:
    from pathlib import Path

    try:
        return Path(str(path)).absolute().parent.is_dir()
    except OSError:
        return False
