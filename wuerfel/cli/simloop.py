"""The loop of ``wuerfel sim`` without the command: bot-only games, seeded, their results summed per seat.

:mod:`wuerfel.cli.sim` is the command (Typer, Rich) and re-exports every name here; this module imports neither, nor
``multiprocessing`` until a run is split over processes, so a process that only plays games (a bench's worker, a
tournament) does not carry the command line's libraries (issue 17: a bot's peak memory).
See :mod:`wuerfel.cli.sim` for how runs are seeded and split over processes.
"""

from __future__ import annotations

import math
import os
import random
import sys
import time
from bisect import bisect_right
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from wuerfel.bots import default_bot, make_bot
from wuerfel.engine.errors import N_, RuleError, WuerfelError
from wuerfel.engine.game import CHANCE, TERMINAL, Game, Outcome, State
from wuerfel.engine.progress import part as progress_part
from wuerfel.engine.registry import GameInfo
from wuerfel.engine.sampling import chance_table

MAX_STEPS = 1_000_000
"""A game that has not ended after this many events is a bug (a loop of forced moves), not a long game."""


@dataclass(frozen=True)
class SeatStats:
    name: str
    """"BOT SEAT" (``heuristic 1``): the JSON's name, the same in every language."""
    mean: float
    stderr: float
    wins: float
    losses: float = 0.0
    """Games this seat lost (:meth:`State.losers`; a loss shared by k seats counts 1/k)."""
    mean_place: float = 0.0
    """The mean place in :meth:`State.ranking` (1 = best; tied seats share the better place)."""
    mean_payoff: float | None = None
    """Mean net chips per game (:meth:`State.payoffs`); None for a game without chips."""
    bot: str = ""
    """The bot's id (``heuristic``), for the text table's label in the reader's language (not in the JSON)."""

    def to_json(self) -> dict[str, Any]:
        out = {
            "name": self.name,
            "mean": self.mean,
            "stderr": self.stderr,
            "wins": self.wins,
            "losses": self.losses,
            "mean_place": self.mean_place,
        }
        if self.mean_payoff is not None:
            out["mean_payoff"] = self.mean_payoff
        return out


@dataclass(frozen=True)
class SimResult:
    game: str
    rules: str
    games: int
    seconds: float
    players: list[SeatStats]
    seed: int = 0
    """The run's seed: the same seed (with the same game, rules, bots and seats) plays the same games."""

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds if self.seconds > 0 else float("inf")

    def to_json(self) -> dict[str, Any]:
        """The stable contract: ``{"game","rules","games","seconds","games_per_second","players":[…],"seed"}``
        (``seed`` added last, so a run without ``--seed`` can be repeated)."""
        return {
            "game": self.game,
            "rules": self.rules,
            "games": self.games,
            "seconds": self.seconds,
            "games_per_second": self.games_per_second,
            "players": [p.to_json() for p in self.players],
            "seed": self.seed,
        }


def game_seed(seed: int, index: int) -> int:
    """The dice seed of game ``index`` of a run: independent of how many games the run has."""
    return (seed * 1_000_003 + index) & 0xFFFF_FFFF_FFFF


def bot_seed(seed: int, seat: int, index: int) -> int:
    """The seed of a seat's bot for game ``index``: a bot's only randomness is its ``rng``, re-seeded per game."""
    return ((seed * 101 + seat) * 1_000_003 + index) & 0xFFFF_FFFF_FFFF


def reseed_bots(bots: Sequence[Any], seed: int, index: int) -> None:
    """Give every bot's ``rng`` (the convention of every bot here: ``self.rng = random.Random(seed)``) the seed of
    game ``index``. Bots without randomness have no ``rng`` and are left as they are."""
    for seat, bot in enumerate(bots):
        rng = getattr(bot, "rng", None)
        if isinstance(rng, random.Random):
            rng.seed(bot_seed(seed, seat, index))


GameRow = tuple[
    tuple[float, ...], tuple[int, ...], tuple[int, ...], tuple[tuple[int, ...], ...], tuple[int, ...] | None
]
"""What a summary needs of one game: scores, winners, losers, ranking, payoffs."""


