"""The rematch through the core (issue 25 §1): a player of a finished table asks for a new one, and the core says
whether he may and how the new table is seated; the shell makes the table's row (one rematch is one table) and
stores it as this table's. A refusal keeps the server's code, message and status."""

from __future__ import annotations

import datetime as dt

from tests.server.core.shared import NOW, Settings, no_dice
from wuerfel.engine.errors import N_
from wuerfel.server.core.steps import Broadcast, Rematch, SeatChange
from wuerfel.server.core.table import TableCore
from wuerfel.server.rows import SeatRow, TableRow

HOST, GUEST, OTHER = 1, 2, 3


SEATS = [
    SeatRow(0, HOST, None, "Hanna"),
    SeatRow(1, None, "random", "random"),
    SeatRow(2, GUEST, None, "Gast", guest=True, standin="heuristic"),
    SeatRow(3, HOST, None, "Hanna"),
]


def finished(status: str = "finished", rematch: str | None = None) -> TableCore:
    row = TableRow(
        "t-done", "pig", "standard", {}, len(SEATS), False, False, HOST, status,
        dt.datetime.fromtimestamp(NOW.wall, dt.UTC), None, list(SEATS), rematch=rematch,
    )  # fmt: skip
    return TableCore(row, Settings())


def refusal(core: TableCore, cmd: Rematch) -> tuple[str, str, int]:
    step = core.handle(cmd, NOW, no_dice)
    assert step.refused is not None and step.rematch is None
    e = step.refused.error
    return e.code, e.msgid, e.status


def test_only_a_player_of_a_finished_table_asks_for_a_rematch() -> None:
    for status in ("open", "playing"):
        msgid = N_("The game is not finished yet.")
        assert refusal(finished(status), Rematch(HOST, True)) == ("not_finished", msgid, 409)
    msgid = N_("Only the players of this table can ask for a rematch.")
    assert refusal(finished(), Rematch(OTHER, True)) == ("not_seated", msgid, 409)  # a spectator


def test_the_asker_sits_where_he_sat_bots_keep_their_seats_and_the_others_wait() -> None:
    core = finished()
    step = core.handle(Rematch(GUEST, False), NOW, no_dice)
    assert step.refused is None and not step.idle
    assert step.rematch == (
        SeatChange(0),
        SeatChange(1, None, "random", "random"),
        SeatChange(2, GUEST, None, "Gast", True),  # his own seat, without the stand-in that finished it
        SeatChange(3),
    )
    assert step.effects == (Broadcast({}),)  # everybody still here reads the rematch at once
    hanna = core.handle(Rematch(HOST, True), NOW, no_dice).rematch
    assert hanna is not None and [c.player_id for c in hanna] == [HOST, None, None, HOST]  # both her seats


def test_one_rematch_per_table() -> None:
    core = finished(rematch="t-again")
    step = core.handle(Rematch(GUEST, False), NOW, no_dice)
    assert step.refused is None and step.rematch is None and step.idle  # he is given the one there is
    assert refusal(core, Rematch(OTHER, True))[0] == "not_seated"  # still only for the players
