"""The result of a chip session, written once: whoever ends with the most chips wins, the fewest loses.

Every game played for chips over a :class:`~wuerfel.engine.chips.ChipLedger` that starts each seat with the rules'
``starting_chips`` (Craps, Va banque, the poker games, the kit's bank games) reads its scores, winners, losers and
payoffs from the ledger in the same way; they mix in :class:`ChipResults` instead of writing these four methods
again, so the games cannot drift apart on what "won" means at the end of a session.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from wuerfel.engine.chips import ChipLedger


class ChipResults:
    """Results of a chip session for a :class:`~wuerfel.engine.game.State` with a ``ledger`` and ``rules`` having
    ``starting_chips``. Mix it in before ``State`` (``class MyState(ChipResults, State)``) so these methods take the
    place of the engine's defaults."""

    if TYPE_CHECKING:
        ledger: ChipLedger

        @property
        def rules(self) -> Any: ...

        def is_terminal(self) -> bool: ...

        def ranking(self) -> tuple[tuple[int, ...], ...]: ...

    def scores(self) -> tuple[float, ...]:
        """Every seat's chips."""
        return tuple(float(x) for x in self.ledger.players)

    def winners(self) -> tuple[int, ...]:
        """At the end, whoever holds the most chips (several when they hold the same); nobody before."""
        if not self.is_terminal():
            return ()
        best = max(self.ledger.players)
        return tuple(p for p, x in enumerate(self.ledger.players) if x == best)

    def losers(self) -> tuple[int, ...]:
        """Whoever ends with the fewest chips (spec G8; nobody when all end level)."""
        ranking = self.ranking()
        return ranking[-1] if len(ranking) > 1 else ()

    def payoffs(self) -> tuple[int, ...]:
        """Chips now minus chips at the start. Chips lying in a pot or on a stake board count as gone until a seat
        takes them; the game ends with them all in the seats' hands, so the payoffs then sum to zero."""
        return tuple(x - self.rules.starting_chips for x in self.ledger.players)
