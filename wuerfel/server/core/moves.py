"""The checks of a request to move or throw, before the game sees it (protocol: ``action``, ``throw``, ``outcome``).

Each check raises :class:`~wuerfel.server.core.refusals.TableError` with the code the client is told, in the order
the server has always checked them, so a request breaking two rules is refused for the same one as before. The
game's own legality (``IllegalAction``) is the engine's; these are the table's rules around it: whose seat, whose
turn, and whether the client saw the table as it is now (``expected_seq`` in his own numbering, see
:mod:`.readers`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from wuerfel.engine.errors import N_
from wuerfel.server.core.refusals import TableError

STALE = N_("The table has moved on; here is the current state.")
BAD_MESSAGE = N_("The message must be an object with 'action', 'outcome' or 'throw', and 'expected_seq'.")
"""A malformed request (the same message id as :data:`wuerfel.server.messages.BAD_MESSAGE`, which the shell's
parsing sends)."""


def check_playing(started: bool, over: bool) -> None:
    """Only a running game takes moves."""
    if not started:
        raise TableError("not_started", N_("The game has not started yet."))
    if over:
        raise TableError("game_over", N_("The game is over."))


def check_own_seat(mine: Sequence[int], seat: int | None) -> None:
    """The request comes from a seat of the sender's (the one he names, if he names one)."""
    if not mine or (seat is not None and seat not in mine):
        raise TableError("not_your_seat", N_("That is not your seat."))


def check_fresh(expected: int, reader_seq: int) -> None:
    """The client saw the table as it is: ``expected_seq`` is his ``seq`` now."""
    if expected != reader_seq:
        raise TableError("stale_seq", STALE)


def moving_seat(mine: Sequence[int], seat: int | None, actors: Sequence[int], want_seat: int | None) -> int:
    """The seat a move is made in: the one named, or — a person holding several seats who names none — the seat his
    page shows (``want_seat``) if it is to act, else his first seat that is. Raises ``not_your_turn``."""
    if seat is None:
        acting = [s for s in mine if s in actors]
        if not acting:
            raise TableError("not_your_turn", N_("It is not your turn."))
        return want_seat if want_seat in acting else acting[0]
    if seat not in actors:
        raise TableError("not_your_turn", N_("It is not your turn."))
    return seat


def check_throw_request(scorekeeper: bool) -> None:
    """At a scorekeeper table the dice are entered, nobody asks the server to throw."""
    if scorekeeper:
        raise TableError("manual_dice", N_("At this table the dice are thrown by hand: enter what fell."))


def check_throw_due(mine: Sequence[int], seat: int | None, due: int | None, label: Callable[[int], str]) -> None:
    """A person's request for his throw: refused when no person's throw is due (nobody's throw falls by itself, a
    bot throws after its pause, at a decision node there is nothing to throw) and when it is another seat's throw
    (``label`` names that seat in the sender's language)."""
    if due is None:
        raise TableError("not_your_throw", N_("No dice are to be thrown now."))
    if due not in mine or (seat is not None and seat != due):
        raise TableError("not_your_throw", N_("It is {name}'s throw, not yours."), name=label(due))


def check_typed_throw(scorekeeper: bool, seated: bool, expected: int, reader_seq: int) -> None:
    """Dice typed in (``outcome``): only at a scorekeeper table, by somebody seated there, seeing the table as it
    is."""
    if not scorekeeper:
        raise TableError("not_scorekeeper", N_("At this table the server throws the dice."))
    if not seated:
        raise TableError("not_your_seat", N_("That is not your seat."))
    check_fresh(expected, reader_seq)
