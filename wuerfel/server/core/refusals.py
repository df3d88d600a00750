"""A refused request as a value the core can raise and the shell can send, in the reader's language."""

from __future__ import annotations

from typing import Any

from wuerfel.i18n import translate


class TableError(Exception):
    """A refused request: an error code plus a translatable message (and the HTTP status for the API).

    The core raises it for every rule a request breaks; the shell sends it as an ``error`` message (websocket) or
    an HTTP error with ``status`` — the words are chosen only there, in each reader's language."""

    def __init__(self, code: str, msgid: str, status: int = 409, **params: Any) -> None:
        super().__init__(msgid)
        self.code = code
        self.msgid = msgid
        self.status = status
        self.params = params

    def message(self, lang: str) -> str:
        return translate(self.msgid, lang, **self.params)
