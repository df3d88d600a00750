"""A live table's game as a record: rebuilt from the committed log when the table is loaded, and handed out (with
the resignation and the chat) for downloads, the replay and the analysis.

Functions of the table (:class:`~wuerfel.server.live.LiveTable`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from wuerfel.engine.game import State
from wuerfel.engine.record import Event, EventViews, GameRecord, Match, event_object
from wuerfel.server.core.seating import bot_numbers
from wuerfel.server.rows import SeatRow
from wuerfel.server.store_log import Log

if TYPE_CHECKING:
    from wuerfel.server.live import LiveTable


def restore(t: LiveTable, events: list[Event] | Log) -> None:
    """Rebuild the match from the committed log, exactly: a fold of the events over the initial state."""
    if isinstance(events, Log):
        t.dice = events.dice
        t.secrets = dict(events.secrets)
        events = events.events
    record = GameRecord(
        game=t.row.game,
        rules_id=t.row.rules_id,
        rules=t.row.rules,
        players=player_names(t),
        events=list(events),
        meta=record_meta(t),
    )
    states = record.states()
    prev = next(states)
    game = record.make_game()
    hidden = EventViews()
    before: list[State] = []
    for ev, nxt in zip(record.events, states, strict=True):
        hidden.append(t._hidden(prev, event_object(game, ev), ev.player))
        before.append(prev)
        prev = nxt
    t.match = Match(game, record, prev)
    t.hidden = hidden
    t.before = before
    t.objs = [None] * len(before)
    t._changed()


def player_names(t: LiveTable) -> list[str]:
    """Names in the record: a bot is ``bot:KIND``, numbered like on the pages when its kind sits twice, so a
    downloaded record still tells the seats apart."""
    nums = bot_numbers(t.row.seats)

    def name(s: SeatRow) -> str:
        if s.bot:
            return f"bot:{s.bot}" + (f" {nums[s.seat]}" if s.seat in nums else "")
        return s.name or f"seat {s.seat}"

    return [name(s) for s in t.row.seats]


def record_meta(t: LiveTable) -> dict[str, object]:
    """``seats`` as the terminal writes them (``bot:KIND`` or ``human``): ``wuerfel play --load`` of a record
    downloaded from a table continues it with the same bots in their seats."""
    meta: dict[str, object] = {"table": t.row.id, "seats": [f"bot:{s.bot}" if s.bot else "human" for s in t.row.seats]}
    if t.dice is not None:
        meta["dice"] = t.dice
    return meta


def record(t: LiveTable) -> GameRecord:
    """The game's record as stored, with ``meta.resigned`` (the seat that gave up) when the game ended so: the
    events are the game's as far as it was played; the resignation is the table's, not a move of the game."""
    assert t.match is not None
    rec = t.match.record
    meta = dict(rec.meta)
    if t.row.resigned is not None:
        meta["resigned"] = t.row.resigned
        if t.row.ended_by and t.row.ended_by != "resigned":
            meta["ended_by"] = t.row.ended_by
    if t.chat:
        meta["chat"] = [m.to_json() for m in t.chat]
    if meta == rec.meta:
        return rec
    return GameRecord(
        game=rec.game, rules_id=rec.rules_id, rules=rec.rules, players=rec.players, events=rec.events, meta=meta
    )
