"""A chip ledger: per-player balances plus named pools (pot, bank, stakes on a board), with exact integer transfers.

Many Hasard games are played for chips (spec A, G7): antes into a pot, a bank that collects and pays, stakes lying
on a board until a throw settles them. Written once here so that every such game moves chips the same way and one
invariant holds everywhere: chips are only *moved*, never created or destroyed, so the total of all accounts is
constant (a property the tests check after every event). Balances may go negative (spec: a forced payment is never
refused; a player simply owes).

The ledger is an immutable value like the states that hold it: every transfer returns a new ledger.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping
from typing import Any

Account = int | str
"""A player seat (int) or the name of a pool ("pot", "bank", "board:7" …)."""


@dataclasses.dataclass(frozen=True)
class ChipLedger:
    """Balances of the players (index = seat) and of named pools; all integers."""

    players: tuple[int, ...]
    pools: tuple[tuple[str, int], ...] = ()
    """Named pools as sorted (name, amount) pairs; a pool that is empty is dropped, so equal ledgers compare equal."""

    @classmethod
    def start(cls, num_players: int, chips: int, pools: Mapping[str, int] | None = None) -> ChipLedger:
        """Everyone gets the same number of chips (the usual start: "Jeder bekommt gleichviele Chips")."""
        return cls(tuple(chips for _ in range(num_players)))._with_pools(dict(pools or {}))

    # --- reading ---------------------------------------------------------------------------------------------
    def balance(self, account: Account) -> int:
        if isinstance(account, int):
            return self.players[account]
        return dict(self.pools).get(account, 0)

    @property
    def pot(self) -> int:
        return self.balance("pot")

    def total(self) -> int:
        """Sum over every account: constant over a game (chips are conserved)."""
        return sum(self.players) + sum(v for _, v in self.pools)

    def to_json(self) -> dict[str, Any]:
        return {"players": list(self.players), "pools": dict(self.pools)}

    # --- moving chips ----------------------------------------------------------------------------------------
    def transfer(self, source: Account, target: Account, amount: int) -> ChipLedger:
        """Move ``amount`` chips (a non-negative int) from one account to another; balances may go negative."""
        if isinstance(amount, bool) or not isinstance(amount, int) or amount < 0:
            raise ValueError(f"transfer amount must be a non-negative int, not {amount!r}")
        if amount == 0 or source == target:
            return self
        players = list(self.players)
        pools = dict(self.pools)
        for acc, delta in ((source, -amount), (target, amount)):
            if isinstance(acc, int):
                if not 0 <= acc < len(players):
                    raise ValueError(f"no seat {acc}")
                players[acc] += delta
            else:
                pools[acc] = pools.get(acc, 0) + delta
        return dataclasses.replace(self, players=tuple(players))._with_pools(pools)

    def transfers(self, moves: Iterable[tuple[Account, Account, int]]) -> ChipLedger:
        """Several transfers in order (one settlement)."""
        ledger = self
        for s, t, a in moves:
            ledger = ledger.transfer(s, t, a)
        return ledger

    def empty_pool(self, pool: str, target: Account) -> ChipLedger:
        """Move everything in ``pool`` to ``target`` (the winner takes the pot)."""
        return self.transfer(pool, target, max(self.balance(pool), 0))

    def split_pool(self, pool: str, targets: tuple[int, ...]) -> ChipLedger:
        """Share a pool equally among seats; the indivisible remainder stays in the pool (for the next round).

        Exact integer chips: nobody is paid a fraction, and no chip vanishes.
        """
        if not targets:
            return self
        share = max(self.balance(pool), 0) // len(targets)
        return self.transfers((pool, t, share) for t in targets)

    def _with_pools(self, pools: Mapping[str, int]) -> ChipLedger:
        return dataclasses.replace(self, pools=tuple(sorted((k, v) for k, v in pools.items() if v != 0)))
