"""What the core's command tests share: one clock reading, the server's settings the core reads, and dice that must
not be thrown (a command that throws none fails its test if it asks for one)."""

from __future__ import annotations

import dataclasses
from typing import Any

from wuerfel.server.core.steps import Now

NOW = Now(100.0, 1_800_000_000.0)


@dataclasses.dataclass
class Settings:
    """The two settings of the server the core reads (``core.timing.Settings``)."""

    throw_wait: float = 60.0
    clock_scale: float = 1.0


def no_dice(*_: Any) -> Any:
    raise AssertionError("this command throws no dice")
