"""The throws at the terminal table (:mod:`wuerfel.cli.play`): the dice source's throw with whose turn it starts and
what the people at the screen may read of it, the thrower's "press Enter to throw", and the scorekeeper's entry of
the dice that fell (``--dice manual``) with its one-key shortcuts and an example in the game's own notation. The
session's methods of these names call the functions here, which take the session.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from rich.markup import escape

from wuerfel.cli.explaining import RULES_WORDS
from wuerfel.cli.narrate import throw_line
from wuerfel.cli.play_input import (
    ALL_HINT_WORDS,
    EXAMPLE_FACES,
    HELP_WORDS,
    HINT_WORDS,
    LIST_WORDS,
    QUIT_WORDS,
    SHORTCUT_LETTERS,
    SHORTCUT_SIGNS,
    QuitGame,
)
from wuerfel.engine.errors import IllegalAction, WuerfelError
from wuerfel.engine.game import Outcome, Roll, State
from wuerfel.engine.throws import waits_for

if TYPE_CHECKING:
    from wuerfel.cli.play import PlaySession


def throw(session: PlaySession) -> None:
    # Say whose turn the throw starts before the throw itself, so it never reads as the last player's throw.
    seat = session.thrower()
    if seat is not None:
        session.announce((seat,))
    if session.source is not None:
        waiting = waits_for(session.state, session.match.record.events)
        if waiting is not None and waiting not in session.bots:
            session.ask_throw(waiting)
        state = session.state
        outcome = session.source.choose(state)
        session.match.chance(outcome)
        session.autosave()
        # A bot's throw is announced even where the game's renderer would show it better: no screen is drawn
        # for a bot's decision, so the throw would never be seen (the Würfelspiel's bots threw unseen). What
        # the people at the screen may read of it is the game's statement (``shown``).
        line = (
            session.shown(state, outcome, None, describe_outcome(state, outcome, session.lang, session.names))
            if session.announce_throws or seat in session.bots
            else None
        )
        lot = getattr(outcome, "kind", None) == "lot"
        if lot and len(session.seats) == 1:
            line = None  # a lot among one: nothing to tell a player alone (issue 24 U13)
        if line is not None:
            # a lot is drawn, not thrown: "Los: Anna beginnt", not "Wurf: Anna beginnt"
            if lot and getattr(outcome, "seat", None) == session.you and session.you is not None:
                line = session.second_person(line)
            session.say(
                session._("Lot: {text}", text=line)
                if lot
                else throw_line(session._, seat, session.you, session.names, line),
                style="bold magenta",
            )
        session.narrator.event(state, outcome, None, session.state, session.viewer())
        if waiting is not None and waiting in session.bots and session.pause > 0:
            session.sleep(session.pause)  # a bot's throw that starts its turn is paced like its moves
    else:
        session.manual_throw()
    session.turn_ended_by_throw(seat)


def ask_throw(session: PlaySession, p: int) -> None:
    """The thrower asks for his throw: Enter throws (so does any other line but a command: the dice are the
    same whatever is typed), ``q`` quits, ``h`` explains. A throw that follows his own move ("throw again")
    never asks (:func:`wuerfel.engine.throws.waits_for`)."""
    _ = session._
    if session.pass_screen(p):
        return  # the Enter that took the screen is his request to throw: one key, not two
    # The table before every throw that starts something of a person (a turn, a bank's throws, every throw of a
    # game without decisions): he sees where he stands before he throws — Eins bis sechzehn's sheet, the Lustige
    # Sieben banker's board (issue 24 U1). A throw after his own move asks nothing and needs no second screen.
    # His own view: with secrets the screen is his here (pass_screen handed it over, or he holds it).
    session.show(p)
    while True:
        if p == session.you:
            prompt = _("Your throw: press Enter to throw (h help, q quit):")
        else:
            prompt = _("{name}, your throw: press Enter to throw (h help, q quit):", name=session.names[p])
        text = session.ask(prompt).casefold()
        if text in QUIT_WORDS:
            raise QuitGame
        if text in RULES_WORDS:
            session.show_rules()
            continue
        if text in HINT_WORDS or text in ALL_HINT_WORDS or text in LIST_WORDS:
            # Nothing to decide at a throw: a hint or the list of moves must not throw the dice (U5).
            session.say(_("There is nothing to decide before this throw: Enter throws the dice."), style="yellow")
            continue
        if text in HELP_WORDS:
            # the person addressed as such (terminal L5: "Dieser Spieler ist mit Würfeln dran" to "Du")
            session.say(
                _("It is your throw: Enter throws the dice. q quits (you may save the game record).")
                if p == session.you
                else _(
                    "It is {name}'s throw: Enter throws the dice. q quits (you may save the game record).",
                    name=session.names[p],
                )
            )
            continue
        return


def turn_ended_by_throw(session: PlaySession, seat: int | None) -> None:
    """Say so when a throw ends a person's turn before he decides anything (a Niete, a failed confirmation):
    otherwise the next player's moves follow at once and the lost turn is never mentioned."""
    if seat is None or seat in session.bots or session.state.is_terminal() or not session.info.decisions:
        return  # in a game without decisions every turn is ended by a throw: nothing to point out
    if session.state.is_chance():
        nxt = session.thrower()  # the next throw is somebody else's: the turn has passed
        if nxt is None or nxt == seat:
            return
    elif seat in session.state.actors():
        return
    if seat == session.you:
        session.say(session._("That throw ends your turn."), style="bold red")
    else:
        session.say(session._("That throw ends the turn of {name}.", name=session.names[seat]), style="bold red")


