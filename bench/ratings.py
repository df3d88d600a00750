"""What a rated game's end costs (issue 16): the commit that ends a game, with and without the ratings' update.

Prints, per database (SQLite file; PostgreSQL at 127.0.0.1:5432, database ``test``, when reachable) and table size,
the median milliseconds of ``Store.append`` ending a game at an unrated table and at a rated one (openskill's
Plackett-Luce update, the ratings read and written back, the history rows), plus the plots' first and cached draw.
Run: ``python bench/ratings.py [--games N]``.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from wuerfel.engine.record import Event
from wuerfel.server.rows import EventRow, GameResult, SeatRow
from wuerfel.server.store import Store


def databases() -> Iterator[tuple[str, str]]:
    with tempfile.TemporaryDirectory() as tmp:
        yield "sqlite", f"sqlite:///{Path(tmp) / 'bench.db'}"
    try:
        from tests.server.cluster.services import pg_unreachable
        from tests.server.conftest import pg_schema

        if pg_unreachable("test") is None:
            with pg_schema() as url:
                yield "postgresql", url
    except Exception as exc:  # the bench runs without the test tree or the server too
        print(f"postgresql skipped: {exc}")


def end_ms(store: Store, players: list[int], seats: int, rated: bool, games: int) -> float:
    out = []
    for g in range(games):
        rows = [
            SeatRow(k, players[k], None, f"P{k}") if k < len(players) else SeatRow(k, None, "random", "random")
            for k in range(seats)
        ]
        t = store.create_table("pig", "standard", {}, seats, False, False, players[0], rows, hints=False, rated=rated)
        ranking = [[(g + k) % seats] for k in range(seats)]
        t0 = time.perf_counter()
        store.append(
            [EventRow(t.id, 1, Event("action", {"kind": "hold"}, 0))],
            [(t.id, "finished")],
            results=[GameResult(t.id, ranking, [float(seats - i) for i in range(seats)])],
        )
        out.append((time.perf_counter() - t0) * 1000)
    return statistics.median(out)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=50)
    args = ap.parse_args()
    print("database    seats  unrated end ms  rated end ms")
    for name, url in databases():
        store = Store.open(url)
        try:
            players = [store.create_player(f"B{k}", "h").id for k in range(6)]
            for seats in (2, 4, 6):
                plain = end_ms(store, players[: seats - 1], seats, False, args.games)
                rated = end_ms(store, players[: seats - 1], seats, True, args.games)
                print(f"{name:<11} {seats:>5}  {plain:>14.2f}  {rated:>12.2f}")
        finally:
            store.close()
    from wuerfel.server import plots

    scores = tuple(float(x % 37) for x in range(200))
    t0 = time.perf_counter()
    plots.score_histogram(scores, "x", "y")
    first = (time.perf_counter() - t0) * 1000
    t0 = time.perf_counter()
    plots.score_histogram(scores, "x", "y")
    again = (time.perf_counter() - t0) * 1000
    print(f"score plot (200 games): first {first:.1f} ms (matplotlib import included), cached {again:.3f} ms")


if __name__ == "__main__":
    main()
