"""``wuerfel bot run MODULE:FACTORY --server URL --token T``: an outside bot plays at live tables as its owner's
bot account (issue 27 §4; the client is :mod:`wuerfel.cli.botclient`, the bot kinds :mod:`wuerfel.bots.outside`,
the guide docs/bots.md)."""

from __future__ import annotations

import logging
import sys

import typer
from rich.console import Console
from rich.markup import escape

from wuerfel.cli.main import LangOption, app, fail
from wuerfel.engine.errors import N_, WuerfelError
from wuerfel.i18n import Translator

bot_app = typer.Typer(no_args_is_help=True, help=N_("Your own bot at live tables"))
app.add_typer(bot_app, name="bot")


@bot_app.callback()
def bot_cmd(ctx: typer.Context, lang: str = LangOption) -> None:
    """``wuerfel bot --lang en --help`` in English; a language given here holds for ``run``."""
    from wuerfel.cli.main import language_defaults

    ctx.default_map = {**(ctx.default_map or {}), **language_defaults(ctx.command, lang)}


@bot_app.command("run", help=N_("Play as your bot account: join the tables it is seated at and play them"))
def bot_run(
    spec: str = typer.Argument(..., help=N_("The bot: MODULE:FACTORY (a Bot, or a function (view, legal))")),
    server: str = typer.Option(..., "--server", help=N_("The server's address, e.g. https://wuerfel.example")),
    token: str = typer.Option(
        ...,
        "--token",
        envvar="WUERFEL_BOT_TOKEN",
        help=N_("The bot token from your profile page (or WUERFEL_BOT_TOKEN)"),
    ),
    game: str = typer.Option(None, "--game", help=N_("Play only tables of this game")),
    max_games: int = typer.Option(
        None, "--max-games", min=1, help=N_("Stop after this many finished games (default: run until stopped)")
    ),
    join: list[str] = typer.Option(
        None,
        "--join",
        help=N_("An invitation link (the table's address): sit down there in the first free seat (repeatable)"),
    ),
    poll: float = typer.Option(2.0, "--poll", min=0.05, help=N_("Seconds between looks for new tables")),
    verbose: bool = typer.Option(False, "--verbose", help=N_("Report lost connections")),
    lang: str = LangOption,
) -> None:
    """Run the bot until stopped (Ctrl-C) or ``--max-games`` games are finished."""
    from wuerfel.cli.botclient import BotRunner, ServerApi

    _ = Translator(lang)
    out = Console(soft_wrap=True)
    logging.basicConfig(level=logging.INFO if verbose else logging.WARNING, stream=sys.stderr)

    def report(table_id: str, result: dict) -> None:
        out.print(
            escape(
                _(
                    "Game {table} finished; winners (seats): {winners}",
                    table=table_id,
                    winners=", ".join(str(s + 1) for s in result.get("winners", [])) or "–",
                )
            )
        )

    runner = BotRunner(
        ServerApi(server, token, lang),
        spec,
        game=game,
        max_games=max_games,
        poll=poll,
        on_result=report,
        join=list(join or []),
    )
    out.print(escape(_("The bot {spec} waits for tables at {server} (Ctrl-C stops it).", spec=spec, server=server)))
    try:
        runner.run()
    except WuerfelError as exc:
        fail(exc, lang)
    except KeyboardInterrupt:
        raise typer.Exit(130) from None
