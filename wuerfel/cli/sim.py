"""``wuerfel sim GAME``: many bot-only games in one process, with the mean and standard error of every seat.

The loop is deliberately bare (no record, no JSON per step): states are immutable values, so a game is a fold of
``apply_outcome``/``apply_action`` over a seeded dice source and the bots' choices. Each game has its own dice seed
derived from ``--seed`` and the game's number, so a run is reproducible and game *k* is the same game whatever
``--games`` is. Bots are made once per seat (their tables are built once) and their random choices are re-seeded
before every game from ``--seed``, the seat and the game's number, so game *k* does not depend on the games before it
either. That is what lets ``--jobs N`` split the games over N processes and still give exactly the figures of one
process: the workers are forked after the bots are built (tables shared, not rebuilt), each plays whole games, and
the parent sums the per-game results in game order, so even the floating-point sums are the same.
"""

from __future__ import annotations

import json
import secrets
import sys

import typer
from rich.console import Console
from rich.markup import escape
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    SpinnerColumn,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.table import Table

from wuerfel.bots import bot_label
from wuerfel.cli.main import JSON_HELP, RULES_HELP, LangOption, app, fail
from wuerfel.cli.render import decimal
from wuerfel.cli.simloop import (
    _CHANCE_TABLES,
    MAX_STEPS,
    MIN_GAMES_PER_JOB,
    GameRow,
    SeatStats,
    SimResult,
    WorkerDied,
    _chance_table,
    _ignore_interrupt,
    _play_chunk,
    _rows,
    bot_seed,
    check_counts,
    default_bot_name,
    default_jobs,
    default_seat_count,
    draw_outcome,
    game_seed,
    play_one,
    play_row,
    reseed_bots,
    simulate,
)
from wuerfel.engine.errors import N_, WuerfelError
from wuerfel.engine.progress import listening
from wuerfel.engine.registry import get_game
from wuerfel.i18n import Translator, normalize_language

EXIT_WORKER_DIED = 1
"""The exit status of a run whose worker process died (2 stays the refusal of bad arguments)."""

WIDE = 400
"""Columns of the table's console when standard output is no terminal (the table takes only what it needs)."""

DEFAULT_GAMES = 200
"""Games of a run without ``--games``: a first look (a win rate to about ±3.5 points) in a few seconds; the slowest
default bots, Ohio's optimal ones, play about 22 games a second on one core (bench/README.md, "sim's defaults")."""


def random_seed() -> int:
    """A seed for a run without ``--seed``: from the operating system, short enough to type back in."""
    return secrets.randbelow(1_000_000_000)


