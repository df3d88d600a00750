"""Terminal renderers of the Hasard games: a view (never a state) in, a Rich renderable out.

They only see ``view(player)``, so a terminal can never show what the player may not know.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rich.console import Group, RenderableType
from rich.markup import escape
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from wuerfel.engine.pokerdice import format_dice
from wuerfel.i18n import Translator


def _namer(view: dict[str, Any]) -> Callable[[int], str]:
    """Seat labels: the players' names when the front end put them into the view (``player_names``), else "#n"."""
    names = list(view.get("player_names") or [])

    def seat(p: int) -> str:
        return escape(str(names[p])) if 0 <= p < len(names) else f"#{p + 1}"

    return seat


def _lot_line(view: dict[str, Any], _: Translator) -> Text:
    """Before the lot: the seat numbers with the names, because the lot (and a scorekeeper's entry of it) names
    seats ("Platz 2 beginnt"; the engine's labels know no names)."""
    seat = _namer(view)
    seats = ", ".join(f"{p + 1} = {seat(p)}" for p in range(len(view["scores"])))
    return Text(_("Lot for who begins: {seats}", seats=seats))


def render_lustige_sieben(view: dict[str, Any], lang: str = "de") -> RenderableType:
    """The board (7 on top, left column 2 4 6 9 11, right column 3 5 8 10 12) with every stake by name, the chips,
    the bank, and what the last throw paid to whom (a banker has no decisions, so this is how he follows his bank)."""
    from wuerfel.games.hasard.lustige_sieben import LEFT, RIGHT, SEVEN, column

    _ = Translator(lang)
    seat = _namer(view)
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


def render_verdecktes(view: dict[str, Any], lang: str = "de") -> RenderableType:
    """One row per player in turn order: chips, announcement, dice (own or revealed; the others' are not in the
    view at all), who called "Schwindel" and how it ended; then the pot and how the last round was won."""
    from wuerfel.games.hasard.poker import describe_key

    _ = Translator(lang)
    seat = _namer(view)
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
        parts.append(_lot_line(view, _))
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


def render_escalero(view: dict[str, Any], lang: str = "de") -> RenderableType:
    """The score sheet (Kontrollschein) of all players, the dice and the throw count."""
    from wuerfel.games.hasard.escalero import EMPTY, ROWS_DE, ROWS_EN

    _ = Translator(lang)
    seat = _namer(view)
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
        parts.append(_lot_line(view, _))
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
