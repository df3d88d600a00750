"""Bots and stand-ins at a live table: making them (off the loop, under the build caps), letting them move with a
pause people can follow, and going on after a restart or a failed commit.

Functions of the table (:class:`~wuerfel.server.live.LiveTable`); which seat a bot plays now is the sans-IO core's
answer (:func:`wuerfel.server.core.timing.bot_to_act`), this module only runs it.
"""

from __future__ import annotations

import asyncio
import functools
import json
import logging
import math
import secrets
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

from wuerfel.bots.base import RandomBot
from wuerfel.engine.errors import N_
from wuerfel.engine.record import Event
from wuerfel.i18n import translate
from wuerfel.server import clocks, fanout, serverdice
from wuerfel.server.builds import BuildBusy
from wuerfel.server.core import timing
from wuerfel.server.core.steps import BotMove, Resume, Step
from wuerfel.server.messages import db_unavailable, retry_pause

if TYPE_CHECKING:
    from wuerfel.server.live import LiveTable
    from wuerfel.server.rows import SeatRow

log = logging.getLogger("wuerfel.server")

T = TypeVar("T")


LIGHT_BOTS = frozenset({"random", "heuristic"})
"""Bots that build no tables (made at once, outside the build caps); the others may build for their rule set."""
BUILD_RETRY = 15.0
"""Seconds before a bot refused by a build cap is asked for again (a lighter bot plays its seat meanwhile)."""
BUILD_NOTICE_AFTER = 2.0
"""Seconds a bot's build may take before the table is told the computer is computing (issue 24 re-audit: on a fresh
cache Escalero's optimal bot showed "würfelt …" for over a minute and nothing said why; the terminal had a progress
bar). A build read from the disk cache is quicker and says nothing."""
BUILDING = N_("The computer is computing its tables for these rules; the first time this can take a minute or two.")


THROW_PAUSE = 2.0
"""A bot's pause after dice fell, in bot delays: the dice tumble for 0.9 s, and bots that threw again after the
0.6 s of a decision cut every tumble short (issue 24, web U5); 2 × 0.6 s lets people see each throw."""


def bot_pause(delay: float, last: Event | None, window: float | None = None) -> float:
    """How long a bot waits before its next move or throw: ``delay`` (``--bot-delay``) after a decision, longer after
    a throw of dice (:data:`THROW_PAUSE`), and at a node with a time window at most a quarter of it (a bot decides
    well inside the window, however long the pause for people is)."""
    threw = (
        last is not None
        and last.type == "chance"
        and isinstance(last.data, dict)
        and isinstance(last.data.get("dice"), list)
    )
    pause = delay * THROW_PAUSE if threw else delay
    return min(pause, window / 4) if window is not None else pause


