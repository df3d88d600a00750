"""The ASGI application: HTML pages, the JSON lobby API and the websocket table protocol (docs/protocol.md).

Game logic lives in :mod:`wuerfel.server.live`, persistence in :mod:`wuerfel.server.store`; this module translates
between HTTP and those, checks sessions and CSRF tokens, and turns every refusal into ``{"error": {code, message}}``
in the requester's language.
"""

from __future__ import annotations

import asyncio
import contextlib
import datetime as dt
import gc
import json
import logging
import math
import os
import secrets
import time
import urllib.parse
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from fastapi import FastAPI, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, RedirectResponse, Response
from fastapi.staticfiles import StaticFiles
from fastapi.templating import Jinja2Templates

from wuerfel.engine.advice import MissingTable
from wuerfel.engine.edges import game_edges
from wuerfel.engine.errors import N_, WuerfelError
from wuerfel.engine.record import GameRecord
from wuerfel.engine.registry import FAMILIES, GameInfo, all_games, get_game
from wuerfel.engine.rules import (
    describe_options,
    flatten_overrides,
    humanize_params,
    option_schema,
    options_to_dict,
    set_dotted,
)
from wuerfel.i18n import LANGUAGES, catalog, plural_forms, translate
from wuerfel.server import auth, background, stale, textcheck
from wuerfel.server.guard import Guard
from wuerfel.server.live import (
    CLOCKS,
    CLOSE_LIMIT,
    CORR_DAYS,
    LIVE_SECONDS,
    ON_EXPIRY,
    PROTOCOL_VERSION,
    THROW_WAIT,
    Conn,
    Hub,
    LiveTable,
    TableError,
    bot_numbers,
    error_json,
)
from wuerfel.server.store import NameTaken, Player, SeatRow, Store
from wuerfel.server.store import now as store_now

log = logging.getLogger("wuerfel.server")

WEB_DIR = Path(__file__).resolve().parent.parent / "web"
TEMPLATES_DIR = WEB_DIR / "templates"
STATIC_DIR = WEB_DIR / "static"
MAX_BODY = 64 * 1024
SESSION_RECHECK = 300.0
LOGIN_FAILS_PER_ACCOUNT = 5
"""Failed logins per account *and* address per minute: the real user, elsewhere, is never locked out."""
LOGIN_FAILS_PER_ACCOUNT_ANYWHERE = 10
"""Failed logins per account from all addresses together within :data:`ACCOUNT_LOCK_WINDOW`; then the account
takes logins only from devices it has logged in from before (M5: with many addresses, nothing but the hash pool
bounded the guesses against one account — 0.3–3.5 million a day)."""
ACCOUNT_LOCK_WINDOW = 15 * 60.0
LOGIN_FAILS_PER_ADDRESS = 20
"""Failed logins per address per minute, whatever the names: a flood of new names is stopped before hashing."""
REGISTRATIONS_PER_ADDRESS = 10
"""New accounts per address per minute (each costs a password hash)."""
SCORE_PLOT_GAMES = 3
"""Finished games (with at least two different final scores) before a profile draws their distribution."""
REFUSAL_SECONDS = 600.0
"""How long the page of a refused login or registration can be reloaded (then it is the plain login page)."""
REFUSALS_KEPT = 2000
"""Most refused forms held at once (the oldest go first): a flood of refusals costs bounded memory."""
REPLAY_PAGE = 100
"""Replay steps per answer (each carries a full view)."""
MY_TABLES = 200
"""Most tables Meine Partien lists (a player with more unfinished games sees the newest)."""
ARCHIVE_PAGE = 20
"""Finished games per page of the archive."""
RECENT_RESULTS = 10
"""The latest results a profile lists."""
MAX_OPEN_TABLES = 5
"""Unstarted tables one player may host at a time (one guest once filled the lobby with 1,500 in 5 s)."""
TABLES_PER_ADDRESS = 30
"""New tables one client address may create within :data:`TABLES_WINDOW` seconds (``WUERFEL_TABLES_PER_ADDRESS``
overrides). The limit of waiting tables is per player, and anybody can be a new guest at any moment: without this, a
script made guest after guest, each with its five tables, and filled the lobby. Generous for a group behind one
address (a pub's wifi): a table is created for a game, not every few seconds."""
TABLES_WINDOW = 10 * 60.0
STALE_KEEP = 1000
"""Most running tables the lobby keeps for their connected players or the reader despite being idle."""
GUESTS_PER_ADDRESS = 30
"""New guests one client address may make within :data:`GUESTS_WINDOW` seconds (``WUERFEL_GUESTS_PER_ADDRESS``
overrides): enough for a group behind one address (a pub's wifi), not for a script making hundreds a second."""
GUESTS_WINDOW = 10 * 60.0
OPEN_TABLE_IDLE = 30 * 60.0
"""Seconds without seating activity after which an unstarted table leaves the lobby and stops counting against its
host's limit (``WUERFEL_OPEN_TABLE_IDLE`` overrides). Measured from the stored ``active_at``."""
"""New accounts per address per minute (each costs a password hash)."""


def hyphenate(text: str, lang: str) -> str:
    """``text`` with soft hyphens in its long words (:mod:`wuerfel.server.hyphen`: remembered on disk, so no page
    waits seconds for pyphen's dictionary after a restart)."""
    from wuerfel.server import hyphen

    return hyphen.hyphenate(text, lang)


def time_left_text(seconds: float, lang: str) -> str:
    """What is left of a move, as Meine Partien says it: to the minute (to the second in the last minute)."""
    s = max(0, int(seconds))
    d, h, m = s // 86400, s % 86400 // 3600, s % 3600 // 60
    if d:
        return translate(N_("{d} d {h} h left"), lang, d=d, h=h)
    if h:
        return translate(N_("{h} h {m} min left"), lang, h=h, m=m)
    if m:
        return translate(N_("{m} min left"), lang, m=m)
    return translate(N_("{s} s left"), lang, s=s)


def clock_scale_from_env() -> float:
    """``WUERFEL_CLOCK_SCALE`` as a positive number (1 when unset or not a positive number)."""
    try:
        v = float(os.environ.get("WUERFEL_CLOCK_SCALE") or 1.0)
    except ValueError:
        return 1.0
    return v if v > 0 else 1.0


ANALYSES_KEPT = 64
"""Post-game analyses kept in memory (each a few kB to a few hundred kB)."""
ANALYSIS_WORKERS = 2
"""Threads that compute post-game analyses (the rest wait their turn)."""


def analyse_lacking(record: GameRecord, lang: str) -> tuple[dict[str, Any], MissingTable | None]:
    """The record's exact analysis and the table its advisor lacked for a better one (``missing_table`` of the
    advisor factory, asked before the analysis: a table that appears meanwhile only costs one more analysis). A game
    without a single decision lacks nothing (issue 24 §4 M3: resigned zero-move games queued builds)."""
    from wuerfel.engine.analysis import analyse_record

    probe = getattr(get_game(record.game).advisor, "missing_table", None)
    lacking = probe(record.make_game()) if probe is not None else None
    doc = analyse_record(record, lang)
    if not doc.get("decisions"):
        lacking = None  # nothing to rate (a game resigned before its first decision): no minutes of build for it
    return doc, lacking


def lacking_status(tables: background.TableBuilder, job: background.Job | None, lang: str) -> dict[str, Any]:
    """What an analysis without its better table says about that table: ``win_chance_pending`` (being built or
    waiting for its turn: ask again) and ``win_chance_status`` (``state``: waiting, running, done — built since this
    answer's analysis began: the next request has the duel analysis — or failed; rough ``eta_seconds`` or None; a
    ``message`` in the asker's language: a failed build is said in words, not left pending)."""
    if job is None:  # too many tables wait already: this one is asked for again with the next request
        return {
            "win_chance_pending": True,
            "win_chance_status": {
                "state": "waiting",
                "eta_seconds": None,
                "message": translate(WIN_CHANCE_COMPUTING, lang),
            },
        }
    if job.state == "failed":
        return {
            "win_chance_pending": False,
            "win_chance_status": {
                "state": "failed",
                "eta_seconds": None,
                "message": translate(WIN_CHANCE_FAILED, lang),
            },
        }
    eta = tables.eta(job)
    message = (
        translate(WIN_CHANCE_COMPUTING_ETA, lang, minutes=max(1, math.ceil(eta / 60)))
        if eta
        else translate(WIN_CHANCE_COMPUTING, lang)
    )
    return {
        "win_chance_pending": True,
        "win_chance_status": {
            "state": job.state,
            "eta_seconds": round(eta) if eta is not None else None,
            "message": message,
        },
    }


WIN_CHANCE_COMPUTING = N_("Win chances are being computed …")
WIN_CHANCE_COMPUTING_ETA = N_("Win chances are being computed … (about {minutes} min)")
WIN_CHANCE_FAILED = N_("The exact win chances could not be computed; the analysis rates each turn on its own.")


