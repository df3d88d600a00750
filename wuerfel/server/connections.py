"""Connection-level guards of ``wuerfel serve`` (issue 24 §4 M4, slowloris): a deadline for a request's head and a cap
on the connections one client address may hold open.

uvicorn waits for ever for a request whose head never completes, and takes every connection it is offered: 3,000
half-sent requests (one header line every 10 s) were all held, and two clients holding 10,000 sockets each reached
the process's file limit, after which every real request failed. Neither can be seen from inside the ASGI
application (it is called only once a head is complete), so the guard is the HTTP protocol itself: a subclass of
uvicorn's httptools protocol that

- closes a connection whose request head (request line and headers) has not arrived within ``header_timeout``
  seconds of the connection opening or of the first byte of a following request on a kept-alive connection, with a
  408 answer;
- refuses a connection beyond ``per_address`` open ones from the same address with a 429 answer that says why. A
  connection upgraded to a websocket still counts until it is closed. Addresses of trusted reverse proxies
  (``--forwarded-allow-ips``) are not capped: everything arrives from them, and they must limit per client
  themselves.

The refusals come before the request's language is known, so their text is German and English together.
"""

from __future__ import annotations

import asyncio
import ipaddress
from collections.abc import Iterable

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

from wuerfel.engine.errors import N_
from wuerfel.i18n import translate

TOO_MANY = N_("Too many connections from your address. Please close some and try again.")
TOO_SLOW = N_("The request did not arrive in time.")
REFUSED_LINGER = 2.0
"""Seconds a refused connection waits for the client's request head before it is closed anyway."""


def _both_languages(msgid: str) -> str:
    return f"{translate(msgid, 'de')} / {translate(msgid, 'en')}"


def _answer(status: bytes, msgid: str, extra: bytes = b"") -> bytes:
    body = _both_languages(msgid).encode()
    return (
        b"HTTP/1.1 "
        + status
        + b"\r\ncontent-type: text/plain; charset=utf-8\r\nconnection: close\r\n"
        + extra
        + b"content-length: "
        + str(len(body)).encode()
        + b"\r\n\r\n"
        + body
    )


class ConnectionGuard:
    """The state every connection of one server shares: its limits and the open connections per address."""

    def __init__(self, header_timeout: float, per_address: int, trusted: Iterable[str] = ()) -> None:
        self.header_timeout = header_timeout
        """Seconds a request's head may take (0: no limit)."""
        self.per_address = per_address
        """Open connections one address may hold (0: no limit)."""
        self.trusted = [ipaddress.ip_network(t, strict=False) for t in trusted if _is_network(t)]
        self._open: dict[str, set[asyncio.BaseTransport]] = {}

    def _exempt(self, address: str) -> bool:
        try:
            ip = ipaddress.ip_address(address)
        except ValueError:
            return False
        return any(ip in net for net in self.trusted)

    def admit(self, address: str, transport: asyncio.BaseTransport) -> bool:
        """Count a new connection in, or False when its address already holds its share.

        A websocket's transport moves to another protocol object, whose end this guard never hears of, so closed
        transports are dropped here, when the address connects again."""
        if not self.per_address or self._exempt(address):
            return True
        if len(self._open) > 50_000:
            self._open = {a: live for a, live in self._open.items() if self._prune(live)}
        live = self._open.setdefault(address, set())
        if len(live) >= self.per_address and self._prune(live) >= self.per_address:
            return False
        live.add(transport)
        return True

    @staticmethod
    def _prune(live: set[asyncio.BaseTransport]) -> int:
        for t in [t for t in live if t.is_closing()]:
            live.discard(t)
        return len(live)

    def release(self, address: str, transport: asyncio.BaseTransport) -> None:
        live = self._open.get(address)
        if live is not None:
            live.discard(transport)
            if not live:
                self._open.pop(address, None)

    def protocol(self) -> type[asyncio.Protocol]:
        """The HTTP protocol class to give uvicorn (``Config(http=...)``), bound to this guard."""
        guard = self

        class GuardedProtocol(HttpToolsProtocol):
            _head_timer: asyncio.TimerHandle | None = None
            _counted = False
            _tail = b""

            def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
                super().connection_made(transport)
                if not guard.admit(self._address(), transport):
                    # The answer goes out at once, but the door closes only once the client's request head has
                    # arrived (or after REFUSED_LINGER seconds): closing with his request unread would reset the
                    # connection, and a reset may throw away the answer before the client has read why.
                    transport.write(_answer(b"429 Too Many Requests", TOO_MANY, b"retry-after: 10\r\n"))
                    self._head_timer = self.loop.call_later(REFUSED_LINGER, transport.close)
                    return
                self._counted = True
                self._arm()

            def _address(self) -> str:
                return str(self.client[0]) if self.client else ""

            def _arm(self) -> None:
                if guard.header_timeout > 0 and self._head_timer is None:
                    self._head_timer = self.loop.call_later(guard.header_timeout, self._too_slow)

            def _disarm(self) -> None:
                if self._head_timer is not None:
                    self._head_timer.cancel()
                    self._head_timer = None

            def _too_slow(self) -> None:
                self._head_timer = None
                if not self.transport.is_closing() and self.transport.get_protocol() is self:
                    self.transport.write(_answer(b"408 Request Timeout", TOO_SLOW))
                    self.transport.close()

            def data_received(self, data: bytes) -> None:
                if self._counted:
                    super().data_received(data)
                    return
                seen, self._tail = self._tail + data, (self._tail + data)[-3:]
                if b"\r\n\r\n" in seen:
                    self.transport.close()

            def on_message_begin(self) -> None:
                super().on_message_begin()
                self._arm()  # a following request on a kept-alive connection: its head is timed from its first byte

            def on_headers_complete(self) -> None:
                self._disarm()
                super().on_headers_complete()

            def connection_lost(self, exc: Exception | None) -> None:
                self._disarm()
                if self._counted:
                    guard.release(self._address(), self.transport)
                super().connection_lost(exc)

        return GuardedProtocol


def _is_network(text: str) -> bool:
    try:
        ipaddress.ip_network(text, strict=False)
    except ValueError:
        return False
    return True
