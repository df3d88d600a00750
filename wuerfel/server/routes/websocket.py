"""The websocket of a live table (docs/protocol.md): the handshake, the player's connection and, in a cluster, the
relay to the worker that owns the table."""

from __future__ import annotations

from urllib.parse import urlsplit

from fastapi import FastAPI, WebSocket, WebSocketDisconnect

from wuerfel.i18n import translate
from wuerfel.server.app import CLOSE_BAD_TOKEN
from wuerfel.server.cluster.owner import CLOSE_MOVED
from wuerfel.server.cluster.proxy import WebSocketClient, relay
from wuerfel.server.live import (
    CLOSE_LIMIT,
    Conn,
    error_json,
)
from wuerfel.server.messages import encode
from wuerfel.server.routes.context import Context
from wuerfel.server.routes.deps import ApiError, base_url, lang_of


def register(app: FastAPI, ctx: Context) -> None:
    """Add the area's handlers to ``app`` (once, from create_app); they look the shared helpers up on ``ctx`` when
    they run."""

    @app.websocket("/ws/table/{table_id}")
    async def ws_table(ws: WebSocket, table_id: str) -> None:
        origin = ws.headers.get("origin")
        if origin and urlsplit(origin).netloc != ws.headers.get("host"):
            await ws.close(code=1008)
            return
        worker = ctx.hub().node
        owner = await worker.elsewhere(table_id) if worker is not None else None
        t = await ctx.hub().get(table_id) if owner is None else None
        if t is None and owner is None:
            await ws.close(code=4404)
            return
        lang = lang_of(ws)
        try:
            p = await ctx.player_of(ws)
        except ApiError as exc:
            # a wrong or revoked bot token: said in the client's language, then the door closes; nothing changed
            await ws.accept()
            await ws.send_text(encode(error_json(exc.code, translate(exc.msgid, lang, **exc.params))))
            await ws.close(code=CLOSE_BAD_TOKEN)
            return
        q = ws.query_params

        def as_int(v: str | None) -> int | None:
            try:
                return int(v) if v is not None else None
            except ValueError:
                return None

        await ws.accept()
        h = ctx.hub()
        address = ws.client.host if ws.client else ""
        if worker is not None and (owner is not None or h.tables.get(table_id) is not t):
            # Another worker owns the table: this socket is relayed to it (cluster/proxy.py); a table that changed
            # hands just now sends the client to reconnect.
            if owner is None:
                await ws.close(code=CLOSE_MOVED)
                return
            await relay(
                worker,
                WebSocketClient(ws),
                owner,
                table_id,
                {
                    "player": p.to_json() if p else None,
                    "lang": lang,
                    "seat": as_int(q.get("seat")),
                    "since": as_int(q.get("since")),
                    "address": address,
                    "base_url": base_url(ws),
                },
            )
            return
        assert t is not None
        conn = Conn(ws, p, lang, as_int(q.get("seat")), as_int(q.get("since")), base_url(ws), on_drop=t.leave)
        refused = h.admit(t, conn, address)
        if refused is not None:
            # A clear refusal the page can show, then the door closes; nothing else was sent or changed.
            await ws.send_text(encode(error_json(refused.code, refused.message(lang))))
            await ws.close(code=CLOSE_LIMIT)
            return
        try:
            await t.join(conn)
            while not conn.closed:
                msg = await ws.receive()
                if msg["type"] == "websocket.disconnect":
                    break
                data = msg.get("text")
                if data is None:
                    data = msg.get("bytes") or b""
                await t.handle(conn, data)
        except (WebSocketDisconnect, RuntimeError):
            pass
        finally:
            h.release(conn, address)
            t.leave(conn)
            if conn.closer is not None:
                # The server closed this socket with a code (4503 owner moved, 4408 too slow): the close must go out
                # before the handler returns, or uvicorn drops the connection and the client sees no code.
                await conn.closer
