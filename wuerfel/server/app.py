"""The ASGI application: HTML pages, the JSON lobby API and the websocket table protocol (docs/protocol.md).

Game logic lives in :mod:`wuerfel.server.live`, persistence in :mod:`wuerfel.server.store`; this module translates
between HTTP and those, checks sessions and CSRF tokens, and turns every refusal into ``{"error": {code, message}}``
in the requester's language.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import logging
import math
import os
import secrets
import socket
import time
from collections.abc import AsyncIterator, Callable, Iterable
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request, WebSocket
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from fastapi.staticfiles import StaticFiles
from fastapi.templating import Jinja2Templates
from jinja2 import ChoiceLoader, FileSystemLoader

from wuerfel.engine.advice import MissingTable
from wuerfel.engine.errors import N_
from wuerfel.engine.record import GameRecord
from wuerfel.engine.registry import get_game
from wuerfel.i18n import translate
from wuerfel.server import auth, background, bot_accounts, game_files, stale
from wuerfel.server.cluster.owner import Node
from wuerfel.server.cluster.shared import LocalShared, Shared, SharedUnavailable
from wuerfel.server.guard import Guard
from wuerfel.server.hub import Hub
from wuerfel.server.live import (
    THROW_WAIT,
    LiveTable,
    TableError,
)
from wuerfel.server.routes.context import Context
from wuerfel.server.routes.deps import (
    MAX_BODY,
    ApiError,
    err,
)
from wuerfel.server.rows import Player, hash_token
from wuerfel.server.store import Store

log = logging.getLogger("wuerfel.server")

WEB_DIR = Path(__file__).resolve().parent.parent / "web"
TEMPLATES_DIR = WEB_DIR / "templates"
STATIC_DIR = WEB_DIR / "static"
BAD_TOKEN = N_(
    "This bot token is not valid: it is wrong or was revoked. Its owner can make a new one on his profile page."
)
"""The refusal of a wrong or revoked bot token (HTTP 401 ``bad_token``; on a websocket then close code
:data:`CLOSE_BAD_TOKEN`)."""
CLOSE_BAD_TOKEN = 4401
SESSION_RECHECK = 300.0
CLUSTER_LOCK_TTL = 30.0
"""Seconds a cluster-wide lock of a request lives at most (a worker that dies holding it frees it so)."""
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
    from wuerfel.engine.extras import solvers_needed

    probe = getattr(get_game(record.game).advisor, "missing_table", None)
    with solvers_needed():
        lacking = probe(record.make_game()) if probe is not None else None
    doc = analyse_record(record, lang)
    if not doc.get("decisions"):
        lacking = None  # nothing to rate (a game resigned before its first decision): no minutes of build for it
    return doc, lacking


def lacking_status(
    tables: background.TableBuilder, job: background.Job | None, lang: str, over_budget: bool = False
) -> dict[str, Any]:
    """What an analysis without its better table says about that table: ``win_chance_pending`` (being built or
    waiting for its turn: ask again) and ``win_chance_status`` (``state``: waiting, running, done — built since this
    answer's analysis began: the next request has the duel analysis — or failed; rough ``eta_seconds`` or None; a
    ``message`` in the asker's language: a failed build is said in words, not left pending)."""
    if job is None and over_budget:  # this address used its hour of build CPU: said, and asked again later
        return {
            "win_chance_pending": True,
            "win_chance_status": {
                "state": "waiting",
                "eta_seconds": None,
                "message": translate(WIN_CHANCE_BUDGET, lang),
            },
        }
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
WIN_CHANCE_BUDGET = N_(
    "Win chances wait: your address has used this hour's computing time for them. Until then the "
    "analysis rates each turn on its own."
)
WIN_CHANCE_FAILED = N_("The exact win chances could not be computed; the analysis rates each turn on its own.")


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
    node: Node | None = None,
    make_node: Callable[[Store], Node] | None = None,
    shared: Shared | None = None,
) -> FastAPI:
    """Build the app; the database is opened and migrated at startup, unfinished tables resume in the background.

    ``shared`` holds the facts every worker of a cluster must see alike (rate and login limits, revoked sessions,
    the build locks): the cluster's, or by default one of this process's own (a single process is the whole
    platform).

    ``clock_scale`` multiplies every table clock's limit (None: ``WUERFEL_CLOCK_SCALE``, else 1): the test-speed
    clock, with which a browser test lets a 30-second move run out in a fraction of a second.

    ``node`` (or ``make_node``, called at startup): this worker's part in a cluster of workers (issue 25 §2,
    docs/architecture.md "Several workers"); None: the single process, as always."""
    scale = clock_scale if clock_scale is not None else clock_scale_from_env()

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        store = await asyncio.to_thread(Store.open, db_url, synchronous)
        worker = node if node is not None else make_node(store) if make_node is not None else None
        hub = Hub(store, bot_delay=bot_delay, throw_wait=throw_wait, clock_scale=scale, node=worker, shared=shared)
        app.state.store = store
        app.state.hub = hub
        if worker is not None:
            worker.handlers.update(ctx.table_actions)  # the seat actions another worker may forward here
            worker.refusals = (ApiError, TableError)
            await worker.start(hub)
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
            if worker is not None and node is None:
                await worker.bus.close()  # this worker's own connection (a node handed in is the caller's)
            await asyncio.to_thread(store.checkpoint)
            store.close()

    app = FastAPI(lifespan=lifespan, docs_url=None, redoc_url=None, openapi_url=None)
    app.state.ctx = ctx = Context()
    app.state.secure_cookies = secure_cookies
    app.state.sessions = {}
    if shared is not None:  # a cluster's: the process's background builds are one worker's of the cluster
        background.builder().join(shared)
    app.state.shared = shared = shared if shared is not None else LocalShared()
    worker_id = f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(4)}"
    """This app's name as the owner of a cluster lock."""
    app.state.limiter = auth.RateLimiter(limit=LOGIN_FAILS_PER_ACCOUNT, window=60.0, shared=shared, name="login")
    app.state.hashing = 0
    open_idle = float(os.environ.get("WUERFEL_OPEN_TABLE_IDLE") or OPEN_TABLE_IDLE)
    running_idle = stale.running_idle()
    table_limiter = auth.RateLimiter(
        limit=int(os.environ.get("WUERFEL_TABLES_PER_ADDRESS") or TABLES_PER_ADDRESS),
        window=TABLES_WINDOW,
        shared=shared,
        name="tables",
    )
    account_limiter = auth.RateLimiter(
        limit=LOGIN_FAILS_PER_ACCOUNT_ANYWHERE, window=ACCOUNT_LOCK_WINDOW, shared=shared, name="account"
    )
    registrations_per_address = int(os.environ.get("WUERFEL_REGISTRATIONS_PER_ADDRESS") or REGISTRATIONS_PER_ADDRESS)
    hash_bucket = auth.TokenBucket(
        float(os.environ.get("WUERFEL_HASHES_PER_SECOND") or auth.HASHES_PER_SECOND), auth.HASH_BURST, shared=shared
    )
    guest_limiter = auth.RateLimiter(
        limit=int(os.environ.get("WUERFEL_GUESTS_PER_ADDRESS") or GUESTS_PER_ADDRESS),
        window=GUESTS_WINDOW,
        shared=shared,
        name="guests",
    )
    app.add_middleware(Guard, max_body=MAX_BODY)
    templates = Jinja2Templates(directory=str(TEMPLATES_DIR))
    # a game package's own partial (``@game/<id>``: the table.html of its GameInfo.web_dir) beside wuerfel's templates
    templates.env.loader = ChoiceLoader([FileSystemLoader(TEMPLATES_DIR), game_files.GamePartials()])
    # a game package's own web table (GameInfo.web_dir): before the mount of /static, which would answer first
    app.add_api_route(
        f"{game_files.PREFIX}/{{game}}/{{path:path}}",
        game_files.serve_game_file,
        methods=["GET", "HEAD"],
        include_in_schema=False,
    )
    app.mount("/static", StaticFiles(directory=str(STATIC_DIR), check_dir=False), name="static")

    # --- helpers -----------------------------------------------------------------------------------------------
    async def player_of(request: Request | WebSocket) -> Player | None:
        bot_token = bot_accounts.bearer(request.headers)
        if bot_token is not None:
            # A bot's client (issue 27 §4): its token, looked up every time, so a revoked one stops at once.
            bot = await asyncio.to_thread(bot_accounts.player_for_token, app.state.store, bot_token)
            if bot is None:
                raise ApiError("bad_token", BAD_TOKEN, 401)
            return bot
        token = request.cookies.get(auth.SESSION_COOKIE)
        if not token or len(token) > 200:
            return None
        cache: dict[str, tuple[Player, float]] = app.state.sessions
        hit = cache.get(token)
        if hit is not None and hit[1] > time.monotonic() and not revoked(token):
            return hit[0]
        p = await asyncio.to_thread(app.state.store.session_player, token)
        if p is None:
            cache.pop(token, None)
        else:
            remember(token, p)
        return p

    def revoked(token: str) -> bool:
        """Whether a session was ended on some worker within the cache's time (one cheap look per request with a
        cached session; without it a cookie went on working on another worker for minutes after the logout)."""
        try:
            return shared.has_flag(f"revoked:{hash_token(token)}")
        except Exception:  # the shared facts are out of reach: ask the database rather than trust the cache
            log.warning("could not ask whether a session was revoked", exc_info=True)
            return True

    def revoke(token_hashes: Iterable[str]) -> None:
        """Tell every worker that these sessions ended (blocking: run it in a thread). The flag outlives every
        worker's cached copy of the session; after that the database, which no longer has it, answers."""
        for h in token_hashes:
            shared.set_flag(f"revoked:{h}", SESSION_RECHECK + 60)

    def remember(token: str, p: Player) -> None:
        """Sessions are looked up once per SESSION_RECHECK seconds, not on every request or websocket."""
        cache: dict[str, tuple[Player, float]] = app.state.sessions
        if len(cache) > 50_000:
            cache.clear()
        cache[token] = (p, time.monotonic() + SESSION_RECHECK)

    def hub() -> Hub:
        h: Hub = app.state.hub
        return h

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

    @app.exception_handler(ApiError)
    async def _api_error(request: Request, exc: ApiError) -> JSONResponse:
        return err(request, exc.code, exc.msgid, exc.status, **exc.params)

    @app.exception_handler(TableError)
    async def _table_error(request: Request, exc: TableError) -> JSONResponse:
        return err(request, exc.code, exc.msgid, exc.status, **exc.params)

    @app.exception_handler(SharedUnavailable)
    async def _shared_unavailable(request: Request, exc: SharedUnavailable) -> JSONResponse:
        # A limit that cannot be counted (Redis away) refuses rather than lets everything through; the cluster's
        # client reconnects by itself, so the next try may well pass.
        log.warning("shared facts unavailable in %s %s: %s", request.method, request.url.path, exc)
        return err(request, "busy", N_("The server is busy. Please try again in a moment."), 503)

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

    ctx.share(
        account_limiter=account_limiter,
        guest_limiter=guest_limiter,
        hash_bucket=hash_bucket,
        hub=hub,
        need_player=need_player,
        need_table=need_table,
        open_idle=open_idle,
        player_of=player_of,
        registrations_per_address=registrations_per_address,
        remember=remember,
        revoke=revoke,
        revoked=revoked,
        running_idle=running_idle,
        seen_table=seen_table,
        shared=shared,
        table_limiter=table_limiter,
        templates=templates,
        worker_id=worker_id,
    )

    # The routes, one module per area (issue 25 §1). They import this module's constants, so they are imported
    # here, once it is loaded; the order is the order the areas' routes are matched in.
    from wuerfel.server.routes import (
        accounts,
        analysis,
        archive,
        bot_tokens,
        games,
        lobby,
        odds,
        pages,
        replays,
        tables,
        websocket,
    )

    for area in (games, accounts, lobby, odds, tables, bot_tokens, replays, analysis, archive, websocket, pages):
        area.register(app, ctx)
    return app
