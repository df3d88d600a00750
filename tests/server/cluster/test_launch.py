"""``wuerfel serve --workers N`` starts each worker as ``wuerfel serve`` with the same options and a port of its own."""

from __future__ import annotations

from wuerfel.server.cluster.launch import child_args


def test_each_worker_gets_the_same_options_and_its_own_port() -> None:
    argv = [
        "--db",
        "postgresql://x/db",
        "--port",
        "8001",
        "--workers=3",
        "--redis",
        "redis://r/0",
        "--workers",
        "3",
        "--port=8001",
        "--lease-ttl",
        "2",
    ]
    assert child_args(argv, 8002) == [
        "--db",
        "postgresql://x/db",
        "--redis",
        "redis://r/0",
        "--lease-ttl",
        "2",
        "--port",
        "8002",
        "--workers",
        "1",
    ]
