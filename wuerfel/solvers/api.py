"""What every solver returns, so ``wuerfel solve`` and the benchmarks treat all games alike."""

from __future__ import annotations

import dataclasses
from typing import Any


@dataclasses.dataclass(frozen=True)
class SolveResult:
    """One solved objective: JSON form ``{"game", "rules", "objective", "value", "seconds", "value_of"}`` (a stable
    contract; ``value_of`` says in English what the value is the value of, because a bare number is misread: the
    3-column Würfelspiel's solver value is that of one column played alone)."""

    game: str
    rules: str
    objective: str
    value: float
    seconds: float
    extra: dict[str, Any] = dataclasses.field(default_factory=dict)
    """Further figures a solver wants to show (table sizes, cache hit …); not part of the JSON contract."""
    value_of: str = ""
    """What the value measures, an English msgid (translated for the text output)."""
    details: dict[str, Any] = dataclasses.field(default_factory=dict)
    """JSON-able figures behind the value that a script wants (Craps: the best number and every number's chance);
    in the JSON form as ``"details"`` only when a solver gives them, so the other solvers' output is unchanged."""
    lines: tuple[tuple[str, dict[str, Any]], ...] = ()
    """Further lines for the text output, as (English msgid, params), translated when printed."""

    def to_json(self) -> dict[str, Any]:
        out = {
            "game": self.game,
            "rules": self.rules,
            "objective": self.objective,
            "value": self.value,
            "seconds": self.seconds,
            "value_of": self.value_of,
        }
        if self.details:
            out["details"] = self.details
        return out
