"""What the table of Verdecktes Würfelpoker shows and says (the table side of
:mod:`wuerfel.games.hasard.verdecktes_poker`): the view, the table's components with the goal line first and the
announcement menu, what is announced after a move (who was right about a "Schwindel!", a Stichrunde, who took the
pot, the next round), and the move list's words for announcements and calls.

Each is a function of the state; :class:`~wuerfel.games.hasard.verdecktes_poker.VerdecktesState`'s methods of the
same names call them. Apart from the game because the words and the layout change without the rules and the rules
without them; the state is named here only for the type checker, so the game imports this module and not the other
way round. Secrets stay as they were: dice under another player's cup are read only where the thrower or a lifted
cup may see them.
"""

from __future__ import annotations

import dataclasses
from functools import cache
from typing import TYPE_CHECKING

from wuerfel.engine import components as cmp
from wuerfel.engine import counts, narration
from wuerfel.engine.clocks import Pass
from wuerfel.engine.errors import N_
from wuerfel.engine.game import JSON, Action, Outcome, Roll
from wuerfel.games.hasard.common import result_view
from wuerfel.games.hasard.poker import class_phrase, describe_key, key_phrase, kickers_phrase, matches, principal
from wuerfel.games.hasard.verdecktes_moves import Announce, Challenge, announce_actions
from wuerfel.i18n import translate

if TYPE_CHECKING:
    from wuerfel.games.hasard.verdecktes_poker import Turn, VerdecktesState


def view(state: VerdecktesState, player: int | None) -> JSON:
    turns = []
    for t in state.turns:
        tv: JSON = {
            "player": t.player,
            "announcement": list(t.announcement) if t.announcement is not None else None,
            "standing": list(t.standing) if t.standing is not None else None,
            "challenger": t.challenger,
            "revealed": t.revealed,
            "passed": sorted(t.passed),
            "entered": bool(t.dice),
        }
        if t.dice and (t.revealed or (player is not None and player == t.player)):
            tv["dice"] = list(t.dice)
            tv["hand"] = list(state.rules.hand_key(t.dice))
        turns.append(tv)
    dl = state.deadline()
    out: JSON = {
        "game": "verdecktes-wuerfelpoker",
        "to_move": state.to_move(),
        "actors": list(state.actors()),
        "scores": list(state.ledger.players),
        "score_label": N_("Chips"),
        "pot": state.ledger.pot,
        "phase": state.phase,
        "round": state.round_no,
        "rounds": state.rules.rounds,
        "stichrunde": state.stich,
        "starter": state.starter,
        "order": list(state.order),
        "turns": turns,
        "history": [list(h) for h in state.history],
        "last_call": None
        if state.last_call is None
        else {
            "challenger": state.last_call[0],
            "announcer": state.last_call[1],
            "hand": list(state.last_call[2]),
            "held": state.last_call[3],
            "payer": state.last_call[0] if state.last_call[3] else state.last_call[1],
            "paid": state.last_call[4],
        },
        "deadline": dl.to_json() if dl else None,
    }
    if state.is_terminal():
        out.update(result_view(state))
    return out


