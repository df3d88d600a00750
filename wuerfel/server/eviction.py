"""When a live table leaves memory: a finished one when its last reader goes, a running one that nobody touched
for a long while (:meth:`Hub.sweep`); its log and stored deadline are all there is to it, and
it is loaded again, the same table, when asked for.

Functions of the table (:class:`~wuerfel.server.live.LiveTable`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from wuerfel.server import botdriver, clocks

if TYPE_CHECKING:
    from wuerfel.server.live import LiveTable


def maybe_evict(t: LiveTable) -> None:
    """A finished table nobody watches leaves memory; it is loaded again from its log when asked for.

    Called after the last event was queued for every connection (the end of a step, a resignation) and when a
    connection leaves. What only a running game needs — its bots, the hint advisor — goes at once, even while
    people still look at the final position; the table itself stays while anybody is connected, so the chat
    and the rematch offer still reach everyone at it, and leaves with the last of them."""
    if t.row.status != "finished":
        return
    let_go(t)
    if not t.conns and t.hub.tables.get(t.row.id) is t:
        del t.hub.tables[t.row.id]
        if t.hub.node is not None:
            t.hub.node.forget(t.row.id)


def let_go(t: LiveTable) -> None:
    """Drop the bots and the advisor of a game that has ended (a strong Würfelspiel bot keeps its solved
    endgame, megabytes; the shared solver tables stay in :mod:`wuerfel.engine.shared` for the next table)."""
    t.bots = {}
    t._advisor = None
    t.hub.builds.let_go(t.row.id)


def idle(t: LiveTable, now: float) -> bool:
    """A running table that may leave memory (see :meth:`Hub.sweep`): nobody connected, nothing touched it for
    :attr:`Hub.idle_evict`, and nothing but the stored deadline of a person's move is pending — no bot or
    stand-in to act (a bot-only game is never dropped mid-game), no throw the server owes, no task at work, no
    game window or throw window open (those run in memory only; a reload would restart them). Its log and its
    stored deadline are all there is to it: reloaded, it is the same table."""
    if t.row.status != "playing" or t.match is None or t.over or t.conns:
        return False
    if now - t.touched_at < t.hub.idle_evict or now - t.used_at < t.hub.sweep_grace:
        return False
    if t.lock.locked() or t._bot_making.locked() or t._hinting:
        return False
    for task in (t.driver, t.resumer, t.timers.get("window"), t.timers.get("throw")):
        if task is not None and not task.done():
            return False
    if botdriver.bot_to_act(t) is not None:
        return False
    st = t.match.state
    # A throw nobody has to ask for is the server's to make at once: the table is not waiting, it is working.
    return not (st.is_chance() and t.throw_due() is None and not t.row.scorekeeper)


def drop_idle(t: LiveTable) -> float | None:
    """Stop this table's timers and leave memory (after :func:`idle` said so); returns when its stored deadline
    falls due (Unix time), for the hub to load it then (None: no table clock runs)."""
    at = clocks.deadline_wall(t)
    for task in t.timers.values():
        if not task.done():
            task.cancel()
    t.timers.clear()
    t.move_at = None
    let_go(t)
    if t.hub.tables.get(t.row.id) is t:
        del t.hub.tables[t.row.id]
    return at
