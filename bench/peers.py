"""Ours against the peers on PyPI, side by side in one run (issue 17): both figures, the ratio, the target.

Each pairing is measured three times, ours and the peer alternating, each run in a fresh subprocess (so neither
side profits from the other's warm caches or pays for its garbage); the table shows the medians. Times are CPU
seconds of the measuring process (``time.process_time``) on both sides: the machine is shared, and wall-clock would
measure the queue. Setup (imports, bots, tables) is outside the timed loop; peak RSS is the whole process. The peers are
installed once, on demand, into a virtualenv of their own OUTSIDE the repository (``--peer-venv``, default
``~/.cache/wuerfel/bench-peers``), never into the project's venv and never as a project dependency; pinned
versions, so a later run measures the same code. A peer that does not install is named with pip's error, not faked.

How a step is counted, on both sides alike: one step is one decision taken or one chance outcome applied. A throw
of several dice at once is one chance outcome (ours, gym-yahtzee, yahtzee-envs, pyfarkle, OpenSpiel's yacht, which
also throws all re-thrown dice as one outcome); a die of Pig is one outcome. A re-throw in a peer whose API takes
"re-throw these dice" as one call counts as two steps (the decision and the throw), as it is two in our engine; the
first throw of a turn is a chance step only (it is no decision in our engine either, and yahtzee-envs' forced
"roll all" at the start of a turn is counted the same way). A throw a peer makes after its game has ended
(pyhtzee throws the next turn's dice after the last box) is not counted. Our steps are counted in a second,
untimed pass over the same seeded games (the plain checked engine, which plays them move for move as the fast loop
does: tests/engine/test_fast_paths.py); the peers count inline (an integer addition per step, against them).

The loops are the fairest equivalents found in each peer's code: its own API as its docs drive it (gym's
``sample_action``/``step``; OpenSpiel's ``legal_actions``/``chance_outcomes``/``apply_action``), random choices
uniform over the legal moves as the peer lists them, and no printing (farkle-simulation and yahtzee-solve print at
every step even when told not to: their ``print`` is replaced by a no-op, which only helps them). Run from the
repository root:

    .venv/bin/python bench/peers.py [--only NAME] [--quick] [--peer-venv DIR] [--markdown]
"""

from __future__ import annotations

import json
import os
import random
import resource
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_VENV = Path.home() / ".cache" / "wuerfel" / "bench-peers"
STAMP = "wuerfel-peers.json"
"""In the peer venv: per package, whether it installed and imported, and pip's error if not."""

PEERS: dict[str, tuple[tuple[str, ...], str]] = {
    "gym-yahtzee": (("gym-yahtzee==1.0.2",), "gym_yahtzee"),
    "yahtzee-envs": (("yahtzee-envs==0.3.0",), "yahtzee_envs"),
    "pyfarkle": (("pyfarkle==0.1",), "pyfarkle"),
    "farkle-simulation": (("farkle-simulation==0.1.0",), "farkle_simulation.components.strategy"),
    "open-spiel": (("open-spiel==2.0.2",), "pyspiel"),
    # yahtzee-solve imports pkg_resources without declaring it; setuptools 81 dropped it
    "yahtzee-solve": (("yahtzee-solve==0.0.1", "setuptools<81"), "yahtzee"),
    "yatzy-solver": (("yatzy-solver==1.0.0",), "yatzy_solver"),
}
"""PyPI name → (pinned requirements, module whose import proves the install)."""

Result = dict[str, float]
"""What a worker prints: games, steps (0 when not counted), seconds of play, setup seconds, peak RSS in MB."""


def _result(games: int, steps: int, seconds: float, setup: float) -> Result:
    rss_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # KiB on Linux
    return {"games": games, "steps": steps, "seconds": seconds, "setup": setup, "rss_mb": rss_mb}


# --- our side (runs in the project's interpreter) -------------------------------------------------------------------


