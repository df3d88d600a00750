"""A game's and a table's rules explained, its odds and the bank's edges (the rules, odds and edges APIs)."""

from __future__ import annotations

import asyncio
from typing import Any

from fastapi import FastAPI, Request

from wuerfel.engine.edges import game_edges
from wuerfel.engine.errors import N_
from wuerfel.engine.registry import GameInfo
from wuerfel.i18n import LANGUAGES
from wuerfel.server.routes.context import Context
from wuerfel.server.routes.deps import ApiError, lang_of


def register(app: FastAPI, ctx: Context) -> None:
    """Add the area's handlers to ``app`` (once, from create_app); they look the shared helpers up on ``ctx`` when
    they run."""

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
        info = ctx.known_game(game)
        lang = lang if lang in LANGUAGES else lang_of(request)
        rules_id, data = ctx.resolve_rules(info, rules, None, lang)
        return await asyncio.to_thread(explanation, info, rules_id, data, lang, players)

    @app.get("/api/tables/{table_id}/rules")
    async def api_table_rules(request: Request, table_id: str, lang: str | None = None) -> dict[str, Any]:
        """How to play at this table: its own rules (edited ones included) and its number of seats."""
        t = await ctx.need_table(table_id)
        lang = lang if lang in LANGUAGES else lang_of(request)
        return await asyncio.to_thread(explanation, t.info, t.row.rules_id, t.row.rules, lang, t.row.num_seats)

    @app.get("/api/games/{game}/odds")
    async def api_game_odds(request: Request, game: str, preset: str | None = None) -> dict[str, Any]:
        info = ctx.known_game(game)
        lang = lang_of(request)
        rules_id, data = ctx.resolve_rules(info, preset, None, lang)
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
        t = await ctx.need_table(table_id)
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
        t = await ctx.need_table(table_id)
        return await asyncio.to_thread(odds_json, t.info, t.row.rules_id, t.row.rules, lang_of(request))

    ctx.share(explanation=explanation, table_edges=table_edges)
