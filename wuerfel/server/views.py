"""What each reader of a live table is told: the state message, the events as his seat sees them, the summary, the
clocks as clients read them, and the seats' names in words.

Functions of the table (:class:`~wuerfel.server.live.LiveTable`) that only read it: kept apart so the table's class
is about what changes it. The table keeps a one-line alias for each one other modules call (``table.summary()``).
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, cast

from wuerfel.engine import fairdice
from wuerfel.engine.components import You, components_json
from wuerfel.engine.errors import N_
from wuerfel.engine.game import Outcome, Roll, State
from wuerfel.i18n import LANGUAGES, second_person, translate
from wuerfel.server.core.readers import CATCH_UP
from wuerfel.server.core.seating import bot_numbers
from wuerfel.server.messages import PROTOCOL_VERSION, encode, person_name
from wuerfel.server.narration import event_extras
from wuerfel.server.protocol import (
    DeadlineWindow,
    DiceData,
    EventLine,
    LegalMove,
    ManualEntry,
    MoveClock,
    Result,
    StateMessage,
    Summary,
    ThrowDue,
)

if TYPE_CHECKING:
    from wuerfel.server.live import Conn, LiveTable

log = logging.getLogger("wuerfel.server")

SPECIAL_OUTCOME_LABELS = {"void": N_("Void throw")}
MAX_CHOICES = 12
"""Scorekeeper tables list every possible outcome as a one-tap choice when there are at most this many (one die,
a lot for the first player); five dice (252 outcomes) are typed as faces instead."""
MAX_NON_DICE_CHOICES = 200
"""A node that throws no dice (a lot) has nothing to tap as faces: its outcomes are always listed (up to this many,
far more than any table has seats)."""


async def send_state(
    t: LiveTable, conn: Conn, cache: dict[Any, Any], first: bool = False, note: str | None = None, quiet: bool = False
) -> None:
    """Queue the state for ``conn``: its view, its legal moves and the events it was told of since its last
    message, numbered in its own ``seq`` (:meth:`~wuerfel.server.live.LiveTable.reader_seq`).

    ``quiet`` (a broadcast after moves): a reader told of none of the new events gets nothing at all, so a sealed
    stake changes nothing he can observe (issue 24, M1). Each kind of reader — a seat's connections, everyone
    without a seat — who saw the same events reads the same message, encoded once per broadcast (issue 24, L6:
    a hundred spectators cost one encoding, not a hundred)."""
    assert t.match is not None
    state = t.match.state
    lang = conn.lang
    mine = t.seats_of(conn.player) if conn.player is not None else []
    reader = t.reader_of(mine) if mine else ()
    seq = cache.get("committed")
    if seq is None:
        seq = cache["committed"] = t.committed
    include_table = conn.table_version != t.version
    # Where this reader stands, worked out once per broadcast for all readers of its kind at the same point.
    pkey = ("at", reader, min(max(conn.last_seq, 0), seq))
    at = cache.get(pkey)
    if at is None:
        at = cache[pkey] = t.readers.catch_up(reader, conn.last_seq, seq, CATCH_UP)
    rseq, unchanged, skipped, rstart, start = at.seq, at.unchanged, at.skipped, at.first_seq, at.start
    if quiet and unchanged and not first and not include_table and start < seq:
        conn.last_seq = seq  # nothing he may know of happened: not even a message says that something did
        return
    shared_key: tuple[Any, ...] | None = None
    if not first:
        shared_key = (
            "encoded",
            reader,
            conn.want_seat if len(mine) > 1 else None,
            lang,
            start,
            skipped,
            note,
            conn.base_url if include_table else None,
        )
        encoded = cache.get(shared_key)
        if encoded is not None:
            conn.last_seq = seq
            if include_table:
                conn.table_version = t.version
            conn.push(encoded)  # the hot path of a broadcast: a queue append per reader, nothing more
            return
    actors = () if t.row.resigned is not None else state.actors()
    due = t.throw_due()
    seat = view_seat(t, conn, mine, actors if due is None else (due,))
    key = ("view", seat)
    view = cache.get(key)
    if view is None:
        view = cache[key] = state.view(seat)
    legal: list[dict[str, Any]] = []
    for s in mine:
        if s in actors:
            lkey = ("legal", s, lang)
            got = cache.get(lkey)
            if got is None:
                got = cache[lkey] = [
                    {"seat": s, "action": a.to_json(), "label": state.describe_offer(a, lang)}
                    for a in state.legal_actions(s)
                ]
            legal.extend(got)
    events = reader_events(t, reader, seat, lang, cache, start, seq, rstart)
    conn.last_seq = seq
    manual = None
    if t.row.scorekeeper and state.is_chance() and not t.over:
        mkey = ("manual", lang)
        manual = cache.get(mkey)
        if manual is None:
            manual = cache[mkey] = manual_entry(t, state, lang)
    ckey = ("components", seat, lang)
    components = cache.get(ckey)
    if components is None:
        components = cache[ckey] = components_of(t, state, seat, lang)
    terminal = t.over
    result = t.result()
    msg: StateMessage = {
        "v": PROTOCOL_VERSION,
        "type": "state",
        "seq": rseq,
        "seat": seat,
        "my_seats": mine,
        "view": view,
        "components": components,
        "events": events,
        "legal": cast("list[LegalMove]", legal),
        "to_move": list(actors),
        "manual": manual,
        "finished": terminal,
        "winners": result["winners"],
        "result": cast("Result", result),
        "deadline": deadline_json(t, lang),
        "throw": throw_json(t, due),
        "online": online_once(t, cache),
        "clock": clock_json(t),
    }
    if note:
        msg["note"] = note
    if skipped:
        msg["skipped"] = skipped
    if include_table:
        msg["table"] = summary(t, conn.base_url, reader)
        conn.table_version = t.version
    if shared_key is not None:
        text = cache[shared_key] = encode(msg)
        await t._send(conn, text)
        return
    msg["chat"] = t._chat_history()
    if t.dice is not None:
        # Provably fair dice: the seats' seeds, the combined seed and the first throw's commitment (every
        # later commitment comes in the proof of the event before its throw).
        msg["dice"] = cast("DiceData", t.dice)
    await t._send(conn, msg)


def view_seat(t: LiveTable, conn: Conn, mine: list[int], actors: tuple[int, ...]) -> int | None:
    if conn.want_seat is not None and conn.want_seat in mine:
        return conn.want_seat
    for s in mine:
        if s in actors:
            return s
    return mine[0] if mine else None


def reader_events(
    t: LiveTable,
    reader: tuple[int, ...],
    seat: int | None,
    lang: str,
    cache: dict[Any, Any],
    start: int,
    end: int,
    rstart: int,
) -> list[EventLine]:
    """The events ``start`` … ``end`` of the log that ``reader`` was told of, as ``seat`` sees them now, each
    numbered in his own ``seq`` (the first one ``rstart + 1``). An event kept from him when it happened never
    turns up in his list, not even after it was uncovered: the uncovering event lists it under ``uncovered``
    (without a ``seq`` of his, which it never had)."""
    out: list[EventLine] = []
    r = rstart
    for i in range(start, end):
        if not t.told(reader, i):
            continue
        r += 1
        e = event_json(t, i, seat, lang, cache)
        if e is None:
            continue  # a person holding several seats: told at another seat than the one his view shows
        e["seq"] = r
        for u in e.get("uncovered", ()):
            # event_json numbers what an event uncovers in log positions (1-based); here they become the reader's.
            j = cast(int, u["seq"]) - 1
            u["seq"] = t.reader_seq(reader, j + 1) if t.told(reader, j) else None
        out.append(e)
    return out


def online_once(t: LiveTable, cache: dict[Any, Any]) -> list[int]:
    """:func:`fanout.online`, worked out once per broadcast."""
    got = cache.get("online")
    if got is None:
        got = cache["online"] = t.online()
    return list(got)


def event_json(
    t: LiveTable, i: int, seat: int | None, lang: str, cache: dict[Any, Any], uncovered: bool = True
) -> EventLine | None:
    """Event ``i`` as ``seat`` may see it now: in full, redacted as the game states, or ``None`` (not told);
    with whose throw it was, what it brought about and (``uncovered``) the moves it uncovers for the seat
    (:mod:`wuerfel.server.narration`)."""
    assert t.match is not None
    ev = t.match.record.events[i]
    shown = t.hidden.view(i, seat)
    if shown.show == "none":
        return None
    if not shown.full:
        out = {
            "seq": i + 1,
            "type": ev.type,
            "player": ev.player if shown.player else None,
            "data": shown.data,
            "hidden": True,
            "label": translate(shown.label, lang) if shown.label else "",
        }
        if ev.proof is not None:
            out["proof"] = fairdice.public_proof(ev.proof)  # the commitment, never the secret of a hidden throw
        out.update(event_extras(t, i, seat, lang, cache, uncovered))
        return cast("EventLine", out)
    key = ("label", i, lang)
    label = cache.get(key)
    if label is None:
        label = cache[key] = event_label(t, i, lang)
    if ev.type == "chance" and seat is not None and ev.data.get("kind") == "lot" and ev.data.get("seat") == seat:
        label = second_person(label, seat_names(t, lang)[seat], lang)  # "Du bist der erste Macher" (web L5)
    out = {"seq": i + 1, "type": ev.type, "player": ev.player, "data": ev.data, "label": label}
    if ev.proof is not None:
        out["proof"] = ev.proof
    out.update(event_extras(t, i, seat, lang, cache, uncovered))
    return cast("EventLine", out)


def components_of(t: LiveTable, state: State, seat: int | None, lang: str) -> list[dict[str, Any]]:
    """What ``seat`` sees on the table, translated into the reader's language with the seats' names: the web
    table draws it without a catalogue. A game whose components cannot be made must not stop the table: the
    page then draws the seats alone (the view and the moves still arrive)."""
    names: list[str] = list(seat_names(t, lang))
    if seat is not None and 0 <= seat < len(names):
        # the reader's own seat: a line about it reads "Du bist am Zug als Macher", not "Anna ist …" (web L5)
        names[seat] = You(names[seat])
    try:
        return components_json(state.components(seat), lang, names)
    except Exception:
        log.exception("no components for table %s at seq %d", t.row.id, t.seq)
        return []


def event_label(t: LiveTable, i: int, lang: str) -> str:
    """The label of event ``i``, described in the state it was applied to."""
    assert t.match is not None
    game = t.match.game
    ev = t.match.record.events[i]
    obj = t.objs[i]
    try:
        if ev.type == "action":
            return t.before[i].describe_action(obj or game.action_from_json(ev.data), lang)
        return outcome_label(t.before[i], obj or game.outcome_from_json(ev.data), lang, seat_names(t, lang))
    except Exception:
        log.exception("no label for event %d of table %s", i, t.row.id)
        return ""


def manual_entry(t: LiveTable, state: State, lang: str) -> ManualEntry:
    """How the scorekeeper enters the outcome of this chance node: the number of dice (with the dice that stand
    beside them and whose throw it is), one-tap special outcomes (a void throw), and every possible outcome as a
    choice when there are few or when the node throws no dice at all (a lot): every node can be entered."""
    outcomes = state.chance_outcomes()
    possible = [o for o, p in outcomes if p > 0]
    dice = state.dice_to_throw()
    names = seat_names(t, lang)
    few = len(possible) <= MAX_CHOICES or (dice <= 0 and len(possible) <= MAX_NON_DICE_CHOICES)
    return {
        "dice": dice,
        "thrower": state.thrower(),
        "kept": list(state.dice_standing()),
        "special": [
            {"outcome": o.to_json(), "label": outcome_label(state, o, lang, names)} for o, p in outcomes if p == 0
        ],
        "choices": [{"outcome": o.to_json(), "label": outcome_label(state, o, lang, names)} for o in possible]
        if few
        else None,
    }


def seat_names(t: LiveTable, lang: str) -> list[str]:
    """The seats as the pages call them (a bot as "Computer (Faustregel)", its kind in words), for labels and
    table components that name a seat ("Anna beginnt" rather than "Platz 1 beginnt")."""
    from wuerfel.bots import bot_label

    nums = bot_numbers(t.row.seats)
    out = []
    for s in t.row.seats:
        if s.bot:
            kind = bot_label(s.bot, lang)
            out.append(
                translate("Computer {n} ({bot})", lang, n=nums[s.seat], bot=kind)
                if s.seat in nums
                else translate("Computer ({bot})", lang, bot=kind)
            )
        else:
            out.append(s.name or translate("Seat {n}", lang, n=s.seat + 1))
    return out


def seat_label(t: LiveTable, seat: int, lang: str) -> str:
    """The seat as messages in words name it: its name on the pages, a guest's marked "(Gast)" like in the
    chat and on the seat list, so a guest never passes for a registered player in a note either."""
    s = t.row.seats[seat]
    name = seat_names(t, lang)[seat]
    return person_name(name, s.guest, lang) if s.kind == "human" else name


def named(t: LiveTable, seat: int) -> Callable[[str], str]:
    """The seat's message name (:func:`seat_label`) as it is now, in every language: a note is worded after
    the seating changed (the seat left, a stand-in came), so its name is taken before."""
    names = {lang: seat_label(t, seat, lang) for lang in LANGUAGES}
    return lambda lang: names.get(lang, names[LANGUAGES[0]])


def outcome_label(state: State, o: Outcome, lang: str, names: Sequence[str] = ()) -> str:
    """The game's own description when it has one; else the faces, or our name for a common special outcome."""
    if type(state).describe_outcome is State.describe_outcome and not isinstance(o, Roll):
        msgid = SPECIAL_OUTCOME_LABELS.get(o.kind)
        if msgid:
            return translate(msgid, lang)
    return state.describe_outcome(o, lang, names=list(names))


