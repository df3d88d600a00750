"""Sechzerspiel (Hasard game 7): one die, six throws, each multiplied by a row 1 to 6 not used before.

"Die Spieler würfeln abwechselnd, multiplizieren die geworfene Zahl mit einer beliebigen bisher noch nicht
verwendeten Zahl vom Rand der Tabelle und tragen das Produkt in dieser Reihe unter ihrem Namen ein … So bringen z.B.
6 Augen in der Sechserreihe 36 Punkte, in der Zweierreihe jedoch nur 12 Punkte. Sieger ist, wer nach 6 Würfeln am
meisten Punkte sammeln konnte."

A round game on the kit (:class:`~wuerfel.games.kit.rounds.RoundState`: six rounds of one throw each) with one
decision after every throw: the row. A tie is thrown off (spec A; the text names no tie-break): the tied players
throw the die once each, the highest face wins, again while tied (one turn of the game without a free row is one
throw; option ``settle_loser`` does the same for a tie for last place, G8).

Optimal play: alone, the best row for a throw depends only on the rows still free (64 sheets), so
:func:`solo_values` is an exact dynamic programme (``wuerfel solve sechzerspiel``); against others the generic exact
solver finds each seat's win share (:meth:`SechzerspielState.solver_key`) and the ``optimal`` bot plays it.
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Hashable, Sequence
from fractions import Fraction
from functools import cache
from pathlib import Path
from typing import Any, ClassVar, Literal

from wuerfel.engine.components import Component, Goal, Phrase, Sheet, SheetRow
from wuerfel.engine.errors import N_, IllegalAction
from wuerfel.engine.game import CHANCE, TERMINAL, Action, Game, LengthBound, State
from wuerfel.engine.registry import GameInfo, register
from wuerfel.engine.rules import label_options
from wuerfel.games.hasard.explain import sechzerspiel as explained
from wuerfel.games.kit import START_NAME, START_WORDS, RoundState, SimpleGame, start_option
from wuerfel.games.kit.round_key import round_key
from wuerfel.games.kit.rounds import SETTLE_LOSER_NAME, THROW_OFF_ROW, TOTAL, settle_loser_option
from wuerfel.i18n import translate

ROWS = (1, 2, 3, 4, 5, 6)
FULL = (1 << len(ROWS)) - 1
ROW_LABEL = N_("Row {row}")
CHOOSE_ROW = N_("Choose a free row for the {face}")


@dataclasses.dataclass(frozen=True)
class SechzerspielRules:
    """Options of the Sechzerspiel; every default is the text or the spec's resolution."""

    settle_loser: bool = settle_loser_option()
    start: Literal["lot", "first_seat"] = start_option()


label_options(SechzerspielRules, {"settle_loser": SETTLE_LOSER_NAME, "start": START_NAME}, {"start": START_WORDS})


@dataclasses.dataclass(frozen=True)
class EnterRow(Action):
    """Multiply the die just thrown by ``row`` (1–6, a row still free) and write the product there."""

    kind: ClassVar[str] = "row"
    row: int


def mask_of(sheet: Sequence[int | None]) -> int:
    """The filled rows of a sheet as a bit set (bit k-1: row k)."""
    return sum(1 << i for i, v in enumerate(sheet) if v is not None)


