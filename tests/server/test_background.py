"""The server's background table builds (issue 16.3, :mod:`wuerfel.server.background`): one child process at a
time, one build per table however many ask, a failure reported with its reason and not retried on every poll.

The builds here are plain library calls (``os.makedirs``, ``int`` of a non-number) run in real spawned children, so
the process handling is the server's own and the test stays well under a second of work."""

from __future__ import annotations

import functools
import os
import time
from pathlib import Path

from wuerfel.engine.advice import MissingTable
from wuerfel.server.background import Job, TableBuilder


def wait_finished(job: Job, seconds: float = 60) -> Job:
    """Wait (with a deadline) until ``job`` has finished, however loaded the machine is."""
    deadline = time.monotonic() + seconds
    while job.finished is None:
        assert time.monotonic() < deadline, f"{job.table.key} did not finish"
        time.sleep(0.02)
    return job


def test_builds_run_one_at_a_time_once_per_key(tmp_path: Path) -> None:
    tables = TableBuilder()
    made = [
        MissingTable(f"dir-{i}", functools.partial(os.makedirs, tmp_path / f"t{i}"), cpu_seconds=5.0) for i in range(2)
    ]
    first = tables.request(made[0])
    assert first is not None and tables.request(made[0]) is first  # a second asker shares the build
    second = tables.request(made[1])
    assert second is not None and second is not first
    eta = tables.eta(second)
    assert eta is None or eta > 0  # None only if the first build overran its estimate on a loaded machine
    wait_finished(first)
    wait_finished(second)
    assert first.state == second.state == "done" and first.error is None
    assert (tmp_path / "t0").is_dir() and (tmp_path / "t1").is_dir()  # built in the child, seen here
    assert second.started is not None and first.finished is not None and second.started >= first.finished
    assert tables.started == 2 and tables.eta(second) == 0.0
    again = tables.request(made[0])  # asked again after it was built: the table went missing, so build it again
    assert again is not None and again is not first
    assert wait_finished(again).state == "failed" and "FileExistsError" in (again.error or "")


def test_a_failed_build_says_why_and_waits_before_a_retry() -> None:
    tables = TableBuilder(max_waiting=1)
    broken = MissingTable("broken", functools.partial(int, "no number"))
    job = tables.request(broken)
    assert job is not None and tables.eta(job) is None  # no estimate, no made-up figure
    wait_finished(job)
    assert job.state == "failed" and "ValueError" in (job.error or "")
    assert tables.request(broken) is job and tables.started == 1  # polling does not start it again
    eager = TableBuilder(retry_failed_after=0.0)
    first = eager.request(broken)
    assert first is not None
    wait_finished(first)
    assert eager.request(broken) is not first  # once the wait is over, the next asker tries again
    assert TableBuilder(max_waiting=0).request(broken) is None  # the queue is full: ask again later


def spin(pid_file: str) -> None:
    """A build that never ends: it says who it is and waits (the stand-in for minutes of solving)."""
    Path(pid_file).write_text(str(os.getpid()))
    while True:
        time.sleep(0.05)


SERVER = """
import functools, sys, time
from wuerfel.engine.advice import MissingTable
from wuerfel.server.background import TableBuilder
from tests.server.test_background import spin
tables = TableBuilder()
tables.request(MissingTable("spin", functools.partial(spin, sys.argv[1])))
time.sleep(600)
"""


def alive(pid: int) -> bool:
    """Does ``pid`` still run (a zombie nobody reaps has ended)?"""
    try:
        return " Z " not in Path(f"/proc/{pid}/stat").read_text().split(")", 1)[1][:4]
    except FileNotFoundError:
        return False


def test_a_build_ends_when_its_server_is_killed(tmp_path: Path) -> None:
    """A server killed outright runs no exit handlers: the build notices its parent is gone and ends itself."""
    import signal
    import subprocess
    import sys

    pid_file = tmp_path / "child.pid"
    root = Path(__file__).resolve().parents[2]
    server = subprocess.Popen(
        [sys.executable, "-c", SERVER, str(pid_file)], cwd=root, env={**os.environ, "PYTHONPATH": str(root)}
    )
    try:
        deadline = time.monotonic() + 60
        while not (pid_file.exists() and pid_file.read_text()):
            assert server.poll() is None, "the server stand-in ended"
            assert time.monotonic() < deadline, "the build never started"
            time.sleep(0.05)
        child = int(pid_file.read_text())
        assert alive(child)
    finally:
        server.send_signal(signal.SIGKILL)
        server.wait(30)
    deadline = time.monotonic() + 30
    while alive(child):
        if time.monotonic() > deadline:
            os.kill(child, signal.SIGKILL)  # not left spinning after the failure
            raise AssertionError("the build outlived its server")
        time.sleep(0.05)


def _hold(tables: TableBuilder) -> Job:
    """A build that runs for ever (no child): the others wait, so their order can be read (in process, no spawn)."""
    running = Job(
        MissingTable("running", functools.partial(int, "0"), cpu_seconds=1e6),
        time.monotonic(),
        "elsewhere",
        time.monotonic(),
        started=time.monotonic(),
    )
    tables._running = running
    return running


