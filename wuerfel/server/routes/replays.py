"""A finished table's record, its replay page by page and the provably fair dice's checks (issue 16)."""

from __future__ import annotations

import asyncio
from typing import Any

from fastapi import FastAPI, Request

from wuerfel.engine.errors import N_
from wuerfel.i18n import translate
from wuerfel.server.app import REPLAY_PAGE
from wuerfel.server.live import (
    LiveTable,
)
from wuerfel.server.routes.context import Context
from wuerfel.server.routes.deps import ApiError, base_url, lang_of
from wuerfel.server.store import Store


def register(app: FastAPI, ctx: Context) -> None:
    """Add the area's handlers to ``app`` (once, from create_app); they look the shared helpers up on ``ctx`` when
    they run."""

    async def finished_table(table_id: str) -> LiveTable:
        t = await ctx.seen_table(table_id)
        if t.row.status != "finished" or t.match is None:
            raise ApiError("not_finished", N_("The game is not finished yet."), 409)
        return t

    @app.get("/api/tables/{table_id}/record")
    async def api_record(request: Request, table_id: str) -> dict[str, Any]:
        """The record as the asker may see it: his seats' own secrets included, the rest as the table saw it (a
        throw never uncovered stays under the cup, for everybody else for ever)."""
        t = await finished_table(table_id)
        assert t.match is not None
        return t.record().seen_by(t.seats_of(await ctx.player_of(request))).to_json()

    # --- provably fair dice (issue 16): the replay page's check and a player's dice statistics ----------------
    @app.get("/api/tables/{table_id}/verify")
    async def api_verify(request: Request, table_id: str) -> dict[str, Any]:
        """The check ``wuerfel verify`` makes, run by the server on the record as the asker may download it (what
        the replay page shows as "alle Würfe geprüft"). A sceptic runs the command on the downloaded record."""
        from wuerfel.engine.fairdice import verify_record

        t = await finished_table(table_id)
        assert t.match is not None
        record = t.record().seen_by(t.seats_of(await ctx.player_of(request)))
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

    ctx.share(finished_table=finished_table, replay_steps=replay_steps)
