"""The moves of Craps: the maker names a number and a stake (:class:`Name`), an opponent bids his share
(:class:`Cover`).

Apart from the game (:mod:`wuerfel.games.hasard.craps`) because they are plain values that the state, the table's
words (:mod:`~wuerfel.games.hasard.craps_table`, which reads typed moves into them) and the bots all name.
"""

from __future__ import annotations

import dataclasses
from typing import ClassVar

from wuerfel.engine.game import Action


@dataclasses.dataclass(frozen=True)
class Name(Action):
    """The maker names ``number`` (2 to 12) and stakes ``stake`` chips on it. Listed once per number with the stake an
    :class:`~wuerfel.engine.game.Amount` (1 to what he and the opponents together can put up)."""

    kind: ClassVar[str] = "name"
    number: int
    stake: int


@dataclasses.dataclass(frozen=True)
class Cover(Action):
    """An opponent's bid (option ``cover = "bid"``): he covers ``amount`` chips of the maker's stake."""

    kind: ClassVar[str] = "cover"
    amount: int
