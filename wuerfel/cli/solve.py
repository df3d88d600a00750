"""``wuerfel solve GAME``: run a game's exact solver for one objective and print the value and the time.

Games register their solvers in ``GameInfo.solvers`` (objective → callable), so this command knows no game.
"""

from __future__ import annotations

import json

import typer

from wuerfel.cli.main import LangOption, app, console, fail
from wuerfel.cli.progress import working
from wuerfel.cli.render import decimal
from wuerfel.engine.errors import N_, RuleError, WuerfelError
from wuerfel.engine.registry import GameInfo, get_game
from wuerfel.i18n import Translator, normalize_language

OBJECTIVES = {"turn": N_("one turn"), "duel": N_("duel of two"), "solo": N_("solo game"), "score": N_("score")}
"""Words for the objectives the games register (the ids stay what ``--objective`` takes)."""


def objective_label(objective: str, lang: str) -> str:
    """The objective in words, with its id where they differ, so the next ``--objective`` can be typed."""
    words = OBJECTIVES.get(objective)
    return f"{Translator(lang)(words)} ({objective})" if words else objective


def rules_for(info: GameInfo, typed_game: str, rules: str | None) -> str | None:
    """The rule set asked for. Without ``--rules``, a game name that is also a rule set of the game means that rule
    set: ``solve kniffel`` solves the Kniffel preset, not the 3-column Würfelspiel that the alias belongs to."""
    if rules is None and typed_game.strip().lower() != info.id and typed_game.strip().lower() in info.rule_sets():
        return typed_game.strip().lower()
    return rules


@app.command("solve")
def solve_cmd(
    game: str = typer.Argument(..., help="Spiel-ID, z. B. zehntausend, kniffel, escalero"),
    rules: str = typer.Option(None, "--rules", help="Preset, Variante oder TOML-Datei"),
    objective: str = typer.Option(None, "--objective", help="Ziel, z. B. turn, duel, solo, score"),
    fresh: bool = typer.Option(False, "--fresh", help="zwischengespeicherte Tabellen ignorieren"),
    as_json: bool = typer.Option(False, "--json"),
    lang: str = LangOption,
) -> None:
    """Exakte Lösung berechnen / run an exact solver."""
    lang = normalize_language(lang)
    _ = Translator(lang)
    try:
        info = get_game(game)
        if not info.solvers:
            raise RuleError(N_("There is no solver for {game}."), game=info.name(lang))
        obj = objective or next(iter(info.solvers))
        solver = info.solvers.get(obj)
        if solver is None:
            raise RuleError(N_("Unknown objective '{objective}'. Known: {known}"), objective=obj,
                            known=", ".join(info.solvers))
        resolved = info.resolve(rules_for(info, game, rules))
        rule_set = info.rules_from_dict(resolved.data)
        # A solve may take minutes (the duel): say what runs and how long it has run, on standard error.
        with working(_("Solving {game} ({rules}), objective: {objective}", game=info.name(lang), rules=resolved.id,
                       objective=objective_label(obj, lang)), quiet=as_json):
            result = solver(rule_set, resolved.id, fresh)
    except WuerfelError as exc:
        fail(exc, lang)
    if as_json:
        print(json.dumps(result.to_json()))
        return
    console.print(_("{game} ({rules}), objective: {objective}; value: {value}", game=info.name(lang),
                    rules=result.rules, objective=objective_label(result.objective, lang),
                    value=decimal(result.value, lang, 6)))
    if result.value_of:
        console.print(_("That is {what}.", what=_(result.value_of)))
    console.print(_("Solved in {seconds} s.", seconds=decimal(result.seconds, lang, 3)))
