"""What people do to a live table besides moving: take and leave seats, seat bots, start, resign, ask for a
rematch, mute a spectator, come back to a seat a stand-in played, or leave it for good by logging out.

Functions of the table (:class:`~wuerfel.server.live.LiveTable`), each under the table's lock. Sitting, leaving,
seating a bot, muting, resigning, the start, the rematch and a player coming back to the seats a stand-in played are
commands of the sans-IO core (:class:`~wuerfel.server.core.table.TableCore`): this module stores the step and runs its
effects (a rematch's table row is made here: one rematch is one table); a stand-in taking a seat is one too
(:func:`wuerfel.server.clocks.expire_seats`). A guest's logout before the start still changes the row itself.
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
from collections.abc import Callable
from typing import TYPE_CHECKING

from wuerfel.engine import fairdice
from wuerfel.engine.errors import N_
from wuerfel.i18n import translate
from wuerfel.server import clocks, eviction, fanout, serverdice, tablerecord
from wuerfel.server.core import seating
from wuerfel.server.core.effects import ArmTimer, CancelTimer
from wuerfel.server.core.refusals import TableError
from wuerfel.server.core.steps import (
    Broadcast,
    ComeBack,
    LeaveSeat,
    Logout,
    Mute,
    Rematch,
    Resign,
    SeatBot,
    Sit,
    Start,
    Step,
    TellPresence,
    TellTable,
    TimeUp,
)
from wuerfel.server.messages import BACK_NOTE, Note, db_refusal, person_name, seat_note
from wuerfel.server.rows import Player, SeatRow

if TYPE_CHECKING:
    from wuerfel.server.live import Conn, LiveTable

log = logging.getLogger("wuerfel.server")


def must_be_open(t: LiveTable) -> None:
    seating.check_open(t.row.status)


async def sit(t: LiveTable, player: Player, seat: object, seed: object = None) -> None:
    async with t.lock:
        step = t.core.handle(Sit(player.id, player.name, player.registered, seat), clocks.now(), serverdice.dice(t))
        given = fairdice.valid_seed(seed)
        if step.seat is not None and given is not None:
            t.seeds[step.seat.seat] = given  # his contribution to the dice (see _fix_seeds)
        await run_seating(t, step)


async def leave_seat(t: LiveTable, player: Player, seat: object) -> None:
    async with t.lock:
        await run_seating(t, t.core.handle(LeaveSeat(player.id, seat), clocks.now(), serverdice.dice(t)))


async def set_bot(t: LiveTable, player: Player, seat: object, bot: object) -> None:
    from wuerfel.bots import bot_names, require_bot
    from wuerfel.engine.extras import MissingSolvers

    if isinstance(bot, str):
        try:
            require_bot(t.info, bot)
        except MissingSolvers as exc:
            raise TableError("needs_solvers", exc.msgid, 422, **exc.params) from exc
    async with t.lock:
        cmd = SeatBot(player.id, seat, bot, tuple(bot_names(t.row.game)))
        await run_seating(t, t.core.handle(cmd, clocks.now(), serverdice.dice(t)))


async def run_seating(t: LiveTable, step: Step, who: Player | None = None) -> None:
    """Store a seating or mute step of the core and run its effects (call with the lock held): the seat's row or
    the spectator's mute, then the seating and presence told to everyone. ``who``: the muted player (his name)."""
    if step.refused is not None:
        raise step.refused.error
    before = {e.seat: t._named(e.seat) for e in step.of(TellTable) if e.named_before and e.seat is not None}
    if step.seat is not None:
        with db_refusal():
            row = t.core.seat_row(step.seat)
            t.row.active_at = await asyncio.to_thread(t.hub.store.set_seat, t.row.id, row, epoch=t.epoch)
    if step.muted is not None:
        with db_refusal():
            await asyncio.to_thread(t.hub.store.set_muted, t.row.id, *step.muted)
        target, muted = step.muted
        (t.muted.add if muted else t.muted.discard)(target)
    t.core.stored(step)
    if step.idle:
        return
    if step.seat is not None:
        await refresh_ratings(t)
    t._changed()
    for effect in step.effects:
        if isinstance(effect, TellPresence):
            fanout.tell_presence(t, again=effect.again)
        elif isinstance(effect, TellTable):
            await fanout.broadcast_table(t, seating_note(t, effect, before, who))


def seating_note(
    t: LiveTable, tell: TellTable, before: dict[int, Callable[[str], str]], who: Player | None
) -> Callable[[str], str]:
    """A seating step's note in the reader's language."""
    if tell.seat is None:
        assert who is not None
        return lambda lang: translate(tell.msgid, lang, name=person_name(who.name, not who.registered, lang))
    seat = tell.seat
    name = before.get(seat) or (lambda lang: t.seat_label(seat, lang))
    return lambda lang: translate(tell.msgid, lang, name=name(lang), n=seat + 1)


