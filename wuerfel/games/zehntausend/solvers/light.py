"""The optimal bot's play path without numpy and numba: the duel table read from disk, turn sweeps in C.

Why (issue 17): a process that plays the optimal Farkle bot from its duel table on disk needs, per pair of scores,
one backward sweep over the turn graph (:func:`~wuerfel.games.zehntausend.solvers.turn.sweep`) and a handful of
table lookups. Through numpy and numba that process held about 185 MB, ten times the peer's table player; numba
alone is ~55 MB, numpy ~20 MB. Here the graph is built into ``array.array`` buffers
(:func:`~wuerfel.games.zehntausend.solvers.turn.light_graph`), the ``.npz`` table is parsed with ``zipfile``, and the
two kernels the bot needs (the sweep and the reach iteration) are the same loops in C (:mod:`wuerfel.solvers.ckernel`),
compiled once per machine. The numbers are the numba kernels' to the bit (tests compare every table and replay the
recorded games of ``test_optimal_golden``); where no C compiler is at hand, :func:`load_duel` says None and the bot
takes the numba path as before.
"""

from __future__ import annotations

import ast
import ctypes
import dataclasses
import math
import sys
import zlib
from array import array
from functools import lru_cache
from pathlib import Path
from typing import Any

from wuerfel.games.zehntausend.options import ZehntausendRules
from wuerfel.games.zehntausend.solvers.support import _goal_units, cache_dir, rules_key
from wuerfel.games.zehntausend.solvers.turn import TurnGraph, light_graph, threshold
from wuerfel.solvers.ckernel import enabled, load_library

SOURCE = r"""
#include <stdint.h>
#include <math.h>

/* turn.py _reach: the largest probability of reaching a key that may bank; a holds zeros on entry. */
void reach(int64_t S, const int8_t *can_roll, const int8_t *bank_ok, const int64_t *tf, const int64_t *grp_start,
           const double *grp_prob, const int64_t *opt_start, const int64_t *opt_tgt, double *a)
{
    for (int64_t s = 0; s < S; s++)
        if (bank_ok[s]) a[s] = 1.0;
    for (int64_t it = 0; it < 100000; it++) {
        double delta = 0.0;
        for (int64_t s = 0; s < S; s++) {
            if (bank_ok[s]) continue;
            double best = 0.0;
            if (can_roll[s]) {
                double acc = 0.0;
                for (int64_t g = grp_start[s]; g < grp_start[s + 1]; g++) {
                    double m = 0.0;
                    for (int64_t o = opt_start[g]; o < opt_start[g + 1]; o++) {
                        int64_t t = opt_tgt[o];
                        double v = t < 0 ? 1.0 : a[t];
                        if (v > m) m = v;
                    }
                    acc += grp_prob[g] * m;
                }
                best = acc;
            }
            if (tf[s] >= 0 && a[tf[s]] > best) best = a[tf[s]];
            double d = fabs(best - a[s]);
            if (d > delta) delta = d;
            a[s] = best;
        }
        if (delta < 1e-15) break;
    }
}

/* The tail rows n_rows..total-1 of VD: bank as soon as the rules allow (duel.py _run, turn.py _solve_points). */
void tail(int64_t n_rows, int64_t total, int64_t S, double *VD, const double *B, const double *Z,
          const int8_t *bank_ok, const double *reach)
{
    for (int64_t s = 0; s < S; s++) {
        double r = reach[s];
        for (int64_t t = n_rows; t < total; t++)
            VD[t * S + s] = bank_ok[s] ? B[t] : r * B[t] + (1 - r) * Z[t];
    }
}

/* turn.py sweep, with VD and VC flat rows of S columns. */
void sweep(int64_t n_rows, int64_t th, int64_t S, double *VD, double *VC, const double *B, const double *Z,
           const double *INST, const int8_t *can_roll, const int8_t *bank_ok, const int8_t *giveup_ok,
           const int64_t *tf, const int64_t *order, const int64_t *grp_start, const double *grp_prob,
           const int64_t *opt_start, const int64_t *opt_dv, const int64_t *opt_tgt, const double *p_bust)
{
    for (int64_t t = n_rows - 1; t >= 0; t--) {
        double *vc = VC + t * S, *vd = VD + t * S;
        for (int64_t s = 0; s < S; s++) {
            if (!can_roll[s]) {
                vc[s] = -INFINITY;
                continue;
            }
            double acc = p_bust[s] * Z[t];
            for (int64_t g = grp_start[s]; g < grp_start[s + 1]; g++) {
                double best = -INFINITY;
                for (int64_t o = opt_start[g]; o < opt_start[g + 1]; o++) {
                    int64_t tt = t + opt_dv[o], tg = opt_tgt[o];
                    double v = tg >= 0 ? VD[tt * S + tg] : INST[tt];
                    if (v > best) best = v;
                }
                acc += grp_prob[g] * best;
            }
            vc[s] = acc;
        }
        for (int64_t i = 0; i < S; i++) {
            int64_t s = order[i];
            double best = -INFINITY;
            if (bank_ok[s] && t >= th) best = B[t];
            if (can_roll[s] && vc[s] > best) best = vc[s];
            if (giveup_ok[s] && t < th && Z[t] > best) best = Z[t];
            if (tf[s] >= 0 && vd[tf[s]] > best) best = vd[tf[s]];
            if (best == -INFINITY) best = Z[t];
            vd[s] = best;
        }
    }
}
"""

