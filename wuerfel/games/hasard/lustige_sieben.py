"""Lustige Sieben (Hasard game 9): a bank, punters staking on a board of eleven numbers, one throw of two dice.

The board: the 7 on top, the left column 2, 4, 6, 9, 11 and the right column 3, 5, 8, 10, 12. All punters place
their stakes (sealed, in any order: a simultaneous node) before the banker throws. Then:

* a left number falls: the bank collects the left stakes and those on the 7, and pays the right stakes doubled;
* a right number falls: the bank collects the right stakes, pays the left stakes doubled; the 7-stakes stay;
* a 7 falls: both columns lose, the 7-stakes are paid threefold.

"Doubled"/"threefold" means 2×/3× the stake returned (spec resolution; option ``payout = "net"``: 3×/4× returned).
The bank passes to the left neighbour after ``bank_throws`` throws (spec A, bank games); stakes still standing on
the 7 then go back to their owners, because the bank that accepted them is closed (documented in docs/hasard.md).
"""

from __future__ import annotations

import dataclasses
import random
from fractions import Fraction
from pathlib import Path
from typing import Any, ClassVar, Literal

from wuerfel.engine.chips import ChipLedger
from wuerfel.engine.components import Goal, Phrase
from wuerfel.engine.edges import BankEdge
from wuerfel.engine.errors import N_
from wuerfel.engine.game import Action, Game, State
from wuerfel.engine.registry import GameInfo, register
from wuerfel.engine.rules import opt, require
from wuerfel.games.kit.bank import BankGame, BankState
from wuerfel.games.kit.bank_board import BOARD, Bet, BoardField, BoardSpec, Done, Stake, settle_board
from wuerfel.games.kit.bank_options import bank_rounds_option, bank_throws_option, first_bank_option, label_bank_options
from wuerfel.games.kit.bank_table import DONE_WORDS, LOT_BANK, LOT_BANK_NAMED

LEFT = (2, 4, 6, 9, 11)
RIGHT = (3, 5, 8, 10, 12)
SEVEN = 7
NUMBERS = (SEVEN, *LEFT, *RIGHT)
BOARD_SPEC = BoardSpec(
    fields=(
        BoardField(SEVEN, "seven"),
        *(BoardField(k, "left") for k in LEFT),
        *(BoardField(k, "right") for k in RIGHT),
    ),
    layout=(("seven",), ("left", "right")),
    unknown_field=N_("There is no field {number} on the board (2 to 12)."),
)
"""The board as the rules lay it out: the 7 on top, the left column 2, 4, 6, 9, 11, the right column 3, 5, 8, 10,
12 (the order of the fields is also the order of the stake ids)."""

__all__ = [
    "BOARD",
    "BOARD_SPEC",
    "DONE_WORDS",
    "INFO",
    "LEFT",
    "LOT_BANK",
    "LOT_BANK_NAMED",
    "NUMBERS",
    "RIGHT",
    "SEVEN",
    "Bet",
    "Done",
    "LustigeSiebenGame",
    "LustigeSiebenRules",
    "LustigeSiebenState",
    "PunterBot",
    "Stake",
    "bank_edges",
    "column",
    "field_edges",
    "settle",
    "verdict",
]


def column(number: int) -> str:
    """ "left", "right" or "seven": only the column of a number matters for the settlement (spec 9)."""
    if number == SEVEN:
        return "seven"
    return "left" if number in LEFT else "right"


@dataclasses.dataclass(frozen=True)
class LustigeSiebenRules:
    """Options of Lustige Sieben; every default is the text or the spec's resolution."""

    starting_chips: int = opt(
        30, de="Chips für jeden Spieler zu Beginn", en="Chips each player starts with", low=1, high=10000
    )
    max_stake: int = opt(
        5,
        de="Größter Einzeleinsatz (mehrere Einsätze pro Wurf erlaubt)",
        en="Largest single stake (several stakes per throw allowed)",
        low=1,
        high=1000,
    )
    payout: Literal["returned", "net"] = opt(
        "returned",
        de="„verdoppeln“/„dreifach“: 2×/3× des Einsatzes zurück oder 2×/3× Gewinn zusätzlich zum Einsatz",
        en="'doubled'/'threefold': 2×/3× the stake returned, or 2×/3× won on top of the stake",
    )
    bank_throws: int = bank_throws_option()
    bank_rounds: int = bank_rounds_option()
    first_bank: Literal["first_seat", "lot"] = first_bank_option()

    def validate(self) -> None:
        for key in ("starting_chips", "max_stake", "bank_throws", "bank_rounds"):
            require(getattr(self, key) >= 1, key, "≥ 1", getattr(self, key))

    def multiplier(self, col: str) -> int:
        """Chips returned per chip staked on a winning field (stake included)."""
        base = 3 if col == "seven" else 2
        return base + (1 if self.payout == "net" else 0)


