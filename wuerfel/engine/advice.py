"""Hints for a position: what an advisor (``GameInfo.advisor``) returns, so every front end shows them alike.

An advisor knows its game; the terminal and the browser do not. They only need, for each option worth showing, the
action it stands for, a number that ranks it (expected final score, winning chance …) and what that number means.
An advisor whose measure restarts every turn may also tell turns (:class:`TurnLuck`), so the post-game analysis can
measure luck in it.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from typing import Any, Protocol, runtime_checkable

from wuerfel.engine.game import Action, State


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
    unit: str = ""
    """``"chance"``: ``value`` is a probability (0 to 1), which people read in percent ("79 %", not "0.79" beside a
    loss "in percentage points"); empty: a number as it is (points, chips)."""

    def to_json(self) -> dict[str, Any]:
        out = {
            "action": self.action.to_json() if self.action is not None else None,
            "value": self.value,
            "measure": self.measure,
            "note": self.note,
            "params": dict(self.params),
            "label": self.label,
        }
        if self.unit:
            out["unit"] = self.unit
        return out


def as_advice(item: Any, lang: str = "de") -> Advice:
    """What an advisor returned, as :class:`Advice`: built-in advisors return it; a mapping with its fields, an
    ``(action, value)`` pair or any object with ``action`` and ``value`` (its ``label`` a string or a ``label(lang)``
    method) is read the same way (a plug-in's quick advisor).

    Why here: the terminal's hint table and the server's hint message read advisors alike, and each had its own copy
    of this, which had drifted apart (the server dropped a ``label(lang)`` method, the terminal a ``unit``). A label
    per language (``label_de``/``label_en``) is not read: a front end labels the action itself in its reader's
    language (``state.describe_offer``), so an advisor need not know the languages."""
    if isinstance(item, Advice):
        return item
    if isinstance(item, tuple) and len(item) == 2:
        return Advice(action=item[0], value=item[1])

    def get(key: str, default: Any = "") -> Any:
        return item.get(key, default) if isinstance(item, Mapping) else getattr(item, key, default)

    label = get("label")
    if callable(label):
        label = label(lang)
    value = get("value", float("nan"))
    return Advice(
        action=get("action", None),
        value=value if isinstance(value, int | float) else float("nan"),
        measure=str(get("measure") or ""),
        note=str(get("note") or ""),
        params=dict(get("params") or {}),
        label=label if isinstance(label, str) else "",
        unit=str(get("unit") or ""),
    )


@runtime_checkable
class TurnLuck(Protocol):
    """Optional advisor methods that let the post-game analysis (:mod:`wuerfel.engine.analysis`) measure luck where
    the advisor's measure restarts every turn or round ("expected points of this turn"): it needs what a turn was
    worth before anything of it was thrown and what it then brought, in that measure's unit. An advisor that cannot
    say both exactly leaves them out, and the analysis reports no luck for its game (``luck: null``).

    The analysis replays the record and asks at every position ``turn_start`` for every seat, and after every event
    ``turn_result`` for every seat whose turn is open. Both must be cheap (a table look-up): they are asked a few
    hundred times a game."""

    def turn_start(self, state: State, player: int) -> tuple[float, str] | None:
        """If a turn (or round) of ``player`` begins at ``state`` — none of its dice thrown yet — its exact expected
        value in the measure its choices are rated in, under the play the advisor calls best, and that measure's
        msgid (as :attr:`Advice.measure`); else None."""
        ...

    def turn_result(self, before: State, after: State, player: int) -> float | None:
        """If ``player``'s turn (or round) ended with the step from ``before`` to ``after``, what it realised in the
        measure's unit (the points it banked, 1 or 0 for a round's goal); else None."""
        ...


@dataclasses.dataclass(frozen=True)
class MissingTable:
    """A table an advisor would rate in a better exact measure with, but which is neither on disk nor quick enough to
    build on the spot (a Zehntausend duel table at a target of 10,000: minutes of CPU, so without it the advisor rates
    one turn's points and the analysis has no winning chances).

    An advisor factory that knows such tables has ``missing_table(game) -> MissingTable | None``: None when the best
    table is at hand, or when it is too large to be built unasked (then the weaker measure is all there is). A front
    end that may spend the time (the server, between requests) calls :attr:`build` in a process of its own; once it
    has run, a new advisor of the same rules finds the table in the disk cache the command line uses too."""

    key: str
    """Names the table process-wide (kind and rule-set hash): one build per key, whoever asks."""
    build: Callable[[], object]
    """Builds the table into the disk cache and raises if it could not; picklable (a module-level function or a
    ``functools.partial`` of one), because it runs in a child process."""
    cpu_seconds: float | None = None
    """A rough estimate of the build's CPU time on one core (None: unknown), for telling the user how long."""
