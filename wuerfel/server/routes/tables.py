"""A seat's actions at a table (sit, leave, bot, resign, start, rematch, mute, invite) and their forwarding to the
worker that owns the table (the cluster's on_table)."""

from __future__ import annotations

import asyncio
import time
import uuid
from collections.abc import Awaitable, Callable
from typing import Any

from fastapi import FastAPI, Request

from wuerfel.engine.errors import N_
from wuerfel.server import auth
from wuerfel.server.cluster.owner import CALL_TIMEOUT, Moved, RemoteError
from wuerfel.server.routes.context import Context
from wuerfel.server.routes.deps import ApiError, base_url, body_json, check_csrf
from wuerfel.server.rows import Player


def register(app: FastAPI, ctx: Context) -> None:
    """Add the area's handlers to ``app`` (once, from create_app); they look the shared helpers up on ``ctx`` when
    they run."""

    async def seat_call(request: Request, table_id: str, what: str) -> dict[str, Any]:
        check_csrf(request, request.headers.get(auth.CSRF_HEADER))
        p = await ctx.need_player(request)
        data = await body_json(request) if what != "start" or await request.body() else {}
        return await on_table(
            table_id,
            "seat",
            {
                "what": what,
                "player": p.to_json(),
                "data": data,
                "address": ctx.address(request),
                "base_url": base_url(request),
            },
        )

    async def on_table(table_id: str, name: str, args: dict[str, Any]) -> Any:
        """Run the action ``name`` on the table's owner: here, or forwarded to the worker that owns it."""
        worker = ctx.hub().node
        deadline = time.monotonic() + 2 * CALL_TIMEOUT
        request_id = uuid.uuid4().hex  # one per incoming request: a retry after a timeout is not applied twice
        while True:
            owner = await worker.elsewhere(table_id) if worker is not None else None
            if owner is None:
                return await table_actions[name](table_id, args)
            assert worker is not None
            try:
                return await worker.call(owner, name, table_id, args, request_id=request_id)
            except RemoteError as exc:
                raise ApiError(exc.code, exc.msgid, exc.status, **exc.params) from None
            except Moved:
                if time.monotonic() > deadline:
                    raise ApiError(
                        "owner_unavailable",
                        N_("The table's server does not answer just now; please try again in a few seconds."),
                        503,
                    ) from None
                await asyncio.sleep(0.3)

    async def seat_action(table_id: str, args: dict[str, Any]) -> dict[str, Any]:
        """A seat's action on the table this worker owns (asked here, or forwarded by another worker)."""
        p, data, what = Player(**args["player"]), args["data"], args["what"]
        t = await ctx.need_table(table_id)
        if args.get("address") is not None:
            t.note_address(p, args["address"])  # builds for the table count for its host's address (issue 24 H2)
        if what == "sit":
            refuse_rated_bot(p, t.row.rated)
            await t.sit(p, data.get("seat"), data.get("seed"))
        elif what == "leave":
            await t.leave_seat(p, data.get("seat"))
        elif what == "bot":
            await t.set_bot(p, data.get("seat"), data.get("bot"))
        elif what == "resign":
            await t.resign(p, data.get("seat"))
        else:
            await t.start(p, data.get("seed"))
        return t.summary(args["base_url"])

    def refuse_rated_bot(p: Player, rated: bool) -> None:
        """A bot account is never rated against people (issue 27 §4; docs/bots.md): it sits at unrated tables only."""
        if rated and p.bot:
            raise ApiError("rated_bot", N_("Bot accounts do not play at rated tables."), 409)

    @app.post("/api/tables/{table_id}/invite")
    async def api_invite(request: Request, table_id: str) -> dict[str, Any]:
        """The host seats a bot account by its name (``{"seat": N, "name": "Anna (BOT)"}``); the bot's client finds
        the table in its "Meine Partien" (``/api/my-tables``) and plays there (issue 27 §4)."""
        check_csrf(request, request.headers.get(auth.CSRF_HEADER))
        p = await ctx.need_player(request)
        data = await body_json(request)
        t = await ctx.seen_table(table_id)
        if t.row.host_id != p.id:
            raise ApiError("not_host", N_("Only the host of the table may do that."), 403)
        name = data.get("name")
        found = (
            await asyncio.to_thread(app.state.store.find_player_by_name, name[:64]) if isinstance(name, str) else None
        )
        if found is None or not found.bot:
            raise ApiError("no_bot", N_("There is no bot account called '{name}'."), 404, name=str(name)[:64])
        return await on_table(
            table_id,
            "seat",
            {
                "what": "sit",
                "player": found.to_json(),
                "address": None,
                "data": {"seat": data.get("seat")},
                "base_url": base_url(request),
            },
        )

    @app.get("/api/tables/{table_id}/setup")
    async def api_setup(request: Request, table_id: str) -> dict[str, Any]:
        """What a client needs to follow the game on its own copy (a bot's client, issue 27 §4): the game, its
        resolved rules and the number of seats. Rules are no secret: every player reads them on the table page."""
        t = await ctx.seen_table(table_id)
        return {"game": t.row.game, "rules_id": t.row.rules_id, "rules": t.row.rules, "seats": t.row.num_seats}

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
        p = await ctx.need_player(request)
        t = await ctx.seen_table(table_id)
        args = {"player": p.to_json(), "base_url": base_url(request)}

        async def make() -> tuple[dict[str, Any], bool]:
            out = await on_table(table_id, "rematch", args)
            return out, out["made"]

        if t.row.rematch is None:
            out = await ctx.within_table_limits(request, p, make)
        else:
            out = await on_table(table_id, "rematch", args)
        return out["summary"]  # type: ignore[no-any-return]

    async def rematch_action(table_id: str, args: dict[str, Any]) -> dict[str, Any]:
        """The rematch, made by the table's owner (one rematch per table, whichever worker was asked)."""
        p = Player(**args["player"])
        t = await ctx.need_table(table_id)
        # Whoever asks second gets the first one's rematch: only a table hosted by the asker is new.
        asked = t.row.rematch is None
        new_id = await t.rematch(p)
        new = await ctx.need_table(new_id)
        return {"id": new_id, "made": asked and new.row.host_id == p.id, "summary": new.summary(args["base_url"])}

    @app.post("/api/tables/{table_id}/resign")
    async def api_resign(request: Request, table_id: str) -> dict[str, Any]:
        return await seat_call(request, table_id, "resign")

    @app.post("/api/tables/{table_id}/mute")
    async def api_mute(request: Request, table_id: str) -> dict[str, Any]:
        """The host mutes a spectator in the chat, or lets him write again (``{"player_id": n, "muted": bool}``)."""
        check_csrf(request, request.headers.get(auth.CSRF_HEADER))
        p = await ctx.need_player(request)
        data = await body_json(request)
        return await on_table(table_id, "mute", {"player": p.to_json(), "data": data, "base_url": base_url(request)})

    async def mute_action(table_id: str, args: dict[str, Any]) -> dict[str, Any]:
        t = await ctx.need_table(table_id)
        await t.mute(Player(**args["player"]), args["data"].get("player_id"), args["data"].get("muted"))
        return t.summary(args["base_url"])

    @app.post("/api/tables/{table_id}/start")
    async def api_start(request: Request, table_id: str) -> dict[str, Any]:
        return await seat_call(request, table_id, "start")

    async def abandon_action(table_id: str, args: dict[str, Any]) -> None:
        """The lobby's (a logged-out guest's seats), looked up when it runs: the lobby's area may register later."""
        await ctx.abandon_action(table_id, args)

    table_actions: dict[str, Callable[[str, dict[str, Any]], Awaitable[Any]]] = {
        "seat": seat_action,
        "rematch": rematch_action,
        "mute": mute_action,
        "abandon": abandon_action,
    }
    """The actions on a running table that only its owner may run (see :func:`on_table`)."""

    ctx.share(on_table=on_table, refuse_rated_bot=refuse_rated_bot, table_actions=table_actions)