async def save_seat(t: LiveTable, seat: SeatRow, note: Callable[[str], str] | None = None) -> None:
    """Store one seat and tell everyone at the table, with ``note`` saying in words what happened."""
    with db_refusal():
        t.row.active_at = await asyncio.to_thread(t.hub.store.set_seat, t.row.id, seat, epoch=t.epoch)
    t.row.seats[seat.seat] = seat
    await refresh_ratings(t)
    t._changed()
    await fanout.broadcast_table(t, note)
    fanout.tell_presence(t)


async def refresh_ratings(t: LiveTable) -> None:
    """At a rated table, read every seated player's and bot's rating in this game (the rating the table will
    change at its end); a newcomer has openskill's start, 0. Elsewhere nothing: ratings belong to rated play."""
    if not t.row.rated:
        return
    from wuerfel.server import ratings as rt

    who: dict[int, str] = {}
    for s in t.row.seats:
        if s.kind == "human" and s.player_id is not None:
            who[s.seat] = rt.player_identity(s.player_id)
        elif s.kind != "empty" and s.bot:
            who[s.seat] = rt.bot_identity(s.bot)
    store, game = t.hub.store, t.row.game

    def read() -> dict[int, float]:
        out = {}
        for seat, identity in who.items():
            mu, sigma, _ = store.ratings_of(identity).get(game, (None, None, 0))
            start = rt.initial(identity)
            out[seat] = round(
                (mu if mu is not None else start.mu) - 3 * (sigma if sigma is not None else start.sigma), 3
            )
        return out

    try:
        t.ratings = await asyncio.to_thread(read)
    except Exception:  # a rating is an ornament of the seat list: it never stops seating or a load
        log.exception("the ratings of table %s could not be read", t.row.id)
    t._changed()


async def start(t: LiveTable, player: Player, seed: object = None) -> None:
    """The host starts the game (a command of the core, :class:`~wuerfel.server.core.steps.Start`): the seats'
    seeds and the first throw's commitment are fixed first, since the record's meta and the dice carry them; a
    refused start leaves the table's dice as they were."""
    async with t.lock:
        dice, secrets = t.dice, t.secrets
        serverdice.fix_seeds(t, player, seed)
        try:
            cmd = Start(
                player.id,
                tuple(tablerecord.player_names(t)),
                t.info.rules_from_dict(t.row.rules),
                tablerecord.record_meta(t),
            )
            step = t.core.handle(cmd, clocks.now(), serverdice.dice(t))
        except BaseException:
            t.dice, t.secrets = dice, secrets
            raise
        if step.refused is not None:
            t.dice, t.secrets = dice, secrets
            raise step.refused.error
        for c in t.conns:
            c.last_seq = 0  # everyone reads the game from its first event
        await t._run(step)
    t._schedule()


async def resign(t: LiveTable, player: Player, seat: object) -> None:
    """The player gives up in ``seat``: the game ends at once with that seat last and the loser (see
    :func:`result_json`).

    Resigning is a table event, not a move of the game: no game has a "resign" action and the engine's record
    folds only its own moves and throws. So the log of moves stays exactly as played, and the resignation is
    stored with the table (``game_tables.resigned``, written together with the status ``finished``): a restart,
    the replay and the record download (``meta.resigned``) all read it from there. Only a person sitting in the
    seat may resign it — not the host for somebody else, and not for a bot.
    """
    async with t.lock:
        step = t.core.handle(Resign(player.id, seat), clocks.now(), serverdice.dice(t))
        if step.refused is not None:
            raise step.refused.error
        assert step.resigned is not None
        with db_refusal():
            await asyncio.to_thread(t.hub.store.resign, t.row.id, step.resigned, epoch=t.epoch)
        t.core.stored(step)
        t._changed()
        for effect in step.effects:  # the timers stop (nothing is due any more), then everyone reads the end
            if isinstance(effect, Broadcast):
                await fanout.broadcast_state(t)
            elif isinstance(effect, ArmTimer | CancelTimer):
                clocks.timer(t, effect)
        eviction.maybe_evict(t)


async def rematch(t: LiveTable, player: Player) -> str:
    """A new table for the same game with the same rules and seats, asked for by a player of this finished one;
    returns its id. Only one rematch per table: whoever asks later (or twice) is given the same one.

    The asker hosts it and sits where he sat (every seat he held: a hot-seat or scorekeeper table comes back
    whole); bots keep their seats; the other people's seats wait for them. Everybody still at this table is
    told at once (the summary's ``rematch``), so each can take his seat there in one click.
    """
    async with t.lock:
        step = t.core.handle(Rematch(player.id, player.registered), clocks.now(), serverdice.dice(t))
        if step.refused is not None:
            raise step.refused.error
        if step.rematch is None:
            assert t.row.rematch is not None
            return t.row.rematch
        rows = [SeatRow(**dataclasses.asdict(c)) for c in step.rematch]
        r = t.row
        with db_refusal():
            new = await asyncio.to_thread(
                t.hub.store.create_table,
                r.game,
                r.rules_id,
                r.rules,
                r.num_seats,
                r.scorekeeper,
                r.private,
                player.id,
                rows,
                r.spectator_chat,
                r.hints,
                r.clock,
                r.move_seconds,
                r.on_expiry,
                r.rated,
            )
            await asyncio.to_thread(t.hub.store.set_rematch, r.id, new.id)
        if t.hub.node is not None:
            await t.hub.node.own(new.id)  # a new id: this worker runs it, under a lease like every table it runs
        t.hub.tables[new.id] = type(t)(t.hub, new)
        t.row.rematch = new.id
        t.core.stored(step)
        t._changed()
        if step.of(Broadcast):
            await fanout.broadcast_state(t)
    eviction.maybe_evict(t)  # loaded just for the rematch (nobody at it): it goes again
    return new.id


