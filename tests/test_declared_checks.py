"""The checks the code declares run (issue 26): ``./dev.sh test`` runs mypy over what ``[tool.mypy]`` names and
``ruff format --check`` over every Python file, before the tests, so neither can rot unnoticed.

Why not run mypy here as well: it takes half a minute cold and ``./dev.sh test`` runs it anyway; this test keeps the
wiring (a dev.sh edit that drops a step, a pyproject edit that narrows what mypy sees) from going quietly."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _test_job() -> list[str]:
    """The commands of dev.sh's ``test)`` case, in order."""
    text = (ROOT / "dev.sh").read_text(encoding="utf-8")
    body = re.search(r"^\s*test\)\n(.*?);;", text, re.M | re.S)
    assert body, "dev.sh has no test job"
    return [line.strip() for line in body[1].splitlines() if line.strip() and not line.strip().startswith("#")]


def test_dev_sh_runs_mypy_and_the_format_check_before_the_tests() -> None:
    job = _test_job()
    pytest_at = next(i for i, c in enumerate(job) if "pytest" in c)
    assert "mypy" in job[:pytest_at], job
    assert "ruff format --check wuerfel tests bench" in job[:pytest_at], job


def test_mypy_checks_every_package_typed() -> None:
    """Every package of wuerfel (each directory with an ``__init__.py``) is under one of mypy's ``files``."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["mypy"]
    covered = [Path(f) for f in config["files"]]
    packages = [p.parent.relative_to(ROOT) for p in (ROOT / "wuerfel").glob("*/__init__.py")]
    assert len(packages) >= 8
    missing = [p for p in packages if not any(p == c or c in p.parents for c in covered)]
    assert not missing, missing
    assert config["disallow_untyped_defs"] and config["check_untyped_defs"] and config["strict_equality"]
