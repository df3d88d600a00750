"""Running tables nobody plays any more (issue 24, security report L1).

Unstarted tables leave the lobby after half an hour without a seating change (``app.idle_open``). Started ones
stayed "playing" and listed for ever: a script made a thousand tables (a guest and a bot each, started, the guest
never moving) in 28 s from many addresses, and with the lobby showing the newest 200, a few addresses kept every
real table out of it. Two rules now:

- **The lobby** lists a running table only while it is alive: one of its players is connected to it right now, or
  something happened at it (a move, a throw: the table's newest event) within :data:`RUNNING_IDLE` seconds
  (``WUERFEL_RUNNING_TABLE_IDLE``, default 30 minutes); a reader always sees his own. The time is read from the
  stored log, in the lobby's query before its limit (``Store.list_tables``), so a restart lists the same tables and
  idle ones cannot take the places of live ones. A table left out keeps its link, and its players find it under
  Meine Partien.
- **The end**: a public running table without a time control where nothing happened for :data:`ABANDON_AFTER`
  seconds (``WUERFEL_ABANDON_AFTER``, default 48 hours) is ended: the person it waits for loses it, stored like a
  forfeit with ``ended_by`` ``idle`` (the log stays exactly as played; the replay, the record and the archive show
  it). Nobody is connected to it then — a table with a player connected is left alone. Timed tables need no such
  rule (their clock ends or continues them); private and scorekeeper tables are never listed and are left to their
  people. :func:`end_abandoned_forever` checks every :data:`CHECK_EVERY` seconds, at most :data:`PER_PASS` tables
  a time (each is loaded from its log to know whose move it is).
"""

from __future__ import annotations

import asyncio
import datetime as dt
import logging
import os
from collections.abc import Sequence
from typing import TYPE_CHECKING

from wuerfel.engine.errors import N_
from wuerfel.i18n import translate
from wuerfel.server.messages import db_refusal
from wuerfel.server.rows import now

if TYPE_CHECKING:
    from wuerfel.server.hub import Hub
    from wuerfel.server.live import LiveTable

log = logging.getLogger("wuerfel.server")

RUNNING_IDLE = 30 * 60.0
"""Seconds without an event after which a running table nobody is connected to leaves the lobby."""
ABANDON_AFTER = 48 * 3600.0
"""Seconds without an event after which a public running table without a clock is ended (see the module)."""
CHECK_EVERY = 600.0
PER_PASS = 50

IDLE_NOTE = N_("Nothing happened at this table for {hours} hours: {name} loses the game.")


def running_idle() -> float:
    return float(os.environ.get("WUERFEL_RUNNING_TABLE_IDLE") or RUNNING_IDLE)


def abandon_after() -> float:
    return float(os.environ.get("WUERFEL_ABANDON_AFTER") or ABANDON_AFTER)


def waited_for(t: LiveTable) -> list[int]:
    """The people's seats the running game waits for (a decision, or the throw that is theirs)."""
    if t.match is None or t.over:
        return []
    st = t.match.state
    if st.is_chance():
        due = t.throw_due()
        seats = [due] if due is not None else []
    else:
        seats = list(st.actors())
    return [s for s in seats if 0 <= s < len(t.row.seats) and t.row.seats[s].kind == "human"]


async def end_idle(t: LiveTable, hours: int) -> bool:
    """End one abandoned table (see the module); False when it turned out alive or over meanwhile."""
    async with t.lock:
        if t.row.status != "playing" or t.row.clock != "none" or t.online():
            return False
        seats = waited_for(t)
        if not seats:
            return False
        seat = seats[0]
        with db_refusal():
            await asyncio.to_thread(t.hub.store.resign, t.row.id, seat, "idle", epoch=t.epoch)
        t.row.resigned = seat
        t.row.ended_by = "idle"
        t.row.status = "finished"
        t.row.deadline_at = t.row.deadline_seq = None
        t._changed()
        t._arm_clock()
        name = t._named(seat)

        def note(lang: str, mine: Sequence[int] = ()) -> str:
            # Nobody of the seats is connected when this runs (``t.online()`` above), so only spectators read it.
            return translate(IDLE_NOTE, lang, hours=hours, name=name(lang))

        await t._broadcast_state(note)
    t._maybe_evict()
    return True


async def end_abandoned(hub: Hub, after: float, limit: int = PER_PASS) -> int:
    """End the public running tables without a clock where nothing happened for ``after`` seconds; how many."""
    before = now() - dt.timedelta(seconds=after)
    ended = 0
    for table_id in await asyncio.to_thread(hub.store.stale_running_tables, before, limit):
        try:
            t = await hub.get(table_id)
            # a table another worker owns (a copy read from its log here) is that worker's to end
            if t is not None and hub.tables.get(table_id) is t and await end_idle(t, max(1, round(after / 3600))):
                ended += 1
                log.info("table %s ended: nothing happened for %.0f s", table_id, after)
        except Exception:
            log.exception("the abandoned table %s could not be ended", table_id)
    return ended


async def end_abandoned_forever(hub: Hub, every: float = CHECK_EVERY) -> None:
    while True:
        try:
            await end_abandoned(hub, abandon_after())
        except Exception:
            log.exception("looking for abandoned tables failed")
        await asyncio.sleep(every)
