"""Time of an exact one-column solve from scratch, end to end, and of a hint once the tables exist.

Usage: python bench/kniffel_solve.py [--rules kniffel|yahtzee|yahtzee-classic|brettspielnetz] [--repeat N]

"From scratch" = a fresh process, no table cache (the solve ignores and rewrites it); numba's compiled code is
cached by numba itself on first use (``cache=True``), and the first-ever run also prints the compile time.
The figure that matters is "process total": interpreter start + imports + solve, as ``wuerfel solve`` sees it.

Side by side (issue 17, first part of the output; ``--no-peers`` skips it): in fresh processes, each solving twice
(the second solve is the one that used to be slow), alternating the order per round, medians over ``--rounds``:

* **ours** — ``wuerfelspiel.solver.tables(fresh=True)`` (``wuerfel/solvers/fillgame.py``);
* **numba reference** — ``bench/kniffel_numba_ref.py``, the textbook keep-and-rethrow DP in numba, same rules;
* **yatzy-solver** (PyPI, Rust, all cores) — ``Solver.build(Variant(...))`` on the same rule set, only for the
  Yahtzee presets it has (``yahtzee`` = its ``american+forced-joker``, ``yahtzee-classic`` = its ``american``).
  It lives in a venv outside the repository (``--peer-venv``, default ``~/.cache/wuerfel/bench-peers``, shared
  with ``bench/peers.py``), created on demand; only a missing ``yatzy-solver`` is installed.

Every solve prints its wall seconds, its CPU seconds (all threads) and the CPU seconds of its busiest thread
(what the wall time would be on cores of its own: the machine is shared) and its expected score (all three must
agree); the ratios are ours
over the other, against the targets of issue 17 (≤ 0.7× the reference, ≤ 0.2× yatzy-solver), for the first and
the second solve of a process.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CHILD = """
import time, sys
t0 = time.perf_counter()
from wuerfel.engine.registry import get_game
info = get_game("kniffel")
rules = info.load_rules(sys.argv[1])
from wuerfel.games.wuerfelspiel.solver import tables
t1 = time.perf_counter()
c1 = time.process_time()
t = tables(rules, fresh=True, use_disk=False)
t2 = time.perf_counter()
print(f"{t.value:.6f} {t1 - t0:.3f} {t2 - t1:.3f} {time.process_time() - c1:.3f}")
"""


DEFAULT_PEER_VENV = Path.home() / ".cache" / "wuerfel" / "bench-peers"
PEER_VARIANT = {"yahtzee": "american+forced-joker", "yahtzee-classic": "american"}
"""Our presets that yatzy-solver has too (the official forced joker; the classic joker of Verhoeff's 254.5896)."""

THREAD_CPU = """
import os
def thread_cpu():
    out = {}
    for t in os.listdir("/proc/self/task"):
        try:
            f = open(f"/proc/self/task/{t}/stat").read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        out[t] = (int(f[11]) + int(f[12])) / os.sysconf("SC_CLK_TCK")
    return out
def busiest(before):
    after = thread_cpu()
    return max(after[t] - before.get(t, 0.0) for t in after)
"""
"""CPU seconds of the busiest thread of a solve (Linux /proc): on a machine whose other jobs take turns with ours
this is what the wall time would be with the cores to ourselves, give or take the waits between the levels."""

WORKER_OURS = (
    THREAD_CPU
    + """
import json, sys, time
from wuerfel.engine.registry import get_game
from wuerfel.games.wuerfelspiel.solver import tables
rules = get_game("kniffel").load_rules(sys.argv[1])
for _ in range(2):
    t0, c0, b0 = time.perf_counter(), time.process_time(), thread_cpu()
    v = tables(rules, fresh=True, use_disk=False).value
    print(json.dumps([v, time.perf_counter() - t0, time.process_time() - c0, busiest(b0)]), flush=True)
"""
)
WORKER_REF = (
    THREAD_CPU
    + """
import json, sys, time
sys.path.insert(0, "bench")
from wuerfel.engine.registry import get_game
import kniffel_numba_ref as ref
rules = get_game("kniffel").load_rules(sys.argv[1])
t = None
for _ in range(2):
    t0, c0, b0 = time.perf_counter(), time.process_time(), thread_cpu()
    t = ref.build(rules) if t is None else t  # the rules' score tables: built once per process, like ours
    v = float(ref.solve(rules, t)[0, 0, 0])
    print(json.dumps([v, time.perf_counter() - t0, time.process_time() - c0, busiest(b0)]), flush=True)
"""
)
WORKER_PEER = (
    THREAD_CPU
    + """
import json, sys, time
import yatzy_solver as ys
for _ in range(2):
    t0, c0, b0 = time.perf_counter(), time.process_time(), thread_cpu()
    v = ys.Solver.build(ys.Variant(sys.argv[1])).state_value("upper 0 | filled -")
    print(json.dumps([v, time.perf_counter() - t0, time.process_time() - c0, busiest(b0)]), flush=True)
"""
)


def ensure_peer(venv: Path) -> Path | None:
    """The peer venv's python with yatzy-solver importable: the venv is made if missing and yatzy-solver installed
    only if it does not import (bench/peers.py fills the same venv with its peers). None if that fails."""
    python = venv / "bin" / "python"
    if not python.exists():
        print(f"creating the peer venv {venv} …", flush=True)
        venv.parent.mkdir(parents=True, exist_ok=True)
        base = getattr(sys, "_base_executable", sys.executable)
        subprocess.run([base, "-m", "venv", str(venv)], check=True)
    probe = [str(python), "-c", "import yatzy_solver"]
    if subprocess.run(probe, capture_output=True).returncode != 0:
        print(f"installing yatzy-solver==1.0.0 into {venv} …", flush=True)
        pip = subprocess.run(
            [str(python), "-m", "pip", "install", "-q", "--disable-pip-version-check", "yatzy-solver==1.0.0"],
            capture_output=True,
            text=True,
        )
        if pip.returncode != 0 or subprocess.run(probe, capture_output=True).returncode != 0:
            print(f"yatzy-solver unavailable: {pip.stderr.strip()[-500:]}")
            return None
    return python


def _worker(python: str, code: str, arg: str, env: dict[str, str], cwd: Path) -> list[list[float]]:
    out = subprocess.run([python, "-c", code, arg], env=env, cwd=cwd, check=True, capture_output=True, text=True)
    return [json.loads(line) for line in out.stdout.splitlines() if line.startswith("[")]


def side_by_side(presets: list[str], rounds: int, peer_python: Path | None, warm_up: bool = True) -> None:
    """Ours, the numba reference and yatzy-solver, each solving twice per fresh process, order alternating."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    peer_env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    print(
        f"side by side; load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores; medians of {rounds} "
        "fresh processes per solver, each solving twice (wall s / cpu s / busiest thread's cpu s)"
    )
    for preset in presets:
        sides: dict[str, tuple[str, str, str, dict[str, str], Path]] = {
            "ours": (sys.executable, WORKER_OURS, preset, env, ROOT),
            "numba reference": (sys.executable, WORKER_REF, preset, env, ROOT),
        }
        if peer_python is not None and preset in PEER_VARIANT:
            sides["yatzy-solver"] = (str(peer_python), WORKER_PEER, PEER_VARIANT[preset], peer_env, Path("/tmp"))
        for name, (py, code, arg, e, cwd) in sides.items():  # warm numba's compile caches outside the timing
            if warm_up and name != "yatzy-solver":
                _worker(py, code, arg, e, cwd)
        runs: dict[str, list[list[list[float]]]] = {name: [] for name in sides}
        for r in range(rounds):
            order = list(sides) if r % 2 == 0 else list(reversed(sides))
            for name in order:
                runs[name].append(_worker(*sides[name]))
        med: dict[str, list[tuple[float, float, float]]] = {}
        print(f"  {preset}:")
        for name, rs in runs.items():
            med[name] = [
                tuple(statistics.median(x[k][f] for x in rs) for f in (1, 2, 3))  # type: ignore[misc]
                for k in range(2)
            ]
            values = sorted({round(x[k][0], 9) for x in rs for k in range(2)})
            cells = "   ".join(
                f"{label} solve {w:6.2f} / {c:6.2f} / {b:6.2f}"
                for label, (w, c, b) in zip(("1st", "2nd"), med[name], strict=True)
            )
            print(f"    {name:16s} value {', '.join(f'{v:.9f}' for v in values)}   {cells}")
        for other, target in (("numba reference", 0.7), ("yatzy-solver", 0.2)):
            if other not in med:
                continue
            parts = []
            for k, label in ((0, "1st"), (1, "2nd")):
                w, c, b = (med["ours"][k][f] / med[other][k][f] for f in range(3))
                parts.append(f"{label} {w:.2f}× wall ({c:.2f}× cpu, {b:.2f}× busiest thread)")
            ok = all(med["ours"][k][0] / med[other][k][0] <= target for k in range(2))
            ok_b = all(med["ours"][k][2] / med[other][k][2] <= target for k in range(2))
            print(
                f"    ours / {other}: {'; '.join(parts)}; target ≤ {target}× — wall {'met' if ok else 'NOT met'}, "
                f"busiest thread {'met' if ok_b else 'NOT met'}"
            )


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--rules", default="kniffel")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument(
        "--side-by-side",
        default="kniffel,yahtzee,yahtzee-classic",
        help="presets for ours vs the numba reference (and yatzy-solver where it has the rules)",
    )
    ap.add_argument("--rounds", type=int, default=3, help="fresh processes per solver in the side-by-side part")
    ap.add_argument("--no-peers", action="store_true", help="skip the side-by-side part")
    ap.add_argument("--only-peers", action="store_true", help="only the side-by-side part")
    ap.add_argument("--no-yatzy", action="store_true", help="side by side without yatzy-solver (no peer venv)")
    ap.add_argument(
        "--no-warm-up",
        action="store_true",
        help="skip the run that fills numba's compile caches (when they are known to be warm)",
    )
    ap.add_argument(
        "--peer-venv",
        type=Path,
        default=DEFAULT_PEER_VENV,
        help=f"venv for yatzy-solver, outside the repository (default {DEFAULT_PEER_VENV})",
    )
    args = ap.parse_args()
    if args.peer_venv.resolve().is_relative_to(ROOT):
        ap.error("--peer-venv must lie outside the repository")
    if not args.no_peers:
        peer = None if args.no_yatzy else ensure_peer(args.peer_venv)
        side_by_side([p for p in args.side_by_side.split(",") if p], args.rounds, peer, not args.no_warm_up)
        if args.only_peers:
            return
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    print(f"rules {args.rules}; load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores")
    # warm numba's on-disk compile cache once (the first-ever run compiles the kernels)
    t = time.perf_counter()
    subprocess.run([sys.executable, "-c", CHILD, args.rules], env=env, check=True, capture_output=True)
    print(f"warm-up run (includes numba compilation if the compile cache was empty): {time.perf_counter() - t:.2f} s")
    best = float("inf")
    for i in range(args.repeat):
        t = time.perf_counter()
        out = subprocess.run(
            [sys.executable, "-c", CHILD, args.rules], env=env, check=True, capture_output=True, text=True
        ).stdout.split()
        total = time.perf_counter() - t
        best = min(best, total)
        print(
            f"run {i + 1}: value {out[0]}  imports {out[1]} s  solve {out[2]} s (cpu {out[3]} s)  "
            f"process total {total:.2f} s"
        )
    print(f"best end-to-end solve from scratch: {best:.2f} s")

    # hints once the tables exist
    sys.path.insert(0, str(ROOT))
    import dataclasses

    from wuerfel.engine.game import Roll
    from wuerfel.engine.registry import get_game

    info = get_game("wuerfelspiel")
    for preset in (args.rules, "brettspielnetz"):
        game = info.new_game(preset, 1)
        adv = info.advisor(game)
        s = game.new_initial_state().apply_outcome(Roll((1, 3, 4, 5, 6)))
        adv.advise(s, 0)  # builds/loads the tables
        times = []
        for dice in ((2, 2, 3, 5, 6), (6, 6, 6, 1, 2), (1, 2, 3, 4, 6), (3, 3, 4, 4, 5)):
            s2 = game.new_initial_state().with_dice(dice, 1)
            t = time.perf_counter()
            adv = info.advisor(game)  # a fresh advisor: no plan cached for this sheet
            advice = adv.advise(s2, 0)
            times.append(time.perf_counter() - t)
        print(f"hint ({preset}): {max(times) * 1000:.1f} ms worst of {len(times)} ({len(advice)} options valued)")

    # endgames of the 3-column sheet: with 12 boxes open (only the x1 column's bonus live) the exact solve would take
    # longer than a hint may, so the hint shows the planner's estimates; with 7 open (one or two bonuses live) the
    # hint solves the exact endgame itself (HINT_ENDGAME_COST)
    game = info.new_game("brettspielnetz", 1)
    full = (3, 8, 12, 16, 20, 24, 25, 20, 25, 30, 40, 50, 25)
    positions = {
        "12 open": (
            (None, 4, 6, None, 15, None, None, 0, None, 30, None, 0, 19),
            (None, 6, 9, 12, 15, 24, None, None, None, 30, None, 0, None),
            full,
        ),
        "7 open, solved by the hint": (
            (None, 4, 6, None, 15, None, 18, 0, 25, 30, 0, 0, 19),
            (None, 6, 9, 12, 15, 24, None, 20, 25, 30, None, 0, None),
            full,
        ),
        "7 open, two bonuses live, solved by the hint": (
            (None, 4, 6, None, 15, None, 18, 0, 25, 30, 0, 0, 19),
            (None, 6, None, 12, 15, 10, None, 20, 25, 30, 25, 0, None),
            full,
        ),
    }
    for label, sheet in positions.items():
        s = dataclasses.replace(game.new_initial_state(), sheets=(sheet,)).with_dice((2, 2, 3, 5, 6), 1)
        t = time.perf_counter()
        advice = info.advisor(game).advise(s, 0)
        print(
            f"hint (brettspielnetz endgame, {label}): {(time.perf_counter() - t) * 1000:.1f} ms "
            f"({len(advice)} options valued)"
        )


if __name__ == "__main__":
    main()