def throw_json(t: LiveTable, due: int | None) -> ThrowDue | None:
    """Whose throw the table waits for, as sent to clients; for a person also when the server throws for him."""
    if due is None:
        return None
    bot = t._is_bot(due)
    out: ThrowDue = {"seat": due, "bot": bot, "seconds": None, "at": None, "left": None}
    if not bot and t.throw_at is not None:
        out["seconds"] = t.hub.throw_wait
        out["at"] = round(t.throw_wall, 3)
        out["left"] = round(max(0.0, t.throw_at - asyncio.get_running_loop().time()), 3)
    return out


def deadline_json(t: LiveTable, lang: str) -> DeadlineWindow | None:
    """The open window as sent to clients: its length, when it closes (server's Unix time) and what is left."""
    st = t.state
    if t.clock_at is None or st is None:
        return None
    dl = st.deadline()
    if dl is None:
        return None
    left = max(0.0, t.clock_at - asyncio.get_running_loop().time())
    return {
        "seconds": dl.seconds,
        "at": round(t.clock_wall, 3),
        "left": round(left, 3),
        "what": translate(dl.what, lang) if dl.what else "",
        "on_expiry": dl.on_expiry.to_json(),
    }


def clock_json(t: LiveTable) -> MoveClock | None:
    """The running move's clock as sent to clients (protocol 6): whose it is, the nominal limit, the real one
    (scaled on a test server), when it runs out (server's Unix time), what is left, and what happens then."""
    at = t._deadline_wall()
    if at is None:
        return None
    if t.move_at is not None:
        left = t.move_at - asyncio.get_running_loop().time()
    else:
        left = at - time.time()
    return cast(
        "MoveClock",
        {
            "kind": t.row.clock,
            "seconds": t.row.move_seconds,
            "limit": t.move_limit(),
            "at": at,
            "left": round(max(0.0, left), 3),
            "seats": t.move_due(),
            "on_expiry": t.row.on_expiry,
        },
    )


