"""Elf hoch (Hasard game 10): two dice and a pot; 11 takes it, 12 doubles it, less pays the difference to 11.

"Jeder setzt 3 Chips in den Pott. Wer als erster 11 Augen wirft, darf alles kassieren. Wer 12 Augen wirft, muß die
Kasse verdoppeln. Wer unter 11 Augen würfelt, muß die Differenz auf 11 in die Kasse legen." One throw per turn;
doubling is paying the pot's current size (resolution); balances may go negative. A game may be several pots
("new game: everyone antes 3 again"); each next pot is begun by the left neighbour of the previous pot's first
thrower (resolution). The pot's mean is finite but its variance is not: never check this game by sample means.

Exact solving (:meth:`ElfHochState.solver_key`): two players and one pot solve (the taker wins, the other loses);
with three or more players, or more pots, who ends last depends on chip differences that a 12 can make any size,
so no finite key exists and the solver refuses.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Hashable
from pathlib import Path
from typing import Any, ClassVar, Literal

from wuerfel.engine import counts, narration
from wuerfel.engine.chips import ChipLedger
from wuerfel.engine.components import Chips, Component, Goal, Phrase, SeatRef
from wuerfel.engine.errors import N_
from wuerfel.engine.game import JSON, Roll
from wuerfel.engine.registry import GameInfo, register
from wuerfel.engine.rules import label_options, opt
from wuerfel.games.hasard.explain import elf_hoch as explained
from wuerfel.games.kit import START_NAME, START_WORDS, SimpleGame, SimpleState, left_of, start_option
from wuerfel.games.kit.solverkeys import refuse_exact
from wuerfel.games.kit.throwoff import ranking_groups

POT = "pot"
INFINITE = N_(
    "Elf hoch has infinitely many positions with three or more players or more than one pot: who ends "
    "last depends on differences of chips that a 12 can make any size. The exact solver solves it for two "
    "players and one pot."
)


@dataclasses.dataclass(frozen=True)
class ElfHochRules:
    """Options of Elf hoch; every default is the text or the spec's resolution."""

    ante: int = opt(
        3,
        de="Chips, die jeder zu Beginn eines Pottes einsetzt (Text: 3)",
        en="Chips everybody puts into a new pot (text: 3)",
        low=0,
        high=1000,
    )
    pots: int = opt(
        1,
        de="Pötte pro Partie (nach jedem setzt jeder neu ein)",
        en="Pots per game (everybody antes again after each)",
        low=1,
        high=100,
    )
    start: Literal["lot", "first_seat"] = start_option()


label_options(
    ElfHochRules,
    {
        "ante": ("Einsatz je Pott", "Ante per pot"),
        "pots": ("Pötte", "Pots"),
        "start": START_NAME,
    },
    {"start": START_WORDS},
)


def payment(total: int, pot: int) -> int:
    """What a throw of ``total`` pays into a pot of ``pot`` chips (11 takes the pot: 0)."""
    if total == 11:
        return 0
    if total == 12:
        return max(pot, 0)
    return 11 - total


NEXT_POT = N_("Pot {k} of {n}: everybody pays {chips} in")


