"""The ASGI application: HTML pages, the JSON lobby API and the websocket table protocol (docs/protocol.md).

Game logic lives in :mod:`wuerfel.server.live`, persistence in :mod:`wuerfel.server.store`; this module translates
between HTTP and those, checks sessions and CSRF tokens, and turns every refusal into ``{"error": {code, message}}``
in the requester's language.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import json
import logging
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from fastapi import FastAPI, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import JSONResponse, RedirectResponse, Response
from fastapi.staticfiles import StaticFiles
from fastapi.templating import Jinja2Templates

from wuerfel.engine.errors import N_, WuerfelError
from wuerfel.engine.registry import GameInfo, all_games, get_game
from wuerfel.engine.rules import describe_options, options_to_dict, set_dotted
from wuerfel.i18n import LANGUAGES, catalog, translate
from wuerfel.server import auth
from wuerfel.server.live import PROTOCOL_VERSION, Conn, Hub, LiveTable, TableError
from wuerfel.server.store import NameTaken, Player, Store

log = logging.getLogger("wuerfel.server")

WEB_DIR = Path(__file__).resolve().parent.parent / "web"
TEMPLATES_DIR = WEB_DIR / "templates"
STATIC_DIR = WEB_DIR / "static"
MAX_BODY = 64 * 1024
SESSION_RECHECK = 300.0


class ApiError(Exception):
    def __init__(self, code: str, msgid: str, status: int = 400, **params: Any) -> None:
        super().__init__(msgid)
        self.code, self.msgid, self.status, self.params = code, msgid, status, params


def create_app(db_url: str | None = None, bot_delay: float = 0.6, secure_cookies: bool = False,
               synchronous: str = "NORMAL") -> FastAPI:
    """Build the app; the database is opened and migrated, and unfinished tables resumed, at startup."""

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        store = await asyncio.to_thread(Store.open, db_url, synchronous)
        hub = Hub(store, bot_delay=bot_delay)
        app.state.store = store
        app.state.hub = hub
        resumed = await hub.resume_all()
        if resumed:
            log.info("resumed %d unfinished tables", resumed)
        # Everything loaded so far (modules, presets, solver tables) lives as long as the server: keep it out of the
        # cyclic collector, so full collections stay short and do not show up as latency spikes.
        gc.collect()
        gc.freeze()
        checkpointer = asyncio.get_running_loop().create_task(hub.checkpoints()) \
            if store.engine.dialect.name == "sqlite" else None
        freezer = asyncio.get_running_loop().create_task(hub.freeze_garbage_collector())
        try:
            yield
        finally:
            freezer.cancel()
            if checkpointer is not None:
                checkpointer.cancel()
            await hub.close()
            await asyncio.to_thread(store.checkpoint)
            store.close()

    app = FastAPI(lifespan=lifespan, docs_url=None, redoc_url=None, openapi_url=None)
    app.state.secure_cookies = secure_cookies
    app.state.sessions = {}
    app.state.limiter = auth.RateLimiter(limit=5, window=60.0)
    templates = Jinja2Templates(directory=str(TEMPLATES_DIR))
    app.mount("/static", StaticFiles(directory=str(STATIC_DIR), check_dir=False), name="static")

    # --- helpers -----------------------------------------------------------------------------------------------
    def lang_of(request: Request | WebSocket) -> str:
        return auth.pick_language(request.cookies.get(auth.LANG_COOKIE), request.headers.get("accept-language"))

    async def player_of(request: Request | WebSocket) -> Player | None:
        token = request.cookies.get(auth.SESSION_COOKIE)
        if not token or len(token) > 200:
            return None
        cache: dict[str, tuple[Player, float]] = app.state.sessions
        hit = cache.get(token)
        if hit is not None and hit[1] > time.monotonic():
            return hit[0]
        p = await asyncio.to_thread(app.state.store.session_player, token)
        if p is None:
            cache.pop(token, None)
        else:
            remember(token, p)
        return p

    def remember(token: str, p: Player) -> None:
        """Sessions are looked up once per SESSION_RECHECK seconds, not on every request or websocket."""
        cache: dict[str, tuple[Player, float]] = app.state.sessions
        if len(cache) > 50_000:
            cache.clear()
        cache[token] = (p, time.monotonic() + SESSION_RECHECK)

    def hub() -> Hub:
        h: Hub = app.state.hub
        return h

    def is_secure(request: Request) -> bool:
        return bool(app.state.secure_cookies) or request.url.scheme == "https"

    def csrf_token_for(request: Request) -> tuple[str, bool]:
        tok = request.cookies.get(auth.CSRF_COOKIE)
        if tok and 10 <= len(tok) <= 100:
            return tok, False
        return auth.new_csrf_token(), True

    def set_csrf(request: Request, response: Response, token: str, new: bool) -> None:
        if new:
            response.set_cookie(auth.CSRF_COOKIE, token, max_age=60 * 60 * 24 * 365, samesite="strict",
                                secure=is_secure(request), httponly=False)

    def set_session(request: Request, response: Response, token: str) -> None:
        response.set_cookie(auth.SESSION_COOKIE, token, max_age=60 * 60 * 24 * 30, httponly=True, samesite="lax",
                            secure=is_secure(request))

    def err(request: Request, code: str, msgid: str, status: int, **params: Any) -> JSONResponse:
        return JSONResponse({"error": {"code": code, "message": translate(msgid, lang_of(request), **params)}},
                            status_code=status)

    async def body_json(request: Request) -> dict[str, Any]:
        raw = await request.body()
        if len(raw) > MAX_BODY:
            raise ApiError("bad_request", N_("The request is too large."), 413)
        try:
            data = json.loads(raw or b"{}")
        except (ValueError, UnicodeDecodeError) as exc:
            raise ApiError("bad_request", N_("The request is not valid JSON."), 400) from exc
        if not isinstance(data, dict):
            raise ApiError("bad_request", N_("The request must be a JSON object."), 400)
        return data

    def check_csrf(request: Request, sent: str | None) -> None:
        if not auth.csrf_ok(request.cookies.get(auth.CSRF_COOKIE), sent):
            raise ApiError("csrf", N_("The form has expired or came from elsewhere; please reload the page."), 403)

    async def need_player(request: Request) -> Player:
        p = await player_of(request)
        if p is None:
            raise ApiError("not_logged_in", N_("Please choose a name or log in first."), 401)
        return p

    async def need_table(table_id: str) -> LiveTable:
        t = await hub().get(table_id)
        if t is None:
            raise ApiError("not_found", N_("There is no such table."), 404)
        return t

    def base_url(request: Request | WebSocket) -> str:
        scheme = {"ws": "http", "wss": "https"}.get(request.url.scheme, request.url.scheme)
        return f"{scheme}://{request.headers.get('host', request.url.netloc)}"

    @app.exception_handler(ApiError)
    async def _api_error(request: Request, exc: ApiError) -> JSONResponse:
        return err(request, exc.code, exc.msgid, exc.status, **exc.params)

    @app.exception_handler(TableError)
    async def _table_error(request: Request, exc: TableError) -> JSONResponse:
        return err(request, exc.code, exc.msgid, exc.status, **exc.params)

    # --- games and rules ---------------------------------------------------------------------------------------
    games_cache: dict[tuple[str, str], dict[str, Any]] = {}

    def game_json(info: GameInfo, lang: str) -> dict[str, Any]:
        """A game's lobby entry; cached, because listing presets reads every preset file of the game."""
        key = (info.id, lang)
        if key not in games_cache:
            games_cache[key] = _game_json(info, lang)
        return games_cache[key]

    def _game_json(info: GameInfo, lang: str) -> dict[str, Any]:
        from wuerfel.bots import bot_names

        lib = info.library
        presets = []
        for name in info.rule_sets():
            try:
                res = info.resolve(name)
                presets.append({"id": name, "kind": "overlay" if lib and lib.is_overlay(name) else "preset",
                                "note": res.note, "source": res.source})
            except WuerfelError:
                continue
        return {"id": info.id, "name": info.name(lang), "description": info.description(lang),
                "min_players": info.min_players, "max_players": info.max_players,
                "default_preset": info.default_preset, "presets": presets, "bots": bot_names(info.id),
                "default_bot": info.default_bot if info.default_bot in bot_names(info.id) else "random",
                "has_template": (TEMPLATES_DIR / "games" / f"{info.id}.html").exists()}

    def known_game(game: str) -> GameInfo:
        try:
            return get_game(game)
        except WuerfelError as exc:
            raise ApiError("unknown_game", exc.msgid, 404, **exc.params) from exc

    def resolve_rules(info: GameInfo, preset: Any, overrides: Any) -> tuple[str, dict[str, Any]]:
        """Preset + overrides (dotted keys or a nested partial tree) → (rules id, resolved option tree)."""
        if preset is not None and not isinstance(preset, str):
            raise ApiError("bad_request", N_("'preset' must be the id of a rule set."), 422)
        if preset is not None and preset not in info.rule_sets():
            raise ApiError("invalid_rules", N_("Unknown rule set '{name}'. Known: {known}"), 422,
                           name=preset[:60], known=", ".join(info.rule_sets()))
        if overrides is not None and not isinstance(overrides, dict):
            raise ApiError("bad_request", N_("'overrides' must be an object of options."), 422)
        try:
            resolved = info.resolve(preset)
            data = resolved.data
            rules_id = resolved.id
            if overrides:
                for key, value in overrides.items():
                    data = set_dotted(data, key, value)
                rules_id += "+custom"
            rules = info.rules_from_dict(data)
        except WuerfelError as exc:
            raise ApiError("invalid_rules", exc.msgid, 422, **exc.params) from exc
        except (TypeError, ValueError, AttributeError) as exc:
            raise ApiError("invalid_rules", N_("Invalid rules: {reason}"), 422, reason=str(exc)[:200]) from exc
        return rules_id, options_to_dict(rules)

    @app.get("/healthz")
    async def healthz() -> dict[str, Any]:
        return {"ok": True, "protocol": PROTOCOL_VERSION}

    @app.get("/api/games")
    async def api_games(request: Request) -> dict[str, Any]:
        lang = lang_of(request)
        return {"games": [game_json(g, lang) for g in all_games()]}

    @app.get("/api/games/{game}/options")
    async def api_options(request: Request, game: str, preset: str | None = None) -> dict[str, Any]:
        info = known_game(game)
        rules_id, data = resolve_rules(info, preset, None)
        lang = lang_of(request)
        rules = info.rules_from_dict(data)
        return {"game": info.id, "preset": rules_id, "options": [
            {"key": o.key, "type": o.type, "choices": list(o.choices), "default": o.default, "value": o.value,
             "description": o.en if lang == "en" else o.de, "de": o.de, "en": o.en}
            for o in describe_options(rules)]}

    @app.post("/api/games/{game}/validate")
    async def api_validate(request: Request, game: str) -> dict[str, Any]:
        check_csrf(request, request.headers.get(auth.CSRF_HEADER))
        data = await body_json(request)
        info = known_game(game)
        rules_id, rules = resolve_rules(info, data.get("preset"), data.get("overrides"))
        return {"ok": True, "rules_id": rules_id, "rules": rules}

    @app.get("/api/i18n")
    async def api_i18n(request: Request) -> dict[str, Any]:
        lang = lang_of(request)
        return {"lang": lang, "messages": catalog(lang)}

    # --- sessions ----------------------------------------------------------------------------------------------
    @app.get("/api/session")
    async def api_session(request: Request) -> JSONResponse:
        token, new = csrf_token_for(request)
        p = await player_of(request)
        resp = JSONResponse({"player": p.to_json() if p else None, "lang": lang_of(request), "csrf_token": token})
        set_csrf(request, resp, token, new)
        return resp

    async def do_guest(name: Any) -> tuple[Player, str]:
        clean = auth.clean_name(name)
        if clean is None:
            raise ApiError("bad_name", N_("A name has 1 to {n} characters."), 422, n=auth.MAX_NAME)
        store: Store = app.state.store
        p = await asyncio.to_thread(store.create_player, clean, None)
        return p, await asyncio.to_thread(store.create_session, p.id)

    async def do_register(name: Any, password: Any) -> tuple[Player, str]:
        clean = auth.clean_name(name)
        if clean is None:
            raise ApiError("bad_name", N_("A name has 1 to {n} characters."), 422, n=auth.MAX_NAME)
        if not isinstance(password, str) or not auth.MIN_PASSWORD <= len(password) <= auth.MAX_PASSWORD:
            raise ApiError("bad_password", N_("A password has at least {n} characters."), 422, n=auth.MIN_PASSWORD)
        store: Store = app.state.store
        pw_hash = await asyncio.to_thread(auth.hash_password, password)
        try:
            p = await asyncio.to_thread(store.create_player, clean, pw_hash)
        except NameTaken as exc:
            raise ApiError("name_taken", N_("The name '{name}' is already registered."), 409, name=clean) from exc
        return p, await asyncio.to_thread(store.create_session, p.id)

    async def do_login(request: Request, name: Any, password: Any) -> tuple[Player, str]:
        if not isinstance(name, str) or not isinstance(password, str) or len(password) > auth.MAX_PASSWORD:
            raise ApiError("bad_credentials", N_("Wrong name or password."), 401)
        key = f"{name.casefold()[:64]}|{request.client.host if request.client else ''}"
        limiter: auth.RateLimiter = app.state.limiter
        if limiter.blocked(key):
            raise ApiError("rate_limited", N_("Too many failed logins. Please wait a minute and try again."), 429)
        store: Store = app.state.store
        found = await asyncio.to_thread(store.find_registered, name.strip())
        ok, rehash = await asyncio.to_thread(auth.verify_password, found[1] if found else None, password)
        if not found or not ok:
            limiter.fail(key)
            raise ApiError("bad_credentials", N_("Wrong name or password."), 401)
        limiter.reset(key)
        p = found[0]
        if rehash:
            await asyncio.to_thread(store.set_password_hash, p.id, auth.hash_password(password))
        return p, await asyncio.to_thread(store.create_session, p.id)

    def logged_in(request: Request, p: Player, token: str) -> JSONResponse:
        resp = JSONResponse({"player": p.to_json()})
        set_session(request, resp, token)
        remember(token, p)
        return resp

    @app.post("/api/guest")
    async def api_guest(request: Request) -> JSONResponse:
        check_csrf(request, request.headers.get(auth.CSRF_HEADER))
        data = await body_json(request)
        return logged_in(request, *await do_guest(data.get("name")))

    @app.post("/api/register")
    async def api_register(request: Request) -> JSONResponse:
        check_csrf(request, request.headers.get(auth.CSRF_HEADER))
        data = await body_json(request)
        return logged_in(request, *await do_register(data.get("name"), data.get("password")))

    @app.post("/api/login")
    async def api_login(request: Request) -> JSONResponse:
        check_csrf(request, request.headers.get(auth.CSRF_HEADER))
        data = await body_json(request)
        return logged_in(request, *await do_login(request, data.get("name"), data.get("password")))

    async def do_logout(request: Request, resp: Response) -> None:
        token = request.cookies.get(auth.SESSION_COOKIE)
        if token:
            app.state.sessions.pop(token, None)
            await asyncio.to_thread(app.state.store.delete_session, token)
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
            raise ApiError("bad_request", N_("Unknown language; choose one of: {known}"), 422,
                           known=", ".join(LANGUAGES))
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

    # --- tables ------------------------------------------------------------------------------------------------
    @app.get("/api/tables")
    async def api_tables(request: Request) -> dict[str, Any]:
        rows = await asyncio.to_thread(app.state.store.list_tables, ("open", "playing"))
        base = base_url(request)
        out = []
        known = {g.id for g in all_games()}
        for r in rows:
            t = hub().tables.get(r.id)
            if t is not None:
                out.append(t.summary(base))
            elif r.game in known:
                out.append(LiveTable(hub(), r).summary(base))
        return {"tables": out}

    @app.post("/api/tables", status_code=201)
    async def api_create(request: Request) -> dict[str, Any]:
        check_csrf(request, request.headers.get(auth.CSRF_HEADER))
        p = await need_player(request)
        data = await body_json(request)
        info = known_game(str(data.get("game", ""))[:64])
        rules_id, rules = resolve_rules(info, data.get("preset"), data.get("overrides"))
        n = data.get("seats", info.min_players)
        if isinstance(n, bool) or not isinstance(n, int):
            raise ApiError("bad_request", N_("'{field}' must be a whole number."), 422, field="seats")
        try:
            info.new_game(info.rules_from_dict(rules), n)
        except WuerfelError as exc:
            raise ApiError("bad_request", exc.msgid, 422, **exc.params) from exc
        flags = {}
        for k in ("scorekeeper", "private", "sit"):
            v = data.get(k, k == "sit")
            if not isinstance(v, bool):
                raise ApiError("bad_request", N_("'{field}' must be true or false."), 422, field=k)
            flags[k] = v
        bots_in = data.get("bots") or {}
        if not isinstance(bots_in, dict):
            raise ApiError("bad_request", N_("'bots' must map seats to bot names."), 422)
        from wuerfel.bots import bot_names

        bots: dict[int, str] = {}
        for k, v in bots_in.items():
            try:
                s = int(k)
            except (TypeError, ValueError):
                s = -1
            if not 0 <= s < n:
                raise ApiError("bad_seat", N_("There is no seat {seat} at this table."), 422, seat=str(k)[:10])
            if not isinstance(v, str) or v not in bot_names(info.id):
                raise ApiError("bad_request", N_("Unknown bot '{name}'. Known: {known}"), 422, name=str(v)[:40],
                               known=", ".join(bot_names(info.id)))
            bots[s] = v
        t = await hub().create(info, rules_id, rules, n, flags["scorekeeper"], flags["private"], p, bots,
                               flags["sit"])
        return t.summary(base_url(request))

    @app.get("/api/tables/{table_id}")
    async def api_table(request: Request, table_id: str) -> dict[str, Any]:
        return (await need_table(table_id)).summary(base_url(request))

    async def seat_call(request: Request, table_id: str, what: str) -> dict[str, Any]:
        check_csrf(request, request.headers.get(auth.CSRF_HEADER))
        p = await need_player(request)
        data = await body_json(request) if what != "start" else {}
        t = await need_table(table_id)
        if what == "sit":
            await t.sit(p, data.get("seat"))
        elif what == "leave":
            await t.leave_seat(p, data.get("seat"))
        elif what == "bot":
            await t.set_bot(p, data.get("seat"), data.get("bot"))
        else:
            await t.start(p)
        return t.summary(base_url(request))

    @app.post("/api/tables/{table_id}/sit")
    async def api_sit(request: Request, table_id: str) -> dict[str, Any]:
        return await seat_call(request, table_id, "sit")

    @app.post("/api/tables/{table_id}/leave")
    async def api_leave(request: Request, table_id: str) -> dict[str, Any]:
        return await seat_call(request, table_id, "leave")

    @app.post("/api/tables/{table_id}/bot")
    async def api_bot(request: Request, table_id: str) -> dict[str, Any]:
        return await seat_call(request, table_id, "bot")

    @app.post("/api/tables/{table_id}/start")
    async def api_start(request: Request, table_id: str) -> dict[str, Any]:
        return await seat_call(request, table_id, "start")

    async def finished_table(table_id: str) -> LiveTable:
        t = await need_table(table_id)
        if t.row.status != "finished" or t.match is None:
            raise ApiError("not_finished", N_("The game is not finished yet."), 409)
        return t

    @app.get("/api/tables/{table_id}/record")
    async def api_record(table_id: str) -> dict[str, Any]:
        t = await finished_table(table_id)
        assert t.match is not None
        return t.match.record.to_json()

    @app.get("/api/tables/{table_id}/replay")
    async def api_replay(request: Request, table_id: str) -> dict[str, Any]:
        t = await finished_table(table_id)
        assert t.match is not None
        lang = lang_of(request)
        steps = []
        cache: dict[Any, Any] = {}
        for i, st in enumerate([*t.before, t.match.state]):
            steps.append({"index": i, "seq": i, "event": t._event_json(i - 1, None, lang, cache) if i else None,
                          "view": st.view(None)})
        return {"table": t.summary(base_url(request)), "steps": steps}

    # --- websocket ---------------------------------------------------------------------------------------------
    @app.websocket("/ws/table/{table_id}")
    async def ws_table(ws: WebSocket, table_id: str) -> None:
        origin = ws.headers.get("origin")
        if origin and urlsplit(origin).netloc != ws.headers.get("host"):
            await ws.close(code=1008)
            return
        t = await hub().get(table_id)
        if t is None:
            await ws.close(code=4404)
            return
        p = await player_of(ws)
        lang = lang_of(ws)
        q = ws.query_params

        def as_int(v: str | None) -> int | None:
            try:
                return int(v) if v is not None else None
            except ValueError:
                return None

        await ws.accept()
        conn = Conn(ws, p, lang, as_int(q.get("seat")), as_int(q.get("since")), base_url(ws))
        await t.join(conn)
        try:
            while True:
                msg = await ws.receive()
                if msg["type"] == "websocket.disconnect":
                    break
                data = msg.get("text")
                if data is None:
                    data = msg.get("bytes") or b""
                await t.handle(conn, data)
        except (WebSocketDisconnect, RuntimeError):
            pass
        finally:
            t.leave(conn)

    # --- HTML pages --------------------------------------------------------------------------------------------
    async def page(request: Request, template: str, status: int = 200, **ctx: Any) -> Response:
        lang = lang_of(request)
        token, new = csrf_token_for(request)
        p = await player_of(request)

        def _(msgid: str, **params: Any) -> str:
            return translate(msgid, lang, **params)

        context = {"lang": lang, "_": _, "csrf_token": token, "player": p.to_json() if p else None,
                   "protocol_version": PROTOCOL_VERSION, **ctx}
        if not (TEMPLATES_DIR / template).exists():
            resp: Response = JSONResponse({"error": {"code": "no_template",
                                                     "message": f"template {template} missing"}}, status_code=500)
        else:
            resp = templates.TemplateResponse(request, template, context, status_code=status)
        set_csrf(request, resp, token, new)
        return resp

    @app.get("/")
    async def lobby(request: Request) -> Response:
        lang = lang_of(request)
        tables = await api_tables(request)
        return await page(request, "lobby.html", games=[game_json(g, lang) for g in all_games()],
                          tables=tables["tables"])

    @app.get("/login")
    async def login_page(request: Request, next: str = "/") -> Response:
        return await page(request, "login.html", next=local_next(next), error=None, name="")

    @app.get("/table/{table_id}")
    async def table_page(request: Request, table_id: str) -> Response:
        t = await hub().get(table_id)
        if t is None:
            return await page(request, "lobby.html", 404, games=[], tables=[],
                              error=translate(N_("There is no such table."), lang_of(request)))
        if await player_of(request) is None:
            return await page(request, "login.html", next=f"/table/{table_id}", error=None, name="")
        gt = f"games/{t.row.game}.html"
        return await page(request, "table.html", table=t.summary(base_url(request)),
                          ws_url=f"/ws/table/{table_id}", game=game_json(t.info, lang_of(request)),
                          game_template=gt if (TEMPLATES_DIR / gt).exists() else None)

    @app.get("/replay/{table_id}")
    async def replay_page(request: Request, table_id: str) -> Response:
        t = await hub().get(table_id)
        if t is None:
            return await page(request, "lobby.html", 404, games=[], tables=[],
                              error=translate(N_("There is no such table."), lang_of(request)))
        return await page(request, "replay.html", table=t.summary(base_url(request)),
                          game=game_json(t.info, lang_of(request)))

    async def form(request: Request) -> dict[str, str]:
        raw = await request.body()
        if len(raw) > MAX_BODY:
            return {}
        from urllib.parse import parse_qsl

        try:
            return dict(parse_qsl(raw.decode("utf-8"), keep_blank_values=True))
        except UnicodeDecodeError:
            return {}

    async def form_post(request: Request, what: str) -> Response:
        f = await form(request)
        nxt = local_next(f.get("next", "/"))
        try:
            check_csrf(request, f.get("csrf_token"))
            if what == "logout":
                resp: Response = RedirectResponse(nxt, status_code=303)
                await do_logout(request, resp)
                return resp
            if what == "guest":
                p, token = await do_guest(f.get("name"))
            elif what == "register":
                p, token = await do_register(f.get("name"), f.get("password"))
            else:
                p, token = await do_login(request, f.get("name"), f.get("password"))
        except ApiError as exc:
            return await page(request, "login.html", exc.status, next=nxt, name=f.get("name", "")[:64],
                              error=translate(exc.msgid, lang_of(request), **exc.params))
        resp = RedirectResponse(nxt, status_code=303)
        set_session(request, resp, token)
        remember(token, p)
        return resp

    @app.post("/guest")
    async def form_guest(request: Request) -> Response:
        return await form_post(request, "guest")

    @app.post("/login")
    async def form_login(request: Request) -> Response:
        return await form_post(request, "login")

    @app.post("/register")
    async def form_register(request: Request) -> Response:
        return await form_post(request, "register")

    @app.post("/logout")
    async def form_logout(request: Request) -> Response:
        return await form_post(request, "logout")

    return app
