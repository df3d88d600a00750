"""The optimal bot's light play path (issue 17: no numpy, no numba) gives the duel solver's numbers bit for bit,
falls back to the numba path where it cannot run, and keeps numpy and numba out of a playing process."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import zipfile
from pathlib import Path

import numpy as np
import pytest

from wuerfel.games.zehntausend.options import load_rules
from wuerfel.games.zehntausend.solvers import light, turn
from wuerfel.games.zehntausend.solvers.duel import solve_duel
from wuerfel.games.zehntausend.solvers.support import rules_key
from wuerfel.solvers import ckernel

pytestmark = pytest.mark.skipif(light.kernels() is None, reason="no C compiler here: the light path is off")

CASES = [
    ("farkle", {"game": {"target": 1000}}),  # immediate end
    ("zehntausend-einfach", {"game": {"target": 300}, "turn": {"max_throws": 2}}),  # finish_round, first_to_reach
    ("zehntausend-einfach", {"game": {"target": 250, "tie": "shared"}}),  # finish_round, shared ties
    ("einfach+5er-drehen", {"game": {"target": 300}}),  # turnable fives: the sweep's order matters
]


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("WUERFEL_CACHE_DIR", str(tmp_path))
    solve_duel.cache_clear()
    yield tmp_path
    solve_duel.cache_clear()


def same(a: object, b: np.ndarray) -> None:
    """``a`` (a light Grid or array) holds exactly the numbers of numpy's ``b``."""
    flat = np.array(a.data if isinstance(a, light.Grid) else a)
    assert flat.shape == (b.size,) and np.array_equal(flat, b.reshape(-1)), "tables differ"
    if isinstance(a, light.Grid):
        assert a.shape == b.shape