_I64, _PTR = ctypes.c_int64, ctypes.c_void_p


def kernels() -> ctypes.CDLL | None:
    """The compiled kernels with their argument types, or None (no compiler, or ``WUERFEL_CKERNELS=0``)."""
    return _kernels() if enabled() else None


@lru_cache(maxsize=1)
def _kernels() -> ctypes.CDLL | None:
    lib = load_library("zehntausend-turn", SOURCE)
    if lib is None:
        return None
    lib.reach.argtypes = [_I64] + [_PTR] * 8
    lib.reach.restype = None
    lib.sweep.argtypes = [_I64] * 3 + [_PTR] * 16
    lib.sweep.restype = None
    lib.tail.argtypes = [_I64] * 3 + [_PTR] * 5
    lib.tail.restype = None
    return lib


def _p(a: array) -> int:  # type: ignore[type-arg]
    """The address of an array's buffer (the caller keeps the array alive for the call)."""
    return a.buffer_info()[0]  # type: ignore[no-any-return]


def reach(
    out: array,
    can_roll: array,
    bank_ok: array,
    tf: array,
    grp_start: array,  # type: ignore[type-arg]
    grp_prob: array,
    opt_start: array,
    opt_tgt: array,
) -> bool:  # type: ignore[type-arg]
    """:func:`~wuerfel.games.zehntausend.solvers.turn._reach` into ``out`` (zeros) with the C kernel; False when
    there is none (the caller runs the Python/numba form)."""
    lib = kernels()
    if lib is None:
        return False
    lib.reach(len(can_roll), *(_p(a) for a in (can_roll, bank_ok, tf, grp_start, grp_prob, opt_start, opt_tgt, out)))
    return True


class Grid:
    """A flat ``array.array`` read as ``grid[row, column]``, as the bot reads numpy's two-dimensional tables
    (negative indices count from the end, out of range raises IndexError, as numpy does)."""

    __slots__ = ("cols", "data", "shape")

    def __init__(self, data: array, rows: int, cols: int) -> None:  # type: ignore[type-arg]
        self.data = data
        self.cols = cols
        self.shape = (rows, cols)

    def __getitem__(self, rc: tuple[int, int]) -> float:
        r, c = rc
        rows, cols = self.shape
        if r < 0:
            r += rows
        if c < 0:
            c += cols
        if not (0 <= r < rows and 0 <= c < cols):
            raise IndexError(f"index {rc} out of bounds for a table of shape {self.shape}")
        return self.data[r * cols + c]  # type: ignore[no-any-return]


def run(g: TurnGraph, n_rows: int, th: int, B: array, Z: array, INST: array) -> tuple[Grid, Grid]:  # type: ignore[type-arg]
    """The tables of :func:`~wuerfel.games.zehntausend.solvers.turn.sweep` on the light graph: banking total t is
    worth ``B[t]``, busting ``Z[t]``, an instant win ``INST[t]``; the rows from ``n_rows`` on hold the tail (bank as
    soon as the rules allow), as the duel solver's ``_run`` and the turn solver's ``_solve_points`` fill them."""
    lib = kernels()
    assert lib is not None, "the light path needs the C kernels (callers check kernels())"
    S = len(g)
    total = n_rows + g.max_dv + 1
    VD = array("d", bytes(8 * total * S))
    VC = array("d", [-math.inf]) * (total * S)
    lib.tail(n_rows, total, S, *(_p(a) for a in (VD, B, Z, g.bank_ok, g.reach)))
    lib.sweep(
        n_rows,
        th,
        S,
        *(
            _p(a)
            for a in (
                VD,
                VC,
                B,
                Z,
                INST,
                g.can_roll,
                g.bank_ok,
                g.giveup_ok,
                g.tf,
                g.order,
                g.grp_start,
                g.grp_prob,
                g.opt_start,
                g.opt_dv,
                g.opt_tgt,
                g.p_bust,
            )
        ),
    )
    return Grid(VD, total, S), Grid(VC, total, S)


