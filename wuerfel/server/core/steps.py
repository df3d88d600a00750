"""The table state machine's vocabulary (issue 25 §1): the commands a table takes, the effects it asks for, and the
step — one command's whole answer — as values.

A command is what somebody or something asks of the table: a person's move, typed throw or throw request, a chat
line, a clock's expiry, a bot's move, the throws the server still owes after a restart. The table
(:class:`~wuerfel.server.core.table.TableCore`) answers each with a :class:`Step`: the events to store with what each
seat is shown of them, the table's new status and deadline, and the effects to run once the store took them. The
shell stores the step, tells the core it counts (or that it was refused, and memory goes back), and runs the
effects: it never decides anything the step does not say.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
from collections.abc import Callable, Hashable, Mapping
from typing import TYPE_CHECKING, Any

from wuerfel.engine.game import Action, Outcome, State
from wuerfel.engine.record import Event, Match, Statement
from wuerfel.server.core.effects import ArmTimer, CancelTimer, TimerKind
from wuerfel.server.core.refusals import TableError

if TYPE_CHECKING:
    from wuerfel.server.core.admission import Limits

Proof = dict[str, Any] | None
"""The public proof of a server's throw (provably fair dice), or None for a throw without one."""

Dice = Callable[[Match, "str | None"], tuple[Outcome, Proof]]
"""The server's throw at the match's chance node, given the mover's fresh seed (``tap``) if he sent one: the core
has no chance of its own, so the shell injects it (provably fair dice) and a test a seeded one. A proof carries
``next``, the commitment of the throw after it, when the dice announce one."""


@dataclasses.dataclass(frozen=True)
class Now:
    """The time a command is handled at: ``mono`` on the shell's monotonic clock (the timers'), ``wall`` as Unix
    time (what clients are told and deadlines are stored in)."""

    mono: float
    wall: float

    @property
    def utc(self) -> dt.datetime:
        """``wall`` as an aware datetime (the store's deadlines)."""
        return dt.datetime.fromtimestamp(self.wall, dt.UTC)


# --- commands -------------------------------------------------------------------------------------------------
@dataclasses.dataclass(frozen=True)
class Move:
    """A person's move: ``player_seats`` are his seats at the table, ``seat`` the one he names (None: the one his
    page shows, ``want_seat``, if it is to act, else his first acting seat), ``action`` its JSON form,
    ``expected`` his ``seq`` as he saw the table, ``tap`` a fresh seed mixed into the throw his move makes fall."""

    player_seats: tuple[int, ...]
    seat: int | None
    action: Any
    expected: int
    tap: str | None = None
    want_seat: int | None = None


@dataclasses.dataclass(frozen=True)
class TypedThrow:
    """Dice typed in at a scorekeeper table (``outcome``: faces as text, or the outcome's JSON form)."""

    player_seats: tuple[int, ...]
    outcome: Any
    expected: int


@dataclasses.dataclass(frozen=True)
class AskThrow:
    """A person asks for his throw ("Würfeln"). ``label`` names a seat in his language (for the refusal that says
    whose throw it is)."""

    player_seats: tuple[int, ...]
    seat: int | None
    expected: int
    tap: str | None = None
    label: Callable[[int], str] = str


@dataclasses.dataclass(frozen=True)
class Expire:
    """A timer of ``kind`` armed for the node at ``seq`` fired (:class:`~wuerfel.server.core.effects.ArmTimer`): a
    timer that outlived its node does nothing."""

    kind: TimerKind
    seq: int


@dataclasses.dataclass(frozen=True)
class BotMove:
    """A bot (or a stand-in) plays ``seat``: ``action`` chosen by it, or None for its own throw."""

    seat: int
    action: Action | None


@dataclasses.dataclass(frozen=True)
class Resume:
    """After a restart: the throws the server owed when it stopped (nobody's throws)."""