def _ours(game_id: str, rules: str, players: int, bot: str, games: int, count: bool) -> Result:
    """``games`` seeded games through ``wuerfel sim``'s loop (:func:`wuerfel.cli.simloop.play_one`, which
    ``wuerfel.cli.sim`` re-exports), timed; then, when ``count``, the same games again through the plain engine,
    untimed, to count their steps. The loop is imported without the command (Typer, Rich): a process that only
    plays does not carry them, and its peak RSS is the play's."""
    sys.path.insert(0, str(ROOT))
    from wuerfel.bots import make_bot
    from wuerfel.cli.simloop import draw_outcome, game_seed, play_one, reseed_bots
    from wuerfel.engine.registry import get_game

    info = get_game(game_id)
    t = time.process_time()
    game = info.new_game(info.rules_from_dict(info.resolve(rules).data), players)
    bots = [make_bot(game_id, bot, game, seat) for seat in range(players)]
    game.sim_kernel(bots)  # as ``wuerfel sim`` does: a game's own loop is built with the bots and their tables
    setup = time.process_time() - t
    t = time.process_time()
    for g in range(games):
        reseed_bots(bots, 1, g)
        play_one(game, bots, random.Random(game_seed(1, g)))
    seconds = time.process_time() - t
    steps = 0
    if count:
        tables: dict[int, Any] = {}
        for g in range(games):
            reseed_bots(bots, 1, g)
            rng = random.Random(game_seed(1, g))
            state = game.new_initial_state()
            while not state.is_terminal():
                steps += 1
                if state.is_chance():
                    state = state.apply_outcome(draw_outcome(state, rng, tables))
                else:
                    actor = state.actors()[0]
                    state = state.apply_action(bots[actor].choose(state, actor), actor)
    return _result(games, steps, seconds, setup)


# --- the peers' side (runs in the peer venv's interpreter) ----------------------------------------------------------


def _gym_yahtzee(games: int) -> Result:
    """gym-yahtzee's single-player env as gym drives it: ``sample_action`` (uniform over pyhtzee's legal ids: the
    31 re-throw patterns while re-throws are left, and the open boxes), ``step``, ``reset``."""
    from gym_yahtzee.envs.yahtzee_env import YahtzeeSingleEnv
    from pyhtzee.utils import CATEGORY_ACTION_OFFSET

    t = time.process_time()
    env = YahtzeeSingleEnv()
    setup = time.process_time() - t
    steps = 0
    t = time.process_time()
    for _ in range(games):
        env.reset()
        steps += 1  # the first throw (made by reset)
        done = False
        while not done:
            action = env.sample_action()
            _, _, done, _ = env.step(action)
            # a re-throw: decision + throw; a box: decision, + the next turn's throw unless the game ended
            steps += 2 if action < CATEGORY_ACTION_OFFSET or not done else 1
    return _result(games, steps, time.process_time() - t, setup)


def _yahtzee_envs(games: int) -> Result:
    """yahtzee-envs' single-player env (``YahtzeeSinglePlayerV0`` on yahtzee-api): the env has no sampler, so the
    loop lists the legal ids as the env defines them (open boxes 0–12; re-throws 13–25 while throws are left) and
    picks one uniformly; the forced "roll all" that opens each turn is the turn's throw."""
    from yahtzee_envs.yahtzee_singleV0 import YahtzeeSinglePlayerV0

    random.seed(1)
    rng = random.Random(2)
    t = time.process_time()
    env = YahtzeeSinglePlayerV0(0, 0)
    setup = time.process_time() - t
    rethrows = list(range(13, 26))
    steps = 0
    t = time.process_time()
    for _ in range(games):
        env.reset()
        open_boxes = list(range(13))
        done = False
        while not done:
            player = env.ytz.c_player
            if player.rolls_left == 3:
                env.step(25)
                steps += 1
                continue
            actions = open_boxes + rethrows if player.rolls_left > 0 else open_boxes
            action = rng.choice(actions)
            _, _, done, _ = env.step(action)
            if action < 13:
                open_boxes = [b for b in open_boxes if b != action]
                steps += 1
            else:
                steps += 2
    return _result(games, steps, time.process_time() - t, setup)


