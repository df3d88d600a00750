"""Hints at a live table (protocol 5): the advisor's rating of each choice, for the seat whose decision is due.

Functions of the table (:class:`~wuerfel.server.live.LiveTable`): the request is checked and the position taken under
the table's lock, the advice is worked out outside it in a worker thread (an advisor may think for a while).
"""

from __future__ import annotations

import functools
import logging
import math
import random
import secrets
from typing import TYPE_CHECKING, Any

from wuerfel.engine.advice import Advice, as_advice
from wuerfel.engine.errors import N_, WuerfelError
from wuerfel.engine.extras import solvers_needed
from wuerfel.engine.game import State
from wuerfel.i18n import translate
from wuerfel.server import botdriver
from wuerfel.server.messages import PROTOCOL_VERSION, error_json
from wuerfel.server.protocol import AdviceLine, HintMessage, HintRequest

if TYPE_CHECKING:
    from wuerfel.server.live import Conn, LiveTable

log = logging.getLogger("wuerfel.server")


def hint_number(x: float, lang: str, chance: bool = False) -> str:
    """A hint's value as the terminal shows it (``wuerfel.cli.render.decimal``): two decimals, a comma in German; a
    probability in percent with one decimal ("79,2 %"), as its loss is given in percentage points beside it (issue
    24, web U12: "0.79 (the maker's chance to win)" next to "11.9 percentage points below the best")."""
    text = f"{100 * x:.1f}\u202f%" if chance else f"{x:.2f}"
    return text.replace(".", ",") if lang == "de" else text


def is_chance(advice: Advice) -> bool:
    """Whether an advice's value is a probability: the advisor says so (``unit``), or its measure is one of the exact
    analysis's probabilities (a duel's winning chance, Craps' maker, a round's goal)."""
    if advice.unit == "chance":
        return True
    from wuerfel.engine.analysis import SCALES

    scale = SCALES.get(advice.measure)
    return scale is not None and scale.unit in ("probability", "win_probability")


async def hint(t: LiveTable, conn: Conn, msg: HintRequest) -> None:
    """Hints (protocol 5): the advisor's rating of each choice, sent to the asking connection alone.

    Only a seated player whose decision is due gets them, and only where the table allows hints. The advisor
    is given a state drawn from what that seat sees (``State.determinize``): for a game with secrets it never
    reads the others' hidden dice, so its advice cannot betray them. The state is taken under the table's lock
    and the advice computed outside it, in a worker thread: an advisor may think for a while, and the table
    (and the event loop) go on meanwhile. The answer carries the ``seq`` it is about; a page drops an answer
    whose position has passed. The request's shape was checked on its way in (:func:`protocol.parse_client`)."""
    seat = msg.get("seat")
    if not t.row.hints:
        await t._error(conn, "hints_off", N_("Hints are switched off at this table."))
        return
    if t.info.advisor is None:
        await t._error(conn, "no_advisor", N_("No hints are available for this game."))
        return
    if conn in t._hinting:
        await t._error(conn, "hint_busy", N_("The hint you asked for is still being worked out."))
        return
    async with t.lock:
        state = t.match.state if t.match is not None else None
        due: list[int] = []
        if state is not None and not t.over and t.row.resigned is None and t.throw_due() is None:
            actors = state.actors()
            due = [s for s in t.seats_of(conn.player) if s in actors]
        if seat is not None:
            due = [s for s in due if s == seat]
        if state is None or not due:
            await t._error(conn, "hint_not_due", N_("Hints are given only when it is your decision."))
            return
        assert t.match is not None
        player, seq, game = due[0], t.seq_of(conn), t.match.game
        seen = state.determinize(player, random.Random(secrets.randbits(64)))
    lang = conn.lang
    t._hinting.add(conn)
    try:
        with t._advisor_lock:
            ready = t._advisor is not None
        if ready:
            items = await t.hub.builds.move(advise, t, game, seen, player, lang)
        else:  # the first hint makes the advisor, which may build tables: a build under the caps
            items = await botdriver.build(
                t, functools.partial(advise, t, game, seen, player, lang), conn.address or botdriver.build_address(t)
            )
    except WuerfelError as exc:
        await t._send(conn, error_json("hint_refused", exc.translated(lang), t.seq_of(conn)))
        return
    except Exception:
        log.exception("no hint at table %s at seq %d", t.row.id, seq)
        await t._error(conn, "internal_error", N_("Something went wrong on the server; no hint this time."))
        return
    finally:
        t._hinting.discard(conn)
    answer: HintMessage = {"v": PROTOCOL_VERSION, "type": "hint", "seq": seq, "seat": player, "advice": items}
    await t._send(conn, answer)


def advise(t: LiveTable, game: Any, state: State, player: int, lang: str) -> list[AdviceLine]:
    """The advice for ``player`` in ``state`` as the page shows it, in the advisor's order (best first; run in a
    worker thread). Labels, measures and notes come in the reader's language, the value also as text in his
    number format, so the page needs no catalogue for them."""
    with t._advisor_lock, solvers_needed():  # numpy or numba missing: said as a refusal naming the extra
        advisor = t._advisor  # one read: the game's end lets the advisor go from the loop thread
        if advisor is None:
            assert t.info.advisor is not None
            advisor = t._advisor = t.info.advisor(game)
        advice = list(advisor.advise(state, player))
    legal = state.legal_actions(player)
    out: list[AdviceLine] = []
    for item in advice:
        a = as_advice(item, lang)
        label = a.label or (state.describe_offer(a.action, lang) if a.action is not None else "")
        value = a.value if isinstance(a.value, int | float) and math.isfinite(a.value) else None
        note = translate(a.note, lang, **a.params) if a.note else ""
        out.append(
            {
                "action": a.action.to_json() if a.action is not None else None,
                "label": label,
                "legal": a.action in legal if a.action is not None else False,
                "value": value,
                "text": hint_number(value, lang, is_chance(a)) if value is not None else "",
                "measure": translate(a.measure, lang) if a.measure else "",
                "note": note,
            }
        )
    return out
