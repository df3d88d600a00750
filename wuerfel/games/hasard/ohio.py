"""Ohio (Hasard game 26): six dice, up to six throws a turn, seven rows (1 to 6 and "Ohio"), the highest sum wins.

"Jeder Spieler darf bis zu sechsmal hintereinander würfeln, dabei einen oder mehrere Würfel … stehen lassen.
Spätestens nach dem sechsten Wurf eines Durchgangs muß er entscheiden, in welche Reihe das Ergebnis eingetragen
wird." Row k scores k × (dice showing k) (six sixes = 36 … six ones = 6); "Ohio", the sequence 1-2-3-4-5-6, scores
40; a row may take 0. Seven rounds fill the sheet (maximum 166, as the book's table shows). Keeps are free (any die
may be thrown again later, rethrowing all included: the spec's resolution), and the player may stop and write after
any throw. The book's example (the dice pictures flattened in the source) is the spec's reconstruction: aiming at six
sixes he ends with three sixes, two twos and a one and may write "two 2s = 4" in row 2.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from functools import cache
from pathlib import Path
from typing import Any, ClassVar, Literal

from wuerfel.engine import components as cmp
from wuerfel.engine.dice import Multiset
from wuerfel.engine.errors import N_, IllegalAction
from wuerfel.engine.game import CHANCE, JSON, TERMINAL, Action, Game, Outcome, Roll, State
from wuerfel.engine.registry import GameInfo, register
from wuerfel.engine.rules import label_options, opt, require
from wuerfel.games.hasard.common import describe_outcome, last_place
from wuerfel.games.hasard.explain import ohio as explained
from wuerfel.games.kit import START_NAME, START_WORDS, Lot, Void, start_option
from wuerfel.games.kit.keep_sheet import EMPTY, Enter, KeepSheetState, keep_sheet_bound
from wuerfel.games.kit.keeps import (
    KEEP_WORDS,
    Keep,
    KeepRules,
    KeepTurn,
    describe_keep,
    dice_component,
    keep_from_id,
    keep_id,
    parse_keep,
)
from wuerfel.i18n import translate

N_DICE = 6
N_ROWS = 7
OHIO_ROW = 6
ROWS_DE = ("Einer", "Zweier", "Dreier", "Vierer", "Fünfer", "Sechser", "Ohio")
ROWS_EN = ("Ones", "Twos", "Threes", "Fours", "Fives", "Sixes", "Ohio")
ROW_MSGIDS = (
    N_("Ones (1)"),
    N_("Twos (2)"),
    N_("Threes (3)"),
    N_("Fours (4)"),
    N_("Fives (5)"),
    N_("Sixes (6)"),
    N_("Ohio (1-2-3-4-5-6)"),
)


@dataclasses.dataclass(frozen=True)
class OhioRules:
    """Options of Ohio; every default is the text or the spec's resolution."""

    max_throws: int = opt(
        6, de="Würfe pro Durchgang (Text: bis zu sechsmal)", en="Throws per turn (text: up to six)", low=1, high=10
    )
    min_keep: int = opt(
        0,
        de="Mindestens so viele Würfel bleiben beim Nachwerfen stehen (Auflösung: 0, alle neu werfen ist erlaubt)",
        en="Dice that must stand at a rethrow (resolution: 0, rethrowing all is allowed)",
        low=0,
        high=5,
    )
    max_keep: int = opt(
        5, de="Höchstens so viele Würfel bleiben stehen", en="Most dice that may stand at a rethrow", low=0, high=5
    )
    ohio_points: int = opt(
        40,
        de="Punkte für „Ohio“ (1-2-3-4-5-6; Text: 40)",
        en="Points for 'Ohio' (1-2-3-4-5-6; text: 40)",
        low=0,
        high=1000,
    )
    start: Literal["lot", "first_seat"] = start_option()

    def validate(self) -> None:
        require(
            0 <= self.min_keep <= self.max_keep <= 5,
            "min_keep/max_keep",
            "0 ≤ min_keep ≤ max_keep ≤ 5",
            (self.min_keep, self.max_keep),
        )


