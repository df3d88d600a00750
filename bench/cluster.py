"""Several workers against one process (issue 25 §4): the same load script on each set-up, in one run.

Set-ups: one process on SQLite (the embedded default), one process on PostgreSQL, and 1, 2 and 3 workers on
PostgreSQL + Redis. Each gets a fresh database (and Redis key space); ``--tables`` Pig tables of ``--players`` guests
are created round-robin on the workers, and every player's websocket goes to the worker after the one its table was
created on, so with several workers most sockets are relayed to their table's owner over Redis — the worst case a
load balancer that knows nothing of tables produces. Then:

- a paced run (``--rate`` offered moves/s in all, players answering after a think time) and a saturation run (every
  player answers at once): moves/s, latency p50/p99 from sending a move to the view that acknowledges it;
- CPU per move: the CPU time the workers used during the saturation run, and the same with PostgreSQL's and Redis's
  own processes added, per move; and moves per worker-CPU-second, the figure the issue compares (target: 2 workers
  at ≥ 80 % of the single process's);
- failover (with 2 workers): ``--failovers`` times a table is played through both workers, its owner is killed
  with SIGKILL, and the time from the kill to the next acknowledged move is measured (the clients reconnect as the
  page does; the lease is ``--lease-ttl`` seconds);
- memory: a worker's RSS per idle running table and per open connection.

On 2 cores the load client, the workers, PostgreSQL and Redis share the CPU: the table says so rather than pretend
the workers had the machine to themselves.

    python -m bench.cluster [--tables 30] [--players 2] [--seconds 8] [--rate 300] [--failovers 5]
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import signal
import statistics
import subprocess
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bench.drive import ask, drive, pct, seats, setup_tables
from bench.web_load import serve, stop

TICKS = os.sysconf("SC_CLK_TCK")


def cpu_seconds(pid: int) -> float:
    """User + system CPU of one process so far."""
    return sum(cpu_split(pid))


def cpu_split(pid: int) -> tuple[float, float]:
    """User and system CPU of one process so far (the system part is mostly the sockets: to the clients, to Redis,
    to PostgreSQL)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0, 0.0
    return int(fields[11]) / TICKS, int(fields[12]) / TICKS


def service_pids() -> list[int]:
    """PostgreSQL's and Redis's processes on this machine (their CPU is part of a move's cost in a cluster)."""
    out = []
    for d in Path("/proc").iterdir():
        if d.name.isdigit():
            with contextlib.suppress(OSError):
                name = (d / "comm").read_text().strip()
                if name.startswith(("postgres", "redis-server")):
                    out.append(int(d.name))
    return out


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


@dataclass
class Setup:
    label: str
    workers: int
    db: str
    redis: bool
    procs: list[subprocess.Popen[bytes]] = field(default_factory=list)
    ports: list[int] = field(default_factory=list)


@contextlib.contextmanager
def spaces(pg: bool, redis: bool) -> Iterator[tuple[str | None, Any]]:
    from tests.server.cluster.services import fresh_pg_database, fresh_redis

    with contextlib.ExitStack() as stack:
        url = stack.enter_context(fresh_pg_database()) if pg else None
        space = stack.enter_context(fresh_redis()) if redis else None
        yield url, space


def start_worker(db: str, space: Any, lease_ttl: float) -> tuple[subprocess.Popen[bytes], int]:
    if space is None:
        return serve(db)
    return serve(db, "--redis", space.url, "--lease-ttl", str(lease_ttl), env={"WUERFEL_REDIS_PREFIX": space.prefix})


# --- load -----------------------------------------------------------------------------------------------------
async def make_tables(bases: list[str], n_tables: int, players: int) -> list[list[str]]:
    out: list[list[str]] = [[] for _ in range(n_tables)]
    for w, base in enumerate(bases):
        mine = list(range(w, n_tables, len(bases)))
        made = await setup_tables(base, len(mine), players, "pig", {"target": 1_000_000})
        for i, t in zip(mine, made, strict=True):
            out[i] = t
    return out