def special_outcomes(session: PlaySession, state: State) -> list[tuple[str, Outcome]]:
    """Outcomes a person reports with one key: every non-roll and every probability-0 outcome; when the node
    throws no plain dice, every outcome (numbered if there are more than letters)."""
    outcomes = state.chance_outcomes()
    if state.dice_to_throw() > 0:
        chosen = [o for o, p in outcomes if not isinstance(o, Roll) or p == 0]
    else:
        chosen = [o for o, _ in outcomes]
    if len(chosen) > len(SHORTCUT_LETTERS):
        return [(str(i + 1), o) for i, o in enumerate(chosen)]
    # Prefer the letter the game itself reads as that outcome ("b" = brennt), so the keys shown agree with
    # the game's own manual entry; the others get the first free letters.
    keys: list[str | None] = []
    used: set[str] = set()
    # Where no dice are typed, digits are free too (a lot: the game reads "1" as the first seat). Signs the
    # game reads ("?" = under the cup) win over the terminal's hint command at a throw.
    candidates = SHORTCUT_LETTERS + SHORTCUT_SIGNS
    if state.dice_to_throw() <= 0:
        candidates = "123456789" + candidates
    for o in chosen:
        key = None
        for ch in candidates:
            if ch in used:
                continue
            try:
                if state.parse_outcome(ch) == o:
                    key = ch
                    break
            except WuerfelError:
                continue
        keys.append(key)
        if key:
            used.add(key)
    free = iter(ch for ch in SHORTCUT_LETTERS if ch not in used)
    return [(k if k is not None else next(free), o) for k, o in zip(keys, chosen, strict=True)]


