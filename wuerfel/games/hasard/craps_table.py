"""What the Craps table shows and says (the table side of :mod:`wuerfel.games.hasard.craps`): the view, the table's
components with the goal line first, what is announced after a move (shares covered, the point, how a game ended,
the next maker), the move list's words for naming, bids, throws and the lot, and the reading of a typed move.

Each is a function of the state; :class:`~wuerfel.games.hasard.craps.CrapsState`'s methods of the same names call
them. Apart from the game because the words and the layout change without the rules and the rules without them;
the state is named here only for the type checker, so the game imports this module and not the other way round.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

from wuerfel.engine import counts, narration
from wuerfel.engine.components import Chips, Component, Dice, Goal, Message, Phrase, SeatLine, SeatRef, Seats
from wuerfel.engine.errors import N_, IllegalAction
from wuerfel.engine.game import JSON, Action, Amount, Outcome, Roll
from wuerfel.games.hasard.craps_chances import maker_win, percent_params
from wuerfel.games.hasard.craps_moves import Cover, Name
from wuerfel.games.kit.lot import Lot
from wuerfel.games.kit.void import VOID_LABEL, Void
from wuerfel.i18n import translate

if TYPE_CHECKING:
    from wuerfel.games.hasard.craps import CrapsState

LOT_MAKER = N_("seat {seat} is the first maker")
LOT_MAKER_NAMED = N_("{name} is the first maker")
COVERS = N_("{name} covers {chips}")
POINT_SET = N_("The point is {point}: {name} wins if it comes again before the {number}")
MAKER_WINS = N_("{name} wins the game and takes the pot: {chips}")
MAKER_LOSES = N_("The {number} came first: {name} loses the stake")
PASSED_OVER = N_("{name} is passed over as maker: no chips to stake or to cover.")
NEXT_MAKER = N_("{name} is the maker now")


def view(state: CrapsState, player: int | None) -> JSON:
    v: JSON = {
        "game": "craps",
        "to_move": state.to_move(),
        "phase": state.phase,
        "scores": list(state.ledger.players),
        "score_label": N_("Chips"),
        "maker": state.maker,
        "games_done": state.games_done,
        "pot": state.ledger.pot,
        "number": state.number,
        "stake": state.stake,
        "shares": [list(s) for s in state.shares],
        "point": state.point,
        "dice": list(state.dice),
        "throws": state.throws,
        "passed_over": list(state.passed_over),
    }
    if state.number:
        v["maker_chance"] = str(maker_win(state.number))
    if state.last_game is not None:
        maker, number, stake, point, won, shares = state.last_game
        v["last_game"] = {
            "maker": maker,
            "number": number,
            "stake": stake,
            "point": point,
            "won": won,
            "shares": [list(s) for s in shares],
        }
    if state.phase == "over":
        v["ranking"] = [p for g in state.ranking() for p in g]
        v["losers"] = list(state.losers())
    return v


def components(state: CrapsState, player: int | None) -> tuple[Component, ...]:
    """The goal line, every seat's chips with the maker marked and each opponent's share, the pot, the last
    throw, the number, the point and the maker's exact chance, and how the last game ended."""
    share = dict(state.shares)
    playing = state.phase in ("cover", "first", "repeat")
    actors = set(state.actors())
    seats = Seats(
        tuple(
            SeatLine(
                p,
                score=state.ledger.players[p],
                active=p in actors or p == state.thrower(),
                role=Phrase(N_("Maker")) if p == state.maker and state.phase not in ("lot", "over") else None,
                note=Phrase(N_("covers {n}"), {"n": share[p]}) if playing and p in share else None,
            )
            for p in range(state.n)
        ),
        label=Phrase(N_("Chips")),
    )
    out: list[Component] = [state.goal(), seats, Chips((), state.ledger.pot, Phrase(N_("Pot")))]
    if state.dice and state.phase in ("first", "repeat"):
        out.append(Dice(state.dice, thrown=True, seat=state.maker, key="dice"))
    if state.phase == "name":
        out.append(
            Message(
                Phrase(
                    N_("{name} is the maker: names a number from 2 to 12 and a stake (up to {max} chips)."),
                    {"name": SeatRef(state.maker), "max": state.stake_cap()},
                ),
                key="name",
            )
        )
    if playing:
        named = N_("{name} named {number}, stake {stake}; chance to win: {whole}.{decimals} %.")
        out.append(
            Message(
                Phrase(
                    named,
                    {
                        "name": SeatRef(state.maker),
                        "number": state.number,
                        "stake": state.stake,
                        **percent_params(maker_win(state.number)),
                    },
                ),
                key="named",
            )
        )
    bidder = state.bidder()
    if bidder is not None:
        out.append(
            Message(
                Phrase(
                    N_("{covered} of {stake} covered; {name} bids next."),
                    {"covered": state.covered(), "stake": counts.chips(state.stake), "name": SeatRef(bidder)},
                ),
                key="cover",
            )
        )
    if state.phase == "repeat":
        out.append(
            Message(
                Phrase(
                    N_("Point {point}: it wins for the maker, {number} loses."),
                    {"point": state.point, "number": state.number},
                ),
                key="point",
            )
        )
    if state.last_game is not None and state.phase != "cover":
        maker, number, stake, point, won, _shares = state.last_game
        if won:
            text = (
                N_("Last game: {name} named {number} and won 1 chip.")
                if stake == 1
                else N_("Last game: {name} named {number} and won {stake} chips.")
            )
        else:
            text = (
                N_("Last game: {name} named {number}, the point was {point}: 1 chip lost.")
                if stake == 1
                else N_("Last game: {name} named {number}, the point was {point}: {stake} chips lost.")
            )
        out.append(
            Message(
                Phrase(text, {"name": SeatRef(maker), "number": number, "stake": stake, "point": point}),
                key="last_game",
            )
        )
    for p in state.passed_over:
        out.append(
            Message(
                Phrase(N_("{name} is passed over as maker: no chips to stake or to cover."), {"name": SeatRef(p)}),
                key=f"passed:{p}",
            )
        )
    if state.phase == "over":
        out.append(Message(Phrase(N_("The game is over.")), key="over"))
    return tuple(out)


