"""Driving the ``wuerfel`` command in-process with scripted standard input."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path

from click.testing import Result
from typer.testing import CliRunner

from wuerfel.cli.main import _load_subcommands, app
from wuerfel.engine.record import GameRecord

_load_subcommands()
RUNNER = CliRunner()


def run(args: Sequence[str], lines: Sequence[str] = ()) -> Result:
    """Run ``wuerfel ARGS`` with ``lines`` as standard input (one line each)."""
    text = "".join(line + "\n" for line in lines)
    return RUNNER.invoke(app, list(args), input=text, catch_exceptions=False)


def play(args: Sequence[str], lines: Sequence[str] = ()) -> Result:
    """``wuerfel play`` without bot pauses."""
    return run(["play", *args, "--pause", "0"], lines)


def load_record(path: Path) -> GameRecord:
    return GameRecord.from_json(json.loads(path.read_text(encoding="utf-8")))
