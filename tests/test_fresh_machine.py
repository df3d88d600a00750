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
    out = subprocess.run(
        ["bash", str(REPO / "dev.sh"), "browser"], env=_env(), capture_output=True, text=True, timeout=600
    )
    assert out.returncode == 0, out.stderr
    assert f"{MISSING} is missing, so the browser tests are skipped" in out.stderr
    assert "apt-get install chromium" in out.stderr


def test_browser_tests_skip_with_the_reason_instead_of_failing() -> None:
    out = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-p",
            "no:xdist",
            "-p",
            "no:cacheprovider",
            "-rs",
            "-q",
            "tests/browser/test_table.py",
        ],
        cwd=REPO,
        env=_env(),
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert out.returncode == 0, out.stdout + out.stderr
    assert "failed" not in out.stdout and "error" not in out.stdout.lower()
    assert "skipped" in out.stdout
    assert f"{MISSING} is missing, so the browser tests are skipped" in out.stdout
    assert "apt-get install chromium" in out.stdout


def test_dev_sh_says_what_it_installs_and_keeps_standard_output_clean(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """Issue 24 U8: the first ``./dev.sh`` was silent for 1 min 44 s (pip ``-q``). Every step now says what it does
    on standard error, and pip shows its progress there (not ``-q``). A stand-in Python records what it was asked."""
    import shutil

    work = tmp_path / "repo"
    work.mkdir()
    shutil.copy(REPO / "dev.sh", work / "dev.sh")
    shutil.copy(REPO / "pyproject.toml", work / "pyproject.toml")
    log = tmp_path / "calls.log"
    fake = tmp_path / "python3"
    # "python3 -m venv .venv" makes a .venv whose python only logs its arguments.
    fake.write_text(f"""#!/usr/bin/env bash
echo "$@" >> {log}
if [ "$1 $2" = "-m venv" ]; then
  mkdir -p "$3/bin"; cp "$0" "$3/bin/python"; chmod +x "$3/bin/python"
fi
if [ "$2" = "pip" ]; then echo "pip-like output"; fi
""")
    fake.chmod(0o755)
    env = {**_env(), "PYTHON": str(fake), "WUERFEL_SKIP_BROWSER": "1"}
    out = subprocess.run(
        ["bash", str(work / "dev.sh"), "browser"], cwd=work, env=env, capture_output=True, text=True, timeout=120
    )
    assert out.returncode == 0, out.stderr
    assert out.stdout == ""  # pip's lines too go to standard error
    err = out.stderr
    assert (
        err.index("dev.sh: creating the virtual environment")
        < err.index("dev.sh: installing wuerfel")
        < err.index("pip-like output")
        < err.index("dev.sh: .venv is ready.")
    )
    calls = log.read_text().splitlines()
    pip = [c for c in calls if c.startswith("-m pip install")]
    assert len(pip) == 2 and all(" -q" not in c for c in pip), calls
    # the exact solvers are an extra (issue 26): the development install takes it with the others
    assert pip[1].endswith("-e .[web,dev,research,solvers]"), calls
    again = subprocess.run(
        ["bash", str(work / "dev.sh"), "browser"], cwd=work, env=env, capture_output=True, text=True, timeout=120
    )
    assert "installing" not in again.stderr  # installed once: nothing to say the next time
