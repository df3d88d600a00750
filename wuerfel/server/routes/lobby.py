"""The lobby: the list of open and running tables, a new table with its limits (per player, per address, in a cluster
under one lock), my tables, and a logged-out guest's seats handed on."""

from __future__ import annotations

import asyncio
import contextlib
import datetime as dt
import math
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any

from fastapi import FastAPI, Request

from wuerfel.engine.errors import N_, WuerfelError
from wuerfel.engine.registry import all_games
from wuerfel.server import auth, textcheck
from wuerfel.server.app import CLUSTER_LOCK_TTL, MAX_OPEN_TABLES, MY_TABLES, STALE_KEEP, log
from wuerfel.server.live import (
    CLOCKS,
    CORR_DAYS,
    LIVE_SECONDS,
    ON_EXPIRY,
    LiveTable,
    TableError,
)
from wuerfel.server.routes.context import Context
from wuerfel.server.routes.deps import ApiError, base_url, body_json, check_csrf, lang_of
from wuerfel.server.rows import Player
from wuerfel.server.rows import now as store_now


def register(app: FastAPI, ctx: Context) -> None:
    """Add the area's handlers to ``app`` (once, from create_app); they look the shared helpers up on ``ctx`` when
    they run."""

    async def abandon_seats(p: Player) -> None:
        """A guest who logged out can never come back (no password): each table he sat at handles his seat like an
        expired clock (``LiveTable.abandon``), so no table waits for him for ever."""
        for tid in await asyncio.to_thread(app.state.store.table_ids_of_player, p.id):
            try:
                await ctx.on_table(tid, "abandon", {"player": p.to_json()})
            except (TableError, ApiError):
                log.warning("the seats of guest %d at table %s could not be handed on", p.id, tid)

    async def abandon_action(table_id: str, args: dict[str, Any]) -> None:
        t = await ctx.hub().get(table_id)
        if t is not None:
            await t.abandon(Player(**args["player"]))

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
        return bool(last_active.timestamp() < time.time() - ctx.open_idle)

    @app.get("/api/tables")
    async def api_tables(request: Request) -> dict[str, Any]:
        me = await ctx.player_of(request)
        # Idle tables leave the lobby in the query, before its limit (issue 24 L1: a thousand abandoned started
        # tables took every place of it): unstarted ones after ``open_idle`` without a seating change, running ones
        # after ``running_idle`` without an event (wuerfel/server/stale.py) — but not while one of their players is
        # connected, and never for the reader's own (the lobby offers them to continue).
        keep = [tid for tid, t in list(ctx.hub().tables.items()) if t.row.status == "playing" and t.online()]
        if me is not None:
            keep += await asyncio.to_thread(app.state.store.table_ids_of_player, me.id, ("playing",))
        at = store_now()
        rows = await asyncio.to_thread(
            app.state.store.list_tables,
            ("open", "playing"),
            open_since=at - dt.timedelta(seconds=ctx.open_idle),
            alive_since=at - dt.timedelta(seconds=ctx.running_idle),
            keep=keep[:STALE_KEEP],
        )
        base = base_url(request)
        out = []
        known = {g.id for g in all_games()}
        for r in rows:
            t = ctx.hub().tables.get(r.id)
            if t is not None and (t.row.status, t.row.seats) == (r.status, r.seats):
                out.append(t.summary(base))
            elif r.game in known:
                # Not in this worker's memory, or its copy there is behind the store (issue 25: a table read on B,
                # then seated on A, stayed free in B's lobby): the stored row is the truth.
                out.append(LiveTable(ctx.hub(), r).summary(base))
        for x in out:  # the reader's own seats: his running game is offered to continue, not to watch (web U14)
            x["my_seats"] = [s["seat"] for s in x["seats"] if me is not None and s["player_id"] == me.id]
        return {"tables": out}

    @app.post("/api/tables", status_code=201)
    async def api_create(request: Request) -> dict[str, Any]:
        check_csrf(request, request.headers.get(auth.CSRF_HEADER))
        p = await ctx.need_player(request)
        data = await body_json(request)

        async def make() -> tuple[dict[str, Any], bool]:
            return await create_table(request, p, data), True

        out: dict[str, Any] = await within_table_limits(request, p, make)
        return out

    creation_locks = [asyncio.Lock() for _ in range(64)]
    """One lock per player (striped by id): his limit's check and the table it admits are one step."""

    @contextlib.asynccontextmanager
    async def cluster_lock(key: str, wait: float = 10.0) -> AsyncIterator[None]:
        """``key`` held in the whole cluster (the per-process locks above do not reach another worker: a player's
        tables made at once on two workers both passed his limit); "busy" when another holds it ``wait`` seconds."""
        deadline = time.monotonic() + wait
        while not await asyncio.to_thread(ctx.shared.lock, key, ctx.worker_id, CLUSTER_LOCK_TTL):
            if time.monotonic() > deadline:
                raise ApiError("busy", N_("The server is busy. Please try again in a moment."), 503)
            await asyncio.sleep(0.02)
        try:
            yield
        finally:
            await asyncio.to_thread(ctx.shared.unlock, key, ctx.worker_id)

    async def within_table_limits(request: Request, p: Player, make: Callable[[], Awaitable[tuple[Any, bool]]]) -> Any:
        """Run ``make`` (a new table: created, or a rematch) within the table limits: at most
        :data:`MAX_OPEN_TABLES` waiting tables per player and :data:`TABLES_PER_ADDRESS` new ones per address.

        ``make`` returns (result, whether a table was made). Rematches went around both limits (issue 24 L3: 40
        tables by rematch chains after one counted creation; ten concurrent rematches left one host ten waiting
        tables, the check having run before any of them existed). So every new table passes here, the check and
        the creation hold the player's lock together, and the address is counted before the table is made
        (concurrent requests cannot all slip through) and taken back when none was."""
        async with creation_locks[p.id % len(creation_locks)], cluster_lock(f"create-tables:{p.id}"):
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
                    minutes=max(1, round(ctx.open_idle / 60)),
                )
            from_here = f"tables|{ctx.address(request)}"
            if not ctx.table_limiter.hit(from_here):
                raise ApiError("too_many_tables", N_("Too many new tables from here. Please wait a few minutes."), 429)
            made = False
            try:
                out, made = await make()
                return out
            finally:
                if not made:
                    ctx.table_limiter.undo(from_here)

    async def create_table(request: Request, p: Player, data: dict[str, Any]) -> dict[str, Any]:
        """The table ``data`` asks for, hosted by ``p`` (every check of the request done but the game's own)."""
        info = ctx.known_game(str(data.get("game", ""))[:64])
        rules_id, rules = ctx.resolve_rules(info, data.get("preset"), data.get("overrides"), lang_of(request))
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
            ctx.refuse_rated_bot(p, True)
            if flags["hints"]:
                raise ApiError("rated_hints", N_("A rated table has no hints."), 422)
            if flags["scorekeeper"]:
                raise ApiError("rated_scorekeeper", N_("A table with real dice cannot be rated."), 422)
            if n < 2:
                raise ApiError("rated_solo", N_("A rated game needs at least two seats."), 422)
        bots_in = data.get("bots") or {}
        if not isinstance(bots_in, dict):
            raise ApiError("bad_request", N_("'bots' must map seats to bot names."), 422)
        from wuerfel.bots import bot_names, require_bot
        from wuerfel.engine.extras import MissingSolvers

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
            try:
                require_bot(info, v)
            except MissingSolvers as exc:
                raise ApiError("needs_solvers", exc.msgid, 422, **exc.params) from exc
            bots[s] = v
        names = seat_names(data.get("names"), n, bots, flags["scorekeeper"])
        clock, move_seconds, on_expiry = time_control(data)
        t = await ctx.hub().create(
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
            t = await ctx.hub().peek(tid)
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
        return {"tables": await my_tables(request, await ctx.need_player(request))}

    @app.get("/api/tables/{table_id}")
    async def api_table(request: Request, table_id: str) -> dict[str, Any]:
        return (await ctx.seen_table(table_id)).summary(base_url(request))

    ctx.share(
        abandon_action=abandon_action,
        abandon_seats=abandon_seats,
        api_tables=api_tables,
        my_tables=my_tables,
        within_table_limits=within_table_limits,
    )
