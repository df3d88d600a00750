"""The rules of a table's seats and its life before and after the game: sitting down, leaving, bots, the start,
resigning, the rematch, muting a spectator, and who plays a seat whose person is away.

Each check raises :class:`~wuerfel.server.core.refusals.TableError` (code, message id, HTTP status) in the order the
server has always checked; the shell stores what was allowed and tells the table.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Sequence
from typing import Protocol

from wuerfel.engine.errors import N_
from wuerfel.server.core.refusals import TableError


class SeatLike(Protocol):
    """What the seating rules read of a seat (the store's ``SeatRow`` fits)."""

    @property
    def seat(self) -> int: ...

    @property
    def kind(self) -> str: ...  # "human", "bot" or "empty"

    @property
    def player_id(self) -> int | None: ...

    @property
    def bot(self) -> str | None: ...

    @property
    def guest(self) -> bool: ...


S = Sequence[SeatLike]


def seat_at(seats: S, seat: object) -> SeatLike:
    """The seat a request names: a whole number of a seat this table has."""
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(seats):
        raise TableError("bad_seat", N_("There is no seat {seat} at this table."), 422, seat=str(seat)[:10])
    return seats[seat]


def seats_of(seats: S, player_id: int | None) -> list[int]:
    """The seats a person holds at the table (none for a visitor without a name)."""
    if player_id is None:
        return []
    return [s.seat for s in seats if s.player_id == player_id and not s.bot]


def check_open(status: str) -> None:
    """Seats change only before the start."""
    if status != "open":
        raise TableError("already_started", N_("The game has already started."))


def check_host(player_id: int, host_id: int | None) -> None:
    if player_id != host_id:
        raise TableError("not_host", N_("Only the host of the table may do that."), 403)


def check_sit(seats: S, seat: SeatLike, player_id: int, registered: bool, host_id: int | None, rated: bool) -> None:
    """A person sits down in a free seat. Several seats are for the host's own table (hot-seat, one phone at a
    real table); anyone else filling every free seat would block the table. A rated table seats registered players
    only, each once (a rating belongs to one person playing one seat; a guest has no rating to keep)."""
    if seat.kind != "empty":
        raise TableError("seat_taken", N_("That seat is taken."))
    held = bool(seats_of(seats, player_id))
    if player_id != host_id and held:
        raise TableError("one_seat", N_("You already have a seat at this table."))
    if rated:
        if not registered:
            raise TableError("rated_guest", N_("Only registered players can play at a rated table."))
        if held:
            raise TableError("one_seat", N_("You already have a seat at this table."))


def check_leave(seat: SeatLike, player_id: int, host_id: int | None) -> str:
    """A person leaves his seat, or the host clears anyone's before the start (someone who joined and went away);
    returns the message id that says so."""
    if seat.kind != "human" or (seat.player_id != player_id and player_id != host_id):
        raise TableError("not_seated", N_("You are not sitting in that seat."))
    return N_("{name} left seat {n}.") if seat.player_id == player_id else N_("The host removed {name} from seat {n}.")


def check_bot(seat: SeatLike, bot: object, known: Sequence[str]) -> str:
    """The host puts a bot (one of the game's ``known`` kinds) into a seat that no person holds; returns its kind."""
    if not isinstance(bot, str) or bot not in known:
        raise TableError(
            "bad_request", N_("Unknown bot '{name}'. Known: {known}"), 422, name=str(bot)[:40], known=", ".join(known)
        )
    if seat.kind == "human":
        raise TableError("seat_taken", N_("That seat is taken."))
    return bot


def check_start(seats: S, rated: bool) -> None:
    """Every seat taken; at a rated table only registered players, each in one seat."""
    if any(s.kind == "empty" for s in seats):
        raise TableError("not_ready", N_("Every seat must be taken before the game can start."))
    if rated:
        people = [s.player_id for s in seats if s.kind == "human"]
        if any(s.guest for s in seats if s.kind == "human") or len(set(people)) != len(people):
            raise TableError("rated_guest", N_("Only registered players can play at a rated table."))


def check_resign(seat: SeatLike, player_id: int) -> None:
    """Only the person sitting in a seat resigns it — not the host for somebody else, and not for a bot."""
    if seat.kind != "human" or seat.player_id != player_id:
        raise TableError("not_seated", N_("You are not sitting in that seat."))


def check_rematch(status: str, seated: bool) -> None:
    """A rematch is asked for by a player of a finished table."""
    if status != "finished":
        raise TableError("not_finished", N_("The game is not finished yet."))
    if not seated:
        raise TableError("not_seated", N_("Only the players of this table can ask for a rematch."))


def check_mute_request(target: object, muted: object) -> None:
    """The request's form: a player id and true or false."""
    if isinstance(target, bool) or not isinstance(target, int) or not isinstance(muted, bool):
        raise TableError("bad_request", N_("'player_id' must be a whole number and 'muted' true or false."), 422)


def check_mute(seats: S, player_id: int, host_id: int | None, target: int) -> None:
    """Only the host mutes, and only a spectator: a player at the table is part of the game and may always
    speak."""
    check_host(player_id, host_id)
    if any(s.player_id == target for s in seats):
        raise TableError("not_spectator", N_("Only a spectator can be muted."))


def standin_kind(known: Collection[str], rated: bool, default_bot: str) -> str:
    """The bot that plays a person's seat while he is away: the game's rule-of-thumb bot when it has one (made at
    once, plays sensibly), else its default bot, else the random bot.

    At a rated table never an exact bot: the game is rated as the person's, so in a game whose only bot is
    ``optimal`` or ``best`` letting the clock run out would hand his seat to perfect play and pay in rating. There
    the stand-in is the random bot: walking away does not pay."""
    kinds = ("heuristic",) if rated else ("heuristic", default_bot)
    return next((kind for kind in kinds if kind in known), "random")


def bot_numbers(seats: S) -> dict[int, int]:
    """Seat → the number of its bot among the table's bots of the same kind (1, 2 … in seat order), for every kind
    that sits at the table more than once.

    Two bots of one kind would otherwise both be "Computer (heuristic)" on the scoreboard, in the move log and in the
    replay, and nobody could tell whose turn it was. A lone bot keeps its plain name. The numbers follow from the
    seating alone (nothing is stored), so the lobby, the table and the replay agree, tables created before the
    numbers existed get them too, and once a game has started — its seats never change again — they are fixed."""
    kinds = Counter(s.bot for s in seats if s.bot)
    seen: Counter[str] = Counter()
    out: dict[int, int] = {}
    for s in sorted(seats, key=lambda s: s.seat):
        if s.bot and kinds[s.bot] > 1:
            seen[s.bot] += 1
            out[s.seat] = seen[s.bot]
    return out
