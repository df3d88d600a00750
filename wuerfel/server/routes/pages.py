"""The HTML pages (lobby, login, table, my games, replay, archive, profiles, leaderboards) and the plain forms that log
in and out without JavaScript."""

from __future__ import annotations

import asyncio
import secrets
import urllib.parse
from typing import Any

from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse, RedirectResponse, Response

from wuerfel.engine.errors import N_
from wuerfel.engine.registry import FAMILIES, all_games
from wuerfel.i18n import catalog, plural_forms, translate
from wuerfel.server import auth
from wuerfel.server.app import (
    REFUSAL_SECONDS,
    SCORE_PLOT_GAMES,
    TEMPLATES_DIR,
    format_number,
    hyphenate,
    time_left_text,
)
from wuerfel.server.live import (
    PROTOCOL_VERSION,
    LiveTable,
)
from wuerfel.server.routes.context import Context
from wuerfel.server.routes.deps import (
    MAX_BODY,
    ApiError,
    base_url,
    check_csrf,
    csrf_token_for,
    is_secure,
    lang_of,
    set_csrf,
    set_session,
)


def register(app: FastAPI, ctx: Context) -> None:
    """Add the area's handlers to ``app`` (once, from create_app); they look the shared helpers up on ``ctx`` when
    they run."""

    async def page(request: Request, template: str, status: int = 200, **values: Any) -> Response:
        lang = lang_of(request)
        token, new = csrf_token_for(request)
        p = await ctx.player_of(request)

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
            "rules_name": lambda g, r: ctx.rules_name(g, r, lang),
            "hy": lambda text: hyphenate(text, lang),
            "num": lambda x, digits=1, sign=False: format_number(x, lang, digits, sign),
            "csp_nonce": getattr(request.state, "csp_nonce", ""),
            **values,
        }
        if not (TEMPLATES_DIR / template).exists():
            resp: Response = JSONResponse(
                {"error": {"code": "no_template", "message": f"template {template} missing"}}, status_code=500
            )
        else:
            resp = ctx.templates.TemplateResponse(request, template, context, status_code=status)
        set_csrf(request, resp, new)
        return resp

    @app.get("/")
    async def lobby(request: Request) -> Response:
        lang = lang_of(request)
        tables = await ctx.api_tables(request)
        games = [ctx.game_json(g, lang) for g in all_games()]
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

    @app.get("/login")
    async def login_page(request: Request, next: str = "/", refused: str = "") -> Response:
        """With ``refused``: the page of a refused form (U10: the refusal redirects here, so reloading the page
        never posts the form again), from the browser's ``wuerfel_refused`` cookie — which worker answers the
        redirect is the load balancer's choice, and a refusal held in memory was lost on the others."""
        held = auth.Refusal.from_cookie(
            request.cookies.get(auth.REFUSED_COOKIE), refused[:64], lambda msgid: msgid in catalog("de")
        )
        if held is not None:
            try:
                error = translate(held.msgid, lang_of(request), **held.params)
            except (KeyError, IndexError, ValueError):  # parameters that do not fit the message: not ours
                error = None
            if error is not None:
                return await page(
                    request,
                    "login.html",
                    held.status,
                    next=ctx.local_next(next),
                    error=error,
                    name=held.name,
                    form=held.form,
                    invite=await invitation_of(next, request),
                )
        return await page(request, "login.html", next=ctx.local_next(next), error=None, name="", form=None)

    async def invitation_of(nxt: str, request: Request) -> dict[str, Any] | None:
        """The invitation above the forms when they were opened from a table link."""
        if not nxt.startswith("/table/"):
            return None
        t = await ctx.hub().peek(nxt.split("/")[2].split("?")[0])
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

    async def no_such_table(request: Request) -> Response:
        """The table and replay pages of an id no table has: the lobby's page with the reason, as a 404."""
        return await page(
            request,
            "lobby.html",
            404,
            games=[],
            tables=[],
            error=translate(N_("There is no such table."), lang_of(request)),
        )

    @app.get("/table/{table_id}")
    async def table_page(request: Request, table_id: str, watch: int = 0) -> Response:
        t = await ctx.hub().peek(table_id)
        if t is None:
            return await no_such_table(request)
        viewer = await ctx.player_of(request)
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
        lang = lang_of(request)
        # The page's first ``since`` is the summary's ``seq``: the reader's own numbering (issue 24, M1).
        reader = t.reader_of(t.seats_of(viewer))
        return await page(
            request,
            "table.html",
            table=t.summary(base_url(request), reader),
            ws_url=f"/ws/table/{table_id}",
            game=ctx.game_json(t.info, lang),
            bank_edges=ctx.table_edges(t.info, t.row.rules, lang),
        )

    @app.get("/my-games")
    async def my_games_page(request: Request) -> Response:
        p = await ctx.player_of(request)
        if p is None:
            return RedirectResponse("/login?next=/my-games", status_code=303)
        tables = await ctx.my_tables(request, p)
        lang = lang_of(request)
        names = {g.id: ctx.game_json(g, lang)["name"] for g in all_games()}
        return await page(
            request, "my_games.html", tables=tables, game_names=names, time_left_text=lambda s: time_left_text(s, lang)
        )

    @app.get("/replay/{table_id}")
    async def replay_page(request: Request, table_id: str) -> Response:
        t = await ctx.hub().peek(table_id)
        if t is None:
            return await no_such_table(request)
        # The first step comes with the page, so the board is drawn before anything is fetched; the other steps,
        # the analysis and the dice check follow (issue 24, web U15: 2.6–3.7 s before anything was drawn).
        done = t.row.status == "finished" and t.match is not None
        first = ctx.replay_steps(t, 0, 1, lang_of(request)) if done else []
        return await page(
            request,
            "replay.html",
            table=t.summary(base_url(request)),
            game=ctx.game_json(t.info, lang_of(request)),
            first=first,
            total=len(t.before) + 1 if done else 0,
            chat=[m.to_json() for m in t.chat] if done else None,
            analysis=t.info.advisor is not None and t.info.perfect_information,
        )

    @app.get("/archive")
    async def archive_page(
        request: Request, player: str | None = None, game: str | None = None, rules: str | None = None, page: int = 1
    ) -> Response:
        if not player and await ctx.player_of(request) is None:
            return RedirectResponse("/login?next=/archive", status_code=303)
        try:
            data = await ctx.archive_of(request, player, game, rules, page)
        except ApiError as exc:
            return await page_error(request, exc)
        return await page_(request, "archive.html", archive=data)

    @app.get("/players/{name}")
    async def profile_page(request: Request, name: str) -> Response:
        try:
            data = await ctx.profile_of(request, name)
        except ApiError as exc:
            return await page_error(request, exc)
        return await page_(request, "profile.html", profile=data, score_plot_games=SCORE_PLOT_GAMES)

    @app.get("/leaderboard")
    async def leaderboards_page(request: Request) -> Response:
        lang = lang_of(request)
        rated = set(await asyncio.to_thread(app.state.store.rated_games))
        games: list[dict[str, Any]] = [{"id": g.id, "name": g.name(lang), "rated": g.id in rated} for g in all_games()]
        games.sort(key=lambda x: x["name"].casefold())  # by the name the reader sees ("Ten Thousand" under T, not Z)
        names = {g["id"]: g["name"] for g in games}
        overall = await asyncio.to_thread(app.state.store.overall_leaderboard)
        for rank, e in enumerate(overall, 1):  # across all games (web M5), the best game named as the reader sees it
            e.update(
                rank=rank,
                best_game_name=names.get(e["best_game"], e["best_game"]),
                profile_url=f"/players/{urllib.parse.quote(e['name'])}",
            )
        return await page_(request, "leaderboard.html", board=None, games=games, overall=overall)

    @app.get("/leaderboard/{game}")
    async def leaderboard_page(request: Request, game: str) -> Response:
        try:
            data = await ctx.leaderboard_of(request, game)
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

    async def page_(request: Request, template: str, **values: Any) -> Response:
        """:func:`page` under a second name, for handlers whose query parameter ``page`` (the archive's page
        number) hides it."""
        return await page(request, template, **values)

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
        nxt = ctx.local_next(f.get("next", "/"))
        try:
            check_csrf(request, f.get("csrf_token"))
            if what == "logout":
                resp: Response = RedirectResponse(nxt, status_code=303)
                await ctx.do_logout(request, resp)
                return resp
            if what == "guest":
                p, token = await ctx.do_guest(request, f.get("name"))
            elif what == "register":
                p, token = await ctx.do_register(request, f.get("name"), f.get("password"))
            else:
                p, token = await ctx.do_login(request, f.get("name"), f.get("password"))
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
            key = secrets.token_urlsafe(12)
            held = auth.Refusal.of(key, exc.status, what, f.get("name", ""), exc.msgid, exc.params)
            resp = RedirectResponse("/login?" + urllib.parse.urlencode({"next": nxt, "refused": key}), status_code=303)
            resp.set_cookie(
                auth.REFUSED_COOKIE,
                held.cookie(),
                max_age=int(REFUSAL_SECONDS),
                path="/login",
                httponly=True,
                samesite="lax",
                secure=is_secure(request),
            )
            return resp
        resp = RedirectResponse(nxt, status_code=303)
        set_session(request, resp, token)
        ctx.set_device(request, resp)
        ctx.remember(token, p)
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

    ctx.share(form=form, page=page, page_=page_, page_error=page_error)
