"""Spectator amplification (issue 24, L6): the players' moves per second at tables with 0 and with N spectators.

Starts ``wuerfel serve`` on a fresh SQLite database, sets up ``--tables`` tables of two guests playing Pig (the
test plug-in game with an unreachable target, as in ``web_load.py``), and lets both players of every table answer
at once for ``--seconds``: first with nobody watching, then with ``--spectators`` anonymous spectator connections
per table that read every message (as a browser does). Prints moves/s and the p50/p99 latency of each run, and the
ratio. A broadcast encodes one message per kind of reader (each seat's, one for all spectators); what remains per
spectator is its send. The clients share the machine with the server, so the figures are lower bounds.

    python -m bench.spectators [--tables 10] [--spectators 100] [--seconds 10] [--separate] [--rate R]

``--separate`` reads the spectators' sockets in a process of their own; ``--rate`` lets the players think between
moves, so the figure to read is the latency honest players see with and without an audience.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
import tempfile
import time
from typing import Any

from bench.drive import drive, report, seats, setup_tables
from bench.web_load import ROOT, serve, stop
from wuerfel.server.core.pacing import SPECTATOR_INTERVAL


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


async def watch_only(ws_base: str, table_ids: list[str], per_table: int) -> None:
    """The spectators alone (``--watch-only``): connect, say "ready" on stdout, read until stdin closes."""
    done = asyncio.Event()
    loop = asyncio.get_running_loop()
    loop.add_reader(sys.stdin.fileno(), lambda: sys.stdin.readline() or done.set())

    async def until_done() -> None:
        print("ready", flush=True)
        await done.wait()

    await watch(ws_base, [[t] for t in table_ids], per_table, until_done)


class Watchers:
    """The spectators in a process of their own (``--separate``): the players' client then does not read 1,000
    sockets in its own event loop, which measured the client's load as much as the server's."""

    def __init__(self, ws_base: str, tables: list[list[str]], per_table: int) -> None:
        import subprocess

        self.proc = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "bench.spectators",
                "--watch-only",
                ws_base,
                str(per_table),
                *(t[0] for t in tables),
            ],
            cwd=ROOT,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            env={**os.environ, "PYTHONPATH": str(ROOT)},
        )
        assert self.proc.stdout is not None
        if self.proc.stdout.readline().strip() != "ready":
            raise SystemExit("the spectators' process did not connect")

    def close(self) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.close()
        try:
            self.proc.wait(30)
        except Exception:
            self.proc.kill()


def main() -> None:
    if len(sys.argv) > 1 and sys.argv[1] == "--watch-only":
        asyncio.run(watch_only(sys.argv[2], sys.argv[4:], int(sys.argv[3])))
        return
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--tables", type=int, default=10)
    ap.add_argument("--spectators", type=int, default=100, help="spectators per table in the second run")
    ap.add_argument("--seconds", type=float, default=10.0)
    ap.add_argument(
        "--interval",
        type=float,
        default=SPECTATOR_INTERVAL,
        help="seconds between two messages to one spectator in the paced run (the server's default)",
    )
    ap.add_argument(
        "--separate",
        action="store_true",
        help="the spectators in a process of their own, apart from the players' client",
    )
    ap.add_argument(
        "--rate",
        type=float,
        default=0.0,
        help="offered moves/s per table (players think between moves); 0: answer at once (saturation)",
    )
    args = ap.parse_args()
    rates = []
    # Three runs, each on a server of its own: nobody watching; the spectators told of every move at once (the
    # server before issue 24's pacing, interval 0); the spectators paced as the server now does by default.
    for watching, interval in ((0, args.interval), (args.spectators, 0.0), (args.spectators, args.interval)):
        with tempfile.TemporaryDirectory() as tmp:
            srv, port = serve(
                f"sqlite:///{tmp}/bench.db",
                env={
                    # every bench connection comes from 127.0.0.1: the per-address caps would refuse them
                    "WUERFEL_SPECTATORS_PER_ADDRESS": "1000000",
                    "WUERFEL_ANONYMOUS_SPECTATORS_PER_TABLE": str(max(1, args.spectators)),
                    "WUERFEL_SPECTATOR_INTERVAL": str(interval),
                },
            )
            try:
                base = f"http://127.0.0.1:{port}"
                ws_base = base.replace("http", "ws", 1)
                tables = asyncio.run(setup_tables(base, args.tables, 2, "pig", {"target": 10**9}))

                async def run(
                    tables: list[list[str]] = tables, watching: int = watching, ws_base: str = ws_base
                ) -> Any:
                    # think time: the table's players together make ``rate`` moves a second
                    interval = 1 / args.rate if args.rate > 0 else 0.0
                    play = lambda: drive(seats([ws_base], tables), args.seconds, interval)  # noqa: E731
                    if args.separate or not watching:
                        return await play()
                    return await watch(ws_base, tables, watching, play)

                watchers = Watchers(ws_base, tables, watching) if args.separate and watching else None
                try:
                    moves, lat, errors = asyncio.run(run())
                finally:
                    if watchers is not None:
                        watchers.close()
                paced = f", paced every {interval:g} s" if watching and interval else (", unpaced" if watching else "")
                rates.append(
                    report(
                        f"{args.tables} tables × 2 players, {watching} spectators each{paced}",
                        moves,
                        args.seconds,
                        lat,
                        errors,
                    )
                )
            finally:
                stop(srv)
    print(
        f"with {args.spectators} spectators per table: {rates[1] / rates[0]:.2f} of the moves/s without "
        f"(unpaced), {rates[2] / rates[0]:.2f} (paced every {args.interval:g} s)"
    )


if __name__ == "__main__":
    main()
