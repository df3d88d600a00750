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

    def to_json(self) -> dict[str, Any]:
        return {"game": self.game, "rules": self.rules, "objective": self.objective, "value": self.value,
                "seconds": self.seconds, "value_of": self.value_of}
