"""Issue 25 §2: one background build per table in the whole cluster. Two :class:`TableBuilder` s sharing one
:class:`~wuerfel.server.cluster.shared.LocalShared` stand for the builders of two workers (kept apart from
``test_shared_facts``: the build's child process imports this module, which stays light)."""

from __future__ import annotations

import functools
import time
from pathlib import Path

from wuerfel.engine.advice import MissingTable
from wuerfel.server.background import Job, TableBuilder
from wuerfel.server.cluster.shared import LocalShared, Shared


def build_when_told(go: str, out: str) -> None:
    """A build that waits until the test lets it finish (a file appears), then writes its table."""
    while not Path(go).exists():
        time.sleep(0.02)
    Path(out).write_text("built")


def wait_finished(job: Job, seconds: float = 60) -> Job:
    deadline = time.monotonic() + seconds
    while job.finished is None:
        assert time.monotonic() < deadline, f"{job.table.key} did not finish"
        time.sleep(0.02)
    return job


def check_one_build_per_table(tmp_path: Path, shared: Shared) -> None:
    a, b = TableBuilder(shared=shared), TableBuilder(shared=shared)
    go, out = tmp_path / "go", tmp_path / "table"
    table = MissingTable(
        f"duel-{tmp_path.name}", functools.partial(build_when_told, str(go), str(out)), cpu_seconds=100.0
    )
    first = a.request(table, "198.51.100.1")
    assert first is not None and first.state == "running" and a.started == 1
    there = b.request(table, "203.0.113.9")
    assert there is not None and there.state == "running", "the other worker says: being computed"
    assert b.started == 0 and b.eta(there) is None, "and does not build it a second time"
    assert b.request(table, "203.0.113.9") is there and b.started == 0  # asking again changes nothing
    go.write_text("")
    assert wait_finished(first).state == "done" and out.read_text() == "built"
    deadline = time.monotonic() + 10
    while (again := b.request(table, "203.0.113.9")) is there and there.state != "done":
        assert time.monotonic() < deadline, "the other worker never saw the build end"
        time.sleep(0.02)
    assert there.state == "done" and b.started == 0, "built elsewhere: the analysis looks again, nothing is built"
    assert again is there


def test_a_table_being_built_on_one_worker_is_not_built_on_another(tmp_path: Path) -> None:
    check_one_build_per_table(tmp_path, LocalShared())


def check_cpu_budget_across_workers(shared: Shared) -> None:
    """A requester's hourly build CPU, spent on one worker, counts on the other."""
    a, b = TableBuilder(shared=shared, cpu_per_hour=100.0), TableBuilder(shared=shared, cpu_per_hour=100.0)
    done = Job(
        MissingTable("c0", functools.partial(int, "0"), cpu_seconds=5.0),
        time.monotonic(),
        "c",
        time.monotonic(),
        started=time.monotonic(),
    )
    done.cpu = 95.0
    with a._lock:
        a._finish(done, None)
    assert b.spent("c") == 95.0
    assert b.request(MissingTable("c1", functools.partial(int, "0"), cpu_seconds=10.0), "c") is None


def test_the_build_cpu_budget_counts_across_workers() -> None:
    check_cpu_budget_across_workers(LocalShared())


def test_another_workers_build_nobody_asks_about_is_forgotten(tmp_path: Path) -> None:
    """A job that only waits for another worker's lock is dropped like a waiting one when nobody asks any more."""
    shared = LocalShared()
    assert shared.lock("build:elsewhere", "another worker", 600)
    here = TableBuilder(shared=shared)
    job = here.request(MissingTable("elsewhere", functools.partial(int, "0")), "198.51.100.1")
    assert job is not None and job.elsewhere and job.state == "running" and here.started == 0
    here.stale_after = 0.0
    time.sleep(0.001)  # stale_after is 0: any time at all passes it (no timing assertion)
    here.request(MissingTable("other", functools.partial(int, "0")), "203.0.113.9")
    assert here.job("elsewhere") is None
