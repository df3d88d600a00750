"""Admitting a connection as a command of the core (issue 25 §1, the limits of issue 24 L6): ``Admit`` carries the
address's open websockets as the shell counted them, and the core answers ``Admitted`` or the refusal with
``Uncount`` — in this order: too many sockets of the address, a full table of spectators (or of anonymous ones), too
many anonymous windows of one address at this table. A seated person is refused only for his address."""

from __future__ import annotations

import dataclasses
import datetime as dt

from tests.server.core.shared import NOW, Settings, no_dice
from wuerfel.server.core.steps import Admit, Admitted, Join, Leave, Refuse, Uncount
from wuerfel.server.core.table import TableCore
from wuerfel.server.rows import SeatRow, TableRow

HOST, FAN, FAN2 = 1, 7, 8
HOME, CAFE = "10.0.0.1", "10.0.0.2"


@dataclasses.dataclass(frozen=True)
class Limits:
    per_address: int = 3
    spectators: int = 3
    anonymous: int = 2
    watchers_per_address: int = 1


def table() -> TableCore:
    row = TableRow(
        "t-door", "pig", "standard", {}, 2, False, False, HOST, "open",
        dt.datetime.fromtimestamp(NOW.wall, dt.UTC), None, [SeatRow(0, HOST, None, "Hanna"), SeatRow(1)],
    )  # fmt: skip
    return TableCore(row, Settings())


def ask(core: TableCore, conn: str, player_id: int | None, address: str, sockets: int = 1, **limits: int) -> str:
    """The refusal's code, or "in"; checks the effects that go with each answer."""
    step = core.handle(Admit(conn, player_id, address, sockets, Limits(**limits)), NOW, no_dice)
    assert not step.events and step.seat is None and not step.standins  # the door changes nothing of the table
    refused = step.refused
    if refused is None:
        assert step.effects == (Admitted(conn, address),)
        return "in"
    assert step.effects == (refused, Uncount(conn, address)) and refused.error.status == 429
    return refused.error.code


def join(core: TableCore, conn: str, player_id: int | None, address: str) -> None:
    core.handle(Join(conn, player_id, "Zora" if player_id else "", address=address), NOW, no_dice)


def test_an_address_over_its_sockets_is_refused_first_whoever_asks() -> None:
    core = table()
    assert ask(core, "a", HOST, HOME, sockets=3) == "in"  # the third in all: the limit
    assert ask(core, "b", HOST, HOME, sockets=4) == "too_many_connections"  # even the seated host
    assert ask(core, "c", None, CAFE, sockets=4, spectators=0) == "too_many_connections"  # before the spectators
    assert core.here.conns == {} and core.here.addresses == {}  # asking in is not joining


def test_a_full_table_refuses_spectators_but_never_its_players() -> None:
    core = table()
    join(core, "hanna", HOST, HOME)  # a player's connection is no spectator's
    join(core, "z1", FAN, HOME)
    join(core, "z2", FAN2, CAFE)
    join(core, "anon", None, CAFE)
    assert ask(core, "x", FAN, "10.0.0.9") == "too_many_spectators"  # three watch: as many as the table takes
    assert ask(core, "h2", HOST, HOME) == "in"  # the host's second tab
    core.handle(Leave("z2"), NOW, no_dice)
    assert ask(core, "x", FAN, "10.0.0.9") == "in"
    join(core, "anon2", None, "10.0.0.9")
    assert ask(core, "y", None, "10.0.0.10", spectators=9) == "too_many_spectators"  # two anonymous: the cap
    assert ask(core, "y", FAN2, "10.0.0.10", spectators=9) == "in"  # a named one still fits


def test_one_address_watches_anonymously_in_as_many_windows_as_it_may() -> None:
    core = table()
    join(core, "anon", None, CAFE)
    join(core, "zora", FAN, CAFE)  # named: not counted against the address's anonymous windows
    refused = core.handle(Admit("w", None, CAFE, 2, Limits(spectators=9, anonymous=9)), NOW, no_dice).refused
    assert isinstance(refused, Refuse) and refused.error.code == "too_many_spectators"
    assert "as many windows as one address may" in refused.error.msgid
    assert ask(core, "w", None, HOME, spectators=9, anonymous=9) == "in"  # another address
    assert ask(core, "w", FAN2, CAFE, spectators=9, anonymous=9) == "in"  # logged in: the address limit is not his
    core.handle(Leave("anon"), NOW, no_dice)
    assert core.here.addresses == {"zora": CAFE}
    assert ask(core, "w", None, CAFE, spectators=9, anonymous=9) == "in"  # the window closed: its place is free
