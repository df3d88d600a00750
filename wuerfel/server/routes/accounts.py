"""Sessions and accounts: guests, registration, login and logout with their rate limits and locks, and the language
choice."""

from __future__ import annotations

import asyncio
import contextlib
import math
from collections.abc import AsyncIterator
from typing import Any
from urllib.parse import urlsplit

from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse, RedirectResponse, Response

from wuerfel.engine.errors import N_
from wuerfel.i18n import LANGUAGES
from wuerfel.server import auth, bot_accounts, textcheck
from wuerfel.server.app import LOGIN_FAILS_PER_ADDRESS
from wuerfel.server.routes.context import Context
from wuerfel.server.routes.deps import (
    ApiError,
    body_json,
    check_csrf,
    csrf_token_for,
    is_secure,
    lang_of,
    session_token,
    set_csrf,
    set_session,
)
from wuerfel.server.rows import NameTaken, Player, hash_token
from wuerfel.server.store import Store


def register(app: FastAPI, ctx: Context) -> None:
    """Add the area's handlers to ``app`` (once, from create_app); they look the shared helpers up on ``ctx`` when
    they run."""

    @app.get("/api/session")
    async def api_session(request: Request) -> JSONResponse:
        token, new = csrf_token_for(request)
        p = await ctx.player_of(request)
        resp = JSONResponse({"player": p.to_json() if p else None, "lang": lang_of(request), "csrf_token": token})
        set_csrf(request, resp, new)
        return resp

    def name_refusal(name: Any) -> None:
        """Refuse a new player name that could fool others (control characters, mixed alphabets: issue 24 L4, L5)
        with a message saying why; the length rule follows in the caller."""
        problem = textcheck.name_problem(name) if isinstance(name, str) else None
        if problem is not None:
            raise ApiError("bad_name", problem, 422)
        if isinstance(name, str) and bot_accounts.is_bot_name(name):
            raise ApiError("bad_name", N_("Names ending in “(BOT)” belong to bot accounts."), 422)

    async def refuse_lookalike(name: str) -> None:
        """A new name must not look like a registered player's (issue 24 L4): "Аnna" with a Cyrillic "А" passed
        for "Anna" as a guest and as a second account, on leaderboards, rated tables and profiles."""
        other = await asyncio.to_thread(app.state.store.registered_lookalike, name)
        if other is not None and auth.login_key(other.name) != auth.login_key(name):
            raise ApiError(
                "name_lookalike",
                N_(
                    "The name '{name}' looks like the name of the registered player "
                    "'{other}'. Please choose another name."
                ),
                409,
                name=name,
                other=other.name,
            )

    async def do_guest(request: Request, name: Any) -> tuple[Player, str]:
        name_refusal(name)
        clean = auth.clean_name(name)
        if clean is None:
            raise ApiError("bad_name", N_("A name has 1 to {n} characters."), 422, n=auth.MAX_NAME)
        store: Store = app.state.store
        if await asyncio.to_thread(store.find_registered, auth.login_key(clean)) is not None:
            # A guest under a registered name would pass for that player at every table.
            raise ApiError(
                "name_reserved",
                N_(
                    "The name '{name}' belongs to a registered player. Log in with its password or choose another name."
                ),
                409,
                name=clean,
            )
        await refuse_lookalike(clean)
        # L2: 500 guests (player and session rows) in 1.6 s from one address, and the flood also emptied everybody's
        # session cache. Counted only once the name is accepted, so a mistyped name costs nothing.
        here = address(request)
        if not ctx.guest_limiter.hit(here):
            raise ApiError(
                "rate_limited",
                N_("Too many new guests from here. Please try again in {minutes} min."),
                429,
                minutes=max(1, math.ceil(ctx.guest_limiter.retry_after(here) / 60)),
            )
        p = await asyncio.to_thread(store.create_player, clean, None)
        return p, await new_session(request, p)

    def address(request: Request) -> str:
        return request.client.host if request.client else ""

    def rate_limited() -> ApiError:
        return ApiError("rate_limited", N_("Too many failed logins. Please wait a minute and try again."), 429)

    @contextlib.asynccontextmanager
    async def hash_slot() -> AsyncIterator[None]:
        """A place for one argon2 computation, or "busy" at once: when too many are waiting (the pool's queue), or
        when the server has hashed its share of the last seconds (:data:`auth.HASHES_PER_SECOND`, M5)."""
        if app.state.hashing >= auth.HASH_QUEUE or not ctx.hash_bucket.take():
            raise ApiError("busy", N_("The server is busy. Please try again in a moment."), 503)
        app.state.hashing += 1
        try:
            yield
        finally:
            app.state.hashing -= 1

    async def run_hash(fn: Any, *args: Any) -> Any:
        return await asyncio.get_running_loop().run_in_executor(auth.HASH_POOL, fn, *args)

    async def hashing(fn: Any, *args: Any) -> Any:
        """Run an argon2 computation in its own bounded pool, within the hash budget."""
        async with hash_slot():
            return await run_hash(fn, *args)

    def account_locked(seconds: float) -> ApiError:
        return ApiError(
            "account_locked",
            N_(
                "Too many failed logins for this account. Please try again in {minutes} "
                "min, or log in from a device you have used to log in before."
            ),
            429,
            minutes=max(1, math.ceil(seconds / 60)),
        )

    def remember_device(request: Request, player_id: int, password_hash: str) -> None:
        """This browser is now a known device of the account (the response sets the cookie, :func:`set_device`)."""
        request.state.device_cookie = auth.device_cookie_with(
            request.cookies.get(auth.DEVICE_COOKIE), player_id, password_hash
        )

    def set_device(request: Request, response: Response) -> None:
        cookie = getattr(request.state, "device_cookie", None)
        if cookie:
            response.set_cookie(
                auth.DEVICE_COOKIE,
                cookie,
                max_age=60 * 60 * 24 * 365,
                httponly=True,
                samesite="lax",
                secure=is_secure(request),
            )

    async def do_register(request: Request, name: Any, password: Any) -> tuple[Player, str]:
        name_refusal(name)
        clean = auth.clean_name(name)
        if clean is None:
            raise ApiError("bad_name", N_("A name has 1 to {n} characters."), 422, n=auth.MAX_NAME)
        problem = auth.password_problem(password, clean)
        if problem is not None:
            raise ApiError("bad_password", problem[0], 422, **problem[1])
        await refuse_lookalike(clean)
        limiter: auth.RateLimiter = app.state.limiter
        if not limiter.hit(f"register|{address(request)}", ctx.registrations_per_address):
            raise ApiError("rate_limited", N_("Too many new accounts from here. Please wait a minute."), 429)
        store: Store = app.state.store
        pw_hash = await hashing(auth.hash_password, password)
        current = await ctx.player_of(request)
        try:
            if current is not None and not current.registered:
                # A guest registering keeps his player and so his games (issue 16) — but none of his guest
                # sessions (M2): a guest token planted in his browser, or left on a shared computer, would otherwise
                # now be a session of the registered account. He gets exactly one new token.
                p = await asyncio.to_thread(store.register_guest, current.id, clean, pw_hash)
                ctx.hub().player_registered(p, current.name)
                await end_sessions_of(p.id)
            else:
                p = await asyncio.to_thread(store.create_player, clean, pw_hash)
        except NameTaken as exc:
            raise ApiError("name_taken", N_("The name '{name}' is already registered."), 409, name=clean) from exc
        remember_device(request, p.id, pw_hash)
        return p, await new_session(request, p)

    async def end_sessions_of(player_id: int) -> None:
        """Every session of a player ends, in the database and in this process's cache."""
        cache: dict[str, tuple[Player, float]] = app.state.sessions
        for token in [k for k, (q, _) in cache.items() if q.id == player_id]:
            cache.pop(token, None)
        await asyncio.to_thread(end_player_sessions, player_id)

    def end_player_sessions(player_id: int) -> None:
        """Delete every session of the player and tell the other workers (blocking)."""
        ctx.revoke(app.state.store.delete_player_sessions(player_id))

    def end_session(token: str) -> None:
        """Delete one session and tell the other workers (blocking)."""
        app.state.store.delete_session(token)
        ctx.revoke([hash_token(token)])

    async def new_session(request: Request, p: Player) -> str:
        """A new session token for ``p``; the token this browser brought ends (M2, session fixation): after a
        login or registration, whoever knew the browser's old cookie must not share the new identity."""
        old = session_token(request)
        if old:
            cache: dict[str, tuple[Player, float]] = app.state.sessions
            cache.pop(old, None)
            await asyncio.to_thread(end_session, old)
        return str(await asyncio.to_thread(app.state.store.create_session, p.id))

    async def do_login(request: Request, name: Any, password: Any) -> tuple[Player, str]:
        """Limits: per account and address (guessing one password), per address (guessing many names), and per
        account from all addresses together (M5: distributed guessing). Each attempt is counted before the hash is
        computed, so nothing beyond a limit costs a hash, and the account is looked up only once a hash slot is
        granted. Another address with the right password is not refused by the first two; when the third has
        locked the account, a device that has logged in to it before still gets in (the owner during an attack)."""
        if (
            not isinstance(name, str)
            or not isinstance(password, str)
            or len(password) > auth.MAX_PASSWORD
            or len(name) > 4 * auth.MAX_NAME
        ):
            raise ApiError("bad_credentials", N_("Wrong name or password."), 401)
        login = auth.login_key(name)
        addr = address(request)
        account_key, address_key = f"login|{login}|{addr}", f"login-address|{addr}"
        limiter: auth.RateLimiter = app.state.limiter
        if limiter.blocked(account_key) or not limiter.hit(address_key, LOGIN_FAILS_PER_ADDRESS):
            raise rate_limited()
        store: Store = app.state.store
        device = request.cookies.get(auth.DEVICE_COOKIE)
        found: tuple[Player, str] | None = None
        known_device = False
        if ctx.account_limiter.blocked(login):
            if device and len(device) <= 1000:
                found = await asyncio.to_thread(store.find_registered, login)
                known_device = found is not None and auth.device_known(device, found[0].id, found[1])
            if not known_device:
                raise account_locked(ctx.account_limiter.retry_after(login))
        try:
            async with hash_slot():
                limiter.fail(account_key)
                if found is None:
                    found = await asyncio.to_thread(store.find_registered, login)
                ok, rehash = await run_hash(auth.verify_password, found[1] if found else None, password)
        except ApiError:
            limiter.undo(address_key)  # refused before any guess was checked
            raise
        if not found or not ok:
            if not known_device:
                ctx.account_limiter.fail(login)
            raise ApiError("bad_credentials", N_("Wrong name or password."), 401)
        limiter.reset(account_key)
        limiter.undo(address_key)
        p, pw_hash = found
        if rehash:
            with contextlib.suppress(ApiError):  # no hash budget left now: the next login rehashes
                pw_hash = await hashing(auth.hash_password, password)
                await asyncio.to_thread(store.set_password_hash, p.id, pw_hash)
        remember_device(request, p.id, pw_hash)
        return p, await new_session(request, p)

    def logged_in(request: Request, p: Player, token: str) -> JSONResponse:
        resp = JSONResponse({"player": p.to_json()})
        set_session(request, resp, token)
        set_device(request, resp)
        ctx.remember(token, p)
        return resp

    @app.post("/api/guest")
    async def api_guest(request: Request) -> JSONResponse:
        check_csrf(request, request.headers.get(auth.CSRF_HEADER))
        data = await body_json(request)
        return logged_in(request, *await do_guest(request, data.get("name")))

    @app.post("/api/register")
    async def api_register(request: Request) -> JSONResponse:
        check_csrf(request, request.headers.get(auth.CSRF_HEADER))
        data = await body_json(request)
        return logged_in(request, *await do_register(request, data.get("name"), data.get("password")))

    @app.post("/api/login")
    async def api_login(request: Request) -> JSONResponse:
        check_csrf(request, request.headers.get(auth.CSRF_HEADER))
        data = await body_json(request)
        return logged_in(request, *await do_login(request, data.get("name"), data.get("password")))

    async def do_logout(request: Request, resp: Response) -> None:
        """Logging out ends every session of the account (other devices too): it is what a user does after
        logging in somewhere they should not have stayed logged in."""
        token = session_token(request)
        if token:
            p = await ctx.player_of(request)
            cache: dict[str, tuple[Player, float]] = app.state.sessions
            cache.pop(token, None)
            await asyncio.to_thread(end_session, token)
            if p is not None:
                for other in [k for k, (q, _) in cache.items() if q.id == p.id]:
                    cache.pop(other, None)
                await asyncio.to_thread(end_player_sessions, p.id)
                if not p.registered:
                    await ctx.abandon_seats(p)
        resp.delete_cookie(auth.SESSION_COOKIE)

    @app.post("/api/logout")
    async def api_logout(request: Request) -> JSONResponse:
        check_csrf(request, request.headers.get(auth.CSRF_HEADER))
        resp = JSONResponse({"ok": True})
        await do_logout(request, resp)
        return resp

    def set_lang_cookie(resp: Response, lang: str) -> None:
        resp.set_cookie(auth.LANG_COOKIE, lang, max_age=60 * 60 * 24 * 365, samesite="lax")

    @app.post("/api/lang")
    async def api_lang(request: Request) -> JSONResponse:
        check_csrf(request, request.headers.get(auth.CSRF_HEADER))
        data = await body_json(request)
        lang = data.get("lang")
        if lang not in LANGUAGES:
            raise ApiError(
                "bad_request", N_("Unknown language; choose one of: {known}"), 422, known=", ".join(LANGUAGES)
            )
        resp = JSONResponse({"lang": lang})
        set_lang_cookie(resp, lang)
        return resp

    def local_next(nxt: Any) -> str:
        """Only same-site paths: an open redirect would turn our login into a phishing helper."""
        if not isinstance(nxt, str) or not nxt.startswith("/") or nxt.startswith("//") or "\\" in nxt:
            return "/"
        parts = urlsplit(nxt)
        return nxt if not parts.scheme and not parts.netloc else "/"

    @app.get("/lang/{lang}")
    async def switch_lang(lang: str, next: str = "/") -> Response:
        resp = RedirectResponse(local_next(next), status_code=303)
        if lang in LANGUAGES:
            set_lang_cookie(resp, lang)
        return resp

    ctx.share(
        address=address,
        do_guest=do_guest,
        do_login=do_login,
        do_logout=do_logout,
        do_register=do_register,
        local_next=local_next,
        set_device=set_device,
    )