async def ready_bots(t: LiveTable) -> dict[int, Any]:
    """The bots of this match, made on first need, off the loop and outside the table lock.

    Making a bot can take long: on a fresh machine the learned Würfelspiel player compiles its kernels first
    (20 s and more), the Escalero optimal bot solves new rules. Made at start, that held the host's start request
    (an HTTP timeout on a busy machine) and, under the lock, every move at the table; made here, only the bot's own
    first move waits for it.

    Bots that build tables are made in the hub's build threads under its caps (:mod:`wuerfel.server.builds`);
    over a cap the game's rule-of-thumb bot (else the random bot) plays the seat meanwhile, and the build is
    asked for again every :data:`BUILD_RETRY` seconds.
    """
    from wuerfel.bots import available_bots, bot_runs, default_bot, make_bot

    m = t.match
    async with t._bot_making:
        seats = tuple((s.seat, kind) for s in t.row.seats if (kind := bot_kind(s)) is not None)
        now = time.monotonic()
        retry = any(at <= now for at in t._bots_stand_in.values())
        if m is not None and (t._bots_for is not m or t._bots_seats != seats or retry):
            # A stand-in that took a seat gets its bot; the bots already playing keep theirs (and their memory).
            keep = t.bots if t._bots_for is m else {}
            old = dict(t._bots_seats) if t._bots_for is m else {}
            lighter = t._bots_stand_in if t._bots_for is m else {}
            wanted = {
                seat: kind
                for seat, kind in seats
                if not (old.get(seat) == kind and seat in keep and lighter.get(seat, math.inf) > now)
            }
            heavy = {seat: kind for seat, kind in wanted.items() if kind not in LIGHT_BOTS}
            light = {seat: kind for seat, kind in wanted.items() if kind in LIGHT_BOTS}
            made: dict[int, Any] = {}
            stand_in = {seat: at for seat, at in lighter.items() if seat in keep and seat not in wanted}
            game_id = t.row.game

            def make(kinds: dict[int, str]) -> dict[int, Any]:
                # A seat's bot that needs the extra ``solvers``, on a worker without it (a table taken over or
                # restored here): the game's best bot that runs plays the seat, said in the log, never a traceback.
                return {
                    seat: make_bot(
                        game_id, kind if bot_runs(t.info, kind) else default_bot(t.info), m.game, secrets.randbits(32)
                    )
                    for seat, kind in kinds.items()
                }

            if heavy:
                told = asyncio.get_running_loop().create_task(tell_when_slow(t))
                try:
                    made.update(await build(t, functools.partial(make, heavy), build_address(t)))
                except BuildBusy as exc:
                    fallback = "heuristic" if "heuristic" in available_bots(game_id) else "random"
                    log.info(
                        "table %s: %s bot(s) not built now (%s cap); %s plays meanwhile",
                        t.row.id,
                        ",".join(sorted(set(heavy.values()))),
                        exc.reason,
                        fallback,
                    )
                    light.update({seat: fallback for seat in heavy})
                    stand_in.update({seat: now + BUILD_RETRY for seat in heavy})
                finally:
                    told.cancel()
            if light:
                made.update(await t.hub.builds.move(make, light))
            t.bots = {seat: made[seat] if seat in made else keep[seat] for seat, _ in seats}
            t._bots_stand_in = stand_in
            t._bots_for = m
            t._bots_seats = seats
    return t.bots


async def tell_when_slow(t: LiveTable) -> None:
    """Tell the table, once :data:`BUILD_NOTICE_AFTER` seconds have passed, that its bots are being computed (the
    caller cancels this when the build ends first). The notice stays until the bot's first move clears it."""
    await asyncio.sleep(BUILD_NOTICE_AFTER)
    await fanout.broadcast_table(t, note=lambda lang: translate(BUILDING, lang))


async def build(t: LiveTable, fn: Callable[[], T], address: str) -> T:
    """Run ``fn`` (it makes bots or the advisor) as a build of this table's rule set for ``address``: a made-up
    rule set is held for this table first (:meth:`BuildGate.hold`), then built under the caps; either may
    refuse with :class:`BuildBusy`."""
    gate, key, preset = t.hub.builds, build_key(t), preset_rules(t)
    newly = not preset and gate.hold(key, t.row.id, address)
    try:
        return await gate.build(key, address, fn, budgeted=not preset)
    except BaseException:
        if newly:
            gate.release(key, t.row.id)
        raise


def bot_kind(s: SeatRow) -> str | None:
    return s.bot or s.standin


def bot_to_act(t: LiveTable) -> int | None:
    return timing.bot_to_act(t.state, t.over, t.throw_due(), t.row.seats)


def schedule(t: LiveTable) -> None:
    if bot_to_act(t) is not None and (t.driver is None or t.driver.done()):
        t.driver = asyncio.get_running_loop().create_task(drive(t))


