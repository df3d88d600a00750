"""Paired comparison of two 3-column player variants on the same dice (fixed per game, turn and throw).

Usage: python bench/wuerfelspiel_paired.py [--games 4000] [--seed 11] [--jobs 2]
       --a 'late_open=12' --b 'late_open=12,endgame_open=14'

Each variant is a comma-separated list of ``name=value`` settings of
:func:`wuerfel.games.wuerfelspiel.player.simulate` (``slack_scale``, ``here_shift``, ``late_open``,
``endgame_open``, …); an empty one is the player as shipped. Both play the same games with the dice fixed per
(game, turn, throw), so they see the same dice even after their decisions part; the standard error of the difference
is then about a third of that of two unpaired means (docs/wuerfelspiel.md). Totals are cached per variant, games and
code (in the solver cache directory), so a baseline is played once. Prints both means and the paired difference
b − a with its standard error.
"""

from __future__ import annotations

import argparse
import ast
import hashlib
import os
import sys
import time
from concurrent.futures import Executor, ProcessPoolExecutor
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


CHUNK = 250
"""Games per block (each block's dice depend on the seed and its first game only; see ``fixed_dice``)."""


def parse_variant(text: str) -> dict[str, object]:
    """'a=1,b=(0.2,0.3)' → {'a': 1, 'b': (0.2, 0.3)} (values are Python literals)."""
    out: dict[str, object] = {}
    depth = 0
    part = ""
    parts = []
    for ch in text:
        depth += ch in "(["
        depth -= ch in ")]"
        if ch == "," and depth == 0:
            parts.append(part)
            part = ""
        else:
            part += ch
    if part.strip():
        parts.append(part)
    for p in parts:
        name, _, value = p.partition("=")
        out[name.strip()] = ast.literal_eval(value.strip())
    return out


def _code_digest() -> str:
    """A digest of the code that decides the games: a cached result is reused only while it is unchanged."""
    root = Path(__file__).resolve().parent.parent / "wuerfel"
    h = hashlib.sha256()
    for f in sorted(
        [
            *root.glob("games/wuerfelspiel/*.py"),
            root / "solvers" / "fillgame.py",
            *root.glob("games/wuerfelspiel/data/*"),
        ]
    ):
        h.update(f.read_bytes())
    return h.hexdigest()[:16]


def _run(args: tuple[str, dict[str, object], int, int, int]) -> list[float]:
    from wuerfel.engine.registry import get_game
    from wuerfel.games.wuerfelspiel.player import fixed_dice, simulate

    rules_name, knobs, seed, first, count = args
    rules = get_game("wuerfelspiel").load_rules(rules_name)
    return list(simulate(rules, count, seed, fixed_dice=fixed_dice(rules, seed, first, count), **knobs))


def play_fixed(pool: Executor, rules_name: str, knobs: dict[str, object], seed: int, games: int) -> np.ndarray:
    """Totals of ``games`` games of the fixed-dice series ``seed``, played in blocks of ``CHUNK`` on ``pool``."""
    import numpy as np

    blocks = [(rules_name, knobs, seed, s, min(CHUNK, games - s)) for s in range(0, games, CHUNK)]
    return np.concatenate([np.array(r) for r in pool.map(_run, blocks)])


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=4000)
    ap.add_argument("--seed", type=int, default=11)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--rules", default="brettspielnetz")
    ap.add_argument("--a", default="")
    ap.add_argument("--b", default="")
    args = ap.parse_args()

    import numpy as np

    from wuerfel.games.wuerfelspiel.solver import cache_dir

    store = cache_dir() / "paired"
    store.mkdir(parents=True, exist_ok=True)
    digest = _code_digest()
    results = {}
    t = time.perf_counter()
    print(f"load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores")
    with ProcessPoolExecutor(args.jobs) as pool:
        for name, text in (("a", args.a), ("b", args.b)):
            knobs = parse_variant(text)
            key = f"{args.rules}-{args.seed}-{args.games}-{digest}-{sorted(knobs.items())}"
            cached = store / (hashlib.sha256(key.encode()).hexdigest()[:24] + ".npy")
            if cached.exists():  # the same variant on the same games with the same code: its totals are known
                results[name] = np.load(cached)
            else:
                results[name] = play_fixed(pool, args.rules, knobs, args.seed, args.games)
                np.save(cached, results[name])
            x = results[name]
            print(
                f"{name} [{text or 'as shipped'}]: mean {x.mean():.2f} ± {x.std(ddof=1) / np.sqrt(len(x)):.2f} "
                f"({time.perf_counter() - t:.0f} s)",
                flush=True,
            )
    d = results["b"] - results["a"]
    print(
        f"b − a over {len(d)} games: {d.mean():+.2f} ± {d.std(ddof=1) / np.sqrt(len(d)):.2f}; "
        f"{(d != 0).mean():.0%} of the games differ"
    )


if __name__ == "__main__":
    main()