@dataclasses.dataclass(frozen=True)
class SechzerspielState(RoundState):
    id: ClassVar[str] = "sechzerspiel"
    sheets: tuple[tuple[int | None, ...], ...] = ()
    """Per seat the product written in rows 1..6 (None: free)."""

    def initial(self) -> SechzerspielState:
        s = super().initial()
        assert isinstance(s, SechzerspielState)
        return dataclasses.replace(s, sheets=((None,) * len(ROWS),) * self.n)

    def dice_count(self) -> int:
        return 1

    def rounds(self) -> int:
        return len(ROWS)

    def throw_points(self, dice: tuple[int, ...], index: int) -> int:
        """A throw-off's throw counts its face (the main pass never reaches here: its throws wait for a row)."""
        return dice[0]

    def after_throw(self, dice: tuple[int, ...]) -> SechzerspielState:
        if self.playoffs:
            return super().after_throw(dice)  # type: ignore[return-value]
        return dataclasses.replace(self, phase="decide")

    def free_rows(self, seat: int | None = None) -> tuple[int, ...]:
        sheet = self.sheets[self.seat if seat is None else seat]
        return tuple(r for r, v in zip(ROWS, sheet, strict=True) if v is None)

    # --- the row --------------------------------------------------------------------------------------------
    def to_move(self) -> int:
        if self.phase == "decide":
            return self.seat
        return TERMINAL if self.phase == "over" else CHANCE

    def legal_actions(self, player: int | None = None) -> Sequence[Action]:
        if self.phase != "decide" or player not in (None, self.seat):
            return ()
        return _row_actions(mask_of(self.sheets[self.seat]))

    def explain_illegal(self, action: Action, player: int) -> None:
        if isinstance(action, EnterRow) and self.phase == "decide":
            if action.row not in ROWS:
                raise IllegalAction(N_("There is no row {row}; the rows are 1 to 6."), row=action.row)
            raise IllegalAction(N_("Row {row} is already filled."), row=action.row)

    def _apply_action(self, action: Action, player: int) -> State:
        assert isinstance(action, EnterRow)
        points = action.row * self.last[0]
        sheet = list(self.sheets[player])
        sheet[action.row - 1] = points
        s = dataclasses.replace(
            self,
            sheets=(*self.sheets[:player], tuple(sheet), *self.sheets[player + 1 :]),
            phase="throw",
            throws=1,
            turn_total=points,
        )
        return s._end_turn()

    def parse_action_text(self, text: str, player: int) -> Action:
        """ "Reihe 6", "row 6", "r6", "6er" or "=6": the row."""
        t = text.strip().casefold()
        for word in ("reihe", "row", "=", "r"):
            if t.startswith(word):
                t = t[len(word) :].strip()
                break
        t = t.removesuffix("er").removesuffix("s").strip()
        if t.isdigit():
            return EnterRow(int(t))
        raise IllegalAction(N_("Type the row to write in (e.g. Reihe 6)."))

    def describe_action(self, action: Action, lang: str = "de") -> str:
        if isinstance(action, EnterRow):
            if self.phase == "decide":
                return translate(
                    N_("row {row}: {face} × {row} = {points}"),
                    lang,
                    row=action.row,
                    face=self.last[0],
                    points=action.row * self.last[0],
                )
            return translate(ROW_LABEL, lang, row=action.row)
        return super().describe_action(action, lang)

    def solver_key(self) -> Hashable:
        """The round game's key (:func:`~wuerfel.games.kit.round_key.round_key`: totals less their smallest, of the
        finished seats only the extremes, before a throw-off its first and last group), every seat's free rows (what
        the future points depend on; which product stands in a row is only shown — the totals hold its sum), and in
        the decision the face just thrown. Sound: a row's product is the face times the row, the same whatever the
        earlier entries were, and the result reads only the totals and the throw-offs. Alone, the total is the result
        (the solver's ``solo`` objective reads the score), so the key keeps it."""
        if self.n == 1:  # alone the objective is the total itself (``solo``), so the key keeps it
            return (
                self.phase,
                self.totals,
                tuple(mask_of(sh) for sh in self.sheets),
                self.last[0] if self.phase == "decide" else None,
            )
        if self.phase in ("lot", "over"):
            return round_key(self)
        return (
            round_key(self),
            tuple(mask_of(sh) for sh in self.sheets),
            self.last[0] if self.phase == "decide" else None,
        )

    # --- information ----------------------------------------------------------------------------------------
    def view_extra(self, player: int | None) -> dict[str, Any]:
        out = super().view_extra(player)
        out["sheets"] = [list(sh) for sh in self.sheets]
        if self.phase == "decide":
            out["free_rows"] = list(self.free_rows())
        return out

    def message(self) -> Phrase | None:
        if self.phase == "decide":
            return Phrase(CHOOSE_ROW, {"face": self.last[0]})
        return super().message()

    def seat_note(self, seat: int) -> Any:
        return None

    def goal(self) -> Goal:
        return explained.goal(self)

    def table(self, player: int | None) -> tuple[Component, ...]:
        deciding = self.phase == "decide"

        def options(r: int) -> tuple[Any, ...]:
            if not deciding or self.sheets[self.seat][r - 1] is not None:
                return ()
            return tuple(r * self.last[0] if p == self.seat else None for p in range(self.n))

        rows = [
            SheetRow(
                Phrase(ROW_LABEL, {"row": r}), tuple(sh[r - 1] for sh in self.sheets), key=str(r), options=options(r)
            )
            for r in ROWS
        ]
        rows.append(SheetRow(Phrase(TOTAL), tuple(self.totals), total=True, key="total"))
        rows += [SheetRow(Phrase(THROW_OFF_ROW, {"k": k + 1}), row) for k, row in enumerate(self.playoffs)]
        return (Sheet(columns=tuple(None for _ in range(self.n)), rows=tuple(rows), column_seats=tuple(range(self.n))),)


