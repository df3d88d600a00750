"""Zehnerspiel (Hasard game 19): a bank, punters staking before the bank's one throw of three dice.

Text: "Ein Spieler ist Bankhalter und würfelt für alle anderen. Seine Gegenspieler machen vorher ihre Einsätze. Unter
10 Augen gewinnen Sie den doppelten Einsatz. Ab 10 Augen gewinnt der Bankhalter und kassiert alle Einsätze."

On the bank kit (:mod:`wuerfel.games.kit.bank`): the board is one field, "unter 10"; every punter stakes on it
(sealed, simultaneously) before the throw; a sum of 3 to 9 pays every stake, 10 to 18 loses it to the bank. "Den
doppelten Einsatz gewinnen" is read as the spec resolves it: 2× the stake returned (even money; option ``payout =
"net"``: the winnings are twice the stake, 3× returned). Nobody may stake nothing by rule, but nobody must stake
either (the text names no minimum). The bank passes to the left neighbour after ``bank_throws`` throws (spec A, bank
games); the game ends when it has gone round the table ``bank_rounds`` times.

The bank's edge is exact: P(sum < 10) = 81/216 = 3/8, so a chip staked returns 2 · 3/8 = 3/4 — the bank keeps 1/4
of every chip staked (with ``payout = "net"``: 3 · 3/8 = 9/8, the punters have the edge, +1/8).
"""

from __future__ import annotations

import dataclasses
import random
import re
from fractions import Fraction
from pathlib import Path
from typing import Any, ClassVar, Literal

from wuerfel.engine.advice import Advice
from wuerfel.engine.components import Component, Goal, Message, Phrase
from wuerfel.engine.dice import roll_distribution
from wuerfel.engine.errors import N_, IllegalAction
from wuerfel.engine.game import Action, Game, State
from wuerfel.engine.registry import GameInfo, register
from wuerfel.engine.rules import opt, require
from wuerfel.games.kit.bank import BankGame, BankState
from wuerfel.games.kit.bank_board import BoardField, BoardSpec, Done, Stake
from wuerfel.games.kit.bank_options import bank_rounds_option, bank_throws_option, first_bank_option, label_bank_options
from wuerfel.games.kit.bank_table import DONE_WORDS

UNDER = 10
"""The punters win below this sum of the three dice ("Unter 10 Augen")."""
FIELD = 1
"""The one field of the board, "unter 10" (a stake names it: "3 auf 1", or just "3")."""
BOARD_SPEC = BoardSpec(
    fields=(BoardField(FIELD, "under", Phrase(N_("under 10"))),),
    layout=(("under",),),
    unknown_field=N_('There is only one field: a stake goes on "under 10" (field 1).'),
    label=N_('Stakes on "under 10"'),
)

__all__ = [
    "BOARD_SPEC",
    "FIELD",
    "INFO",
    "UNDER",
    "PunterBot",
    "ZehnerspielAdvisor",
    "ZehnerspielGame",
    "ZehnerspielRules",
    "ZehnerspielState",
    "bank_edge",
    "bank_edges",
    "p_under",
    "verdict",
]


@dataclasses.dataclass(frozen=True)
class ZehnerspielRules:
    """Options of Zehnerspiel; every default is the text or the spec's resolution."""

    starting_chips: int = opt(
        30, de="Chips für jeden Spieler zu Beginn", en="Chips each player starts with", low=1, high=10000
    )
    max_stake: int = opt(
        5, de="Größter Einsatz eines Setzers pro Wurf", en="Largest stake of a punter per throw", low=1, high=1000
    )
    payout: Literal["returned", "net"] = opt(
        "returned",
        de="„Den doppelten Einsatz gewinnen“: 2× des Einsatzes zurück (gleicher Gewinn) oder 2× Gewinn "
        "zusätzlich zum Einsatz",
        en="'Win double the stake': 2× the stake returned (even money) or twice the stake won on top of it",
    )
    bank_throws: int = bank_throws_option()
    bank_rounds: int = bank_rounds_option()
    first_bank: Literal["first_seat", "lot"] = first_bank_option()

    def validate(self) -> None:
        for key in ("starting_chips", "max_stake", "bank_throws", "bank_rounds"):
            require(getattr(self, key) >= 1, key, "≥ 1", getattr(self, key))

    @property
    def multiplier(self) -> int:
        """Chips returned per chip staked when the throw stays under 10 (stake included)."""
        return 3 if self.payout == "net" else 2


