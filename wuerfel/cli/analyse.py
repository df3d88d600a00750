"""``wuerfel analyse RECORD.json``: every decision of a finished game against the best choice, exactly.

The engine's analysis (:mod:`wuerfel.engine.analysis`) does the work; this command reads the record, prints the
decisions that lost something, the decisive mistakes and each seat's accuracy and luck. ``--json`` is a stable
contract for scripts: ``{"game", "rules", "unit", "measure", "decisions": [{"index", "seat", "chosen", "best",
"loss", …}], "seats": [{"name", "decisions", "loss", "accuracy", "luck", …}], "mistakes", "win_chance", "events",
"measure_name"}`` (docs/cli.md).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import typer
from rich.markup import escape
from rich.table import Table

from wuerfel.cli.main import JSON_HELP, LangOption, app, console, fail
from wuerfel.cli.render import decimal
from wuerfel.engine.analysis import analyse_record
from wuerfel.engine.errors import N_, WuerfelError, file_error
from wuerfel.engine.record import GameRecord
from wuerfel.engine.registry import get_game
from wuerfel.i18n import Translator, normalize_language


def amount(value: float | None, unit: str, lang: str) -> str:
    """A loss or a luck figure as a reader takes it: probabilities in percentage points ("8,3 %-Pkt."), points
    with two decimals ("1,39 Pkt."); the short units keep the tables narrow."""
    if value is None:
        return "—"
    _ = Translator(lang)
    if unit in ("win_probability", "probability"):
        return _("{value} pp", value=decimal(value * 100, lang, 1))
    return _("{value} pts", value=decimal(value, lang, 2))


UNIT_WORDS = {
    "win_probability": N_("Losses in win probability"),
    "probability": N_("Losses in exact probability"),
    "points": N_("Losses in expected points"),
}
"""The heading's clause per unit, whole: a unit word slotted into "loss in …" needs its own case in German
("Verlust in exakte Wahrscheinlichkeit" was wrong, L4)."""


@app.command("analyse", help=N_("Exact analysis of a game: every move against the best"))
def analyse_cmd(
    record: Path = typer.Argument(..., help=N_("Game record (JSON), e.g. downloaded from the server")),
    as_json: bool = typer.Option(False, "--json", help=JSON_HELP),
    lang: str = LangOption,
) -> None:
    """Exact post-game analysis."""
    lang = normalize_language(lang)
    _ = Translator(lang)
    try:
        try:
            text = record.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            raise file_error(exc, record) from exc
        rec = GameRecord.loads(text)
        doc = analyse_record(rec, lang)
    except WuerfelError as exc:
        fail(exc, lang)
    if as_json:
        print(json.dumps(doc, ensure_ascii=False))
        return
    print_analysis(doc, lang)


def print_analysis(doc: dict[str, Any], lang: str) -> None:
    _ = Translator(lang)
    unit = doc["unit"]
    info = get_game(doc["game"])
    # One clause, no nested brackets: the measure's own name may carry some ("chance to win (both play …)") (L4).
    measured = f"{_(UNIT_WORDS.get(unit, unit))}: {_(doc['measure'])}"
    console.print(
        f"[bold]{escape(info.name(lang))}[/bold] — {escape(doc['rules'])} · {escape(measured)}", soft_wrap=True
    )
    names = [s["name"] for s in doc["seats"]]
    lossy = [d for d in doc["decisions"] if d["loss"] > 0]
    if lossy:
        table = Table(_("Step"), _("Player"), _("Chosen"), _("Best"), _("Loss"), header_style="bold")
        for d in lossy:
            mark = "[bold red]!![/bold red] " if d["decisive"] else ""
            table.add_row(
                str(d["step"]),
                escape(names[d["seat"]]),
                escape(d["chosen_label"]),
                escape(d["best_label"]),
                mark + amount(d["loss"], d["unit"], lang),
            )
        console.print(table)
    elif not doc["decisions"]:
        console.print(_("Nobody had a choice in this game: the dice decided it."))
    else:
        console.print(_("Every decision was one of the best."))
    seats = Table(
        _("Player"), _("Decisions"), _("Best choices"), _("Accuracy"), _("Loss"), _("Luck"), header_style="bold"
    )
    for s in doc["seats"]:
        acc = "—" if s["accuracy"] is None else decimal(s["accuracy"] / 100, lang, 1, percent=True)
        seats.add_row(
            escape(s["name"]),
            str(s["decisions"]),
            str(s["best"]),
            acc,
            amount(s["loss"], unit, lang),
            amount(s["luck"], unit, lang),
        )
    console.print(seats)
    if doc["mistakes"]:
        steps = ", ".join(str(i + 1) for i in doc["mistakes"])
        console.print(_("Decisive mistakes at step {steps}.", steps=steps))
    console.print(f"[dim]{escape(_('Accuracy: the share of decisions that chose one of the best.'))}[/dim]")
