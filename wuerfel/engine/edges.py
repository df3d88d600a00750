"""The bank's edge: what the bank of a bank game expects to win per chip staked, exactly, under one rule set.

Players of the bank games (Zehnerspiel, Lustige Sieben, Rock and Roll, Craps) ask "is this fair?" A game answers
through ``GameInfo.bank_edges``: factory(rules) → a tuple of :class:`BankEdge`, one per kind of field or bet, each the
bank's expected gain per chip staked there as an exact :class:`~fractions.Fraction` (positive: the bank's edge,
negative: the punters', 0: fair). The rules panels show it — the lobby beside the house rules (the options and
validate API carry it), the table page's rules panel, ``wuerfel rules show`` — so this module knows no game; the
documents below are the shared JSON form.

A stake that can stand for later throws (Lustige Sieben's 7 on a right number) is counted until it is settled:
:func:`stake_edge` solves the absorbing chain "standing → lost / paid / returned", where a stake still standing
when the bank closes is returned (the bank kit's rule), so its edge depends on how many throws the bank has left.

Craps (another module) exposes ``bank_edge(rules) -> Fraction``; :func:`single_edge` turns such a function into the
hook, so wiring it is one line: ``bank_edges=single_edge(bank_edge)``.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable, Sequence
from fractions import Fraction
from typing import Any

from wuerfel.engine.components import Phrase, resolve
from wuerfel.engine.errors import N_

EDGE_NAME = N_("Bank's edge per chip staked")
EDGE_ON = N_("Bank's edge per chip on {field}")


@dataclasses.dataclass(frozen=True)
class BankEdge:
    """One kind of field or bet with the bank's exact expected gain per chip staked on it (the stake settled)."""

    key: str
    """A stable key for scripts and tests ("colour", "seven_first")."""
    name: Phrase | str
    """What the rules panel writes (a translatable phrase)."""
    edge: Fraction
    """The bank's expected net gain per chip staked: positive the bank's edge, negative the punters', 0 fair."""

    def label(self, lang: str) -> str:
        return str(resolve(self.name, lang))


BankEdges = Callable[[Any], Sequence[BankEdge]]
"""The ``GameInfo.bank_edges`` hook: factory(rules) → the edges under those rules, in display order."""


def single_edge(
    edge_of: Callable[[Any], Fraction], key: str = "bank_edge", name: Phrase | str | None = None
) -> BankEdges:
    """The hook for a game with one kind of bet whose module computes ``edge_of(rules) -> Fraction`` (Craps'
    ``bank_edge``): ``GameInfo(..., bank_edges=single_edge(bank_edge))``."""
    label = name if name is not None else Phrase(EDGE_NAME)

    def edges(rules: Any) -> tuple[BankEdge, ...]:
        return (BankEdge(key, label, Fraction(edge_of(rules))),)

    return edges


def stake_edge(outcomes: Iterable[tuple[Fraction, int | None]], throws_left: int | None = 1) -> Fraction:
    """The bank's expected gain per chip of a stake settled throw by throw, by solving its absorbing chain.

    ``outcomes``: for one throw, (probability, verdict) pairs — verdict ``0`` the stake is lost (the bank gains 1),
    ``m ≥ 1`` it is paid so that the punter holds ``m`` chips (the bank gains ``1 − m``), ``None`` it stands for the
    next throw. ``throws_left``: the throws the bank still makes, this one included; a stake still standing after
    the last of them is returned (gain 0). ``None``: the bank never closes (the chain's limit).

    With ``a`` the expected gain settled in one throw and ``s`` the chance the stake stands, the chain gives
    ``E_k = a + s · E_(k−1)``, ``E_0 = 0``, so ``E_k = a · (1 − s^k) / (1 − s)`` and ``E_∞ = a / (1 − s)``.
    """
    a = Fraction(0)
    s = Fraction(0)
    total = Fraction(0)
    for p, verdict in outcomes:
        p = Fraction(p)
        total += p
        if verdict is None:
            s += p
        else:
            a += p * (1 - verdict)
    if total != 1:
        raise ValueError(f"the outcomes of one throw must sum to 1, not {total}")
    if throws_left is None:
        if s == 1:
            return Fraction(0)
        return a / (1 - s)
    if throws_left < 1:
        raise ValueError("a stake needs at least one throw left")
    edge = Fraction(0)
    for _ in range(throws_left):
        edge = a + s * edge
    return edge


def edge_notes(edges: Iterable[BankEdge]) -> tuple[Any, ...]:
    """The same edges as notes beside ``wuerfel odds``' table (:class:`~wuerfel.engine.odds.OddsNote`, keys
    ``bank_edge_<field>``), so the odds and the rules panel never disagree."""
    from wuerfel.engine.odds import OddsNote

    return tuple(OddsNote(f"bank_edge_{e.key}", Phrase(EDGE_ON, {"field": e.name}), e.edge) for e in edges)


def edges_document(edges: Iterable[BankEdge], lang: str = "de") -> list[dict[str, Any]]:
    """The JSON form the API and ``--json`` share: ``[{"field", "name", "edge", "fraction"}]`` — the edge as the
    float of the exact fraction and the fraction itself as text ("1/4")."""
    return [{"field": e.key, "name": e.label(lang), "edge": float(e.edge), "fraction": str(e.edge)} for e in edges]


def game_edges(info: Any, rules: Any, lang: str = "de") -> list[dict[str, Any]] | None:
    """The edges of ``info``'s game under ``rules`` as a document; None for a game that has no bank."""
    hook = getattr(info, "bank_edges", None)
    if hook is None:
        return None
    return edges_document(hook(rules), lang)