def points_tables(g: TurnGraph, th: int, n_rows: int, bust_extra: int) -> tuple[Grid, Grid]:
    """:func:`~wuerfel.games.zehntausend.solvers.turn._solve_points` (the single-turn optimum: a bank is worth its
    points) on the light graph, number for number."""
    u = g.unit
    total = n_rows + g.max_dv + 1
    B = array("d", [float(k) * u for k in range(total)])
    if g.rules.turn.bust == "negate":
        Z = array("d", [-b - bust_extra for b in B])
    else:
        Z = array("d", [0.0 - bust_extra]) * total
    return run(g, n_rows, th, B, Z, B)


def last_turn_payoff(n: int, d: int, shared: bool) -> array:  # type: ignore[type-arg]
    """:func:`~wuerfel.games.zehntausend.solvers.duel._last_turn_payoff`: bank worth 1 above ``d``, ½ at it when
    ties are shared."""
    B = array("d", bytes(8 * n))
    for t in range(d + 1, n):
        B[t] = 1.0
    if shared and d < n:
        B[d] = 0.5
    return B


@dataclasses.dataclass(eq=False)
class LightDuel:
    """The duel table of :class:`~wuerfel.games.zehntausend.solvers.duel.DuelSolution` as the bot reads it: the
    turn-start win probabilities ``W`` (flat, C order of ``W[i, j, seat]``) and the last-turn shares ``L``."""

    rules: ZehntausendRules
    graph: TurnGraph
    goal: int
    W: array  # type: ignore[type-arg]
    L: array  # type: ignore[type-arg]
    immediate: bool

    @property
    def unit(self) -> int:
        return self.graph.unit

    @property
    def value(self) -> float:
        """Win probability of the start player when both play optimally."""
        return self.w(0, 0, 0)

    def w(self, i: int, j: int, seat: int) -> float:
        return self.W[(i * self.goal + j) * 2 + seat]  # type: ignore[no-any-return]

    def turn_tables(
        self, me: int, other: int, seat: int, last_turn_need: int | None = None
    ) -> tuple[Grid, Grid, array, float]:  # type: ignore[type-arg]
        """(VD, VC, B, z) as :meth:`DuelSolution.turn_tables` computes them, number for number."""
        u = self.unit
        g = self.graph
        th = -(-threshold(self.rules) // u)
        if last_turn_need is not None:
            d = max(last_turn_need // u, 0)
            n_rows = d + 1 + g.max_dv
            B = last_turn_payoff(n_rows + g.max_dv + 1, d, self.rules.game.tie == "shared")
            z = 0.0
        else:
            i, j = me // u, other // u
            z = 1.0 - float(self.w(j, i, 1 - seat))
            n_rows = self.goal - i if (self.immediate or seat == 1) else self.goal - i + len(self.L) - 1
            B = self.bank_payoff(i, j, seat, n_rows + g.max_dv + 1)
        total = n_rows + g.max_dv + 1
        VD, VC = run(g, n_rows, th, B, array("d", [z]) * total, array("d", [1.0]) * total)
        return VD, VC, B, z

    def bank_payoff(self, i: int, j: int, seat: int, n: int) -> array:  # type: ignore[type-arg]
        """:func:`~wuerfel.games.zehntausend.solvers.duel._bank_payoff`: the win chance of banking each total."""
        G = self.goal
        base = j * G * 2 + 1 - seat  # W[j, i + t, 1 - seat] for i + t < G
        B = array("d", [1.0 - w for w in self.W[base + 2 * i : base + 2 * G : 2]][:n])
        if len(B) < n:
            if self.immediate or seat == 1:
                B.extend([1.0] * (n - len(B)))
            else:
                dcap = len(self.L) - 1
                B.extend([1.0 - self.L[min(i + t - j, dcap)] for t in range(len(B), n)])
        return B


def npz_members(path: Path) -> dict[str, bytes]:
    """The members of an ``.npz`` file as ``np.savez_compressed`` writes it (a zip of deflated members with their
    sizes in the local headers), read with ``zlib`` alone; anything else is left to ``zipfile``.

    Why not always ``zipfile``: its imports (bz2, lzma, shutil, …) cost a playing process about 1 MB (issue 17's
    memory target), for two members of a file this project wrote itself. Each member's CRC is checked as
    ``zipfile`` checks it."""
    data = path.read_bytes()
    out: dict[str, bytes] = {}
    pos = 0
    try:
        while data[pos : pos + 4] == b"PK\x03\x04":
            flags, method = (int.from_bytes(data[pos + k : pos + k + 2], "little") for k in (6, 8))
            crc = int.from_bytes(data[pos + 14 : pos + 18], "little")
            n, m = (int.from_bytes(data[pos + k : pos + k + 2], "little") for k in (26, 28))
            start = pos + 30 + n + m
            if method != 8 or flags & 0x9:  # not deflated, or encrypted, or sizes in a trailing descriptor
                raise ValueError("not a plain deflated member")
            inflate = zlib.decompressobj(-15)
            member = inflate.decompress(data[start:])
            if not inflate.eof or zlib.crc32(member) != crc:
                raise ValueError("a damaged member")
            out[data[pos + 30 : pos + 30 + n].decode()] = member
            pos = len(data) - len(inflate.unused_data)
        if not out:
            raise ValueError("no members")
    except (ValueError, zlib.error):
        import zipfile

        try:
            with zipfile.ZipFile(path) as z:
                return {name: z.read(name) for name in z.namelist()}
        except zipfile.BadZipFile as e:
            raise ValueError(str(e)) from None
    return out


def read_npy(data: bytes) -> tuple[tuple[int, ...], array]:  # type: ignore[type-arg]
    """A little-endian float64 ``.npy`` member (what ``np.savez_compressed`` wrote) as (shape, flat C-order array);
    ValueError for anything else."""
    if data[:6] != b"\x93NUMPY":
        raise ValueError("not an .npy member")
    if data[6] == 1:
        size, start = int.from_bytes(data[8:10], "little"), 10
    else:
        size, start = int.from_bytes(data[8:12], "little"), 12
    header: dict[str, Any] = ast.literal_eval(data[start : start + size].decode("latin1"))
    if header.get("descr") != "<f8" or header.get("fortran_order") or sys.byteorder != "little":
        raise ValueError(f"unexpected .npy header {header}")
    shape = tuple(int(n) for n in header["shape"])
    out = array("d")
    out.frombytes(data[start + size :])
    if len(out) != math.prod(shape):
        raise ValueError("truncated .npy member")
    return shape, out


TABLES_KEPT = 8
_TABLES: dict[tuple[ZehntausendRules, str], tuple[int, LightDuel]] = {}


def load_duel(rules: ZehntausendRules) -> LightDuel | None:
    """The duel table of ``rules`` from the disk cache for the light play path; None when it is not on disk (or not
    readable, or of another shape) or there are no C kernels here: the caller then takes
    :func:`~wuerfel.games.zehntausend.solvers.duel.solve_duel`. One load per table file and process, shared by
    every bot and table (issue 17); a file written anew (another modification time) is read anew, and a test's own
    cache directory is another file."""
    if kernels() is None:
        return None
    path = cache_dir() / f"duel-{rules_key(rules)}.npz"
    try:
        stamp = path.stat().st_mtime_ns
    except OSError:
        return None
    key = (rules, str(path))
    hit = _TABLES.get(key)
    if hit is not None and hit[0] == stamp:
        return hit[1]
    sol = _read(rules, path)
    if sol is not None:
        _TABLES.pop(key, None)
        while len(_TABLES) >= TABLES_KEPT:
            _TABLES.pop(next(iter(_TABLES)))
        _TABLES[key] = (stamp, sol)
    return sol


def _read(rules: ZehntausendRules, path: Path) -> LightDuel | None:
    g = light_graph(rules)
    G = _goal_units(rules, g.unit)
    try:
        members = npz_members(path)
        w_shape, W = read_npy(members["W.npy"])
        _, L = read_npy(members["L.npy"])
    except (OSError, ValueError, KeyError, SyntaxError):
        return None
    if w_shape != (G, G, 2):
        return None
    return LightDuel(rules=rules, graph=g, goal=G, W=W, L=L, immediate=rules.game.end_rule == "immediate")