def test_builds_are_capped_per_requester_and_started_round_robin() -> None:
    """Issue 24 §4 M3: one address queued a dozen builds in a second and everybody else's waited behind them."""
    tables = TableBuilder(max_waiting=8, max_per_requester=2)
    _hold(tables)
    table = [MissingTable(f"t{i}", functools.partial(int, "0"), cpu_seconds=60.0) for i in range(6)]
    a1, a2 = tables.request(table[0], "198.51.100.1"), tables.request(table[1], "198.51.100.1")
    assert a1 is not None and a2 is not None
    assert tables.request(table[2], "198.51.100.1") is None, "a third build of the same address is refused"
    assert tables.request(table[0], "198.51.100.1") is a1, "asking again for one's own build is no new build"
    b1 = tables.request(table[3], "203.0.113.9")
    c1 = tables.request(table[4], "192.0.2.5")
    assert b1 is not None and c1 is not None
    assert tables._order() == [a1, b1, c1, a2], "round robin: the newcomers wait for one build of a, not two"
    eta_b, eta_a2 = tables.eta(b1), tables.eta(a2)
    assert eta_b is not None and eta_a2 is not None and eta_b < eta_a2
    assert [tables._pop_next() for _ in range(4)] == [a1, b1, c1, a2]


def test_a_waiting_build_nobody_asks_about_is_dropped() -> None:
    tables = TableBuilder(stale_after=0.0)
    _hold(tables)
    gone = tables.request(MissingTable("gone", functools.partial(int, "0")), "198.51.100.1")
    assert gone is not None
    time.sleep(0.001)  # stale_after is 0: any time at all passes it (no timing assertion)
    fresh = tables.request(MissingTable("fresh", functools.partial(int, "0")), "203.0.113.9")
    assert fresh is not None and tables._order() == [fresh] and tables.job("gone") is None


def test_a_game_without_decisions_queues_no_build() -> None:
    """Issue 24 §4 M3: a duel resigned before its first move asked for minutes of duel-table build."""
    from wuerfel.engine.record import Match
    from wuerfel.server.app import analyse_lacking

    doc, lacking = analyse_lacking(Match.new("zehntausend", None, ["A", "B"]).record, "de")
    assert doc["decisions"] == [] and lacking is None


def test_a_full_queue_makes_room_for_a_requester_with_nothing_waiting() -> None:
    """A few addresses with two builds each fill the queue; a player's first build still gets in (in place of the
    newest build of an address with more than one waiting)."""
    tables = TableBuilder(max_waiting=4, max_per_requester=2)
    _hold(tables)
    made = [MissingTable(f"t{i}", functools.partial(int, "0")) for i in range(7)]
    a1, a2 = tables.request(made[0], "a"), tables.request(made[1], "a")
    b1, b2 = tables.request(made[2], "b"), tables.request(made[3], "b")
    assert None not in (a1, a2, b1, b2)
    player = tables.request(made[4], "player")
    assert player is not None, "the newcomer gets in"
    assert tables.job("t1") is None, "in place of the newest build of the first of those with the most"
    assert tables._order() == [a1, b1, player, b2]
    c = tables.request(made[5], "c")
    assert c is not None and tables.job("t3") is None
    assert tables.request(made[6], "d") is None, "nobody has more than one waiting: no room"


def test_a_requester_has_an_hourly_budget_of_build_cpu() -> None:
    """Issue 24 §4 M3: besides the quota, a CPU budget per hour — what his builds took (measured in the child) and
    the estimates of those waiting count; his first build is taken whatever its estimate."""
    from wuerfel.server.app import lacking_status

    tables = TableBuilder(max_waiting=8, max_per_requester=10, cpu_per_hour=100.0)
    _hold(tables)

    def table(key: str, cpu: float) -> MissingTable:
        return MissingTable(key, functools.partial(int, "0"), cpu_seconds=cpu)

    assert tables.request(table("big", 500.0), "a") is not None, "the first build is taken, however long"
    assert tables.request(table("more", 1.0), "a") is None and tables.over_budget("a", table("more", 1.0))
    assert tables.request(table("b1", 80.0), "b") is not None
    assert tables.request(table("b2", 30.0), "b") is None, "80 + 30 waiting would pass 100"
    assert tables.request(table("b3", 15.0), "b") is not None
    # A finished build counts with the CPU its child measured, for an hour.
    done = Job(table("c0", 5.0), time.monotonic(), "c", time.monotonic(), started=time.monotonic())
    done.cpu = 95.0
    with tables._lock:
        tables._finish(done, None)
    assert tables.spent("c") == 95.0
    assert tables.request(table("c1", 10.0), "c") is None
    assert tables.spent("c", now=time.monotonic() + 3601) == 0.0, "an hour later it is spent no more"
    msg = lacking_status(tables, None, "de", over_budget=True)["win_chance_status"]["message"]
    assert msg.startswith("Die Gewinnchancen warten: Deine Adresse hat die Rechenzeit dieser Stunde")