@pytest.mark.parametrize(("name", "overrides"), CASES)
def test_light_turn_tables_equal_the_duel_solvers(name: str, overrides: dict, cache: Path) -> None:
    rules = load_rules(name, overrides)
    sol = solve_duel(rules)  # writes the table into the test's cache
    lite = light.load_duel(rules)
    assert lite is not None and lite.goal == sol.goal and lite.unit == sol.unit
    same(lite.W, sol.W)
    same(lite.L, sol.L)
    same(lite.graph.reach, sol.graph.reach)
    u = sol.unit
    G = sol.goal
    positions = [(i, j, seat, None) for i in range(0, G, max(1, G // 4)) for j in (0, G - 1) for seat in (0, 1)]
    if not sol.immediate:
        positions += [(G, G + 2, 1, 2 * u), (G + 3, G, 1, 0), (G, G + 40, 1, 37 * u)]
    for i, j, seat, need in positions:
        want = sol.turn_tables(i * u, j * u, seat, need)
        got = lite.turn_tables(i * u, j * u, seat, need)
        for a, b in zip(got[:3], want[:3], strict=True):
            same(a, b)
        assert got[3] == want[3]


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
def test_light_single_turn_tables_equal_numpys(name: str) -> None:
    """The single-turn optimum (the bot without a duel table; negate busts and penalties included) from the C
    kernel on the light graph, against the numpy tables of the plain/numba kernel."""
    from wuerfel.engine.registry import get_game

    rules = get_game("zehntausend").load_rules(name)
    g = turn.turn_graph(rules)
    lg = turn.light_graph(rules)
    th = -(-turn.threshold(rules) // g.unit)
    for n_rows, extra in [(th + 120, 0), (th + 60, 300)]:
        vd, vc = turn._solve_points(g, th, n_rows, extra)
        lvd, lvc = turn._solve_points(lg, th, n_rows, extra)
        assert isinstance(lvd, light.Grid) and isinstance(vd, np.ndarray)
        same(lvd, vd)
        same(lvc, vc)
    sol = turn.solve_turn(rules)  # the light graph here
    assert isinstance(sol.VD, light.Grid)
    assert turn._tail_ok(g, vd, vc, th + 60, th) == turn._tail_ok(lg, lvd, lvc, th + 60, th)


def test_grid_reads_like_numpy() -> None:
    data = np.arange(12.0).reshape(3, 4)
    grid = light.Grid(light.array("d", data.reshape(-1)), 3, 4)
    for r, c in [(0, 0), (2, 3), (-1, 0), (1, -2)]:
        assert grid[r, c] == data[r, c]
    for r, c in [(3, 0), (0, 4), (-4, 0)]:
        with pytest.raises(IndexError):
            grid[r, c]
        with pytest.raises(IndexError):
            data[r, c]


def test_unreadable_or_foreign_tables_fall_back(cache: Path) -> None:
    rules = load_rules("farkle", {"game": {"target": 300}})
    assert light.load_duel(rules) is None  # nothing on disk yet
    solve_duel(rules)
    assert light.load_duel(rules) is not None
    path = cache / "zehntausend" / f"duel-{rules_key(rules)}.npz"
    path.write_bytes(b"not a zip file")
    os.utime(path, ns=(1, 1))  # another stamp: read anew
    assert light.load_duel(rules) is None
    np.savez_compressed(path, W=np.zeros((3, 3, 2), dtype=np.float32), L=np.zeros(1))
    os.utime(path, ns=(2, 2))
    assert light.load_duel(rules) is None  # float32: not the solver's format
    np.savez_compressed(path, W=np.zeros((3, 3, 2)), L=np.zeros(1))
    os.utime(path, ns=(3, 3))
    assert light.load_duel(rules) is None  # another shape
    with zipfile.ZipFile(path, "w") as z:
        z.writestr("W.npy", b"\x93NUMPY\x01\x00")
    os.utime(path, ns=(4, 4))
    assert light.load_duel(rules) is None


def test_npz_members_read_what_numpy_writes(tmp_path: Path) -> None:
    """The zlib reader gives zipfile's bytes for numpy's compressed files; numpy's stored (uncompressed) files take
    the zipfile path; a flipped byte inside a member is refused (its CRC), not read as other numbers."""
    W = np.random.default_rng(1).random((7, 7, 2))
    for save in (np.savez_compressed, np.savez):
        path = tmp_path / f"{save.__name__}.npz"
        save(path, W=W, L=np.arange(3.0))
        with zipfile.ZipFile(path) as z:
            want = {name: z.read(name) for name in z.namelist()}
        assert light.npz_members(path) == want
        shape, flat = light.read_npy(want["W.npy"])
        assert shape == (7, 7, 2) and np.array_equal(np.array(flat), W.reshape(-1))
    path = tmp_path / "savez_compressed.npz"
    data = bytearray(path.read_bytes())
    data[200] ^= 0xFF
    path.write_bytes(bytes(data))
    with pytest.raises(ValueError):
        light.npz_members(path)


def test_no_compiler_means_no_light_path(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ckernel, "_folders", lambda: [tmp_path / "a", tmp_path / "b"])
    monkeypatch.setattr(ckernel, "_LOADED", {})
    monkeypatch.setenv("CC", "/bin/false")
    assert ckernel.load_library("probe", "int f(void) { return 1; }") is None
    monkeypatch.setenv("CC", "cc")
    monkeypatch.setattr(ckernel, "_LOADED", {})
    lib = ckernel.load_library("probe", "int f(void) { return 7; }")
    assert lib is not None and lib.f() == 7
    assert [p.name for p in (tmp_path / "a").iterdir()] == [ckernel.library_name("probe", "int f(void) { return 7; }")]
    monkeypatch.setenv("WUERFEL_CKERNELS", "0")
    assert ckernel.load_library("probe", "int f(void) { return 7; }") is None and light.kernels() is None


PLAY = (
    "import json, random, sys\n"
    "from wuerfel.bots import make_bot\n"
    "from wuerfel.cli.sim import play_one\n"
    "from wuerfel.engine.registry import get_game\n"
    "info = get_game('zehntausend')\n"
    "game = info.new_game(info.load_rules('farkle', {'game': {'target': 1000}}), 2)\n"
    "bots = [make_bot('zehntausend', 'optimal', game, s) for s in range(2)]\n"
    "assert bots[0].evaluator.use_duel\n"
    "ends = [play_one(game, bots, random.Random(seed)) for seed in range(5)]\n"
    "kind = type(bots[0].evaluator.duel()).__name__\n"
    "heavy = sorted({m.split('.')[0] for m in sys.modules} & {'numpy', 'numba', 'llvmlite'})\n"
    "print(json.dumps({'scores': [list(e.scores_) for e in ends], 'kind': kind, 'heavy': heavy}))\n"
)


def test_duel_bot_plays_without_numpy_and_numba(cache: Path) -> None:
    """With the duel table on disk a playing process loads neither numpy nor numba, and plays the games the numba
    path plays (``WUERFEL_CKERNELS=0``: the duel solver's tables)."""
    solve_duel(load_rules("farkle", {"game": {"target": 1000}}))
    env = {**os.environ, "WUERFEL_CACHE_DIR": str(cache)}
    runs = {}
    for flag in ("1", "0"):
        out = subprocess.run(
            [sys.executable, "-c", PLAY],
            capture_output=True,
            text=True,
            check=True,
            timeout=300,
            env={**env, "WUERFEL_CKERNELS": flag},
        ).stdout
        runs[flag] = json.loads(out.strip().splitlines()[-1])
    assert (runs["1"]["kind"], runs["1"]["heavy"]) == ("LightDuel", [])
    assert runs["0"]["kind"] == "DuelSolution" and "numba" in runs["0"]["heavy"]
    assert runs["1"]["scores"] == runs["0"]["scores"]