async def mute(t: LiveTable, host: Player, target: object, muted: object) -> None:
    """The host mutes a spectator (``muted`` true) or lets him write again: stored with the table, so it holds
    across a restart and for every tab of his; everyone at the table reads it in words (the ``table`` message's
    ``note``). Only spectators are muted: a player at the table is part of the game and may always speak."""
    async with t.lock:
        step = t.core.handle(Mute(host.id, target, muted), clocks.now(), serverdice.dice(t))
        who = None
        if step.muted is not None:
            who = await asyncio.to_thread(t.hub.store.get_player, step.muted[0])
            if who is None:
                raise TableError("not_found", N_("There is no such player."), 404)
        await run_seating(t, step, who)


async def give_back(t: LiveTable, player: Player, skip: Conn | None = None) -> bool:
    """The player is back: every seat of his a stand-in plays is his again (the core's
    :class:`~wuerfel.server.core.steps.ComeBack`), with a full limit for a move of his that is due, and every seat
    reads it (call with the lock held). False: no stand-in played for him."""
    step = t.core.handle(ComeBack(player.id), clocks.now(), serverdice.dice(t))
    return await store_back(t, step, skip)


async def store_back(t: LiveTable, step: Step, skip: Conn | None = None) -> bool:
    """Store a :class:`ComeBack` step (or a :class:`~wuerfel.server.core.steps.Join`'s): the seats a stand-in gave
    back and the deadline, then the timers, and every seat reads it (call with the lock held). False: no seat."""
    if not step.standins:
        return False
    named = {seat: t._named(seat) for seat, _ in step.standins}
    for seat, kind in step.standins:
        with db_refusal():
            await asyncio.to_thread(t.hub.store.set_standin, t.row.id, seat, kind, epoch=t.epoch)
    if step.deadline is not None:
        with db_refusal():
            await asyncio.to_thread(t.hub.store.set_deadline, t.row.id, *step.deadline, epoch=t.epoch)
    t.core.stored(step)
    t._changed()
    for effect in step.effects:  # a person's throw and the table's clock, armed anew
        if isinstance(effect, ArmTimer | CancelTimer):
            clocks.timer(t, effect)

    def back(seat: int) -> Note:
        return seat_note(BACK_NOTE, seat, named[seat])

    for seat in named:
        await fanout.broadcast_state(t, back(seat), skip=skip)
    return True


async def come_back(t: LiveTable, conn: Conn) -> None:
    """The ``back`` message: a player whose seat a stand-in plays takes it again from the open page."""
    async with t.lock:
        if conn.player is None or not await give_back(t, conn.player):
            await t._error(conn, "not_away", N_("No computer is playing for you at this table."))


async def abandon(t: LiveTable, player: Player) -> None:
    """A guest logged out: the core's :class:`~wuerfel.server.core.steps.Logout` says what becomes of his seats.
    Before the start each is left, stored and told one by one as before; in a running game the table's setting
    decides (:func:`clocks.expire_seats`: a stand-in bot for good, or a forfeit)."""
    async with t.lock:
        step = t.core.handle(Logout(player.id), clocks.now(), serverdice.dice(t))
        if step.idle:
            return
        notes = step.of(TellTable)
        for change, tell in zip(step.left, notes, strict=True):
            before = {change.seat: t._named(change.seat)}
            with db_refusal():
                row = t.core.seat_row(change)
                t.row.active_at = await asyncio.to_thread(t.hub.store.set_seat, t.row.id, row, epoch=t.epoch)
            t.core.stored(Step(step.old_len, left=(change,)))
            await refresh_ratings(t)
            t._changed()
            await fanout.broadcast_table(t, seating_note(t, tell, before, None))
            fanout.tell_presence(t)
        for up in step.of(TimeUp):
            await t._expire_seats(list(up.seats), up.why)
    if step.of(TimeUp):
        t._schedule()


def standin_kind(t: LiveTable) -> str:
    """The bot that plays a person's seat while he is away (see :func:`wuerfel.server.core.seating.standin_kind`:
    never an exact bot at a rated table)."""
    from wuerfel.bots import available_bots, default_bot

    return seating.standin_kind(available_bots(t.row.game), t.row.rated, default_bot(t.info))
