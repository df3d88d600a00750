"""``wuerfel serve`` passes its limits on to the parts that keep them (issue 24 §4: the rules-in-use, build-CPU and
spectator limits were environment variables only)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from tests.paths import REPO

LIMITS = {
    "--rulesets-in-use": ("WUERFEL_RULESETS_IN_USE", "3"),
    "--rulesets-in-use-per-address": ("WUERFEL_RULESETS_IN_USE_PER_ADDRESS", "1"),
    "--build-cpu-per-hour": ("WUERFEL_BUILD_CPU_PER_HOUR", "600.0"),
    "--spectators-per-table": ("WUERFEL_SPECTATORS_PER_TABLE", "20"),
    "--spectators-per-address": ("WUERFEL_SPECTATORS_PER_ADDRESS", "2"),
    "--spectator-interval": ("WUERFEL_SPECTATOR_INTERVAL", "0.5"),
}


def test_serve_options_reach_the_limits(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k not in {e for e, _ in LIMITS.values()}}
    args = ["serve", "--db", str(tmp_path / "w.db")]
    for flag, (_, value) in LIMITS.items():
        args += [flag, value]
    done = subprocess.run(
        [sys.executable, "-m", "tests.cli.serve_probe", ",".join(e for e, _ in LIMITS.values()), *args],
        cwd=REPO,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    seen = json.loads(done.stdout.strip().splitlines()[-1])
    assert seen["env"] == {env: value for env, value in LIMITS.values()}
    assert seen["in_use"] == [3, 1]
