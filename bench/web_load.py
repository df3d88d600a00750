"""Load test of the web platform: websocket clients drive many concurrent tables of bot-speed players.

Starts ``wuerfel serve`` on a fresh SQLite database (the default store, WAL), seats ``--players`` guests at each of
``--tables`` tables, and lets every player answer its turn at once with a random legal action for ``--seconds``.
Prints moves per second and the p50/p99 latency from sending an action to receiving the new view, then measures the
raw websocket echo rate of the same stack (Starlette websockets on uvicorn) with the same number of connections, so
the platform's cost per move can be read against the framework's floor.

    python bench/web_load.py [--tables 200] [--players 2] [--seconds 10] [--game pig]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import secrets
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start(cmd: list[str], port: int, env: dict[str, str] | None = None) -> subprocess.Popen[bytes]:
    import httpx

    proc = subprocess.Popen(
        cmd,
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT), **(env or {})},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise SystemExit(f"server failed: {proc.stderr.read().decode() if proc.stderr else ''}")
        try:
            if httpx.get(f"http://127.0.0.1:{port}/healthz", timeout=1).status_code == 200:
                return proc
        except httpx.HTTPError:
            time.sleep(0.1)
    raise SystemExit("server did not start")


def file_mb(path: Path) -> float:
    return path.stat().st_size / 1e6 if path.exists() else 0.0


def stop(proc: subprocess.Popen[bytes]) -> None:
    proc.send_signal(signal.SIGINT)
    try:
        proc.wait(15)
    except subprocess.TimeoutExpired:
        proc.kill()


def pct(xs: list[float], p: float) -> float:
    if not xs:
        return float("nan")
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(p / 100 * len(xs)))]


# --- the platform -----------------------------------------------------------------------------------------------
async def setup_tables(
    base: str, n_tables: int, n_players: int, game: str, overrides: dict[str, Any]
) -> list[list[str]]:
    """Create the tables through the public API; returns [table id, cookie header of each seat …] per table."""
    import httpx

    sem = asyncio.Semaphore(16)
    client = httpx.AsyncClient(base_url=base, timeout=60, cookies=None)

    async def player(name: str) -> dict[str, str]:
        # double-submit CSRF: any random token works when the cookie and the header agree
        csrf = secrets.token_urlsafe(16)
        r = await client.post(
            "/api/guest", json={"name": name}, headers={"X-CSRF-Token": csrf, "Cookie": f"wuerfel_csrf={csrf}"}
        )
        r.raise_for_status()
        session = r.cookies["wuerfel_session"]
        cookie = f"wuerfel_csrf={csrf}; wuerfel_session={session}"
        # with a session the CSRF token is bound to it (docs/web.md): ask for the session's token
        bound = (await client.get("/api/session", headers={"Cookie": cookie})).json()["csrf_token"]
        return {"X-CSRF-Token": bound, "Cookie": cookie}

    async def one(i: int) -> list[str]:
        async with sem:
            ps = [await player(f"P{i}-{k}") for k in range(n_players)]
            r = await client.post(
                "/api/tables", json={"game": game, "seats": n_players, "overrides": overrides}, headers=ps[0]
            )
            r.raise_for_status()
            tid = r.json()["id"]
            for k in range(1, n_players):
                (await client.post(f"/api/tables/{tid}/sit", json={"seat": k}, headers=ps[k])).raise_for_status()
            (await client.post(f"/api/tables/{tid}/start", headers=ps[0])).raise_for_status()
            return [tid, *(h["Cookie"] for h in ps)]

    try:
        return list(await asyncio.gather(*(one(i) for i in range(n_tables))))
    finally:
        await client.aclose()


async def drive(ws_base: str, tables: list[list[str]], seconds: float, rate: float) -> tuple[int, list[float], int]:
    """Play for ``seconds``. ``rate`` > 0 paces every table so the tables together offer that many moves per
    second (players with a little think time); ``rate`` 0 answers at once (closed loop: the saturation point)."""
    import websockets

    latencies: list[float] = []
    moves = 0
    errors = 0
    counting = False
    stop_at = float("inf")
    rng = random.Random(1)
    interval = len(tables) / rate if rate > 0 else 0.0

    async def player(tid: str, cookie: str, pace: dict[str, float]) -> None:
        nonlocal moves, errors
        async with websockets.connect(
            f"{ws_base}/ws/table/{tid}", additional_headers={"Cookie": cookie}, max_size=2**22, compression=None
        ) as ws:
            sent_at = 0.0
            waiting_for = -1
            while True:
                raw = await ws.recv()
                now = time.perf_counter()
                if waiting_for < 0 and '"legal":[],"to_move"' in raw and '"finished":true' not in raw and now < stop_at:
                    continue  # not our turn and nothing we wait for: skip parsing (keeps the client cheap)
                msg = json.loads(raw)
                if msg["type"] == "error":
                    errors += 1
                    continue
                if msg["type"] != "state":
                    continue
                if waiting_for >= 0 and msg["seq"] >= waiting_for:
                    if counting and now < stop_at:
                        latencies.append(now - sent_at)
                        moves += 1
                    waiting_for = -1
                if msg["finished"] or now >= stop_at:
                    return
                if msg["legal"] and waiting_for < 0:
                    if interval:
                        due = pace["next"]
                        if due > now:
                            await asyncio.sleep(due - now)
                        pace["next"] = max(due, time.perf_counter()) + interval
                    action = rng.choice(msg["legal"])["action"]
                    sent_at = time.perf_counter()
                    waiting_for = msg["seq"] + 1
                    await ws.send(json.dumps({"action": action, "expected_seq": msg["seq"]}))

    tasks = []
    t_start = time.perf_counter()
    for i, t in enumerate(tables):
        pace = {"next": t_start + (i / len(tables)) * interval}
        for cookie in t[1:]:
            tasks.append(asyncio.create_task(player(t[0], cookie, pace)))
    await asyncio.sleep(1.5)  # connect everyone and warm up; count from here
    counting = True
    stop_at = time.perf_counter() + seconds
    await asyncio.gather(*tasks, return_exceptions=True)
    return moves, latencies, errors


# --- the framework floor ----------------------------------------------------------------------------------------
def echo_app() -> Any:
    from starlette.applications import Starlette
    from starlette.responses import JSONResponse
    from starlette.routing import Route, WebSocketRoute
    from starlette.websockets import WebSocket, WebSocketDisconnect

    async def echo(ws: WebSocket) -> None:
        await ws.accept()
        try:
            while True:
                await ws.send_text(await ws.receive_text())
        except WebSocketDisconnect:
            pass

    async def health(_r: Any) -> JSONResponse:
        return JSONResponse({"ok": True})

    return Starlette(routes=[WebSocketRoute("/echo", echo), Route("/healthz", health)])


async def echo_load(ws_url: str, conns: int, seconds: float, payload: str) -> tuple[int, list[float]]:
    import websockets

    lat: list[float] = []
    count = 0
    stop_at = 0.0

    async def one() -> None:
        nonlocal count
        async with websockets.connect(ws_url, compression=None) as ws:
            while not stop_at:
                await asyncio.sleep(0.01)
            while time.perf_counter() < stop_at:
                t = time.perf_counter()
                await ws.send(payload)
                await ws.recv()
                lat.append(time.perf_counter() - t)
                count += 1

    tasks = [asyncio.create_task(one()) for _ in range(conns)]
    await asyncio.sleep(1.0)
    stop_at = time.perf_counter() + seconds
    await asyncio.gather(*tasks)
    return count, lat


def report(label: str, moves: int, seconds: float, lat: list[float], errors: int) -> float:
    rate = moves / seconds
    print(
        f"{label}: {moves} moves in {seconds:.0f} s = {rate:,.0f} moves/s; latency send→new view "
        f"p50 {pct(lat, 50) * 1000:.1f} ms, p99 {pct(lat, 99) * 1000:.1f} ms; errors {errors}"
    )
    return rate


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--tables", type=int, default=200)
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--seconds", type=float, default=10.0)
    ap.add_argument("--rate", type=float, default=1000.0, help="offered moves/s of the paced run")
    ap.add_argument("--game", default="pig")
    ap.add_argument("--overrides", default='{"target": 1000000}', help="JSON rules overrides")
    ap.add_argument("--ws-impl", default="auto", help="uvicorn websocket implementation of the server")
    ap.add_argument("--only", choices=("paced", "saturation"), help="run only one of the two load runs")
    ap.add_argument("--db", help="database URL of the started server (default: a fresh SQLite file)")
    ap.add_argument("--url", help="use a running server (http://host:port) instead of starting one")
    ap.add_argument("--echo-server", type=int, help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.echo_server:
        import uvicorn

        uvicorn.run(echo_app(), host="127.0.0.1", port=args.echo_server, log_level="warning")
        return
    try:
        import uvloop

        uvloop.install()
    except ImportError:
        pass

    with tempfile.TemporaryDirectory() as tmp:
        srv = None
        if args.url:
            base = args.url.rstrip("/")
        else:
            port = free_port()
            srv = start(
                [
                    sys.executable,
                    "-m",
                    "wuerfel",
                    "serve",
                    "--port",
                    str(port),
                    "--db",
                    args.db or f"sqlite:///{tmp}/bench.db",
                    "--bot-delay",
                    "0",
                    "--ws-impl",
                    args.ws_impl,
                ],
                port,
                {
                    "PYTHONPATH": os.pathsep.join([str(ROOT), str(ROOT / "tests" / "plugins" / "toy")]),
                    # every bench player connects from 127.0.0.1
                    "WUERFEL_WS_PER_ADDRESS": "1000000",
                    "WUERFEL_GUESTS_PER_ADDRESS": "1000000",
                    "WUERFEL_CONNECTIONS_PER_ADDRESS": "0",
                },
            )
            base = f"http://127.0.0.1:{port}"
        try:
            t = time.perf_counter()
            tables = asyncio.run(setup_tables(base, args.tables, args.players, args.game, json.loads(args.overrides)))
            store = "PostgreSQL" if (args.db or "").startswith("postgres") else "SQLite, WAL, synchronous=NORMAL"
            print(
                f"set up {len(tables)} tables × {args.players} players in {time.perf_counter() - t:.1f} s "
                f"({store if not args.url else args.url})"
            )
            ws_base = base.replace("http", "ws", 1)
            sat = float("nan")
            if args.only in (None, "paced"):
                moves, lat, errors = asyncio.run(drive(ws_base, tables, args.seconds, args.rate))
                report(f"paced at {args.rate:,.0f} offered moves/s", moves, args.seconds, lat, errors)
            if args.only in (None, "saturation"):
                moves, lat, errors = asyncio.run(drive(ws_base, tables, args.seconds, 0.0))
                sat = report("saturation (answer at once)", moves, args.seconds, lat, errors)
            if not args.url and not (args.db or "").startswith("postgres"):
                db_file = Path(args.db.split("///", 1)[1]) if args.db else Path(tmp) / "bench.db"
                print(
                    f"SQLite at the end of the load: database {file_mb(db_file):.1f} MB, "
                    f"WAL {file_mb(Path(f'{db_file}-wal')):.1f} MB (the writer checkpoints and truncates it)"
                )
        finally:
            if srv is not None:
                stop(srv)

    eport = free_port()
    echo = start([sys.executable, str(Path(__file__).resolve()), "--echo-server", str(eport)], eport)
    try:
        payload = json.dumps({"action": {"kind": "roll"}, "expected_seq": 123})
        count, elat = asyncio.run(
            echo_load(f"ws://127.0.0.1:{eport}/echo", args.tables * args.players, args.seconds, payload)
        )
    finally:
        stop(echo)
    erate = count / args.seconds
    print(
        f"raw echo (Starlette websockets on uvicorn, {args.tables * args.players} connections, closed loop): "
        f"{erate:,.0f} msgs/s; p50 {pct(elat, 50) * 1000:.1f} ms, p99 {pct(elat, 99) * 1000:.1f} ms"
    )
    print(
        f"saturation moves/s ÷ echo msgs/s = {sat / erate:.2f} (a move = parse, engine, server throw, commit, "
        f"and the new view to {args.players} connections; an echo = one message back)"
    )


if __name__ == "__main__":
    main()