@dataclasses.dataclass(frozen=True)
class Chat:
    """A chat line (the message as sent) from a person: ``player_id`` (None: no name), his seats, whether the host
    muted him."""

    message: Mapping[str, Any]
    player_id: int | None
    player_seats: tuple[int, ...]
    muted: bool = False


@dataclasses.dataclass(frozen=True)
class Resign:
    """A person gives up in ``seat`` (as the request names it): the game ends with that seat last."""

    player_id: int
    seat: object


@dataclasses.dataclass(frozen=True)
class Sit:
    """A person sits down in ``seat`` (as the request names it) before the start: ``registered`` false for a
    guest (a rated table refuses him), ``name`` the one the seat shows."""

    player_id: int
    name: str
    registered: bool
    seat: object


@dataclasses.dataclass(frozen=True)
class LeaveSeat:
    """A person leaves ``seat`` before the start, or the host clears anyone's."""

    player_id: int
    seat: object


@dataclasses.dataclass(frozen=True)
class SeatBot:
    """The host puts a bot of kind ``bot`` into ``seat`` (None: takes the bot out of it); ``known``: the game's bot
    kinds (the shell's knowledge of the bots, passed in: the core makes none)."""

    player_id: int
    seat: object
    bot: object
    known: tuple[str, ...] = ()


@dataclasses.dataclass(frozen=True)
class Mute:
    """The host mutes the spectator ``target`` (``muted`` true) or lets him write again; both as the request sent
    them (the core checks their form)."""

    player_id: int
    target: object
    muted: object


@dataclasses.dataclass(frozen=True)
class Start:
    """The host starts the game. The match is made of the table's game and rule set with ``rules`` (the option
    tree the game reads), ``players`` (the names its record gives the seats) and ``meta`` (the record's meta: the
    table, the seats' kinds and the dice data the shell fixed with the seats' seeds); the shell knows the games."""

    player_id: int
    players: tuple[str, ...]
    rules: Any
    meta: Mapping[str, Any]


@dataclasses.dataclass(frozen=True)
class Rematch:
    """A player of the finished table asks for a rematch; ``registered`` false for a guest (his seats at the new
    table say so)."""

    player_id: int
    registered: bool


@dataclasses.dataclass(frozen=True)
class ComeBack:
    """A person whose seats a stand-in plays is back (he joined, moved, or said so): every such seat is his again."""

    player_id: int


@dataclasses.dataclass(frozen=True)
class StandIn:
    """The table's clock ran out for ``seats`` (``why``: ``timeout``) or their guest left for good (``abandoned``):
    as the table was set up, a stand-in bot of ``kind`` (the shell's choice, it knows the bots) plays each seat
    until its person is back, or the first of them loses the game."""

    seats: tuple[int, ...]
    why: str
    kind: str


@dataclasses.dataclass(frozen=True)
class Join:
    """A connection arrives: ``conn`` is the shell's key for it (kept, never read), its person ``player_id`` with
    ``name`` (None: a visitor without a name), ``since`` the ``seq`` his page last read (None: none), ``address``
    the client address it was admitted from (:class:`Admit`; the limit of anonymous windows per address counts it).
    A person whose seats a stand-in plays is back (as with :class:`ComeBack`); the others hear who is here now."""

    conn: Hashable
    player_id: int | None = None
    name: str = ""
    since: int | None = None
    address: str | None = None


@dataclasses.dataclass(frozen=True)
class Admit:
    """A connection asks in, before it joins (:mod:`.admission`): ``conn`` the shell's key for it, its person
    ``player_id`` (None: no account), its client ``address``, and ``sockets``: the address's open websockets with
    this one counted in, in all workers together (as the shell counted them: the shared facts, or its own count when
    those are away). ``limits``: the server's limits."""

    conn: Hashable
    player_id: int | None
    address: str
    sockets: int
    limits: Limits


@dataclasses.dataclass(frozen=True)
class Leave:
    """The connection ``conn`` is gone (closed, dropped, or the page left): the others hear who is here now."""

    conn: Hashable


