"""The terminal board of Lustige Sieben: a view (never a state) in, a Rich renderable out (see :mod:`.render`)."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from wuerfel.games.hasard.render import seat_namer
from wuerfel.i18n import Translator


def render_lustige_sieben(view: dict[str, Any], lang: str = "de") -> RenderableType:
    """The board (7 on top, left column 2 4 6 9 11, right column 3 5 8 10 12) with every stake by name, the chips,
    the bank, and what the last throw paid to whom (a banker has no decisions, so this is how he follows his bank)."""
    from wuerfel.games.hasard.lustige_sieben import LEFT, RIGHT, SEVEN, column

    _ = Translator(lang)
    seat = seat_namer(view)
    viewer = view.get("viewer")
    amounts: dict[int, dict[str, int]] = {}
    for p, number, amount in view["board"]:
        who = _("you") if p == viewer else seat(p)
        amounts.setdefault(number, {}).setdefault(who, 0)
        amounts[number][who] += amount
    betting = view.get("betting") or {}
    for number, amount in betting.get("mine", []):
        who = _("you")
        amounts.setdefault(number, {}).setdefault(who, 0)
        amounts[number][who] += amount

    def field(number: int) -> Text:
        text = Text(f"{number:>2}", style="bold")
        stakes = ", ".join(f"{who} {a}" for who, a in amounts.get(number, {}).items())
        if stakes:
            text.append(f"  {stakes}", style="cyan")
        return text

    board = Table(show_header=False, box=None, padding=(0, 2))
    board.add_column()
    board.add_column()
    board.add_row(field(SEVEN), "")
    for left, right in zip(LEFT, RIGHT, strict=True):
        board.add_row(field(left), field(right))
    banker = view["banker"]
    deciding = set(betting.get("deciding", []))
    last = view.get("last")
    # The column "±" is what the last throw won or lost for each player (stakes and bank alike).
    players = Table(_("Player"), _("Chips"), *(["±"] if last else []), "", show_edge=False)
    for p, chips in enumerate(view["scores"]):
        # After the last bank nobody holds one (terminal B4: the next holder was marked beside the last payouts).
        note = (
            _("bank")
            if p == banker and view.get("ranking") is None
            else (_("placing stakes …") if p in deciding else "")
        )
        change = [f"{last['net'][p]:+d}" if last["net"][p] else ""] if last else []
        players.add_row(seat(p), str(chips), *change, note)
    parts: list[RenderableType] = [board, Text(""), players]
    if last:
        where = {"left": _("left column"), "right": _("right column"), "seven": _("the 7")}[column(last["sum"])]
        parts.append(
            Text(
                _(
                    "Last throw: {dice} = {sum} ({where})",
                    dice=" + ".join(map(str, last["dice"])),
                    sum=last["sum"],
                    where=where,
                ),
                style="bold",
            )
        )
    prev = view.get("last_bank")
    if prev and (not view.get("bank_sums") or view.get("ranking") is not None):
        if view.get("you") == prev["banker"]:  # the person at the screen: "Deine Bank", not "Bank von Du"
            parts.append(
                Text(_("Your bank: {sums} — {net:+d}", sums=" ".join(map(str, prev["sums"])), net=prev["net"]))
            )
        else:
            parts.append(
                Text(
                    _(
                        "{seat}'s bank: {sums} — {net:+d}",
                        seat=seat(prev["banker"]),
                        sums=" ".join(map(str, prev["sums"])),
                        net=prev["net"],
                    )
                )
            )
    if view.get("ranking") is None:
        line = _("Bank: {seat}, throw {n} of {m}", seat=seat(banker), n=view["throws_done"] + 1, m=view["bank_throws"])
        if view.get("bank_sums"):
            line += " — " + _(
                "thrown so far: {sums}, bank {net:+d}", sums=" ".join(map(str, view["bank_sums"])), net=view["bank_net"]
            )
        parts.append(Text(line))
    return Panel(Group(*parts), title="Lustige Sieben", expand=False)
