"""What the Hasard games' own terminal renderers share: seat names from a view, the line before the lot.

Each renderer lives beside its game (``escalero_render``, ``lustige_sieben_render``, ``verdecktes_render``): a view
(never a state) in, a Rich renderable out. They only see ``view(player)``, so a terminal can never show what the
player may not know. This module imports no game (issue 26: it imported three).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rich.markup import escape
from rich.text import Text

from wuerfel.i18n import Translator


def seat_namer(view: dict[str, Any]) -> Callable[[int], str]:
    """Seat labels: the players' names when the front end put them into the view (``player_names``), else "#n"."""
    names = list(view.get("player_names") or [])

    def seat(p: int) -> str:
        return escape(str(names[p])) if 0 <= p < len(names) else f"#{p + 1}"

    return seat


def lot_line(view: dict[str, Any], _: Translator) -> Text:
    """Before the lot: the seat numbers with the names, because the lot (and a scorekeeper's entry of it) names
    seats ("Platz 2 beginnt"; the engine's labels know no names)."""
    seat = seat_namer(view)
    seats = ", ".join(f"{p + 1} = {seat(p)}" for p in range(len(view["scores"])))
    return Text(_("Lot for who begins: {seats}", seats=seats))