def manual_throw(session: PlaySession) -> None:
    """Scorekeeper mode: ask for the dice that fell until the entry is valid.

    Order of reading: quit and help words, the shortcut keys, then the game's own ``parse_outcome``; only text
    the game does not read as an outcome may be the hint command (which only explains the entry here), so a
    game's "?" (dice under the cup) is never taken by the terminal.
    """
    _ = session._
    state = session.state
    seat = session.thrower()
    outcomes = state.chance_outcomes()
    if state.dice_to_throw() <= 0 and len(outcomes) == 1:
        # Nothing to report: one seat's lot (a solo game), one possible result (issue 24 U13).
        session.match.chance(outcomes[0][0])
        session.autosave()
        return
    session.show(session.throw_viewer(seat))
    shortcuts = session.special_outcomes(state)
    n = state.dice_to_throw()
    if shortcuts:
        names = session.names
        session.console.print(
            "  ".join(
                f"[bold cyan]{escape(k)}[/bold cyan] = {escape(describe_outcome(state, o, session.lang, names))}"
                for k, o in shortcuts
            )
        )
    example = session.dice_example(state, n) if n > 0 else ""
    if n > 0:
        if example:
            prompt = _("Dice that fell ({n}, e.g. {example}):", n=n, example=example)
        else:
            prompt = _("Dice that fell ({n}):", n=n)
    else:
        prompt = _("Enter what happened:")
    keys = {k: o for k, o in shortcuts}
    if seat is not None and len(session.seats) > 1:
        # Whose dice to type: the people at the table throw for everybody, bots included (U3).
        session.say(
            _("Your throw.") if seat == session.you else _("{name} throws.", name=session.names[seat]), style="yellow"
        )
    while True:
        text = session.ask(prompt)
        low = text.casefold()
        if low in QUIT_WORDS:
            raise QuitGame
        if low in HELP_WORDS:
            session.manual_help(example)
            continue
        if low in RULES_WORDS and low not in keys:
            session.show_rules()
            continue
        if not text:
            continue
        try:
            outcome = keys[low] if low in keys else state.parse_outcome(text)
        except IllegalAction as exc:
            if low in HINT_WORDS or low in ALL_HINT_WORDS:
                session.manual_help(example)
            else:
                session.refuse(exc)
            continue
        try:
            session.match.chance(outcome)
        except IllegalAction as exc:
            session.refuse(exc)
            continue
        session.autosave()
        session.narrator.event(state, outcome, None, session.state, session.throw_viewer(seat))
        return


def manual_help(session: PlaySession, example: str) -> None:
    """How to enter a throw, with the example of the prompt (plain faces may also be typed together)."""
    if example and example.replace(" ", "").isdigit():
        session.say(
            session._(
                "Type the faces of the dice that fell, separated by spaces (3 3 1 5 6) or together "
                "(33156). A letter reports a special throw from the list above. q quits."
            )
        )
    elif example:
        session.say(
            session._(
                "Type the dice that fell, separated by spaces (e.g. {example}). A key from the list "
                "above reports a special throw. q quits.",
                example=example,
            )
        )
    else:
        session.say(session._("Type what happened, or a key from the list above. q quits."))


def dice_example(session: PlaySession, state: State, n: int) -> str:
    """An example entry of ``n`` dice in the game's own notation, or "" when none can be given.

    In order: ``State.outcome_example(lang)`` (part ManualDice; default none); the game's own label of a sample
    throw when the game labels outcomes itself in other than plain faces and reads that label back as the same
    throw (poker dice: "As König Bube Bube Neun", not the face codes "3 3 1 5 6"); the plain faces, if the game
    reads them. Every candidate is checked with ``parse_outcome``, so the prompt never shows an example that
    would be refused.
    """

    def reads(text: str) -> Outcome | None:
        try:
            return state.parse_outcome(text)
        except Exception:  # an example must never stop a game
            return None

    try:
        text = str(state.outcome_example(session.lang))
    except Exception:  # an example must never stop a game
        text = ""
    if text and reads(text) is not None:
        return text
    digits = " ".join(str(d) for d in (EXAMPLE_FACES * (n // len(EXAMPLE_FACES) + 1))[:n])
    sample = reads(digits)
    if sample is None:
        sample = next((o for o, p in state.chance_outcomes() if isinstance(o, Roll) and p > 0), None)
    if sample is not None and type(state).describe_outcome is not State.describe_outcome:
        label = describe_outcome(state, sample, session.lang, session.names)
        # A label in plain faces is the same notation: the unsorted example then shows that order is free.
        if label and not label.replace(" ", "").isdigit() and reads(label) == sample:
            return label
    return digits if reads(digits) is not None else ""


def describe_outcome(state: State, outcome: Outcome, lang: str, names: Sequence[str] = ()) -> str:
    """The game's label for an outcome, with the player names ("Anna beginnt", not "Platz 1 beginnt"): every
    game's ``describe_outcome`` takes them (:meth:`State.describe_outcome`)."""
    try:
        return state.describe_outcome(outcome, lang, names=list(names))
    except Exception:  # a label must never stop a game
        return str(outcome.to_json())