label_options(
    OhioRules,
    {
        "max_throws": ("Würfe pro Durchgang", "Throws per turn"),
        "min_keep": ("Mindestens stehen lassen", "Fewest dice to keep"),
        "max_keep": ("Höchstens stehen lassen", "Most dice to keep"),
        "ohio_points": ("Punkte für Ohio", "Points for Ohio"),
        "start": START_NAME,
    },
    {"start": START_WORDS},
)


def row_value(dice: Multiset, row: int, ohio_points: int = 40) -> int:
    """Points of six dice in a row: row k (0-based) counts (k + 1) × the dice showing k + 1; "Ohio" the full
    sequence."""
    if row == OHIO_ROW:
        return ohio_points if sorted(dice) == [1, 2, 3, 4, 5, 6] else 0
    if not 0 <= row < OHIO_ROW:
        raise ValueError(row)
    return (row + 1) * sum(1 for d in dice if d == row + 1)


@cache
def keep_rules(min_keep: int, max_keep: int) -> KeepRules:
    """Free keeps of ``min_keep``..``max_keep`` of the six dice (keeping none throws all six again)."""
    return KeepRules(N_DICE, min_keep=min_keep, max_keep=max_keep)


@dataclasses.dataclass(frozen=True)
class OhioState(KeepSheetState):
    """The lot, the turns and the sheets are the kit's (:class:`KeepSheetState`); Ohio adds its rows and free
    keeps of six dice."""

    game: Game
    sheets: tuple[tuple[int, ...], ...]
    player: int = 0
    start_player: int = -1
    """-1 until the lot has fallen."""
    turn: KeepTurn = KeepTurn(limit=6, n=N_DICE)

    n_dice: ClassVar[int] = N_DICE

    @property
    def rules(self) -> OhioRules:
        return self.game.rules  # type: ignore[no-any-return]

    def keep_rules(self) -> KeepRules:
        return keep_rules(self.rules.min_keep, self.rules.max_keep)

    def finished(self) -> bool:
        return all(v != EMPTY for s in self.sheets for v in s)

    # --- node kind -----------------------------------------------------------------------------------------------
    def to_move(self) -> int:
        if self.finished():
            return TERMINAL
        if self.start_player < 0 or self.turn.throwing:
            return CHANCE
        return self.player

    def legal_actions(self, player: int | None = None) -> Sequence[Action]:
        if self.to_move() < 0 or (player is not None and player != self.player):
            return ()
        cached = self.memo("_memo_legal")
        if cached is not None:
            return cached  # type: ignore[no-any-return]
        out = (*self.turn.keep_actions(self.keep_rules(), menu=True), *(Enter(r) for r in self.free_rows()))
        return self.remember("_memo_legal", out)  # type: ignore[no-any-return]

    def explain_illegal(self, action: Action, player: int) -> None:
        if isinstance(action, Enter):
            self.refuse_row(action.row, ROWS_DE)
        if isinstance(action, Keep):
            refused = self.turn.refusal(action.dice, self.keep_rules())
            if refused is not None:
                if refused[0] == "no_throws":
                    raise IllegalAction(N_("No throws are left; write an entry."))
                raise refused[1]

    def _apply_action(self, action: Action, player: int) -> State:
        if isinstance(action, Keep):
            return dataclasses.replace(self, turn=self.turn.keep(action.dice, self.keep_rules(), checked=False))
        assert isinstance(action, Enter)
        return self.written(player, action.row, row_value(self.turn.dice, action.row, self.rules.ohio_points))

    # --- chance (the lot and the throws are the kit's) ---------------------------------------------------------------
    def describe_outcome(self, outcome: Outcome, lang: str = "de", names: Sequence[str] = ()) -> str:
        if isinstance(outcome, Roll):
            return " ".join(str(d) for d in outcome.dice)
        return describe_outcome(outcome, lang, poker=False, names=names)

    # --- results (totals, scores and winners are the kit's) ----------------------------------------------------
    def losers(self) -> tuple[int, ...]:
        """The lowest sum (G8; nobody when all end level or alone)."""
        return last_place(self)

    # --- information ---------------------------------------------------------------------------------------------
    def options(self) -> dict[int, int]:
        if self.to_move() < 0:
            return {}
        return {r: row_value(self.turn.dice, r, self.rules.ohio_points) for r in self.free_rows()}

    def view(self, player: int | None) -> JSON:
        v: JSON = {
            "game": "ohio",
            "to_move": self.to_move(),
            "scores": list(self.totals()),
            "player": self.player,
            "start_player": self.start_player,
            "sheets": [list(s) for s in self.sheets],
            "throws": self.turn.throws,
            "max_throws": self.rules.max_throws,
            "dice": list(self.turn.dice),
            "kept": list(self.turn.kept) if self.turn.kept is not None and self.turn.throws > 0 else None,
            "options": {str(r): p for r, p in self.options().items()},
        }
        if self.is_terminal():
            v["ranking"] = [p for g in self.ranking() for p in g]
            v["losers"] = list(self.losers())
        return v

    def components(self, player: int | None) -> tuple[cmp.Component, ...]:
        out: list[cmp.Component] = [explained.goal(self)]
        playing = not self.is_terminal() and self.start_player >= 0
        if playing and self.turn.dice:
            out.append(dice_component(self.turn.dice, self.turn.kept if self.turn.throws else None, seat=self.player))
        if playing:
            out.append(cmp.Counter(self.turn.throws, target=self.rules.max_throws, label=cmp.Phrase(N_("Throws"))))
        opts = self.options()
        n = self.game.num_players

        def cell(v: int) -> Any:
            return None if v == EMPTY else v

        rows = tuple(
            cmp.SheetRow(
                cmp.Phrase(ROW_MSGIDS[r]),
                tuple(cell(s[r]) for s in self.sheets),
                key=str(r),
                options=tuple(opts[r] if p == self.player else None for p in range(n)) if r in opts else (),
            )
            for r in range(N_ROWS)
        )
        total = cmp.SheetRow(cmp.Phrase(N_("Total")), tuple(self.totals()), total=True)
        out.append(cmp.Sheet(tuple(None for _ in range(n)), (*rows, total), column_seats=tuple(range(n))))
        totals = self.totals()
        out.append(
            cmp.Seats(
                tuple(
                    cmp.SeatLine(
                        p,
                        score=totals[p],
                        active=playing and p == self.player,
                        finished=self.is_terminal() and p in self.winners(),
                    )
                    for p in range(n)
                ),
                label=cmp.Phrase(N_("Points")),
            )
        )
        return tuple(out)

    def parse_action_text(self, text: str, player: int) -> Action:
        """A row by name or number-word ("Sechser", "sixes", "Ohio", "reihe 2"); dice keep those ("6 6 6")."""
        words = [w for w in text.casefold().replace(",", " ").split() if w not in KEEP_WORDS]
        rest = " ".join(words)
        for rows in (ROWS_DE, ROWS_EN):
            for r, name in enumerate(rows):
                if rest == name.casefold():
                    return Enter(r)
        if len(words) == 2 and words[0] in ("reihe", "row") and words[1].isdigit() and 1 <= int(words[1]) <= 6:
            return Enter(int(words[1]) - 1)
        keep = parse_keep(text)
        if keep is not None:
            return keep
        raise IllegalAction(N_("Type the dice to leave standing (e.g. 6 6 6) or a row (e.g. 6, Ohio)."))

    def describe_action(self, action: Action, lang: str = "de") -> str:
        if isinstance(action, Keep):
            return describe_keep(action.dice, N_DICE, lang)
        if isinstance(action, Enter):
            rows = ROWS_EN if lang == "en" else ROWS_DE
            return translate(
                N_("{row}: {points}"),
                lang,
                row=rows[action.row],
                points=row_value(self.turn.dice, action.row, self.rules.ohio_points),
            )
        return super().describe_action(action, lang)