def components(state: VerdecktesState, player: int | None) -> tuple[cmp.Component, ...]:
    """The goal line; every cup of the round: the reader's own dice with their hand, the others' as cups with what
    was announced, lifted cups with what counts; the last "Schwindel!" call, the round, the chips and the pot.
    Dice under another player's cup are never in here (only that five dice lie there)."""
    out: list[cmp.Component] = [goal(state)]
    playing = not state.is_terminal()
    for i, t in enumerate(state.turns if playing else ()):
        if t.dice and (t.revealed or player == t.player):
            hand = key_phrase(state.rules.hand_key(t.dice))
            label: cmp.Text = hand if t.revealed else cmp.Phrase(N_("you have: {hand}"), {"hand": hand})
            out.append(
                cmp.Dice(
                    tuple(t.dice),
                    face="poker",
                    seat=t.player,
                    label=label,
                    key=f"cup:{i}",
                    thrown=not t.revealed and t.announcement is None,
                )
            )
        elif t.dice:
            out.append(
                cmp.Dice(
                    (),
                    face="poker",
                    hidden=len(t.dice),
                    seat=t.player,
                    key=f"cup:{i}",
                    label=cmp.Phrase(N_("under the cup")),
                )
            )
        if t.announcement is not None:
            out.append(
                cmp.Message(cmp.Phrase(N_("“{hand}”"), {"hand": key_phrase(t.announcement)}), key=f"announce:{i}")
            )
        if t.standing is not None and t.announcement is not None and t.standing != t.announcement:
            out.append(
                cmp.Message(cmp.Phrase(N_("counts as: {hand}"), {"hand": key_phrase(t.standing)}), key=f"standing:{i}")
            )
    last = state.turns[-1] if state.turns else None
    if (
        playing
        and state.phase == "challenge"
        and player in state.actors()
        and last is not None
        and last.announcement is not None
    ):
        out.append(
            cmp.Message(
                cmp.Phrase(
                    N_("{name} announces “{hand}”. Do you believe it?"),
                    {"name": cmp.SeatRef(last.player), "hand": key_phrase(last.announcement)},
                ),
                key="call",
            )
        )
    if state.last_call is not None:
        out.append(cmp.Message(call_phrase(state.last_call), key="last_call"))
    if (
        playing
        and state.phase == "announce"
        and player in state.actors()
        and last is not None
        and last.player == player
    ):
        out.append(announce_menu(state, player, last))
    if state.stich and playing:
        out.append(cmp.Message(cmp.Phrase(N_("Stichrunde: the tied players throw again"))))
    if playing and state.phase != "lot":
        out.append(cmp.Counter(state.round_no + 1, target=state.rules.rounds, label=cmp.Phrase(N_("Round"))))
    out.append(cmp.Counter(state.ledger.pot, label=cmp.Phrase(N_("Pot"))))
    actors = set(state.actors())
    out.append(
        cmp.Seats(
            tuple(
                cmp.SeatLine(p, score=state.ledger.players[p], active=p in actors)
                for p in range(state.game.num_players)
            ),
            label=cmp.Phrase(N_("Chips")),
        )
    )
    return tuple(out)


def announce_menu(state: VerdecktesState, player: int, turn: Turn) -> cmp.Menu:
    """Every announcement by class, ranks and kickers, named by the game (the page used to rebuild the hand
    names and the grouping in JavaScript); with the thrower's own hand in the cup, the truth as a shortcut."""
    r = state.rules
    options = _menu_options(r.quint, r.joker, r.kickers)
    if turn.dice:
        key = r.hand_key(turn.dice)
        truth = max(
            (i for i, o in enumerate(options) if key[: len(o.action["hand"])] == o.action["hand"]),
            key=lambda i: len(options[i].action["hand"]),
            default=None,
        )
        if truth is not None:
            hand = key_phrase(tuple(options[truth].action["hand"]))
            shortcut = cmp.Phrase(N_("The truth: {hand}"), {"hand": hand})
            options = (
                *options[:truth],
                dataclasses.replace(options[truth], shortcut=shortcut),
                *options[truth + 1 :],
            )
    return cmp.Menu(
        options,
        seat=player,
        key="announce",
        none=cmp.Phrase(N_("none")),
        label=cmp.Phrase(N_("What do you announce? Choose the hand, then its ranks (the kickers are optional).")),
    )


def goal(state: VerdecktesState) -> cmp.Goal:
    """Issue 24: what takes the pot, and which round of how many is playing, first on the felt."""
    text = cmp.Phrase(N_("The highest announcement standing takes the pot"))
    if state.phase in ("lot", "over"):
        return cmp.Goal(text)
    return cmp.Goal(
        text,
        cmp.Phrase(N_("Round {number} of {rounds}"), {"number": state.round_no + 1, "rounds": state.rules.rounds}),
    )


