"""Hints for a position: what an advisor (``GameInfo.advisor``) returns, so every front end shows them alike.

An advisor knows its game; the terminal and the browser do not. They only need, for each option worth showing, the
action it stands for, a number that ranks it (expected final score, winning chance …) and what that number means.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from wuerfel.engine.game import Action


@dataclasses.dataclass(frozen=True)
class Advice:
    """One option with its value, as an advisor rates it. Advisors return a list of these, best first."""

    action: Action | None
    """The action this advice is about (``None``: a remark about the position as a whole)."""
    value: float
    """The rating; higher is better unless the advisor says otherwise in ``measure``."""
    measure: str = ""
    """An English msgid naming what ``value`` is ("expected final score", "winning chance"); translated for display."""
    note: str = ""
    """An optional English msgid with ``{placeholders}`` filled from ``params``: why, or a caveat."""
    params: dict[str, Any] = dataclasses.field(default_factory=dict)
    label: str = ""
    """A label to show instead of ``state.describe_action(action, lang)`` (rarely needed)."""

    def to_json(self) -> dict[str, Any]:
        return {
            "action": self.action.to_json() if self.action is not None else None,
            "value": self.value,
            "measure": self.measure,
            "note": self.note,
            "params": dict(self.params),
            "label": self.label,
        }
