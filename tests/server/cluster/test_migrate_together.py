"""Workers started at the same moment on one new PostgreSQL database all come up (issue 25 §2: ``serve --workers 3``
starts them together, and each migrates the database at start; two of them used to create Alembic's own table at
once, and one died)."""

from __future__ import annotations

import threading

from tests.server.cluster.services import fresh_pg_database


def test_workers_migrating_one_new_database_at_once_all_succeed() -> None:
    from wuerfel.server.store import Store

    with fresh_pg_database() as url:
        errors: list[BaseException] = []
        stores: list[Store] = []
        start = threading.Barrier(4)

        def open_one() -> None:
            start.wait()
            try:
                stores.append(Store.open(url))
            except BaseException as exc:
                errors.append(exc)

        threads = [threading.Thread(target=open_one) for _ in range(4)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(60)
        for s in stores:
            s.close()
        assert not errors, errors
        assert len(stores) == 4
