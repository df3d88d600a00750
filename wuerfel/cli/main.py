"""The one command ``wuerfel``. Subcommands live in sibling modules that add themselves to :data:`app`.

Output contracts (``--json`` forms) are relied on by scripts and tests: keep them stable.
"""

from __future__ import annotations

import importlib
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import typer
from rich.console import Console
from rich.markup import escape
from rich.table import Table
from typer.core import TyperGroup

from wuerfel.engine.errors import N_, RuleError, WuerfelError
from wuerfel.engine.registry import all_games, get_game
from wuerfel.engine.rules import describe_options
from wuerfel.i18n import Translator


class WuerfelGroup(TyperGroup):
    """The root command: before click parses anything, its own messages are switched to the language of the
    command line (``--lang``, German by default), so "Usage:", "No such option" … match the rest of the output, and
    so are the help texts of every command and option (English msgids, :func:`translate_help`)."""

    def main(self, args: Sequence[str] | None = None, *rest: Any, **kwargs: Any) -> Any:
        from wuerfel.cli.framework_i18n import language_of, translate_help, use_language

        lang = language_of(sys.argv[1:] if args is None else args)
        use_language(lang)
        translate_help(self, lang)
        return super().main(args, *rest, **kwargs)


app = typer.Typer(
    cls=WuerfelGroup, no_args_is_help=True, add_completion=False, help=N_("wuerfel — traditional dice games")
)
rules_app = typer.Typer(no_args_is_help=True, help=N_("Rule sets: presets, variants, your own files"))
app.add_typer(rules_app, name="rules")

console = Console()

SUBCOMMAND_MODULES = ("play", "score", "odds", "sim", "solve", "serve", "analyse", "verify", "bot", "ladder", "dataset")
"""Modules of wuerfel.cli that register further subcommands (a missing one is skipped)."""


def check_language(value: str) -> str:
    """Refuse a language the program does not speak (``--lang xx`` was silently German): in both languages, since
    the user's is unknown, with status 2 like every refusal."""
    from wuerfel.i18n import LANGUAGES, translate

    base = (value or "").replace("_", "-").split("-")[0].strip().lower()
    if base not in LANGUAGES:
        message = " / ".join(
            translate("Unknown language '{lang}'. Known: {known}", lang, lang=value, known=", ".join(LANGUAGES))
            for lang in LANGUAGES
        )
        Console(stderr=True, soft_wrap=True).print(f"[red]{escape(message)}[/red]")
        raise typer.Exit(2)
    return base


# Help texts are English msgids marked with N_ (the catalogue check finds them); WuerfelGroup shows them in the
# language of the command line.
LangOption = typer.Option("de", "--lang", help=N_("Language: de or en"), callback=check_language)
JSON_HELP = N_("Print JSON for scripts (a stable format) instead of the table")
RULES_HELP = N_("Preset, variant or TOML file")
GAME_HINT_HELP = N_("Game ID, when the rule set's name is ambiguous")


def language_defaults(command: Any, lang: str) -> dict[str, Any]:
    """A ``default_map`` that gives every subcommand below ``command`` the language ``lang``: so a ``--lang``
    before the command's name (``wuerfel --lang en play …``) counts like one after it (which still wins)."""
    out: dict[str, Any] = {}
    for name, sub in getattr(command, "commands", {}).items():
        out[name] = {"lang": lang, **language_defaults(sub, lang)}
    return out


@app.callback()
def root_cmd(ctx: typer.Context, lang: str = LangOption) -> None:
    """``wuerfel --lang en --help``: the overview in English; a language given here holds for the command after it."""
    ctx.default_map = {**(ctx.default_map or {}), **language_defaults(ctx.command, lang)}


@rules_app.callback()
def rules_cmd(ctx: typer.Context, lang: str = LangOption) -> None:
    """``wuerfel rules --lang en --help`` in English; a language given here holds for ``list``/``show``."""
    ctx.default_map = {**(ctx.default_map or {}), **language_defaults(ctx.command, lang)}


