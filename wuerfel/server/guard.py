"""ASGI middleware that protects every HTTP response: body size limits while streaming, and security headers.

It sits around the whole application, so it also covers routes added later and errors raised before a route runs.

- **Body limits.** A request body is refused with 413 as soon as it is known to be too large: at once when
  ``Content-Length`` says so, and while streaming (chunked uploads, or a client that sends more than it announced)
  the moment the running total passes the limit. Reading a 50 MB upload into memory first and checking its length
  afterwards let a handful of anonymous requests grow the server by hundreds of megabytes.
- **Security headers.** A Content-Security-Policy that allows only our own scripts (inline scripts must carry the
  per-request nonce the templates get as ``csp_nonce``), styles from us, websockets to our own host, and no framing;
  ``X-Frame-Options``, ``X-Content-Type-Options`` and ``Referrer-Policy`` for browsers that predate CSP.
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

from wuerfel.engine.errors import N_
from wuerfel.i18n import translate
from wuerfel.server import auth

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

TOO_LARGE = N_("The request is too large.")


class BodyTooLarge(Exception):
    """Raised from ``receive`` inside the application; the middleware turns it into a 413."""


def _header(scope: Scope, name: bytes) -> str | None:
    for k, v in scope.get("headers") or ():
        if k.lower() == name:
            return str(v.decode("latin-1"))
    return None


def _lang(scope: Scope) -> str:
    cookie = None
    raw = _header(scope, b"cookie") or ""
    for part in raw.split(";"):
        k, _, v = part.strip().partition("=")
        if k == auth.LANG_COOKIE:
            cookie = v
    return auth.pick_language(cookie, _header(scope, b"accept-language"))


def csp(nonce: str, host: str | None) -> str:
    """The policy; websockets are named with the request's host because older browsers do not let ``'self'``
    match ``ws:``/``wss:``."""
    connect = "'self'"
    if host and all(c.isalnum() or c in ".-:[]" for c in host):
        connect += f" ws://{host} wss://{host}"
    return "; ".join(
        [
            "default-src 'self'",
            f"script-src 'self' 'nonce-{nonce}'",
            "style-src 'self' 'unsafe-inline'",
            "img-src 'self' data:",
            f"connect-src {connect}",
            "object-src 'none'",
            "base-uri 'none'",
            "form-action 'self'",
            "frame-ancestors 'none'",
        ]
    )


class Guard:
    def __init__(self, app: ASGIApp, max_body: int) -> None:
        self.app = app
        self.max_body = max_body

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        nonce = secrets.token_urlsafe(16)
        scope.setdefault("state", {})["csp_nonce"] = nonce
        policy = csp(nonce, _header(scope, b"host"))
        started = False

        async def send_with_headers(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
                headers = [(k, v) for k, v in message.get("headers", []) if k.lower() not in _SECURITY_NAMES]
                headers += [(b"content-security-policy", policy.encode()), *_SECURITY_HEADERS]
                message = {**message, "headers": headers}
            await send(message)

        length = _header(scope, b"content-length")
        if length is not None:
            try:
                too_big = int(length) > self.max_body
            except ValueError:
                too_big = False
            if too_big:
                await self._refuse(scope, send_with_headers)
                return
        seen = 0

        async def counting_receive() -> Message:
            nonlocal seen
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > self.max_body:
                    raise BodyTooLarge
            return message

        try:
            await self.app(scope, counting_receive, send_with_headers)
        except BodyTooLarge:
            if started:
                raise
            await self._refuse(scope, send_with_headers)

    async def _refuse(self, scope: Scope, send: Send) -> None:
        body = json.dumps(
            {"error": {"code": "too_large", "message": translate(TOO_LARGE, _lang(scope))}}, ensure_ascii=False
        ).encode()
        await send(
            {
                "type": "http.response.start",
                "status": 413,
                "headers": [
                    (b"content-type", b"application/json"),
                    (b"content-length", str(len(body)).encode()),
                    (b"connection", b"close"),
                ],
            }
        )
        await send({"type": "http.response.body", "body": body})


_SECURITY_HEADERS = [
    (b"x-frame-options", b"DENY"),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"same-origin"),
]
_SECURITY_NAMES = {b"content-security-policy", *(k for k, _ in _SECURITY_HEADERS)}
