"""What a person types at the terminal table (:mod:`wuerfel.cli.play`): the command words, the prompt for a move
(a number, words of a move's label, the game's own text, an amount), the numbered list of moves, the hints and the
help. The session's methods of these names call the functions here, which take the session.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

from rich.markup import escape
from rich.table import Table

from wuerfel.cli.explaining import RULES_WORDS
from wuerfel.cli.hints import hint_table
from wuerfel.engine.advice import Advice, as_advice
from wuerfel.engine.errors import IllegalAction, WuerfelError
from wuerfel.engine.extras import solvers_needed
from wuerfel.engine.game import Action, amounts, is_parameterised, with_amount

if TYPE_CHECKING:
    from wuerfel.cli.play import PlaySession

LIST_LIMIT = 30
"""More legal moves than this are listed in part; the rest are found by typing words of their labels."""
LIST_TAIL = 4
"""How many of the last moves a shortened list still shows."""
LIST_WORDS = {"alle", "all", "liste", "list"}
QUIT_WORDS = {"q", "quit", "exit", "ende", "beenden"}
HELP_WORDS = {"h", "hilfe", "help"}
HINT_WORDS = {"?", "tipp", "hint"}
ALL_HINT_WORDS = {"??"}
SIGNED_NUMBER = re.compile(r"[+-]\s*\d+")
"""A number with a sign: never a move number, refused like one out of range."""
GAME_TEXT_PREFIX = "="
"""Marks typed text as the game's even when it is a bare number ("=5": the die 5, not move 5)."""
HINT_LIMIT = 10
"""``?`` shows the best few options; ``??`` all of them."""
SHORTCUT_LETTERS = "abcdefgijklmnopstuvwxyz"
"""Letters for special outcomes in manual dice entry; h, q and r stay commands (help, quit, the rules)."""
SHORTCUT_SIGNS = "?!*#"
"""Signs a game may read as a special outcome ("?" = dice stay under the cup); they get that outcome's key."""
EXAMPLE_FACES = (3, 3, 1, 5, 6, 2)
"""The faces of the dice example in the manual-entry prompt (repeated for more dice)."""
YES_WORDS = {"j", "ja", "y", "yes"}
"""The answers that are a yes (anything else, and the end of input, is a no)."""


class QuitGame(Exception):
    """The player asked to stop."""


class BotFailed(Exception):
    """A bot chose a move the engine refused: a bug in the bot, reported instead of a traceback."""

    def __init__(self, name: str, label: str, error: IllegalAction) -> None:
        super().__init__(name, label, error)
        self.name, self.label, self.error = name, label, error


class EndOfInput(Exception):
    """Standard input ended before the game did (a script ran out, or Ctrl-D)."""


def human_move(session: PlaySession, p: int) -> None:
    """Show the position to ``p``, read until one move is accepted (or a command quits)."""
    _ = session._
    session.pass_screen(p)
    session.shown_to = p
    session.show(p)
    actions = list(session.state.legal_actions(p))
    labels = session.labels(actions, offer=True)
    kinds = [str(getattr(a, "kind", type(a).__name__)) for a in actions]
    session.print_actions(labels, kinds=kinds)
    while True:
        # One move: "Enter = 1", not a range "1–1" (issue 24 U13).
        if p == session.you:
            prompt = (
                _("Your move (1–{n}, ? hint, h help, q quit):", n=len(actions))
                if len(actions) > 1
                else _("Your move (Enter = 1, ? hint, h help, q quit):")
            )
        elif len(actions) == 1:
            prompt = _("{name}, your move (Enter = 1, ? hint, h help, q quit):", name=session.names[p])
        else:
            prompt = _("{name}, your move (1–{n}, ? hint, h help, q quit):", name=session.names[p], n=len(actions))
        text = session.ask(prompt)
        low = text.casefold()
        if low in QUIT_WORDS:
            raise QuitGame
        if low in HELP_WORDS:
            session.help()
            session.print_actions(labels, kinds=kinds)
            continue
        if low in RULES_WORDS:
            session.show_rules()
            continue
        if low in LIST_WORDS:
            session.print_actions(labels, limit=None)
            continue
        if low in HINT_WORDS or low in ALL_HINT_WORDS:
            session.hint(p, actions, labels, limit=None if low in ALL_HINT_WORDS else HINT_LIMIT)
            continue
        if not text:
            if len(actions) == 1:
                action: Action = actions[0]
            else:
                continue
        elif text.isdigit() or SIGNED_NUMBER.fullmatch(text):
            # "-1" is no move number either: the word search below would drop the sign and take move 1 (B1).
            k = int(text) if text.isdigit() else 0
            if not 1 <= k <= len(actions):
                session.say(session._("Please choose a number from 1 to {n}.", n=len(actions)), style="red")
                session.say(
                    session._(
                        "A number alone is a move number. To type dice, give two or more separated "
                        "by spaces (1 5), or start with = (=5 for a single die)."
                    ),
                    style="dim",
                )
                continue
            action = actions[k - 1]
        else:
            if text.startswith(GAME_TEXT_PREFIX):
                # "=5": the game's text, never a move number (a single die would otherwise read as one).
                text = text[len(GAME_TEXT_PREFIX) :].strip()
                low = text.casefold()
            by_label = [a for a, lab in zip(actions, labels, strict=True) if lab.casefold() == low]
            if len(by_label) == 1:
                action = by_label[0]
            else:
                try:
                    action = session.state.parse_action_text(text, p)
                except IllegalAction as exc:
                    found = search(labels, text)
                    if len(found) == 1:
                        action = actions[found[0]]
                    elif found:
                        session.say(_("{n} moves match; type a number:", n=len(found)), style="yellow")
                        session.print_actions(labels, only=found)
                        continue
                    else:
                        session.refuse(exc)
                        session.say(
                            _("Type the number of a move, two or more dice (1 5), =5 for a single die, or h for help."),
                            style="dim",
                        )
                        continue
            if not session.confirmed(action):
                continue
        if is_parameterised(action):
            chosen = session.ask_amount(action)
            if chosen is None:
                session.print_actions(labels)
                continue
            action = chosen
        label = session.labels([action])[0]
        before = session.state
        try:
            session.match.act(action, p)
        except IllegalAction as exc:
            session.refuse(exc)
            continue
        session.autosave()
        session.console.print(f"→ {escape(session.names[p])}: {escape(label)}")
        session.narrator.event(before, action, p, session.state, session.viewer())
        return