def _openspiel(name: str, games: int) -> Result:
    """An OpenSpiel game driven from Python as its examples do: uniform over ``legal_actions()`` at decisions, an
    outcome of ``chance_outcomes()`` at chance nodes (its outcomes are equally likely in Pig and Yacht, which is
    checked once per size: then the draw is one index, no table), ``apply_action``; every applied action a step."""
    import pyspiel

    rng = random.Random(1)
    t = time.process_time()
    game = pyspiel.load_game(name)
    setup = time.process_time() - t
    uniform: dict[int, bool] = {}
    steps = 0
    t = time.process_time()
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                n = len(outcomes)
                flat = uniform.get(n)
                if flat is None:
                    flat = uniform[n] = all(abs(p - outcomes[0][1]) < 1e-12 for _, p in outcomes)
                if flat:
                    action = outcomes[int(rng.random() * n)][0]
                else:
                    action = rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0]
            else:
                action = rng.choice(state.legal_actions())
            state.apply_action(action)
            steps += 1
    return _result(games, steps, time.process_time() - t, setup)


def _pyfarkle_game(games: int, choose: Callable[[Any, Any], tuple[Any, bool]] | None) -> tuple[int, float, float]:
    """pyfarkle's two-player game without its Textual screens, as its app drives it (``rollem``, ``is_farkle``,
    ``hold``, ``bank``, ``next_player``, the triple-farkle reset of its farkle screen; first to 10,000 wins).
    ``choose`` None: random play (a uniformly chosen scoring hold among all subsets of the throw, then bank or throw
    again with equal chance where banking is allowed); else the table player's ``ai_holds``."""
    from itertools import combinations

    from pyfarkle.game import AI_NAMES, FarkleGame

    rng = random.Random(1)
    random.seed(1)
    steps = 0
    t = time.process_time()
    for _ in range(games):
        kind = "Human" if choose is None else AI_NAMES[2]
        game = FarkleGame(player1=kind, player2=kind)
        while True:
            player = game.player
            player.rollem()
            steps += 1
            if player.is_farkle:
                if player.triple_farkle > 0 and player.farkles_in_a_row == 3:
                    player.farkles_in_a_row = 0
                game.next_player()
                continue
            if choose is None:
                n = len(player.roll)
                scoring = [c for k in range(1, n + 1) for c in combinations(range(n), k) if player.hold(c) > 0]
                player.hold(rng.choice(scoring))
                steps += 1
                bank = player.can_bank and rng.random() < 0.5
                steps += 1  # bank or throw again: a decision node in our engine too, also when only one is open
            else:
                holds, bank = choose(player, rng)
                player.hold(holds)
                steps += 2
            if bank and player.can_bank:
                player.bank()
                if player.totalscore >= game.winscore:
                    break
                game.next_player()
    return steps, time.process_time() - t, 0.0


def _pyfarkle_random(games: int) -> Result:
    steps, seconds, setup = _pyfarkle_game(games, None)
    return _result(games, steps, seconds, setup)


def _pyfarkle_table(games: int) -> Result:
    """pyfarkle's table player (``Player3``: Matt Busche's optimal-strategy tables) in both seats."""
    steps, seconds, setup = _pyfarkle_game(games, lambda player, rng: player.ai_holds())
    return _result(games, steps, seconds, setup)


def _farkle_simulation(games: int) -> Result:
    """farkle-simulation's ``simulate_game`` with its simple (naive) strategy in both seats, ``train=True`` (its
    quiet mode); its remaining prints are silenced."""
    from farkle_simulation.components import simulation, strategy

    def silent(*args: object, **kwargs: object) -> None:
        return None

    strategy.print = silent  # type: ignore[attr-defined]
    simulation.print = silent  # type: ignore[attr-defined]
    random.seed(1)
    t = time.process_time()
    one, two = strategy.NaiveStrategy(train=True), strategy.NaiveStrategy(train=True)
    setup = time.process_time() - t
    t = time.process_time()
    for _ in range(games):
        simulation.simulate_game(one, two, True)
    return _result(games, 0, time.process_time() - t, setup)