def verdict(number: int, total: int, rules: LustigeSiebenRules) -> int | None:
    """What a stake on ``number`` gets when ``total`` falls (spec 9): a column wins when the *other* column falls,
    the 7 when a 7 falls; a 7-stake stands when a right number falls ("Die Einsätze auf der Sieben bleiben in diesem
    Fall stehen."); everything else is lost. A win returns ``rules.multiplier`` chips per chip staked."""
    thrown, col = column(total), column(number)
    if thrown == "right" and col == "seven":
        return None
    wins = (
        (col == "seven" and thrown == "seven")
        or (col == "left" and thrown == "right")
        or (col == "right" and thrown == "left")
    )
    return rules.multiplier(col) if wins else 0


def settle(
    ledger: ChipLedger, board: tuple[Bet, ...], banker: int, total: int, rules: LustigeSiebenRules
) -> tuple[ChipLedger, tuple[Bet, ...]]:
    """Settle every stake on the board for a throw of ``total`` (spec 9); returns the ledger and what stays."""
    return settle_board(ledger, board, banker, lambda number: verdict(number, total, rules))


@dataclasses.dataclass(frozen=True)
class LustigeSiebenState(BankState):
    """A bank game on the kit (:mod:`wuerfel.games.kit.bank`): two dice, the board of spec 9, settled by column."""

    board_spec: ClassVar[BoardSpec] = BOARD_SPEC

    @property
    def rules(self) -> LustigeSiebenRules:
        return self.game.rules  # type: ignore[no-any-return]

    def dice_count(self) -> int:
        return 2

    def verdict(self, number: int, value: int) -> int | None:
        return verdict(number, value, self.rules)

    def goal(self) -> Goal:
        """Issue 24: the aim on the felt — chips from the bank — and which bank of the game is playing."""
        return Goal(Phrase(N_("Win chips from the bank")), self.bank_progress())

    def throw_message(self, value: int, dice: tuple[int, ...]) -> Phrase:
        where = {"left": N_("left column"), "right": N_("right column"), "seven": N_("the 7")}[column(value)]
        return Phrase(
            N_("Last throw: {dice} = {sum} ({where})"),
            {"dice": " + ".join(map(str, dice)), "sum": value, "where": Phrase(where)},
        )


class LustigeSiebenGame(BankGame):
    id = "lustige-sieben"
    state_class = LustigeSiebenState


# --- the punters' stated staking rule -----------------------------------------------------------------------------
def field_edges(rules: LustigeSiebenRules) -> dict[str, Fraction]:
    """Exact expected net gain per chip of each kind of field, per *settlement* of the stake.

    Column: wins on the other column (15/36), loses on its own column or the 7 (21/36). The 7: a right number leaves
    it standing, so per settlement it wins 6/21 and loses 15/21.
    """
    col = Fraction(15, 36) * (rules.multiplier("left") - 1) - Fraction(21, 36)
    seven = Fraction(6, 21) * (rules.multiplier("seven") - 1) - Fraction(15, 21)
    return {"left": col, "right": col, "seven": seven}


