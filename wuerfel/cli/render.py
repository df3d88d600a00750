"""Rendering a view in the terminal without knowing the game.

A game may register its own ``GameInfo.terminal_renderer(view, lang)``; a game that states its table components is
drawn by :mod:`wuerfel.cli.components`; every other game gets this view-based generic one, which only relies on
what every view must contain (``game``, ``to_move``, ``scores``) and shows the rest as labelled values: a scoreboard
with one row per player (any other per-player list becomes a further column), dice as dice, and everything else as
"label: value" lines. Labels are the view's keys made readable, translated when some catalogue knows them, so a game
gets German labels by translating its keys instead of writing a renderer.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.markup import escape
from rich.table import Table
from rich.text import Text

from wuerfel.engine.game import State
from wuerfel.i18n import Translator, translate

DICE_GLYPHS = {1: "⚀", 2: "⚁", 3: "⚂", 4: "⚃", 5: "⚄", 6: "⚅"}
_SKIP = {"game", "to_move", "scores", "player_names", "viewer", "actors", "score_label", "unit"}


def label(key: str, lang: str) -> str:
    """ "turn_total" → "Turn total", translated if a catalogue has that msgid."""
    pretty = key.replace("_", " ").strip()
    pretty = pretty[:1].upper() + pretty[1:]
    return translate(pretty, lang)


def fmt_number(x: Any, lang: str = "en") -> str:
    """Scores as people write them: 350, not 350.0; fractions with at most two decimals, with the decimal comma
    in German (613,16)."""
    if isinstance(x, bool):
        return str(x)
    if isinstance(x, float):
        return str(int(x)) if x.is_integer() else decimal(x, lang)
    return str(x)


def decimal(x: float, lang: str, digits: int = 2, *, percent: bool = False) -> str:
    """A fraction in the reader's notation: 613.16 in English, 613,16 in German (``percent``: 12.5 % / 12,5 %)."""
    text = f"{x * 100 if percent else x:.{digits}f}"
    if lang == "de":
        text = text.replace(".", ",")
    return f"{text} %" if percent else text


def is_dice(key: str, value: Any) -> bool:
    """A list of faces 1–6 under a key that says dice ("dice", "kept_dice", "wuerfel" …)."""
    k = key.lower()
    return (
        ("dice" in k or "wuerfel" in k or "würfel" in k or k in ("roll", "throw", "wurf"))
        and isinstance(value, list)
        and all(isinstance(d, int) and not isinstance(d, bool) and 1 <= d <= 6 for d in value)
    )


def dice_text(dice: Sequence[int]) -> Text:
    """Dice as glyph plus number (the glyphs alone are too small in many terminal fonts)."""
    if not dice:
        return Text("—")
    return Text("  ".join(f"{DICE_GLYPHS[d]} {d}" for d in dice), style="bold")


def fmt_value(value: Any, lang: str) -> str:
    _ = Translator(lang)
    if value is None:
        return "—"
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    if isinstance(value, int | float):
        return fmt_number(value, lang)
    if isinstance(value, str):
        return value
    if isinstance(value, list) and all(isinstance(v, int | float | str) and not isinstance(v, bool) for v in value):
        return ", ".join(fmt_number(v, lang) for v in value) if value else "—"
    return json.dumps(value, ensure_ascii=False, default=str)


def generic_renderer(view: dict[str, Any], lang: str) -> RenderableType:
    """The fallback renderer: scoreboard, dice, and the remaining view entries."""
    _ = Translator(lang)
    names: list[str] = list(view.get("player_names") or [])
    scores = list(view.get("scores") or [])
    n = max(len(names), len(scores))
    names += [_("Player {n}", n=i + 1) for i in range(len(names), n)]
    to_move = view.get("to_move")
    actors = set(view.get("actors") or ([to_move] if isinstance(to_move, int) and to_move >= 0 else []))
    viewer = view.get("viewer")

    per_player = [
        k
        for k, v in view.items()
        if k not in _SKIP
        and isinstance(v, list)
        and len(v) == n
        and n > 1
        and not is_dice(k, v)
        and all(not isinstance(x, dict | list) for x in v)
    ]
    board = Table(title=None, show_header=True, header_style="bold", expand=False)
    board.add_column("")
    board.add_column(_("Player"))
    board.add_column(escape(score_label(view, lang) or _("Score")), justify="right")
    for k in per_player:
        board.add_column(escape(label(k, lang)), justify="right")
    for p in range(n):
        marker = "▶" if p in actors else ""
        mark = viewer == p and len(names) > 1 and names[p].casefold() not in ("du", "you")  # not "Du (du)"
        name = escape(names[p]) + (" " + _("(you)") if mark else "")
        row = [marker, name, fmt_number(scores[p], lang) if p < len(scores) else ""]
        row += [escape(fmt_value(view[k][p], lang)) for k in per_player]
        board.add_row(*row, style="bold" if p in actors else None)

    lines: list[RenderableType] = [board]
    for key, value in view.items():
        if key in _SKIP or key in per_player:
            continue
        head = Text(label(key, lang) + ": ", style="cyan")
        if is_dice(key, value):
            lines.append(Text.assemble(head, dice_text(value)))
        else:
            lines.append(Text.assemble(head, fmt_value(value, lang)))
    return Group(*lines)