def goal(state: CrapsState) -> Goal:
    """Issue 24: what decides a game, first on the felt, and which game of the session is playing."""
    text = Phrase(N_("The maker wins with his number at once, or with his point before his number"))
    if state.phase in ("lot", "over"):
        return Goal(text)
    return Goal(
        text,
        Phrase(N_("Game {game} of {games}"), {"game": state.games_done + 1, "games": state.rules.rounds * state.n}),
    )


# --- words ----------------------------------------------------------------------------------------------
def announcements(state: CrapsState, event: Action | Outcome, after: CrapsState) -> tuple[Phrase, ...]:
    """Shares covered without a question (equal shares, the one amount left), the point, how a game ended and
    who took what from the pot, makers passed over and the next maker. Every chip on the table is public. (Asked
    only after the lot: the state's method answers nothing before.)"""
    out: list[Phrase] = []
    made = 1 if isinstance(event, Cover) else 0  # the bidder's own share is his move's label
    for seat, amount in after.shares[len(state.shares) + made :] if after.phase != "name" else ():
        out.append(Phrase(COVERS, {"name": SeatRef(seat), "chips": counts.chips(amount)}))
    if isinstance(event, Roll) and state.phase == "first" and after.phase == "repeat":
        out.append(Phrase(POINT_SET, {"point": after.point, "name": SeatRef(state.maker), "number": state.number}))
    if after.last_game is not None and after.last_game != state.last_game:
        maker, number, stake, _point, won, shares = after.last_game
        if won:
            pot = stake + sum(a for _, a in shares)
            out.append(Phrase(MAKER_WINS, {"name": SeatRef(maker), "chips": counts.chips(pot)}))
        else:
            out.append(Phrase(MAKER_LOSES, {"name": SeatRef(maker), "number": number}))
            out.extend(
                Phrase(narration.TAKES_FROM_POT, {"name": SeatRef(p), "chips": counts.chips(2 * a)})
                for p, a in shares
                if a
            )
    if after.passed_over != state.passed_over:
        out.extend(Phrase(PASSED_OVER, {"name": SeatRef(p)}) for p in after.passed_over)
    if after.phase == "name" and (after.maker != state.maker or after.games_done != state.games_done):
        out.append(Phrase(NEXT_MAKER, {"name": SeatRef(after.maker)}))
    return tuple(out)


def parse_action_text(state: CrapsState, text: str) -> Action:
    """ "5 auf 12" / "5 on 12" names 12 with a stake of 5; a bid is a number ("3", "3 Chips")."""
    t = text.casefold().strip()
    if state.phase == "cover":
        m = re.fullmatch(r"(\d+)\s*(?:chips?)?", t)
        if m:
            return Cover(int(m.group(1)))
        raise IllegalAction(N_('Type your share as a number of chips, "3".'))
    m = re.fullmatch(r"(\d+)\s*(?:chips?)?\s*(?:auf|on|@)\s*(?:die\s+)?(\d+)", t)
    if m:
        return Name(int(m.group(2)), int(m.group(1)))
    raise IllegalAction(N_('Type a stake and a number as "5 auf 12" (5 chips on 12).'))


def describe_action(action: Action, lang: str = "de") -> str | None:
    """Naming and bids in the move list; None: the engine's words."""
    if isinstance(action, Name):
        if isinstance(action.stake, Amount):
            return translate(
                "names {number} (stake 1 to {max} chips)", lang, number=action.number, max=action.stake.high
            )
        if action.stake == 1:
            return translate("names {number} for 1 chip", lang, number=action.number)
        return translate("names {number} for {stake} chips", lang, number=action.number, stake=action.stake)
    if isinstance(action, Cover):
        if isinstance(action.amount, Amount):
            return translate("covers {low} to {high} chips", lang, low=action.amount.low, high=action.amount.high)
        if action.amount == 1:
            return translate("covers 1 chip", lang)
        return translate("covers {n} chips", lang, n=action.amount)
    return None


def describe_outcome(outcome: Outcome, lang: str = "de", names: Sequence[str] = ()) -> str | None:
    """A throw as its sum, the lot by the first maker's name, a void throw; None: the engine's words."""
    if isinstance(outcome, Roll):
        return " + ".join(str(d) for d in outcome.dice) + f" = {sum(outcome.dice)}"
    if isinstance(outcome, Lot):
        if 0 <= outcome.seat < len(names):
            return translate(LOT_MAKER_NAMED, lang, name=names[outcome.seat])
        return translate(LOT_MAKER, lang, seat=outcome.seat + 1)
    if isinstance(outcome, Void):
        return translate(VOID_LABEL, lang)
    return None
