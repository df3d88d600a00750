"""A fresh machine: the README's test command must pass by itself, without Debian's chromium installed by hand.

As root ``dev.sh`` installs chromium; otherwise it says exactly what to run and the browser tests skip with that same
sentence. Both halves are checked here against a chromium path that does not exist."""

from __future__ import annotations

import os
import subprocess
import sys

from tests.paths import REPO

MISSING = "/nonexistent/chromium"


def _env() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTEST_") and k != "WUERFEL_SKIP_BROWSER"}
    env.update(WUERFEL_CHROMIUM=MISSING, WUERFEL_NO_INSTALL="1")
    return env


def test_dev_sh_names_the_command_when_it_cannot_install_the_browser() -> None:
    out = subprocess.run(["bash", str(REPO / "dev.sh"), "browser"], env=_env(), capture_output=True, text=True,
                         timeout=600)
    assert out.returncode == 0, out.stderr
    assert f"{MISSING} is missing, so the browser tests are skipped" in out.stderr
    assert "apt-get install chromium" in out.stderr


def test_browser_tests_skip_with_the_reason_instead_of_failing() -> None:
    out = subprocess.run([sys.executable, "-m", "pytest", "-p", "no:xdist", "-p", "no:cacheprovider", "-rs", "-q",
                          "tests/browser/test_table.py"],
                         cwd=REPO, env=_env(), capture_output=True, text=True, timeout=600)
    assert out.returncode == 0, out.stdout + out.stderr
    assert "failed" not in out.stdout and "error" not in out.stdout.lower()
    assert "skipped" in out.stdout
    assert f"{MISSING} is missing, so the browser tests are skipped" in out.stdout
    assert "apt-get install chromium" in out.stdout
