"""The generic terminal renderer: draws any game from its table components (:mod:`wuerfel.engine.components`).

A game without its own ``GameInfo.terminal_renderer`` is drawn by :func:`render_components` from
``State.components(viewer)``: the terminal, like the generic web table, then needs nothing of the game but what it
says is on the table. Texts are translated here (the components carry msgids), seats named with the names of the
people at the screen, and the reader's own seat called "you" where that reads better.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.markup import escape
from rich.table import Table
from rich.text import Text

from wuerfel.cli.render import DICE_GLYPHS, fmt_number
from wuerfel.engine.components import (
    Chips,
    Component,
    Counter,
    Dice,
    Goal,
    Menu,
    Message,
    Seats,
    Sheet,
    StakeBoard,
    StakeField,
    Track,
    resolve,
    seat_name,
)
from wuerfel.engine.pokerdice import short as poker_short
from wuerfel.i18n import Translator


class _Draw:
    """One drawing pass: the language, the seat names and the viewer, shared by every component."""

    def __init__(self, lang: str, names: Sequence[str], viewer: int | None) -> None:
        self.lang = lang
        self.names = list(names)
        self.viewer = viewer
        self._ = Translator(lang)

    def text(self, t: Any) -> str:
        v = resolve(t, self.lang, self.names)
        if v is None:
            return ""
        return fmt_number(v, self.lang) if isinstance(v, int | float) and not isinstance(v, bool) else str(v)

    def seat(self, seat: int) -> str:
        return seat_name(seat, self.names, self.lang)

    def heading(self, label: Any, seat: int | None = None) -> str:
        parts = [self.seat(seat)] if seat is not None else []
        if label is not None:
            parts.append(self.text(label))
        return " · ".join(p for p in parts if p)

    def draw(self, c: Component) -> RenderableType | None:
        method = getattr(self, f"_{type(c).__name__.lower()}", None)
        return method(c) if method is not None else None

    # --- one method per kind ---------------------------------------------------------------------------------
    def _seats(self, c: Seats) -> RenderableType:
        _ = self._
        head = self.text(c.label) or _("Score")
        if c.lower_is_better:
            head = _("{label} (fewer is better)", label=head)
        table = Table(show_header=True, header_style="bold", show_edge=False)
        table.add_column("")
        table.add_column(_("Player"))
        table.add_column(escape(head), justify="right")
        table.add_column("")
        for s in c.seats:
            seat_name = self.seat(s.seat)
            mark = s.seat == self.viewer and len(self.names) > 1 and seat_name.casefold() not in ("du", "you")
            name = escape(seat_name) + (" " + _("(you)") if mark else "")  # not "Du (du)"
            notes = [self.text(x) for x in (s.role, s.note) if x is not None]
            if s.finished:
                notes.append(_("finished"))
            table.add_row(
                "▶" if s.active else "",
                name,
                "" if s.score is None else fmt_number(s.score, self.lang),
                escape(", ".join(n for n in notes if n)),
                style="bold" if s.active else None,
            )
        return table

    def _dice(self, c: Dice) -> RenderableType:
        out = Text()
        head = self.heading(c.label, c.seat)
        if head:
            out.append(head + ": ", style="cyan")
        if not c.values and not c.hidden:
            out.append("—")
        for i, d in enumerate(c.values):
            face = poker_short(d, self.lang) if c.face == "poker" else f"{DICE_GLYPHS.get(d, '?')} {d}"
            if i:
                out.append("  ")
            # Kept dice in brackets: the glyphs alone cannot be told apart in colour-less terminals.
            out.append(f"[{face}]" if i in c.kept else face, style="bold green" if i in c.kept else "bold")
        if c.hidden:
            if c.values:
                out.append("  ")
            out.append(self._("{n} hidden", n=c.hidden), style="dim")
        if c.kept:
            out.append("  " + self._("[ ] = standing"), style="dim")
        return out

    def _sheet(self, c: Sheet) -> RenderableType:
        table = Table(title=escape(self.text(c.label)) or None, header_style="bold", show_edge=False)
        table.add_column("")
        for k, col in enumerate(c.columns):
            seat = c.column_seats[k] if k < len(c.column_seats) else None
            # A column of a seat is headed by his name (over the game's heading: "Anna / Spalte ×2").
            title = "\n".join(x for x in (self.seat(seat) if seat is not None else "", self.text(col)) if x)
            table.add_column(escape(title), justify="right")
        for r in c.rows:
            opts = list(r.options) + [None] * (len(r.cells) - len(r.options))
            # An open box shows what the dice would score there, dim and in brackets: a suggestion, not an entry.
            cells = [
                escape(self.text(v))
                if v is not None
                else f"[dim]({escape(self.text(o))})[/dim]"
                if o is not None
                else "·"
                for v, o in zip(r.cells, opts, strict=False)
            ]
            table.add_row(escape(self.text(r.label)), *cells, style="bold" if r.total else None, end_section=False)
        return table

    def _track(self, c: Track) -> RenderableType:
        out = Text()
        head = self.heading(c.label, c.seat)
        if head:
            out.append(head + ": ", style="cyan")
        for i, (n, m) in enumerate(zip(c.numbers, c.marks, strict=False)):
            if i:
                out.append(" ")
            if c.position == i:
                out.append(f"▶{n}", style="bold yellow")
            elif m:
                out.append(f"{n}✗" + (str(m) if m > 1 else ""), style="strike dim")
            else:
                out.append(str(n))
        return out

    def _counter(self, c: Counter) -> RenderableType:
        value = fmt_number(c.value, self.lang)
        if c.target is not None:
            value += " / " + fmt_number(c.target, self.lang)
        label = self.text(c.label)
        return Text.assemble((label + ": " if label else "", "cyan"), (value, "bold"))

    def _chips(self, c: Chips) -> RenderableType:
        _ = self._
        if not c.seats and c.pot is not None:  # the pot alone: the seats' chips are on the seats' lines
            label = self.text(c.label) or _("Pot")
            return Text.assemble((label + ": ", "cyan"), (fmt_number(c.pot, self.lang), "bold"))
        table = Table(title=escape(self.text(c.label)) or None, show_edge=False, header_style="bold")
        table.add_column(_("Player"))
        table.add_column(_("Chips"), justify="right")
        for p, n in enumerate(c.seats):
            table.add_row(escape(self.seat(p)), fmt_number(n, self.lang))
        if c.pot is not None:
            table.add_row(_("Pot"), fmt_number(c.pot, self.lang), style="bold")
        return table

    def _field(self, f: StakeField) -> Text:
        label = self.text(f.label) or (str(f.number) if f.number is not None else "")
        out = Text(f"{label:>2}", style="bold reverse" if f.hit else "bold")
        stakes = [f"{self._('you') if p == self.viewer else self.seat(p)} {a}" for p, a in enumerate(f.stakes) if a]
        if stakes:
            out.append("  " + ", ".join(stakes), style="cyan")
        if f.own:
            out.append("  " + self._("your stake {n}", n=f.own), style="yellow")
        return out

    def _stakeboard(self, c: StakeBoard) -> RenderableType:
        groups: list[str] = list(dict.fromkeys(f.group for f in c.fields))
        rows = [list(r) for r in c.layout] if c.layout else [groups]
        placed = {g for r in rows for g in r}
        rest = [g for g in groups if g not in placed]
        if rest:
            rows.append(rest)
        parts: list[RenderableType] = []
        head = self.text(c.label)
        if head:
            parts.append(Text(head, style="cyan"))
        for row in rows:
            grid = Table.grid(padding=(0, 4))
            cols = [[self._field(f) for f in c.fields if f.group == g] for g in row]
            for _g in row:
                grid.add_column()
            for i in range(max((len(x) for x in cols), default=0)):
                grid.add_row(*(x[i] if i < len(x) else Text("") for x in cols))
            parts.append(grid)
        return Group(*parts)

    def _message(self, c: Message) -> RenderableType:
        return Text(self.text(c.text), style="bold")

    def _menu(self, c: Menu) -> RenderableType | None:
        """The question only: the terminal lists the legal moves themselves, numbered, below the table."""
        head = self.text(c.label)
        return Text(head, style="cyan") if head else None

    def _goal(self, c: Goal) -> RenderableType:
        from wuerfel.engine.explain import render_text  # numbers written the reader's way: "Ziel: 10.000 Punkte"

        progress = render_text(c.progress, self.lang, self.names)
        return Text.assemble(
            (render_text(c.text, self.lang, self.names), "bold green"),
            ("  ·  " + progress if progress else "", "green"),
        )


def render_components(
    components: Sequence[Component], lang: str, names: Sequence[str] = (), viewer: int | None = None
) -> RenderableType:
    """Every component in the order the game lists them, one under the other."""
    d = _Draw(lang, names, viewer)
    return Group(*(r for c in components if (r := d.draw(c)) is not None))