class OhioGame(Game):
    id = "ohio"
    action_classes = (Keep, Enter)
    outcome_classes = (Roll, Void, Lot)

    def new_initial_state(self) -> State:
        n = self.num_players
        rules: OhioRules = self.rules
        sheets = tuple(tuple(EMPTY for _ in range(N_ROWS)) for _ in range(n))
        start = -1 if rules.start == "lot" and n > 1 else 0
        return OhioState(
            self, sheets, player=max(start, 0), start_player=start, turn=KeepTurn(limit=rules.max_throws, n=N_DICE)
        )

    length_bound = keep_sheet_bound(N_ROWS)

    def action_universe(self) -> tuple[Action, ...]:
        """Every concrete action: each row, or a keep of up to five dice (the keeps the ids decode)."""
        from wuerfel.games.kit.keeps import keep_universe

        return (*(Enter(r) for r in range(N_ROWS)), *keep_universe(N_DICE - 1))

    def action_id(self, action: Action) -> int:
        if isinstance(action, Enter):
            return action.row
        if isinstance(action, Keep):
            return N_ROWS + keep_id(action.dice)
        raise ValueError(action)

    def action_from_id(self, action_id: int) -> Action:
        if 0 <= action_id < N_ROWS:
            return Enter(action_id)
        try:
            return Keep(keep_from_id(action_id - N_ROWS, N_DICE - 1))
        except ValueError as exc:
            raise IllegalAction(N_("Unknown move '{kind}'."), kind=str(action_id)) from exc


