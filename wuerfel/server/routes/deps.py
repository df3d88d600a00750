"""The helpers every area's handlers use that need nothing but the request: its language, its session cookie, the
CSRF check, the JSON body, the error answer. They read the app's settings from ``request.app.state``, so they live at
module level (not as closures of ``create_app``) and any route module may import them.
"""

from __future__ import annotations

import json
from typing import Any

from fastapi import Request, WebSocket
from fastapi.responses import JSONResponse, Response

from wuerfel.engine.errors import N_
from wuerfel.i18n import LANGUAGES, translate
from wuerfel.server import auth, bot_accounts

MAX_BODY = 64 * 1024
"""The largest request body read (the Guard middleware refuses larger ones first)."""


class ApiError(Exception):
    """A refusal: answered as ``{"error": {code, message}}`` in the asker's language, with ``status``."""

    def __init__(self, code: str, msgid: str, status: int = 400, **params: Any) -> None:
        super().__init__(msgid)
        self.code, self.msgid, self.status, self.params = code, msgid, status, params


def lang_of(request: Request | WebSocket) -> str:
    return auth.pick_language(request.cookies.get(auth.LANG_COOKIE), request.headers.get("accept-language"))


def image_lang(request: Request, lang: str) -> str:
    """The language of an image with words in it (a plot's axes). The page puts its language into the image's
    address: the browser caches the image by address, so without it a plot drawn in German is still shown on
    the English page after the language switch."""
    return lang if lang in LANGUAGES else lang_of(request)


def is_secure(request: Request) -> bool:
    return bool(request.app.state.secure_cookies) or request.url.scheme == "https"


def session_token(request: Request | WebSocket) -> str | None:
    token = request.cookies.get(auth.SESSION_COOKIE)
    return token if token and len(token) <= 200 else None


def csrf_token_for(request: Request) -> tuple[str, str | None]:
    """(the token a page or client must repeat, the anonymous cookie to set if there is none yet).

    With a session the token is bound to it; the anonymous cookie is still kept for the login forms.
    """
    tok = request.cookies.get(auth.CSRF_COOKIE)
    new = None if tok and 10 <= len(tok) <= 100 else auth.new_csrf_token()
    session = session_token(request)
    return (auth.csrf_for_session(session) if session else new or tok or ""), new


def set_csrf(request: Request, response: Response, new_cookie: str | None) -> None:
    if new_cookie:
        response.set_cookie(
            auth.CSRF_COOKIE,
            new_cookie,
            max_age=60 * 60 * 24 * 365,
            samesite="strict",
            secure=is_secure(request),
            httponly=False,
        )


def set_session(request: Request, response: Response, token: str) -> None:
    response.set_cookie(
        auth.SESSION_COOKIE, token, max_age=60 * 60 * 24 * 30, httponly=True, samesite="lax", secure=is_secure(request)
    )


def err(request: Request, code: str, msgid: str, status: int, **params: Any) -> JSONResponse:
    return JSONResponse(
        {"error": {"code": code, "message": translate(msgid, lang_of(request), **params)}}, status_code=status
    )


async def body_json(request: Request) -> dict[str, Any]:
    raw = await request.body()
    if len(raw) > MAX_BODY:
        raise ApiError("bad_request", N_("The request is too large."), 413)
    try:
        data = json.loads(raw or b"{}")
    except (ValueError, UnicodeDecodeError, RecursionError) as exc:
        raise ApiError("bad_request", N_("The request is not valid JSON."), 400) from exc
    if not isinstance(data, dict):
        raise ApiError("bad_request", N_("The request must be a JSON object."), 400)
    return data


def check_csrf(request: Request, sent: str | None) -> None:
    if bot_accounts.bearer(request.headers) is not None:
        # A browser never adds an Authorization header by itself, so a request carrying one was not forged by
        # another site; the token itself is checked where the player is looked up.
        return
    session = session_token(request)
    expected = auth.csrf_for_session(session) if session else request.cookies.get(auth.CSRF_COOKIE)
    if not auth.csrf_ok(expected, sent):
        raise ApiError("csrf", N_("The form has expired or came from elsewhere; please reload the page."), 403)


def base_url(request: Request | WebSocket) -> str:
    scheme = {"ws": "http", "wss": "https"}.get(request.url.scheme, request.url.scheme)
    return f"{scheme}://{request.headers.get('host', request.url.netloc)}"
