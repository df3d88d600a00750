"""A forwarded HTTP action whose answer came too late is not applied twice (issue 25 §2): the caller retries with the
same request id, and the owner answers it with its first answer (a sit that did happen is not refused as "seat
taken" to the one who sat)."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from tests.server.cluster.test_route import new_table, two_workers
from tests.server.loops import run_loop
from wuerfel.server.cluster.owner import Moved, RemoteError
from wuerfel.server.store import Store


class Taken(Exception):
    code, msgid, status, params = "seat_taken", "Taken.", 409, {}


def test_a_retried_call_gets_the_first_answer_and_runs_once(tmp_path: Path) -> None:
    store = Store.open(f"sqlite:///{tmp_path / 'w.db'}")
    tid, _anna, _bert = new_table(store)

    async def body() -> None:
        async with two_workers(store) as (a, b):
            assert a.node is not None and b.node is not None
            assert await a.get(tid) is not None
            seats: list[str] = []
            slow = asyncio.Event()

            async def sit(table_id: str, args: dict[str, Any]) -> Any:
                if seats:
                    raise Taken()
                seats.append(args["who"])
                await slow.wait()  # the owner is slow: the caller's deadline passes
                return {"seat": 0}

            a.node.handlers["sit"] = sit
            a.node.refusals = (Taken,)
            owner = a.node.worker_id
            with pytest.raises(Moved):
                await b.node.call(owner, "sit", tid, {"who": "anna"}, timeout=0.2, request_id="r1")
            slow.set()
            assert await b.node.call(owner, "sit", tid, {"who": "anna"}, request_id="r1") == {"seat": 0}
            assert await b.node.call(owner, "sit", tid, {"who": "anna"}, request_id="r1") == {"seat": 0}
            assert seats == ["anna"], "the action ran once"
            with pytest.raises(RemoteError) as taken:  # another request is another action
                await b.node.call(owner, "sit", tid, {"who": "bert"}, request_id="r2")
            assert taken.value.code == "seat_taken"

    try:
        run_loop(body())
    finally:
        store.close()
