"""Who may connect to a table (issue 24 L6, issue 25 §1): the limits per client address and of spectators.

Every connection costs a copy of every broadcast, so one address, or a crowd of anonymous viewers, must not be able
to slow a table down for the people playing at it. The rules are here, without I/O: the shell counts the address's
open websockets (in the shared facts of all workers, or its own when those are away) and passes the count in with
:class:`~.steps.Admit`; the core says yes (:class:`~.steps.Admitted`) or why not (a refusal, with
:class:`~.steps.Uncount`: the count the shell took goes back). The spectators are the table's connections the core
keeps (:class:`~.presence.Here`), each with the address it joined from.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from wuerfel.engine.errors import N_
from wuerfel.server.core.refusals import TableError
from wuerfel.server.core.seating import seats_of
from wuerfel.server.core.steps import Admit, Admitted, Refuse, Step, Uncount

if TYPE_CHECKING:
    from wuerfel.server.core.table import TableCore


class Limits(Protocol):
    """The server's admission limits (the shell's ``Hub`` fits; ``WUERFEL_*`` environment variables set them)."""

    @property
    def per_address(self) -> int: ...  # open websockets one client address may hold, all tables together

    @property
    def spectators(self) -> int: ...  # connections without a seat one table accepts (players are never refused)

    @property
    def anonymous(self) -> int: ...  # of those, connections without an account

    @property
    def watchers_per_address(self) -> int: ...  # anonymous spectators' connections one address may hold at a table


def refusal(core: TableCore, cmd: Admit) -> TableError | None:
    """Why ``cmd``'s connection may not come in, or None. In this order: the address holds too many websockets; the
    table has as many spectators (or anonymous ones) as it takes; this address watches it anonymously in as many
    windows as one may. A person seated at the table is refused only for his address, never as a spectator."""
    limits = cmd.limits
    if cmd.sockets > limits.per_address:
        return TableError(
            "too_many_connections",
            N_("Too many open connections from your address; close other tables first."),
            429,
        )
    seats = core.row.seats
    if seats_of(seats, cmd.player_id):
        return None
    watching = [key for key, v in core.here.conns.items() if v is None or not seats_of(seats, v[0])]
    anonymous = [key for key in watching if core.here.conns[key] is None]
    if len(watching) >= limits.spectators or (cmd.player_id is None and len(anonymous) >= limits.anonymous):
        return TableError(
            "too_many_spectators", N_("This table has as many spectators as it can take; try again later."), 429
        )
    if cmd.player_id is None and sum(core.here.addresses.get(k) == cmd.address for k in anonymous) >= (
        limits.watchers_per_address
    ):
        return TableError(
            "too_many_spectators",
            N_("You already watch this table in as many windows as one address may; close one, or log in."),
            429,
        )
    return None


def admit(core: TableCore, cmd: Admit) -> Step:
    """The core's answer to a connection asking in: :class:`~.steps.Admitted` (the shell keeps its count and its
    address), or the refusal with :class:`~.steps.Uncount`. Nothing of the table changes: the connection counts as
    here once it joins (:class:`~.steps.Join`)."""
    refused = refusal(core, cmd)
    if refused is not None:
        return Step(core.seq, effects=(Refuse(refused), Uncount(cmd.conn, cmd.address)))
    return Step(core.seq, effects=(Admitted(cmd.conn, cmd.address),))
