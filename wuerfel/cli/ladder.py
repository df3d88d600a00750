"""``wuerfel ladder GAME --bots random,heuristic,optimal,mymod:Bot --games N``: every pairing of the bots plays N
games, and an openskill table ranks them (issue 27 §4).

The ratings are the leaderboards' own (:mod:`wuerfel.engine.ratings`, the code the server rates rated tables with):
each bot is one identity ``bot:<name>``, and every seat of an n-seat table has its virtual partner, so a seat's
advantage is learned instead of credited to whoever sat there. Seats rotate from game to game within a pairing.

Reproducible: game *k* of pairing *p* has its own dice seed and bot seeds derived from ``--seed``, *p* and *k*, and the
ratings are updated in one fixed order (game 1 of every pairing, then game 2 …, as rounds of a tournament), so
``--jobs`` changes the speed and never the table. Bots from outside (``MODULE:FACTORY``, :mod:`wuerfel.bots.outside`)
have every move checked by the engine, as a server checks a client's; the project's own bots are trusted, as in
``wuerfel sim``.
"""

from __future__ import annotations

import concurrent.futures
import itertools
import json
import math
import multiprocessing
import random
import sys
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass
from typing import Any

import typer
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from wuerfel.bots import bot_label, bot_names, make_bot, require_bot
from wuerfel.bots.outside import is_outside, load_factory, make_outside_bot
from wuerfel.cli.main import JSON_HELP, RULES_HELP, LangOption, app, fail
from wuerfel.cli.progress import working
from wuerfel.cli.render import decimal
from wuerfel.cli.simloop import (
    check_counts,
    default_jobs,
    default_seat_count,
    fork_is_safe,
    game_seed,
    play_one,
    prepare_fork,
    reseed_bots,
)
from wuerfel.engine import ratings as rt
from wuerfel.engine.errors import N_, RuleError, WuerfelError
from wuerfel.engine.registry import GameInfo, get_game
from wuerfel.i18n import Translator

Played = tuple[tuple[str, ...], tuple[int, ...]]
"""One game: the bots in seat order and each seat's place (1 = best, ties share)."""


@dataclass(frozen=True)
class LadderEntry:
    rank: int
    bot: str
    label: str
    mu: float
    sigma: float
    low: float
    """``mu - 2 sigma``: with ``high`` the interval that holds the bot's strength with about 95 % confidence."""
    high: float
    ordinal: float
    """``mu - 3 sigma``, the leaderboards' displayed rating (the table's order)."""
    games: int
    wins: float
    """First places, a shared first place counted as its share."""


def pairing_seed(seed: int, pairing: int) -> int:
    """The seed of one pairing's games: each pairing's games are the same whatever else the ladder plays."""
    return (seed * 7_919 + pairing) & 0xFFFF_FFFF_FFFF


def seat_order(names: Sequence[str], index: int) -> tuple[str, ...]:
    """Game ``index`` of a pairing: the seats rotate, so every bot sits everywhere equally often."""
    k = index % len(names)
    return tuple(names[k:]) + tuple(names[:k])


def _make(info: GameInfo, name: str, game: Any, seed: int) -> Any:
    return make_outside_bot(name, game, seed) if is_outside(name) else make_bot(info.id, name, game, seed)


def play_pairing(task: tuple[str, str | None, int, tuple[str, ...], int, int, int]) -> list[Played]:
    """Games ``start`` to ``stop`` of one pairing (a worker's task; everything it needs is in ``task``)."""
    game_id, rules_name, players, names, seed, start, stop = task
    info = get_game(game_id)
    game = info.new_game(info.rules_from_dict(info.resolve(rules_name).data), players)
    made = {name: _make(info, name, game, seed * 101 + i) for i, name in enumerate(names)}
    trusted = not any(is_outside(n) for n in names)
    out: list[Played] = []
    for g in range(start, stop):
        order = seat_order(names, g)
        bots = [made[n] for n in order]
        reseed_bots(bots, seed, g)
        final = play_one(game, bots, random.Random(game_seed(seed, g)), trusted=trusted)
        places = rt.places_of(final.ranking())
        out.append((order, tuple(places[s] for s in range(players))))
    return out