def _yahtzee_solve(games: int) -> Result:
    """yahtzee-solve's ``OptimalPlayer`` through its ``play_game`` loop, with seeded random dice in place of its
    interactive game's typed-in dice."""
    from yahtzee.dice import state_to_dice, subtract_dice_states
    from yahtzee.game import InteractiveGame

    t = time.process_time()
    from yahtzee.game_player import OptimalPlayer

    rng = random.Random(1)

    class RandomDice(InteractiveGame):  # type: ignore[misc]
        def roll_dice(self, action: Any = None) -> tuple[int, ...]:
            if action is None:
                return tuple(rng.randint(1, 6) for _ in range(5))
            kept = state_to_dice(subtract_dice_states(self.turn_state[1], action))
            return tuple(kept) + tuple(rng.randint(1, 6) for _ in range(sum(action)))

    setup = time.process_time() - t
    t = time.process_time()
    for _ in range(games):
        player, game = OptimalPlayer(), RandomDice()
        while False in game.game_state:
            game.start_turn()
            player.set_game_state(game.game_state)
            while True:
                player.set_turn_state(game.turn_state)
                action = player.get_action()
                game.receive_action(action)
                if isinstance(action, int):
                    break
            game.end_turn(action)
    return _result(games, 0, time.process_time() - t, setup)


WORKERS: dict[str, Callable[[int], Result]] = {
    "ours-random-yahtzee-1": lambda n: _ours("wuerfelspiel", "yahtzee", 1, "random", n, True),
    "ours-random-yahtzee-2": lambda n: _ours("wuerfelspiel", "yahtzee", 2, "random", n, True),
    "ours-random-farkle": lambda n: _ours("zehntausend", "farkle", 2, "random", n, True),
    "ours-heuristic-farkle": lambda n: _ours("zehntausend", "farkle", 2, "heuristic", n, False),
    "ours-optimal-farkle": lambda n: _ours("zehntausend", "farkle", 2, "optimal", n, False),
    "ours-best-yahtzee-1": lambda n: _ours("wuerfelspiel", "yahtzee", 1, "best", n, False),
    "gym-yahtzee": _gym_yahtzee,
    "yahtzee-envs": _yahtzee_envs,
    "openspiel-yacht": lambda n: _openspiel("yacht", n),
    "openspiel-pig": lambda n: _openspiel("pig", n),
    "pyfarkle-random": _pyfarkle_random,
    "pyfarkle-table": _pyfarkle_table,
    "farkle-simulation": _farkle_simulation,
    "yahtzee-solve": _yahtzee_solve,
}


# --- pairings -------------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Metric:
    key: str
    """``games_s``, ``steps_s`` or ``rss_mb``."""
    target: float
    """The ratio ours/peer to reach: at least this for a rate, at most this for memory."""


@dataclass(frozen=True)
class Pairing:
    name: str
    title: str
    ours: str
    peer: str
    package: str
    games: tuple[int, int]
    """Games per run (ours, peer); ``--quick`` plays a fifth of them."""
    metrics: tuple[Metric, ...]


RATES = (Metric("games_s", 1.0), Metric("steps_s", 1.0))
PAIRINGS: tuple[Pairing, ...] = (
    Pairing(
        "yahtzee-gym",
        "random Yahtzee, 1 seat vs gym-yahtzee",
        "ours-random-yahtzee-1",
        "gym-yahtzee",
        "gym-yahtzee",
        (2000, 1000),
        (Metric("games_s", 2.0), Metric("steps_s", 2.0)),
    ),
    Pairing(
        "yahtzee-envs",
        "random Yahtzee, 1 seat vs yahtzee-envs",
        "ours-random-yahtzee-1",
        "yahtzee-envs",
        "yahtzee-envs",
        (2000, 1000),
        RATES,
    ),
    Pairing(
        "yacht",
        "random Yahtzee, 2 seats vs OpenSpiel yacht",
        "ours-random-yahtzee-2",
        "openspiel-yacht",
        "open-spiel",
        (1000, 100),
        RATES,
    ),
    Pairing(
        "farkle-pig",
        "random Farkle engine steps vs OpenSpiel pig",
        "ours-random-farkle",
        "openspiel-pig",
        "open-spiel",
        (300, 3000),
        (Metric("steps_s", 1.0),),
    ),
    Pairing(
        "farkle-pyfarkle",
        "random Farkle vs pyfarkle",
        "ours-random-farkle",
        "pyfarkle-random",
        "pyfarkle",
        (300, 100),
        RATES,
    ),
    Pairing(
        "farkle-heuristic",
        "heuristic Farkle bot vs farkle-simulation (naive)",
        "ours-heuristic-farkle",
        "farkle-simulation",
        "farkle-simulation",
        (200, 1000),
        (Metric("games_s", 1.0),),
    ),
    Pairing(
        "farkle-optimal",
        "optimal Farkle bot vs pyfarkle's table player",
        "ours-optimal-farkle",
        "pyfarkle-table",
        "pyfarkle",
        (100, 100),
        (Metric("games_s", 1.0), Metric("rss_mb", 2.0)),
    ),
    Pairing(
        "yahtzee-best",
        "Yahtzee best bot vs yahtzee-solve's player",
        "ours-best-yahtzee-1",
        "yahtzee-solve",
        "yahtzee-solve",
        (100, 1),
        (Metric("games_s", 1.0),),
    ),
)
LABELS = {"games_s": "games/s", "steps_s": "steps/s", "rss_mb": "peak RSS MB"}


