"""A registered player's bot account (issue 27 §4; docs/bots.md): its token made, shown once and revoked, by API and by
the profile page's form."""

from __future__ import annotations

import asyncio
import urllib.parse
from typing import Any

from fastapi import FastAPI, Request
from fastapi.responses import Response

from wuerfel.engine.errors import N_
from wuerfel.server import auth, bot_accounts
from wuerfel.server.app import SCORE_PLOT_GAMES
from wuerfel.server.routes.context import Context
from wuerfel.server.routes.deps import ApiError, check_csrf
from wuerfel.server.rows import Player


def register(app: FastAPI, ctx: Context) -> None:
    """Add the area's handlers to ``app`` (once, from create_app); they look the shared helpers up on ``ctx`` when
    they run."""

    async def need_owner(request: Request) -> Player:
        """A registered person (not a guest, not a bot) for the bot-token requests."""
        p = await ctx.need_player(request)
        if not p.registered or p.bot:
            raise ApiError("not_registered", N_("Only registered players can have a bot account."), 403)
        return p

    async def bot_json(p: Player, token: str | None = None) -> dict[str, Any]:
        found = await asyncio.to_thread(bot_accounts.bot_of, app.state.store, p.id)
        out: dict[str, Any] = {"bot": found[0].to_json() if found else None, "active": bool(found and found[1])}
        if found:
            out["profile_url"] = f"/players/{urllib.parse.quote(found[0].name)}"
        if token is not None:
            out["token"] = token
        return out

    @app.get("/api/bot-token")
    async def api_bot_token(request: Request) -> dict[str, Any]:
        """``{"bot": player|null, "active": bool}``: the asker's bot account and whether a token opens it."""
        return await bot_json(await need_owner(request))

    @app.post("/api/bot-token")
    async def api_new_bot_token(request: Request) -> dict[str, Any]:
        """A new token for the asker's bot (the account is made the first time); shown in this answer only."""
        check_csrf(request, request.headers.get(auth.CSRF_HEADER))
        p = await need_owner(request)
        _bot, token = await asyncio.to_thread(bot_accounts.new_token, app.state.store, p)
        return await bot_json(p, token)

    @app.post("/api/bot-token/revoke")
    async def api_revoke_bot_token(request: Request) -> dict[str, Any]:
        check_csrf(request, request.headers.get(auth.CSRF_HEADER))
        p = await need_owner(request)
        revoked = await asyncio.to_thread(bot_accounts.revoke, app.state.store, p.id)
        return {**await bot_json(p), "revoked": revoked}

    @app.post("/bot-token")
    async def form_bot_token(request: Request) -> Response:
        """The profile page's form: a new token (``action=new``) shown once on the page, or revoked."""
        f = await ctx.form(request)
        try:
            check_csrf(request, f.get("csrf_token"))
            p = await need_owner(request)
            token = None
            if f.get("action") == "revoke":
                await asyncio.to_thread(bot_accounts.revoke, app.state.store, p.id)
            else:
                _bot, token = await asyncio.to_thread(bot_accounts.new_token, app.state.store, p)
            data = await ctx.profile_of(request, p.name)
        except ApiError as exc:
            return await ctx.page_error(request, exc)
        return await ctx.page_(
            request, "profile.html", profile=data, score_plot_games=SCORE_PLOT_GAMES, new_token=token
        )

    ctx.share(bot_json=bot_json)