SCORE_LABEL_KEYS = ("score_label", "unit")
"""View entries in which a game names what its scores count ("Chips", "Strafpunkte"): a msgid or a key-like word,
translated like every other label."""


def score_label(view: dict[str, Any], lang: str) -> str | None:
    """The game's own name for its scores, if its view gives one (``score_label``, else ``unit``)."""
    for key in SCORE_LABEL_KEYS:
        value = view.get(key)
        if isinstance(value, str) and value.strip():
            return label(value, lang)
    return None


def seats_label(state: State, lang: str, names: Sequence[str] = ()) -> str | None:
    """What the game's seats component says its scores count ("Bierdeckel"), for a game whose view names no
    ``score_label``: the result table then heads its column as the board did, not "Stand" (issue 24 U14)."""
    from wuerfel.engine.components import Seats, resolve

    try:
        components = state.components(None)
    except Exception:  # a heading must never stop the end of a game
        return None
    for c in components:
        if isinstance(c, Seats) and c.label is not None:
            text = resolve(c.label, lang, list(names))
            return str(text) if text else None
    return None


@dataclasses.dataclass(frozen=True)
class Standings:
    """The result of a finished game as the engine states it (:meth:`State.ranking`, ``winners``, ``losers``,
    ``payoffs``, ``lower_is_better``): the terminal only draws it, it never works a ranking out of a view."""

    scores: tuple[float, ...]
    ranking: tuple[tuple[int, ...], ...]
    winners: tuple[int, ...] = ()
    losers: tuple[int, ...] = ()
    payoffs: tuple[int, ...] | None = None
    lower_is_better: bool = False

    @classmethod
    def of(cls, state: State) -> Standings:
        return cls(
            tuple(state.scores()),
            state.ranking(),
            state.winners(),
            state.losers(),
            state.payoffs(),
            state.lower_is_better(),
        )


def result_table(names: Sequence[str], result: Standings, lang: str, heading: str | None = None) -> Table:
    """The final standings, best first as the game ranks them: tied seats share a place, winners and losers are
    named, and a game played for chips shows what each seat won or lost.

    The score column is headed by ``heading`` (the game's own word, see :func:`score_label`), else by the neutral
    "Standing" ("Stand"): scores are points in one game and chips in another, and "Punkte" would be wrong for chips.
    Where fewer is better the heading says so.
    """
    _ = Translator(lang)
    table = Table(title=_("Result"), header_style="bold")
    table.add_column(_("Place"), justify="right")
    table.add_column(_("Player"))
    head = escape(heading) if heading else _("Standing")
    if result.lower_is_better:
        head = _("{label} (fewer is better)", label=head)
    table.add_column(head, justify="right")
    if result.payoffs is not None:
        table.add_column(_("Chips won/lost"), justify="right")
    table.add_column("")
    place = 1
    for group in result.ranking:
        for p in group:
            row = [
                str(place),
                escape(names[p]) if p < len(names) else str(p + 1),
                fmt_number(result.scores[p], lang) if p < len(result.scores) else "",
            ]
            if result.payoffs is not None:
                row.append(f"{result.payoffs[p]:+d}" if result.payoffs[p] else "0")
            won, lost = p in result.winners, p in result.losers
            row.append(_("winner") if won else _("loser") if lost else "")
            table.add_row(*row, style="bold green" if won else "red" if lost else None)
        place += len(group)
    return table
