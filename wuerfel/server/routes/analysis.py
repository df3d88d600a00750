"""The post-game analysis (issue 16.3): a finished table's turns rated against the best play, and the win-chance
plot."""

from __future__ import annotations

import asyncio
from typing import Any

from fastapi import FastAPI, Request
from fastapi.responses import Response

from wuerfel.engine.advice import MissingTable
from wuerfel.engine.errors import N_, WuerfelError
from wuerfel.i18n import translate
from wuerfel.server import background
from wuerfel.server.app import ANALYSES_KEPT, ANALYSIS_WORKERS, analyse_lacking, lacking_status
from wuerfel.server.routes.context import Context
from wuerfel.server.routes.deps import ApiError, image_lang, lang_of


def register(app: FastAPI, ctx: Context) -> None:
    """Add the area's handlers to ``app`` (once, from create_app); they look the shared helpers up on ``ctx`` when
    they run."""
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
        t = await ctx.finished_table(table_id)
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
            job = tables.request(lacking, ctx.address(request))
            out.update(
                lacking_status(tables, job, key[1], job is None and tables.over_budget(ctx.address(request), lacking))
            )
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
