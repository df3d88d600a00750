"""The solver kernels give the same numbers as plain Python and compiled by numba (issue 17: a process that plays
the optimal bot of a small rule set never loads numba, see ``solvers/jit.py``), bit for bit; and the optimal
Farkle bot plays without numba."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from wuerfel.engine.registry import get_game
from wuerfel.games.zehntausend.solvers import turn

INFO = get_game("zehntausend")


@pytest.mark.parametrize(
    "name",
    [
        "farkle",
        "macke-klassisch+max3",
        "zehntausend-350",
        "einfach+5er-drehen",
        "einfach-6+verdoppeln+bestaetigen",
        "macke-klassisch+beweisen",
    ],
)
def test_plain_and_compiled_kernels_agree_bit_for_bit(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    rules = INFO.load_rules(name)
    g = turn.turn_graph(rules)
    args = (g.can_roll, g.bank_ok, g.tf, g.grp_start, g.grp_prob, g.opt_start, g.opt_tgt)
    plain_reach = turn.run_kernel("_reach", 0, *args, np.zeros(len(g)))
    compiled_reach = turn.run_kernel("_reach", turn.PLAIN_WORK + 1, *args, np.zeros(len(g)))
    assert np.array_equal(plain_reach, compiled_reach)
    lg = turn.light_graph(rules)  # its reach came from the C kernel (tests/zehntausend/test_solver_light.py)
    assert np.array_equal(np.array(lg.reach), plain_reach) and np.array_equal(g.reach, plain_reach)
    th = -(-turn.threshold(rules) // g.unit)
    n_rows = th + 120
    tables = []
    for limit in (10**12, -1):  # everything plain, then everything compiled
        monkeypatch.setattr(turn, "PLAIN_WORK", limit)
        tables.append(turn._solve_points(g, th, n_rows, 100))
    (vd1, vc1), (vd2, vc2) = tables
    assert np.array_equal(vd1, vd2) and np.array_equal(vc1, vc2)
    assert np.isfinite(vd1).all()


def test_optimal_farkle_bot_plays_without_numba(tmp_path: Path) -> None:
    """Without a duel table on disk (an empty cache directory) the bot plays the single-turn table: plain Python."""
    code = (
        "import random, sys\n"
        "from wuerfel.bots import make_bot\n"
        "from wuerfel.cli.sim import play_one\n"
        "from wuerfel.engine.registry import get_game\n"
        "info = get_game('zehntausend')\n"
        "game = info.new_game(info.load_rules('farkle'), 2)\n"
        "bots = [make_bot('zehntausend', 'optimal', game, s) for s in range(2)]\n"
        "assert bots[0].evaluator.supported and not bots[0].evaluator.use_duel\n"
        "end = play_one(game, bots, random.Random(1))\n"
        "assert end.is_terminal()\n"
        "print('numba' in sys.modules)\n"
    )
    env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path)}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, env=env)
    assert out.stdout.strip() == "False"


DUEL_PLAY = (
    "import random, sys\n"
    "from wuerfel.bots import make_bot\n"
    "from wuerfel.cli.sim import play_one\n"
    "from wuerfel.engine.registry import get_game\n"
    "info = get_game('zehntausend')\n"
    "game = info.new_game(info.load_rules('farkle', {'game': {'target': 1000}}), 2)\n"
    "bots = [make_bot('zehntausend', 'optimal', game, s) for s in range(2)]\n"
    "assert bots[0].evaluator.use_duel\n"
    "end = play_one(game, bots, random.Random(3))\n"
    "print(list(end.returns()), list(end.scores_), 'numba.np.npyimpl' in sys.modules)\n"
)


def test_duel_bot_loads_its_kernels_without_numbas_compiler(tmp_path: Path) -> None:
    """With the duel table on disk and the turn sweep in numba's disk cache, a process that only plays takes the
    kernels' machine code without numba's compiler context (``wuerfel.solvers.jit.load_cached_kernel``: its refresh
    imports lowering modules such as ``numba.np.npyimpl``) and plays the same game. The first process solves the
    small table and fills numba's cache if no earlier run has. (``WUERFEL_CKERNELS=0``: the path of a machine
    without a C compiler; with one, the bot plays without numba at all: test_solver_light.py.)"""
    env = {**os.environ, "WUERFEL_CACHE_DIR": str(tmp_path), "WUERFEL_CKERNELS": "0"}
    runs = [
        subprocess.run(
            [sys.executable, "-c", DUEL_PLAY], capture_output=True, text=True, check=True, env=env, timeout=300
        ).stdout.split("\n")[0]
        for _ in range(2)
    ]
    game_first, _ = runs[0].rsplit(" ", 1)
    game_second, compiler = runs[1].rsplit(" ", 1)
    assert game_second == game_first
    assert compiler == "False"
