"""Terminal rendering of the Würfelspiel score sheet (Rich): every player's columns, the upper subtotal with bonus
progress, the bonus, the lower boxes and the totals, German by default; the dice of the turn below the sheet."""

from __future__ import annotations

from typing import Any

from rich.console import Group
from rich.table import Table
from rich.text import Text

from wuerfel.games.wuerfelspiel.rules import box_label
from wuerfel.i18n import Translator


def render_sheet(view: dict[str, Any], lang: str = "de", names: list[str] | None = None) -> Any:
    """The score sheet as a Rich renderable, from a view (so it shows exactly what that seat may know)."""
    _ = Translator(lang)
    boxes: list[str] = view["boxes"]
    upper: list[str] = view["upper_boxes"]
    weights: list[int] = view["weights"]
    players = view["players"]
    style = view.get("sheet_style", "wuerfelspiel")

    def label(b: str) -> str:
        """The sheet's own name of the box (the view names every box; older views: the style's names)."""
        names = view.get("box_names", {}).get(b)
        return str(names[1 if lang == "en" else 0]) if names else box_label(b, lang, style)

    names = names or [_("Player {n}", n=p + 1) for p in range(len(players))]
    table = Table(title=_("Score sheet"), show_lines=False, header_style="bold")
    table.add_column("", style="bold")
    for p, _pl in enumerate(players):
        for c, w in enumerate(weights):
            # one column (Kniffel, Yahtzee): no "×1" under the name, as the sheet component has no column heading
            weight = f"\n×{w}" if len(weights) > 1 else ""
            head = f"{names[p]}{weight}" if c == 0 else weight
            style = "cyan" if p == view.get("player") and view.get("to_move", -1) >= 0 else None
            table.add_column(head, justify="right", style=style)

    def cell(v: Any) -> str:
        return "" if v is None else str(v)

    threshold = view["bonus_threshold"]
    for b in boxes:
        if b in upper:
            table.add_row(label(b), *[cell(col["boxes"][b]) for pl in players for col in pl["columns"]])
    if upper:
        progress = []
        for pl in players:
            for col in pl["columns"]:
                if view["bonus_value"] and threshold:
                    mark = "✓" if col["upper"] >= threshold else f"{col['upper'] - threshold:+d}"
                    progress.append(f"{col['upper']} ({mark})")
                else:
                    progress.append(str(col["upper"]))
        table.add_row(Text(_("Upper total"), style="italic"), *progress, end_section=False)
        if view["bonus_value"]:
            table.add_row(
                _("BONUS"), *[cell(col["bonus"] or None) for pl in players for col in pl["columns"]], end_section=True
            )
    for b in boxes:
        if b not in upper:
            table.add_row(label(b), *[cell(col["boxes"][b]) for pl in players for col in pl["columns"]])
    if any(col["extra"] for pl in players for col in pl["columns"]):
        table.add_row(_("Yahtzee bonus"), *[cell(col["extra"] or None) for pl in players for col in pl["columns"]])
    table.add_row(
        Text(_("Sum"), style="bold"),
        *[Text(str(col["total"]), style="bold") for pl in players for col in pl["columns"]],
    )
    if len(weights) > 1:
        row: list[Text | str] = []
        for pl in players:
            row.append(Text(str(pl["total"]), style="bold green"))
            row.extend([""] * (len(weights) - 1))
        table.add_row(Text(_("Total"), style="bold"), *row)
    parts: list[Any] = [table]  # the goal line above it is the front end's (cli/play.py draws every Goal first)
    status = _("Turn {turn} of {turns}", turn=view["turn"], turns=view["turns"])
    if view.get("to_move") == -1 and view.get("kept") is not None and view.get("throws"):
        kept = " ".join(str(d) for d in view["kept"]) or "–"
        status += " · " + _.n(
            "Kept: {dice}; {n} die to throw", "Kept: {dice}; {n} dice to throw", 5 - len(view["kept"]), dice=kept
        )
    elif view.get("dice"):
        status += " · " + _("Dice: {dice}", dice=" ".join(str(d) for d in view["dice"]))
        status += " · " + _("re-throws left: {n}", n=view["rerolls_left"])
    if view.get("to_move", 0) == -2:
        totals = ", ".join(f"{names[p]} {pl['total']}" for p, pl in enumerate(players))
        status = _("Game over: {totals}", totals=totals)
    parts.append(Text(status))
    return Group(*parts)


def terminal_renderer(view: dict[str, Any], lang: str = "de") -> Any:
    """The GameInfo hook."""
    names = view.get("player_names")
    names = [str(n) for n in names] if isinstance(names, list) and len(names) == len(view["players"]) else None
    return render_sheet(view, lang, names)
