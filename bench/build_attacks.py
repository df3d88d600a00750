"""The H1/H2 attacks of issue 24 §4 in process: disk, memory and latency figures with the build bounds (a benchmark,
not a test: it prints, it asserts nothing).

1. **Disk (H1)**: ``--rulesets N`` made-up Würfelspiel rule sets (one bonus threshold each) solved into a fresh cache
   folder, their one-column and slack tables (what the ``best`` bot's planner reads), under ``--budget-mb``: the
   bytes written in all against the bytes left on disk, and that the preset's table stays.
2. **Latency (H2)**: ``--builds N`` builds that each hold a thread for ``--build-seconds`` (a stand-in for the
   planner's ~23 s), asked at once from one address, while a "store call" (a no-op in ``asyncio.to_thread``, as every
   store call runs) is timed every 20 ms: before (builds in the default executor, as the server did) and now
   (:class:`wuerfel.server.builds.BuildGate`: own threads and caps; refused builds fall back at once).
3. **Memory (H2)**: ``--tables N`` tables of ``--table-mb`` each stored in the shared cache under ``--memory-mb``:
   the bytes held and the process's RSS against what no budget would hold.

``python bench/build_attacks.py [--rulesets 6] [--budget-mb 60] [--builds 20] [--build-seconds 2] [--tables 20]
[--table-mb 40] [--memory-mb 160]``
"""

from __future__ import annotations

import argparse
import asyncio
import dataclasses
import os
import resource
import statistics
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))


def rss_mb() -> float:
    """The process's resident memory now (Linux: /proc), in MB."""
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def disk(rulesets: int, budget_mb: float) -> None:
    from wuerfel.engine import shared
    from wuerfel.engine.registry import get_game
    from wuerfel.games.wuerfelspiel import solver
    from wuerfel.solvers import diskcache

    with tempfile.TemporaryDirectory(prefix="wuerfel-bench-cache-") as tmp:
        os.environ["WUERFEL_CACHE_DIR"] = tmp
        os.environ[diskcache.ENV] = str(budget_mb)
        preset = get_game("wuerfelspiel").load_rules(None)
        written = 0
        t0 = time.perf_counter()
        solver.tables(preset, fresh=True)
        for i in range(rulesets):
            rules = dataclasses.replace(preset, upper_bonus_threshold=preset.upper_bonus_threshold + 1 + i)
            before = {p.name for p in Path(tmp).glob("*.npy")}
            solver.slack_tables(rules, 8, fresh=True)
            now = {p: p.stat().st_size for p in Path(tmp).glob("*.npy")}
            written += sum(size for p, size in now.items() if p.name not in before)
            shared.forget()
        forever, others = diskcache.usage(Path(tmp))
        print(f"H1 disk: {rulesets} made-up rule sets in {time.perf_counter() - t0:.1f} s; budget {budget_mb:g} MB")
        print(f"  written (at least) {written / 2**20:8.1f} MB — without a budget all of it stays")
        print(
            f"  on disk now        {others / 2**20:8.1f} MB of made-up rule sets, "
            f"{forever / 2**20:.1f} MB of presets (kept: {sorted(diskcache.kept(Path(tmp)))})"
        )


async def latency(builds: int, seconds: float) -> None:
    from wuerfel.server.builds import BuildBusy, BuildGate

    def build() -> None:
        time.sleep(seconds)  # holds its thread like a build does (the GIL aside)

    async def probe(until: float) -> list[float]:
        out: list[float] = []
        while time.perf_counter() < until:
            t = time.perf_counter()
            await asyncio.to_thread(lambda: None)
            out.append((time.perf_counter() - t) * 1000)
            await asyncio.sleep(0.02)
        return out

    def show(name: str, ms: list[float], extra: str = "") -> None:
        print(f"  {name:7} store call p50 {statistics.median(ms):7.1f} ms, max {max(ms):7.1f} ms{extra}")

    print(
        f"H2 latency: {builds} builds of {seconds:g} s from one address at once "
        f"(default executor: {min(32, (os.cpu_count() or 1) + 4)} threads)"
    )
    loop = asyncio.get_running_loop()
    t0 = time.perf_counter()
    jobs = [loop.run_in_executor(None, build) for _ in range(builds)]
    ms = await probe(t0 + seconds * 2)
    await asyncio.gather(*jobs)
    show("before", ms, f"; all builds done after {time.perf_counter() - t0:.1f} s")

    for spread in ("one address", "an address each"):
        gate = BuildGate()
        t0 = time.perf_counter()
        tasks = [
            asyncio.ensure_future(
                gate.build(("bench", i), "198.51.100.1" if spread == "one address" else f"198.51.100.{i}", build)
            )
            for i in range(builds)
        ]
        ms = await probe(t0 + seconds * 2)
        done = await asyncio.gather(*tasks, return_exceptions=True)
        refused = sum(isinstance(d, BuildBusy) for d in done)
        show(
            "now",
            ms,
            f" ({spread}): {refused} of {builds} refused at once (a lighter bot plays meanwhile), "
            f"{builds - refused} built",
        )
    gate.close()


def memory(tables: int, table_mb: float, memory_mb: float) -> None:
    from wuerfel.engine import shared

    shared.forget()
    shared.set_memory_budget(memory_mb)
    base = rss_mb()
    peak = base
    t0 = time.perf_counter()
    for i in range(tables):
        shared.shared("bench.table", i, lambda: np.ones(int(table_mb * 2**20), dtype=np.uint8))
        peak = max(peak, rss_mb())
    print(
        f"H2 memory: {tables} rule sets' tables of {table_mb:g} MB under a budget of {memory_mb:g} MB "
        f"({time.perf_counter() - t0:.1f} s)"
    )
    print(
        f"  held {shared.held_bytes() / 2**20:.0f} MB (no budget: {tables * table_mb:.0f} MB); "
        f"RSS +{rss_mb() - base:.0f} MB now, +{peak - base:.0f} MB at most"
    )
    shared.forget()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rulesets", type=int, default=6)
    ap.add_argument("--budget-mb", type=float, default=60.0)
    ap.add_argument("--builds", type=int, default=20)
    ap.add_argument("--build-seconds", type=float, default=2.0)
    ap.add_argument("--tables", type=int, default=20)
    ap.add_argument("--table-mb", type=float, default=40.0)
    ap.add_argument("--memory-mb", type=float, default=160.0)
    ap.add_argument("--only", choices=("disk", "latency", "memory"))
    args = ap.parse_args()
    if args.only in (None, "disk"):
        disk(args.rulesets, args.budget_mb)
    if args.only in (None, "latency"):
        asyncio.run(latency(args.builds, args.build_seconds))
    if args.only in (None, "memory"):
        memory(args.tables, args.table_mb, args.memory_mb)


if __name__ == "__main__":
    main()
