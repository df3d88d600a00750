"""The messages of a relayed socket on the bus: a one-letter kind, the socket's channel, and the frame as it is.

A relayed socket costs the relaying worker and the owner a bus message for every frame each way, so these messages
are not JSON: the client's frame and the owner's message (the state, already encoded once for its reader) travel
as they are behind a short header, and neither side parses or re-encodes them (measured with bench/cluster.py: a
JSON envelope escaped every quote of a state message on one side and unescaped it on the other). Only the join,
once per socket, carries JSON.

To the owner (``worker:<owner>``)::

    J<conn>\\n<join JSON>   a socket arrives (player, language, seat, since, address, base URL)
    F<conn>\\n<frame>       a client frame, exactly as the client sent it
    P<conn>[\n<conn>…]      these sockets are still there (every ``ttl / 3``, all of a worker's for this owner)
    L<conn>                 the socket is gone

and a forwarded HTTP call as a JSON object (``{"op": "call", …}``, :meth:`.owner.Node.call`).
To the relaying worker (``conn:<worker>:<id>``)::

    S<text>                 send ``text`` to the client, as it is
    C<code>                 close the client's socket with ``code``
"""

from __future__ import annotations

from collections.abc import Iterable

JOIN, FRAME, PING, LEAVE = "J", "F", "P", "L"
SEND, CLOSE = "S", "C"


def to_owner(kind: str, conn: str, body: str = "") -> str:
    """A message of socket ``conn`` to its table's owner; ``body`` for a join (JSON) or a frame."""
    return f"{kind}{conn}\n{body}" if kind in (JOIN, FRAME) else kind + conn


def from_relay(raw: str) -> tuple[str, str, str]:
    """(kind, conn, body) of a message :func:`to_owner` made; kind "" when ``raw`` is none of them (a call)."""
    kind = raw[:1]
    if kind in (JOIN, FRAME):
        conn, _, body = raw[1:].partition("\n")
        return kind, conn, body
    if kind in (PING, LEAVE):
        return kind, raw[1:], ""
    return "", "", raw


def pings(conns: Iterable[str]) -> str:
    """One message saying that each of ``conns`` is still there."""
    return PING + "\n".join(conns)


def send(text: str) -> str:
    return SEND + text


def close(code: int) -> str:
    return f"{CLOSE}{code}"