async def drive(t: LiveTable) -> None:
    """Let the bots play their seats, one move at a time, pausing so people can follow.

    A move whose commit fails (disk full, database locked from outside) is undone in memory, reported to the
    table and tried again after a growing pause, for as long as it takes: the table goes on by itself once the
    database can be written again.
    """
    backoff = 0.0
    while True:
        st = t.state
        dl = st.deadline() if st is not None else None
        last = t.match.record.events[-1] if t.match is not None and t.match.record.events else None
        delay = max(bot_pause(t.hub.bot_delay, last, dl.seconds if dl is not None else None), backoff)
        if delay > 0:
            await asyncio.sleep(delay)
        bots = await ready_bots(t)
        async with t.lock:
            seat = bot_to_act(t)
            if seat is None or t.match is None:
                return
            m = t.match
            if t._bots_for is not m or seat not in bots:
                continue  # the match or the stand-ins changed while the bots were made: make the new ones
            state = m.state
            dice = serverdice.dice(t)
            if state.is_chance():
                # The bot's own throw, after the same pause as its moves.
                try:
                    step = t.core.handle(BotMove(seat, None), clocks.now(), dice)
                except Exception:
                    log.exception("the throw of bot seat %d at table %s failed", seat, t.row.id)
                    return
                backoff = await commit_or_back_off(t, step, backoff, "a bot's throw")
                continue
            bot = bots.get(seat) or RandomBot(secrets.randbits(32))
            try:
                action = await t.hub.builds.move(bot.choose, state, seat)
                step = t.core.handle(BotMove(seat, action), clocks.now(), dice)
                if step.refused is not None:
                    raise step.refused.error
            except Exception:
                # A broken bot (or one that picked an illegal move) must not stall the table: this move is
                # made by the random bot instead, which only ever picks a legal action.
                log.exception("bot %s at table %s failed; a random move stands in", bot, t.row.id)
                try:
                    action = RandomBot(secrets.randbits(32)).choose(state, seat)
                    step = t.core.handle(BotMove(seat, action), clocks.now(), dice)
                    if step.refused is not None:
                        raise step.refused.error
                except Exception:
                    log.exception("no move possible for seat %d at table %s", seat, t.row.id)
                    return
            backoff = await commit_or_back_off(t, step, backoff, "a bot move")


async def commit_or_back_off(t: LiveTable, step: Step, backoff: float, what: str) -> float:
    """Store a bot's step (``what`` names it in the log) and return the driver's pause before its next try: none when
    it was stored; else the move was undone in memory, the table is told the database failed, and the pause grows
    (:func:`retry_pause`) so the bot tries again until the database takes it, without hammering it meanwhile."""
    try:
        await t._run(step)
    except Exception:
        log.exception("committing %s at table %s failed; trying again", what, t.row.id)
        fanout.report_db_failure(t)
        return retry_pause(backoff)
    return 0.0


async def resume(t: LiveTable) -> None:
    """After a restart: throw the dice the server owed when it stopped (nobody's throws), then let the bots go on
    (a bot's pending throw included); a person's pending throw stays his to ask for. A commit that fails is
    retried with a growing pause until the database takes it."""
    backoff = 0.0
    while True:
        async with t.lock:
            if t.match is None or not t.match.state.is_chance() or t.row.scorekeeper or t.over:
                break
            if t.throw_due() is not None:
                break  # a person's throw stays his to ask for (its window is open); a bot throws after its pause
            try:
                await t._run(t.core.handle(Resume(), clocks.now(), serverdice.dice(t)))
                break
            except Exception as exc:
                if not db_unavailable(exc):
                    log.exception("table %s could not be resumed", t.row.id)
                    return
                log.warning("resuming table %s: the database cannot be written; trying again", t.row.id)
                backoff = retry_pause(backoff)
                fanout.report_db_failure(t)
        await asyncio.sleep(backoff)
    schedule(t)


def preset_rules(t: LiveTable) -> bool:
    """Whether the table plays one of the game's named rule sets unchanged (their tables are shared by all)."""
    try:
        return not t.row.rules or t.row.rules == t.info.resolve(t.row.rules_id).data
    except Exception:
        return False


def build_key(t: LiveTable) -> tuple[str, str]:
    """The rule set's key for the build caps: the game and its rules document (bots and advisors of one rule
    set share their tables, :mod:`wuerfel.engine.shared`)."""
    return t.row.game, json.dumps(t.row.rules, sort_keys=True, ensure_ascii=False)


def build_address(t: LiveTable) -> str:
    """The client address this table's builds are counted for: its host's (a table restored with nobody
    connected yet: the host's id stands for it)."""
    host = t.row.host_id
    return t.addresses.get(host, f"player:{host}") if host is not None else "server"
