"""The load client of the web benches: guests seated at tables, and players that answer their turns over websockets.

``bench/web_load.py`` (one process), ``bench/cluster.py`` (several workers) and ``bench/spectators.py`` (an audience
at every table) measure the server with the same players, so they share them here: a figure of one bench can be
read against another's only when the clients behave alike (what a player answers, when a move counts, how pacing,
refusals and closed sockets are handled).
"""

from __future__ import annotations

import asyncio
import json
import random
import secrets
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any


def pct(xs: list[float], p: float) -> float:
    """The ``p``-th percentile of ``xs`` (nan for none)."""
    if not xs:
        return float("nan")
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(p / 100 * len(xs)))]


def report(label: str, moves: int, seconds: float, lat: list[float], errors: int) -> float:
    """Print one run's line (moves/s, latency p50/p99, errors); returns the moves per second."""
    rate = moves / seconds
    print(
        f"{label}: {moves} moves in {seconds:.0f} s = {rate:,.0f} moves/s; latency send→new view "
        f"p50 {pct(lat, 50) * 1000:.1f} ms, p99 {pct(lat, 99) * 1000:.1f} ms; errors {errors}"
    )
    return rate


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


def ask(msg: dict[str, Any], rng: random.Random) -> dict[str, Any] | None:
    """What a player answers to a state: a random legal move, or the tap on "Würfeln" when his throw is due (the
    server waits for it: a person throws his own dice), or nothing."""
    if msg["legal"]:
        return {"action": rng.choice(msg["legal"])["action"], "expected_seq": msg["seq"]}
    throw = msg.get("throw")
    if throw and not throw.get("bot") and throw.get("seat") in msg.get("my_seats", ()):
        return {"throw": True, "expected_seq": msg["seq"], "seat": throw["seat"]}
    return None


@dataclass(frozen=True)
class Seat:
    """One player's socket: the table's websocket URL, the player's cookie, and the table's index (its seats share
    one pace)."""

    url: str
    cookie: str
    table: int


def seats(ws_bases: Sequence[str], tables: list[list[str]]) -> list[Seat]:
    """Every player of ``tables`` (as :func:`setup_tables` returns them), player ``k`` of table ``i`` on the server
    ``ws_bases[(i + k + 1) % n]``: with several workers (table ``i`` created on worker ``i % n``) most sockets then
    go to a worker that does not own their table — the worst case a load balancer that knows nothing of tables
    produces; with one server, all on it."""
    n = len(ws_bases)
    return [
        Seat(f"{ws_bases[(i + k + 1) % n]}/ws/table/{t[0]}", cookie, i)
        for i, t in enumerate(tables)
        for k, cookie in enumerate(t[1:])
    ]


async def drive(players: list[Seat], seconds: float, interval: float = 0.0) -> tuple[int, list[float], int]:
    """Every player answers his turns (:func:`ask`) for ``seconds`` after a warm-up of 1.5 s. ``interval`` > 0 paces
    each table to one move per ``interval`` seconds (players with a little think time); 0 answers at once (closed
    loop: the saturation point). Returns the moves counted (throws included), the latencies from sending to the
    state that acknowledges it, and the errors: refusals, sockets closed or never opened (counted, not retried: a
    load run measures the steady state), and requests still unanswered 10 s after the end. A socket with nothing
    to answer and no request of its own out when the run ends is closed, not counted: the other player of its table
    may have stopped before making the move it waited for."""
    import websockets

    latencies: list[float] = []
    moves = errors = 0
    closes: Counter[Any] = Counter()
    counting = False
    stop_at = float("inf")
    rng = random.Random(1)
    t0 = time.perf_counter()
    n_tables = max((p.table for p in players), default=0) + 1
    pace = [t0 + (i / n_tables) * interval for i in range(n_tables)]
    out: set[Seat] = set()  # the players whose last request is not answered yet

    async def play(p: Seat) -> None:
        nonlocal moves, errors
        async with websockets.connect(
            p.url, additional_headers={"Cookie": p.cookie}, max_size=2**22, compression=None
        ) as ws:
            sent_at = 0.0
            waiting_for = -1
            while True:
                raw = await ws.recv()
                now = time.perf_counter()
                if (
                    waiting_for < 0
                    and now < stop_at
                    and '"legal":[],' in raw
                    and '"throw":null' in raw
                    and '"finished":true' not in raw
                ):
                    continue  # nothing to answer and nothing we wait for: skip parsing (keeps the client cheap)
                msg = json.loads(raw)
                if msg["type"] == "error":
                    errors += 1
                    waiting_for = -1  # refused: the next state is ours to answer again
                    out.discard(p)
                    continue
                if msg["type"] != "state":
                    if now >= stop_at and waiting_for < 0:
                        return
                    continue
                if 0 <= waiting_for <= msg["seq"]:
                    if counting and now < stop_at:
                        latencies.append(now - sent_at)
                        moves += 1
                    waiting_for = -1
                    out.discard(p)
                if msg["finished"] or now >= stop_at:
                    return
                request = ask(msg, rng)
                if request is not None and waiting_for < 0:
                    if interval:
                        due = pace[p.table]
                        if due > now:
                            await asyncio.sleep(due - now)
                        pace[p.table] = max(due, time.perf_counter()) + interval
                    sent_at = time.perf_counter()
                    waiting_for = msg["seq"] + 1
                    out.add(p)
                    await ws.send(json.dumps(request))

    async def player(p: Seat) -> None:
        nonlocal errors
        try:
            await play(p)
        except (OSError, websockets.exceptions.WebSocketException) as exc:
            # e.g. 4503 from a worker whose table moved to another one
            errors += 1
            closes[getattr(getattr(exc, "rcvd", None), "code", None) or type(exc).__name__] += 1

    tasks = [asyncio.create_task(player(p)) for p in players]
    await asyncio.sleep(1.5)  # connect everyone and warm up; count from here
    counting = True
    stop_at = time.perf_counter() + seconds
    _, rest = await asyncio.wait(tasks, timeout=seconds + 1)
    waiting = {t for t, p in zip(tasks, players, strict=True) if t in rest and p in out}
    _, stalled = await asyncio.wait(waiting, timeout=9) if waiting else (set(), set())
    for t in rest:  # idle sockets at once; a request unanswered 10 s after the end: counted, never waited for
        t.cancel()
    await asyncio.gather(*rest, return_exceptions=True)
    errors += len(stalled)
    if stalled:
        print(f"    {len(stalled)} requests heard no answer in the 10 s after the run's end", flush=True)
    if closes:
        print(f"    sockets ended early: {dict(closes)}", flush=True)
    return moves, latencies, errors