class OhioHeuristicBot:
    """A rule of thumb: go for "Ohio" while it is free and four or more faces differ, else for the most frequent
    face of the free rows (high faces first); write the row that scores most (ties: the lowest row). It lives here,
    not in :mod:`ohio_solver`, so that it plays without numpy."""

    name = "heuristic"

    def __init__(self, game: Game, seed: int = 0) -> None:
        self.game = game

    def choose(self, state: State, player: int) -> Action:
        assert isinstance(state, OhioState)
        legal = state.legal_actions(player)
        dice = state.turn.dice
        free = state.free_rows(player)
        pts = state.options()
        keeps = {a.dice for a in legal if isinstance(a, Keep)}
        if pts.get(OHIO_ROW, 0) > 0 or not keeps:
            return Enter(max(free, key=lambda r: (pts[r], -r)))
        if OHIO_ROW in free and len(set(dice)) >= 4:
            want = tuple(sorted(set(dice)))
        else:
            faces = [r + 1 for r in free if r < OHIO_ROW]
            if not faces:
                want = tuple(sorted(set(dice)))
            else:
                face = max(faces, key=lambda f: (dice.count(f) * f, f))
                want = tuple(d for d in dice if d == face)
                if len(want) == N_DICE:
                    return Enter(face - 1)
        if want in keeps:
            return Keep(want)
        return Keep(()) if () in keeps else Enter(max(free, key=lambda r: (pts[r], -r)))


def _bot(kind: str) -> Any:
    def factory(game: Game, seed: int) -> Any:
        if kind == "heuristic":
            return OhioHeuristicBot(game)
        from wuerfel.games.hasard import ohio_solver

        return ohio_solver.OhioOptimalBot(game)

    return factory


def _advisor(game: Game) -> Any:
    from wuerfel.games.hasard.ohio_solver import OhioAdvisor

    return OhioAdvisor(game)


def _solve(rules: Any, rules_id: str, fresh: bool = False) -> Any:
    from wuerfel.games.hasard.ohio_solver import solve_solo

    return solve_solo(rules, rules_id, fresh)


INFO = register(
    GameInfo(
        id="ohio",
        family="six-dice",
        name_de="Ohio",
        name_en="Ohio",
        options_class=OhioRules,
        make=OhioGame,
        min_players=1,
        max_players=8,
        default_preset="ohio",
        presets_dir=Path(__file__).parent / "presets" / "ohio",
        locale_dir=Path(__file__).parent / "locale" / "ohio",
        description_de="Sechs Würfel, bis zu sechs Würfe: Füll sieben Reihen, von den Einern bis „Ohio“ (1-2-3-4-5-6).",
        description_en="Six dice, up to six throws: fill seven rows, from the 1s up to 'Ohio' (1-2-3-4-5-6).",
        bots={"optimal": _bot("optimal"), "heuristic": _bot("heuristic")},
        solver_bots=frozenset({"optimal"}),
        solvers={"solo": _solve},
        advisor=_advisor,
        default_bot="optimal",
        explain=explained.explain,
        explain_quotes=("max_throws", "ohio_points"),
    )
)
