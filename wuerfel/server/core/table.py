"""The table as a state machine without I/O (issue 25 §1): ``TableCore.handle(command, now, dice) -> Step``.

The core owns what decides a table's next step: the match (state and log), the seats (a person, a bot or a stand-in
in each), what each reader was told (:class:`~wuerfel.server.core.readers.ReaderBook`), the table's settings, the
open window of the game's clock and the chat's rate limit. A command comes in with the time and the server's dice
(both injected: the core reads no clock and draws no chance); the answer is a :class:`~.steps.Step`, a value: the
events to store with what each seat is shown of them, the status and the deadline to store with them, and the
effects to run once they are stored (tell every reader, arm or cancel timers, ask a bot, or a refusal).

Memory never runs ahead of the log: the step's events are in the match when :meth:`TableCore.handle` returns, the
shell stores them and then calls :meth:`TableCore.stored` (they count: the readers' book and the deadline follow)
or :meth:`TableCore.undo` (the store refused: the match goes back to where it was).
"""

from __future__ import annotations

import contextlib
import dataclasses
import datetime as dt
import functools
from collections.abc import Callable, Iterator, Sequence
from typing import Any, Protocol

from wuerfel.engine import clocks as game_clocks
from wuerfel.engine.errors import N_, IllegalAction, WuerfelError
from wuerfel.engine.game import State
from wuerfel.engine.record import Match, event_object, event_statement
from wuerfel.engine.throws import waits_for
from wuerfel.server.core import admission, moves, presence, seating, timing
from wuerfel.server.core.chat import ChatLimiter, chat_text, check_writer
from wuerfel.server.core.effects import ArmTimer, CancelTimer, Timer
from wuerfel.server.core.readers import ReaderBook, reader_of
from wuerfel.server.core.refusals import TableError
from wuerfel.server.core.steps import (
    Admit,
    AskBot,
    AskThrow,
    BotMove,
    Broadcast,
    Chat,
    ComeBack,
    Command,
    Dice,
    Effect,
    Expire,
    Join,
    Leave,
    LeaveSeat,
    Logout,
    Move,
    Mute,
    NewEvent,
    Now,
    Refuse,
    Rematch,
    Resign,
    Resume,
    SeatBot,
    SeatChange,
    Send,
    Sit,
    StandIn,
    Start,
    Step,
    TellPresence,
    TellTable,
    TimeUp,
    TypedThrow,
)


class TableLike(Protocol):
    """What the core reads and keeps of a table's row (the store's ``TableRow`` fits): its seats and settings, and
    the deadline and status it stores with each step."""

    id: str
    game: str
    rules_id: str
    seats: list[Any]
    scorekeeper: bool
    resigned: int | None
    ended_by: str | None
    status: str
    clock: str
    move_seconds: int | None
    deadline_at: dt.datetime | None
    deadline_seq: int | None
    spectator_chat: bool
    host_id: int | None
    rated: bool
    rematch: str | None
    on_expiry: str