@app.command("sim", help=N_("Bots against each other: many games, with statistics for every seat"))
def sim_cmd(
    game: str = typer.Argument(..., help=N_("Game ID (see: wuerfel games)")),
    rules: str = typer.Option(None, "--rules", help=RULES_HELP),
    players: int = typer.Option(
        None,
        "--players",
        help=N_("Number of seats, all taken by bots (default: 2 where the rule set allows, else the fewest it allows)"),
    ),
    bot: str = typer.Option(
        None,
        "--bot",
        help=N_("One bot for every seat, or one per seat separated by commas (default: the game's default bot)"),
    ),
    games: int = typer.Option(
        DEFAULT_GAMES, "--games", help=N_("Number of games (more games: smaller standard errors)")
    ),
    seed: int = typer.Option(
        None, "--seed", help=N_("The same seed plays the same games (default: a random one, printed with the result)")
    ),
    jobs: int = typer.Option(
        None, "--jobs", help=N_("Processes (default: all cores); the results are exactly those of one process")
    ),
    as_json: bool = typer.Option(False, "--json", help=JSON_HELP),
    lang: str = LangOption,
) -> None:
    """Bot-only games with statistics; without ``--players``/``--seed`` the usual seats and a random seed, printed
    so that the run can be repeated."""
    lang = normalize_language(lang)
    _ = Translator(lang)
    try:
        info = get_game(game)
        bot_names = [b.strip() for b in (bot or default_bot_name(info)).split(",")]
        jobs = default_jobs() if jobs is None else jobs
        check_counts(games, jobs)
        if players is None:
            # one bot per seat given: that many seats; else the rule set's usual count
            players = len(bot_names) if len(bot_names) > 1 else default_seat_count(info, rules)
        seed = random_seed() if seed is None else seed
        if as_json:
            result = simulate(info, rules, players, bot_names, games, seed, jobs=jobs)
        else:
            err = Console(stderr=True)
            with Progress(
                SpinnerColumn(),
                TextColumn("{task.description}"),
                BarColumn(),
                MofNCompleteColumn(),
                TimeElapsedColumn(),
                TimeRemainingColumn(),
                console=err,
                transient=True,
            ) as bar:
                # Until the bots are built the bar pulses under "preparing" (no total), then counts the games.
                task = bar.add_task(_("Preparing the bots"), total=None)
                if not err.is_terminal:
                    err.print(_("Preparing the bots") + " …", highlight=False)

                preparing = [True]
                stage = [""]

                def prepared(fraction: float | None, what: str | None) -> None:
                    """What the bots' tables report while they are built (issue 24 U8: the bar stood at 0 %)."""
                    if not preparing[0]:
                        return  # a bot solving more tables during the games: the bar counts games now
                    stage[0] = _(what) if what else stage[0]
                    text = _("Preparing the bots") + (f": {stage[0]}" if stage[0] else "")
                    if fraction is not None:
                        text += f" ({decimal(fraction, lang, 0, percent=True)})"
                    bar.update(task, description=text)

                def ready() -> None:
                    preparing[0] = False
                    bar.update(task, description=_("Simulating"), total=games, completed=0)
                    if not err.is_terminal:
                        err.print(_("Simulating") + " …", highlight=False)

                with listening(prepared):
                    result = simulate(
                        info,
                        rules,
                        players,
                        bot_names,
                        games,
                        seed,
                        progress=lambda done: bar.update(task, completed=done),
                        ready=ready,
                        jobs=jobs,
                    )
    except WorkerDied as exc:
        # Not a refusal of the arguments (status 2): the run itself failed, and says so at once.
        Console(stderr=True, soft_wrap=True).print(f"[red]{escape(exc.translated(lang))}[/red]")
        raise typer.Exit(EXIT_WORKER_DIED) from None
    except WuerfelError as exc:
        fail(exc, lang)
    if as_json:
        sys.stdout.write(json.dumps(result.to_json()) + "\n")
        return
    console = Console()
    if not console.is_terminal:
        # A file or a pipe has no width: the table is as wide as its contents, never cut to 80 columns ("Bot 1
        # (zufäl…", issue 24 U7). A terminal keeps its own width.
        console = Console(width=WIDE)
    table = Table(title=f"{info.name(lang)} — {result.rules}", header_style="bold")
    # "Spieler", as in the result tables ("Platz" read as a place in the ranking, which "Ø Rang" is)
    table.add_column(_("Player"))
    table.add_column(_("Mean score"), justify="right")
    table.add_column(_("Std. error"), justify="right")
    table.add_column(_("Wins"), justify="right")
    table.add_column(_("Win rate"), justify="right")
    # Columns a game has: losses where it names losers, chips where it is played for chips.
    has_losers = any(s.losses for s in result.players)
    has_chips = any(s.mean_payoff is not None for s in result.players)
    if has_losers:
        table.add_column(_("Losses"), justify="right")
    table.add_column(_("Mean place"), justify="right")
    if has_chips:
        table.add_column(_("Mean chips won/lost"), justify="right")
    for seat, s in enumerate(result.players, start=1):
        wins = f"{s.wins:g}".replace(".", ",") if lang == "de" else f"{s.wins:g}"
        label = _("Bot {n} ({bot})", n=seat, bot=bot_label(s.bot, lang)) if s.bot else s.name
        row = [
            label,
            decimal(s.mean, lang),
            decimal(s.stderr, lang),
            wins,
            decimal(s.wins / result.games, lang, 1, percent=True),
        ]
        if has_losers:
            row.append(f"{s.losses:g}".replace(".", ",") if lang == "de" else f"{s.losses:g}")
        row.append(decimal(s.mean_place, lang))
        if has_chips:
            row.append(decimal(s.mean_payoff or 0.0, lang))
        table.add_row(*row)
    console.print(table)
    console.print(
        _.n(
            "{games} game in {seconds} s ({rate} games per second).",
            "{games} games in {seconds} s ({rate} games per second).",
            result.games,
            games=result.games,
            seconds=decimal(result.seconds, lang),
            rate=decimal(result.games_per_second, lang, 1),
        )
    )
    console.print(
        _("Seed {seed}: the same command with --seed {seed} plays the same games.", seed=result.seed),
        highlight=False,
        soft_wrap=True,
    )  # one line, whatever the width: it is copied


__all__ = [
    "DEFAULT_GAMES",
    "MAX_STEPS",
    "MIN_GAMES_PER_JOB",
    "_CHANCE_TABLES",
    "GameRow",
    "SeatStats",
    "SimResult",
    "WorkerDied",
    "_chance_table",
    "_ignore_interrupt",
    "_play_chunk",
    "_rows",
    "bot_seed",
    "check_counts",
    "default_bot_name",
    "default_jobs",
    "default_seat_count",
    "draw_outcome",
    "game_seed",
    "play_one",
    "play_row",
    "random_seed",
    "reseed_bots",
    "sim_cmd",
    "simulate",
]