@cache
def _row_actions(mask: int) -> tuple[EnterRow, ...]:
    """The free rows of a sheet as moves, the highest first (the menu's order: the best row is usually high)."""
    return tuple(EnterRow(r) for r in reversed(ROWS) if not mask >> (r - 1) & 1)


class SechzerspielGame(SimpleGame):
    id = "sechzerspiel"
    state_class = SechzerspielState
    action_classes = (EnterRow,)

    def action_universe(self) -> tuple[Action, ...]:
        """Every concrete action: each row."""
        return tuple(EnterRow(r) for r in ROWS)

    def length_bound(self) -> LengthBound:
        """Six rows a seat, one decision (the row) after each of its six throws; a throw-off writes no row and asks
        nothing, but may be thrown again while tied: no bound on chance nodes."""
        return LengthBound(decisions=self.num_players * len(ROWS), chance_nodes=None)

    def action_id(self, action: Action) -> int:
        if not isinstance(action, EnterRow):
            raise IllegalAction(N_("That move is not allowed now."))
        return action.row

    def action_from_id(self, action_id: int) -> Action:
        return EnterRow(action_id)


# --- optimal play alone ---------------------------------------------------------------------------------------
@cache
def solo_values() -> tuple[Fraction, ...]:
    """Per sheet (bit set of filled rows): the exact expected points still to come with the best rows. A throw
    ``f`` goes where ``row × f`` plus the value of the sheet left is highest."""
    v = [Fraction(0)] * (FULL + 1)
    for mask in sorted(range(FULL), key=lambda m: -bin(m).count("1")):
        free = [r for r in ROWS if not mask >> (r - 1) & 1]
        v[mask] = sum((max(r * f + v[mask | 1 << (r - 1)] for r in free) for f in range(1, 7)), Fraction(0)) / 6
    return tuple(v)


def row_values(mask: int, face: int) -> dict[int, Fraction]:
    """Expected points from here (this entry included) of writing ``face`` into each free row."""
    v = solo_values()
    return {r: r * face + v[mask | 1 << (r - 1)] for r in ROWS if not mask >> (r - 1) & 1}


def solve_solo(rules: Any, rules_id: str, fresh: bool = False) -> Any:
    """``wuerfel solve sechzerspiel``: the expected total of a sheet played alone with the best rows."""
    from wuerfel.solvers.api import SolveResult

    if fresh:
        solo_values.cache_clear()
    t0 = time.perf_counter()
    value = solo_values()[0]
    return SolveResult(
        game="sechzerspiel",
        rules=rules_id,
        objective="solo",
        value=float(value),
        seconds=time.perf_counter() - t0,
        extra={"exact": str(value), "sheets": FULL + 1},
        value_of=N_("the expected total of a sheet played alone with the best strategy"),
    )