def ensure_peers(venv: Path, needed: set[str] | None = None) -> dict[str, dict[str, Any]]:
    """The peer venv, made and filled on first use; per package whether it installed, with pip's error if not.

    ``needed``: only these packages (the pairings of ``--only``: a run of one pairing need not download the others,
    farkle-simulation's torch among them); None: all. A package is tried once: its result is kept in the venv's
    stamp file (delete the file or the venv to retry)."""
    import subprocess  # the driver's, not a worker's: see main()

    stamp_path = venv / STAMP
    stamp: dict[str, dict[str, Any]] = json.loads(stamp_path.read_text()) if stamp_path.exists() else {}
    python = venv / "bin" / "python"
    if not python.exists():
        print(f"creating the peer venv {venv} …", file=sys.stderr, flush=True)
        venv.parent.mkdir(parents=True, exist_ok=True)
        base = getattr(sys, "_base_executable", sys.executable)
        subprocess.run([base, "-m", "venv", str(venv)], check=True)
        stamp = {}
    for name, (requirements, module) in PEERS.items():
        if needed is not None and name not in needed:
            continue
        requirement = " ".join(requirements)
        if stamp.get(name, {}).get("requirement") == requirement:
            continue
        print(f"installing {requirement} into {venv} …", file=sys.stderr, flush=True)
        pip = subprocess.run(
            [str(python), "-m", "pip", "install", "-q", "--disable-pip-version-check", *requirements],
            capture_output=True,
            text=True,
        )
        ok, error = pip.returncode == 0, ""
        if ok:
            probe = subprocess.run([str(python), "-c", f"import {module}"], capture_output=True, text=True)
            ok, error = probe.returncode == 0, " / ".join(probe.stderr.strip().splitlines()[-1:])
        else:
            lines = [line for line in pip.stderr.splitlines() if line.startswith("ERROR")] or pip.stderr.splitlines()
            error = " / ".join(lines[-3:])
        stamp[name] = {"requirement": requirement, "ok": ok, "error": "" if ok else error}
        stamp_path.write_text(json.dumps(stamp, indent=1))
    return stamp


def run_worker(python: str, worker: str, games: int, ours: bool) -> Result:
    """One measurement in a fresh process; ours with the repository on the path, the peers in an empty directory
    (farkle-simulation reads a file from the working directory when it is there)."""
    import subprocess
    import tempfile

    env = dict(os.environ)
    if ours:
        env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
    with tempfile.TemporaryDirectory() as cwd:
        proc = subprocess.run(
            [python, str(Path(__file__).resolve()), "--worker", worker, str(games)],
            capture_output=True,
            text=True,
            env=env,
            cwd=str(ROOT) if ours else cwd,
        )
    if proc.returncode != 0:
        raise RuntimeError(f"{worker}: {proc.stderr.strip()[-2000:]}")
    return json.loads(proc.stdout.strip().splitlines()[-1])  # type: ignore[no-any-return]


def figure(result: Result, key: str) -> float:
    if key == "games_s":
        return result["games"] / result["seconds"]
    if key == "steps_s":
        return result["steps"] / result["seconds"]
    return result[key]


def fmt(value: float, key: str) -> str:
    if key == "rss_mb":
        return f"{value:,.0f}"
    return f"{value:,.0f}" if value >= 100 else f"{value:,.3g}"