@dataclasses.dataclass(frozen=True)
class Logout:
    """A guest logged out: he can never come back (a guest has no password), so his seats are handled like an
    expired clock — before the start he leaves them, in a running game the table's setting decides (a stand-in for
    good, or the forfeit); a scorekeeper table (one phone at a real table) goes on as it is."""

    player_id: int


Command = (
    Move
    | TypedThrow
    | AskThrow
    | Expire
    | BotMove
    | Resume
    | Chat
    | Resign
    | Sit
    | LeaveSeat
    | SeatBot
    | Mute
    | Start
    | Rematch
    | ComeBack
    | StandIn
    | Join
    | Leave
    | Logout
    | Admit
)


# --- effects --------------------------------------------------------------------------------------------------
Reader = int | None
"""A seat, or None for a spectator."""


@dataclasses.dataclass(frozen=True)
class Broadcast:
    """Tell every reader the new state. ``told``: per seat (None: the spectators) the log positions of the step's
    events it is told of (in full or redacted); a reader told of none hears nothing (a sealed stake)."""

    told: Mapping[Reader, tuple[int, ...]]


@dataclasses.dataclass(frozen=True)
class Send:
    """A message for one reader only: ``what`` (``chat``: the accepted line of :attr:`Step.chat`)."""

    to: Reader | str
    what: str


@dataclasses.dataclass(frozen=True)
class AskBot:
    """A bot (or stand-in) is to play ``seat`` at the node ``seq``: ask it (after its pause)."""

    seat: int
    seq: int


@dataclasses.dataclass(frozen=True)
class TimeUp:
    """The table's clock ran out for ``seats``: the table's setting decides (a stand-in, or the game lost)."""

    seats: tuple[int, ...]
    why: str = "timeout"


@dataclasses.dataclass(frozen=True)
class Refuse:
    """The command is refused and changed nothing. ``back_to``: after a stale ``expected_seq``, the log position his
    next state message goes on from (None: his position stays)."""

    error: TableError
    back_to: int | None = None


@dataclasses.dataclass(frozen=True)
class TellTable:
    """Tell every reader the new seating (the ``table`` message) with a note in words, ``msgid`` with ``name`` and
    ``n`` (the seat's number): ``seat``'s name as it was before the change (``named_before``: who left) or is
    after it (who came); ``seat`` None names the step's muted player."""

    msgid: str
    seat: int | None
    named_before: bool = False


@dataclasses.dataclass(frozen=True)
class TellPresence:
    """Tell every reader who is here (the seats' people, the spectators) when that is not what they were told
    (:meth:`~.presence.Here.news`); ``again``: even if it is (a spectator's ``muted`` changed); ``skip``: not the
    connection that just arrived (it reads who is here in its first message)."""

    again: bool = False
    skip: Hashable | None = None


@dataclasses.dataclass(frozen=True)
class Welcome:
    """What the arriving connection ``conn`` is sent first: before the start (``at`` None) the table, its seating
    and the chat so far; else its view of the state (its seats', or a spectator's) with every event from log
    position ``at`` on. ``back``: with the note that he plays his seats again (once the step's
    :attr:`Step.standins` are stored)."""

    conn: Hashable
    at: int | None
    back: bool = False


@dataclasses.dataclass(frozen=True)
class Admitted:
    """The connection ``conn`` may come in: the shell keeps the count it took for ``address`` until it is gone."""

    conn: Hashable
    address: str


@dataclasses.dataclass(frozen=True)
class Uncount:
    """The connection ``conn`` was refused: the count the shell took for ``address`` goes back."""

    conn: Hashable
    address: str


Effect = (
    ArmTimer
    | CancelTimer
    | Broadcast
    | Send
    | AskBot
    | TimeUp
    | Refuse
    | TellTable
    | TellPresence
    | Welcome
    | Admitted
    | Uncount
)


