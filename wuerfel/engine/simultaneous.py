"""Simultaneous decisions with sealed commitments (stakes placed before one throw, votes, bids).

At a real table the punters of a bank game all place their stakes before the banker throws, in no particular
order, and nobody needs to wait for anybody. The engine models this as a node whose ``to_move()`` is
:data:`~wuerfel.engine.game.SIMULTANEOUS` and whose ``actors()`` are the players still deciding: each applies his
actions in any order (the record keeps the order they arrived in), and the node ends when the last one declares
himself done.

A player's commitments are *sealed* until everybody is done: another player's view shows only whether he has
finished, never what he committed, so a late decider cannot react to an early one. :class:`SealedRound` keeps the
commitments and produces exactly that view; a game stores it in its state and folds the commitments into its own
bookkeeping (a chip ledger, a board) once :attr:`SealedRound.complete` is true.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Hashable, Iterable
from typing import Any


@dataclasses.dataclass(frozen=True)
class SealedRound:
    """Who still decides and what each player has committed so far (hidden from the others until complete)."""

    deciding: frozenset[int]
    """Players who have not declared themselves done."""
    committed: tuple[tuple[int, tuple[Hashable, ...]], ...] = ()
    """(player, items) pairs in seat order; items in the order the player committed them."""

    @classmethod
    def open(cls, players: Iterable[int]) -> SealedRound:
        return cls(frozenset(players))

    @property
    def complete(self) -> bool:
        return not self.deciding

    def actors(self) -> tuple[int, ...]:
        """The players who may act now, in seat order (what ``State.actors()`` returns at this node)."""
        return tuple(sorted(self.deciding))

    def items(self, player: int) -> tuple[Hashable, ...]:
        return dict(self.committed).get(player, ())

    def commit(self, player: int, item: Hashable) -> SealedRound:
        """Add one commitment of a player who is still deciding."""
        if player not in self.deciding:
            raise ValueError(f"player {player} has already finished")
        d = dict(self.committed)
        d[player] = (*d.get(player, ()), item)
        return dataclasses.replace(self, committed=tuple(sorted(d.items())))

    def replace_items(self, player: int, items: tuple[Hashable, ...]) -> SealedRound:
        """Replace a player's commitments (used by ``determinize`` to re-draw what a player cannot see)."""
        d = dict(self.committed)
        if items:
            d[player] = items
        else:
            d.pop(player, None)
        return dataclasses.replace(self, committed=tuple(sorted(d.items())))

    def finish(self, player: int) -> SealedRound:
        """The player declares himself done; his commitments are final."""
        if player not in self.deciding:
            raise ValueError(f"player {player} has already finished")
        return dataclasses.replace(self, deciding=self.deciding - {player})

    def view(self, viewer: int | None, show: Any = None) -> dict[str, Any]:
        """What ``viewer`` may know: his own commitments; of the others only who has finished.

        ``show`` turns an item into JSON (default: the item itself). Once the round is complete, everything is
        open (the stakes lie on the table).
        """
        conv = show or (lambda x: x)
        out: dict[str, Any] = {"deciding": sorted(self.deciding)}
        if self.complete:
            out["committed"] = {str(p): [conv(i) for i in items] for p, items in self.committed}
        elif viewer is not None:
            out["mine"] = [conv(i) for i in self.items(viewer)]
        return out