def fail(exc: WuerfelError, lang: str = "de") -> None:
    """Print a refusal in the user's language and exit with status 2: escaped (a message may quote "[overlay]" or
    a user's text, which Rich would take for markup) and unbroken (a path folded at 80 columns is not copyable)."""
    Console(stderr=True, soft_wrap=True).print(f"[red]{escape(exc.translated(lang))}[/red]")
    raise typer.Exit(2)


@app.command("games", help=N_("The games that can be played, with their rule sets"))
def games_cmd(as_json: bool = typer.Option(False, "--json", help=JSON_HELP), lang: str = LangOption) -> None:
    """The registry of games."""
    _ = Translator(lang)
    infos = all_games()
    if as_json:
        print(
            json.dumps(
                [
                    {
                        "id": g.id,
                        "name_de": g.name_de,
                        "name_en": g.name_en,
                        "min_players": g.min_players,
                        "max_players": g.max_players,
                        "default_rules": g.default_preset,
                        "rules": g.rule_sets(),
                    }
                    for g in infos
                ],
                ensure_ascii=False,
            )
        )
        return
    # Plain lines, not a table: ids are what people copy into the next command, so they are never cut or folded.
    for g in infos:
        console.print(
            f"[bold]{escape(g.id)}[/bold] — {escape(g.name(lang))}  "
            f"[dim]{escape(_('{lo} to {hi} players', lo=g.min_players, hi=g.max_players))}[/dim]",
            soft_wrap=True,
        )
        lib = g.library
        presets = [r for r in g.public_rule_sets() if not (lib and lib.is_overlay(r))]
        console.print("    " + escape(_("Rule sets: {names}", names=", ".join(presets))), soft_wrap=True)
        overlays = len(g.public_rule_sets()) - len(presets)
        if overlays:
            console.print(
                "    " + escape(_("Variants: {n} (wuerfel rules list --game {game})", n=overlays, game=g.id)),
                style="dim",
                soft_wrap=True,
            )


@rules_app.command("list", help=N_("Every rule set: presets and variants"))
def rules_list(
    game: str = typer.Option(None, "--game", help=N_("only this game")),
    show_all: bool = typer.Option(False, "--all", help=N_("internal rule sets too (for tests)")),
    as_json: bool = typer.Option(False, "--json", help=JSON_HELP),
    lang: str = LangOption,
) -> None:
    """Every preset and overlay."""
    _ = Translator(lang)
    try:
        infos = [get_game(game)] if game else all_games()
    except WuerfelError as exc:
        fail(exc, lang)
    rows = []
    names: dict[tuple[str, str], tuple[str, str]] = {}
    for g in infos:
        lib = g.library
        # Internal rule sets exist for tests; they load by id but are listed only with --all.
        for name in g.rule_sets() if show_all else g.public_rule_sets():
            kind = "overlay" if lib and lib.is_overlay(name) else "preset"
            res = g.resolve(name)
            rows.append({"game": g.id, "id": name, "kind": kind, "source": res.source, "note": res.note})
            names[(g.id, name)] = (res.name(lang), res.describe(lang))
    if as_json:
        print(json.dumps(rows, ensure_ascii=False))
        return
    width = max((len(r["id"]) for r in rows), default=4)
    for g in infos:
        console.print(f"[bold]{escape(g.name(lang))}[/bold] ({escape(g.id)})", soft_wrap=True)
        for r in rows:
            if r["game"] == g.id:
                title, note = names[(g.id, r["id"])]
                console.print(
                    f"  {escape(r['id'].ljust(width))}  {escape(_(r['kind'])).ljust(9)}  "
                    f"{escape(title)}  [dim]{escape(note)}[/dim]",
                    soft_wrap=True,
                )