class PunterBot:
    """Stakes by a stated rule (spec D: field and amount; all column fields are equivalent).

    Rule: take the kind of field with the best exact expectation (:func:`field_edges`). If it is negative (the
    bank's edge, as with the default payouts: 7 loses 1/7 per settled chip, a column 1/6), play the minimum: one
    chip on the 7 whenever none of ours is standing there (a standing 7-stake keeps playing), otherwise one chip on
    a column number. If it is positive (``payout = "net"``), stake a tenth of the balance (at least 1, at most the
    largest stake) on that field every throw.
    """

    name = "heuristic"

    def __init__(self, game: Game, seed: int = 0) -> None:
        self.rng = random.Random(seed)
        self.edges = field_edges(game.rules)

    def choose(self, state: State, player: int) -> Action:
        assert isinstance(state, LustigeSiebenState)
        legal = state.legal_actions(player)
        if state.betting is None or state.betting.items(player) or len(legal) == 1:
            return Done()
        best = max(self.edges, key=lambda k: (self.edges[k], k == "seven"))
        if self.edges[best] < 0:
            standing = any(p == player and n == SEVEN for p, n, _ in state.board)
            number = SEVEN if not standing else self.rng.choice(LEFT + RIGHT)
            if self.edges["seven"] < self.edges["left"]:
                number = self.rng.choice(LEFT + RIGHT)
            action: Action = Stake(number, 1)
        else:
            amount = max(1, min(state.rules.max_stake, state.ledger.balance(player) // 10))
            number = SEVEN if best == "seven" else self.rng.choice(LEFT if best == "left" else RIGHT)
            action = Stake(number, amount)
        return action if state.is_legal(action, player) else Done()


# --- registration -------------------------------------------------------------------------------------------------
def _advisor(game: Game) -> Any:
    from wuerfel.games.hasard.lustige_sieben_advice import LustigeSiebenAdvisor

    return LustigeSiebenAdvisor(game)


def _punter_bot(game: Game, seed: int) -> Any:
    return PunterBot(game, seed)


def _render(view: dict[str, Any], lang: str) -> Any:
    from wuerfel.games.hasard.lustige_sieben_render import render_lustige_sieben

    return render_lustige_sieben(view, lang)


def _explain(rules: LustigeSiebenRules, players: int) -> Any:
    from wuerfel.games.hasard.explain.lustige_sieben import explain

    return explain(rules, players)


def bank_edges(rules: LustigeSiebenRules) -> tuple[BankEdge, ...]:
    """``GameInfo.bank_edges``: the bank's exact expected gain per chip staked, until the stake is settled, from the
    game's own :func:`verdict` over all 36 throws (the kit's :meth:`~wuerfel.games.kit.bank.BankState.field_edge`).

    A column number is settled by the throw it is staked for. A stake on the 7 stands on a right number, so its edge
    depends on the throws the bank has left (a stake still standing when the bank closes goes back to its owner): the
    absorbing chain gives 1/7 · (1 − (5/12)^k) for k throws left (book's payouts) — shown for a stake placed before
    the bank's first throw (k = ``bank_throws``) and before its last (k = 1: 1/12).
    """
    state = LustigeSiebenGame(rules, 2).new_initial_state()
    assert isinstance(state, LustigeSiebenState)
    k = rules.bank_throws
    edges = [
        BankEdge("column", Phrase(N_("a number of the left or right column")), state.field_edge(LEFT[0])),
        BankEdge(
            "seven_first",
            Phrase(
                N_("the 7, staked before the bank's first throw ({n} throw left)"),
                {"n": k},
                plural="the 7, staked before the bank's first throw ({n} throws left)",
            ),
            state.field_edge(SEVEN, k),
        ),
    ]
    if k > 1:
        edges.append(
            BankEdge("seven_last", Phrase(N_("the 7, staked before the bank's last throw")), state.field_edge(SEVEN, 1))
        )
    return tuple(edges)


def _odds(rules: LustigeSiebenRules) -> Any:
    """``wuerfel odds``: the bank's throw by the column it falls in, and the bank's exact edge per chip staked
    (:func:`bank_edges`: the same figures as the rules panel)."""
    from wuerfel.engine.edges import edge_notes
    from wuerfel.engine.odds import ThrowClass, ThrowOdds

    return ThrowOdds(
        2,
        (
            ThrowClass("seven", Phrase(N_("the 7"))),
            ThrowClass("left", Phrase(N_("left column"))),
            ThrowClass("right", Phrase(N_("right column"))),
        ),
        lambda dice: column(sum(dice)),
        notes=edge_notes(bank_edges(rules)),
    )


INFO = register(
    GameInfo(
        id="lustige-sieben",
        name_de="Lustige Sieben",
        name_en="Under and Over Seven (Lustige Sieben)",
        family="two-dice",
        options_class=LustigeSiebenRules,
        make=LustigeSiebenGame,
        min_players=2,
        max_players=9,
        default_preset="lustige-sieben",
        presets_dir=Path(__file__).parent / "presets" / "lustige-sieben",
        locale_dir=Path(__file__).parent / "locale" / "lustige-sieben",
        web_dir=Path(__file__).parent / "web" / "lustige-sieben",
        description_de=(
            "Eine Bank, zwei Würfel: Setz auf die Sieben, die linke oder die rechte Reihe, dann würfelt die Bank."
        ),
        description_en="A bank and two dice: stake on the 7, the left or the right row, then the bank throws.",
        aliases=("lustige_sieben", "merry-seven"),
        bots={"heuristic": _punter_bot},
        terminal_renderer=_render,
        default_bot="heuristic",
        advisor=_advisor,
        perfect_information=False,
        chips=True,
        odds=_odds,
        bank_edges=bank_edges,
        explain=_explain,
        explain_quotes=("starting_chips", "max_stake", "bank_throws", "bank_rounds"),
    )
)


# --- the options in words (rule editor, ``wuerfel rules show``, the API) --------------------
label_bank_options(
    LustigeSiebenRules,
    {
        "payout": ("Auszahlung", "Payout"),
    },
    {
        "payout": {
            "returned": ("2×/3× des Einsatzes zurück", "2×/3× the stake returned"),
            "net": ("2×/3× Gewinn zusätzlich zum Einsatz", "2×/3× won on top of the stake"),
        },
    },
)
