"""The two-worker setup the representative server tests run against (``both_setups`` in tests/server/conftest.py,
issue 25 §3) really spreads the players over both workers: were it to hand every client the same worker, those
tests would pass without a single relayed socket or forwarded action."""

from __future__ import annotations

from collections.abc import Callable

import pytest
import sqlalchemy as sa

from tests.server.conftest import Client, ServerProcess
from tests.server.test_protocol import two_player_table


@pytest.mark.parametrize("clients", ["two-workers"], indirect=True)
def test_the_players_alternate_between_the_workers_and_one_of_them_owns_the_table(
    clients: Callable[..., Client], two_workers: tuple[ServerProcess, ServerProcess]
) -> None:
    a, b, t = two_player_table(clients)  # Bert sits through worker 2: a forwarded action
    assert (a.base, b.base, clients().base) == (two_workers[0].url, two_workers[1].url, two_workers[0].url)
    wb = b.ws(t["id"])  # on worker 2, relayed to the owner
    assert wb.recv_type("state")["my_seats"] == [1]
    engine = sa.create_engine(two_workers[0].db_url)
    try:
        with engine.connect() as c:
            owners = (
                c.execute(sa.text("SELECT owner FROM table_leases WHERE table_id = :t"), {"t": t["id"]}).scalars().all()
            )
    finally:
        engine.dispose()
    assert len(owners) == 1
