"""``wuerfel score``: every legal selection of a Zehntausend throw at the start of a fresh turn, best first.

A stable contract for scripts (``--json``: one document per throw, one throw per stdin line) and a quick answer at
the table ("what is 3-3-3-3-1-5 worth under our rules?"). The dice of a throw may number 1 … ``dice.count``: a cup
with fewer dice is the same question later in a turn (no open sets, no pending confirmation).
"""

from __future__ import annotations

import json
import re
import sys
from typing import Any

import typer
from rich.console import Console
from rich.table import Table

from wuerfel.cli.main import LangOption, app, fail
from wuerfel.engine.dice import Dice, sort_dice
from wuerfel.engine.errors import N_, WuerfelError
from wuerfel.i18n import Translator

_SEPARATORS = re.compile(r"[\s,;\-]+")


def parse_throw(text: str | list[str], count: int) -> Dice:
    """Dice from ``"3 3 3 1 5"``, ``"3-3-3-1-5"``, ``"33315"`` or a list of such tokens; refuses anything that
    is not 1 … ``count`` faces from 1 to 6."""
    tokens = [t for part in ([text] if isinstance(text, str) else text) for t in _SEPARATORS.split(part) if t]
    faces: list[int] = []
    for token in tokens:
        if not token.isdigit():
            raise WuerfelError(N_("'{token}' is not a die face (1 to 6)."), token=token)
        for ch in token:
            if ch not in "123456":
                raise WuerfelError(N_("'{token}' is not a die face (1 to 6)."), token=ch)
            faces.append(int(ch))
    if not 1 <= len(faces) <= count:
        raise WuerfelError(N_("A throw has 1 to {n} dice under these rules, not {got}."), n=count, got=len(faces))
    return sort_dice(faces)


def score_document(rules: Any, rules_id: str, throw: Dice) -> dict[str, Any]:
    """The JSON contract: ``{"rules", "dice", "niete", "selections": [{"dice", "points", "melds"}]}``."""
    from wuerfel.games.zehntausend.melds import legal_selections

    sels = legal_selections(rules, throw)
    return {"rules": rules_id, "dice": list(throw), "niete": not sels, "selections": [s.to_json() for s in sels]}


def _meld_text(meld: Any, tr: Translator) -> str:
    from wuerfel.games.zehntausend.melds import meld_label

    if meld.kind in ("one", "five"):
        return f"{meld_label(meld, tr)} = {meld.points}"
    return f"{meld_label(meld, tr)} {'-'.join(map(str, meld.dice))} = {meld.points}"


def _table(rules: Any, rules_id: str, throw: Dice, lang: str) -> Table:
    from wuerfel.games.zehntausend.melds import instant_win, legal_selections

    _ = Translator(lang)
    sels = legal_selections(rules, throw)
    title = _("Throw {dice} — rules {rules}", dice="-".join(map(str, throw)), rules=rules_id)
    if instant_win(rules, throw):
        title += " — " + _("instant win!")
    table = Table(_("Dice"), _("Points"), _("Melds"), title=title)
    for s in sels:
        melds = ", ".join(_meld_text(m, _) for m in s.melds)
        table.add_row("-".join(map(str, s.dice)), str(s.points), melds)
    if not sels:
        table.add_row("—", "0", _("Niete: no legal selection, the turn is lost."))
    return table


@app.command("score")
def score_cmd(
    dice: list[str] = typer.Argument(None, help="Die Würfel, z. B. 3 3 3 1 5; ohne: eine Zeile je Wurf von stdin"),
    rules: str = typer.Option(..., "--rules", help="Preset, Variante oder TOML-Datei"),
    as_json: bool = typer.Option(False, "--json"),
    lang: str = LangOption,
) -> None:
    """Alle erlaubten Auswahlen eines Wurfs, beste zuerst / every legal selection of a throw, best first."""
    from wuerfel.games.zehntausend.options import load_rules, resolve_rules

    _ = Translator(lang)
    try:
        resolved = resolve_rules(rules)
        rule_set = load_rules(rules)
    except WuerfelError as exc:
        fail(exc, lang)
    n = rule_set.dice.count
    console = Console()
    if dice:
        try:
            throw = parse_throw(dice, n)
        except WuerfelError as exc:
            fail(exc, lang)
        if as_json:
            print(json.dumps(score_document(rule_set, resolved.id, throw)))
        else:
            console.print(_table(rule_set, resolved.id, throw, lang))
        return
    out = sys.stdout
    for number, line in enumerate(sys.stdin, start=1):
        if not line.strip():
            continue
        try:
            throw = parse_throw(line, n)
        except WuerfelError as exc:
            out.flush()
            message = _("Line {line}: {error}", line=number, error=exc.translated(lang))
            Console(stderr=True).print(f"[red]{message}[/red]")
            raise typer.Exit(2) from None
        if as_json:
            out.write(json.dumps(score_document(rule_set, resolved.id, throw)) + "\n")
        else:
            console.print(_table(rule_set, resolved.id, throw, lang))
    out.flush()
