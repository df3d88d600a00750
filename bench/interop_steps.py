"""Steps per second of the research adapters under random play, beside OpenSpiel's own C++ ``pig`` and ``yacht``.

A step is one event: a chance outcome or a decision. Each case plays seeded random games for about ``--seconds``
and prints the rate: our games through the OpenSpiel adapter (:mod:`wuerfel.interop.openspiel`; every step through
Python and the engine, legal ids from the codec; no information strings asked) and through the PettingZoo adapter
(:mod:`wuerfel.interop.pettingzoo` with PettingZoo's order-enforcing wrapper; its ``last()`` builds the observation,
the seat's view as JSON bytes, at every decision, and only decisions are counted there: chance is drawn inside
``step``), then OpenSpiel's built-in ``pig`` and ``yacht`` (C++) played through the same Python loop.
Needs ``pip install 'wuerfel[research]'``. Run from the repository root:

    .venv/bin/python bench/interop_steps.py [--seconds 3] [--only GAME]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import numpy as np
import pyspiel

from wuerfel.interop.openspiel import load
from wuerfel.interop.pettingzoo import env

CASES = [
    ("escalero", "escalero"),
    ("wuerfelspiel", "kniffel"),
    ("zehntausend", "farkle"),
    ("verdecktes-wuerfelpoker", None),
    ("lustige-sieben", None),
    ("quinze", None),
]
"""Two seats each; None: the default rules. Kniffel is the game nearest to OpenSpiel's yacht, Zehntausend (farkle)
the press-your-luck game nearest to its pig."""


def openspiel_game(game: pyspiel.Game, rng: random.Random) -> int:
    """One random game through OpenSpiel's Python API; its number of steps."""
    state, steps = game.new_initial_state(), 0
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(actions, probs)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
        steps += 1
    return steps


def pettingzoo_game(e: object, rng: random.Random, seed: int) -> int:
    """One random game through the AEC loop; its number of decisions (chance is drawn inside ``step``)."""
    e.reset(seed=seed)  # type: ignore[attr-defined]
    steps = 0
    for _agent in e.agent_iter():  # type: ignore[attr-defined]
        obs, _, done, cut, _ = e.last()  # type: ignore[attr-defined]
        if done or cut:
            e.step(None)  # type: ignore[attr-defined]
            continue
        e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))  # type: ignore[attr-defined]
        steps += 1
    return steps


def rate(play: Callable[[int], int], seconds: float) -> tuple[float, int]:
    """Steps per second over whole games for about ``seconds``; and the number of games."""
    start, steps, games = time.perf_counter(), 0, 0
    while time.perf_counter() - start < seconds or games == 0:
        steps += play(games)
        games += 1
    return steps / (time.perf_counter() - start), games


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=3.0)
    ap.add_argument("--only", action="append", help="only this game id (repeatable)")
    args = ap.parse_args(argv)
    print(f"{'case':64} {'steps/s':>10} {'games':>6}")
    for builtin in ("pig", "yacht"):
        if builtin not in pyspiel.registered_names() or (args.only and builtin not in args.only):
            continue
        game = pyspiel.load_game(builtin)
        rng = random.Random(0)
        r, n = rate(lambda _g, game=game, rng=rng: openspiel_game(game, rng), args.seconds)
        print(f"{'OpenSpiel built-in ' + builtin + ' (C++)':64} {r:10.0f} {n:6d}")
    for game_id, rules in CASES:
        if args.only and game_id not in args.only:
            continue
        game = load(game_id, rules, 2)
        rng = random.Random(0)
        r, n = rate(lambda _g, game=game, rng=rng: openspiel_game(game, rng), args.seconds)
        label = f"{game_id}/{rules or 'default'}"
        print(f"{'OpenSpiel adapter ' + label:64} {r:10.0f} {n:6d}")
        e = env(game_id, rules, 2)
        rng = random.Random(0)
        r, n = rate(lambda g, e=e, rng=rng: pettingzoo_game(e, rng, g), args.seconds)
        print(f"{'PettingZoo adapter ' + label + ' (decisions)':64} {r:10.0f} {n:6d}")


if __name__ == "__main__":
    main()
