"""The table tells what happened: the lines every front end writes under an event of the move list.

An event's own label says what was done ("3 5 6", "stop with 69 points"); what it brought about — the round it
ended and who won it, the throw-off it started, the Bierdeckel, the chips that moved, the next bank — is the game's
to say (:meth:`~wuerfel.engine.game.State.announcements`). The live move list, the replay and the terminal all ask
through :func:`announce` and translate with :func:`texts`, so the three read the same; the thrower of a throw is
named by :func:`thrower_of`, and the events a reveal makes public (stakes uncovered, a cup lifted) by
:meth:`wuerfel.engine.record.EventViews.uncovered`.

Also here: :func:`seat_list` ("Anna, Bert und Carla") and the sentences the kit's games share, so that a round, a
throw-off or a payment is told in the same words in every game.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from wuerfel.engine.components import Phrase, SeatRef, resolve
from wuerfel.engine.counts import chips
from wuerfel.engine.errors import N_
from wuerfel.engine.game import Action, Outcome, State


def _log_failure(message: str, event: object) -> None:
    """Log a narration failure; ``logging`` is imported only then, because it pulls ``threading`` onto the play path
    of every bot process (``tests/test_play_path_imports.py``)."""
    import logging

    logging.getLogger(__name__).exception(message, event)


LIST_TWO = N_("{a} and {b}")
LIST_MORE = N_("{first}, {rest}")

THROW_OFF_FIRST = N_("{names} are level for first place: they throw off")
THROW_OFF_LAST = N_("{names} are level for last place: they throw off")
THROW_OFF_AGAIN = N_("{names} are level again: another throw-off")
ROUND_WON = N_("{name} wins round {k}")
ROUND_SHARED = N_("{names} share round {k}")
NEW_ROUND = N_("Round {k} begins; {name} starts")
GAME_WON = N_("{name} wins the game")
GAME_SHARED = N_("{names} share the win")
LOST = N_("{names} has lost the game")
LOST_MANY = N_("{names} have lost the game")
TURN_RESULT = N_("{name}: {result}")
PAYS = N_("{payer} pays {chips} to {payee}")
GAINS = N_("{name} wins {chips}")
LOSES = N_("{name} loses {chips}")
PAYS_POT = N_("{name} pays {chips} into the pot")
TAKES_POT = N_("{name} takes the pot: {chips}")
TAKES_FROM_POT = N_("{name} takes {chips} from the pot")
HOLDS_BANK = N_("{name} now holds the bank")
ANTES_ALL = N_("Everybody pays {chips} into the pot")


def seat_list(seats: Sequence[int]) -> Phrase | SeatRef:
    """Seats as one text: "Anna", "Anna and Bert", "Anna, Bert and Carla" (in the reader's language, by name)."""
    refs = [SeatRef(s) for s in seats]
    if len(refs) == 1:
        return refs[0]
    out: Phrase | SeatRef = Phrase(LIST_TWO, {"a": refs[-2], "b": refs[-1]})
    for r in reversed(refs[:-2]):
        out = Phrase(LIST_MORE, {"first": r, "rest": out})
    return out


def throw_off(tied: Sequence[int], first: bool, again: bool = False) -> Phrase:
    """A throw-off begins among ``tied``: for first place (``first``) or for last; ``again``: they tied in the
    throw-off before."""
    msgid = THROW_OFF_AGAIN if again else THROW_OFF_FIRST if first else THROW_OFF_LAST
    return Phrase(msgid, {"names": seat_list(tied)})


def won(seats: Sequence[int], round_no: int | None = None) -> Phrase:
    """Who won round ``round_no`` (1-based), or the game (None); several seats share it."""
    if round_no is None:
        return (
            Phrase(GAME_WON, {"name": SeatRef(seats[0])})
            if len(seats) == 1
            else Phrase(GAME_SHARED, {"names": seat_list(seats)})
        )
    if len(seats) == 1:
        return Phrase(ROUND_WON, {"name": SeatRef(seats[0]), "k": round_no})
    return Phrase(ROUND_SHARED, {"names": seat_list(seats), "k": round_no})


def ending(after: State) -> list[Phrase]:
    """The end of a game in words (who won, who lost where the game names a loser); nothing before the end."""
    if not after.is_terminal():
        return []
    out: list[Phrase] = []
    winners = after.winners()
    if winners:
        out.append(won(winners))
    losers = [p for p in after.losers() if p not in winners]
    if losers:
        out.append(Phrase(LOST if len(losers) == 1 else LOST_MANY, {"names": seat_list(losers)}))
    return out


def settlement(after: State) -> list[Phrase]:
    """Who pays whom at the end of a game whose chips are settled then (:meth:`State.payoffs`): each payer to the
    one winner, or the one payer to each winner; otherwise every seat's gain or loss. Nothing before the end."""
    pay = after.payoffs() if after.is_terminal() else None
    if not pay or not any(pay):
        return []
    gain = [p for p, x in enumerate(pay) if x > 0]
    loss = [p for p, x in enumerate(pay) if x < 0]
    if len(gain) == 1:
        return [pays(p, gain[0], -pay[p]) for p in loss]
    if len(loss) == 1:
        return [pays(loss[0], p, pay[p]) for p in gain]
    return [
        Phrase(GAINS if x > 0 else LOSES, {"name": SeatRef(p), "chips": chips(abs(x))}) for p, x in enumerate(pay) if x
    ]


def pays(payer: int, payee: int, amount: int) -> Phrase:
    """``payer`` pays ``amount`` chips to ``payee``."""
    return Phrase(PAYS, {"payer": SeatRef(payer), "payee": SeatRef(payee), "chips": chips(amount)})


def thrower_of(before: State, event: Action | Outcome) -> int | None:
    """The seat whose throw a chance event was (None: a move, or nobody's outcome such as the lot)."""
    if not isinstance(event, Outcome):
        return None
    try:
        seat = before.thrower()
    except Exception:  # a state that cannot say must not stop a move list
        _log_failure("no thrower for %r", event)
        return None
    n = before.game.num_players
    return seat if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < n else None


def announce(before: State, event: Action | Outcome, player: int | None, after: State) -> tuple[Phrase, ...]:
    """The game's announcements of an event (:meth:`State.announcements`); a game that fails to make them loses
    its lines, never the table (logged)."""
    try:
        return tuple(before.announcements(event, player, after))
    except Exception:
        _log_failure("no announcements for %r", event)
        return ()


def texts(lines: Sequence[Any], lang: str, names: Sequence[str] = ()) -> list[str]:
    """The lines in ``lang``, seats by the names the front end shows."""
    return [str(resolve(line, lang, names)) for line in lines]
