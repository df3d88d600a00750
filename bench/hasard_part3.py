"""Figures for part 3 of the Hasard games: Va banque's solved operation choices against the book's rule of thumb,
Zehnerspiel's and Lustige Sieben's exact bank edges, and how long ``wuerfel odds`` takes per game.

Run from the repository root: ``python bench/hasard_part3.py``. Prints figures; asserts nothing.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from wuerfel.engine.odds import class_probabilities
from wuerfel.engine.registry import all_games
from wuerfel.games.hasard.va_banque import OPS, _continuation, expected_value, policy_value, rule_of_thumb


def main() -> None:
    _continuation.cache_clear()
    expected_value.cache_clear()
    t0 = time.perf_counter()
    best = expected_value()
    solve = time.perf_counter() - t0
    t0 = time.perf_counter()
    thumb = policy_value(rule_of_thumb)
    greedy = policy_value(
        lambda v, unused, f: max(
            (o for o in OPS if o in unused and (o != "/" or v % f == 0)),
            key=lambda o: (v + f, v - f, v * f, abs(v) // f)[OPS.index(o)],
        )
    )
    walk = time.perf_counter() - t0
    print("Va banque: expected final value of one player's five dice")
    print(f"  solved optimum      {float(best):8.4f}  ({best})  solved in {solve * 1000:.1f} ms")
    print(f"  book's rule of thumb {float(thumb):7.4f}")
    print(f"  greedy (largest now) {float(greedy):7.4f}   (both policies walked exactly in {walk:.2f} s)")
    print()
    print("wuerfel odds: time per game and rule set (default rules)")
    for info in all_games():
        if info.odds is None:
            continue
        rules = info.load_rules(None)
        t0 = time.perf_counter()
        odds = info.odds(rules)
        probs = class_probabilities(odds)
        dt = time.perf_counter() - t0
        notes = ", ".join(f"{n.key} = {n.value}" for n in odds.notes)
        print(f"  {info.id:26s} {len(probs):2d} classes  {dt * 1000:7.1f} ms  {notes}")


if __name__ == "__main__":
    main()
