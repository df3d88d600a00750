"""The clocks of a live table: the game's own windows, a person's throw window and the table's time control
(protocol 6), as timers on the event loop and a deadline stored with each move.

Functions of the table (:class:`~wuerfel.server.live.LiveTable`). What each clock decides — when a window opens or
narrows, whose time runs, the deadline after a restart — is the sans-IO core's (:mod:`wuerfel.server.core.timing`);
this module arms the timers it asks for and acts when they fire, through the same pipeline as a player's move.
"""

from __future__ import annotations

import asyncio
import logging
import time
from typing import TYPE_CHECKING

from wuerfel.server import eviction, fanout, serverdice
from wuerfel.server.core import effects, timing
from wuerfel.server.core.steps import Expire, Now, StandIn
from wuerfel.server.messages import (
    FORFEIT_ABANDONED,
    FORFEIT_TIMEOUT,
    STANDIN_ABANDONED,
    STANDIN_TIMEOUT,
    Note,
    db_refusal,
    db_unavailable,
    seat_note,
)
from wuerfel.server.rows import Deadline, Player
from wuerfel.server.rows import now as store_now

if TYPE_CHECKING:
    import datetime as dt

    from wuerfel.server.live import LiveTable

log = logging.getLogger("wuerfel.server")

RESTART_GRACE = 60.0
"""Seconds (nominal, scaled like every limit) a move whose deadline passed while the server was down still gets
after the restart: nobody could move meanwhile, so the clock does not decide the moment the server is back."""


def arm_clock(t: LiveTable, fresh: bool = False) -> None:
    """Start, keep or stop the clock after the table reached a new node (call with the lock held).

    A node with ``state.deadline()`` gets a window of ``deadline.seconds`` from now. Exception: when the new node
    only narrows the open window — it still has a deadline and its actors are a strict subset of those who had to
    act when the window opened (one of several callers passed) — the window keeps its end, so nobody gains time
    because somebody else answered. ``fresh`` (a table resumed after a restart) always opens a full window.
    Scorekeeper tables run no clock: the people at the real table keep their own time and the phone only records
    what they decided, however long typing it takes. The table's own time control (protocol 6) is armed too
    (:func:`arm_move`).
    """
    for effect in t.core.arm(now(), fresh):  # a person's throw, the table's clock, the game's window
        timer(t, effect)


def now() -> Now:
    """The time a command is handled at, for the core: the loop's monotonic clock and Unix time."""
    return Now(asyncio.get_running_loop().time(), time.time())


def timer(t: LiveTable, effect: effects.Timer) -> None:
    """Run a timer effect of the core: stop this kind's running timer (never the task running this code: a timer
    re-arms itself from inside) and start the new one, which wakes the table at its moment for its ``seq``."""
    task = t.timers.pop(effect.kind, None)
    if task is not None and task is not asyncio.current_task():
        task.cancel()
    at = effect.at if isinstance(effect, effects.ArmTimer) else None
    t.core.armed(effect)  # the game's window is the core's (the moment a retry moves it to included)
    if effect.kind == "throw":
        t.throw_at = at
    elif effect.kind == "clock":
        t.move_at = at
    if not isinstance(effect, effects.ArmTimer):
        return
    if effect.kind == "window":
        run = expire_at(t, effect.seq, effect.at)
    elif effect.kind == "throw":
        t.throw_wall = effect.wall
        run = throw_when_due(t, effect.seq, effect.at)
    else:
        run = move_expired(t, effect.seq, effect.at)
    t.timers[effect.kind] = asyncio.get_running_loop().create_task(run)


def retry(t: LiveTable, kind: effects.TimerKind, seq: int) -> None:
    """A timer's action failed (memory still holds its node): the same timer again shortly."""
    timer(t, effects.retry(kind, seq, asyncio.get_running_loop().time(), time.time()))


async def expire_at(t: LiveTable, seq: int, when: float) -> None:
    """When the window closes and the table is still at the node it was armed for: pass for everyone still due.

    The expiry actions go through the same pipeline as a player's move (apply, server throws, commit, then
    broadcast), so the record, the views and the hiding of events are the same as if the players had passed.
    """
    loop = asyncio.get_running_loop()
    await asyncio.sleep(max(0.0, when - loop.time()))
    async with t.lock:
        if t.match is None or t.seq != seq or t.clock_at != when:
            return
        try:
            step = t.core.handle(Expire("window", seq), now(), serverdice.dice(t))
            if step.idle:
                return
            await t._run(step)
        except Exception as exc:
            # The node is unchanged (memory follows the log): try again shortly rather than stall the table.
            log.exception("the clock at table %s could not pass at node %d", t.row.id, seq)
            if db_unavailable(exc):
                fanout.report_db_failure(t)
            if t.seq == seq and t.clock_at == when:
                retry(t, "window", seq)
            return
    t._schedule()


