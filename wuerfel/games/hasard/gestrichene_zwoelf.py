"""Gestrichene Zwölf (Hasard game 12): strike the sums 2 to 12 of two dice; throw on while you can strike.

"Wer an der Reihe ist, würfelt so lange, als er auf seinem Zettel die geworfenen Augenzahlen durchstreichen kann.
Nur die Sieben darf mehrfach durchgestrichen werden. Wer zuerst alle seine Zahlen streichen konnte, zahlt an jeden
Mitspieler so viele Chips, wie jeder noch ungestrichene Zahlen hat. Andererseits zahlt jeder Mitspieler an den
Sieger je 10 Chips für jeden Siebenerstrich auf dessen Blatt." Implemented literally (spec): the winner pays the
others for their unstruck numbers, they pay him 10 chips per seven he struck; the others get no equalising turn.

Exact solving (:meth:`GestricheneZwoelfState.solver_key`): a sheet is keyed by how many of each pair of equally likely
sums it has struck; still the race of two sheets has about 470,000 positions, beyond the solver's default limit
(``--max-states`` raises it).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Hashable
from pathlib import Path
from typing import Any, ClassVar, Literal

from wuerfel.engine.components import Chips, Component, Goal, Phrase, SeatRef, Track
from wuerfel.engine.errors import N_
from wuerfel.engine.game import JSON, Roll
from wuerfel.engine.registry import GameInfo, register
from wuerfel.engine.rules import label_options, opt
from wuerfel.games.hasard.explain import gestrichene_zwoelf as explained
from wuerfel.games.kit import START_NAME, START_WORDS, SimpleGame, SimpleState, left_of, start_option
from wuerfel.games.kit.throwoff import ranking_groups

NUMBERS: tuple[int, ...] = tuple(range(2, 13))
SEVEN = NUMBERS.index(7)


@dataclasses.dataclass(frozen=True)
class GestricheneZwoelfRules:
    """Options of Gestrichene Zwölf; every default is the text."""

    unstruck_paid_by: Literal["winner", "losers"] = opt(
        "winner",
        de="Die Chips für ungestrichene Zahlen zahlt der Sieger an jeden Mitspieler (Text) oder jeder "
        "Mitspieler an den Sieger",
        en="Chips for unstruck numbers: the winner pays each other player (text), or each other player pays the winner",
    )
    chips_per_unstruck: int = opt(1, de="Chips je ungestrichene Zahl", en="Chips per unstruck number", low=0, high=1000)
    chips_per_seven: int = opt(
        10,
        de="Chips, die jeder Mitspieler dem Sieger je Siebenerstrich auf dessen Blatt zahlt (Text: 10)",
        en="Chips each other player pays the winner per seven struck on the winner's sheet (text: 10)",
        low=0,
        high=1000,
    )
    start: Literal["lot", "first_seat"] = start_option()


label_options(
    GestricheneZwoelfRules,
    {
        "unstruck_paid_by": ("Ungestrichene Zahlen zahlt", "Unstruck numbers are paid by"),
        "chips_per_unstruck": ("Chips je ungestrichene Zahl", "Chips per unstruck number"),
        "chips_per_seven": ("Chips je Siebenerstrich des Siegers", "Chips per seven of the winner"),
        "start": START_NAME,
    },
    {
        "unstruck_paid_by": {
            "winner": ("der Sieger an jeden", "the winner, to each"),
            "losers": ("jeder an den Sieger", "each, to the winner"),
        },
        "start": START_WORDS,
    },
)


Sheet = tuple[int, ...]
"""Strokes per number 2..12 (index 0 = the 2): 0 or 1, the seven any count."""


def unstruck_count(sheet: Sheet) -> int:
    return sum(1 for k in sheet if k == 0)


def sheet_key(sheet: Sheet) -> tuple[int, ...]:
    """What a sheet's future depends on: per pair of sums equally likely with two dice (2 and 12, 3 and 11, …, 6
    and 8) how many of the two are struck, and whether the seven is. Turning both dice upside down (d → 7 − d)
    maps a sum s to 14 − s, so the two sums of a pair have the same chance; which of them is struck changes no
    chance of what follows. The number of sevens struck is paid for, but no rule and no ranking reads it."""
    pairs = tuple(sheet[i] + sheet[len(NUMBERS) - 1 - i] for i in range(SEVEN))
    return (*pairs, min(sheet[SEVEN], 1))


STRUCK_ALREADY = N_("{name} has struck the {sum} already: the turn passes to {next}")


@dataclasses.dataclass(frozen=True)
class GestricheneZwoelfState(SimpleState):
    id: ClassVar[str] = "gestrichene-zwoelf"
    score_label: ClassVar[str | None] = N_("Struck")
    sheets: tuple[Sheet, ...] = ()

    def initial(self) -> GestricheneZwoelfState:
        return dataclasses.replace(self, sheets=((0,) * len(NUMBERS),) * self.n)

    def dice_count(self) -> int:
        return 2

    def after_throw(self, dice: tuple[int, ...]) -> GestricheneZwoelfState:
        i = NUMBERS.index(sum(dice))
        sheet = self.sheets[self.seat]
        if i != SEVEN and sheet[i]:
            return dataclasses.replace(self, seat=left_of(self.seat, self.n))  # cannot strike: the turn ends
        sheet = (*sheet[:i], sheet[i] + 1, *sheet[i + 1 :])
        s = dataclasses.replace(self, sheets=(*self.sheets[: self.seat], sheet, *self.sheets[self.seat + 1 :]))
        return dataclasses.replace(s, phase="over") if unstruck_count(sheet) == 0 else s

    def news(self, event: Any, after: SimpleState) -> tuple[Phrase, ...]:
        """A sum struck already (the seven always strikes again) ends the turn: said, with whose turn it is now."""
        if not isinstance(event, Roll) or after.phase != "throw" or after.seat == self.seat:
            return ()
        return (
            Phrase(STRUCK_ALREADY, {"name": SeatRef(self.seat), "sum": sum(event.dice), "next": SeatRef(after.seat)}),
        )

    def solver_key(self) -> Hashable:
        """Whose throw it is and every sheet's :func:`sheet_key`. Sound because a throw strikes a new number, ends
        the turn on a struck one, or strikes the seven again with chances that depend only on how many numbers of
        each pair are open; the game ends when a sheet is full; and the result (the winner, then the others by what
        they paid: the winner's sevens, the same for all of them, and their own unstruck numbers) reads only
        counts. The chips (sevens, unstruck numbers) are the payoffs, which
        the solver does not report. The last throw is only shown."""
        return (self.phase, self.seat, tuple(sheet_key(sh) for sh in self.sheets))

    # --- results --------------------------------------------------------------------------------------------
    def scores(self) -> tuple[float, ...]:
        return tuple(float(len(NUMBERS) - unstruck_count(sh)) for sh in self.sheets)

    def ranking(self) -> tuple[tuple[int, ...], ...]:
        """The winner, then the others by the chips they end with: whoever paid most is last (terminal report U15).
        The book names no loser and settles everything in chips, so a ranking by numbers struck would contradict
        the payments shown beside it: where the winner pays for the others' unstruck numbers, striking more costs
        more. Equal payments, equal place."""
        if self.phase != "over":
            return ()
        rest = [p for p in range(self.n) if p != self.seat]
        net = self.payoffs()
        return ((self.seat,), *ranking_groups([(x,) for x in net], seats=rest))

    def losers(self) -> tuple[int, ...]:
        r = self.ranking()
        return r[-1] if len(r) > 1 else ()

    def payoffs(self) -> tuple[int, ...]:
        net = [0] * self.n
        if self.phase != "over":
            return tuple(net)
        r, w = self.rules, self.seat
        sevens = self.sheets[w][SEVEN]
        for p in range(self.n):
            if p == w:
                continue
            unstruck = r.chips_per_unstruck * unstruck_count(self.sheets[p])
            to_winner = r.chips_per_seven * sevens + (unstruck if r.unstruck_paid_by == "losers" else -unstruck)
            net[p] -= to_winner
            net[w] += to_winner
        return tuple(net)

    # --- information ----------------------------------------------------------------------------------------
    def goal(self) -> Goal:
        return explained.goal()

    def view_extra(self, player: int | None) -> JSON:
        return {
            "struck": [[NUMBERS[i] for i, k in enumerate(sh) if k] for sh in self.sheets],
            "sevens": [sh[SEVEN] for sh in self.sheets],
            "chips": list(self.payoffs()),
        }

    def table(self, player: int | None) -> tuple[Component, ...]:
        tracks: tuple[Component, ...] = tuple(
            Track(seat=s, numbers=NUMBERS, marks=sh) for s, sh in enumerate(self.sheets)
        )
        if self.phase == "over":
            return (*tracks, Chips(self.payoffs()))
        return tracks


class GestricheneZwoelfGame(SimpleGame):
    id = "gestrichene-zwoelf"
    state_class = GestricheneZwoelfState


INFO = register(
    GameInfo(
        id="gestrichene-zwoelf",
        name_de="Gestrichene Zwölf",
        name_en="Struck Twelve (Gestrichene Zwölf)",
        family="two-dice",
        options_class=GestricheneZwoelfRules,
        make=GestricheneZwoelfGame,
        min_players=2,
        max_players=6,
        default_preset="gestrichene-zwoelf",
        presets_dir=Path(__file__).parent / "presets" / "gestrichene-zwoelf",
        locale_dir=Path(__file__).parent / "locale" / "gestrichene-zwoelf",
        description_de="Zwei Würfel: Streich die Summen 2 bis 12 und würfle weiter, solange du streichen kannst.",
        description_en="Two dice: strike off the sums 2 to 12, and throw on as long as you can strike one.",
        aliases=("gestrichene_zwoelf", "gestrichene-zwölf"),
        default_bot="random",
        chips=True,
        decisions=False,
        explain=explained.explain,
        explain_quotes=("chips_per_unstruck", "chips_per_seven"),
    )
)