@dataclasses.dataclass(frozen=True)
class SeatChange:
    """A seat's new occupant, to be stored (the store's ``SeatRow`` fields; all None: the seat is empty again)."""

    seat: int
    player_id: int | None = None
    bot: str | None = None
    name: str | None = None
    guest: bool = False


@dataclasses.dataclass(frozen=True)
class NewEvent:
    """An event of the step, to be stored at log position ``index`` (row ``seq`` ``index + 1``): with the game's
    statement of what each seat is shown of it, the state it was applied to, and its Action/Outcome value."""

    index: int
    event: Event
    statement: Statement
    before: State
    obj: Any


@dataclasses.dataclass(frozen=True)
class Step:
    """One command's answer. Memory already holds its events; the shell stores them (with ``finished`` and
    ``deadline``), then calls :meth:`TableCore.stored` — or :meth:`TableCore.undo` when the store refused — and
    runs ``effects`` in order."""

    old_len: int
    events: tuple[NewEvent, ...] = ()
    finished: bool = False
    """The game ended with this step (the table's status becomes ``finished``, stored with it)."""
    deadline: tuple[dt.datetime | None, int | None] | None = None
    """The stored deadline of the position reached and the position it belongs to ((None, None): no clock runs
    now); None: a table without a time control stores none."""
    window_actors: frozenset[int] = frozenset()
    """Who has to act in the game's window the step opens or keeps (see :func:`timing.game_window`)."""
    effects: tuple[Effect, ...] = ()
    chat: str | None = None
    """A chat command's accepted text (trimmed), for the shell to store and send."""
    resigned: int | None = None
    """A resignation's seat: stored as the table's, it ends the game (status ``finished``, ``ended_by``)."""
    ended_by: str = "resigned"
    """Why :attr:`resigned` ended the game: ``resigned``, or a forfeit's ``timeout`` or ``abandoned``."""
    chat_by: tuple[int, float] | None = None
    """Who wrote it and when (the monotonic clock): it counts against his rate limit once stored."""
    seat: SeatChange | None = None
    """A seating command's change of one seat (before the start): stored, it is the table's seat."""
    muted: tuple[int, bool] | None = None
    """A mute command's spectator and whether he is muted now (stored with the table)."""
    rematch: tuple[SeatChange, ...] | None = None
    """A rematch's seating: the shell makes the new table with these seats (the asker hosts it) and stores it as
    this table's rematch; None when the table has its rematch already (the asker is given that one)."""
    standins: tuple[tuple[int, str | None], ...] = ()
    """Seats whose stand-in comes (its kind) or goes (None), each stored with the table; a step with ``deadline``
    stores that too (a full limit for a move of his that is due)."""
    left: tuple[SeatChange, ...] = ()
    """A logout's seats, left before the start: each stored, it is the table's seat (empty)."""
    started: bool = False
    """The start: the table's status becomes ``playing`` (``finished`` with :attr:`finished`), stored with the
    first events (there may be none) and the game's dice data; undone, the table has no match again."""

    @property
    def refused(self) -> Refuse | None:
        """The refusal, when the command was refused (then nothing else is in the step but an :class:`Uncount`: the
        shell's count of a refused connection goes back)."""
        return next((e for e in self.effects if isinstance(e, Refuse)), None)

    @property
    def idle(self) -> bool:
        """Nothing to do: a timer that outlived its node, a bot with nothing to play."""
        return (
            not self.events
            and not self.effects
            and self.chat is None
            and self.resigned is None
            and self.seat is None
            and self.muted is None
            and not self.started
            and self.rematch is None
            and not self.standins
            and not self.left
        )

    @property
    def sealed(self) -> bool:
        """Some event of the step is kept from somebody entirely (a sealed stake)."""
        return any(e.statement is not None and any(v.show == "none" for v in e.statement) for e in self.events)

    def of(self, kind: type[Any]) -> list[Any]:
        """The step's effects of one type, in order."""
        return [e for e in self.effects if isinstance(e, kind)]
