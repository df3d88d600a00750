"""The terminal board of Verdecktes Würfelpoker: a view (never a state) in, a Rich renderable out (see
:mod:`.render`)."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from wuerfel.engine.pokerdice import format_dice
from wuerfel.games.hasard.render import lot_line, seat_namer
from wuerfel.i18n import Translator


def render_verdecktes(view: dict[str, Any], lang: str = "de") -> RenderableType:
    """One row per player in turn order: chips, announcement, dice (own or revealed; the others' are not in the
    view at all), who called "Schwindel" and how it ended; then the pot and how the last round was won."""
    from wuerfel.games.hasard.poker import describe_key

    _ = Translator(lang)
    seat = seat_namer(view)
    n = len(view["scores"])
    over = view.get("ranking") is not None
    turns = {t["player"]: t for t in view["turns"]}
    order = [p for p in view.get("order", []) if 0 <= p < n]
    rows = order + [p for p in range(n) if p not in order]
    actors = set(view.get("actors", []))
    columns = [_("Player"), _("Chips")] + ([] if over else [_("Announcement"), _("Dice"), "Schwindel"])
    table = Table(*columns, show_edge=False)
    for p in rows:
        t = turns.get(p)
        name = seat(p) + (" ◀" if p in actors and not over else "")
        ann = dice = called = ""
        if t is not None:
            if t["announcement"] is None:
                ann = "…"
            else:
                ann = describe_key(tuple(t["announcement"]), lang)
                if t["standing"] is not None and t["standing"] != t["announcement"]:
                    ann += "\n" + _("counts: {hand}", hand=describe_key(tuple(t["standing"]), lang))
            if "dice" in t:
                dice = format_dice(t["dice"], lang)
            elif not t.get("entered", True):
                dice = _("(concealed)")
            else:
                dice = "▢ ▢ ▢ ▢ ▢"
            if t["challenger"] is not None:
                if not t["revealed"]:
                    result = _("cup is lifted …")
                elif t["standing"] == t["announcement"]:
                    result = _("true")
                else:
                    result = _("bluff!")
                called = f"{seat(t['challenger'])}: {result}"
        table.add_row(name, str(view["scores"][p]), *([] if over else [ann, dice, called]))
    if over:
        head = _.n("Game over after {n} round", "Game over after {n} rounds", view["rounds"])
    else:
        head = _("Round {r} of {n}, pot {pot}", r=view["round"] + 1, n=view["rounds"], pot=view["pot"])
        if view.get("stichrunde"):
            head += " — " + _("Stichrunde")
    parts: list[RenderableType] = [Text(head, style="bold"), table]
    if view.get("phase") == "lot":
        parts.append(lot_line(view, _))
    viewer = view.get("viewer")
    mine = turns.get(viewer) if isinstance(viewer, int) else None
    if mine is not None and mine["announcement"] is None and "hand" in mine:
        parts.append(
            Text(
                _(
                    "Your dice: {dice} — {hand}",
                    dice=format_dice(mine["dice"], lang),
                    hand=describe_key(tuple(mine["hand"]), lang),
                ),
                style="bold green",
            )
        )
    history = view.get("history") or []
    for r, winner, pot in history if over else history[-1:]:
        parts.append(Text(_("Round {r}: {name} won the pot ({pot})", r=r + 1, name=seat(winner), pot=pot)))
    return Panel(Group(*parts), title="Verdecktes Würfelpoker", expand=False)
