"""What a live table says: the protocol's version, how a message is encoded, errors, notes in words about a seat,
and the refusal when the database cannot be written.

Shared by :mod:`wuerfel.server.live` and the modules around it (views, hints, bots, clocks), which import it rather
than :mod:`~wuerfel.server.live` so that none of them needs the table's module at import time.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any

from wuerfel.engine.errors import N_
from wuerfel.i18n import translate, you_catalog
from wuerfel.server.core.refusals import TableError
from wuerfel.server.protocol import BAD_MESSAGE as BAD_MESSAGE  # re-exported: the refusal's old home
from wuerfel.server.protocol import ErrorMessage

PROTOCOL_VERSION = 7
"""7: ``seq`` is each reader's own count of the events it was told of (issue 24, M1: a sealed stake sends the
others nothing and moves no ``seq`` of theirs); ``uncovered`` lines carry ``seq`` null for moves never told.
6: time controls — ``clock`` in the summary (chosen at creation: ``none``, ``live``, ``corr``), the running
move's ``clock`` in ``state``, ``standin`` per seat ("Computer übernimmt"), ``note`` on ``state`` messages, the
``back`` message, ``ended_by`` in the summary and the result, ``guest`` in chat messages, ``time_left`` on Meine
Partien. 5: hints. 4: chat at each table (the ``chat`` message both ways, ``chat_history`` on joining,
``meta.chat`` in the record).
3: living tables — presence (``online`` in ``state``, ``table`` and the summary, the ``presence`` message),
resigning (``resigned``), the rematch (``rematch``), seating changes in words (``note``) and Meine Partien
(``/api/my-tables``). 2: a person's throw waits for his request (``{"throw": true}``) and the state
message says whose throw is due (``throw``); see docs/protocol.md "Versions"."""


GUEST_NAME = N_("{name} (guest)")
"""How messages in words mark a guest (no password): the pages and the chat mark him the same way."""


def person_name(name: str, guest: bool, lang: str) -> str:
    """A person's name as a message in words says it: a guest's marked "(Gast)", so no guest passes for a
    registered player (see :func:`views.seat_label` for a seat)."""
    return translate(GUEST_NAME, lang, name=name) if guest else name


def encode(msg: Mapping[str, Any]) -> str:
    """A message as it goes over the websocket (compact JSON, UTF-8 as it is): every message of
    :mod:`wuerfel.server.protocol` is a plain dict, so its bytes are what they were before it was typed."""
    return json.dumps(msg, ensure_ascii=False, separators=(",", ":"))


def error_json(code: str, message: str, seq: int | None = None) -> ErrorMessage:
    """A refusal as sent (:class:`~wuerfel.server.protocol.ErrorMessage`); ``seq`` the reader's, None when the
    connection itself is refused."""
    out: ErrorMessage = {"v": PROTOCOL_VERSION, "type": "error", "error": {"code": code, "message": message}}
    if seq is not None:
        out["seq"] = seq
    return out


Note = Callable[[str, Sequence[int]], str]
"""What happened to a seat, in the reader's language, said to the reader himself in the second person when the
seat is one of his (the reader's seats are the second argument)."""


def seat_note(msgid: str, seat: int, name: Callable[[str], str]) -> Note:
    """A note about ``seat`` ("{name}'s time ran out …"): its reader at that seat reads the catalogue's second-person
    form (context ``you``: "Deine Zeit ist abgelaufen …"), everybody else the seat's name (issue 24 §3)."""

    def note(lang: str, mine: Sequence[int] = ()) -> str:
        if seat in mine:
            form = you_catalog(lang).get(msgid)
            if isinstance(form, str):
                return form
        return translate(msgid, lang, name=name(lang))

    return note


FORFEIT_TIMEOUT = N_("{name}'s time ran out: {name} loses the game.")
FORFEIT_ABANDONED = N_("{name} logged out and loses the game.")
STANDIN_TIMEOUT = N_("{name}'s time ran out: the computer plays for {name} until {name} returns.")
STANDIN_ABANDONED = N_("{name} logged out: the computer plays for {name} from now on.")
BACK_NOTE = N_("{name} is back and plays again.")
DB_MOVE_FAILED = N_("The database cannot be written at the moment; the move was not made. Try again shortly.")
DB_RETRYING = N_("The database cannot be written at the moment; the server keeps trying.")


@contextlib.contextmanager
def db_refusal() -> Iterator[None]:
    """Turn a database that cannot be written into a refusal the user can read (503 ``db_unavailable``) instead of
    a bare 500: seating, starting and creating tables wait for the same database as the moves."""
    try:
        yield
    except Exception as exc:
        if db_unavailable(exc):
            raise TableError("db_unavailable", DB_WRITE_FAILED, 503) from exc
        raise


DB_WRITE_FAILED = N_("The database cannot be written at the moment; nothing was changed. Try again shortly.")


def db_unavailable(exc: BaseException) -> bool:
    """A database that cannot be written now (locked, full, gone), as opposed to a refused row (a bug)."""
    from sqlalchemy.exc import DBAPIError, IntegrityError

    return isinstance(exc, DBAPIError) and not isinstance(exc, IntegrityError)


RETRY_FIRST = 0.5
RETRY_MAX = 30.0


def retry_pause(last: float) -> float:
    """The next pause before retrying a failed commit: doubling from half a second up to half a minute."""
    return RETRY_FIRST if last <= 0 else min(RETRY_MAX, last * 2)
