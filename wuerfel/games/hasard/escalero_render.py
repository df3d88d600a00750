"""The terminal board of Escalero: a view (never a state) in, a Rich renderable out (see :mod:`.render`)."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from wuerfel.engine.pokerdice import format_dice
from wuerfel.games.hasard.render import lot_line, seat_namer
from wuerfel.i18n import Translator


def render_escalero(view: dict[str, Any], lang: str = "de") -> RenderableType:
    """The score sheet (Kontrollschein) of all players, the dice and the throw count."""
    from wuerfel.games.hasard.escalero import EMPTY
    from wuerfel.games.hasard.escalero_scoring import ROWS_DE, ROWS_EN

    _ = Translator(lang)
    seat = seat_namer(view)
    rows = ROWS_EN if lang == "en" else ROWS_DE
    n = len(view["sheets"])
    playing = view["to_move"] >= 0
    sheet = Table(
        "", *[seat(p) + (" ◀" if p == view["player"] and playing else "") for p in range(n)], title=_("Score sheet")
    )
    options = view.get("options", {})
    for r, name in enumerate(rows):
        cells = []
        for p in range(n):
            v = view["sheets"][p][r]
            if v != EMPTY:
                cells.append(str(v))
            elif p == view["player"] and str(r) in options:
                cells.append(f"[dim]({options[str(r)]})[/dim]")
            else:
                cells.append("")
        sheet.add_row(name, *cells)
    sheet.add_row(_("Total"), *[str(s) for s in view["scores"]], style="bold")
    parts: list[RenderableType] = [sheet]
    start = view.get("start_player", -1)
    if n > 1 and start < 0:
        parts.append(lot_line(view, _))
    if n > 1 and start >= 0 and all(v == EMPTY for s in view["sheets"] for v in s):
        parts.append(Text(_("{name} begins (by lot).", name=seat(start))))
    if view["dice"]:
        served = " — " + _("served") if view.get("served") else ""
        parts.append(
            Text(
                _(
                    "Throw {t} of {m}: {dice}",
                    t=view["throws"],
                    m=view["max_throws"],
                    dice=format_dice(view["dice"], lang),
                )
                + served,
                style="bold",
            )
        )
    if "settlement" in view:
        parts.append(Text(_("Settlement: ") + ", ".join(f"{seat(p)} {c:+d}" for p, c in enumerate(view["settlement"]))))
    return Panel(Group(*parts), title="Escalero", expand=False)