def main() -> None:
    # The driver's libraries are imported here and in the functions that use them, not at the top: a worker (the
    # process whose peak RSS is measured, on both sides alike) then carries only what it measures and argparse.
    import argparse
    import platform
    import statistics

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--worker", nargs=2, metavar=("NAME", "GAMES"), help=argparse.SUPPRESS)
    parser.add_argument(
        "--only", action="append", choices=[p.name for p in PAIRINGS], help="run only this pairing (repeatable)"
    )
    parser.add_argument("--quick", action="store_true", help="a fifth of the games, one run per side (no median)")
    parser.add_argument("--peer-venv", type=Path, default=DEFAULT_VENV, help=f"default {DEFAULT_VENV}")
    parser.add_argument("--markdown", action="store_true", help="print the table as Markdown (bench/README.md)")
    args = parser.parse_args()
    if args.worker:
        name, games = args.worker
        print(json.dumps(WORKERS[name](int(games))))
        return
    venv: Path = args.peer_venv.expanduser().resolve()
    if venv == ROOT or ROOT in venv.parents:
        parser.error("--peer-venv must lie outside the repository")
    pairings = [p for p in PAIRINGS if not args.only or p.name in args.only]
    stamp = ensure_peers(venv, {p.package for p in pairings} if args.only else None)
    peer_python = str(venv / "bin" / "python")
    rounds = 1 if args.quick else 3
    load = os.getloadavg()
    print(
        f"# {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}, {platform.machine()} {os.cpu_count()} cores, "
        f"load {load[0]:.1f} {load[1]:.1f} {load[2]:.1f}, Python {platform.python_version()}, "
        f"{'1 run' if args.quick else 'medians of 3 alternated runs'}, peers in {venv}",
        flush=True,
    )
    for name, entry in stamp.items():
        if not entry["ok"]:
            print(f"# {name} does not install here: {entry['error']}", flush=True)
    rows: list[tuple[str, ...]] = []
    head = ("pairing", "metric", "ours", "peer", "ratio", "target", "met")
    for pairing in pairings:
        games = tuple(max(1, g // 5) if args.quick else g for g in pairing.games)
        entry = stamp.get(pairing.package, {})
        if not entry.get("ok"):
            for m in pairing.metrics:
                rows.append((pairing.title, LABELS[m.key], "", "not installed", "", "", "—"))
                _print_row(rows[-1], args.markdown, head if len(rows) == 1 else None)
            continue
        ours_runs: list[Result] = []
        peer_runs: list[Result] = []
        for _ in range(rounds):
            ours_runs.append(run_worker(sys.executable, pairing.ours, games[0], True))
            peer_runs.append(run_worker(peer_python, pairing.peer, games[1], False))
        for m in pairing.metrics:
            ours = statistics.median(figure(r, m.key) for r in ours_runs)
            peer = statistics.median(figure(r, m.key) for r in peer_runs)
            ratio = ours / peer if peer else float("inf")
            met = ratio <= m.target if m.key == "rss_mb" else ratio >= m.target
            target = f"≤ {m.target:g}×" if m.key == "rss_mb" else f"≥ {m.target:g}×"
            rows.append(
                (
                    pairing.title,
                    LABELS[m.key],
                    fmt(ours, m.key),
                    fmt(peer, m.key),
                    f"{ratio:.2f}×",
                    target,
                    "met" if met else "NOT met",
                )
            )
            _print_row(rows[-1], args.markdown, head if len(rows) == 1 else None)
    print(
        "# games per run: "
        + "; ".join(
            f"{p.name} {max(1, p.games[0] // 5) if args.quick else p.games[0]}/"
            f"{max(1, p.games[1] // 5) if args.quick else p.games[1]}"
            for p in pairings
        )
    )


WIDTHS = (52, 12, 10, 13, 9, 7, 7)


def _print_row(row: tuple[str, ...], markdown: bool, head: tuple[str, ...] | None) -> None:
    if markdown:
        if head is not None:
            print("| " + " | ".join(head) + " |")
            print("|---|---|---:|---:|---:|---:|---|")
        print("| " + " | ".join(row) + " |", flush=True)
        return

    def line(cells: tuple[str, ...]) -> str:
        return " ".join(c.ljust(w) if i < 2 else c.rjust(w) for i, (c, w) in enumerate(zip(cells, WIDTHS, strict=True)))

    if head is not None:
        print(line(head))
    print(line(row), flush=True)


if __name__ == "__main__":
    main()