def play_row(game: Game, bots: Sequence[Any], seed: int, index: int) -> GameRow:
    """Game ``index`` of a run with ``seed``, reduced to its result: the same whichever process plays it."""
    reseed_bots(bots, seed, index)
    final = play_one(game, bots, random.Random(game_seed(seed, index)))
    return (
        tuple(final.scores()),
        tuple(final.winners()),
        tuple(final.losers()),
        tuple(final.ranking()),
        final.payoffs(),
    )


_FORKED: tuple[Game, Sequence[Any], int] | None = None
"""The game, bots and seed a forked worker inherits from the parent (set just before the pool is forked)."""


def _play_chunk(bounds: tuple[int, int]) -> list[GameRow]:
    assert _FORKED is not None
    game, bots, seed = _FORKED
    return [play_row(game, bots, seed, g) for g in range(*bounds)]


def _ignore_interrupt() -> None:
    """A worker leaves Ctrl-C to the parent: the terminal sends it to every process of the group, and a worker that
    took it would print its traceback; the parent stops the run and the pool ends the workers."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)


def default_jobs() -> int:
    """All cores this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # pragma: no cover - not Linux
        return max(1, os.cpu_count() or 1)


MIN_GAMES_PER_JOB = 50
"""Fewer games than this per process are not worth forking for: a short run stays in one process."""


class WorkerDied(WuerfelError):
    """A worker process of a run split over processes ended before it delivered its games (killed, out of memory, a
    crash in compiled code): the run stops at once with this, never waits for games that will not come."""


FORK_SAFE_LAYER = "forksafe"
"""numba's threading layer that survives a fork (its *workqueue* here, TBB where installed). Its default on Linux is
GNU OpenMP, and a process forked after an OpenMP kernel ran aborts at its first parallel kernel ("Terminating:
fork() called from a process already using GNU OpenMP, this is unsafe."): the Würfelspiel's best bot runs such
kernels while it is built, so every forked worker died and the pool forked new ones for ever (issue 24 §2)."""


def prepare_fork() -> None:
    """Make the parallel kernels that run before the workers are forked fork-safe: choose numba's fork-safe threading
    layer while none is chosen yet (numba reads the environment when it is imported and again before it compiles, its
    config when it first starts its threads). A layer the user chose (``NUMBA_THREADING_LAYER``) is left alone;
    :func:`fork_is_safe` then decides."""
    if os.environ.get("NUMBA_THREADING_LAYER"):
        return
    os.environ["NUMBA_THREADING_LAYER"] = FORK_SAFE_LAYER
    numba = sys.modules.get("numba")
    if numba is not None and not _numba_threads_started():
        numba.config.THREADING_LAYER = FORK_SAFE_LAYER


def _numba_threads_started() -> bool:
    parallel = sys.modules.get("numba.np.ufunc.parallel")
    return bool(getattr(parallel, "_is_initialized", False))


def fork_is_safe() -> bool:
    """May this process fork workers? Not after GNU OpenMP ran (numba's default layer on Linux): the children would
    abort at their first parallel kernel. Without numba's threads started, or with a fork-safe layer, they may."""
    if not _numba_threads_started():
        return True
    try:
        import numba

        return str(numba.threading_layer()) != "omp" or not sys.platform.startswith("linux")
    except Exception:  # a numba without the call: trust the layer chosen by prepare_fork
        return True


def _stop_workers(pool: Any) -> None:
    """End a pool's workers now (Ctrl-C, a broken pool, a run abandoned): ``shutdown`` alone waits for the chunks
    they are playing, up to 500 games each."""
    for process in list(getattr(pool, "_processes", {}).values()):
        if process.is_alive():
            process.kill()
    pool.shutdown(wait=True, cancel_futures=True)


