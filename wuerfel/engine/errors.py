"""Errors that carry a translatable message.

The engine has no notion of the user's language, yet every refusal must reach the user in German or English. So an
error carries an English message template (the gettext msgid) and its parameters; the interface translates the
template and fills in the parameters (see :mod:`wuerfel.i18n`).
"""

from __future__ import annotations

from typing import Any


def N_(msgid: str) -> str:
    """Mark a string for extraction into the catalogues without translating it here."""
    return msgid


class WuerfelError(Exception):
    """Base class: a refusal with a translatable reason."""

    def __init__(self, msgid: str, **params: Any) -> None:
        self.msgid = msgid
        self.params = params
        super().__init__(self.english())

    def english(self) -> str:
        """The message in English, the language of the msgid itself."""
        try:
            return self.msgid.format(**self.params)
        except (KeyError, IndexError, ValueError):
            return self.msgid

    def translated(self, lang: str) -> str:
        """The message in ``lang`` ("de" or "en")."""
        from wuerfel.i18n import translate

        return translate(self.msgid, lang, **self.params)


class IllegalAction(WuerfelError):
    """An action that is not legal in the current state; the state is left unchanged."""


class RuleError(WuerfelError):
    """An invalid rule set: an unknown option, a wrong type or a forbidden combination."""


class RecordError(WuerfelError):
    """A game record that cannot be read or does not replay."""
