"""What one throw is worth: the hook behind ``wuerfel score``, so the command knows no game.

A game that scores throws registers ``GameInfo.throw_scorer``: factory(rules) → :class:`ThrowScorer`. Two shapes of
answer exist, and the command draws both: *selections* (Zehntausend: every legal set of dice to put aside, best
first) and *boxes* (Würfelspiel, Kniffel, Escalero: the points of the throw in every box of one column). Games that
do not score a throw by itself (a bank game decided by a sum, a bluffing game) register none and are refused.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

from wuerfel.engine.dice import Multiset


@dataclasses.dataclass(frozen=True)
class ThrowScorer:
    """How many dice a throw has and what it scores under one rule set.

    ``score(dice, lang)`` returns the JSON document without ``rules`` (the command adds it first): for selections
    ``{"dice", "niete", "selections": [...]}``, for boxes ``{"dice", "boxes": [{"box", "name", "points"}]}`` with
    ``name`` in ``lang``. ``parse(text)`` reads a throw in the game's notation (poker dice by name) and raises
    ValueError; None means plain faces 1–6. An empty throw (0 dice) is always accepted: it scores nothing.
    """

    kind: str
    """"selections" or "boxes"."""
    min_dice: int
    max_dice: int
    score: Callable[[Multiset, str], dict[str, Any]]
    parse: Callable[[str], Multiset] | None = None
    extra: Callable[[Multiset, str], list[str]] | None = None
    """Words the text output adds to the title ("instant win!"), in ``lang``."""
    show: Callable[[Multiset, str], str] | None = None
    """The throw in the game's notation for the text output (poker dice: "A A K K K"); None: faces joined by -."""
    labels: Callable[[Multiset, str], list[str]] | None = None
    """Selections only: what each selection consists of in words, in the order of ``selections``."""
    nothing: Callable[[str], str] | None = None
    """Selections only: what the text output says of a throw with no legal selection, in ``lang`` (Zehntausend: a
    Niete loses the turn); the game says it because what an empty throw costs is its rule. None: an empty row."""
