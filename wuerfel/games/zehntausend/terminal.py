"""Terminal rendering of a Zehntausend view (Rich), German first.

The generic ``wuerfel play`` front end calls :func:`render` with the game's view (plus ``player_names``) and prints
the numbered legal moves itself (labels from ``describe_action``, which for a selection carry its points and melds);
typed dice ("1 5") are read by ``ZehntausendState.parse_action_text``.
"""

from __future__ import annotations

from typing import Any

from rich.console import Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from wuerfel.engine.components import format_int
from wuerfel.i18n import Translator


def _num(v: Any, tr: Translator) -> str:
    """Points as the reader writes them ("10.050", "10,050"; four digits stay whole, the Duden rule), as the goal
    and the move labels do (terminal report L6: the board printed "10050" under "Ziel: 10.000")."""
    return format_int(v, tr.lang) if isinstance(v, int) and not isinstance(v, bool) else str(v)


FACES = {1: "⚀", 2: "⚁", 3: "⚂", 4: "⚃", 5: "⚄", 6: "⚅"}


def dice_text(dice: list[int] | tuple[int, ...], style: str = "bold") -> Text:
    """Dice as faces with their numbers ("⚀1 ⚄5"), readable in any terminal font."""
    out = Text()
    for i, d in enumerate(dice):
        if i:
            out.append(" ")
        out.append(f"{FACES.get(d, '?')}{d}", style=style)
    return out


def _names(view: dict[str, Any], tr: Translator) -> list[str]:
    names = view.get("player_names")
    n = len(view.get("scores", []))
    if isinstance(names, list) and len(names) == n:
        return [str(x) for x in names]
    return [tr("Player {n}", n=i + 1) for i in range(n)]


def _void_text(reason: Any, tr: Translator) -> str:
    """A void throw in words ("ein Würfel ist vom Tisch gefallen"), never its id ("vom_tisch")."""
    from wuerfel.games.kit.void import VOID_LABELS

    label = VOID_LABELS.get(str(reason))
    return tr(label) if label else tr("void throw")


def _event_text(e: dict[str, Any], tr: Translator) -> Text:
    kind = e.get("event")
    if kind == "throw":
        return Text(tr("threw ")).append_text(dice_text(e["dice"], "cyan"))
    if kind == "select":
        t = Text(tr("set aside ")).append_text(dice_text(e["dice"], "green"))
        t.append(f"  +{e['points']}")
        if e.get("turn_fives"):
            t.append(" " + tr("(5-5 turned into a 1)"))
        return t
    labels = {
        "niete": tr("Niete: nothing scores"),
        "confirm_failed": tr(
            "confirmation failed: the throw brought less than {points} points", points=e.get("points")
        ),
        "hot_dice": tr("all dice set aside: all dice back into the cup"),
        "bank": tr("stopped and wrote down {points}", points=e.get("points")),
        "nix": tr("Niete on the first throw: {points} points, turn over", points=e.get("points")),
        "bust": tr("turn lost ({points} points)", points=e.get("points")),
        "minus": tr("first-throw Niete: minus {points}", points=_num(e.get("points"), tr)),
        "minus_marks": tr("too many busts in a row: minus {points}", points=_num(e.get("points"), tr)),
        "void": _void_text(e.get("reason"), tr),
        "void_penalty": tr("void again: minus {points}", points=_num(e.get("points"), tr)),
        "void_bust": tr("too many void throws: turn lost"),
        "stacked": tr("stacked dice"),
        "knock": tr("knocked"),
        "take_over": tr.n(
            "took over {points} with {cup} die",
            "took over {points} with {cup} dice",
            e.get("cup") or 0,
            points=_num(e.get("total"), tr),
            cup=e.get("cup"),
        ),
        "turn_fives": tr("turned 5-5 into a 1"),
        "give_up": tr("gave up"),
        "instant_win": tr("instant win!"),
        "receive": tr("receives the pool: {points}", points=_num(e.get("points"), tr)),
        "pool_discarded": tr("last die out: the pool is discarded"),
        "skipped": tr("misses this turn"),
    }
    return Text(labels.get(str(kind), str(kind)))