# --- bots and hints -------------------------------------------------------------------------------------------
class SechzerspielHeuristicBot:
    """A row by rule of thumb: the face's rank among the faces decides the row's rank among the free rows (a 6 in
    the highest free row, a 1 in the lowest, a 3 or 4 in the middle)."""

    name = "heuristic"

    def __init__(self, game: Game, seed: int = 0) -> None:
        self.game = game

    def choose(self, state: State, player: int) -> Action:
        assert isinstance(state, SechzerspielState)
        free = state.free_rows(player)
        i = round((state.last[0] - 1) / 5 * (len(free) - 1))
        return EnterRow(free[i])


LEAD = 6 * sum(ROWS)
"""The largest lead one sheet can have over another (126): leads are indexed from −LEAD to +LEAD."""


@cache
def duel_tables() -> dict[tuple[int, int, int], Any]:
    """Two players, both playing to win: for every pair of sheets (the first thrower's, the second's) and whose
    throw it is (0: the first thrower's, 1: the second's), the first thrower's chance to win as an array over his
    lead (index lead + LEAD). A tie at the end is thrown off with one die each, even odds: worth one half.
    Backward over the sheets, in numpy over the leads (1,716 pairs of sheets × 6 faces × the free rows)."""
    import numpy as np

    size = 2 * LEAD + 1
    leads = np.arange(-LEAD, LEAD + 1)
    end = np.where(leads > 0, 1.0, np.where(leads == 0, 0.5, 0.0))

    def shifted(x: Any, by: int) -> Any:
        """y[L] = x[L + by], the edge repeated where L + by leaves the range (never reached)."""
        idx = np.clip(np.arange(size) + by, 0, size - 1)
        return x[idx]

    tables: dict[tuple[int, int, int], Any] = {}
    masks = sorted(range(FULL + 1), key=lambda m: -bin(m).count("1"))
    for m1 in masks:
        for m0 in masks:
            k0, k1 = bin(m0).count("1"), bin(m1).count("1")
            if k0 == k1 + 1:  # the second thrower's throw: he picks the row worst for the first
                nxt = [
                    (r, end if (m0 == FULL and (m1 | 1 << (r - 1)) == FULL) else tables[(m0, m1 | 1 << (r - 1), 0)])
                    for r in ROWS
                    if not m1 >> (r - 1) & 1
                ]
                acc = np.zeros(size)
                for f in range(1, 7):
                    acc += np.min([shifted(x, -r * f) for r, x in nxt], axis=0)
                tables[(m0, m1, 1)] = acc / 6
            elif k0 == k1 and m0 != FULL:  # the first thrower's throw: the row best for him
                nxt = [(r, tables[(m0 | 1 << (r - 1), m1, 1)]) for r in ROWS if not m0 >> (r - 1) & 1]
                acc = np.zeros(size)
                for f in range(1, 7):
                    acc += np.max([shifted(x, r * f) for r, x in nxt], axis=0)
                tables[(m0, m1, 0)] = acc / 6
    return tables


def duel_value() -> float:
    """The first thrower's chance to win a two-player game when both play to win."""
    return float(duel_tables()[(0, 0, 0)][LEAD])


def solve_two_players(rules: Any, rules_id: str, fresh: bool = False) -> Any:
    """``wuerfel solve sechzerspiel --players 2``: each seat's exact chance when both play to win, from the duel's
    own tables (:func:`duel_tables`: every pair of sheets and whose throw it is, over the lead), where the generic
    solver's positions tell every pair of sheets with every pair of totals apart (over 1,000,000)."""
    from wuerfel.solvers.two_player import TwoPlayerResult, seat_chances

    if fresh:
        duel_tables.cache_clear()
    t0 = time.perf_counter()
    first = duel_value()
    tables = duel_tables()
    return TwoPlayerResult(
        game="sechzerspiel",
        rules=rules_id,
        seat_wins=seat_chances(first, rules.start),
        first_player_wins=first,
        seconds=time.perf_counter() - t0,
        states=len(tables) * (2 * LEAD + 1),
        method=N_(
            "every pair of sheets and whose throw it is, over the first thrower's lead, backward from the "
            "full sheets (a final tie thrown off: one half)"
        ),
    )


