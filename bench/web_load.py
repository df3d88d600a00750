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
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # run as a script too (python bench/web_load.py)

from bench.drive import drive, pct, report, seats, setup_tables  # noqa: E402


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start(cmd: list[str], port: int, env: dict[str, str] | None = None, root: Path = ROOT) -> subprocess.Popen[bytes]:
    """Run ``cmd`` (a server listening on ``port``) from the checkout ``root`` and wait until it answers
    ``/healthz``: the benches' one way to start a server (``server_memory.py`` starts another checkout's)."""
    import httpx

    # Every bench client comes from 127.0.0.1: the per-address limits a real server keeps (connections, websockets,
    # new guests; issue 24 §4) would refuse the load itself, and the bench measured 0 moves/s behind them.
    limits = {
        "WUERFEL_CONNECTIONS_PER_ADDRESS": "0",
        "WUERFEL_WS_PER_ADDRESS": "1000000",
        "WUERFEL_GUESTS_PER_ADDRESS": "1000000",
        "WUERFEL_REGISTRATIONS_PER_ADDRESS": "1000000",
        "WUERFEL_TABLES_PER_ADDRESS": "1000000",
        "WUERFEL_HASHES_PER_SECOND": "1000",
    }
    proc = subprocess.Popen(
        cmd,
        cwd=root,
        env={**os.environ, "PYTHONPATH": str(root), **limits, **(env or {})},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    deadline = time.monotonic() + 120  # a loaded 2-core machine imports numba slowly
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise SystemExit(f"server failed: {proc.stderr.read().decode() if proc.stderr else ''}")
        try:
            if httpx.get(f"http://127.0.0.1:{port}/healthz", timeout=1).status_code == 200:
                return proc
        except httpx.HTTPError:
            time.sleep(0.1)
    raise SystemExit("server did not start")


def serve(db: str, *args: str, env: dict[str, str] | None = None) -> tuple[subprocess.Popen[bytes], int]:
    """``wuerfel serve`` of this checkout on a free port and the database ``db``, with the test plug-in's Pig (the
    game the loads play) and bots without delay, started as :func:`start` does; returns the process and its port."""
    port = free_port()
    cmd = [sys.executable, "-m", "wuerfel", "serve", "--port", str(port), "--db", db, "--bot-delay", "0", *args]
    plugins = os.pathsep.join([str(ROOT), str(ROOT / "tests" / "plugins" / "toy")])
    proc = start(cmd, port, {"PYTHONPATH": plugins, **(env or {})})
    threading.Thread(target=drain, args=(proc, port), daemon=True).start()
    return proc, port


def drain(proc: subprocess.Popen[bytes], port: int) -> None:
    """Read a server's stderr as it comes (into ``$WUERFEL_BENCH_LOGS/worker-PORT.log`` when that is set): a pipe
    nobody reads fills after 64 KB of log lines (uvicorn says every websocket's open and close there) and the
    server then blocks in its next log call — the whole event loop with it, which once looked like a slow relay."""
    logs = os.environ.get("WUERFEL_BENCH_LOGS")
    if proc.stderr is None:
        return
    if not logs:
        for _ in proc.stderr:
            pass
        return
    with open(Path(logs) / f"worker-{port}.log", "ab") as out:
        for line in proc.stderr:
            out.write(line)


def file_mb(path: Path) -> float:
    return path.stat().st_size / 1e6 if path.exists() else 0.0


def stop(proc: subprocess.Popen[bytes]) -> None:
    proc.send_signal(signal.SIGINT)
    try:
        proc.wait(15)
    except subprocess.TimeoutExpired:
        proc.kill()


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
            srv, port = serve(args.db or f"sqlite:///{tmp}/bench.db", "--ws-impl", args.ws_impl)
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
                interval = len(tables) / args.rate if args.rate > 0 else 0.0  # the tables together offer ``rate``
                moves, lat, errors = asyncio.run(drive(seats([ws_base], tables), args.seconds, interval))
                report(f"paced at {args.rate:,.0f} offered moves/s", moves, args.seconds, lat, errors)
            if args.only in (None, "saturation"):
                moves, lat, errors = asyncio.run(drive(seats([ws_base], tables), args.seconds))
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
