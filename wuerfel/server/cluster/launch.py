"""``wuerfel serve --workers N``: N worker processes on one machine, on ports P … P+N-1 (docs/deploy.md).

Separate ports rather than one shared port: a load balancer in front (nginx, HAProxy) sees each worker, checks its
health and takes a dead one out, exactly as it does for workers on several machines; and a worker that is restarted
alone (a rolling deploy) gets its own port back. Each child is ``wuerfel serve`` with the same options, its own port
and ``--workers 1``; a child that dies is started again after a pause (its tables went to the others meanwhile), and
SIGTERM/SIGINT to the launcher stops every child with SIGTERM, so each hands its tables over.
"""

from __future__ import annotations

import signal
import subprocess
import sys
import time
from collections.abc import Sequence

RESTART_PAUSE = 1.0


def child_args(argv: Sequence[str], port: int) -> list[str]:
    """``argv`` (the options after ``serve``) without ``--port`` and ``--workers``, with this child's port."""
    out: list[str] = []
    skip = False
    for arg in argv:
        if skip:
            skip = False
            continue
        if arg in ("--port", "--workers"):
            skip = True
            continue
        if arg.startswith(("--port=", "--workers=")):
            continue
        out.append(arg)
    return [*out, "--port", str(port), "--workers", "1"]


def run_workers(argv: Sequence[str], port: int, n: int) -> int:
    """Run ``n`` workers until told to stop; the exit code."""
    procs: dict[int, subprocess.Popen[bytes]] = {}
    stopping = False

    def start(i: int) -> None:
        procs[i] = subprocess.Popen([sys.executable, "-m", "wuerfel", "serve", *child_args(argv, port + i)])

    def stop(_sig: int, _frame: object) -> None:
        nonlocal stopping
        stopping = True

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    for i in range(n):
        start(i)
    died: dict[int, float] = {}
    while not stopping:
        time.sleep(0.2)
        for i, p in procs.items():
            if p.poll() is not None and i not in died:
                died[i] = time.monotonic()
            if i in died and time.monotonic() - died[i] >= RESTART_PAUSE:
                del died[i]
                start(i)
    for p in procs.values():
        if p.poll() is None:
            p.send_signal(signal.SIGTERM)
    code = 0
    for p in procs.values():
        try:
            rc = p.wait(timeout=30)
            # uvicorn ends by raising the signal it was stopped with again: a worker stopped so ended well
            code = max(code, 0 if rc in (-signal.SIGTERM, -signal.SIGINT) else abs(rc))
        except subprocess.TimeoutExpired:
            p.kill()
            code = 1
    return code
