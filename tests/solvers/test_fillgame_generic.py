"""The fill-the-boxes solver on a game with four-sided dice against a brute-force expectimax.

Kniffel, Escalero and Ohio all throw six-sided dice, for which the kernels take unrolled paths (keep values over six
children, best keeps over six padded parent rows); this small sheet goes through the general paths, and its upper
bonus makes the live upper totals start above 0, so the compact per-state work tables are offset too.
"""

from __future__ import annotations

import hashlib
import itertools
import os
import subprocess
import sys
from functools import cache
from pathlib import Path

import numpy as np
import pytest

from wuerfel.solvers.fillgame import FillSpec, dice_space, solve_fill_game

N, SIDES, THROWS, THR, BONUS = 3, 4, 3, 6, 7
BOXES = ("ones", "fours", "pair", "sum")


def points(box: str, roll: tuple[int, ...]) -> int:
    """The sheet's scoring: counts of a face for the two bonus boxes, 5 for a pair or better, the sum."""
    if box == "ones":
        return roll.count(1)
    if box == "fours":
        return 4 * roll.count(4)
    if box == "pair":
        return 5 if len(set(roll)) < len(roll) else 0
    return sum(roll)


def spec() -> FillSpec:
    sp = dice_space(N, SIDES)
    scores = np.array([[[points(b, r) for r in sp.rolls]] * THROWS for b in BOXES], dtype=np.float64)
    return FillSpec(
        name="four-sided",
        n_dice=N,
        sides=SIDES,
        throws=THROWS,
        min_keep=0,
        max_keep=N - 1,
        box_names=BOXES,
        scores=scores,
        bonus_box=np.array([True, True, False, False]),
        bonus_threshold=THR,
        bonus_value=BONUS,
    )


def throw(kept: tuple[int, ...]) -> list[tuple[tuple[int, ...], float]]:
    """Every ordered throw of the other dice, each with its probability, as the sorted roll it makes."""
    k = N - len(kept)
    return [(tuple(sorted(kept + d)), SIDES**-k) for d in itertools.product(range(1, SIDES + 1), repeat=k)]


@cache
def turn_start(open_boxes: frozenset[str], upper: int) -> float:
    if not open_boxes:
        return 0.0
    return sum(p * after(open_boxes, upper, 1, roll) for roll, p in throw(()))


@cache
def after(open_boxes: frozenset[str], upper: int, t: int, roll: tuple[int, ...]) -> float:
    best = max(write(open_boxes, upper, b, roll) for b in open_boxes)
    if t < THROWS:
        for size in range(N):  # keep 0..N-1 dice: every sub-multiset of the roll
            for kept in set(itertools.combinations(roll, size)):
                best = max(best, sum(p * after(open_boxes, upper, t + 1, r) for r, p in throw(kept)))
    return best


def write(open_boxes: frozenset[str], upper: int, box: str, roll: tuple[int, ...]) -> float:
    s = points(box, roll)
    gain = float(s)
    if box in ("ones", "fours"):
        if upper < THR <= upper + s:
            gain += BONUS
        upper = min(THR, upper + s)
    return gain + turn_start(open_boxes - {box}, upper)


def test_general_paths_match_brute_force() -> None:
    E = solve_fill_game(spec())
    every = frozenset(BOXES)
    for mask in range(1 << len(BOXES)):
        open_boxes = frozenset(b for i, b in enumerate(BOXES) if not (mask >> i) & 1)
        if not open_boxes:
            continue
        filled_upper = (every - open_boxes) & {"ones", "fours"}
        reachable = {
            min(THR, a + 4 * c)
            for a in range(N + 1)
            if "ones" in filled_upper or a == 0
            for c in range(N + 1)
            if "fours" in filled_upper or c == 0
        }
        for u in sorted(reachable):
            assert E[mask, 0, u] == pytest.approx(turn_start(open_boxes, u), abs=1e-12), (sorted(open_boxes), u)
    assert E[0, 0, 0] > 0


LIGHT_LOAD = """
import hashlib, sys
from tests.solvers.test_fillgame_generic import spec
from wuerfel.solvers.fillgame import solve_fill_game
E = solve_fill_game(spec())
print(hashlib.sha256(E.tobytes()).hexdigest(), "numba.np.npyimpl" in sys.modules)
"""


def test_fresh_process_loads_the_cached_kernel_without_numbas_refresh() -> None:
    """A fresh process's first solve takes the solve kernel from numba's disk cache without numba's context refresh
    (``wuerfel.solvers.jit.load_cached_kernel``: the refresh imports numba's lowering modules such as
    ``numba.np.npyimpl``), and solves the same table to the bit."""
    E = solve_fill_game(spec())  # compiles the kernel into numba's cache if no earlier test has
    root = Path(__file__).resolve().parents[2]
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(root), os.environ.get("PYTHONPATH", "")])}
    out = subprocess.run(
        [sys.executable, "-c", LIGHT_LOAD], env=env, cwd=root, check=True, capture_output=True, text=True, timeout=300
    ).stdout.split()
    assert out == [hashlib.sha256(E.tobytes()).hexdigest(), "False"]