label_bank_options(
    ZehnerspielRules,
    {
        "payout": ("Auszahlung", "Payout"),
    },
    {
        "payout": {
            "returned": ("2× des Einsatzes zurück", "2× the stake returned"),
            "net": ("2× Gewinn zusätzlich zum Einsatz", "2× won on top of the stake"),
        },
    },
)


def p_under() -> Fraction:
    """P(three dice sum to less than 10) = 81/216 = 3/8, counted over every throw."""
    return sum((p for dice, p in roll_distribution(3) if sum(dice) < UNDER), Fraction(0))


def bank_edge(rules: ZehnerspielRules) -> Fraction:
    """The bank's exact expected gain per chip staked: 1 − multiplier · P(under 10) (1/4 under the book's rules)."""
    return 1 - rules.multiplier * p_under()


def verdict(total: int, rules: ZehnerspielRules) -> int:
    """What a stake gets when the three dice show ``total``: ``multiplier`` chips per chip below 10, else lost."""
    return rules.multiplier if total < UNDER else 0


@dataclasses.dataclass(frozen=True)
class ZehnerspielState(BankState):
    """A bank game on the kit: three dice, one field, settled by whether the sum stays under 10."""

    board_spec: ClassVar[BoardSpec] = BOARD_SPEC

    @property
    def rules(self) -> ZehnerspielRules:
        return self.game.rules  # type: ignore[no-any-return]

    def dice_count(self) -> int:
        return 3

    def verdict(self, number: int, value: int) -> int | None:
        return verdict(value, self.rules)

    def hits(self, value: int) -> frozenset[int]:
        return frozenset({FIELD}) if value < UNDER else frozenset()

    def goal(self) -> Goal:
        """Issue 24: the aim on the felt — chips from the bank, under 10 — and which bank of the game is playing."""
        return Goal(
            Phrase(N_("Win chips from the bank: under 10 pays, 10 or more goes to the bank")), self.bank_progress()
        )

    def throw_message(self, value: int, dice: tuple[int, ...]) -> Phrase:
        words = N_("under 10: the punters win") if value < UNDER else N_("10 or more: the bank collects")
        return Phrase(
            N_("Last throw: {dice} = {sum} ({where})"),
            {"dice": " + ".join(map(str, dice)), "sum": value, "where": Phrase(words)},
        )

    def components(self, player: int | None) -> tuple[Component, ...]:
        """The kit's table, and the bank's exact edge (what a punter should know before staking)."""
        edge = bank_edge(self.rules)
        return (
            *super().components(player),
            Message(Phrase(N_("The bank's edge: {edge} of every chip staked"), {"edge": str(edge)}), key="edge"),
        )

    def parse_action_text(self, text: str, player: int) -> Action:
        """ "3" / "3 Chips" / "3 auf 1" / "3 auf unter 10" is a stake on the one field; "fertig" ends the stakes."""
        t = text.casefold().strip()
        if t in DONE_WORDS:
            return Done()
        m = re.fullmatch(r"(\d+)\s*(?:chips?)?(?:\s*(?:auf|on|@)\s*(?:1|unter 10|under 10|unter|under))?", t)
        if m:
            return Stake(FIELD, int(m.group(1)))
        raise IllegalAction(N_('Type a stake as "3" (chips on "under 10"), or "fertig".'))


class ZehnerspielGame(BankGame):
    id = "zehnerspiel"
    state_class = ZehnerspielState


