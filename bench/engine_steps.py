"""Engine steps per second: random play through ``wuerfel sim``'s loop (:func:`wuerfel.cli.sim.play_one`).

A step is one event: a chance outcome or a decision. For each case the script plays the same seeded games twice:
through ``play_one`` (the fast path: a trusted apply of actions taken from ``legal_actions``, float chance tables)
and through the plain engine (every action checked by ``apply_action``, every outcome by ``apply_outcome``), prints
both rates and says whether both played the same games move for move ("same"). ``--profile`` prints the cProfile
of the fast path; ``--only GAME`` (repeatable) plays only that game's cases. Run from the repository root:

    .venv/bin/python bench/engine_steps.py [GAMES] [--profile] [--only GAME]
"""

from __future__ import annotations

import cProfile
import pstats
import random
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from wuerfel.bots import make_bot
from wuerfel.cli.sim import draw_outcome, game_seed, play_one, reseed_bots
from wuerfel.engine.game import Game, State
from wuerfel.engine.registry import get_game

CASES = [
    ("wuerfelspiel", "kniffel"),
    ("wuerfelspiel", "yahtzee"),
    ("zehntausend", "farkle"),
    ("zehntausend", "zehntausend-einfach"),
    ("jule", None),
    ("escalero", "escalero"),
]
"""Random play, two seats, each game's named rule set (None: its default)."""
TABLES: dict[int, Any] = {}
"""The plain loop's chance tables (the same draws as ``play_one``'s own)."""


class _Recorder:
    """A bot wrapped so that each decision is written down, with the state it was taken in."""

    def __init__(self, bot: Any, log: list[Any]) -> None:
        self.bot, self.log = bot, log

    def choose(self, state: State, player: int) -> Any:
        action = self.bot.choose(state, player)
        self.log.append(action)
        return action


def plain_game(game: Game, bots: list[Any], rng: random.Random, log: list[Any], finals: list[State]) -> int:
    """One game through the checked engine API, the dice drawn as ``play_one`` draws them; every decision goes into
    ``log``, and the final scores; the final state into ``finals``. Returns the number of steps."""
    state = game.new_initial_state()
    steps = 0
    while not state.is_terminal():
        steps += 1
        if state.is_chance():
            outcome = draw_outcome(state, rng, TABLES)
            state = state.apply_outcome(outcome)
            continue
        actor = state.actors()[0]
        action = bots[actor].choose(state, actor)
        log.append(action)
        state = state.apply_action(action, actor)
    log.append(state.scores())
    finals.append(state)
    return steps


def main() -> None:
    argv = sys.argv[1:]
    only = {argv[i + 1] for i, a in enumerate(argv[:-1]) if a == "--only"}
    args = [a for i, a in enumerate(argv) if not a.startswith("--") and (i == 0 or argv[i - 1] != "--only")]
    games = int(args[0]) if args else 300
    profile = "--profile" in sys.argv
    print(
        f"{'game':14} {'rules':10} {'games':>6} {'steps':>8} {'plain steps/s':>14} {'fast steps/s':>13} "
        f"{'fast games/s':>13} {'x':>6} {'same':>5}"
    )
    for game_id, rules in CASES:
        if only and game_id not in only:
            continue
        info = get_game(game_id)
        game = info.new_game(info.rules_from_dict(info.resolve(rules).data), 2)
        bots = [make_bot(game_id, "random", game, s) for s in range(2)]
        plain_log: list[Any] = []
        plain_finals: list[State] = []
        fast_finals: list[State] = []
        steps = 0
        t = time.perf_counter()
        for g in range(games):
            reseed_bots(bots, 1, g)
            steps += plain_game(game, bots, random.Random(game_seed(1, g)), plain_log, plain_finals)
        plain_s = time.perf_counter() - t
        prof = cProfile.Profile() if profile else None
        t = time.perf_counter()
        if prof is not None:
            prof.enable()
        for g in range(games):
            reseed_bots(bots, 1, g)
            fast_finals.append(play_one(game, bots, random.Random(game_seed(1, g))))
        if prof is not None:
            prof.disable()
        fast_s = time.perf_counter() - t
        fast_log: list[Any] = []
        recorders = [_Recorder(b, fast_log) for b in bots]
        for g in range(games):
            reseed_bots(bots, 1, g)
            fast_log.append(play_one(game, recorders, random.Random(game_seed(1, g))).scores())
        # a game's own kernel (Farkle) plays the timed loop, the engine the recorded one (a recorder is no plain
        # bot): both must end where the checked engine ends, field for field
        same = fast_log == plain_log and fast_finals == plain_finals
        print(
            f"{game_id:14} {rules or '-':10} {games:6} {steps:8} {steps / plain_s:14.0f} {steps / fast_s:13.0f} "
            f"{games / fast_s:13.1f} {plain_s / fast_s:5.2f}x {same!s:>5}",
            flush=True,
        )
        if prof is not None:
            pstats.Stats(prof).sort_stats("tottime").print_stats(15)


if __name__ == "__main__":
    main()