class ApiError(Exception):
    def __init__(self, code: str, msgid: str, status: int = 400, **params: Any) -> None:
        super().__init__(msgid)
        self.code, self.msgid, self.status, self.params = code, msgid, status, params


def format_number(x: float, lang: str, digits: int = 1, sign: bool = False) -> str:
    """A rating or a mean as the page's language writes it: a decimal comma in German (the pages' own numbers,
    as the analysis panel's toLocaleString; "-0.3 → -1.3" on a German page read as English), a true minus sign."""
    text = f"{x:+.{digits}f}" if sign else f"{x:.{digits}f}"
    if lang == "de":
        text = text.replace(".", ",")
    return text.replace("-", "−")


def create_app(
    db_url: str | None = None,
    bot_delay: float = 0.6,
    secure_cookies: bool = False,
    synchronous: str = "NORMAL",
    throw_wait: float = THROW_WAIT,
    clock_scale: float | None = None,
) -> FastAPI:
    """Build the app; the database is opened and migrated at startup, unfinished tables resume in the background.

    ``clock_scale`` multiplies every table clock's limit (None: ``WUERFEL_CLOCK_SCALE``, else 1): the test-speed
    clock, with which a browser test lets a 30-second move run out in a fraction of a second."""
    scale = clock_scale if clock_scale is not None else clock_scale_from_env()

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        store = await asyncio.to_thread(Store.open, db_url, synchronous)
        hub = Hub(store, bot_delay=bot_delay, throw_wait=throw_wait, clock_scale=scale)
        app.state.store = store
        app.state.hub = hub
        # Unfinished tables are loaded in the background: the server listens at once however long their logs are.
        resumer = asyncio.get_running_loop().create_task(hub.resume_all())
        # Everything loaded so far (modules, presets, solver tables) lives as long as the server: keep it out of the
        # cyclic collector, so full collections stay short and do not show up as latency spikes.
        gc.collect()
        gc.freeze()
        freezer = asyncio.get_running_loop().create_task(hub.freeze_garbage_collector())
        sweeper = asyncio.get_running_loop().create_task(hub.sweep_forever())
        ender = asyncio.get_running_loop().create_task(stale.end_abandoned_forever(hub))
        try:
            yield
        finally:
            ender.cancel()
            sweeper.cancel()
            freezer.cancel()
            resumer.cancel()
            await hub.close()
            await asyncio.to_thread(store.checkpoint)
            store.close()

    app = FastAPI(lifespan=lifespan, docs_url=None, redoc_url=None, openapi_url=None)
    app.state.secure_cookies = secure_cookies
    app.state.sessions = {}
    app.state.limiter = auth.RateLimiter(limit=LOGIN_FAILS_PER_ACCOUNT, window=60.0)
    app.state.hashing = 0
    open_idle = float(os.environ.get("WUERFEL_OPEN_TABLE_IDLE") or OPEN_TABLE_IDLE)
    running_idle = stale.running_idle()
    table_limiter = auth.RateLimiter(
        limit=int(os.environ.get("WUERFEL_TABLES_PER_ADDRESS") or TABLES_PER_ADDRESS), window=TABLES_WINDOW
    )
    account_limiter = auth.RateLimiter(limit=LOGIN_FAILS_PER_ACCOUNT_ANYWHERE, window=ACCOUNT_LOCK_WINDOW)
    hash_bucket = auth.TokenBucket(
        float(os.environ.get("WUERFEL_HASHES_PER_SECOND") or auth.HASHES_PER_SECOND), auth.HASH_BURST
    )
    guest_limiter = auth.RateLimiter(
        limit=int(os.environ.get("WUERFEL_GUESTS_PER_ADDRESS") or GUESTS_PER_ADDRESS), window=GUESTS_WINDOW
    )
    app.add_middleware(Guard, max_body=MAX_BODY)
    templates = Jinja2Templates(directory=str(TEMPLATES_DIR))
    app.mount("/static", StaticFiles(directory=str(STATIC_DIR), check_dir=False), name="static")

    # --- helpers -----------------------------------------------------------------------------------------------
    def lang_of(request: Request | WebSocket) -> str:
        return auth.pick_language(request.cookies.get(auth.LANG_COOKIE), request.headers.get("accept-language"))

    def image_lang(request: Request, lang: str) -> str:
        """The language of an image with words in it (a plot's axes). The page puts its language into the image's
        address: the browser caches the image by address, so without it a plot drawn in German is still shown on
        the English page after the language switch."""
        return lang if lang in LANGUAGES else lang_of(request)

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
            auth.SESSION_COOKIE,
            token,
            max_age=60 * 60 * 24 * 30,
            httponly=True,
            samesite="lax",
            secure=is_secure(request),
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
        session = session_token(request)
        expected = auth.csrf_for_session(session) if session else request.cookies.get(auth.CSRF_COOKIE)
        if not auth.csrf_ok(expected, sent):
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

    async def seen_table(table_id: str) -> LiveTable:
        """:func:`need_table` for reading only: a finished table is served from its log and not kept (Hub.peek)."""
        t = await hub().peek(table_id)
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

    @app.exception_handler(RequestValidationError)
    async def _validation_error(request: Request, exc: RequestValidationError) -> JSONResponse:
        # FastAPI's own {"detail": [...]} is not our error format and not translated.
        fields = ", ".join(str(e.get("loc", ["?"])[-1]) for e in exc.errors())[:100]
        return err(request, "bad_request", N_("Invalid value for: {fields}"), 422, fields=fields)

    @app.exception_handler(Exception)
    async def _internal_error(request: Request, exc: Exception) -> JSONResponse:
        # A bug must still answer in the documented error format (and the user's language), never plain text.
        log.error("unhandled error in %s %s", request.method, request.url.path, exc_info=exc)
        return err(request, "internal_error", N_("Something went wrong on the server. Please try again."), 500)

    # --- games and rules ---------------------------------------------------------------------------------------
    games_cache: dict[tuple[str, str], dict[str, Any]] = {}
    counts_cache: dict[tuple[str, str], list[int]] = {}

    def player_counts(info: GameInfo, name: str, data: Any) -> list[int]:
        """The seat counts a rule set allows (the same in every language, so worked out once)."""
        key = (info.id, name)
        if key not in counts_cache:
            counts_cache[key] = info.player_counts(info.rules_from_dict(data))
        return counts_cache[key]

    def game_json(info: GameInfo, lang: str) -> dict[str, Any]:
        """A game's lobby entry; cached, because listing presets reads every preset file of the game."""
        key = (info.id, lang)
        if key not in games_cache:
            games_cache[key] = _game_json(info, lang)
        return games_cache[key]

    def _game_json(info: GameInfo, lang: str) -> dict[str, Any]:
        from wuerfel.bots import bot_label, bot_names

        lib = info.library
        presets = []
        for name in info.public_rule_sets():  # internal rule sets (kept for tests) are never offered
            try:
                res = info.resolve(name)
                presets.append(
                    {
                        "id": name,
                        "kind": "overlay" if lib and lib.is_overlay(name) else "preset",
                        "name": res.name(lang),
                        "note": res.describe(lang),
                        "source": res.source,
                        "players": player_counts(info, name, res.data),
                    }
                )
            except WuerfelError:
                continue
        return {
            "id": info.id,
            "name": info.name(lang),
            "description": info.description(lang),
            "min_players": info.min_players,
            "max_players": info.max_players,
            "default_preset": info.default_preset,
            "presets": presets,
            "bots": bot_names(info.id),
            "bot_labels": {b: bot_label(b, lang) for b in bot_names(info.id)},
            "default_bot": info.default_bot if info.default_bot in bot_names(info.id) else "random",
            "has_template": (TEMPLATES_DIR / "games" / f"{info.id}.html").exists(),
            "faces": info.faces,
            "featured": info.featured,
            "chips": info.chips,
            "decisions": info.decisions,
            "odds": info.odds is not None,
            "bank_edges": info.bank_edges is not None,
            "explains": info.explain is not None,
            "family": info.family,
            # the lobby's search finds a game by its name or description in either language, or an alias
            "search": " ".join(
                (info.id, info.name_de, info.name_en, info.description_de, info.description_en, *info.aliases)
            ).lower(),
            "perfect_information": info.perfect_information,
        }

    def rules_name(game: str, rules_id: str, lang: str) -> str:
        """A table's rules as people read them: the preset's name, "…, angepasst" for edited rules; the id only for
        rules the game does not offer by name (a rule set that is gone)."""
        base = rules_id.removesuffix("+custom")
        try:
            names = {p["id"]: p["name"] for p in game_json(get_game(game), lang)["presets"]}
        except WuerfelError:
            return rules_id
        name = names.get(base, base)
        return translate(N_("{name}, customised"), lang, name=name) if base != rules_id else name

    def known_game(game: str) -> GameInfo:
        try:
            return get_game(game)
        except WuerfelError as exc:
            raise ApiError("unknown_game", exc.msgid, 404, **exc.params) from exc

    def resolve_rules(info: GameInfo, preset: Any, overrides: Any, lang: str = "de") -> tuple[str, dict[str, Any]]:
        """Preset + overrides (dotted keys or a nested partial tree) → (rules id, resolved option tree); a refusal
        names the option as the editor shows it (its name in ``lang``, not its key)."""
        if preset is not None and not isinstance(preset, str):
            raise ApiError("bad_request", N_("'preset' must be the id of a rule set."), 422)
        if preset is not None and preset not in info.rule_sets():
            raise ApiError(
                "invalid_rules",
                N_("Unknown rule set '{name}'. Known: {known}"),
                422,
                name=preset[:60],
                known=", ".join(info.rule_sets()),
            )
        if overrides is not None and not isinstance(overrides, dict):
            raise ApiError("bad_request", N_("'overrides' must be an object of options."), 422)
        try:
            resolved = info.resolve(preset)
            data = resolved.data
            rules_id = resolved.id
            if overrides:
                for key, value in flatten_overrides(info.options_class, overrides):
                    data = set_dotted(data, key, value)
                rules_id += "+custom"
            rules = info.rules_from_dict(data)
        except WuerfelError as exc:
            raise ApiError(
                "invalid_rules", exc.msgid, 422, **humanize_params(info.options_class, exc.params, lang)
            ) from exc
        except (TypeError, ValueError, AttributeError) as exc:
            raise ApiError("invalid_rules", N_("Invalid rules: {reason}"), 422, reason=str(exc)[:200]) from exc
        return rules_id, options_to_dict(rules)

    @app.get("/healthz")
    async def healthz() -> Response:
        """OK only when the database can be written: a server whose commits fail is not healthy, however well it
        still answers pages (503 with the database's error, for monitors and the people reading them)."""
        problem = hub().writer.failing or await asyncio.to_thread(app.state.store.writable)
        if problem:
            return JSONResponse({"ok": False, "protocol": PROTOCOL_VERSION, "database": problem}, status_code=503)
        return JSONResponse({"ok": True, "protocol": PROTOCOL_VERSION})

    @app.get("/api/games")
    async def api_games(request: Request) -> dict[str, Any]:
        lang = lang_of(request)
        return {"games": [game_json(g, lang) for g in all_games()]}

    @app.get("/api/games/{game}/options")
    async def api_options(request: Request, game: str, preset: str | None = None) -> dict[str, Any]:
        info = known_game(game)
        lang = lang_of(request)
        rules_id, data = resolve_rules(info, preset, None, lang)
        rules = info.rules_from_dict(data)
        out: dict[str, Any] = {
            "game": info.id,
            "preset": rules_id,
            "options": [
                {
                    "key": o.key,
                    "type": o.type,
                    "choices": list(o.choices),
                    "default": o.default,
                    "value": o.value,
                    "name": o.name(lang),
                    "section": o.section(lang),
                    "description": o.description(lang),
                    "de": o.de,
                    "en": o.en,
                    "schema": option_schema(info.options_class, o.key, lang),
                }
                for o in describe_options(rules)
            ],
        }
        if info.bank_edges is not None:  # a bank game: its exact edge under these rules (the lobby's rules panel)
            out["bank_edges"] = game_edges(info, rules, lang)
        return out

    @app.post("/api/games/{game}/validate")
    async def api_validate(request: Request, game: str) -> dict[str, Any]:
        check_csrf(request, request.headers.get(auth.CSRF_HEADER))
        data = await body_json(request)
        info = known_game(game)
        lang = lang_of(request)
        rules_id, rules = resolve_rules(info, data.get("preset"), data.get("overrides"), lang)
        out: dict[str, Any] = {"ok": True, "rules_id": rules_id, "rules": rules}
        if info.explain is not None:
            # How to play under exactly these rules (edited house rules included), before the table exists.
            seats = data.get("seats")
            players = (
                seats
                if isinstance(seats, int)
                and not isinstance(seats, bool)
                and info.min_players <= seats <= info.max_players
                else None
            )
            out["explanation"] = await asyncio.to_thread(explanation, info, rules_id, rules, lang, players)
        if info.bank_edges is not None:
            # The bank's exact edge under exactly these rules (a changed payout changes it): the lobby's rules panel.
            out["bank_edges"] = game_edges(info, info.rules_from_dict(rules), lang)
        return out

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
        set_csrf(request, resp, new)
        return resp

    def name_refusal(name: Any) -> None:
        """Refuse a new player name that could fool others (control characters, mixed alphabets: issue 24 L4, L5)
        with a message saying why; the length rule follows in the caller."""
        problem = textcheck.name_problem(name) if isinstance(name, str) else None
        if problem is not None:
            raise ApiError("bad_name", problem, 422)

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
        if not guest_limiter.hit(here):
            raise ApiError(
                "rate_limited",
                N_("Too many new guests from here. Please try again in {minutes} min."),
                429,
                minutes=max(1, math.ceil(guest_limiter.retry_after(here) / 60)),
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
        if app.state.hashing >= auth.HASH_QUEUE or not hash_bucket.take():
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
        if not limiter.hit(f"register|{address(request)}", REGISTRATIONS_PER_ADDRESS):
            raise ApiError("rate_limited", N_("Too many new accounts from here. Please wait a minute."), 429)
        store: Store = app.state.store
        pw_hash = await hashing(auth.hash_password, password)
        current = await player_of(request)
        try:
            if current is not None and not current.registered:
                # A guest registering keeps his player and so his games (issue 16) — but none of his guest
                # sessions (M2): a guest token planted in his browser, or left on a shared computer, would otherwise
                # now be a session of the registered account. He gets exactly one new token.
                p = await asyncio.to_thread(store.register_guest, current.id, clean, pw_hash)
                hub().player_registered(p, current.name)
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
        await asyncio.to_thread(app.state.store.delete_player_sessions, player_id)

    async def new_session(request: Request, p: Player) -> str:
        """A new session token for ``p``; the token this browser brought ends (M2, session fixation): after a
        login or registration, whoever knew the browser's old cookie must not share the new identity."""
        old = session_token(request)
        if old:
            cache: dict[str, tuple[Player, float]] = app.state.sessions
            cache.pop(old, None)
            await asyncio.to_thread(app.state.store.delete_session, old)
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
        if account_limiter.blocked(login):
            if device and len(device) <= 1000:
                found = await asyncio.to_thread(store.find_registered, login)
                known_device = found is not None and auth.device_known(device, found[0].id, found[1])
            if not known_device:
                raise account_locked(account_limiter.retry_after(login))
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
                account_limiter.fail(login)
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
        remember(token, p)
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
            p = await player_of(request)
            cache: dict[str, tuple[Player, float]] = app.state.sessions
            cache.pop(token, None)
            await asyncio.to_thread(app.state.store.delete_session, token)
            if p is not None:
                for other in [k for k, (q, _) in cache.items() if q.id == p.id]:
                    cache.pop(other, None)
                await asyncio.to_thread(app.state.store.delete_player_sessions, p.id)
                if not p.registered:
                    await abandon_seats(p)
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

    async def abandon_seats(p: Player) -> None:
        """A guest who logged out can never come back (no password): each table he sat at handles his seat like an
        expired clock (``LiveTable.abandon``), so no table waits for him for ever."""
        for tid in await asyncio.to_thread(app.state.store.table_ids_of_player, p.id):
            t = await hub().get(tid)
            if t is not None:
                try:
                    await t.abandon(p)
                except TableError:
                    log.warning("the seats of guest %d at table %s could not be handed on", p.id, tid)

    def time_control(data: dict[str, Any]) -> tuple[str, int | None, str]:
        """The time control asked for at creation: (``none``|``live``|``corr``, seconds per move, expiry setting).

        ``clock`` names the kind; ``limit`` the limit in its own unit (seconds for live: 30, 60, 120; days for
        correspondence: 1, 3, 7), ``on_expiry`` ``bot`` (default) or ``forfeit``. Anything else is refused."""
        kind = data.get("clock", "none")
        if kind not in CLOCKS:
            raise ApiError("bad_request", N_("'clock' must be one of: {known}"), 422, known=", ".join(CLOCKS))
        on_expiry = data.get("on_expiry", "bot")
        if on_expiry not in ON_EXPIRY:
            raise ApiError("bad_request", N_("'on_expiry' must be one of: {known}"), 422, known=", ".join(ON_EXPIRY))
        if kind == "none":
            return kind, None, on_expiry
        limit = data.get("limit")
        allowed = LIVE_SECONDS if kind == "live" else CORR_DAYS
        if isinstance(limit, bool) or limit not in allowed:
            raise ApiError(
                "bad_request", N_("'limit' must be one of: {known}"), 422, known=", ".join(map(str, allowed))
            )
        return kind, int(limit) * (1 if kind == "live" else 86400), on_expiry

    # --- tables ------------------------------------------------------------------------------------------------
    def idle_open(status: str, last_active: Any) -> bool:
        """An unstarted table whose seating nobody changed for ``open_idle`` seconds: it leaves the lobby and no
        longer counts against its host's limit. The last change is stored with the table (``active_at``, set on
        creation and by every seat taken, left or given to a bot), so a restart changes nothing about it."""
        if status != "open":
            return False
        return bool(last_active.timestamp() < time.time() - open_idle)

    @app.get("/api/tables")
    async def api_tables(request: Request) -> dict[str, Any]:
        me = await player_of(request)
        # Idle tables leave the lobby in the query, before its limit (issue 24 L1: a thousand abandoned started
        # tables took every place of it): unstarted ones after ``open_idle`` without a seating change, running ones
        # after ``running_idle`` without an event (wuerfel/server/stale.py) — but not while one of their players is
        # connected, and never for the reader's own (the lobby offers them to continue).
        keep = [tid for tid, t in list(hub().tables.items()) if t.row.status == "playing" and t.online()]
        if me is not None:
            keep += await asyncio.to_thread(app.state.store.table_ids_of_player, me.id, ("playing",))
        at = store_now()
        rows = await asyncio.to_thread(
            app.state.store.list_tables,
            ("open", "playing"),
            open_since=at - dt.timedelta(seconds=open_idle),
            alive_since=at - dt.timedelta(seconds=running_idle),
            keep=keep[:STALE_KEEP],
        )
        base = base_url(request)
        out = []
        known = {g.id for g in all_games()}
        for r in rows:
            t = hub().tables.get(r.id)
            if t is not None:
                out.append(t.summary(base))
            elif r.game in known:
                out.append(LiveTable(hub(), r).summary(base))
        for x in out:  # the reader's own seats: his running game is offered to continue, not to watch (web U14)
            x["my_seats"] = [s["seat"] for s in x["seats"] if me is not None and s["player_id"] == me.id]
        return {"tables": out}

    @app.post("/api/tables", status_code=201)
    async def api_create(request: Request) -> dict[str, Any]:
        check_csrf(request, request.headers.get(auth.CSRF_HEADER))
        p = await need_player(request)
        data = await body_json(request)

        async def make() -> tuple[dict[str, Any], bool]:
            return await create_table(request, p, data), True

        out: dict[str, Any] = await within_table_limits(request, p, make)
        return out

    creation_locks = [asyncio.Lock() for _ in range(64)]
    """One lock per player (striped by id): his limit's check and the table it admits are one step."""

    async def within_table_limits(request: Request, p: Player, make: Callable[[], Awaitable[tuple[Any, bool]]]) -> Any:
        """Run ``make`` (a new table: created, or a rematch) within the table limits: at most
        :data:`MAX_OPEN_TABLES` waiting tables per player and :data:`TABLES_PER_ADDRESS` new ones per address.

        ``make`` returns (result, whether a table was made). Rematches went around both limits (issue 24 L3: 40
        tables by rematch chains after one counted creation; ten concurrent rematches left one host ten waiting
        tables, the check having run before any of them existed). So every new table passes here, the check and
        the creation hold the player's lock together, and the address is counted before the table is made
        (concurrent requests cannot all slip through) and taken back when none was."""
        async with creation_locks[p.id % len(creation_locks)]:
            waiting = await asyncio.to_thread(app.state.store.open_tables_of, p.id)
            if sum(not idle_open("open", last) for _, last in waiting) >= MAX_OPEN_TABLES:
                raise ApiError(
                    "too_many_tables",
                    N_(
                        "You already have {n} tables waiting to start. Start one of "
                        "them, or wait until one has been idle for {minutes} minutes."
                    ),
                    429,
                    n=MAX_OPEN_TABLES,
                    minutes=max(1, round(open_idle / 60)),
                )
            from_here = f"tables|{address(request)}"
            if not table_limiter.hit(from_here):
                raise ApiError("too_many_tables", N_("Too many new tables from here. Please wait a few minutes."), 429)
            made = False
            try:
                out, made = await make()
                return out
            finally:
                if not made:
                    table_limiter.undo(from_here)

    async def create_table(request: Request, p: Player, data: dict[str, Any]) -> dict[str, Any]:
        """The table ``data`` asks for, hosted by ``p`` (every check of the request done but the game's own)."""
        info = known_game(str(data.get("game", ""))[:64])
        rules_id, rules = resolve_rules(info, data.get("preset"), data.get("overrides"), lang_of(request))
        n = data.get("seats", info.min_players)
        if isinstance(n, bool) or not isinstance(n, int):
            raise ApiError("bad_request", N_("'{field}' must be a whole number."), 422, field="seats")
        try:
            info.new_game(info.rules_from_dict(rules), n)
        except WuerfelError as exc:
            raise ApiError("bad_request", exc.msgid, 422, **exc.params) from exc
        flags = {}
        for k in ("scorekeeper", "private", "sit", "spectator_chat", "hints", "rated"):
            # A rated table has no hints unless asked for (and then it is refused below).
            v = data.get(k, k == "sit" or (k == "hints" and not data.get("rated")))
            if not isinstance(v, bool):
                raise ApiError("bad_request", N_("'{field}' must be true or false."), 422, field=k)
            flags[k] = v
        if flags["rated"]:
            # Rated: registered players only, no advisor, no hand-entered dice, at least two seats (issue 16).
            if not p.registered:
                raise ApiError("rated_guest", N_("Only registered players can play at a rated table."), 422)
            if flags["hints"]:
                raise ApiError("rated_hints", N_("A rated table has no hints."), 422)
            if flags["scorekeeper"]:
                raise ApiError("rated_scorekeeper", N_("A table with real dice cannot be rated."), 422)
            if n < 2:
                raise ApiError("rated_solo", N_("A rated game needs at least two seats."), 422)
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
                raise ApiError(
                    "bad_request",
                    N_("Unknown bot '{name}'. Known: {known}"),
                    422,
                    name=str(v)[:40],
                    known=", ".join(bot_names(info.id)),
                )
            bots[s] = v
        names = seat_names(data.get("names"), n, bots, flags["scorekeeper"])
        clock, move_seconds, on_expiry = time_control(data)
        t = await hub().create(
            info,
            rules_id,
            rules,
            n,
            flags["scorekeeper"],
            flags["private"],
            p,
            bots,
            flags["sit"],
            names,
            flags["spectator_chat"],
            flags["hints"],
            clock,
            move_seconds,
            on_expiry,
            flags["rated"],
        )
        return t.summary(base_url(request))

    def seat_names(raw: Any, n: int, bots: dict[int, str], scorekeeper: bool) -> dict[int, str]:
        """The names of the people at a real table (scorekeeper): seat → name. The creator's phone holds those
        seats, but the score panel, the move list and the record name the people who throw, each once."""
        if raw is None:
            return {}
        if not isinstance(raw, dict):
            raise ApiError("bad_request", N_("'names' must map seats to names."), 422)
        if raw and not scorekeeper:
            raise ApiError("bad_request", N_("Names for the seats are given only at a table with real dice."), 422)
        out: dict[int, str] = {}
        seen: dict[str, str] = {}
        for k, v in raw.items():
            try:
                s = int(k)
            except (TypeError, ValueError):
                s = -1
            if not 0 <= s < n or s in bots:
                raise ApiError("bad_seat", N_("There is no seat {seat} at this table."), 422, seat=str(k)[:10])
            name = " ".join(v.split()) if isinstance(v, str) else ""
            if textcheck.control_char(name) is not None:
                raise ApiError("bad_request", textcheck.CONTROL_IN_NAME, 422)
            if not 1 <= len(name) <= 32 or not name.isprintable():
                raise ApiError(
                    "bad_request", N_("The name of seat {seat} must have 1 to 32 characters."), 422, seat=s + 1
                )
            if name.casefold() in seen:
                raise ApiError(
                    "bad_request", N_("Two seats are called {name}: give everyone their own name."), 422, name=name
                )
            seen[name.casefold()] = name
            out[s] = name
        return out

    async def my_tables(request: Request, p: Player) -> list[dict[str, Any]]:
        """The player's unfinished tables, those waiting for him first, then newest first (the store's order)."""
        ids = await asyncio.to_thread(app.state.store.table_ids_of_player, p.id)
        out = []
        base = base_url(request)
        for tid in ids[:MY_TABLES]:
            t = await hub().peek(tid)
            if t is None:
                continue
            s = t.summary(base)
            s["your_turn"] = t.waits_for(p)
            # Protocol 6: seconds until the running move's time runs out (None: no clock runs now).
            at = s.get("deadline_at")
            s["time_left"] = round(max(0.0, at - time.time()), 3) if at is not None else None
            out.append(s)
        # "Du bist am Zug" first, the most urgent of those first; the others newest first (stable sort).
        out.sort(
            key=lambda s: (
                not s["your_turn"],
                s["time_left"] if s["your_turn"] and s["time_left"] is not None else math.inf,
            )
        )
        return out

    @app.get("/api/my-tables")
    async def api_my_tables(request: Request) -> dict[str, Any]:
        return {"tables": await my_tables(request, await need_player(request))}

    @app.get("/api/tables/{table_id}")
    async def api_table(request: Request, table_id: str) -> dict[str, Any]:
        return (await seen_table(table_id)).summary(base_url(request))

    def odds_json(info: GameInfo, rules_id: str, data: dict[str, Any], lang: str) -> dict[str, Any]:
        """The exact class probabilities of one throw under these rules (``wuerfel odds``' document); 404 for a
        game that classifies no throw."""
        from wuerfel.engine.odds import odds_document

        if info.odds is None:
            raise ApiError(
                "no_odds", N_("{game} does not classify a throw; no odds to show."), 404, game=info.name(lang)
            )
        return odds_document(info.id, rules_id, info.odds(info.rules_from_dict(data)), lang)

    def explanation(
        info: GameInfo, rules_id: str, data: dict[str, Any], lang: str, players: int | None
    ) -> dict[str, Any]:
        from wuerfel.engine.explain import explanation_json

        if info.explain is None:
            raise ApiError("no_explanation", N_("{game} cannot explain itself yet."), 404, game=info.name(lang))
        if players is not None and not info.min_players <= players <= info.max_players:
            raise ApiError(
                "bad_request",
                N_("{game} is played by {lo} to {hi} players."),
                422,
                game=info.name(lang),
                lo=info.min_players,
                hi=info.max_players,
            )
        return explanation_json(info, info.rules_from_dict(data), rules_id, lang, players)

    @app.get("/api/games/{game}/rules")
    async def api_game_rules(
        request: Request, game: str, rules: str | None = None, lang: str | None = None, players: int | None = None
    ) -> dict[str, Any]:
        """How to play, written from the rule set asked for (the lobby before a table is created):
        ``{"game", "rules", "lang", "players", "sections": [{"key", "title", "text"}]}``."""
        info = known_game(game)
        lang = lang if lang in LANGUAGES else lang_of(request)
        rules_id, data = resolve_rules(info, rules, None, lang)
        return await asyncio.to_thread(explanation, info, rules_id, data, lang, players)

    @app.get("/api/tables/{table_id}/rules")
    async def api_table_rules(request: Request, table_id: str, lang: str | None = None) -> dict[str, Any]:
        """How to play at this table: its own rules (edited ones included) and its number of seats."""
        t = await need_table(table_id)
        lang = lang if lang in LANGUAGES else lang_of(request)
        return await asyncio.to_thread(explanation, t.info, t.row.rules_id, t.row.rules, lang, t.row.num_seats)

    @app.get("/api/games/{game}/odds")
    async def api_game_odds(request: Request, game: str, preset: str | None = None) -> dict[str, Any]:
        info = known_game(game)
        lang = lang_of(request)
        rules_id, data = resolve_rules(info, preset, None, lang)
        return await asyncio.to_thread(odds_json, info, rules_id, data, lang)

    def table_edges(info: GameInfo, data: dict[str, Any], lang: str) -> list[dict[str, Any]] | None:
        """The bank's exact edge under a table's own rules (the table page's rules panel); None without a bank."""
        if info.bank_edges is None:
            return None
        return game_edges(info, info.rules_from_dict(data), lang)

    @app.get("/api/tables/{table_id}/edges")
    async def api_table_edges(request: Request, table_id: str) -> dict[str, Any]:
        """The bank's exact edge per chip staked under the table's own rules (edited rules included), as the table
        page's rules panel shows it; ``bank_edges`` is null for a game without a bank."""
        t = await need_table(table_id)
        lang = lang_of(request)
        return {
            "game": t.info.id,
            "rules": t.row.rules_id,
            "bank_edges": await asyncio.to_thread(table_edges, t.info, t.row.rules, lang),
        }

    @app.get("/api/tables/{table_id}/odds")
    async def api_table_odds(request: Request, table_id: str) -> dict[str, Any]:
        """The odds under the table's own rules (edited rules included): what the table page's
        "Wahrscheinlichkeiten" panel shows beside the game."""
        t = await need_table(table_id)
        return await asyncio.to_thread(odds_json, t.info, t.row.rules_id, t.row.rules, lang_of(request))

    async def seat_call(request: Request, table_id: str, what: str) -> dict[str, Any]:
        check_csrf(request, request.headers.get(auth.CSRF_HEADER))
        p = await need_player(request)
        data = await body_json(request) if what != "start" or await request.body() else {}
        t = await need_table(table_id)
        t.note_address(p, address(request))  # builds for the table count for its host's address (issue 24 H2)
        if what == "sit":
            await t.sit(p, data.get("seat"), data.get("seed"))
        elif what == "leave":
            await t.leave_seat(p, data.get("seat"))
        elif what == "bot":
            await t.set_bot(p, data.get("seat"), data.get("bot"))
        elif what == "resign":
            await t.resign(p, data.get("seat"))
        else:
            await t.start(p, data.get("seed"))
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

    @app.post("/api/tables/{table_id}/rematch")
    async def api_rematch(request: Request, table_id: str) -> dict[str, Any]:
        """The rematch of a finished table (made on the first request, the same one on every later request)."""
        check_csrf(request, request.headers.get(auth.CSRF_HEADER))
        p = await need_player(request)
        t = await need_table(table_id)

        async def make() -> tuple[str, bool]:
            # Whoever asks second gets the first one's rematch: only a table hosted by the asker is new.
            asked = t.row.rematch is None
            new_id = await t.rematch(p)
            made = asked and (await need_table(new_id)).row.host_id == p.id
            return new_id, made

        if t.row.rematch is None:
            new_id = await within_table_limits(request, p, make)
        else:
            new_id = await t.rematch(p)
        return (await need_table(new_id)).summary(base_url(request))

    @app.post("/api/tables/{table_id}/resign")
    async def api_resign(request: Request, table_id: str) -> dict[str, Any]:
        return await seat_call(request, table_id, "resign")

    @app.post("/api/tables/{table_id}/mute")
    async def api_mute(request: Request, table_id: str) -> dict[str, Any]:
        """The host mutes a spectator in the chat, or lets him write again (``{"player_id": n, "muted": bool}``)."""
        check_csrf(request, request.headers.get(auth.CSRF_HEADER))
        p = await need_player(request)
        data = await body_json(request)
        t = await need_table(table_id)
        await t.mute(p, data.get("player_id"), data.get("muted"))
        return t.summary(base_url(request))

    @app.post("/api/tables/{table_id}/start")
    async def api_start(request: Request, table_id: str) -> dict[str, Any]:
        return await seat_call(request, table_id, "start")

    async def finished_table(table_id: str) -> LiveTable:
        t = await seen_table(table_id)
        if t.row.status != "finished" or t.match is None:
            raise ApiError("not_finished", N_("The game is not finished yet."), 409)
        return t

    @app.get("/api/tables/{table_id}/record")
    async def api_record(request: Request, table_id: str) -> dict[str, Any]:
        """The record as the asker may see it: his seats' own secrets included, the rest as the table saw it (a
        throw never uncovered stays under the cup, for everybody else for ever)."""
        t = await finished_table(table_id)
        assert t.match is not None
        return t.record().seen_by(t.seats_of(await player_of(request))).to_json()

    # --- provably fair dice (issue 16): the replay page's check and a player's dice statistics ----------------
    @app.get("/api/tables/{table_id}/verify")
    async def api_verify(request: Request, table_id: str) -> dict[str, Any]:
        """The check ``wuerfel verify`` makes, run by the server on the record as the asker may download it (what
        the replay page shows as "alle Würfe geprüft"). A sceptic runs the command on the downloaded record."""
        from wuerfel.engine.fairdice import verify_record

        t = await finished_table(table_id)
        assert t.match is not None
        record = t.record().seen_by(t.seats_of(await player_of(request)))
        lang = lang_of(request)
        out = (await asyncio.to_thread(verify_record, record)).to_json()
        for f in out["failures"]:
            f["message"] = translate(f["msgid"], lang, **f["params"])
        return out

    @app.get("/api/players/{name}/dice")
    async def api_player_dice(request: Request, name: str) -> dict[str, Any]:
        """A registered player's dice against fair dice: per die kind the count of every face over the throws made
        for his seats in his finished games (shown throws with a proof only), and a chi-square goodness-of-fit test.
        Public, like the records it is computed from."""
        from wuerfel.engine.fairdice import dice_statistics

        store: Store = app.state.store
        found = await asyncio.to_thread(store.find_registered, name[:64])
        if found is None:
            raise ApiError("no_player", N_("There is no registered player called '{name}'."), 404, name=name[:64])
        who = found[0]

        def compute() -> dict[str, Any]:
            logs = store.finished_logs_of(who.id)
            return dice_statistics([(seats, log.events) for seats, log in logs])

        return {"player": who.name, **await asyncio.to_thread(compute)}

    def replay_steps(t: LiveTable, start: int, count: int, lang: str) -> list[dict[str, Any]]:
        """Steps ``start`` … ``start + count - 1`` of a finished table's replay, as the public sees them."""
        assert t.match is not None
        states = [*t.before, t.match.state]
        steps = []
        cache: dict[Any, Any] = {}
        for i in range(start, min(len(states), start + count)):
            event = t._event_json(i - 1, None, lang, cache, uncovered=False) if i else None
            if i and event is None:  # a step the public was not told about still is a step of the replay
                event = {"seq": i, "type": "action", "player": None, "data": None, "hidden": True, "label": ""}
            steps.append(
                {
                    "index": i,
                    "seq": i,
                    "event": event,
                    "view": states[i].view(None),
                    "lower_is_better": states[i].lower_is_better(),
                    "components": t._components(states[i], None, lang),
                }
            )
        return steps

    @app.get("/api/tables/{table_id}/replay")
    async def api_replay(request: Request, table_id: str, start: int = 0, count: int = REPLAY_PAGE) -> dict[str, Any]:
        """One page of the replay: steps ``start`` … ``start + count - 1`` (at most REPLAY_PAGE).

        A whole long game in one answer was 9–15 MB and held the event loop for up to a second per request; the
        replay page fetches the pages one after the other. ``next`` is the start of the next page (None at the end).
        """
        t = await finished_table(table_id)
        assert t.match is not None
        lang = lang_of(request)
        total = len(t.before) + 1
        if start < 0 or start >= total:
            raise ApiError("bad_request", N_("There is no step {step} in this replay."), 422, step=start)
        count = max(1, min(count, REPLAY_PAGE))
        steps = replay_steps(t, start, count, lang)
        end = start + len(steps)
        out = {
            "table": t.summary(base_url(request)),
            "total": total,
            "start": start,
            "steps": steps,
            "next": end if end < total else None,
        }
        if start == 0:
            out["chat"] = [m.to_json() for m in t.chat]  # protocol 6: the replay shows the table's talk
        return out

    # --- post-game analysis (issue 16.3) -------------------------------------------------------------------------
    analyses: dict[tuple[str, str], asyncio.Future[tuple[dict[str, Any], MissingTable | None]]] = {}
    """(table id, language) → the analysis, computed once; the oldest go first beyond :data:`ANALYSES_KEPT`."""
    from concurrent.futures import ThreadPoolExecutor

    analysis_pool = ThreadPoolExecutor(max_workers=ANALYSIS_WORKERS, thread_name_prefix="wuerfel-analysis")
    """Analyses run in their own few threads: many asked at once (a crawler on old replays) must not fill the
    default executor that every store call and hint waits for."""

    @app.get("/api/tables/{table_id}/analysis")
    async def api_analysis(request: Request, table_id: str) -> dict[str, Any]:
        """The exact analysis of a finished game (:mod:`wuerfel.engine.analysis`), computed once per language in a
        worker thread of its own pool (an advisor may build its tables first: the event loop must not wait for it,
        nor the store calls in the default executor); concurrent askers
        share one computation. The seats are named as on the pages. Games with hidden information are refused:
        their advisors rate what one seat knows, and the full record would tell the others."""
        t = await finished_table(table_id)
        if not t.info.perfect_information:
            raise ApiError(
                "no_analysis",
                N_("There is no exact analysis for {game}: no exact solver rates its decisions."),
                422,
                game=t.info.name(lang_of(request)),
            )
        key = (t.row.id, lang_of(request))
        tables = background.builder()
        for attempt in range(3):
            fut = analyses.get(key)
            if fut is None:
                fut = asyncio.get_running_loop().run_in_executor(analysis_pool, analyse_lacking, t.record(), key[1])
                analyses[key] = fut
                while len(analyses) > ANALYSES_KEPT:
                    analyses.pop(next(iter(analyses)))
            try:
                doc, lacking = await asyncio.shield(fut)
            except WuerfelError as exc:
                raise ApiError("no_analysis", exc.msgid, 422, **exc.params) from exc
            except Exception:
                analyses.pop(key, None)  # a failure is not cached: the next asker tries again
                raise
            job = tables.job(lacking.key) if lacking is not None else None
            if job is not None and job.state == "done" and attempt < 2:
                # The table this analysis lacked has been built since: analyse again with it (the duel's winning
                # chances replace the turn values). Twice at most: a table deleted again is simply built again.
                if analyses.get(key) is fut:
                    analyses.pop(key)
                continue
            break
        # The seats as the pages name them ("Computer (Faustregel)", a guest marked), not the record's ids.
        seats = [{**s, "name": t.seat_label(s["seat"], key[1])} for s in doc["seats"]]
        out = {**doc, "seats": seats}
        if lacking is not None:
            out.update(lacking_status(tables, tables.request(lacking, address(request)), key[1]))
        return out

    @app.get("/api/tables/{table_id}/analysis/win-chance.svg")
    async def api_win_chance(request: Request, table_id: str, lang: str = "") -> Response:
        """The win-chance graph of a duel's analysis (matplotlib SVG, :mod:`wuerfel.server.analysis_plot`); 404
        when the analysis has no duel measure."""
        from wuerfel.server import analysis_plot

        doc = await api_analysis(request, table_id)
        wc = doc.get("win_chance")
        if not wc:
            raise ApiError("no_graph", N_("This analysis has no win-chance graph (no duel solver)."), 404)
        lang = image_lang(request, lang)
        names = tuple(s["name"] for s in doc["seats"])
        steps = {d["index"]: d["step"] for d in doc["decisions"]}
        svg = await asyncio.to_thread(
            analysis_plot.win_chance_svg,
            tuple(wc["steps"]),
            analysis_plot.as_tuples(wc["seats"]),
            names,
            tuple(steps[i] for i in doc["mistakes"]),
            translate(N_("Step"), lang),
            translate(N_("Win chance"), lang),
        )
        return Response(svg, media_type="image/svg+xml", headers={"Cache-Control": "private, max-age=3600"})

    # --- archive, profiles, leaderboards (issue 16) ------------------------------------------------------------
    def game_label(game: str, lang: str) -> str:
        try:
            return get_game(game).name(lang)
        except Exception:
            return game  # a game that is no longer installed keeps its id

    def who_label(entry: dict[str, Any], lang: str, number: int | None = None) -> str:
        """A seat's or leaderboard entry's name as the table names it: "Computer 2 (Faustregel)" for the second
        bot of a kind at one table, "Computer (Faustregel)" for a kind's identity on a leaderboard."""
        from wuerfel.bots import bot_label

        if entry.get("bot"):
            if number is not None:
                return translate(N_("Computer {n} ({bot})"), lang, n=number, bot=bot_label(entry["bot"], lang))
            return translate(N_("Computer ({bot})"), lang, bot=bot_label(entry["bot"], lang))
        return str(entry.get("name") or "?")

    def points(x: float | None) -> float | int | None:
        """A stored score as people write it: 6, not 6.0 (scores are floats in the store for games with halves)."""
        if x is None:
            return None
        return int(x) if float(x).is_integer() else round(x, 2)

    def archive_json(g: Any, lang: str) -> dict[str, Any]:
        numbers = bot_numbers([SeatRow(s["seat"], s["player_id"], s["bot"], s["name"]) for s in g.seats])
        return {
            "id": g.id,
            "game": g.game,
            "game_name": game_label(g.game, lang),
            "rules_id": g.rules_id,
            "rules_name": rules_name(g.game, g.rules_id, lang),
            "rated": g.rated,
            "ended_by": g.ended_by,
            "finished_at": g.finished_at.strftime("%Y-%m-%dT%H:%M:%SZ") if g.finished_at else None,
            "seats": [
                {**s, "score": points(s["score"]), "label": who_label(s, lang, numbers.get(s["seat"]))} for s in g.seats
            ],
            "replay_url": f"/replay/{g.id}",
            "record_url": f"/api/tables/{g.id}/record",
        }

    async def archive_of(
        request: Request, player: str | None, game: str | None, rules: str | None, page_no: int
    ) -> dict[str, Any]:
        """One page of an archive: a registered player's by name (his public games; all of them for himself), or
        the asker's own (a guest's: the games of his session's player)."""
        store: Store = app.state.store
        me = await player_of(request)
        if player:
            who = await asyncio.to_thread(store.find_player_by_name, player[:64])
            if who is None:
                raise ApiError("no_player", N_("There is no registered player called '{name}'."), 404, name=player[:64])
        elif me is None:
            raise ApiError("not_logged_in", N_("Please choose a name or log in first."), 401)
        else:
            who = me
        own = me is not None and me.id == who.id
        page_no = max(1, page_no)
        games, total = await asyncio.to_thread(
            store.archive, who.id, game or None, rules or None, (page_no - 1) * ARCHIVE_PAGE, ARCHIVE_PAGE, not own
        )
        lang = lang_of(request)
        choices = await asyncio.to_thread(store.archive_choices, who.id)
        return {
            "player": who.to_json(),
            "own": own,
            "game": game or None,
            "rules": rules or None,
            "page": page_no,
            "pages": max(1, math.ceil(total / ARCHIVE_PAGE)),
            "total": total,
            "games": [archive_json(g, lang) for g in games],
            "choices": [
                {"game": g, "game_name": game_label(g, lang), "rules_id": r, "rules_name": rules_name(g, r, lang)}
                for g, r in choices
            ],
        }

    @app.get("/api/archive")
    async def api_archive(
        request: Request, player: str | None = None, game: str | None = None, rules: str | None = None, page: int = 1
    ) -> dict[str, Any]:
        return await archive_of(request, player, game, rules, page)

    async def profile_of(request: Request, name: str) -> dict[str, Any]:
        """A registered player's profile: per game his games, wins (first place, ties included), mean score, his
        rating; his recent results; the plots' addresses."""
        store: Store = app.state.store
        who = await asyncio.to_thread(store.find_player_by_name, name[:64])
        if who is None:
            raise ApiError("no_player", N_("There is no registered player called '{name}'."), 404, name=name[:64])
        me = await player_of(request)
        own = me is not None and me.id == who.id
        results = await asyncio.to_thread(store.player_results, who.id)
        ratings = await asyncio.to_thread(store.ratings_of, f"player:{who.id}")
        lang = lang_of(request)
        per: dict[str, dict[str, Any]] = {}
        for r in results:
            g = per.setdefault(
                r["game"],
                {
                    "game": r["game"],
                    "game_name": game_label(r["game"], lang),
                    "games": 0,
                    "wins": 0,
                    "scores": [],
                    "rated_games": 0,
                },
            )
            g["games"] += 1
            g["wins"] += r["place"] == 1
            g["rated_games"] += r["rated"]
            if r["score"] is not None:
                g["scores"].append(r["score"])
        games = []
        quoted = urllib.parse.quote(who.name)
        for gid in sorted(per, key=lambda x: -per[x]["games"]):
            g = per.pop(gid)
            scores = g.pop("scores")
            g["mean_score"] = round(sum(scores) / len(scores), 2) if scores else None
            g["scored_games"] = len(scores)
            if gid in ratings:
                mu, sigma, n = ratings[gid]
                g["rating"] = {
                    "mu": round(mu, 3),
                    "sigma": round(sigma, 3),
                    "ordinal": round(mu - 3 * sigma, 3),
                    "games": n,
                }
            else:
                g["rating"] = None
            # A distribution needs a few games: one game drew a single full-width bar over a 13.6–14.4 axis (U11).
            spread = len(scores) >= SCORE_PLOT_GAMES and len(set(scores)) > 1
            g["score_plot"] = f"/players/{quoted}/plots/scores.svg?game={gid}&lang={lang}" if spread else None
            g["rating_plot"] = f"/players/{quoted}/plots/rating.svg?game={gid}&lang={lang}" if gid in ratings else None
            g["leaderboard_url"] = f"/leaderboard/{gid}"
            games.append(g)
        recent = [r for r in reversed(results) if own or r["public"]][:RECENT_RESULTS]
        return {
            "player": who.to_json(),
            "own": own,
            "games": games,
            "archive_url": f"/archive?player={quoted}",
            "dice_url": f"/api/players/{quoted}/dice",
            "recent": [
                {
                    "table_id": r["table_id"],
                    "game": r["game"],
                    "game_name": game_label(r["game"], lang),
                    "rules_name": rules_name(r["game"], r["rules_id"], lang),
                    "place": r["place"],
                    "seats": r["seats"],
                    "score": points(r["score"]),
                    "rated": r["rated"],
                    "finished_at": r["finished_at"].strftime("%Y-%m-%dT%H:%M:%SZ") if r["finished_at"] else None,
                    "replay_url": f"/replay/{r['table_id']}",
                }
                for r in recent
            ],
        }

    @app.get("/api/players/{name}")
    async def api_profile(request: Request, name: str) -> dict[str, Any]:
        return await profile_of(request, name)

    @app.get("/players/{name}/plots/{kind}.svg")
    async def profile_plot(request: Request, name: str, kind: str, game: str = "", lang: str = "") -> Response:
        """A profile's plot as SVG (matplotlib, cached on its numbers; see :mod:`wuerfel.server.plots`)."""
        from wuerfel.server import plots
        from wuerfel.server import ratings as rt

        store: Store = app.state.store
        who = await asyncio.to_thread(store.find_player_by_name, name[:64])
        if who is None or kind not in ("scores", "rating"):
            raise ApiError("no_player", N_("There is no registered player called '{name}'."), 404, name=name[:64])
        lang = image_lang(request, lang)
        if kind == "scores":
            results = await asyncio.to_thread(store.player_results, who.id)
            scores = tuple(r["score"] for r in results if r["game"] == game and r["score"] is not None)
            if not scores:
                raise ApiError("no_data", N_("Nothing to draw yet."), 404)
            svg = await asyncio.to_thread(
                plots.score_histogram, scores, translate(N_("Final score"), lang), translate(N_("Games"), lang)
            )
        else:
            hist = await asyncio.to_thread(store.rating_history, rt.player_identity(who.id), game)
            if not hist:
                raise ApiError("no_data", N_("Nothing to draw yet."), 404)
            first = rt.initial(rt.player_identity(who.id))  # every history starts at the default rating
            start = (first.mu, first.sigma)
            svg = await asyncio.to_thread(
                plots.rating_history,
                plots.history_points(start, [(h["mu"], h["sigma"]) for h in hist]),
                translate(N_("Rated games"), lang),
                translate(N_("Rating"), lang),
            )
        return Response(svg, media_type="image/svg+xml", headers={"Cache-Control": "private, max-age=60"})

    async def leaderboard_of(request: Request, game: str) -> dict[str, Any]:
        info = known_game(game[:64])
        lang = lang_of(request)
        store: Store = app.state.store
        rows = await asyncio.to_thread(store.leaderboard, info.id)
        seats = await asyncio.to_thread(store.seat_advantages, info.id)
        return {
            "game": info.id,
            "game_name": info.name(lang),
            "entries": [
                {
                    **r,
                    "rank": i + 1,
                    "label": who_label(r, lang),
                    "profile_url": None if r["bot"] else f"/players/{urllib.parse.quote(r['name'] or '')}",
                }
                for i, r in enumerate(rows)
            ],
            "seats": seats,
        }

    @app.get("/api/leaderboard/{game}")
    async def api_leaderboard(request: Request, game: str) -> dict[str, Any]:
        return await leaderboard_of(request, game)

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
        h = hub()
        address = ws.client.host if ws.client else ""
        conn = Conn(ws, p, lang, as_int(q.get("seat")), as_int(q.get("since")), base_url(ws), on_drop=t.leave)
        refused = h.admit(t, conn, address)
        if refused is not None:
            # A clear refusal the page can show, then the door closes; nothing else was sent or changed.
            await ws.send_json(error_json(refused.code, refused.message(lang)))
            await ws.close(code=CLOSE_LIMIT)
            return
        try:
            await t.join(conn)
            while not conn.closed:
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
            h.release(conn, address)
            t.leave(conn)

    # --- HTML pages --------------------------------------------------------------------------------------------
    async def page(request: Request, template: str, status: int = 200, **ctx: Any) -> Response:
        lang = lang_of(request)
        token, new = csrf_token_for(request)
        p = await player_of(request)

        def _(msgid: str, **params: Any) -> str:
            return translate(msgid, lang, **params)

        from wuerfel.bots import bot_label

        context = {
            "lang": lang,
            "_": _,
            "_n": lambda one, many: list(plural_forms(one, many, lang)),
            "csrf_token": token,
            "player": p.to_json() if p else None,
            "protocol_version": PROTOCOL_VERSION,
            "bot_label": lambda b: bot_label(b, lang),
            "rules_name": lambda g, r: rules_name(g, r, lang),
            "hy": lambda text: hyphenate(text, lang),
            "num": lambda x, digits=1, sign=False: format_number(x, lang, digits, sign),
            "csp_nonce": getattr(request.state, "csp_nonce", ""),
            **ctx,
        }
        if not (TEMPLATES_DIR / template).exists():
            resp: Response = JSONResponse(
                {"error": {"code": "no_template", "message": f"template {template} missing"}}, status_code=500
            )
        else:
            resp = templates.TemplateResponse(request, template, context, status_code=status)
        set_csrf(request, resp, new)
        return resp

    @app.get("/")
    async def lobby(request: Request) -> Response:
        lang = lang_of(request)
        tables = await api_tables(request)
        games = [game_json(g, lang) for g in all_games()]
        # The shelves (GameInfo.family, in the registry's order) with their games, the featured ones first; a
        # plug-in game that names no family stands on a last shelf of its own.
        order = sorted(games, key=lambda g: (not g["featured"], g["featured"]))
        shelves = [
            {"key": key, "name": translate(msgid, lang), "games": [g for g in order if g["family"] == key]}
            for key, msgid in FAMILIES.items()
        ]
        others = [g for g in order if g["family"] not in FAMILIES]
        if others:
            shelves.append({"key": "other", "name": translate(N_("More games"), lang), "games": others})
        return await page(
            request, "lobby.html", games=games, tables=tables["tables"], shelves=[s for s in shelves if s["games"]]
        )

    refusals: dict[str, tuple[float, dict[str, Any]]] = {}
    """A refused form's page (its words, the form and name to fill in again) under a random key for a few minutes:
    the refusal redirects to ``/login?refused=KEY``, so reloading the page never posts the form again (U10)."""

    @app.get("/login")
    async def login_page(request: Request, next: str = "/", refused: str = "") -> Response:
        held = refusals.get(refused[:64])
        if held is not None and held[0] > time.monotonic():
            ctx = held[1]
            return await page(
                request,
                "login.html",
                ctx["status"],
                next=local_next(next),
                error=ctx["error"],
                name=ctx["name"],
                form=ctx["form"],
                invite=await invitation_of(next, request),
            )
        return await page(request, "login.html", next=local_next(next), error=None, name="", form=None)

    async def invitation_of(nxt: str, request: Request) -> dict[str, Any] | None:
        """The invitation above the forms when they were opened from a table link."""
        if not nxt.startswith("/table/"):
            return None
        t = await hub().peek(nxt.split("/")[2].split("?")[0])
        return await invitation(t, lang_of(request)) if t is not None else None

    async def invitation(t: LiveTable, lang: str) -> dict[str, Any]:
        """Who invites to which game: what someone following a table link sees above the name field."""
        host = await asyncio.to_thread(app.state.store.get_player, t.row.host_id) if t.row.host_id else None
        return {
            "host": host.name if host else None,
            "game": t.info.name(lang),
            "status": t.row.status,
            "watch_url": f"/table/{t.id}?watch=1",
            "clock": {"kind": t.row.clock, "seconds": t.row.move_seconds, "on_expiry": t.row.on_expiry},
        }

    @app.get("/table/{table_id}")
    async def table_page(request: Request, table_id: str, watch: int = 0) -> Response:
        t = await hub().peek(table_id)
        if t is None:
            return await page(
                request,
                "lobby.html",
                404,
                games=[],
                tables=[],
                error=translate(N_("There is no such table."), lang_of(request)),
            )
        viewer = await player_of(request)
        if viewer is None and not watch:
            return await page(
                request,
                "login.html",
                next=f"/table/{table_id}",
                error=None,
                name="",
                form=None,
                invite=await invitation(t, lang_of(request)),
            )
        gt = f"games/{t.row.game}.html"
        lang = lang_of(request)
        # The page's first ``since`` is the summary's ``seq``: the reader's own numbering (issue 24, M1).
        reader = t.reader_of(t.seats_of(viewer))
        return await page(
            request,
            "table.html",
            table=t.summary(base_url(request), reader),
            ws_url=f"/ws/table/{table_id}",
            game=game_json(t.info, lang),
            game_template=gt if (TEMPLATES_DIR / gt).exists() else None,
            bank_edges=table_edges(t.info, t.row.rules, lang),
        )

    @app.get("/my-games")
    async def my_games_page(request: Request) -> Response:
        p = await player_of(request)
        if p is None:
            return RedirectResponse("/login?next=/my-games", status_code=303)
        tables = await my_tables(request, p)
        lang = lang_of(request)
        names = {g.id: game_json(g, lang)["name"] for g in all_games()}
        return await page(
            request, "my_games.html", tables=tables, game_names=names, time_left_text=lambda s: time_left_text(s, lang)
        )

    @app.get("/replay/{table_id}")
    async def replay_page(request: Request, table_id: str) -> Response:
        t = await hub().peek(table_id)
        if t is None:
            return await page(
                request,
                "lobby.html",
                404,
                games=[],
                tables=[],
                error=translate(N_("There is no such table."), lang_of(request)),
            )
        # The first step comes with the page, so the board is drawn before anything is fetched; the other steps,
        # the analysis and the dice check follow (issue 24, web U15: 2.6–3.7 s before anything was drawn).
        done = t.row.status == "finished" and t.match is not None
        first = replay_steps(t, 0, 1, lang_of(request)) if done else []
        return await page(
            request,
            "replay.html",
            table=t.summary(base_url(request)),
            game=game_json(t.info, lang_of(request)),
            first=first,
            total=len(t.before) + 1 if done else 0,
            chat=[m.to_json() for m in t.chat] if done else None,
            analysis=t.info.advisor is not None and t.info.perfect_information,
        )

    @app.get("/archive")
    async def archive_page(
        request: Request, player: str | None = None, game: str | None = None, rules: str | None = None, page: int = 1
    ) -> Response:
        if not player and await player_of(request) is None:
            return RedirectResponse("/login?next=/archive", status_code=303)
        try:
            data = await archive_of(request, player, game, rules, page)
        except ApiError as exc:
            return await page_error(request, exc)
        return await page_(request, "archive.html", archive=data)

    @app.get("/players/{name}")
    async def profile_page(request: Request, name: str) -> Response:
        try:
            data = await profile_of(request, name)
        except ApiError as exc:
            return await page_error(request, exc)
        return await page_(request, "profile.html", profile=data, score_plot_games=SCORE_PLOT_GAMES)

    @app.get("/leaderboard")
    async def leaderboards_page(request: Request) -> Response:
        lang = lang_of(request)
        rated = set(await asyncio.to_thread(app.state.store.rated_games))
        games = [{"id": g.id, "name": g.name(lang), "rated": g.id in rated} for g in all_games()]
        games.sort(key=lambda x: x["name"].casefold())  # by the name the reader sees ("Ten Thousand" under T, not Z)
        return await page_(request, "leaderboard.html", board=None, games=games)

    @app.get("/leaderboard/{game}")
    async def leaderboard_page(request: Request, game: str) -> Response:
        try:
            data = await leaderboard_of(request, game)
        except ApiError as exc:
            return await page_error(request, exc)
        return await page_(request, "leaderboard.html", board=data, games=[])

    async def page_error(request: Request, exc: ApiError) -> Response:
        return await page(
            request,
            "lobby.html",
            exc.status,
            games=[],
            tables=[],
            error=translate(exc.msgid, lang_of(request), **exc.params),
        )

    async def page_(request: Request, template: str, **ctx: Any) -> Response:
        """:func:`page` under a second name, for handlers whose query parameter ``page`` (the archive's page
        number) hides it."""
        return await page(request, template, **ctx)

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
                p, token = await do_guest(request, f.get("name"))
            elif what == "register":
                p, token = await do_register(request, f.get("name"), f.get("password"))
            else:
                p, token = await do_login(request, f.get("name"), f.get("password"))
        except ApiError as exc:
            # The name goes back into the form that failed, and only there: a failed login must not prefill
            # (and focus) the guest field, where Enter would make a guest under the account's name. The page is a
            # redirect to the login page holding the refusal (U10: a reload re-posted the refused form).
            if exc.status == 403:  # a form without its CSRF token is not shown again: it was never ours
                return await page(
                    request,
                    "login.html",
                    exc.status,
                    next=nxt,
                    name="",
                    form=what,
                    error=translate(exc.msgid, lang_of(request), **exc.params),
                    invite=await invitation_of(nxt, request),
                )
            now = time.monotonic()
            for k in [k for k, (until, _) in refusals.items() if until <= now][:100]:
                refusals.pop(k, None)
            while len(refusals) >= REFUSALS_KEPT:
                refusals.pop(next(iter(refusals)))
            key = secrets.token_urlsafe(12)
            refusals[key] = (
                now + REFUSAL_SECONDS,
                {
                    "status": exc.status,
                    "form": what,
                    "name": f.get("name", "")[:64],
                    "error": translate(exc.msgid, lang_of(request), **exc.params),
                },
            )
            return RedirectResponse("/login?" + urllib.parse.urlencode({"next": nxt, "refused": key}), status_code=303)
        resp = RedirectResponse(nxt, status_code=303)
        set_session(request, resp, token)
        set_device(request, resp)
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
