"""What the move list says beside an event's label (docs/protocol.md, "events"): whose throw it was, what the event
brought about (:meth:`wuerfel.engine.game.State.announcements`) and, at the event that uncovers them, the moves a
seat was not told of before (the other punters' sealed stakes).

Kept apart from :mod:`wuerfel.server.live` so that the table's event JSON grows by one call; the live list and the
replay both take their events from :meth:`LiveTable._event_json`, so they say the same.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

from wuerfel.engine.components import You
from wuerfel.engine.narration import announce, texts, thrower_of

if TYPE_CHECKING:
    from wuerfel.engine.game import State
    from wuerfel.server.live import LiveTable

log = logging.getLogger(__name__)


def after_state(table: LiveTable, i: int) -> State | None:
    """The state event ``i`` led to (None while a later batch is not committed yet: nothing is said then)."""
    assert table.match is not None
    if i + 1 < len(table.before):
        return table.before[i + 1]
    if i + 1 == len(table.before) == len(table.match.record.events):
        return table.match.state
    return None


def event_extras(
    table: LiveTable, i: int, seat: int | None, lang: str, cache: dict[Any, Any], uncovered: bool = True
) -> dict[str, Any]:
    """``thrower``, ``announce`` and (with ``uncovered``: the live list, which never had them) ``uncovered`` of
    event ``i`` for ``seat``; only the keys that have something to say."""
    assert table.match is not None
    out: dict[str, Any] = {}
    reader = seat if seat is not None and 0 <= seat < len(table.row.seats) else None
    key = ("extras", i, lang, reader)  # one per player seat (its own lines in the second person), one for the rest
    public = cache.get(key)
    if public is None:
        public = cache[key] = _public(table, i, lang, reader)
    out.update(public)
    if uncovered:
        lines = []
        for j in table.hidden.uncovered(i, seat):
            ev = table.match.record.events[j]
            lines.append({"seq": j + 1, "type": ev.type, "player": ev.player, "label": table._label(j, lang)})
        if lines:
            out["uncovered"] = lines
    return out


def _names(table: LiveTable, lang: str, reader: int | None) -> list[str]:
    """The seats as the move list's own lines name them — a guest marked "(Gast)" as on every other line — and the
    reader's seat as :class:`You`, so a line about it reads "Du hast verloren", not "Anna hat verloren" (issue 24
    §3; the re-audit found the list's announcements still in the third person and without the guest mark)."""
    names: list[str] = [table.seat_label(s, lang) for s in range(len(table.row.seats))]
    if reader is not None:
        names[reader] = You(names[reader])
    return names


def _public(table: LiveTable, i: int, lang: str, reader: int | None = None) -> dict[str, Any]:
    """What a reader told of event ``i`` reads beside it: the thrower and the game's announcements, worded for
    ``reader``'s seat (None: a spectator's, or a seat's that is not the reader's)."""
    assert table.match is not None
    out: dict[str, Any] = {}
    before = table.before[i]
    obj = table.objs[i]
    try:
        if obj is None:
            ev = table.match.record.events[i]
            game = table.match.game
            obj = game.outcome_from_json(ev.data) if ev.type == "chance" else game.action_from_json(ev.data)
    except Exception:
        log.exception("event %d of table %s does not parse", i, table.row.id)
        return out
    thrower = thrower_of(before, obj)
    if thrower is not None:
        out["thrower"] = thrower
    after = after_state(table, i)
    if after is not None:
        lines = announce(before, obj, table.match.record.events[i].player, after)
        if lines:
            out["announce"] = texts(lines, lang, _names(table, lang, reader))
    return out
