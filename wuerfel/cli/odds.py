"""``wuerfel odds GAME``: the exact probability of every class of one throw of the game's dice.

The game's ``GameInfo.odds`` classifies a throw (:mod:`wuerfel.engine.odds`), so the command knows no game: the
poker games by hand (with the rules' Quint and Joker), Zehntausend by Niete and its best meld, the Würfelspiel by the
combination box a throw fills, the bank games by the field that wins. ``--json`` is a stable contract for scripts:
``{"game", "rules", "dice", "classes": [{"class", "name", "probability", "fraction"}], "notes": [...]}``.
"""

from __future__ import annotations

import json
from fractions import Fraction

import typer
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from wuerfel.cli.main import JSON_HELP, LangOption, app, fail
from wuerfel.cli.render import decimal
from wuerfel.engine.errors import N_, RuleError, WuerfelError
from wuerfel.engine.odds import ThrowOdds, odds_document
from wuerfel.engine.registry import GameInfo, get_game
from wuerfel.i18n import Translator, normalize_language


def game_odds(game: str, rules: str | None) -> tuple[GameInfo, str, ThrowOdds]:
    """The game, the rules' id and its classes; a refusal (unknown game, unknown rules, a game that classifies no
    throw) is a :class:`WuerfelError` with the reason."""
    info = get_game(game)
    resolved = info.resolve(rules)
    rule_set = info.rules_from_dict(resolved.data)
    if info.odds is None:
        raise RuleError(N_("{game} does not classify a throw; no odds to show."), game=info.name_de)
    return info, resolved.id, info.odds(rule_set)


def _percent(p: Fraction, lang: str = "en", digits: int = 4) -> str:
    """A probability as a percentage in the reader's notation (2,0062 % in German)."""
    return decimal(float(p), lang, digits, percent=True)


@app.command("odds", help=N_("The exact odds of every class of one throw"))
def odds_cmd(
    game: str = typer.Argument(..., help=N_("Game ID, e.g. verdecktes-wuerfelpoker")),
    rules: str = typer.Option(None, "--rules", help=N_("Preset, variant or TOML file (without: the default rule set)")),
    as_json: bool = typer.Option(False, "--json", help=JSON_HELP),
    lang: str = LangOption,
) -> None:
    """The exact odds of every class of one throw."""
    lang = normalize_language(lang)
    _ = Translator(lang)
    try:
        info, rules_id, odds = game_odds(game, rules)
    except WuerfelError as exc:
        fail(exc, lang)
    doc = odds_document(info.id, rules_id, odds, lang)
    if as_json:
        print(json.dumps(doc, ensure_ascii=False))
        return
    table = Table(
        _("Class"),
        _("Probability"),
        _("exact"),
        title=_.n(
            "{game}: one throw of {n} die — rules {rules}",
            "{game}: one throw of {n} dice — rules {rules}",
            odds.dice,
            game=info.name(lang),
            rules=rules_id,
        ),
    )
    table.columns[1].justify = "right"  # percentages line up at the decimal sign
    for c in doc["classes"]:
        table.add_row(escape(c["name"]), _percent(Fraction(c["fraction"]), lang), c["fraction"])
    console = Console()
    console.print(table)
    for n in doc["notes"]:
        console.print(f"{escape(n['name'])}: {n['fraction']} ({_percent(Fraction(n['fraction']), lang, 2)})")