def confirm(session: PlaySession, question: str) -> bool:
    """A yes/no question; only a yes (j, ja, y, yes) is a yes, the end of input a no."""
    try:
        answer = session.ask(session._("{question} (y = yes, Enter = no)", question=question))
    except EndOfInput:
        return False
    return answer.casefold() in YES_WORDS


def confirmed(session: PlaySession, action: Action) -> bool:
    """A move typed in words that the game thinks may be a slip ("3 fh" writing a 0 into the ×3 column) is
    asked about first: ``State.confirm_action(action, lang)`` (part TypedInput; default None) returns the
    question. Moves chosen by number are not asked about: their label, points included, was on the screen."""
    try:
        question = session.state.confirm_action(action, session.lang)
    except Exception:  # a question must never stop a game
        return True
    if not question:
        return True
    answer = session.ask(session._("{question} (y = yes, Enter = no)", question=question)).casefold()
    return answer in YES_WORDS


def ask_amount(session: PlaySession, action: Action) -> Action | None:
    """A move with an amount (chips on a field) is listed once with its bounds: ask the number. Enter goes back
    to the list of moves; anything but a whole number within the bounds is refused and asked again."""
    values: dict[str, int] = {}
    for name, amount in amounts(action).items():
        if amount.low == amount.high:  # one possible number (the last chip under a limit): nothing to ask
            values[name] = amount.low
            continue
        while True:
            text = session.ask(session._("How many? {low} to {high} (Enter = back):", low=amount.low, high=amount.high))
            if not text:
                return None
            if text.casefold() in QUIT_WORDS:
                raise QuitGame
            if text.casefold() in RULES_WORDS:
                session.show_rules()
                continue
            if text.isdigit() and len(text) <= 12 and int(text) in amount:
                values[name] = int(text)
                break
            session.say(
                session._("Please type a whole number from {low} to {high}.", low=amount.low, high=amount.high),
                style="red",
            )
    return with_amount(action, **values)