def summary(t: LiveTable, base_url: str = "", reader: tuple[int, ...] = ()) -> Summary:
    """The table summary; its ``seq`` is ``reader``'s (default: a spectator's, the public count)."""
    if t._summary is None:
        numbers = bot_numbers(t.row.seats)
        t._summary = {
            "id": t.row.id,
            "game": t.row.game,
            "game_name": t.info.name_de,
            "rules_id": t.row.rules_id,
            "status": t.row.status,
            "scorekeeper": t.row.scorekeeper,
            "private": t.row.private,
            "host": t.row.host_id,
            "created_at": t.row.created_at.strftime("%Y-%m-%dT%H:%M:%SZ"),
            "spectator_chat": t.row.spectator_chat,
            "muted": sorted(t.muted),
            "hints": t.row.hints,
            "rated": t.row.rated,
            "advisor": t.info.advisor is not None,
            "seats": [
                {
                    "seat": s.seat,
                    "kind": s.kind,
                    "player_id": s.player_id,
                    "name": s.name,
                    "bot": s.bot,
                    "bot_number": numbers.get(s.seat),
                    "guest": s.guest,
                    "standin": s.standin,
                    "rating": t.ratings.get(s.seat),
                }
                for s in t.row.seats
            ],
            "clock": {"kind": t.row.clock, "seconds": t.row.move_seconds, "on_expiry": t.row.on_expiry},
            "ended_by": t.row.ended_by,
            "url": f"/table/{t.row.id}",
        }
    out = dict(t._summary)
    out["seq"] = t.reader_seq(reader) if t.match is not None else 0
    out["result"] = t.result()
    out["winners"] = out["result"]["winners"]
    out["resigned"] = t.row.resigned
    out["deadline_at"] = t._deadline_wall()
    out["rematch"] = f"/table/{t.row.rematch}" if t.row.rematch else None
    out["invite_url"] = base_url.rstrip("/") + out["url"]
    out["online"] = t.online()
    out["spectators"] = t.spectators()
    return cast("Summary", out)