def announcements(state: VerdecktesState, event: Action | Outcome, after: VerdecktesState) -> tuple[cmp.Phrase, ...]:
    """The cup's dice typed in after a call (scorekeeper): who was right and who paid; a Stichrunde among the
    tied; who took the pot; the next round, its first player and the antes. All of it happens in the open:
    only dice under a cup are secret, and none of these lines reads them (a call names what the lifted cup
    shows, which is public from then on)."""
    if state.phase in ("lot", "throw"):
        return ()
    out: list[cmp.Phrase] = []
    if isinstance(event, Roll) and state.phase == "reveal" and after.last_call is not None:
        out.append(call_phrase(after.last_call))
    if after.stich > state.stich and after.round_no == state.round_no:
        out.append(narration.throw_off(after.order, first=True, again=state.stich > 0))
    for _r, winner, pot in after.history[len(state.history) :]:
        out.append(cmp.Phrase(narration.TAKES_POT, {"name": cmp.SeatRef(winner), "chips": counts.chips(pot)}))
    if after.phase == "throw" and after.round_no > state.round_no:
        out.append(cmp.Phrase(narration.NEW_ROUND, {"k": after.round_no + 1, "name": cmp.SeatRef(after.starter)}))
        out.append(cmp.Phrase(narration.ANTES_ALL, {"chips": counts.chips(state.rules.ante)}))
    return tuple(out)


def call_result(state: VerdecktesState, lang: str) -> str:
    """Who was right and who paid when "Schwindel!" lifts the cup (the dice are public from then on); empty while
    the cup's dice are still to be entered (scorekeeper), or outside a call."""
    turn = state.turns[-1] if state.turns else None
    if state.phase != "challenge" or turn is None or not turn.dice or turn.announcement is None:
        return ""
    r = state.rules
    actual = r.hand_key(turn.dice)
    true = matches(actual, turn.announcement, r.quint, r.joker, exact=r.match == "exact")
    pot = state.ledger.pot
    shown = describe_key(actual, lang)
    if true:
        return " — " + translate(
            "the cup shows {hand}: the announcement holds, the caller pays {n} into the pot",
            lang,
            hand=shown,
            n=pot,
        )
    return " — " + translate(
        "the cup shows {hand}: a bluff, the announcer pays {n} into the pot and {hand} counts",
        lang,
        hand=shown,
        n=pot,
    )


def describe_action(state: VerdecktesState, action: Action, lang: str = "de") -> str | None:
    """An announcement by its hand, a call with what the lifted cup shows, a pass; None: not a move of this game's
    own (the state's default words)."""
    if isinstance(action, Announce):
        return describe_key(action.hand, lang)
    if isinstance(action, Challenge):
        return "Schwindel!" + call_result(state, lang)
    if isinstance(action, Pass):
        return translate("no call", lang)
    return None


@cache
def _menu_options(quint: bool, joker: bool, kickers: bool) -> tuple[cmp.MenuOption, ...]:
    """The announcements as menu options: class, then ranks, then kickers (the short form first and preset)."""
    keys = sorted(
        (a.hand for a in announce_actions(quint, joker, kickers)),
        key=lambda k: (principal(k), len(k) > len(principal(k)), k),
    )
    out = []
    for k in keys:
        kick = kickers_phrase(k)
        path: tuple[cmp.Text, ...] = (class_phrase(k[0]), key_phrase(principal(k)))
        out.append(cmp.MenuOption(Announce(k).to_json(), path if kick is None else (*path, kick), preset=kick is None))
    return tuple(out)


def call_phrase(last_call: tuple[int, int, tuple[int, ...], bool, int]) -> cmp.Phrase:
    """What a "Schwindel!" call came to (who called, whose cup, the hand, who paid): the felt's line and the move
    list's announcement say the same, so one phrase serves both."""
    challenger, announcer, cup, held, paid = last_call
    msgid = (
        N_(
            "{caller} called “Schwindel!”: {announcer}’s cup shows {hand} — the announcement holds, "
            "{caller} pays {n} into the pot."
        )
        if held
        else N_(
            "{caller} called “Schwindel!”: {announcer}’s cup shows {hand} — a bluff, {announcer} pays {n} into the pot."
        )
    )
    return cmp.Phrase(
        msgid,
        {
            "caller": cmp.SeatRef(challenger),
            "announcer": cmp.SeatRef(announcer),
            "hand": key_phrase(tuple(cup)),
            "n": paid,
        },
    )