def run_ladder(
    info: GameInfo,
    rules_name: str | None,
    names: Sequence[str],
    games: int,
    seed: int,
    jobs: int = 1,
    players: int | None = None,
    lang: str = "de",
    progress: Callable[[int], None] | None = None,
) -> dict[str, Any]:
    """Play every pairing and rate; the document ``--json`` prints. ``progress(n)`` hears of each pairing played
    (``n`` of them so far; their number is ``len(doc["pairings"])``)."""
    check_counts(games, jobs)
    try:
        import openskill  # noqa: F401  (the ratings' model; part of the web extra)
    except ImportError as exc:
        raise RuleError(N_("wuerfel ladder rates with openskill: pip install 'wuerfel[web]'.")) from exc
    if len(set(names)) != len(names):
        raise RuleError(N_("Every bot may be named only once in a ladder."))
    for name in names:
        if is_outside(name):
            load_factory(name)  # refused here, before any game, when it cannot be imported
        elif name not in bot_names(info.id):
            raise RuleError(N_("Unknown bot '{name}'. Known: {known}"), name=name, known=", ".join(bot_names(info.id)))
        else:
            require_bot(info, name)  # one that needs the extra solvers: refused before any game, naming it
    n = players or default_seat_count(info, rules_name)
    if len(names) < n:
        raise RuleError(N_("A ladder of {n}-seat games needs at least {n} bots."), n=n)
    pairings = list(itertools.combinations(names, n))
    tasks = [(info.id, rules_name, n, tuple(p), pairing_seed(seed, i), 0, games) for i, p in enumerate(pairings)]
    report = progress or (lambda _n: None)
    report(0)
    if jobs > 1 and len(tasks) > 1:
        prepare_fork()
        ctx = multiprocessing.get_context("fork" if fork_is_safe() else "spawn")
        with concurrent.futures.ProcessPoolExecutor(min(jobs, len(tasks)), mp_context=ctx) as pool:
            futures = [pool.submit(play_pairing, t) for t in tasks]
            for done, _f in enumerate(concurrent.futures.as_completed(futures), 1):
                report(done)
            results = [f.result() for f in futures]  # in pairing order, whichever finished first
    else:
        results = []
        for t in tasks:
            results.append(play_pairing(t))
            report(len(results))
    current: dict[str, rt.Rating] = {}
    counts = dict.fromkeys(names, 0)
    wins = dict.fromkeys(names, 0.0)
    for g in range(games):  # round by round: the order of the updates does not depend on --jobs
        for played in results:
            order, places = played[g]
            after, _ = rt.update([rt.bot_identity(b) for b in order], dict(enumerate(places)), current)
            current.update(after)
            firsts = [b for b, p in zip(order, places, strict=True) if p == 1]
            for b in order:
                counts[b] += 1
            for b in firsts:
                wins[b] += 1 / len(firsts)
    rows = []
    for b in names:
        r = current.get(rt.bot_identity(b)) or rt.initial(rt.bot_identity(b))
        rows.append((b, r))
    rows.sort(key=lambda x: -x[1].ordinal)
    entries = [
        LadderEntry(
            rank=i + 1,
            bot=b,
            label=b if is_outside(b) else bot_label(b, lang),
            mu=round(r.mu, 3),
            sigma=round(r.sigma, 3),
            low=round(r.mu - 2 * r.sigma, 3),
            high=round(r.mu + 2 * r.sigma, 3),
            ordinal=round(r.ordinal, 3),
            games=counts[b],
            wins=round(wins[b], 3),
        )
        for i, (b, r) in enumerate(rows)
    ]
    resolved = info.resolve(rules_name)
    seats = []
    for k in range(n):  # the learned advantage of each seat, as the leaderboard shows it
        r = current.get(rt.seat_identity(n, k)) or rt.initial(rt.seat_identity(n, k))
        seats.append({"seat": k + 1, "mu": round(r.mu, 3), "sigma": round(r.sigma, 3)})
    return {
        "game": info.id,
        "rules": resolved.id,
        "players": n,
        "games_per_pairing": games,
        "seed": seed,
        "pairings": [list(p) for p in pairings],
        "bots": [asdict(e) for e in entries],
        "seats": seats,
    }


@app.command("ladder", help=N_("Every pairing of bots plays; an openskill table with confidence intervals ranks them"))
def ladder_cmd(
    game: str = typer.Argument(..., help=N_("Game ID, e.g. chicago")),
    bots: str = typer.Option(
        "random,heuristic",
        "--bots",
        help=N_("Bots separated by commas: the game's own (random, heuristic, optimal …) or MODULE:FACTORY"),
    ),
    games: int = typer.Option(20, "--games", help=N_("Games per pairing")),
    jobs: int = typer.Option(1, "--jobs", help=N_("Processes playing pairings at once (0: every core)")),
    rules: str = typer.Option(None, "--rules", help=RULES_HELP),
    players: int = typer.Option(None, "--players", help=N_("Seats per game (default: 2 where allowed)")),
    seed: int = typer.Option(0, "--seed", help=N_("Seed of dice and bots (the same seed, the same table)")),
    as_json: bool = typer.Option(False, "--json", help=JSON_HELP),
    lang: str = LangOption,
) -> None:
    """Rate bots against each other with the leaderboards' rating code."""
    _ = Translator(lang)
    names = [b.strip() for b in bots.split(",") if b.strip()]
    try:
        info = get_game(game)
        n = players or default_seat_count(info, rules)
        pairings = math.comb(len(set(names)), n) if len(set(names)) >= n else 0
        with working(_("Playing the pairings"), total=pairings or None, quiet=as_json, lang=lang) as advance:
            doc = run_ladder(
                info,
                rules,
                names,
                games,
                seed,
                jobs or default_jobs(),
                players,
                lang,
                progress=lambda done: advance(done),
            )
    except WuerfelError as exc:
        fail(exc, lang)
    if as_json:
        print(json.dumps(doc, ensure_ascii=False))
        return
    table = Table(
        title=_.n(
            "{game}: {n} game per pairing, seed {seed}",
            "{game}: {n} games per pairing, seed {seed}",
            games,
            game=info.name(lang),
            seed=seed,
        ),
        header_style="bold",
    )
    for head in (_("Rank"), _("Bot"), "μ", "σ", "μ ± 2σ", _("Rating (μ − 3σ)"), _("Games"), _("Wins")):
        table.add_column(head)
    for e in doc["bots"]:
        table.add_row(
            str(e["rank"]),
            escape(e["label"]),
            decimal(e["mu"], lang),
            decimal(e["sigma"], lang),
            f"{decimal(e['low'], lang)} … {decimal(e['high'], lang)}",
            decimal(e["ordinal"], lang),
            str(e["games"]),
            decimal(e["wins"], lang),
        )
    # a table printed into a file or pipe is not cut to 80 columns (as sim's)
    Console(soft_wrap=True, width=None if sys.stdout.isatty() else 200).print(table)