def print_actions(
    session: PlaySession,
    labels: Sequence[str],
    limit: int | None = LIST_LIMIT,
    only: Sequence[int] | None = None,
    kinds: Sequence[str] | None = None,
) -> None:
    """The numbered moves, in two columns when there are many; beyond ``limit`` only the first ones and how
    to find the rest (an announcement in poker dice has hundreds of choices).

    Games list their decisive moves last ("done", "pass", "bank", the boxes of a sheet). So when ``kinds`` (the
    actions' kinds) are given and the last kind's moves are not too many (up to twice the limit), all of them
    are shown and only the moves before them are cut: the Würfelspiel shows every box it may write, and keeps
    (typed as "k 66" anyway) give way."""
    shown = list(only) if only is not None else list(range(len(labels)))
    hidden = 0
    listed_all = only is None
    example = ""
    if limit is not None and len(shown) > limit:
        tail = [i for i in shown if kinds is not None and kinds[i] == kinds[shown[-1]]]
        if kinds is not None and LIST_TAIL < len(tail) <= 2 * limit:
            head = [i for i in shown if i not in set(tail)]
            keep = head[: max(LIST_TAIL, limit - len(tail))]
            hidden = len(shown) - len(keep) - len(tail)
            example = labels[head[len(keep)]] if hidden else ""
            shown = sorted(keep + tail)
        else:
            # The first moves and the last few: games tend to list "done" / "pass" / "bank" last.
            hidden = len(shown) - limit
            example = labels[shown[limit - LIST_TAIL - 1] + 1]
            shown = shown[: limit - LIST_TAIL] + shown[-LIST_TAIL:]
    if listed_all:
        session.listed = set(shown)  # the hints mark a move this list left out (U13)
    table = Table.grid(padding=(0, 2))
    table.add_column(justify="right", style="bold cyan")
    table.add_column()
    if len(shown) > 14:
        table.add_column(justify="right", style="bold cyan")
        table.add_column()
        half = (len(shown) + 1) // 2
        for i in range(half):
            a = shown[i]
            right = [str(shown[i + half] + 1), escape(labels[shown[i + half]])] if i + half < len(shown) else ["", ""]
            table.add_row(str(a + 1), escape(labels[a]), *right)
    else:
        for a in shown:
            table.add_row(str(a + 1), escape(labels[a]))
    session.console.print(table)
    if hidden and limit is not None:
        session.say(
            session._(
                '… and {n} more. Type words of a move to find it (e.g. "{example}"), or "alle" for the full list.',
                n=hidden,
                example=example,
            ),
            style="dim",
        )


def hint(
    session: PlaySession, p: int, actions: Sequence[Action], labels: Sequence[str], limit: int | None = HINT_LIMIT
) -> None:
    _ = session._
    if session.info.advisor is None:
        session.say(session._("No hints are available for this game."), style="yellow")
        return
    try:
        with solvers_needed():  # numpy or numba missing: a refusal naming the extra, and play goes on
            if session._advisor is None:
                session._advisor = session.info.advisor(session.match.game)
            advice = list(session._advisor.advise(session.state, p))
    except WuerfelError as exc:
        session.refuse(exc)
        return
    if not advice:
        session.say(session._("No hints for this position."), style="yellow")
        return
    items = [as_advice(item, session.lang) for item in advice]
    more = len(items) - limit if limit is not None and len(items) > limit else 0
    if more:
        items = items[:limit]

    def label(a: Advice) -> str:
        if a.label:
            return a.label
        if a.action in actions:
            return labels[actions.index(a.action)]
        return session.labels([a.action], offer=True)[0] if a.action is not None else ""

    table, hidden = hint_table(items, actions, label, session.lang, session.listed)
    session.console.print(table)
    if hidden:
        session.say(_("* not in the list of moves above: its number works all the same."), style="dim")
    if more:
        session.say(_("… and {n} more (?? shows all).", n=more), style="dim")


def help(session: PlaySession) -> None:
    session.say(session._("Commands:"), style="bold")
    session.say(session._("  a number   take the move with that number (Enter alone takes the only move)"))
    session.say(session._("  text       a move in words, if the game understands it (e.g. the dice to keep)"))
    session.say(session._("  =text      the same, also for a single die (=5): a number alone is a move number"))
    session.say(session._("  alle       list every move (when there are too many to show)"))
    session.say(
        session._("  ?          hints: the best moves and how good they are (?? all; if the game has an advisor)")
    )
    session.say(session._("  r          the rules: how this game is played at this table"))
    session.say(session._("  h          this help"))
    session.say(session._("  q          quit (you may save the game record)"))


_WORD = re.compile(r"\w+")


def search(labels: Sequence[str], text: str) -> list[int]:
    """Indices of the labels that have a word for every typed word (case-insensitive); an exact label wins alone.

    A typed word matches the start of one label word, a number only the same number, and each label word serves
    one typed word: so "1 1 1 1 1 1 1" never finds "1 herauslegen" (the label names one die, not seven), and
    "1" never finds "100". Only input that names a move is ever taken for it."""
    words = _WORD.findall(text.casefold())
    if not words:
        return []
    exact = [i for i, lab in enumerate(labels) if lab.casefold() == text.casefold().strip()]
    if exact:
        return exact
    return [i for i, lab in enumerate(labels) if _covers(_WORD.findall(lab.casefold()), words)]


def _covers(label_words: list[str], words: list[str]) -> bool:
    """Does every typed word match its own label word? Greedy is enough: numbers match only themselves, and
    longer typed words are placed first, so a short prefix never takes the word a longer one needs."""
    free = list(label_words)
    for w in sorted(words, key=len, reverse=True):
        hit = next((k for k, lw in enumerate(free) if (lw == w if w.isdigit() else lw.startswith(w))), None)
        if hit is None:
            return False
        free.pop(hit)
    return True
