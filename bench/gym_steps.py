"""Steps per second of the Gymnasium envs (``wuerfel/interop/gymnasium.py``), with and without exact labels.

A step is one ``env.step`` (one decision of the seat; the throws after it are resolved inside). Each env plays
seeded games with a uniformly random legal action (from the mask), once with ``labels=False`` and once with the
exact labels in ``info``; the first reset's time (building the view vector, loading the tables) is printed apart.
These are the figures the issue's closing note compares with OpenSpiel's built-in pig and yacht. Run from the
repository root:

    .venv/bin/python bench/gym_steps.py [--seconds S] [--only ENV_ID]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import gymnasium
import numpy as np

from wuerfel.interop.gymnasium import solitaire_rule_sets


def rate(env_id: str, labels: bool, seconds: float) -> tuple[float, float, int]:
    """(first reset in seconds, steps per second, steps) of random play for about ``seconds``."""
    env = gymnasium.make(env_id, labels=labels)
    rng = np.random.default_rng(0)
    t0 = time.perf_counter()
    obs, _ = env.reset(seed=0)
    first = time.perf_counter() - t0
    steps, seed, t0 = 0, 0, time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        obs, _, done, _, _ = env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        steps += 1
        if done:
            seed += 1
            obs, _ = env.reset(seed=seed)
    return first, steps / (time.perf_counter() - t0), steps


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="seconds of play per env and mode")
    parser.add_argument("--only", action="append", default=[], help="an env id (repeatable)")
    args = parser.parse_args()
    print(f"{'env':32} {'first reset s':>13} {'steps/s':>9} {'labelled: first s':>17} {'steps/s':>9}")
    for env_id, _, _ in solitaire_rule_sets():
        if args.only and env_id not in args.only:
            continue
        plain = rate(env_id, False, args.seconds)
        try:
            labelled = rate(env_id, True, args.seconds)
            text = f"{labelled[0]:17.2f} {labelled[1]:9.0f}"
        except Exception as exc:  # a table too large to build here: say so, go on with the others
            text = f"{'—':>17} {type(exc).__name__}"
        print(f"{env_id:32} {plain[0]:13.2f} {plain[1]:9.0f} {text}", flush=True)


if __name__ == "__main__":
    main()