def find_rules(name_or_path: str, game: str | None) -> tuple[str, str]:
    """Which game a rule-set name or file belongs to (the first whose library resolves it).

    A name no game knows is refused as such: the last game's own refusal would list that one game's rule sets as if
    they were all there are; a game's id given as a rule set is answered with that game's rule sets. A file keeps
    its own reason (it cannot be read, it is not TOML …), the same for every game."""
    if game:
        return get_game(game).id, name_or_path
    last: WuerfelError | None = None
    infos = all_games()
    for g in infos:
        try:
            g.resolve(name_or_path)
            return g.id, name_or_path
        except WuerfelError as exc:
            last = exc
    assert last is not None
    if name_or_path.endswith(".toml") or Path(name_or_path).exists():
        raise last
    named = [g for g in infos if g.id == name_or_path.strip().lower()]
    if named:
        raise RuleError(
            N_("'{name}' is a game, not a rule set; its rule sets: {known}"),
            name=name_or_path,
            known=", ".join(named[0].public_rule_sets()),
        )
    raise RuleError(N_("No game knows the rule set '{name}' (all of them: wuerfel rules list)."), name=name_or_path)


@rules_app.command("show", help=N_("The fully resolved options of a rule set"))
def rules_show(
    preset: str = typer.Argument(..., help=N_("Preset, variant or path of a TOML file")),
    game: str = typer.Option(None, "--game", help=GAME_HINT_HELP),
    as_json: bool = typer.Option(False, "--json", help=JSON_HELP),
    lang: str = LangOption,
) -> None:
    """The fully resolved options of a rule set."""
    _ = Translator(lang)
    try:
        game_id, name = find_rules(preset, game)
        info = get_game(game_id)
        resolved = info.resolve(name)
        rules = info.rules_from_dict(resolved.data, complete=False)
    except WuerfelError as exc:
        fail(exc, lang)
    from wuerfel.engine.edges import game_edges
    from wuerfel.engine.rules import options_to_dict

    edges = game_edges(info, rules, lang)
    if as_json:
        doc: dict[str, Any] = {
            "game": game_id,
            "id": resolved.id,
            "source": resolved.source,
            "note": resolved.note,
            "options": options_to_dict(rules),
        }
        if edges is not None:  # a bank game: the bank's exact edge under these rules
            doc["bank_edges"] = edges
        print(json.dumps(doc, ensure_ascii=False))
        return
    console.print(
        f"[bold]{escape(info.name(lang))}[/bold] — {escape(resolved.name(lang))} ({escape(resolved.id)})  "
        f"[dim]{escape(resolved.describe(lang))}[/dim]",
        soft_wrap=True,
    )
    options = describe_options(rules)
    table = Table(header_style="bold")
    table.add_column(_("Option"), overflow="fold")
    table.add_column(_("Value"))
    table.add_column(_("Default"))
    table.add_column(_("Meaning"))
    for o in options:
        changed = o.value != o.default
        value = escape(option_value(o, o.value, lang))
        # The human name first; the dotted key below it, dim, because that is what a rules file needs.
        table.add_row(
            f"{escape(o.name(lang))}\n[dim]{escape(o.key)}[/dim]",
            f"[bold]{value}[/bold]" if changed else value,
            escape(option_value(o, o.default, lang)),
            escape(o.description(lang)),
        )
    console.print(table)
    if edges:
        # The bank's exact edge under these rules (engine/edges.py): what a punter should know before staking.
        edge_table = Table(
            _("Field"), _("Edge"), _("exact"), title=_("Bank's edge per chip staked"), header_style="bold"
        )
        for e in edges:
            percent = f"{e['edge'] * 100:.2f} %"
            edge_table.add_row(escape(e["name"]), percent.replace(".", ",") if lang == "de" else percent, e["fraction"])
        console.print(edge_table)
        console.print(
            escape(
                _(
                    "What the bank expects to win per chip staked, until the stake is settled: 0 is "
                    "fair, below 0 the punters have the edge."
                )
            ),
            style="dim",
            soft_wrap=True,
        )


