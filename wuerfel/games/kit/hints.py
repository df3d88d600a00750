"""Hints that say how much each move loses against the best (issue 13: "a hint says how much each choice loses").

An advisor rates every legal move; :func:`rated` turns the ratings into :class:`~wuerfel.engine.advice.Advice`, best
first, each but the best with a note naming its loss. The note carries the number as whole and decimal digits in
separate placeholders, so the catalogue writes the decimal separator of its language ("0,4 Prozentpunkte weniger",
"0.4 percentage points below"): the advice is computed once and translated for whoever asks.

A game that knows the value of every legal move plays and advises by the same numbers: :class:`ValueBot` and
:class:`ValueAdvisor` are the bot and the hints of such a game, written once so that no two games differ in how a
tie is broken to float noise or in when a hint is due.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping
from typing import Any, ClassVar, Literal

from wuerfel.engine.advice import Advice
from wuerfel.engine.errors import N_
from wuerfel.engine.game import Action, Game, State

LOSS_CHANCE = N_("{whole}.{decimals} percentage points below the best")
LOSS_POINTS = N_("{whole}.{decimals} points below the best")
LOSS_CHIPS = N_("{whole}.{decimals} chips below the best")

CHANCE_BOTH_OPTIMAL = N_("chance to win (both play optimally)")
CHANCE_AGAINST_THROWN = N_("chance to win (against the results thrown)")


def win_measure(players: int) -> str:
    """What a hand game's chance to win means at a table of ``players`` (two or more): between two the exact duel,
    both playing optimally; with more, the chance against the results already thrown (each later player assumed to
    play to beat the best so far). One wording for every game that rates its moves so."""
    return CHANCE_BOTH_OPTIMAL if players == 2 else CHANCE_AGAINST_THROWN


def loss_params(loss: float, decimals: int) -> dict[str, str]:
    """``loss`` rounded to ``decimals`` places, split into its whole part and its decimal digits."""
    scaled = round(loss * 10**decimals)
    return {"whole": str(scaled // 10**decimals), "decimals": str(scaled % 10**decimals).zfill(decimals)}


def rated(
    values: Mapping[Action, float],
    measure: str,
    unit: Literal["chance", "points", "chips"] = "chance",
    offset: float = 0.0,
) -> list[Advice]:
    """Advice for every rated move, best first; ``unit`` "chance": values are probabilities and the loss is shown in
    percentage points (one decimal), "points": in points, "chips": in chips (expected chips; both two decimals).
    ``offset`` is added to every shown value (points already on the sheet) and cancels in the losses."""
    if not values:
        return []
    best = max(values.values())
    out: list[Advice] = []
    for action, v in sorted(values.items(), key=lambda kv: -kv[1]):
        loss = (best - v) * (100.0 if unit == "chance" else 1.0)
        decimals = 1 if unit == "chance" else 2
        shown = loss_params(loss, decimals)
        shown_unit = "chance" if unit == "chance" else ""  # a probability is read in percent
        if shown["whole"] == "0" and set(shown["decimals"]) == {"0"}:
            out.append(Advice(action=action, value=offset + v, measure=measure, unit=shown_unit))
            continue
        out.append(
            Advice(
                action=action,
                value=offset + v,
                measure=measure,
                note={"chance": LOSS_CHANCE, "points": LOSS_POINTS, "chips": LOSS_CHIPS}[unit],
                params=shown,
                unit=shown_unit,
            )
        )
    return out


class ValueBot(ABC):
    """The optimal bot of a game that knows the value of every move (:meth:`values`): the best move, a tie (to 12
    places, so float noise cannot choose) broken by :meth:`tie_break`. A game subclasses it with its state class
    and its values."""

    name = "optimal"
    state_class: ClassVar[type[Any]] = State
    """The class of the states it plays (the base: any state)."""

    def __init__(self, game: Game, seed: int = 0) -> None:
        self.game = game

    @abstractmethod
    def values(self, state: Any, player: int) -> Mapping[Action, float]:
        """The value of every legal move of ``player`` in ``state`` (an instance of :attr:`state_class`)."""

    @abstractmethod
    def tie_break(self, state: Any, player: int) -> Callable[[Action], Any]:
        """Among moves of equal value, the one with the greatest key is played."""

    def choose(self, state: State, player: int) -> Action:
        assert isinstance(state, self.state_class)
        vals = self.values(state, player)
        tie = self.tie_break(state, player)
        return max(vals, key=lambda a: (round(vals[a], 12), tie(a)))


class ValueAdvisor(ABC):
    """The hints of a game that knows the value of every move (:meth:`values`, as its :class:`ValueBot`): every
    move with its value, best first, and what each loses against the best (:func:`rated`, in the :meth:`measure`
    of the position); nothing for a seat that is not to move."""

    state_class: ClassVar[type[Any]] = State
    """The class of the states it plays (the base: any state)."""

    def __init__(self, game: Game) -> None:
        self.game = game

    @abstractmethod
    def values(self, state: Any, player: int) -> Mapping[Action, float]:
        """The value of every legal move of ``player`` in ``state`` (an instance of :attr:`state_class`)."""

    @abstractmethod
    def measure(self, state: Any) -> tuple[str, Literal["chance", "points"]]:
        """What the values of ``state`` are (a msgid) and their unit."""

    def advise(self, state: State, player: int) -> list[Advice]:
        if not isinstance(state, self.state_class) or state.to_move() != player:
            return []
        vals = self.values(state, player)
        measure, unit = self.measure(state)
        return rated(vals, measure, unit)