def _rows(game: Game, bots: Sequence[Any], seed: int, games: int, jobs: int) -> Iterator[GameRow]:
    """Every game's row in game order; with ``jobs > 1`` played by forked workers in chunks, read back in order.

    A worker that dies fails the run at once (:class:`WorkerDied`): a ``multiprocessing.Pool`` would fork a new
    worker and wait for ever for the chunk the dead one held; a ``ProcessPoolExecutor`` marks every pending chunk as
    failed as soon as one of its processes is gone."""
    global _FORKED
    jobs = min(jobs, games // MIN_GAMES_PER_JOB)
    if jobs > 1:
        import multiprocessing  # only a run split over processes needs it (a few MB: see the module's docstring)
    if jobs <= 1 or "fork" not in multiprocessing.get_all_start_methods() or not fork_is_safe():
        for g in range(games):
            yield play_row(game, bots, seed, g)
        return
    from concurrent.futures import ProcessPoolExecutor
    from concurrent.futures.process import BrokenProcessPool

    # Chunks small enough for a live progress bar and an even share, large enough that pickling is negligible.
    size = max(1, min(500, games // (jobs * 8)))
    chunks = [(a, min(a + size, games)) for a in range(0, games, size)]
    _FORKED = (game, bots, seed)
    pool = ProcessPoolExecutor(
        min(jobs, len(chunks)), mp_context=multiprocessing.get_context("fork"), initializer=_ignore_interrupt
    )
    finished = False
    died = WorkerDied(
        N_(
            "A worker process of the simulation stopped unexpectedly; the run is stopped. "
            "--jobs 1 plays it in one process."
        )
    )
    try:
        # A worker can die while chunks are still being handed out: ``submit`` then raises the same error as
        # ``result`` does, and both must end in the same message.
        try:
            futures = [pool.submit(_play_chunk, chunk) for chunk in chunks]
        except BrokenProcessPool:
            raise died from None
        for future in futures:
            try:
                rows = future.result()
            except BrokenProcessPool:
                raise died from None
            yield from rows
        finished = True
    finally:
        _FORKED = None
        if finished:
            pool.shutdown(wait=True)
        else:
            _stop_workers(pool)


_CHANCE_TABLES: dict[int, tuple[Any, list[float], list[Any]]] = {}
"""Cumulative float tables of chance distributions, by the identity of the (cached, immutable) outcome tuple a game
returns; kept across games of a run, since games hand out the same tuple for the same throw."""


_chance_table = chance_table
"""The float table of a distribution (kept under its old name: benches and tests import it from here)."""


def draw_outcome(state: State, rng: random.Random, cache: dict[int, tuple[Any, list[float], list[Any]]]) -> Outcome:
    """One outcome of the chance node ``state``, drawn from its exact distribution with one ``rng.random()`` through
    a cumulative float table (kept in ``cache`` by the identity of the outcome tuple). Never a probability-0 outcome
    (those are for people to report)."""
    outcomes = state.chance_outcomes()
    entry = cache.get(id(outcomes))
    if entry is None or entry[0] is not outcomes:
        entry = _chance_table(outcomes)
        if len(cache) > 4096:
            cache.clear()
        cache[id(outcomes)] = entry
    cum = entry[1]
    # draw_slot inlined (a call per throw is measurable): the first slot whose cumulative probability exceeds the draw
    return entry[2][min(bisect_right(cum, rng.random() * cum[-1]), len(cum) - 1)]


def play_one(
    game: Game,
    bots: Sequence[Any],
    rng: random.Random,
    cache: dict[int, tuple[Any, list[float], list[Any]]] | None = None,
    trusted: bool = True,
) -> State:
    """One bot-only game to the end. Chance outcomes are drawn from the node's exact distribution.

    The bots choose among the legal actions, so their choices are applied without the legality check
    (``trusted``, see :meth:`State.apply_action`); ``trusted=False`` checks every move (a bot under test). A trusted
    game whose rules and bots a game's own kernel covers (:meth:`Game.sim_kernel`) is played by that kernel: the
    same game, move for move, and the same final state, without a state object per step."""
    if trusted:
        kernel = game.sim_kernel(bots)
        if kernel is not None:  # the game's own loop for these bots: the same games, move for move (its tests)
            return kernel(rng)
    state = game.new_initial_state()
    cache = _CHANCE_TABLES if cache is None else cache
    steps = 0
    while True:
        # one to_move per step: is_terminal, is_chance and actors each ask it again (the same node kinds: games that
        # override actors() differ only at simultaneous nodes, where it is asked)
        who = state.to_move()
        if who == TERMINAL:
            return state
        steps += 1
        if steps > MAX_STEPS:
            raise RuleError(N_("A simulated game did not end after {n} steps."), n=MAX_STEPS)
        if who == CHANCE:
            state = state._apply_outcome(draw_outcome(state, rng, cache))
            continue
        actor = who if who >= 0 else state.actors()[0]
        action = bots[actor].choose(state, actor)
        state = state._apply_action(action, actor) if trusted else state.apply_action(action, actor)


def simulate(
    info: GameInfo,
    rules_name: str | None,
    players: int,
    bot_names: Sequence[str],
    games: int,
    seed: int,
    progress: Callable[[int], None] | None = None,
    ready: Callable[[], None] | None = None,
    jobs: int = 1,
) -> SimResult:
    """Play ``games`` bot-only games and summarise the final scores and shared wins per seat.

    ``jobs`` processes share the games (see the module's docstring): the result is exactly that of one process.

    ``ready()`` is called once the bots are built (their tables can take many seconds on a fresh machine), so a
    progress display can say "preparing" until then instead of standing at 0."""
    check_counts(games, jobs)
    if len(bot_names) not in (1, players):
        raise RuleError(N_("Give one bot for all seats or one per seat ({n})."), n=players)
    names = list(bot_names) * players if len(bot_names) == 1 else list(bot_names)
    resolved = info.resolve(rules_name)
    rules = info.rules_from_dict(resolved.data)
    game = info.new_game(rules, players)
    if min(jobs, games // MIN_GAMES_PER_JOB) > 1:
        prepare_fork()  # before the bots run any parallel kernel: the workers are forked after them
    bots = []
    for seat, name in enumerate(names):
        with progress_part(seat / len(names), (seat + 1) / len(names)):  # each bot's tables a share of the bar
            bots.append(make_bot(info.id, name, game, seed * 101 + seat))
    game.sim_kernel(bots)  # the game's own loop for these bots, if it has one, is built with the bots' tables
    if ready is not None:
        ready()
    n = players
    total = [0.0] * n
    total_sq = [0.0] * n
    wins = [0.0] * n
    losses = [0.0] * n
    places = [0.0] * n
    payoffs: list[float] | None = None
    step = max(1, games // 200)
    start = time.perf_counter()
    for g, (scores, winners, losers, ranking, paid) in enumerate(_rows(game, bots, seed, games, jobs)):
        for p in range(n):
            total[p] += scores[p]
            total_sq[p] += scores[p] * scores[p]
        for p in winners:
            wins[p] += 1.0 / len(winners)
        for p in losers:
            losses[p] += 1.0 / len(losers)
        place = 1
        for group in ranking:
            for p in group:
                places[p] += place
            place += len(group)
        if paid is not None:
            payoffs = payoffs or [0.0] * n
            for p in range(n):
                payoffs[p] += paid[p]
        if progress is not None and ((g + 1) % step == 0 or g + 1 == games):
            progress(g + 1)
    seconds = time.perf_counter() - start
    stats = []
    for p in range(n):
        mean = total[p] / games
        var = (total_sq[p] - games * mean * mean) / (games - 1) if games > 1 else 0.0
        stats.append(
            SeatStats(
                name=f"{names[p]} {p + 1}",
                mean=mean,
                stderr=math.sqrt(max(var, 0.0) / games),
                wins=wins[p],
                losses=losses[p],
                mean_place=places[p] / games,
                mean_payoff=None if payoffs is None else payoffs[p] / games,
                bot=names[p],
            )
        )
    return SimResult(game=info.id, rules=resolved.id, games=games, seconds=seconds, players=stats, seed=seed)


def check_counts(games: int, jobs: int) -> None:
    """Refuse a run of no games or no processes (before the bots are prepared, so the refusal comes at once)."""
    if games < 1:
        raise RuleError(N_("--games must be at least 1."))
    if jobs < 1:
        raise RuleError(N_("--jobs must be at least 1."))


def default_seat_count(info: GameInfo, rules_name: str | None) -> int:
    """Seats of a run without ``--players``: two where the rule set allows two (the usual duel, as ``play``'s
    default), else the fewest it allows (a solo rule set: one)."""
    rules = info.rules_from_dict(info.resolve(rules_name).data)
    counts = info.player_counts(rules) or [info.min_players]
    return 2 if 2 in counts else min(counts)


def default_bot_name(info: GameInfo) -> str:
    """The game's default bot where it runs here, else its best one that does (:func:`wuerfel.bots.default_bot`)."""
    return default_bot(info)