@rules_app.command("explain", help=N_("How to play a game, written from the rules in force"))
def rules_explain(
    game: str = typer.Argument(..., help=N_("Game ID, e.g. chicago")),
    rules: str = typer.Option(None, "--rules", help=RULES_HELP),
    players: int = typer.Option(None, "--players", help=N_("Number of players the text counts with")),
    as_json: bool = typer.Option(False, "--json", help=JSON_HELP),
    lang: str = LangOption,
) -> None:
    """The game's explanation from its rules object: a house rule changes the text (engine/explain.py)."""
    from wuerfel.cli.explaining import explanation, print_sections

    try:
        info = get_game(game)
        if rules is None and game.strip().lower() != info.id and game.strip().lower() in info.rule_sets():
            rules = game.strip().lower()  # "explain kniffel": the Kniffel rule set of the Würfelspiel
        resolved = info.resolve(rules)
        rule_set = info.rules_from_dict(resolved.data, complete=False)
        if players is not None and not info.min_players <= players <= info.max_players:
            raise RuleError(
                N_("{game} is played by {lo} to {hi} players."),
                game=info.name(lang),
                lo=info.min_players,
                hi=info.max_players,
            )
        doc = explanation(info, rule_set, resolved.id, lang, players)
    except WuerfelError as exc:
        fail(exc, lang)
    if as_json:
        print(json.dumps(doc, ensure_ascii=False))
        return
    game_name, rules_name = info.name(lang), resolved.name(lang)
    # a game played by its book's rules has a rule set named like the game ("Tens (Zehnerspiel)" / "Tens"): once
    named_alike = rules_name == game_name or game_name.startswith(rules_name + " (")
    heading = f"[bold]{escape(game_name)}[/bold]" + ("" if named_alike else f" — {escape(rules_name)}")
    console.print(heading, soft_wrap=True)
    print_sections(console, doc)


def option_value(option: Any, value: Any, lang: str) -> str:
    """An option's value as a person reads it: choices in words, yes/no, the decimal comma in German (the rules
    layer's ``format_value``); ``--json`` keeps the raw values for files and scripts."""
    if isinstance(value, bool):
        return Translator(lang)("yes" if value else "no")
    if value is None:
        return "—"
    return str(option.format_value(value, lang))


def toml_value(value: object) -> str:
    """An option value as it is written in a rules file, so a line of ``rules show`` can be copied into one."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, list | tuple):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k} = {toml_value(v)}" for k, v in value.items()) + "}"
    if value is None:
        return "—"
    return str(value)


def _load_subcommands() -> None:
    for mod in SUBCOMMAND_MODULES:
        try:
            importlib.import_module(f"wuerfel.cli.{mod}")
        except ModuleNotFoundError as exc:
            if exc.name != f"wuerfel.cli.{mod}":
                raise


def main() -> None:
    _load_subcommands()
    try:
        app()
    except BrokenPipeError:
        sys.exit(0)
    except ImportError as exc:
        # numpy or numba missing where a command reaches a solver's tables (a solve, an analysis, hints): the
        # refusal that names the extra to install, in the command line's language, instead of a traceback.
        from wuerfel.cli.framework_i18n import language_of
        from wuerfel.engine.extras import MissingSolvers, is_missing_solver

        if not is_missing_solver(exc):
            raise
        message = MissingSolvers().translated(language_of(sys.argv[1:]))
        Console(stderr=True, soft_wrap=True).print(f"[red]{escape(message)}[/red]")
        sys.exit(2)


if __name__ == "__main__":
    # Run as a script this file is a second module, "__main__"; the subcommands register on the app of
    # wuerfel.cli.main, so that module's main() is the one to run (else only "games" and "rules" exist).
    from wuerfel.cli.main import main as _main

    _main()