def policy_duel_value(first: str, second: str) -> float:
    """The exact chance that the first thrower wins a two-player game when he plays the bot ``first`` and the other
    the bot ``second`` (``"optimal"``: the duel's row, a tie of chances to the higher row, as
    :class:`SechzerspielOptimalBot`; ``"heuristic"``: :class:`SechzerspielHeuristicBot`'s rank rule). The same
    backward walk as :func:`duel_tables`, each throw's row fixed by the seat's rule instead of the best one — so the
    bench can print how much the optimal bot gains without the noise of simulated games (the generic solver's
    positions are too many here)."""
    import numpy as np

    size = 2 * LEAD + 1
    leads = np.arange(-LEAD, LEAD + 1)
    end = np.where(leads > 0, 1.0, np.where(leads == 0, 0.5, 0.0))
    duel = duel_tables()

    def shifted(x: Any, by: int) -> Any:
        return x[np.clip(np.arange(size) + by, 0, size - 1)]

    def pick(kind: str, face: int, rows: list[int], own: list[Any], chance: list[Any]) -> Any:
        """The first thrower's chance (over the lead) after the mover's row: ``own`` the mover's duel chance of
        each row, ``chance`` the evaluated first thrower's chance."""
        if kind == "heuristic":
            return chance[round((face - 1) / 5 * (len(rows) - 1))]
        best_v = np.full(size, -1.0)
        out = np.zeros(size)
        for v, c in zip(own, chance, strict=True):  # rows ascending: ">=" leaves a tie with the higher row
            v = np.round(v, 12)
            take = v >= best_v
            best_v = np.where(take, v, best_v)
            out = np.where(take, c, out)
        return out

    tables: dict[tuple[int, int, int], Any] = {}
    masks = sorted(range(FULL + 1), key=lambda m: -bin(m).count("1"))
    for m1 in masks:
        for m0 in masks:
            k0, k1 = bin(m0).count("1"), bin(m1).count("1")
            if k0 == k1 + 1:
                rows = [r for r in ROWS if not m1 >> (r - 1) & 1]
                last = m0 == FULL and m1 | (1 << (rows[0] - 1)) == FULL
                acc = np.zeros(size)
                for f in range(1, 7):
                    chance = [shifted(end if last else tables[(m0, m1 | 1 << (r - 1), 0)], -r * f) for r in rows]
                    own = [1.0 - shifted(end if last else duel[(m0, m1 | 1 << (r - 1), 0)], -r * f) for r in rows]
                    acc += pick(second, f, rows, own, chance)
                tables[(m0, m1, 1)] = acc / 6
            elif k0 == k1 and m0 != FULL:
                rows = [r for r in ROWS if not m0 >> (r - 1) & 1]
                acc = np.zeros(size)
                for f in range(1, 7):
                    chance = [shifted(tables[(m0 | 1 << (r - 1), m1, 1)], r * f) for r in rows]
                    own = [shifted(duel[(m0 | 1 << (r - 1), m1, 1)], r * f) for r in rows]
                    acc += pick(first, f, rows, own, chance)
                tables[(m0, m1, 0)] = acc / 6
    return float(tables[(0, 0, 0)][LEAD])


def duel_row_values(state: SechzerspielState, player: int, opponent: int | None = None) -> dict[int, float]:
    """Main pass: each free row's chance for the player to move to end ahead of ``opponent`` (default: the other
    of two players) when both play to win (:func:`duel_tables`; whoever of the two throws first in a round is the
    table's first thrower)."""
    if opponent is None:
        opponent = 1 - player
    first = min((player, opponent), key=state.order.index)
    other = opponent if first == player else player
    m = (mask_of(state.sheets[first]), mask_of(state.sheets[other]))
    lead = state.totals[first] - state.totals[other]
    face = state.last[0]
    tables = duel_tables()
    out: dict[int, float] = {}
    for r in state.free_rows(player):
        bit = 1 << (r - 1)
        if player == first:
            x = tables[(m[0] | bit, m[1], 1)][lead + r * face + LEAD]
        else:
            after = (m[0], m[1] | bit)
            pos = lead - r * face
            x = (
                (1.0 if pos > 0 else 0.5 if pos == 0 else 0.0)
                if after == (FULL, FULL)
                else tables[(*after, 0)][pos + LEAD]
            )
        out[r] = float(x) if player == first else 1.0 - float(x)
    return out