class TableCore:
    """One table's rules and memory, without I/O. See the module's docstring."""

    def __init__(self, row: TableLike, settings: timing.Settings) -> None:
        self.row = row
        self.settings = settings
        self.match: Match | None = None
        self.readers = ReaderBook()
        """The committed events' statements and what each reader was told of them."""
        self.before: list[State] = []
        """Per committed event: the state it was applied to (labels such as "write 24 into Full house")."""
        self.objs: list[Any] = []
        """Per committed event: the Action/Outcome value when known (saves parsing its JSON again)."""
        self.deadline_due: tuple[int, ...] = ()
        """The seats the stored deadline was set for (a narrower position keeps it)."""
        self.window_at: float | None = None
        """When the game's open window closes (the shell's monotonic clock; None: no window open)."""
        self.window_wall: float = 0.0
        """The same moment as Unix time (what clients are told)."""
        self.window_actors: frozenset[int] = frozenset()
        """Who had to act when the window opened (a window narrows as they act)."""
        self.chat_limit = ChatLimiter()
        self.here = presence.Here()  # who is connected now (never stored)

    # --- what the table is now ----------------------------------------------------------------------------
    @property
    def seq(self) -> int:
        """Events in memory (a batch whose store is under way included)."""
        return len(self.match.record.events) if self.match else 0

    @property
    def committed(self) -> int:
        """Events stored (:attr:`seq` also counts a batch whose store is still under way)."""
        return min(len(self.readers), self.seq)

    @property
    def over(self) -> bool:
        """The game has ended: the engine's end, or a seat resigned."""
        return self.row.resigned is not None or (self.match is not None and self.match.state.is_terminal())

    def reader_seq(self, seats: Sequence[int]) -> int:
        """The ``seq`` of the reader holding ``seats`` (his own numbering, :mod:`.readers`)."""
        return self.readers.seq(reader_of(seats), self.committed)

    def throw_due(self) -> int | None:
        """The seat whose throw the table waits for (:func:`timing.throw_due`)."""
        m = self.match
        return timing.throw_due(
            m.state if m else None, m.record.events if m else (), self.row.scorekeeper, self.row.resigned
        )

    def move_due(self) -> list[int]:
        """The people's seats the table's clock runs for now (:func:`timing.move_due`)."""
        return timing.move_due(
            self.match.state if self.match else None,
            self.over,
            self.row.scorekeeper,
            self.row.clock,
            self.row.move_seconds,
            self.row.seats,
            self.throw_due(),
        )

    def move_limit(self) -> float:
        """The real seconds per move: the table's limit times the server's clock scale."""
        return float(self.row.move_seconds or 0) * self.settings.clock_scale

    def bot_to_act(self) -> int | None:
        """The seat a bot or stand-in is to play now (:func:`timing.bot_to_act`)."""
        return timing.bot_to_act(self.match.state if self.match else None, self.over, self.throw_due(), self.row.seats)

    # --- commands -----------------------------------------------------------------------------------------
    def handle(self, cmd: Command, now: Now, dice: Dice) -> Step:
        """The table's answer to ``cmd`` at ``now``, with ``dice`` for the server's throws. A refusal is a step
        with a :class:`~.steps.Refuse` effect and changes nothing; any other exception (a bug in a game) leaves
        the match where it was and propagates."""
        try:
            if isinstance(cmd, Move):
                return self._move(cmd, now, dice)
            if isinstance(cmd, AskThrow):
                return self._ask_throw(cmd, now, dice)
            if isinstance(cmd, TypedThrow):
                return self._typed_throw(cmd, now, dice)
            if isinstance(cmd, Expire):
                return self._expire(cmd, now, dice)
            if isinstance(cmd, BotMove):
                return self._bot_move(cmd, now, dice)
            if isinstance(cmd, Resume):
                return self._resume(now, dice)
            if isinstance(cmd, Chat):
                return self._chat(cmd, now)
            if isinstance(cmd, Resign):
                return self._resign(cmd)
            if isinstance(cmd, Sit | LeaveSeat | SeatBot):
                return self._seating(cmd)
            if isinstance(cmd, Mute):
                return self._mute(cmd)
            if isinstance(cmd, Start):
                return self._start(cmd, now, dice)
            if isinstance(cmd, Rematch):
                return self._rematch(cmd)
            if isinstance(cmd, ComeBack):
                return self._come_back(cmd, now)
            if isinstance(cmd, StandIn):
                return self._stand_in(cmd, now)
            if isinstance(cmd, Join | Leave | Logout):
                return presence.handle(self, cmd, now)
            if isinstance(cmd, Admit):
                return admission.admit(self, cmd)
        except TableError as exc:
            back_to = None
            if exc.code == "stale_seq" and isinstance(cmd, Move | AskThrow | TypedThrow):
                back_to = self.readers.after_stale(reader_of(cmd.player_seats), cmd.expected, self.committed)
            return Step(self.seq, effects=(Refuse(exc, back_to),))
        raise TypeError(f"not a table command: {cmd!r}")

    def playing(self) -> Match:
        """The running match; refused when the game has not started or is over."""
        moves.check_playing(self.match is not None, self.over)
        assert self.match is not None
        return self.match

    def _move(self, cmd: Move, now: Now, dice: Dice) -> Step:
        m = self.playing()
        mine = list(cmd.player_seats)
        moves.check_own_seat(mine, cmd.seat)
        try:
            action = m.game.action_from_json(cmd.action)
        except IllegalAction as exc:
            raise TableError("unknown_action", exc.msgid, 400, **exc.params) from exc
        moves.check_fresh(cmd.expected, self.reader_seq(mine))
        seat = moves.moving_seat(mine, cmd.seat, m.state.actors(), cmd.want_seat)
        old_len = self.seq
        try:
            new = self.advance([(lambda: m.act(action, seat), action)], dice, cmd.tap)
        except IllegalAction as exc:
            raise TableError("illegal_action", exc.msgid, 422, **exc.params) from exc
        return self._step(old_len, new, now)

    def _typed_throw(self, cmd: TypedThrow, now: Now, dice: Dice) -> Step:
        m = self.playing()
        mine = list(cmd.player_seats)
        moves.check_typed_throw(self.row.scorekeeper, bool(mine), cmd.expected, self.reader_seq(mine))
        try:
            if isinstance(cmd.outcome, str):
                outcome = m.state.parse_outcome(cmd.outcome[:200])
            elif isinstance(cmd.outcome, dict):
                outcome = m.game.outcome_from_json(cmd.outcome)
            else:
                raise TableError("bad_message", moves.BAD_MESSAGE, 400)
            old_len = self.seq
            new = self.advance([(lambda: m.chance(outcome), outcome)], dice)
        except WuerfelError as exc:
            raise TableError("bad_outcome", exc.msgid, 422, **exc.params) from exc
        return self._step(old_len, new, now)

    def _ask_throw(self, cmd: AskThrow, now: Now, dice: Dice) -> Step:
        self.playing()
        moves.check_throw_request(self.row.scorekeeper)
        mine = list(cmd.player_seats)
        moves.check_own_seat(mine, cmd.seat)
        moves.check_fresh(cmd.expected, self.reader_seq(mine))
        moves.check_throw_due(mine, cmd.seat, self.throw_due(), cmd.label)
        return self.throw(now, dice, cmd.tap)

    def throw(self, now: Now, dice: Dice, tap: str | None = None) -> Step:
        """The server throws the pending dice of this chance node (and every throw that falls at once after it)."""
        m = self.playing()
        old_len = self.seq
        outcome, proof = dice(m, tap)
        new = self.advance([(lambda: m.chance(outcome, proof), outcome)], dice)
        return self._step(old_len, new, now)

    def _expire(self, cmd: Expire, now: Now, dice: Dice) -> Step:
        m = self.match
        if m is None or cmd.seq != self.seq:
            return Step(self.seq)  # the timer outlived its node
        if cmd.kind == "window":
            _, pairs = game_clocks.expire(m.state)
            if not pairs:
                return Step(self.seq)
            old_len = self.seq
            new = self.advance([(functools.partial(m.act, a, p), a) for p, a in pairs], dice)
            return self._step(old_len, new, now)
        if cmd.kind == "throw":
            due = self.throw_due()
            if due is None or timing.plays_bot(self.row.seats, due):
                return Step(self.seq)
            return self.throw(now, dice)
        due_seats = self.move_due()
        return Step(self.seq, effects=(TimeUp(tuple(due_seats)),) if due_seats else ())

    def _bot_move(self, cmd: BotMove, now: Now, dice: Dice) -> Step:
        m = self.match
        if m is None or self.bot_to_act() != cmd.seat:
            return Step(self.seq)  # the table moved on while the bot thought: nothing to play
        if cmd.action is None:
            if not m.state.is_chance():
                return Step(self.seq)
            return self.throw(now, dice)
        old_len = self.seq
        action = cmd.action
        try:
            new = self.advance([(lambda: m.act(action, cmd.seat), action)], dice)
        except IllegalAction as exc:
            raise TableError("illegal_action", exc.msgid, 422, **exc.params) from exc
        return self._step(old_len, new, now)

    def _resume(self, now: Now, dice: Dice) -> Step:
        m = self.match
        if m is None or not m.state.is_chance() or self.row.scorekeeper or self.over or self.throw_due() is not None:
            return Step(self.seq)  # nothing owed: a person's throw stays his, a bot throws after its pause
        old_len = self.seq
        new = self.advance([(lambda: None, None)], dice)
        return self._step(old_len, new, now)

    def _chat(self, cmd: Chat, now: Now) -> Step:
        text = chat_text(dict(cmd.message))
        named = cmd.player_id is not None
        check_writer(bool(cmd.player_seats), named, named and cmd.muted, self.row.spectator_chat)
        assert cmd.player_id is not None
        self.chat_limit.check(cmd.player_id, now.mono)
        return Step(self.seq, chat=text, chat_by=(cmd.player_id, now.mono), effects=(Send("all", "chat"),))

    def _resign(self, cmd: Resign) -> Step:
        """Resigning is a table event, not a move of the game: the log of moves stays as played, the table stores
        the seat; nothing is due any more, so every timer stops."""
        self.playing()
        seat = seating.seat_at(self.row.seats, cmd.seat)
        seating.check_resign(seat, cmd.player_id)
        stop = (CancelTimer("throw"), CancelTimer("clock"), CancelTimer("window"))
        return Step(self.seq, resigned=seat.seat, effects=(*stop, Broadcast({})))

    def _seating(self, cmd: Sit | LeaveSeat | SeatBot) -> Step:
        """A seat changes before the start: the step carries the seat's new occupant and the note that says so
        (named after the change when somebody comes, before it when somebody goes)."""
        seating.check_open(self.row.status)
        if isinstance(cmd, SeatBot):
            seating.check_host(cmd.player_id, self.row.host_id)
        s = seating.seat_at(self.row.seats, cmd.seat)
        if isinstance(cmd, Sit):
            rated, host = self.row.rated, self.row.host_id
            seating.check_sit(self.row.seats, s, cmd.player_id, cmd.registered, host, rated)
            change = SeatChange(s.seat, cmd.player_id, None, cmd.name, not cmd.registered)
            note = TellTable(N_("{name} sits down in seat {n}."), s.seat)
        elif isinstance(cmd, LeaveSeat):
            msgid = seating.check_leave(s, cmd.player_id, self.row.host_id)
            change, note = SeatChange(s.seat), TellTable(msgid, s.seat, named_before=True)
        elif cmd.bot is None:
            if s.kind != "bot":
                return Step(self.seq)  # no bot to take out: nothing changes
            change, note = SeatChange(s.seat), TellTable(N_("{name} left seat {n}."), s.seat, named_before=True)
        else:
            bot = seating.check_bot(s, cmd.bot, cmd.known)
            change, note = SeatChange(s.seat, None, bot, bot), TellTable(N_("{name} takes seat {n}."), s.seat)
        return Step(self.seq, seat=change, effects=(note, TellPresence()))

    def _mute(self, cmd: Mute) -> Step:
        """Only the host mutes, only a spectator; the spectator list carries ``muted``, so presence is told again."""
        seating.check_mute_request(cmd.target, cmd.muted)
        assert isinstance(cmd.target, int) and isinstance(cmd.muted, bool)
        seating.check_mute(self.row.seats, cmd.player_id, self.row.host_id, cmd.target)
        msgid = N_("The host muted {name} in the chat.") if cmd.muted else N_("{name} may write in the chat again.")
        return Step(self.seq, muted=(cmd.target, cmd.muted), effects=(TellPresence(again=True), TellTable(msgid, None)))

    def _start(self, cmd: Start, now: Now, dice: Dice) -> Step:
        """The host starts the game once every seat is taken (at a rated table by registered players, each once)
        and the rules are played by as many: the match is made, the throws that fall at once fall, and the step
        stores them with the status, the deadline and the dice data."""
        seating.check_open(self.row.status)
        seating.check_host(cmd.player_id, self.row.host_id)
        seating.check_start(self.row.seats, self.row.rated)
        try:
            match = Match.new(self.row.game, self.row.rules_id, list(cmd.players), cmd.rules, dict(cmd.meta))
        except WuerfelError as exc:  # the rules' player counts (checked when the table was made, too)
            raise TableError("bad_request", exc.msgid, 422, **exc.params) from exc
        self.match = match
        try:
            new = self.advance([(lambda: None, None)], dice)
        except BaseException:
            self.match = None
            raise
        return dataclasses.replace(self._step(0, new, now), started=True)

    def _rematch(self, cmd: Rematch) -> Step:
        """A player of the finished table asks for a new one with the same game, rules and seats: he hosts it and
        sits where he sat (every seat he held: a hot-seat or scorekeeper table comes back whole), bots keep their
        seats, the other people's seats wait for them; everybody still here is told at once. One rematch per
        table: whoever asks later (or twice) is given the same one (an idle step)."""
        seating.check_rematch(self.row.status, bool(seating.seats_of(self.row.seats, cmd.player_id)))
        if self.row.rematch is not None:
            return Step(self.seq)
        seats = tuple(
            SeatChange(s.seat, None, s.bot, s.bot)
            if s.bot
            else SeatChange(s.seat, cmd.player_id, None, s.name, not cmd.registered)
            if s.player_id == cmd.player_id
            else SeatChange(s.seat)
            for s in self.row.seats
        )
        return Step(self.seq, rematch=seats, effects=(Broadcast({}),))

    def _come_back(self, cmd: ComeBack, now: Now) -> Step:
        """The person's seats a stand-in plays are his again while the game runs (an idle step: none are): a move
        of his that is due gets a full limit, stored, and the timers of a person's throw and the table's clock are
        armed anew (the game's window runs on)."""
        seats = [s.seat for s in self.row.seats if s.kind == "human" and s.player_id == cmd.player_id and s.standin]
        if not seats or self.match is None or self.over:
            return Step(self.seq)
        standins = tuple((seat, None) for seat in seats)
        with self._seated(standins):  # what is due once he plays them himself
            deadline = self.next_deadline(False, now)
            timers, _ = self.timers(now, deadline=deadline)
        effects = tuple(t for t in timers if t.kind != "window")
        return Step(self.seq, deadline=deadline, standins=standins, effects=effects)

    def _stand_in(self, cmd: StandIn, now: Now) -> Step:
        """The clock decided for the seats, or their guest left for good (an idle step when the game is over): at a
        ``forfeit`` table the first of them loses the game at once, stored like a resignation with the reason, and
        every timer stops; else the stand-in takes each seat (stored) and the timers of a person's throw and the
        table's clock follow (the stored deadline stays: a stand-in needs no clock)."""
        if not cmd.seats or self.match is None or self.over:
            return Step(self.seq)
        if self.row.on_expiry == "forfeit":
            stop = (CancelTimer("throw"), CancelTimer("clock"), CancelTimer("window"))
            return Step(
                self.seq, deadline=(None, None), resigned=cmd.seats[0], ended_by=cmd.why, effects=(*stop, Broadcast({}))
            )
        standins = tuple((seat, cmd.kind) for seat in cmd.seats)
        with self._seated(standins):
            timers, _ = self.timers(now)
        return Step(self.seq, standins=standins, effects=tuple(t for t in timers if t.kind != "window"))

    @contextlib.contextmanager
    def _seated(self, standins: Sequence[tuple[int, str | None]]) -> Iterator[None]:
        """The table as if ``standins`` were stored (to say what is due then); after it, as it is."""
        seats = self.row.seats
        self.row.seats = [dataclasses.replace(s, standin=dict(standins).get(s.seat, s.standin)) for s in seats]
        try:
            yield
        finally:
            self.row.seats = seats

    def seat_row(self, change: SeatChange) -> Any:
        """The table's seat after ``change`` (a row of the seat's own type: the store's, in the server)."""
        fields = dataclasses.asdict(change)
        return dataclasses.replace(self.row.seats[change.seat], **fields, standin=None)

    # --- applying -----------------------------------------------------------------------------------------
    def advance(
        self, steps: Sequence[tuple[Callable[[], Any], Any]], dice: Dice, tap: str | None = None
    ) -> list[NewEvent]:
        """Run ``steps`` (each appends at most one event to the match) and the server's throws that fall at once
        after them; return the new events. ``tap``: the mover's fresh seed, mixed into the first throw that follows
        his move. On any exception the match is restored to exactly where it was."""
        assert self.match is not None
        m = self.match
        old_state, old_len = m.state, len(m.record.events)
        new: list[NewEvent] = []

        def note(prev: State, obj: Any) -> None:
            ev = m.record.events[-1]
            shown = obj if obj is not None else event_object(m.game, ev)
            new.append(NewEvent(len(m.record.events) - 1, ev, event_statement(prev, shown, ev.player), prev, obj))

        try:
            for step, obj in steps:
                prev, n = m.state, len(m.record.events)
                step()
                # Count events, not state changes: a void throw is an event whose state may be the same object.
                if len(m.record.events) > n:
                    note(prev, obj)
            if not self.row.scorekeeper:
                # The server's dice: a throw that is nobody's or follows its thrower's own move falls now; a
                # person's or a bot's throw that starts something waits (for the tap, or the bot's pause).
                while m.state.is_chance() and waits_for(m.state, m.record.events) is None:
                    prev = m.state
                    outcome, proof = dice(m, tap)
                    tap = None
                    m.chance(outcome, proof)
                    note(prev, outcome)
        except BaseException:
            m.state = old_state
            del m.record.events[old_len:]
            raise
        # An announced throw's commitment may have been added to the events' proofs: the stored rows are these.
        return [NewEvent(e.index, m.record.events[e.index], e.statement, e.before, e.obj) for e in new]

    def _step(self, old_len: int, new: list[NewEvent], now: Now) -> Step:
        """The step after ``new`` events: the status, the deadline and the effects of the node reached."""
        assert self.match is not None
        finished = self.match.state.is_terminal()
        sealed = any(e.statement is not None and any(v.show == "none" for v in e.statement) for e in new)
        deadline = self.next_deadline(sealed, now)
        timers, actors = self.timers(now, deadline=deadline)
        effects: list[Effect] = list(timers)
        effects.append(Broadcast(self.told(new)))
        bot = self.bot_to_act()
        if bot is not None:
            effects.append(AskBot(bot, self.seq))
        return Step(old_len, tuple(new), finished, deadline, actors, tuple(effects))

    def told(self, new: Sequence[NewEvent]) -> dict[int | None, tuple[int, ...]]:
        """Per seat (None: the spectators) the log positions of ``new`` it is told of (in full or redacted)."""
        out: dict[int | None, tuple[int, ...]] = {}
        for reader in (*range(len(self.row.seats)), None):
            k = -1 if reader is None else reader
            out[reader] = tuple(e.index for e in new if e.statement is None or e.statement[k].show != "none")
        return out

    # --- the clocks ---------------------------------------------------------------------------------------
    def next_deadline(self, sealed: bool, now: Now) -> tuple[dt.datetime | None, int | None] | None:
        """The deadline of the position just reached, to be stored with it (:func:`timing.next_deadline`); None:
        the table has no time control."""
        if self.row.clock == "none":
            return None
        at = timing.next_deadline(
            self.move_due(), self.row.deadline_at, self.deadline_due, sealed, now.utc, self.move_limit()
        )
        return at, self.seq if at is not None else None

    def timers(
        self, now: Now, fresh: bool = False, deadline: tuple[dt.datetime | None, int | None] | None = None
    ) -> tuple[list[Timer], frozenset[int]]:
        """The timers of the node the table is at — a person's throw, the table's clock, the game's window, in the
        order they are armed — and who has to act in the window. ``deadline``: the one a step is about to store
        (default: the stored one). ``fresh`` (a table resumed after a restart) opens a full window."""
        mono, wall, seq = now.mono, now.wall, self.seq
        due = self.move_due()
        wait = timing.throw_wait(self.throw_due(), self.row.seats, self.settings.throw_wait, due)
        at, at_seq = deadline if deadline is not None else (self.row.deadline_at, self.row.deadline_seq)
        out: list[Timer] = [
            timing.throw_timer(wait, seq, mono, wall),
            timing.clock_timer(timing.running_deadline(at, at_seq, seq, due), seq, mono, wall),
        ]
        st = self.match.state if self.match is not None else None
        dl = st.deadline() if st is not None and not self.over and not self.row.scorekeeper else None
        window = None
        if dl is not None and st is not None:
            open_window = (
                timing.Window(self.window_at, self.window_wall, self.window_actors)
                if self.window_at is not None
                else None
            )
            window = timing.game_window(dl.seconds, frozenset(st.actors()), mono, wall, open_window, fresh)
        out.append(timing.window_timer(window, seq))
        return out, window.actors if window is not None else frozenset()

    def arm(self, now: Now, fresh: bool = False) -> list[Timer]:
        """The timers of the node the table is at, for the shell to run (after a change outside the steps: a
        seat's stand-in, a resignation, a restart)."""
        timers, self.window_actors = self.timers(now, fresh)
        return timers

    def armed(self, timer: Timer) -> None:
        """The shell runs ``timer``: a window timer's moment is the open window's (a retry moves it)."""
        if timer.kind == "window":
            self.window_at = timer.at if isinstance(timer, ArmTimer) else None
            if isinstance(timer, ArmTimer):
                self.window_wall = timer.wall

    def set_deadline(self, deadline: tuple[dt.datetime | None, int | None] | None) -> None:
        """The stored deadline, in memory too (after the store took it)."""
        if deadline is None:
            return
        self.row.deadline_at, self.row.deadline_seq = deadline
        self.deadline_due = tuple(self.move_due()) if self.row.deadline_at is not None else ()

    # --- the commit ---------------------------------------------------------------------------------------
    def stored(self, step: Step) -> None:
        """The store took ``step``: its events count (the readers' book, labels), and its deadline and status."""
        self.readers.extend(e.statement for e in step.events)
        self.before.extend(e.before for e in step.events)
        self.objs.extend(e.obj for e in step.events)
        if step.chat_by is not None:
            self.chat_limit.accepted(*step.chat_by)
        for change in (step.seat, *step.left) if step.seat is not None else step.left:
            self.row.seats[change.seat] = self.seat_row(change)
        for seat, kind in step.standins:
            self.row.seats[seat] = dataclasses.replace(self.row.seats[seat], standin=kind)
        if step.standins:
            self.set_deadline(step.deadline)
        if step.resigned is not None:
            self.row.resigned, self.row.ended_by, self.row.status = step.resigned, step.ended_by, "finished"
        if step.started:
            self.row.status = "playing"
        if step.of(Broadcast):  # a step of the game (not a chat line): the node it reached
            self.set_deadline(step.deadline)
            self.window_actors = step.window_actors
            if step.finished:
                self.row.status = "finished"

    def undo(self, step: Step) -> None:
        """The store refused ``step``: memory goes back to the log (it never runs ahead of it)."""
        m = self.match
        if step.started:
            self.match = None  # the game did not start
        elif m is not None and step.events:
            del m.record.events[step.old_len :]
            m.state = m.record.replay()