def arm_throw(t: LiveTable) -> None:
    """Give a person's pending throw its window (call with the lock held, after every new node).

    A throw decides nothing, so throwing for somebody who does not tap takes no choice from him, while waiting
    for him without end would let one absent player stop a game that has no decisions at all (and a timed one
    such as Verdecktes Würfelpoker would lose its pace). So the server throws for him after ``throw_wait``
    seconds — generous, far longer than anyone takes to tap. Bots throw after their pause (:func:`botdriver.drive`);
    scorekeeper tables run no clock at all.

    Where the table's own clock runs for the throw (:func:`move_due`), that clock is the one deadline: a second
    window beside it promised "60 s" while the clock took the game after 30 (issue 24, web B1), so none is
    armed and the clock's rule (a stand-in, or the lost game) decides when it runs out.
    """
    wait = timing.throw_wait(t.throw_due(), t.row.seats, t.hub.throw_wait, move_due(t))
    timer(t, timing.throw_timer(wait, t.seq, asyncio.get_running_loop().time(), time.time()))


async def throw_when_due(t: LiveTable, seq: int, when: float) -> None:
    """The window of a person's throw closed and the table still waits for it: the server throws for him,
    through the same pipeline as his own tap (the record is the same as if he had tapped)."""
    loop = asyncio.get_running_loop()
    await asyncio.sleep(max(0.0, when - loop.time()))
    async with t.lock:
        if t.match is None or t.seq != seq or t.throw_at != when:
            return
        due = t.throw_due()
        if due is None or t._is_bot(due):
            return
        try:
            await t._run(t.core.handle(Expire("throw", seq), now(), serverdice.dice(t)))
        except Exception as exc:
            log.exception("the server could not throw for seat %d at table %s", due, t.row.id)
            if db_unavailable(exc):
                fanout.report_db_failure(t)
            if t.seq == seq and t.throw_at == when:
                retry(t, "throw", seq)
            return
    t._schedule()


def next_deadline(t: LiveTable, sealed: bool = False) -> Deadline | None:
    """The deadline of the position the table just reached, to be committed with it (None: no clock here).

    A full limit from now for the people due; the running deadline when the new position only narrows who is
    due (one of several deciding at once answered: nobody gains time because another was quick), and when
    ``sealed`` moves (kept from somebody: a sealed stake) leave the same people due — a fresh limit for all
    would tell the others that somebody staked (issue 24, M1); (id, None, None) when nobody's clock runs (a
    bot's move, a throw, the end)."""
    deadline = t.core.next_deadline(sealed, now())
    return (t.row.id, *deadline) if deadline is not None else None


def set_deadline_row(t: LiveTable, deadline: Deadline | None) -> None:
    """The committed deadline, in memory too (call after the commit succeeded)."""
    if deadline is not None:
        t.core.set_deadline(deadline[1:])


def deadline_wall(t: LiveTable) -> float | None:
    """When the running move's time runs out (Unix time); None: no table clock runs now."""
    return timing.running_deadline(t.row.deadline_at, t.row.deadline_seq, t.seq, move_due(t))


def arm_move(t: LiveTable) -> None:
    """Run the table's clock to the stored deadline of the current position (call with the lock held).

    The timer only wakes the table at the deadline; the deadline itself is the stored one (``deadline_at``,
    committed with the move), so a restarted server arms the same moment again (:func:`rearm_after_restart`).
    """
    timer(t, timing.clock_timer(deadline_wall(t), t.seq, asyncio.get_running_loop().time(), time.time()))


async def rearm_after_restart(t: LiveTable, grace: bool = True, up_since: dt.datetime | None = None) -> None:
    """After loading a running table: keep its stored deadline, or give it one it lacks.

    A deadline still ahead stands as stored (a correspondence game keeps its days across a restart). One that
    passed while the server was down gets :data:`RESTART_GRACE` (at most a whole limit) from now: nobody could
    move meanwhile. A position without a stored deadline (a seat given back just before a crash) gets a full
    limit. The result is stored, so a second restart finds it.

    ``grace`` False: the table was only out of memory (:meth:`Hub.sweep`) while the server ran and people could
    move; a deadline that passed meanwhile stands and runs out at once.

    ``up_since`` (when this worker started): a deadline that passed while this worker ran belongs to a table whose
    owner died (issue 25 §2). The platform was up: the players were sent to reconnect and could move again after a
    failover of a few seconds, as after any dropped connection, so the clock decides at once, as the owner would.
    The grace stays for a deadline that passed before this worker started (the whole platform was down)."""
    due = move_due(t)
    if not due:
        return
    if up_since is not None and t.row.deadline_at is not None and t.row.deadline_at >= up_since:
        grace = False
    at = timing.restart_deadline(
        t.row.deadline_at,
        t.row.deadline_seq,
        t.seq,
        store_now(),
        move_limit(t),
        RESTART_GRACE * t.hub.clock_scale if grace else None,
    )
    if at is None:
        set_deadline_row(t, (t.row.id, t.row.deadline_at, t.seq))
        return
    await asyncio.to_thread(t.hub.store.set_deadline, t.row.id, at, t.seq, epoch=t.epoch)
    set_deadline_row(t, (t.row.id, at, t.seq))


