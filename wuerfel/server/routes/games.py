"""The game catalogue (the lobby's games, a game's options, the rule editor's check), the translations and the health
check."""

from __future__ import annotations

import asyncio
from typing import Any

from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse, Response

from wuerfel.engine.edges import game_edges
from wuerfel.engine.errors import N_, WuerfelError
from wuerfel.engine.registry import GameInfo, all_games, get_game
from wuerfel.engine.rules import (
    describe_options,
    flatten_overrides,
    humanize_params,
    option_schema,
    options_to_dict,
    set_dotted,
)
from wuerfel.i18n import catalog, translate
from wuerfel.server import auth, game_files
from wuerfel.server.live import (
    PROTOCOL_VERSION,
)
from wuerfel.server.routes.context import Context
from wuerfel.server.routes.deps import ApiError, body_json, check_csrf, lang_of


def register(app: FastAPI, ctx: Context) -> None:
    """Add the area's handlers to ``app`` (once, from create_app); they look the shared helpers up on ``ctx`` when
    they run."""
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
        from wuerfel.bots import available_bots, bot_label, default_bot

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
            # Only the bots that can play here: one that needs the extra ``solvers`` is not offered without it.
            "bots": available_bots(info.id),
            "bot_labels": {b: bot_label(b, lang) for b in available_bots(info.id)},
            "default_bot": default_bot(info),
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
            **(assets := game_files.web_assets(info)),
            # kept for clients of protocol 7 and before, when it meant "the game has a table of its own"
            "has_template": assets["web_module"] is not None,
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
        still answers pages (503 with the database's error, for monitors and the people reading them). ``worker``
        is this worker's id ("local" for one process), the name ``table_leases.owner`` gives a table's owner by:
        how an operator finds the process that runs a table (docs/deploy.md)."""
        hub = ctx.hub()
        problem = hub.writer.failing or await asyncio.to_thread(app.state.store.writable)
        if problem:
            return JSONResponse(
                {"ok": False, "protocol": PROTOCOL_VERSION, "worker": hub.member, "database": problem}, status_code=503
            )
        return JSONResponse({"ok": True, "protocol": PROTOCOL_VERSION, "worker": hub.member})

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
            out["explanation"] = await asyncio.to_thread(ctx.explanation, info, rules_id, rules, lang, players)
        if info.bank_edges is not None:
            # The bank's exact edge under exactly these rules (a changed payout changes it): the lobby's rules panel.
            out["bank_edges"] = game_edges(info, info.rules_from_dict(rules), lang)
        return out

    @app.get("/api/i18n")
    async def api_i18n(request: Request) -> dict[str, Any]:
        lang = lang_of(request)
        return {"lang": lang, "messages": catalog(lang)}

    ctx.share(game_json=game_json, known_game=known_game, resolve_rules=resolve_rules, rules_name=rules_name)
