"""``wuerfel solve GAME``: run a game's exact solver for one objective and print the value and the time.

Games register their solvers in ``GameInfo.solvers`` (objective → callable), so this command knows no game.
"""

from __future__ import annotations

import json

import typer

from wuerfel.cli.main import LangOption, app, console, fail
from wuerfel.engine.errors import N_, RuleError, WuerfelError
from wuerfel.engine.registry import get_game
from wuerfel.i18n import Translator


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
        resolved = info.resolve(rules)
        result = solver(info.rules_from_dict(resolved.data), resolved.id, fresh)
    except WuerfelError as exc:
        fail(exc, lang)
    if as_json:
        print(json.dumps(result.to_json()))
        return
    console.print(_("{game} ({rules}), objective {objective}: {value}", game=info.name(lang), rules=result.rules,
                    objective=result.objective, value=f"{result.value:.6f}"))
    console.print(_("Solved in {seconds} s.", seconds=f"{result.seconds:.3f}"))
