"""Spectator amplification (issue 24, L6): the players' moves per second at tables with 0 and with N spectators.

Starts ``wuerfel serve`` on a fresh SQLite database, sets up ``--tables`` tables of two guests playing Pig (the
test plug-in game with an unreachable target, as in ``web_load.py``), and lets both players of every table answer
at once for ``--seconds``: first with nobody watching, then with ``--spectators`` anonymous spectator connections
per table that read every message (as a browser does). Prints moves/s and the p50/p99 latency of each run, and the
ratio. A broadcast encodes one message per kind of reader (each seat's, one for all spectators); what remains per
spectator is its send. The clients share the machine with the server, so the figures are lower bounds.

    python bench/spectators.py [--tables 10] [--spectators 100] [--seconds 10]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import sys
import tempfile
import time
from typing import Any

from bench.web_load import ROOT, free_port, report, setup_tables, start, stop


async def drive(ws_base: str, tables: list[list[str]], seconds: float) -> tuple[int, list[float], int]:
    """Both players of every table answer at once for ``seconds`` (closed loop: the saturation point): a move when
    one is legal, "Würfeln" when the throw that starts the turn waits for this player. Returns the moves (throws
    included), the latencies from sending to the state that answers it, and the errors."""
    import websockets

    latencies: list[float] = []
    moves = errors = 0
    counting = False
    stop_at = float("inf")

    async def player(tid: str, cookie: str) -> None:
        nonlocal moves, errors
        async with websockets.connect(
            f"{ws_base}/ws/table/{tid}", additional_headers={"Cookie": cookie}, max_size=2**22, compression=None
        ) as ws:
            sent_at, waiting_for = 0.0, -1
            while True:
                msg = json.loads(await ws.recv())
                now = time.perf_counter()
                if msg["type"] == "error":
                    errors += 1
                    waiting_for = -1
                    continue
                if msg["type"] != "state":
                    continue
                if 0 <= waiting_for <= msg["seq"]:
                    if counting and now < stop_at:
                        latencies.append(now - sent_at)
                        moves += 1
                    waiting_for = -1
                if msg["finished"] or now >= stop_at:
                    return
                if waiting_for >= 0:
                    continue
                out: dict[str, Any] | None = None
                if msg["legal"]:
                    out = {"action": msg["legal"][0]["action"], "expected_seq": msg["seq"]}
                elif msg["throw"] and msg["throw"]["seat"] in msg["my_seats"]:
                    out = {"throw": True, "expected_seq": msg["seq"]}
                if out is not None:
                    sent_at, waiting_for = time.perf_counter(), msg["seq"] + 1
                    await ws.send(json.dumps(out))

    tasks = [asyncio.create_task(player(t[0], cookie)) for t in tables for cookie in t[1:]]
    await asyncio.sleep(1.5)  # connect everyone and warm up; count from here
    counting = True
    stop_at = time.perf_counter() + seconds
    await asyncio.gather(*tasks, return_exceptions=True)
    return moves, latencies, errors


async def watch(ws_base: str, tables: list[list[str]], per_table: int, run: Any) -> Any:
    """Run ``run()`` while ``per_table`` anonymous spectators read along at every table."""
    import websockets

    ready = 0
    done = asyncio.Event()

    async def spectator(tid: str) -> None:
        nonlocal ready
        async with websockets.connect(f"{ws_base}/ws/table/{tid}", max_size=2**22, compression=None) as ws:
            ready += 1
            while not done.is_set():
                try:
                    await asyncio.wait_for(ws.recv(), 0.5)
                except TimeoutError:
                    continue

    tasks = [asyncio.create_task(spectator(t[0])) for t in tables for _ in range(per_table)]
    deadline = time.monotonic() + 120
    while ready < len(tasks) and time.monotonic() < deadline:
        await asyncio.sleep(0.05)
    try:
        return await run()
    finally:
        done.set()
        await asyncio.gather(*tasks, return_exceptions=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--tables", type=int, default=10)
    ap.add_argument("--spectators", type=int, default=100, help="spectators per table in the second run")
    ap.add_argument("--seconds", type=float, default=10.0)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
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
                f"sqlite:///{tmp}/bench.db",
                "--bot-delay",
                "0",
            ],
            port,
            {
                "PYTHONPATH": os.pathsep.join([str(ROOT), str(ROOT / "tests" / "plugins" / "toy")]),
                "WUERFEL_WS_PER_ADDRESS": "1000000",
            },
        )  # every bench connection comes from 127.0.0.1
        try:
            base = f"http://127.0.0.1:{port}"
            ws_base = base.replace("http", "ws", 1)
            rates = []
            for watching in (0, args.spectators):
                tables = asyncio.run(setup_tables(base, args.tables, 2, "pig", {"target": 10**9}))

                async def run(tables: list[list[str]] = tables, watching: int = watching) -> Any:
                    return await watch(ws_base, tables, watching, lambda: drive(ws_base, tables, args.seconds))

                moves, lat, errors = asyncio.run(run())
                rates.append(
                    report(
                        f"{args.tables} tables × 2 players, {watching} spectators each",
                        moves,
                        args.seconds,
                        lat,
                        errors,
                    )
                )
            print(f"with {args.spectators} spectators per table: {rates[1] / rates[0]:.2f} of the moves/s without")
        finally:
            stop(srv)


if __name__ == "__main__":
    main()