def profile(s: Setup, args: argparse.Namespace) -> list[subprocess.Popen[bytes]]:
    """With ``--py-spy PATH``: sample each worker during the saturation run into ``--profile-dir`` (collapsed stacks,
    one file per set-up and worker; read them with ``bench/README.md``'s one-liner or any flame-graph tool)."""
    if not args.py_spy:
        return []
    out = Path(args.profile_dir)
    out.mkdir(parents=True, exist_ok=True)
    slug = s.label.split(",")[0].replace(" ", "-")
    return [
        subprocess.Popen(
            [
                args.py_spy,
                "record",
                "--pid",
                str(p.pid),
                "--duration",
                str(int(args.seconds + 1.5)),
                "--rate",
                "200",
                "--format",
                "raw",
                "--nonblocking",
                "--gil",
                "--output",
                str(out / f"{slug}-{s.db}-w{i}.txt"),
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        for i, p in enumerate(s.procs)
    ]


def run_setup(s: Setup, args: argparse.Namespace) -> dict[str, Any]:
    with spaces(s.db == "pg", s.redis) as (pg_url, space), tempfile.TemporaryDirectory() as tmp:
        db = pg_url or f"sqlite:///{tmp}/bench.db"
        for _ in range(s.workers):
            proc, port = start_worker(db, space, args.lease_ttl)
            s.procs.append(proc)
            s.ports.append(port)
        try:
            bases = [f"http://127.0.0.1:{p}" for p in s.ports]
            tables = asyncio.run(make_tables(bases, args.tables, args.players))
            players = seats([b.replace("http", "ws", 1) for b in bases], tables)
            paced = asyncio.run(drive(players, args.seconds, len(tables) / args.rate if args.rate > 0 else 0.0))
            services = service_pids() if s.db == "pg" else []
            spies = profile(s, args)
            before = [cpu_seconds(p.pid) for p in s.procs], sum(cpu_seconds(p) for p in services)
            sys0 = sum(cpu_split(p.pid)[1] for p in s.procs)
            sat = asyncio.run(drive(players, args.seconds))
            after = [cpu_seconds(p.pid) for p in s.procs], sum(cpu_seconds(p) for p in services)
            system = sum(cpu_split(p.pid)[1] for p in s.procs) - sys0
            for spy in spies:
                spy.wait(timeout=30)
        finally:
            for p in s.procs:
                stop(p)
    worker_cpu = sum(after[0]) - sum(before[0])
    service_cpu = after[1] - before[1]
    moves = sat[0]
    return {
        "label": s.label,
        "paced": paced,
        "sat": sat,
        "worker_cpu": worker_cpu,
        "service_cpu": service_cpu,
        "system": system / worker_cpu if worker_cpu else float("nan"),
        "per_cpu": moves / worker_cpu if worker_cpu else float("nan"),
    }


# --- failover -------------------------------------------------------------------------------------------------
async def failover_once(pg_url: str, space: Any, args: argparse.Namespace) -> float:
    """Seconds from killing a table's owner to the next acknowledged move."""
    import websockets

    a, pa = start_worker(pg_url, space, args.lease_ttl)
    b, pb = start_worker(pg_url, space, args.lease_ttl)
    try:
        bases = [f"http://127.0.0.1:{pa}", f"http://127.0.0.1:{pb}"]
        ((tid, c0, c1),) = await setup_tables(bases[0], 1, 2, "pig", {"target": 1_000_000})
        acked: list[float] = []
        done = asyncio.Event()
        rng = random.Random(1)

        async def player(cookie: str, order: list[str]) -> None:
            seq = -1
            while not done.is_set():
                for base in order:
                    url = f"{base.replace('http', 'ws', 1)}/ws/table/{tid}" + (f"?since={seq}" if seq >= 0 else "")
                    try:
                        async with websockets.connect(url, additional_headers={"Cookie": cookie}, open_timeout=2) as ws:
                            waiting = -1
                            while not done.is_set():
                                msg = json.loads(await ws.recv())
                                if msg.get("type") != "state":
                                    continue
                                if msg["seq"] > seq:
                                    seq = msg["seq"]
                                if waiting >= 0 and msg["seq"] >= waiting:
                                    acked.append(time.perf_counter())
                                    waiting = -1
                                request = ask(msg, rng)
                                if request is not None and waiting < 0:
                                    waiting = msg["seq"] + 1
                                    await ws.send(json.dumps(request))
                    except (TimeoutError, OSError, websockets.exceptions.WebSocketException):
                        await asyncio.sleep(0.1)  # as the page does: try again (the other worker when one is dead)

        tasks = [asyncio.create_task(player(c0, bases)), asyncio.create_task(player(c1, bases[::-1]))]
        deadline = time.perf_counter() + 20
        while len(acked) < 10 and time.perf_counter() < deadline:
            await asyncio.sleep(0.05)
        killed = time.perf_counter()
        a.send_signal(signal.SIGKILL)  # the table was created on a: a owns it
        a.wait()
        while not any(t > killed for t in acked) and time.perf_counter() < killed + 30:
            await asyncio.sleep(0.02)
        done.set()
        for t in tasks:
            t.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        after = [t for t in acked if t > killed]
        return after[0] - killed if after else float("inf")
    finally:
        stop(b)
        if a.poll() is None:
            stop(a)


def failovers(args: argparse.Namespace) -> list[float]:
    out = []
    with spaces(True, True) as (pg_url, space):
        for _ in range(args.failovers):
            out.append(asyncio.run(failover_once(pg_url or "", space, args)))
    return out


# --- memory ---------------------------------------------------------------------------------------------------
async def open_sockets(base: str, tables: list[list[str]]) -> list[Any]:
    import websockets

    socks = []
    for t in tables:
        for cookie in t[1:]:
            ws = await websockets.connect(
                f"{base.replace('http', 'ws', 1)}/ws/table/{t[0]}",
                additional_headers={"Cookie": cookie},
                max_size=2**22,
            )
            await ws.recv()
            socks.append(ws)
    return socks


def memory(args: argparse.Namespace) -> tuple[float, float]:
    """RSS per idle running table and per open connection of one worker (PostgreSQL + Redis)."""
    with spaces(True, True) as (pg_url, space):
        proc, port = start_worker(pg_url or "", space, args.lease_ttl)
        try:
            base = f"http://127.0.0.1:{port}"
            asyncio.run(make_tables([base], 10, 2))  # warm: imports, caches
            r0 = rss_mb(proc.pid)
            tables = asyncio.run(make_tables([base], args.memory_tables, 2))
            r1 = rss_mb(proc.pid)

            async def hold() -> float:
                socks = await open_sockets(base, tables)
                r = rss_mb(proc.pid)
                for ws in socks:
                    await ws.close()
                return r

            r2 = asyncio.run(hold())
        finally:
            stop(proc)
    return (r1 - r0) * 1024 / args.memory_tables, (r2 - r1) * 1024 / (2 * args.memory_tables)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--tables", type=int, default=30)
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--seconds", type=float, default=8.0)
    ap.add_argument("--rate", type=float, default=300.0, help="offered moves/s of the paced run, all tables together")
    ap.add_argument("--failovers", type=int, default=5)
    ap.add_argument("--lease-ttl", type=float, default=3.0)
    ap.add_argument("--memory-tables", type=int, default=200)
    ap.add_argument("--py-spy", default="", help="path of py-spy: profile every worker during the saturation run")
    ap.add_argument("--profile-dir", default="bench-profiles")
    ap.add_argument("--only", choices=("load", "failover", "memory"))
    ap.add_argument(
        "--setups",
        default="sqlite,pg,1,2,3",
        help="load set-ups to run: sqlite, pg (one process each) and worker counts on PostgreSQL + Redis",
    )
    args = ap.parse_args()
    print(
        f"{os.cpu_count()} cores; {args.tables} Pig tables × {args.players} players; {args.seconds:.0f} s per run; "
        "the load client runs on the same machine",
        flush=True,
    )
    if args.only in (None, "load"):
        chosen = args.setups.split(",")
        setups = [
            *([Setup("1 process, SQLite", 1, "sqlite", False)] if "sqlite" in chosen else []),
            *([Setup("1 process, PostgreSQL", 1, "pg", False)] if "pg" in chosen else []),
            *(
                Setup(f"{k} worker{'s' if k > 1 else ''}, PostgreSQL + Redis", k, "pg", True)
                for k in (1, 2, 3)
                if str(k) in chosen
            ),
        ]
        rows = []
        for s in setups:
            rows.append(run_setup(s, args))
            print(f"  {s.label}: done", flush=True)
        base_rate = rows[0]["per_cpu"]
        print(
            f"\n{'set-up':34} {'paced mv/s':>10} {'p50 ms':>7} {'p99 ms':>7} {'sat mv/s':>9} {'p50 ms':>7} "
            f"{'p99 ms':>7} {'worker ms CPU/mv':>16} {'(sys)':>6} {'+db+redis':>10} {'mv/worker-CPU-s':>15} "
            f"{'vs SQLite':>9}"
        )
        for r in rows:
            pm, pl, _ = r["paced"]
            sm, sl, errs = r["sat"]
            cpu_mv = r["worker_cpu"] / sm * 1000 if sm else float("nan")
            all_mv = (r["worker_cpu"] + r["service_cpu"]) / sm * 1000 if sm else float("nan")
            print(
                f"{r['label']:34} {pm / args.seconds:10.0f} {pct(pl, 50) * 1000:7.1f} {pct(pl, 99) * 1000:7.1f} "
                f"{sm / args.seconds:9.0f} {pct(sl, 50) * 1000:7.1f} {pct(sl, 99) * 1000:7.1f} {cpu_mv:16.2f} "
                f"{r['system']:6.0%} {all_mv:10.2f} {r['per_cpu']:15.0f} {r['per_cpu'] / base_rate:9.2f}"
                + (f"  ({errs} errors)" if errs else "")
            )
    if args.only in (None, "failover"):
        times = failovers(args)
        print(
            f"\nfailover (kill -9 of a table's owner → next acknowledged move), lease {args.lease_ttl:.1f} s, "
            f"{len(times)} kills: median {statistics.median(times):.2f} s, max {max(times):.2f} s "
            f"({', '.join(f'{t:.2f}' for t in times)})"
        )
    if args.only in (None, "memory"):
        per_table, per_conn = memory(args)
        print(
            f"\nmemory of one worker: {per_table:.0f} KB per idle running table, {per_conn:.0f} KB per open connection"
        )


if __name__ == "__main__":
    main()
