"""What a bank game shows and says (the table side of :mod:`wuerfel.games.kit.bank`): the view, the table's
components, the move list's words for the lot, the throws and what each throw paid, and the reading of a typed stake.

* **the table** (:func:`components`): the game's goal line first (:meth:`~wuerfel.games.kit.bank.BankState.goal`,
  with the bank's place in the rotation), the last throw, the board with the chips lying on each field and the
  reader's own sealed stakes, the bank's throw counter and every seat's chips;
* **the words** (:func:`describe_outcome`, :func:`announcements`, :func:`describe_action`): the dice, the lot by the
  banker's name, what a bank throw moved with bank and punters named, and a bank handed on with its result;
* **typed stakes** (:func:`parse_stake`): "3 auf 7", "fertig".

Each is a function of the state; :class:`~wuerfel.games.kit.bank.BankState`'s methods of the same names call them,
so a game still overrides the method (and calls ``super()``) as before.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from wuerfel.engine import counts
from wuerfel.engine.components import (
    Component,
    Counter,
    Dice,
    Message,
    Phrase,
    SeatLine,
    SeatRef,
    Seats,
    StakeBoard,
    StakeField,
    resolve,
)
from wuerfel.engine.errors import N_, IllegalAction
from wuerfel.engine.game import JSON, Action, Amount, Outcome, Roll
from wuerfel.engine.narration import HOLDS_BANK
from wuerfel.games.kit.bank_board import BOARD, Done, Stake, settle_board, stake_of
from wuerfel.games.kit.lot import Lot
from wuerfel.games.kit.void import VOID_LABEL, Void
from wuerfel.i18n import translate

if TYPE_CHECKING:
    from wuerfel.games.kit.bank import BankState

DONE_WORDS = frozenset({"fertig", "done", "keine", "nichts", "genug", "kein einsatz", "no more", "none"})
LOT_BANK = N_("seat {seat} holds the bank")
LOT_BANK_NAMED = N_("{name} holds the bank")
BANK_MOVED = N_("The bank ({bank}) takes {took} and pays out {paid}")
BANK_NOTHING = N_("The bank ({bank}): no chips change hands")
BANK_PAYS = N_("The bank ({bank}) pays {name} {chips}")
PAYS_BANK = N_("{name} pays {chips} to the bank ({bank})")
BANK_WON = N_("{name} hands on the bank, {chips} up")
BANK_LOST = N_("{name} hands on the bank, {chips} down")
BANK_EVEN = N_("{name} hands on the bank, neither up nor down")
STAKES_BACK = N_("The stakes still standing go back to their owners")


def view(state: BankState, player: int | None) -> JSON:
    """The view every bank game shows (:meth:`BankState.view <wuerfel.games.kit.bank.BankState.view>`)."""
    v: JSON = {
        "game": state.game.id,
        "to_move": state.to_move(),
        "actors": list(state.actors()),
        "scores": list(state.ledger.players),
        "score_label": N_("Chips"),
        "banker": state.banker,
        "throws_done": state.throws_done,
        "bank_throws": state.rules.bank_throws,
        "banks_done": state.banks_done,
        "board": [list(b) for b in state.board],
        "pool": state.ledger.balance(BOARD),
    }
    if state.betting is not None:
        v["betting"] = state.betting.view(player, show=list)
    if state.is_terminal():
        v.update(state.result_view())
    if state.last:
        value, dice, net = state.last
        v["last"] = {"sum": value, "dice": list(dice), "net": list(net)}
    v["bank_sums"] = list(state.bank_sums)
    v["bank_net"] = state.bank_net
    if state.last_bank is not None:
        banker, sums, bank_net = state.last_bank
        v["last_bank"] = {"banker": banker, "sums": list(sums), "net": bank_net}
    return v


def result_view(state: BankState) -> JSON:
    """The result keys of a finished game's view (the Hasard convention: seats best first, flat, and the
    losers)."""
    return {"ranking": [p for g in state.ranking() for p in g], "losers": list(state.losers())}


def components(state: BankState, player: int | None) -> tuple[Component, ...]:
    """The board as the game lays it out with the chips lying on every field and the reader's own sealed
    stakes, the last throw, the bank and every seat's chips. Other punters' sealed stakes are not shown (not even
    that there are any)."""
    n = state.n
    lying: dict[int, list[int]] = {}
    for p, number, amount in state.board:
        lying.setdefault(number, [0] * n)[p] += amount
    own: dict[int, int] = {}
    if state.betting is not None and player is not None:
        for item in state.betting.items(player):
            number, amount = stake_of(item)
            own[number] = own.get(number, 0) + amount
    hit = state.hits(state.last[0]) if state.last else frozenset()
    spec = state.board_spec
    board = StakeBoard(
        tuple(
            StakeField(
                f.text(),
                tuple(lying.get(f.number, [0] * n)),
                number=f.number,
                group=f.group,
                hit=f.number in hit,
                own=own.get(f.number, 0),
            )
            for f in spec.fields
        ),
        label=Phrase(spec.label),
        layout=spec.layout,
    )
    deciding = set(state.betting.actors()) if state.betting is not None else set()
    net = state.last[2] if state.last else None
    seats = Seats(
        tuple(
            SeatLine(
                p,
                score=state.ledger.players[p],
                active=p in deciding,
                role=Phrase(N_("Bank")) if p == state.banker and state.started and not state.is_terminal() else None,
                note=(
                    Phrase(N_("is staking …"))
                    if p in deciding
                    # "keine weiteren Einsätze", what he said: true of a punter who staked nothing too
                    # ("has staked" was not, terminal L11), and it tells nothing of sealed stakes
                    else Phrase(N_("no more stakes"))
                    if state.betting is not None and p != state.banker
                    else (f"{net[p]:+d}" if net is not None and net[p] else None)
                ),
            )
            for p in range(n)
        ),
        label=Phrase(N_("Chips")),
    )
    goal = state.goal()
    out: list[Component] = [goal] if goal is not None else []
    if state.last:
        value, dice, _net = state.last
        out.append(Dice(tuple(dice), thrown=True, face="poker" if state.poker else "pips"))
        msg = state.throw_message(value, tuple(dice))
        if msg is not None:
            out.append(Message(msg))
    out.append(board)
    if state.started and not state.is_terminal():
        out.append(Counter(state.throws_done, target=state.rules.bank_throws, label=Phrase(N_("Throws of this bank"))))
    out.append(seats)
    return tuple(out)


def describe_outcome(state: BankState, outcome: Outcome, lang: str = "de", names: Sequence[str] = ()) -> str:
    """The dice (poker faces by name, plain dice with their sum), the void throw, the lot by the banker's name
    when known — and for a bank throw what it moved, so the move list explains every payment."""
    from wuerfel.engine.pokerdice import face_name

    if isinstance(outcome, Roll):
        if state.poker:
            label = " ".join(face_name(f, lang) for f in sorted(outcome.dice, reverse=True))
        else:
            faces = " + ".join(str(d) for d in outcome.dice)
            label = f"{faces} = {sum(outcome.dice)}" if len(outcome.dice) > 1 else faces
        return label
    if isinstance(outcome, Lot):
        if 0 <= outcome.seat < len(names):
            return translate(LOT_BANK_NAMED, lang, name=names[outcome.seat])
        return translate(LOT_BANK, lang, seat=outcome.seat + 1)
    if isinstance(outcome, Void):
        return translate(VOID_LABEL, lang)
    return outcome.kind


def announcements(state: BankState, event: Roll, after: BankState) -> tuple[Phrase, ...]:
    """What a bank throw moved, bank and punters named ("The bank (Anna) takes 2 and pays out 1", "The bank
    (Anna) pays Bert 2 chips"), and when the bank passes: how it did, the stakes that stood going back, the next
    holder. The stakes are on the board (public) when the bank throws, and so is everything it pays."""
    if not after.last:
        return ()
    net = after.last[2]
    bank = SeatRef(state.banker)
    took = sum(-x for p, x in enumerate(net) if p != state.banker and x < 0)
    paid = sum(x for p, x in enumerate(net) if p != state.banker and x > 0)
    moved = [p for p, x in enumerate(net) if p != state.banker and x]
    # One punter's line names the bank already; with several, the bank's sum comes first.
    out = (
        []
        if len(moved) == 1
        else [
            Phrase(BANK_MOVED, {"bank": bank, "took": took, "paid": paid})
            if moved
            else Phrase(BANK_NOTHING, {"bank": bank})
        ]
    )
    for p, x in enumerate(net):
        if p != state.banker and x > 0:
            out.append(Phrase(BANK_PAYS, {"bank": bank, "name": SeatRef(p), "chips": counts.chips(x)}))
        elif p != state.banker and x < 0:
            out.append(Phrase(PAYS_BANK, {"bank": bank, "name": SeatRef(p), "chips": counts.chips(-x)}))
    if after.last_bank is not None and after.last_bank != state.last_bank:
        banker, _sums, bank_net = after.last_bank
        out.append(
            Phrase(
                BANK_WON if bank_net > 0 else BANK_LOST if bank_net < 0 else BANK_EVEN,
                {"name": SeatRef(banker), "chips": counts.chips(abs(bank_net))},
            )
        )
        value = state.throw_value(event.dice)
        _ledger, standing = settle_board(
            state.ledger, state.board, state.banker, lambda number: state.verdict(number, value)
        )
        if standing:
            out.append(Phrase(STAKES_BACK))
        if not after.is_terminal():
            out.append(Phrase(HOLDS_BANK, {"name": SeatRef(after.banker)}))
    return tuple(out)


def parse_stake(text: str) -> Action:
    """ "3 auf 7" / "3 on 7" / "3 Chips auf 11" is a stake; "fertig", "done", "keine" end the stakes."""
    t = text.casefold().strip()
    if t in DONE_WORDS:
        return Done()
    m = re.fullmatch(r"(\d+)\s*(?:chips?)?\s*(?:auf|on|@)\s*(?:die\s+)?(\d+)", t)
    if m:
        return Stake(int(m.group(2)), int(m.group(1)))
    raise IllegalAction(N_('Type a stake as "3 auf 7" (chips on a number), or "fertig".'))


def field_name(state: BankState, number: int, lang: str) -> Any:
    """What the board writes on the field ``number`` ("unter 10"), in ``lang``; the number where it has no label."""
    for f in state.board_spec.fields:
        if f.number == number and f.label is not None:
            return resolve(f.label, lang)
    return number


def describe_action(state: BankState, action: Action, lang: str = "de") -> str | None:
    if isinstance(action, Stake):
        field = state.field_name(action.number, lang)
        if isinstance(action.amount, Amount) and action.amount.low < action.amount.high:
            return translate("1 to {max} chips on {number}", lang, max=action.amount.high, number=field)
        if isinstance(action.amount, Amount):  # one chip left under the limit: "1 Chip", not "1 bis 1 Chips"
            return state.describe_action(Stake(action.number, action.amount.low), lang)
        if action.amount == 1:
            return translate("1 chip on {number}", lang, number=field)
        return translate("{amount} chips on {number}", lang, amount=action.amount, number=field)
    if isinstance(action, Done):
        return translate("no more stakes", lang)
    return None
