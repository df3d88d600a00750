"""The hint table of ``wuerfel play`` (``?``): the moves an advisor rates, best first, in columns a reader can take in.

Why its own module and this shape (issue 24 U6): the first table printed chances as bare fractions ("0,70"), gave its
last column no heading and ran the measure and the note together ("Gewinnchance (beide spielen bestmöglich) 1,5
Prozentpunkte weniger als das Beste"). Now a chance is a percentage; what the values are heads the value column when
every row has the same measure (else a column "Maß" says it per row); notes have their own column; and a move the
shortened list of moves did not show is marked, since its number is typed all the same (U13).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Collection, Sequence

from rich.markup import escape
from rich.table import Table

from wuerfel.cli.render import decimal
from wuerfel.engine.advice import Advice
from wuerfel.engine.game import Action
from wuerfel.i18n import Translator

HIDDEN_MARK = "*"
"""Beside the number of a hinted move that the list of moves left out."""


def is_chance(measure: str) -> bool:
    """Does the measure name a probability (shown in percent)? The advisors' measures are English msgids: "winning
    chance", "chance to win (both play optimally)", "the maker's chance to win", "probability in the bot's mixed
    strategy"; the exact ones are in :data:`wuerfel.engine.analysis.SCALES` with their unit too."""
    from wuerfel.engine.analysis import SCALES

    scale = SCALES.get(measure)
    if scale is not None:
        return scale.unit in ("win_probability", "probability")
    low = measure.casefold()
    return "chance" in low or "probability" in low


def value_text(value: float, measure: str, lang: str) -> str:
    """A value as its measure reads: a chance in percent ("70,1 %"), anything else with two decimals."""
    if not isinstance(value, int | float) or not math.isfinite(value):
        return ""
    if is_chance(measure) and 0.0 <= value <= 1.0:
        return decimal(value, lang, 1, percent=True)
    return decimal(value, lang)


def hint_table(
    items: Sequence[Advice],
    actions: Sequence[Action],
    label: Callable[[Advice], str],
    lang: str,
    listed: Collection[int] | None = None,
) -> tuple[Table, bool]:
    """The table of ``items``, and whether a move in it was missing from the list of moves (``listed``: the
    indices the list showed; None: all of them)."""
    _ = Translator(lang)
    measures = list(dict.fromkeys(a.measure for a in items))
    one_measure = len(measures) == 1
    notes = any(a.note for a in items)
    table = Table(title=_("Hints"), header_style="bold")
    table.add_column("#", justify="right")
    table.add_column(_("Move"))
    table.add_column(escape(_(measures[0])) if one_measure and measures[0] else _("Value"), justify="right")
    if not one_measure:
        table.add_column(_("Measure"))
    if notes:
        table.add_column(_("Note"))
    hidden = False
    for a in items:
        index = actions.index(a.action) if a.action in actions else None
        number = "" if index is None else str(index + 1)
        if index is not None and listed is not None and index not in listed:
            number += HIDDEN_MARK
            hidden = True
        row = [number, escape(label(a)), value_text(a.value, a.measure, lang)]
        if not one_measure:
            row.append(escape(_(a.measure)) if a.measure else "")
        if notes:
            row.append(escape(_(a.note, **a.params)) if a.note else "")
        table.add_row(*row)
    return table, hidden
