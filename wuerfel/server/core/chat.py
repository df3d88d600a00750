"""The chat's rules (protocol 4): what a message may be, who may write, and how fast.

The shell stores an accepted message and sends it to everyone at the table; everything that decides whether it is
accepted lives here, with the time passed in (the rate limit counts seconds of whatever clock the caller uses).
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from wuerfel.engine.errors import N_
from wuerfel.server.core.refusals import TableError
from wuerfel.server.textcheck import CONTROL_IN_CHAT, control_char

CHAT_MAX = 500
"""Most characters of one chat message (after trimming); a longer one is refused, never cut."""
CHAT_RATE = (5, 10.0)
"""At most this many chat messages per person (a spectator without a name: per connection) in this many seconds."""
CHAT_HISTORY = 100
"""The last chat messages a connection is sent when it joins (the record keeps all of them)."""


def chat_text(msg: dict[str, Any]) -> str:
    """The text of a chat message, trimmed; raises :class:`TableError` for a malformed, empty, too long one or one
    with control characters (a bidi override turns the line around; PostgreSQL stores no NUL)."""
    text = msg.get("text")
    if set(msg) != {"type", "text"} or not isinstance(text, str):
        raise TableError("bad_message", N_("A chat message must be an object with 'type' and 'text'."))
    text = text.strip()
    if not text:
        raise TableError("chat_empty", N_("The message is empty."))
    if control_char(text) is not None:
        raise TableError("chat_control", CONTROL_IN_CHAT)
    if len(text) > CHAT_MAX:
        raise TableError("chat_too_long", N_("A message may have at most {n} characters."), n=CHAT_MAX)
    return text


def may_chat(seated: bool, named: bool, muted: bool, spectator_chat: bool) -> bool:
    """Whether somebody may write: a player seated here; a spectator with a name when the table lets spectators
    write and the host has not muted him. A spectator without a name never writes: the host could neither tell him
    apart nor mute him."""
    if not named:
        return False
    return seated or (spectator_chat and not muted)


def check_writer(seated: bool, named: bool, muted: bool, spectator_chat: bool) -> None:
    """Raise the refusal that tells a writer why he may not write (see :func:`may_chat`); nothing if he may."""
    if may_chat(seated, named, muted, spectator_chat):
        return
    if named and muted and not seated:
        raise TableError("chat_muted", N_("The host has muted you at this table."))
    if spectator_chat and not named:
        raise TableError("chat_not_allowed", N_("Give yourself a name to write here."))
    raise TableError("chat_not_allowed", N_("Only the players of this table may write here."))


class ChatLimiter:
    """The rate limit :data:`CHAT_RATE` per writer (a player id; any hashable key).

    :meth:`check` refuses a message over the limit, :meth:`accepted` counts one that was stored: a message the store
    refused does not count against its writer."""

    def __init__(self, count: int = CHAT_RATE[0], window: float = CHAT_RATE[1]) -> None:
        self.count = count
        self.window = window
        self._sent: dict[Hashable, list[float]] = {}

    def check(self, key: Hashable, now: float) -> None:
        """Raise ``chat_too_fast`` when ``key`` wrote :attr:`count` messages in the last :attr:`window` seconds."""
        recent = [t for t in self._sent.get(key, []) if now - t < self.window]
        if recent:
            self._sent[key] = recent
        else:
            self._sent.pop(key, None)
        if len(recent) >= self.count:
            raise TableError(
                "chat_too_fast",
                N_("Not so fast: at most {n} messages in {s} seconds."),
                n=self.count,
                s=int(self.window),
            )

    def accepted(self, key: Hashable, now: float) -> None:
        """Count a message of ``key`` accepted at ``now``."""
        self._sent.setdefault(key, []).append(now)
