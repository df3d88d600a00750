"""``python -m tests.cli.sim_workers CASE ARGS…``: the ``wuerfel`` command with a test game whose bots do what a
real bot did to ``wuerfel sim --jobs`` (issue 24 §2), each run in its own process (a fork inside the test worker could
inherit its threads' locks):

* ``dying`` — the bot of game ``pigdies`` kills its own process once it plays in a forked worker (a worker that dies:
  out of memory, a crash in compiled code);
* ``openmp`` — the bot of game ``pigomp`` runs a parallel numba kernel while it is built (in the parent, before the
  fork, as the Würfelspiel's best bot does) and at every move (in the workers).
"""

from __future__ import annotations

import dataclasses
import os
import signal
import sys

from tests.cli.games import HoldAt, pigplus_info
from wuerfel.engine.game import Action, State
from wuerfel.engine.registry import register


class DiesInWorker(HoldAt):
    """Holds at 8; in any process but the one that built it, kills that process at its first move."""

    def __init__(self) -> None:
        super().__init__()
        self.home = os.getpid()

    def choose(self, state: State, player: int) -> Action:
        if os.getpid() != self.home:
            os.kill(os.getpid(), signal.SIGKILL)
        return super().choose(state, player)


def _parallel_sum() -> object:
    import numba
    import numpy as np

    @numba.njit(parallel=True)
    def total(xs: np.ndarray) -> float:
        acc = 0.0
        for i in numba.prange(xs.shape[0]):
            acc += xs[i]
        return acc

    return lambda: total(np.ones(1000))


class ParallelKernel(HoldAt):
    """Holds at 8, running a parallel kernel when built and before every move."""

    def __init__(self) -> None:
        super().__init__()
        self.kernel = _parallel_sum()
        self.kernel()

    def choose(self, state: State, player: int) -> Action:
        self.kernel()
        return super().choose(state, player)


def main() -> None:
    case, args = sys.argv[1], sys.argv[2:]
    bot = {"dying": DiesInWorker, "openmp": ParallelKernel}[case]
    game_id = {"dying": "pigdies", "openmp": "pigomp"}[case]
    register(dataclasses.replace(pigplus_info(), id=game_id, bots={"holdat": lambda game, seed: bot()}))
    from wuerfel.cli.main import main as wuerfel_main

    sys.argv = ["wuerfel", *args]
    wuerfel_main()


if __name__ == "__main__":
    main()