async def move_expired(t: LiveTable, seq: int, when: float) -> None:
    """The running move's time ran out and the table still waits for it: the table's setting decides (see
    :func:`expire_seats`). A failure to store that is retried shortly rather than stalling the table."""
    loop = asyncio.get_running_loop()
    await asyncio.sleep(max(0.0, when - loop.time()))
    async with t.lock:
        if t.match is None or t.seq != seq or t.move_at != when:
            return
        due = move_due(t)
        try:
            step = t.core.handle(Expire("clock", seq), now(), serverdice.dice(t))
            if step.idle:
                return
            await t._run(step)  # the core's TimeUp: the table's setting decides (expire_seats)
        except Exception as exc:
            log.exception("the clock at table %s could not decide for %s", t.row.id, due)
            if db_unavailable(exc):
                fanout.report_db_failure(t)
            if t.seq == seq and t.move_at == when:
                retry(t, "clock", seq)
            return
    t._schedule()


async def expire_seats(t: LiveTable, seats: list[int], why: str) -> None:
    """The clock decides for ``seats`` (``why``: ``timeout``) or their guest left for good (``abandoned``), as
    the table was set up (call with the lock held; the caller schedules the bots afterwards).

    ``forfeit``: the first of them loses the game at once — stored like a resignation, with the reason — and
    every seat reads why. ``bot``: a stand-in bot takes each seat ("Computer übernimmt", stored) and makes its
    decisions, recorded as the seat's own moves, until the player returns (:func:`seatops.give_back`)."""
    step = t.core.handle(StandIn(tuple(seats), why, t.standin_kind()), now(), serverdice.dice(t))
    if step.idle:
        return
    named = {seat: t._named(seat) for seat in seats}

    def say(msgid: str, seat: int) -> Note:
        return seat_note(msgid, seat, named[seat])

    if step.resigned is not None:
        with db_refusal():
            await asyncio.to_thread(t.hub.store.resign, t.row.id, step.resigned, why, epoch=t.epoch)
    for seat, kind in step.standins:
        with db_refusal():
            await asyncio.to_thread(t.hub.store.set_standin, t.row.id, seat, kind, epoch=t.epoch)
    t.core.stored(step)
    t._changed()
    for effect in step.effects:
        if isinstance(effect, effects.ArmTimer | effects.CancelTimer):
            timer(t, effect)
    if step.resigned is not None:
        msgid = FORFEIT_TIMEOUT if why == "timeout" else FORFEIT_ABANDONED
        await fanout.broadcast_state(t, say(msgid, step.resigned))
        eviction.maybe_evict(t)
        return
    msgid = STANDIN_TIMEOUT if why == "timeout" else STANDIN_ABANDONED
    for seat, _ in step.standins:
        await fanout.broadcast_state(t, say(msgid, seat))


def move_due(t: LiveTable) -> list[int]:
    """The people's seats the table's clock runs for now.

    A move of theirs at a table with a time control whose game is not over: a decision, or the throw that
    starts their turn (a player who walked away at his throw must not stop the table either; the server's
    own throw window, :func:`arm_throw`, may fall first and only throws). Not at a node with a window of the
    game's own (``State.deadline()``: the rules' clock is far shorter and decides by itself), not at a
    scorekeeper table (the people at the real table keep their own time), and only for seats their player
    plays himself (a stand-in bot needs no clock)."""
    return t.core.move_due()


def move_limit(t: LiveTable) -> float:
    """The real seconds per move: the table's limit times the server's clock scale (1 but on a test server)."""
    return t.core.move_limit()


def waits_for(t: LiveTable, player: Player) -> bool:
    """Is the running game waiting for this player: a move of one of his seats, his throw, or (scorekeeper) the
    dice he is to enter? ("Du bist am Zug" on Meine Partien.)"""
    # A seat a stand-in plays does not wait for him (the game goes on without him until he is back).
    mine = [s for s in t.seats_of(player) if not t.row.seats[s].standin]
    return timing.waits_on(t.state, t.over, t.row.scorekeeper, mine, t.throw_due())
