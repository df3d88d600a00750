"""The server's memory (issue 17): running tables of Würfelspiel with the strong bot, and finished tables read by GET.

Starts ``wuerfel serve`` from a checkout (``--root``, default this one: run it once with the main checkout for the
"before") on a fresh SQLite database and prints the server's resident memory (RSS, from /proc) at each step:

1. idle, after start-up;
2. ``--finished`` finished tables, each a whole Würfelspiel game played by random bots and written into the database
   before the server starts, fetched once each by ``GET /api/tables/{id}`` and the first replay page — before, after,
   and the growth per table (the server used to keep each such table in memory until restart);
3. ``--tables`` running tables, two ``best`` bots each (the three-column Brettspielnetz rules; ``--preset``),
   started through the API; measured once every table's bots are made and have moved (``--bot-delay`` paces them so
   the games run on slowly and cost little CPU) — the first table's (the shared tables and compiled kernels) and
   the growth per further table; with ``--play`` they then play to their end (the strong bot solves its endgames
   in the last turns): the peak while they play and what stays once all finished.

    python bench/server_memory.py [--tables 20] [--finished 50] [--root /work/main]
"""

from __future__ import annotations

import argparse
import os
import secrets
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # run as a script too (python bench/server_memory.py)

from bench.web_load import free_port, start, stop  # noqa: E402