def strongest_opponent(state: SechzerspielState, player: int) -> int:
    """The other seat with the highest total plus the expected points its free rows still bring (solo play)."""
    v = solo_values()
    return max(
        (p for p in range(state.n) if p != player),
        key=lambda p: (state.totals[p] + float(v[mask_of(state.sheets[p])]), -p),
    )


class SechzerspielOptimalBot:
    """Two players: the exact duel — every row chosen for the highest chance to win (:func:`duel_tables`; the
    generic exact solver does not fit, so the tables are the game's own, checked against it on late positions).
    More players: the duel against the strongest opponent (:func:`strongest_opponent`: the highest total plus
    what his free rows are expected to bring) — to win one must end ahead of him above all. Alone: the row that
    maximises the expected total (the exact solo values)."""

    name = "optimal"

    def __init__(self, game: Game, seed: int = 0) -> None:
        self.game = game

    def choose(self, state: State, player: int) -> Action:
        assert isinstance(state, SechzerspielState)
        if state.n >= 2 and not state.playoffs:
            opponent = strongest_opponent(state, player)
            vals = {r: round(v, 12) for r, v in duel_row_values(state, player, opponent).items()}
        else:
            vals = {r: float(v) for r, v in row_values(mask_of(state.sheets[player]), state.last[0]).items()}
        return EnterRow(max(vals, key=lambda r: (vals[r], r)))


class SechzerspielAdvisor:
    """Every free row with its value and what it loses against the best row: with two players the exact chance to
    win, else the expected final own total if the throw goes there and the rest is played at its best."""

    def __init__(self, game: Game) -> None:
        self.game = game

    def advise(self, state: State, player: int) -> list[Any]:
        from wuerfel.games.kit.hints import rated

        if not isinstance(state, SechzerspielState) or state.phase != "decide" or player != state.seat:
            return []
        if state.n == 2:
            return rated(
                {EnterRow(r): v for r, v in duel_row_values(state, player).items()},
                N_("chance to win (both play optimally)"),
            )
        own = state.totals[player]
        vals = row_values(mask_of(state.sheets[player]), state.last[0])
        return rated(
            {EnterRow(r): float(v) for r, v in vals.items()},
            N_("expected final total (optimal play)"),
            "points",
            offset=own,
        )


INFO = register(
    GameInfo(
        id="sechzerspiel",
        name_de="Sechzerspiel",
        name_en="Sixes Table (Sechzerspiel)",
        family="one-die",
        options_class=SechzerspielRules,
        make=SechzerspielGame,
        min_players=1,
        max_players=8,
        default_preset="sechzerspiel",
        presets_dir=Path(__file__).parent / "presets" / "sechzerspiel",
        locale_dir=Path(__file__).parent / "locale" / "sechzerspiel",
        description_de=(
            "Ein Würfel, sechs Würfe: Nimm jeden Wurf mal einer freien Reihe von 1 bis 6; die meisten Punkte gewinnen."
        ),
        description_en="One die, six throws: multiply each throw by a free row from 1 to 6; the most points win.",
        aliases=("sechserspiel",),
        bots={"heuristic": SechzerspielHeuristicBot, "optimal": SechzerspielOptimalBot},
        solver_bots=frozenset({"optimal"}),
        solvers={"solo": solve_solo},
        two_player_solver=solve_two_players,
        advisor=SechzerspielAdvisor,
        default_bot="heuristic",
        explain=explained.explain,
    )
)
