"""Time to build the Zehntausend selection table (legal selections of every throw of 1..N dice, fresh turn).

Prints one line per preset and overlay: throws, selections, Niete throws, cold build time (all caches cleared),
and the time of a 462-throw ``wuerfel score`` batch from warm caches. Run from the repository root:

    /work/venv/bin/python bench/zehntausend_tables.py
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from wuerfel.engine.dice import multisets
from wuerfel.games.zehntausend.melds import clear_caches, legal_selections
from wuerfel.games.zehntausend.options import library, load_rules


def main() -> None:
    print(f"{'rule set':36} {'N':>2} {'throws':>6} {'selections':>10} {'niete':>5} {'cold ms':>8} {'warm ms':>8}")
    total = 0.0
    for name in library().names():
        rules = load_rules(name)
        n = rules.dice.count
        throws = [t for k in range(1, n + 1) for t in multisets(k)]
        clear_caches()
        t0 = time.perf_counter()
        tables = [legal_selections(rules, t) for t in throws]
        cold = time.perf_counter() - t0
        t0 = time.perf_counter()
        for t in throws:
            legal_selections(rules, t)
        warm = time.perf_counter() - t0
        total += cold
        sels = sum(len(x) for x in tables)
        niete = sum(1 for x in tables if not x)
        print(f"{name:36} {n:>2} {len(throws):>6} {sels:>10} {niete:>5} {cold * 1000:>8.1f} {warm * 1000:>8.2f}")
    print(f"total cold build time: {total:.3f} s")


if __name__ == "__main__":
    main()
