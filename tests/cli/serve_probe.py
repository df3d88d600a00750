"""``wuerfel serve ARGS`` up to the point where it would listen, in a process of its own: prints the limits that
reached the environment, and the build limits read from it, as one JSON line.

A process of its own because ``serve`` configures the process's logging (uvicorn's) and its limits through
``os.environ``: in the test run's worker both outlived the test, and under xdist a later test's capture then failed
on a closed stream ("I/O operation on closed file", CI of 2026-11-29)."""

from __future__ import annotations

import json
import os
import sys

import uvicorn


def main() -> None:
    names = sys.argv[1].split(",")

    def no_server(self: uvicorn.Server, sockets: object = None) -> None:
        from wuerfel.server.builds import BuildLimits

        limits = BuildLimits.from_env()
        print(
            json.dumps(
                {"env": {n: os.environ.get(n) for n in names}, "in_use": [limits.in_use, limits.in_use_per_address]}
            )
        )

    uvicorn.Server.run = no_server  # type: ignore[method-assign]
    from wuerfel.cli.main import main as cli

    sys.argv = ["wuerfel", *sys.argv[2:]]
    cli()


if __name__ == "__main__":
    main()
