"""The archive of finished games, the players' profiles with their plots, and the leaderboards (issue 16)."""

from __future__ import annotations

import asyncio
import math
import urllib.parse
from typing import Any

from fastapi import FastAPI, Request
from fastapi.responses import Response

from wuerfel.engine.errors import N_
from wuerfel.engine.registry import get_game
from wuerfel.i18n import translate
from wuerfel.server import bot_accounts
from wuerfel.server.app import ARCHIVE_PAGE, RECENT_RESULTS, SCORE_PLOT_GAMES
from wuerfel.server.live import (
    bot_numbers,
)
from wuerfel.server.routes.context import Context
from wuerfel.server.routes.deps import ApiError, image_lang, lang_of
from wuerfel.server.rows import SeatRow
from wuerfel.server.store import Store


def register(app: FastAPI, ctx: Context) -> None:
    """Add the area's handlers to ``app`` (once, from create_app); they look the shared helpers up on ``ctx`` when
    they run."""

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
            "rules_name": ctx.rules_name(g.game, g.rules_id, lang),
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
        me = await ctx.player_of(request)
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
                {"game": g, "game_name": game_label(g, lang), "rules_id": r, "rules_name": ctx.rules_name(g, r, lang)}
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
        me = await ctx.player_of(request)
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
        bot = await ctx.bot_json(who) if own and not who.bot else None
        owner = await asyncio.to_thread(bot_accounts.owner_of, store, who.id) if who.bot else None
        return {
            "player": who.to_json(),
            "own": own,
            "games": games,
            "bot_account": bot,
            "bot_owner": {"name": owner.name, "profile_url": f"/players/{urllib.parse.quote(owner.name)}"}
            if owner
            else None,
            "archive_url": f"/archive?player={quoted}",
            "dice_url": f"/api/players/{quoted}/dice",
            "recent": [
                {
                    "table_id": r["table_id"],
                    "game": r["game"],
                    "game_name": game_label(r["game"], lang),
                    "rules_name": ctx.rules_name(r["game"], r["rules_id"], lang),
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
        info = ctx.known_game(game[:64])
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

    ctx.share(archive_of=archive_of, leaderboard_of=leaderboard_of, profile_of=profile_of)