def render(view: dict[str, Any], lang: str = "de") -> Any:
    """The whole table: scoreboard, previous turn, current turn with throw, requirements and selections."""
    tr = Translator(lang)
    names = _names(view, tr)
    parts: list[Any] = []  # the goal line above it is the front end's (cli/play.py draws every Goal first)

    board = Table(title=tr("Scores (target {target})", target=f"{view['target']:,}".replace(",", ".")), show_edge=False)
    board.add_column(tr("Player"))
    pool_mode = bool(view.get("pool_mode"))
    board.add_column(tr("Penalty") if view.get("mode") == "rueckwaerts" else tr("Score"), justify="right")
    if view.get("minus_marks_limit"):
        board.add_column(tr("Minus"), justify="center")
    if view.get("mode") == "solo":
        board.add_column(tr("Turns"), justify="right")
    for p, name in enumerate(names):
        mark = "▶ " if p == view.get("player") and view.get("node") != "over" else "  "
        row = [mark + name, _num(view["scores"][p], tr)]
        if view.get("down") and view["down"][p]:
            row[1] += " ↓"
        if view.get("minus_marks_limit"):
            row.append("−" * view["minus_marks"][p] or "·")
        if view.get("mode") == "solo":
            row.append(str(view["turns"][p]))
        style = "bold" if p == view.get("player") else ""
        if p in view.get("winners", []):
            style = "bold green"
        board.add_row(*row, style=style)
    parts.append(board)

    prev = view.get("previous_turn")
    if prev:
        line = Text(f"{names[prev['player']]}: ", style="dim")
        for i, e in enumerate(prev["history"]):
            if i:
                line.append(" · ", style="dim")
            line.append_text(_event_text(e, tr))
        parts.append(line)

    if view.get("node") == "over":
        w = view.get("winners", [])
        parts.append(Text(tr("Game over. Winner: {names}", names=", ".join(names[p] for p in w)), style="bold green"))
        return Group(*parts)

    t = view["turn"]
    me = names[view["player"]]
    body = Table.grid(padding=(0, 2))
    body.add_column(style="dim")
    body.add_column()
    if pool_mode:
        body.add_row(tr("Pool"), Text(_num(view.get("pool") or 0, tr), style="bold yellow"))
    else:
        body.add_row(tr("Turn total"), Text(_num(t["total"], tr), style="bold yellow"))
    body.add_row(tr("Dice in the cup"), str(t["cup"]))
    if t["max_throws"]:
        body.add_row(tr("Throws"), f"{t['throws']} / {t['max_throws']}")
    if t["threshold"] and not pool_mode:
        ok = t["total"] >= t["threshold"]
        need = f"> {_num(t['beat'], tr)}" if t.get("beat") is not None else _num(t["threshold"], tr)
        body.add_row(tr("Needed to stop"), Text(need, style="green" if ok else "red"))
    if t["proof_pending"]:
        body.add_row(tr("Proof"), Text(tr("a pasch must still be proven by a 1 or 5"), style="red"))
    if t["confirm_need"] is not None:
        body.add_row(tr("Confirm"), Text(tr("at least {n} more points needed", n=t["confirm_need"]), style="red"))
    if t["open_sets"]:
        body.add_row(tr("Open sets"), ", ".join(f"{s}×{f} = {v}" for f, s, v in t["open_sets"]))
    if t["turnable_fives"]:
        body.add_row(tr("5-5 to turn"), str(t["turnable_fives"]))
    if view.get("offer"):
        o = view["offer"]
        body.add_row(
            tr("Offer"),
            tr.n(
                "take over {points} with {cup} die",
                "take over {points} with {cup} dice",
                o["cup"],
                points=_num(o["total"], tr),
                cup=o["cup"],
            ),
        )
    if view.get("end_triggered"):
        body.add_row(tr("Last round"), tr("the target has been reached: this round is the last"))
    if view.get("tie_break"):
        body.add_row(tr("Tie-break"), ", ".join(names[p] for p in view["tie_break"]))
    hist = Text()
    events = list(t["history"])
    if view.get("throw") and events and events[-1].get("event") == "throw":
        events = events[:-1]  # the current throw has its own row
    for i, e in enumerate(events):
        if i:
            hist.append(" · ", style="dim")
        hist.append_text(_event_text(e, tr))
    if events:
        body.add_row(tr("The turn so far"), hist)
    if view.get("throw"):
        body.add_row(tr("Throw"), dice_text(view["throw"], "bold cyan"))
        if not view.get("selections"):
            body.add_row("", Text(tr("Niete!"), style="bold red"))
    blockers = view.get("bank_blockers") or []
    if view.get("node") == "decide" and blockers:
        why = {
            "proof": tr("proof pending"),
            "confirm": tr("confirmation pending"),
            "threshold": tr("below the threshold"),
            "dice_left": tr("too many dice left"),
        }
        body.add_row(tr("Cannot stop"), Text(", ".join(why.get(b, b) for b in blockers), style="red"))
    if view.get("you") == view["player"]:  # the person at the screen, addressed as such ("Du bist dran")
        title = tr("Your turn") if not pool_mode else tr("Your throw")
    else:
        title = tr("{name}'s turn", name=me) if not pool_mode else tr("{name} throws", name=me)
    parts.append(Panel(body, title=title, expand=False))
    return Group(*parts)