# --- the punters' stated rule and the hints -----------------------------------------------------------------------
class PunterBot:
    """Stakes by a stated rule (spec D: stake size only). With the bank's edge positive (the book's rules: every
    chip staked loses 1/4 on average) the bot stakes the minimum, one chip a throw, to stay in the game; with the
    punters' edge (``payout = "net"``: +1/8 a chip) a tenth of its balance, at least 1, at most the largest stake."""

    name = "heuristic"

    def __init__(self, game: Game, seed: int = 0) -> None:
        self.rng = random.Random(seed)
        self.edge = bank_edge(game.rules)

    def choose(self, state: State, player: int) -> Action:
        assert isinstance(state, ZehnerspielState)
        if state.betting is None or state.betting.items(player) or state.stake_cap(player) < 1:
            return Done()
        amount = 1 if self.edge >= 0 else max(1, min(state.stake_cap(player), state.ledger.balance(player) // 10))
        action = Stake(FIELD, amount)
        return action if state.is_legal(action, player) else Done()


class ZehnerspielAdvisor:
    """The exact expectation of one chip staked, against staking nothing (0)."""

    def __init__(self, game: Game) -> None:
        self.edge = bank_edge(game.rules)

    def advise(self, state: State, player: int) -> list[Advice]:
        assert isinstance(state, ZehnerspielState)
        if player not in state.actors():
            return []
        measure = N_("expected net chips per chip staked")
        out = [Advice(action=Done(), value=0.0, measure=measure)]
        stake = Stake(FIELD, 1)
        if state.is_legal(stake, player):
            out.append(
                Advice(
                    action=stake,
                    value=float(-self.edge),
                    measure=measure,
                    note=N_("every chip staked: the same expectation"),
                )
            )
        return sorted(out, key=lambda a: -a.value)


# --- registration -------------------------------------------------------------------------------------------------


def _odds(rules: ZehnerspielRules) -> Any:
    """``wuerfel odds``: the bank's throw under 10 or not, and the bank's exact edge per chip staked."""
    from wuerfel.engine.odds import OddsNote, ThrowClass, ThrowOdds

    return ThrowOdds(
        3,
        (
            ThrowClass("under", Phrase(N_("under 10: the punters win"))),
            ThrowClass("bank", Phrase(N_("10 or more: the bank collects"))),
        ),
        lambda dice: "under" if sum(dice) < UNDER else "bank",
        notes=(OddsNote("bank_edge", Phrase(N_("Bank's edge per chip staked")), bank_edge(rules)),),
    )


def _explain(rules: ZehnerspielRules, players: int) -> Any:
    from wuerfel.games.hasard.explain.zehnerspiel import explain

    return explain(rules, players)


def bank_edges(rules: ZehnerspielRules) -> tuple[Any, ...]:
    """``GameInfo.bank_edges``: the one field's edge, from the game's own settlement over all 216 throws (the kit's
    :meth:`~wuerfel.games.kit.bank.BankState.field_edge`; equal to :func:`bank_edge`, a test holds them together)."""
    from wuerfel.engine.edges import BankEdge

    state = ZehnerspielGame(rules, 2).new_initial_state()
    assert isinstance(state, ZehnerspielState)
    return (BankEdge("under", Phrase(N_("under 10")), state.field_edge(FIELD)),)


INFO = register(
    GameInfo(
        id="zehnerspiel",
        family="three-dice",
        name_de="Zehnerspiel",
        name_en="Tens (Zehnerspiel)",
        options_class=ZehnerspielRules,
        make=ZehnerspielGame,
        min_players=2,
        max_players=9,
        default_preset="zehnerspiel",
        presets_dir=Path(__file__).parent / "presets" / "zehnerspiel",
        locale_dir=Path(__file__).parent / "locale" / "zehnerspiel",
        description_de="Eine Bank, drei Würfel: Unter 10 Augen gewinnen die Setzer, ab 10 kassiert die Bank.",
        description_en="A bank and three dice: under 10 the punters win, from 10 the bank collects.",
        aliases=("game-of-ten",),
        bots={"heuristic": lambda game, seed: PunterBot(game, seed)},
        default_bot="heuristic",
        advisor=ZehnerspielAdvisor,
        perfect_information=False,
        chips=True,
        odds=_odds,
        bank_edges=bank_edges,
        explain=_explain,
        explain_quotes=("starting_chips", "max_stake", "bank_throws", "bank_rounds"),
    )
)
