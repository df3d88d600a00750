"""Manual entry and labels of the two chance events most games share: the lot for who begins and a throw of plain
dice (with the void throw of real dice).

Written once because every game that draws its first player by lot and then throws read a typed outcome and named
an outcome in the same words (the hand games, the hand rounds, the sheet games, Offenes Würfelpoker), each with its
own copy; one copy keeps what a scorekeeper types and reads the same in all of them. :class:`LotPhaseState` is the
part of such a state that the kit's hand games and hand rounds shared to the letter.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from wuerfel.engine.errors import N_, IllegalAction
from wuerfel.engine.game import Outcome, Roll, State
from wuerfel.games.kit.lot import LOT_BEGINS, LOT_BEGINS_NAMED, Lot, parse_lot
from wuerfel.games.kit.void import VOID_LABEL, Void, parse_throw


def parse_lot_or_throw(text: str, n_players: int, lot: bool, dice: int, poker: bool = False) -> Outcome:
    """Read what a person typed at a chance node: the seat the lot fell on where ``lot``, else a throw of ``dice``
    dice (poker faces where ``poker``) or the void throw; refused where no dice are to be thrown."""
    if lot:
        return parse_lot(text, n_players)
    if dice <= 0:
        raise IllegalAction(N_("No dice are to be thrown now."))
    return parse_throw(text, dice, poker=poker)


def describe_lot_or_throw(outcome: Outcome, lang: str, names: Sequence[str] = ()) -> str | None:
    """The label of a throw ("3 3 1 5 6"), of the lot (by the player's name where ``names`` has it, else the seat)
    and of the void throw; None for any other outcome (the caller's own to name)."""
    from wuerfel.i18n import translate

    if isinstance(outcome, Roll):
        return " ".join(str(d) for d in outcome.dice)
    if isinstance(outcome, Lot):
        if 0 <= outcome.seat < len(names):
            return translate(LOT_BEGINS_NAMED, lang, name=names[outcome.seat])
        return translate(LOT_BEGINS, lang, seat=outcome.seat + 1)
    if isinstance(outcome, Void):
        return translate(VOID_LABEL, lang)
    return None


class LotPhaseState(State):
    """A state whose ``phase`` is "lot" until the lot has fallen, whose throws are plain dice and whose result is
    its :meth:`ranking` (the kit's :class:`~.hands.HandState` and :class:`~.hand_round.HandRoundState`): the
    players and rules, the typed and the named outcomes, and the winners (the first group) and losers (the last of
    several groups) come from here."""

    phase: str

    @property
    def n(self) -> int:
        return self.game.num_players

    @property
    def rules(self) -> Any:
        return self.game.rules

    def parse_outcome(self, text: str) -> Outcome:
        return parse_lot_or_throw(text, self.n, self.phase == "lot", self.dice_to_throw())

    def describe_outcome(self, outcome: Outcome, lang: str = "de", names: Sequence[str] = ()) -> str:
        label = describe_lot_or_throw(outcome, lang, names)
        return label if label is not None else super().describe_outcome(outcome, lang, names)

    def winners(self) -> tuple[int, ...]:
        r = self.ranking()
        return r[0] if r else ()

    def losers(self) -> tuple[int, ...]:
        r = self.ranking()
        return r[-1] if len(r) > 1 else ()