@dataclasses.dataclass(frozen=True)
class ElfHochState(SimpleState):
    id: ClassVar[str] = "elf-hoch"
    settles_at_end: ClassVar[bool] = False
    score_label: ClassVar[str | None] = N_("Chips")
    ledger: ChipLedger = ChipLedger(())
    pot_no: int = 0
    """Pots finished so far."""
    pot_start: int = 0
    """Who threw first for the current pot."""
    takers: tuple[int, ...] = ()
    """Who took each finished pot."""

    def initial(self) -> ElfHochState:
        return dataclasses.replace(self, ledger=ChipLedger.start(self.n, 0))

    def dice_count(self) -> int:
        return 2

    def begin(self, start: int) -> ElfHochState:
        ledger = self.ledger.transfers((p, POT, self.rules.ante) for p in range(self.n))
        return dataclasses.replace(
            self, phase="throw", start=self.start if self.takers else start, seat=start, pot_start=start, ledger=ledger
        )

    def after_throw(self, dice: tuple[int, ...]) -> ElfHochState:
        total = sum(dice)
        if total != 11:
            ledger = self.ledger.transfer(self.seat, POT, payment(total, self.ledger.pot))
            return dataclasses.replace(self, ledger=ledger, seat=left_of(self.seat, self.n))
        s = dataclasses.replace(
            self,
            ledger=self.ledger.empty_pool(POT, self.seat),
            pot_no=self.pot_no + 1,
            takers=(*self.takers, self.seat),
        )
        if s.pot_no >= self.rules.pots:
            return dataclasses.replace(s, phase="over")
        return s.begin(left_of(self.pot_start, self.n))

    def solver_key(self) -> Hashable:
        """Two players, one pot: whose throw it is and which seats have paid anything; the chips themselves are
        left out. Sound because with one pot the game ends when somebody throws 11, and then the taker holds
        what the other paid (antes and payments) and the other minus that: the taker wins and the other loses
        unless the other paid nothing (possible only with no ante), and then they tie. A throw below 11 always
        pays something, a 12 pays the pot, which holds something exactly when somebody paid something; so the
        "paid anything" marks follow from the marks and the dice alone. At the end the key is the result.

        Every other table is refused in words: with three players the loser is whoever paid most besides the
        taker, and with more pots the balances carry over; a 12 doubles the pot, so those differences grow without
        bound, every one of them has its own chances of being made up, and no finite key exists."""
        if self.n != 2 or self.rules.pots != 1:
            refuse_exact(INFINITE)
        if self.phase == "over":
            return ("over", self.winners(), self.losers())
        return (self.phase, self.seat, tuple(b < 0 for b in self.ledger.players))

    def news(self, event: Any, after: SimpleState) -> tuple[Phrase, ...]:
        """What the throw paid into the pot or took out of it, and the next pot's antes."""
        if not isinstance(after, ElfHochState) or not isinstance(event, Roll):
            return ()
        seat = self.seat
        out: list[Phrase] = []
        if after.pot_no > self.pot_no:
            out.append(Phrase(narration.TAKES_POT, {"name": SeatRef(seat), "chips": counts.chips(self.ledger.pot)}))
            if after.phase == "throw":
                out.append(
                    Phrase(
                        NEXT_POT, {"k": after.pot_no + 1, "n": self.rules.pots, "chips": counts.chips(self.rules.ante)}
                    )
                )
        elif (paid := self.ledger.players[seat] - after.ledger.players[seat]) > 0:
            out.append(Phrase(narration.PAYS_POT, {"name": SeatRef(seat), "chips": counts.chips(paid)}))
        return tuple(out)

    # --- results --------------------------------------------------------------------------------------------
    def scores(self) -> tuple[float, ...]:
        return tuple(float(x) for x in self.ledger.players)

    def payoffs(self) -> tuple[int, ...]:
        """Net chips per seat; while a pot stands, the pot holds the difference (shown in the chips component)."""
        return self.ledger.players

    def ranking(self) -> tuple[tuple[int, ...], ...]:
        return ranking_groups([(x,) for x in self.ledger.players]) if self.phase == "over" else ()

    def losers(self) -> tuple[int, ...]:
        r = self.ranking()
        return r[-1] if len(r) > 1 else ()

    # --- information ----------------------------------------------------------------------------------------
    def goal(self) -> Goal:
        return explained.goal(self)

    def view_extra(self, player: int | None) -> JSON:
        return {
            "pot": self.ledger.pot,
            "pot_no": self.pot_no + (0 if self.phase == "over" else 1),
            "pots": self.rules.pots,
            "takers": list(self.takers),
        }

    def table(self, player: int | None) -> tuple[Component, ...]:
        return (Chips((), self.ledger.pot, Phrase(N_("Pot"))),)


class ElfHochGame(SimpleGame):
    id = "elf-hoch"
    state_class = ElfHochState


def _odds(rules: ElfHochRules) -> Any:
    """``wuerfel odds``: what a throw of the two dice does to the pot."""
    from wuerfel.engine.odds import ThrowClass, ThrowOdds

    def classify(dice: Any) -> str:
        total = sum(dice)
        return "eleven" if total == 11 else "twelve" if total == 12 else "under"

    return ThrowOdds(
        2,
        (
            ThrowClass("eleven", Phrase(N_("11: takes the pot"))),
            ThrowClass("twelve", Phrase(N_("12: doubles the pot"))),
            ThrowClass("under", Phrase(N_("under 11: pays the difference to 11"))),
        ),
        classify,
    )


INFO = register(
    GameInfo(
        id="elf-hoch",
        name_de="Elf hoch",
        name_en="Eleven High (Elf hoch)",
        options_class=ElfHochRules,
        make=ElfHochGame,
        family="two-dice",
        min_players=2,
        max_players=8,
        default_preset="elf-hoch",
        presets_dir=Path(__file__).parent / "presets" / "elf-hoch",
        locale_dir=Path(__file__).parent / "locale" / "elf-hoch",
        description_de=(
            "Zwei Würfel und ein Pott: 11 gewinnt ihn, 12 verdoppelt ihn, weniger zahlt die Differenz zu 11 ein."
        ),
        description_en="Two dice and a pot: 11 takes it, 12 doubles it, less pays the difference to 11 into it.",
        aliases=("elf_hoch",),
        default_bot="random",
        chips=True,
        decisions=False,
        odds=_odds,
        explain=explained.explain,
        explain_quotes=("ante", "pots"),
    )
)