def rss_mb(pid: int) -> float:
    """Resident memory of process ``pid`` in MB (VmRSS)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def settled_rss(pid: int, quiet: float = 1.5) -> float:
    """RSS once it stopped moving (the server's garbage collection and frees run on their own schedule)."""
    last = rss_mb(pid)
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        time.sleep(quiet)
        now = rss_mb(pid)
        if abs(now - last) < 0.5:
            return now
        last = now
    return last


def write_finished_tables(db_url: str, root: Path, n: int, preset: str) -> list[str]:
    """``n`` finished Würfelspiel tables of two random bots, whole games, written straight into the database (with
    the store of the checkout under test, in a child process so its modules are the ones measured)."""
    code = f"""
import random, sys
from wuerfel.bots.base import RandomBot
from wuerfel.engine.record import Match
from wuerfel.engine.registry import get_game
from wuerfel.server.rows import EventRow, SeatRow
from wuerfel.server.store import Store
store = Store.open({db_url!r})
host = store.create_player("Bench")
info = get_game("wuerfelspiel")
rules = info.resolve({preset!r}).data
ids = []
for i in range({n}):
    row = store.create_table("wuerfelspiel", {preset!r}, rules, 2, False, False, host.id,
                             [SeatRow(0, None, "random", "random"), SeatRow(1, None, "random", "random")])
    m = Match.new("wuerfelspiel", {preset!r}, ["bot:random 1", "bot:random 2"], rules=info.rules_from_dict(rules),
                  meta={{"table": row.id, "seats": ["bot:random", "bot:random"]}})
    rng = random.Random(i)
    bot = RandomBot(i)
    while not m.state.is_terminal():
        st = m.state
        if st.is_chance():
            outs = [(o, float(p)) for o, p in st.chance_outcomes() if p > 0]
            m.chance(rng.choices([o for o, _ in outs], [p for _, p in outs])[0])
        else:
            p = st.actors()[0]
            m.act(bot.choose(st, p), p)
    store.set_status(row.id, "playing")
    store.append([EventRow(row.id, k + 1, ev) for k, ev in enumerate(m.record.events)], [(row.id, "finished")])
    ids.append(row.id)
print(" ".join(ids))
"""
    out = subprocess.run(
        [sys.executable, "-c", code],
        cwd=root,
        env={**os.environ, "PYTHONPATH": str(root)},
        capture_output=True,
        text=True,
        check=True,
    )
    return out.stdout.split()


def guest(client: Any, name: str) -> dict[str, str]:
    """A guest's headers (session cookie and the CSRF token bound to it)."""
    csrf = secrets.token_urlsafe(16)
    r = client.post("/api/guest", json={"name": name}, headers={"X-CSRF-Token": csrf, "Cookie": f"wuerfel_csrf={csrf}"})
    r.raise_for_status()
    cookie = f"wuerfel_csrf={csrf}; wuerfel_session={r.cookies['wuerfel_session']}"
    bound = client.get("/api/session", headers={"Cookie": cookie}).json()["csrf_token"]
    return {"X-CSRF-Token": bound, "Cookie": cookie}


def bot_table(client: Any, headers: dict[str, str], preset: str) -> str:
    r = client.post(
        "/api/tables",
        json={"game": "wuerfelspiel", "preset": preset, "seats": 2, "sit": False, "bots": {"0": "best", "1": "best"}},
        headers=headers,
    )
    r.raise_for_status()
    tid = str(r.json()["id"])
    client.post(f"/api/tables/{tid}/start", headers=headers).raise_for_status()
    return tid


def wait_moved(client: Any, ids: list[str], seq: int, timeout: float = 900) -> None:
    """Until every table's log has at least ``seq`` events (its bots are made and have played)."""
    deadline = time.monotonic() + timeout
    left = list(ids)
    while left:
        if time.monotonic() > deadline:
            raise SystemExit(f"{len(left)} tables did not reach seq {seq}")
        left = [t for t in left if client.get(f"/api/tables/{t}").json()["seq"] < seq]
        if left:
            time.sleep(1)


BOT_PROBE = """
import random, sys, tracemalloc
from wuerfel.bots import make_bot
from wuerfel.engine.record import Match
from wuerfel.engine.registry import get_game
game_id, preset, kind = sys.argv[1], sys.argv[2] or None, sys.argv[3]
info = get_game(game_id)
def play(bots, seed):
    m = Match.new(game_id, preset, ["a", "b"])
    rng = random.Random(seed)
    while not m.state.is_terminal():
        st = m.state
        if st.is_chance():
            outs = [(o, float(p)) for o, p in st.chance_outcomes() if p > 0]
            m.chance(rng.choices([o for o, _ in outs], [p for _, p in outs])[0])
        else:
            p = st.actors()[0]
            m.act(bots[p].choose(st, p), p)
tracemalloc.start()
m = Match.new(game_id, preset, ["a", "b"])
first = [make_bot(game_id, kind, m.game, 1), make_bot(game_id, kind, m.game, 2)]
one = tracemalloc.get_traced_memory()[0]
second = [make_bot(game_id, kind, Match.new(game_id, preset, ["a", "b"]).game, s) for s in (3, 4)]
two = tracemalloc.get_traced_memory()[0]
play(first, 1)
played = tracemalloc.get_traced_memory()[0]
play(second, 2)
both = tracemalloc.get_traced_memory()[0]
print(one / 1e6, (two - one) / 1e6, (played - two) / 1e6, (both - played) / 1e6)
"""
BOTS = [
    ("wuerfelspiel", "brettspielnetz", "best"),
    ("wuerfelspiel", "kniffel", "best"),
    ("escalero", "", "optimal"),
    ("zehntausend", "", "optimal"),
    ("eins-bis-sechzehn", "", "best"),
    ("verdecktes-wuerfelpoker", "", "heuristic"),
    ("lustige-sieben", "", "heuristic"),
]


def bot_memory(root: Path) -> None:
    """Where each strong bot's memory goes (tracemalloc, Python and numpy allocations; compiled kernels are not
    traced): the first table's two bots (the shared tables built), the second table's two (what is built again
    per table), one game played by the first table's, then one by the second table's (what each table keeps)."""
    print(
        "bot memory (tracemalloc, MB): first table's 2 bots | second table's 2 bots | a game of the first | "
        "a game of the second"
    )
    for game_id, preset, kind in BOTS:
        r = subprocess.run(
            [sys.executable, "-c", BOT_PROBE, game_id, preset, kind],
            cwd=root,
            env={**os.environ, "PYTHONPATH": str(root)},
            capture_output=True,
            text=True,
        )
        if r.returncode != 0:
            print(f"  {game_id} {preset or 'default'} {kind}: not measured ({r.stderr.strip().splitlines()[-1]})")
            continue
        a, b, c, d = (float(x) for x in r.stdout.split())
        print(f"  {game_id} {preset or 'default'} {kind}: {a:.1f} | {b:.2f} | {c:.2f} | {d:.2f}")


def play_out(client: Any, pid: int, ids: list[str], timeout: float = 3600) -> tuple[float, float]:
    """Let the tables play to their end, sampling the RSS every second: (peak while playing, once all finished)."""
    peak = rss_mb(pid)
    deadline = time.monotonic() + timeout
    left = list(ids)
    while left:
        if time.monotonic() > deadline:
            raise SystemExit(f"{len(left)} tables did not finish")
        time.sleep(1)
        peak = max(peak, rss_mb(pid))
        left = [t for t in left if client.get(f"/api/tables/{t}").json()["status"] != "finished"]
    return peak, settled_rss(pid)


def main() -> None:
    import httpx

    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--tables", type=int, default=20, help="running tables of two best bots")
    ap.add_argument("--finished", type=int, default=50, help="finished tables fetched once each")
    ap.add_argument("--preset", default="brettspielnetz")
    ap.add_argument("--bot-delay", type=float, default=2.0)
    ap.add_argument("--root", type=Path, default=ROOT, help="the checkout whose server is measured")
    ap.add_argument("--bots", action="store_true", help="only where each bot's memory goes (tracemalloc)")
    ap.add_argument("--play", action="store_true", help="then let the running tables play to their end")
    args = ap.parse_args()
    root = args.root.resolve()
    if args.bots:
        bot_memory(root)
        return
    rev = subprocess.run(
        ["git", "-C", str(root), "rev-parse", "--short", "HEAD"], capture_output=True, text=True
    ).stdout.strip()
    print(f"server from {root} ({rev}); Würfelspiel '{args.preset}'")
    with tempfile.TemporaryDirectory() as tmp:
        db_url = f"sqlite:///{Path(tmp) / 'w.db'}"
        t0 = time.perf_counter()
        finished = write_finished_tables(db_url, root, args.finished, args.preset) if args.finished else []
        print(f"  {len(finished)} finished tables written ({time.perf_counter() - t0:.1f} s)")
        port = free_port()
        cmd = [
            sys.executable,
            "-m",
            "wuerfel",
            "serve",
            "--port",
            str(port),
            "--db",
            db_url,
            "--bot-delay",
            str(args.bot_delay),
            "--log-level",
            "warning",
        ]
        proc = start(cmd, port, root=root)
        base = f"http://127.0.0.1:{port}"
        client = httpx.Client(base_url=base, timeout=120)
        try:
            idle = settled_rss(proc.pid)
            print(f"idle after start-up: {idle:.0f} MB")
            if finished:
                # One warm-up fetch first: the game's modules and the replay's code load once per process.
                client.get(f"/api/tables/{finished[0]}").raise_for_status()
                client.get(f"/api/tables/{finished[0]}/replay").raise_for_status()
                before = settled_rss(proc.pid)
                for tid in finished[1:]:
                    client.get(f"/api/tables/{tid}").raise_for_status()
                    client.get(f"/api/tables/{tid}/replay").raise_for_status()
                after = settled_rss(proc.pid)
                n = len(finished) - 1
                print(
                    f"finished tables: {n} fetched by GET (summary + replay page): {before:.0f} → {after:.0f} MB, "
                    f"+{after - before:.1f} MB, {(after - before) / n * 1000:.0f} kB per table"
                )
            if args.tables:
                headers = guest(client, "Bench")
                t1 = time.perf_counter()
                first = bot_table(client, headers, args.preset)
                wait_moved(client, [first], 3)
                one = settled_rss(proc.pid)
                print(
                    f"1 running table of two best bots: {one:.0f} MB (+{one - idle:.0f} MB over idle: the shared "
                    f"tables and compiled kernels; {time.perf_counter() - t1:.0f} s to the first moves)"
                )
                ids = [bot_table(client, headers, args.preset) for _ in range(args.tables - 1)]
                wait_moved(client, ids, 3)
                many = settled_rss(proc.pid)
                n = len(ids)
                if n:
                    print(
                        f"{args.tables} running tables: {many:.0f} MB, +{many - one:.0f} MB for {n} more, "
                        f"{(many - one) / n:.1f} MB per further table"
                    )
                if args.play:
                    t1 = time.perf_counter()
                    peak, end = play_out(client, proc.pid, [first, *ids])
                    print(
                        f"played to the end ({time.perf_counter() - t1:.0f} s): peak {peak:.0f} MB "
                        f"({(peak - idle) / args.tables:.1f} MB per table over idle, endgames included), "
                        f"{end:.0f} MB once all finished"
                    )
        finally:
            client.close()
            stop(proc)


if __name__ == "__main__":
    main()
