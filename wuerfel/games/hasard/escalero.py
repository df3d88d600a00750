"""Escalero (Hasard game 32): five poker dice, up to three throws, eleven boxes, "serviert" bonuses.

Each turn a player throws up to three times, leaving dice standing in between (keep 1–4, free: any dice may be
rethrown later), then must write an entry: a free box gets the hand's value there, or 0 ("gestrichen"). After eleven
turns per player the sheet is full and the winner receives from every opponent the difference of the totals.
A hand that fell in one throw is "serviert" and scores more in Quint, Full Hand and Poker; a served Fünfling may go
into "Fünfling serviert" (100). "In einem Wurf erreicht" is the first throw of the turn, and — where the rules allow
rethrowing all five dice (``min_keep = 0``) — also a later throw of all five: nothing stood, so the hand was not made
"durch 2 oder 3 Würfe mit Stehenlassen".

What a hand scores in each row (the rows, their names, the points thrown and served, ``wuerfel score`` and
``wuerfel odds``) is :mod:`~wuerfel.games.hasard.escalero_scoring` (issue 26): arithmetic on five dice, apart from
the turn, the sheet and the table here.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from functools import cache
from pathlib import Path
from typing import Any, ClassVar, Literal

from wuerfel.engine import components as cmp
from wuerfel.engine.chips import ChipLedger
from wuerfel.engine.dice import Multiset
from wuerfel.engine.errors import N_, IllegalAction
from wuerfel.engine.game import CHANCE, JSON, TERMINAL, Action, Game, Outcome, Roll, State
from wuerfel.engine.registry import GameInfo, register
from wuerfel.engine.rules import label_options, opt, require
from wuerfel.games.hasard.common import WHO_BEGINS, describe_outcome, last_place, result_view
from wuerfel.games.hasard.escalero_scoring import (
    N_ROWS,
    ROW_MSGIDS,
    ROWS_DE,
    ROWS_EN,
    row_served,
    row_value,
    throw_odds,
    throw_scorer,
)
from wuerfel.games.kit import Lot, Void
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
    keep_refusal,
    parse_keep,
)
from wuerfel.i18n import translate

STRIKE_WORDS = frozenset({"streichen", "gestrichen", "strike", "cross", "out"})


@dataclasses.dataclass(frozen=True)
class EscaleroRules:
    """Options of Escalero; every default is the text or the spec's resolution."""

    min_keep: int = opt(
        1,
        de="Mindestens so viele Würfel bleiben beim Nachwerfen stehen (Text: 1; 0 = alle neu werfen erlaubt)",
        en="Dice that must stand at a rethrow (text: 1; 0 allows rethrowing all)",
        low=0,
        high=4,
    )
    max_keep: int = opt(
        4,
        de="Höchstens so viele Würfel bleiben stehen (Text: 4)",
        en="Most dice that may stand at a rethrow (text: 4)",
        low=0,
        high=4,
    )
    max_throws: int = opt(3, de="Würfe pro Runde (Text: 1 bis 3)", en="Throws per turn (text: 1 to 3)", low=1, high=5)
    five_counts_as_poker: bool = opt(
        True,
        de="Ein Fünfling zählt auch als Poker (Vierling)",
        en="Five of a kind also counts as Poker (four of a kind)",
    )
    strict_number_rows: bool = opt(
        False,
        de="Quint, Full Hand, Poker oder Fünfling dürfen in die Reihen Neuner bis Asse nur als 0 eingetragen werden",
        en="A hand that makes Quint, Full hand, Poker or Five of a kind may go into a number row only as 0",
    )
    quint_points: tuple[int, int] = opt(
        (25, 30), de="Quint: Punkte (normal, serviert)", en="Quint: points (normal, served)", low=0, high=1000
    )
    full_points: tuple[int, int] = opt(
        (30, 35), de="Full Hand: Punkte (normal, serviert)", en="Full hand: points (normal, served)", low=0, high=1000
    )
    poker_points: tuple[int, int] = opt(
        (40, 45), de="Poker: Punkte (normal, serviert)", en="Poker: points (normal, served)", low=0, high=1000
    )
    five_points: tuple[int, int] = opt(
        (50, 50),
        de="Fünfling: Punkte (normal, serviert)",
        en="Five of a kind: points (normal, served)",
        low=0,
        high=1000,
    )
    five_served_points: int = opt(
        100, de="Fünfling serviert: Punkte", en="Five of a kind served: points", low=0, high=1000
    )
    start: Literal["lot", "first_seat"] = opt(
        "lot",
        de="Wer beginnt: das Los (der höchste Wurf) oder Platz 1",
        en="Who begins: the lot (the highest throw) or seat 1",
    )

    def validate(self) -> None:
        require(
            0 <= self.min_keep <= self.max_keep <= 4,
            "min_keep/max_keep",
            "0 ≤ min_keep ≤ max_keep ≤ 4",
            (self.min_keep, self.max_keep),
        )
        require(1 <= self.max_throws <= 5, "max_throws", "1..5", self.max_throws)


@cache
def keep_rules(min_keep: int, max_keep: int) -> KeepRules:
    """The kit's keep rules of Escalero: free keeps of ``min_keep``..``max_keep`` of the five dice (27/32: "1 bis
    4"; ``min_keep = 0`` lets all five be thrown again, which serves the hand again)."""
    return KeepRules(5, min_keep=min_keep, max_keep=max_keep)


# --- actions (the keep is the kit's :class:`~wuerfel.games.kit.keeps.Keep`, writing a box the sheet games' Enter) ----
@dataclasses.dataclass(frozen=True)
class Strike(Action):
    """Write 0 into a row although the hand would score there ("streichen" on purpose)."""

    kind: ClassVar[str] = "strike"
    row: int


@dataclasses.dataclass(frozen=True)
class EscaleroState(KeepSheetState):
    """The lot, the turns, the sheets and the totals are the kit's (:class:`KeepSheetState`); Escalero adds its
    boxes, the served hands, striking a box and the settlement in chips."""

    game: Game
    sheets: tuple[tuple[int, ...], ...]
    """Per player, per row: points written, or EMPTY."""
    player: int = 0
    start_player: int = -1
    """-1 until the lot has fallen."""
    turn: KeepTurn = KeepTurn(limit=3)
    """The keep turn of the player to move (the kit's): dice, dice standing, throws against ``max_throws`` (the
    game's initial state sets the rules' limit), and whether the last throw was of all five dice."""
    settlement: ChipLedger | None = None

    poker: ClassVar[bool] = True

    @property
    def dice(self) -> Multiset:
        """The dice on the table after the turn's last throw (none before its first)."""
        return self.turn.dice

    @property
    def throws(self) -> int:
        """Throws made this turn (0: the first throw is due)."""
        return self.turn.throws

    @property
    def kept(self) -> Multiset | None:
        """Dice left standing while the others are rethrown; None when no keep was made (also before the first
        throw, which throws all five)."""
        return self.turn.kept if self.turn.throws > 0 else None

    # --- node kind ----------------------------------------------------------------------------------------
    def to_move(self) -> int:
        if self.settlement is not None:
            return TERMINAL
        if self.start_player < 0 or self.turn.throwing:
            return CHANCE
        return self.player

    @property
    def rules(self) -> EscaleroRules:
        return self.game.rules  # type: ignore[no-any-return]

    def served(self) -> bool:
        """The hand fell in one throw: the first throw of the turn, or a later throw of all five dice (only where
        ``min_keep = 0``) — the kit's fresh throw."""
        return self.turn.fresh

    def keep_rules(self) -> KeepRules:
        return keep_rules(self.rules.min_keep, self.rules.max_keep)

    # --- decisions ----------------------------------------------------------------------------------------
    def legal_actions(self, player: int | None = None) -> Sequence[Action]:
        if self.to_move() < 0 or (player is not None and player != self.player):
            return ()
        # menu order: most dice first, high faces first ("A A A B stehen lassen" before "9 stehen lassen")
        out: list[Action] = list(self.turn.keep_actions(self.keep_rules(), menu=True))
        for r in self.free_rows():
            out.append(Enter(r))
            if row_value(self.dice, r, self.served(), self.rules) > 0:
                out.append(Strike(r))
        return tuple(out)

    def explain_illegal(self, action: Action, player: int) -> None:
        if isinstance(action, (Enter, Strike)):
            self.refuse_row(action.row, ROWS_DE)
        if isinstance(action, Keep):
            if not self.turn.may_rethrow():
                raise IllegalAction(N_("No throws are left; write an entry."))
            refused = keep_refusal(action.dice, self.dice, self.keep_rules())
            if refused is not None:
                raise refused[1]

    def _apply_action(self, action: Action, player: int) -> State:
        if isinstance(action, Keep):
            return dataclasses.replace(self, turn=self.turn.keep(action.dice, self.keep_rules()))
        assert isinstance(action, (Enter, Strike))
        value = 0 if isinstance(action, Strike) else row_value(self.dice, action.row, self.served(), self.rules)
        state: EscaleroState = self.written(player, action.row, value)
        sheets = state.sheets
        if all(v != EMPTY for s in sheets for v in s):
            totals = tuple(sum(s) for s in sheets)
            from wuerfel.games.hasard.common import winner_takes_differences

            net = winner_takes_differences(totals)
            ledger = ChipLedger.start(self.game.num_players, 0)
            for w, amount in enumerate(net):
                if amount > 0:
                    for p, other in enumerate(net):
                        if other < 0:
                            ledger = ledger.transfer(p, w, totals[w] - totals[p])
            state = dataclasses.replace(state, settlement=ledger)
        return state

    # --- results (the chance side, the totals, scores and winners are the kit's) -------------------------
    def losers(self) -> tuple[int, ...]:
        """The lowest total (spec G8; nobody when all end level or in solitaire)."""
        return last_place(self)

    def payoffs(self) -> tuple[int, ...]:
        """The settlement in chips (the leaders receive the differences, spec 32); nothing moves before the end."""
        if self.settlement is None:
            return tuple(0 for _ in range(self.game.num_players))
        return tuple(self.settlement.players)

    def view(self, player: int | None) -> JSON:
        free = self.free_rows() if self.to_move() >= 0 else ()
        v: JSON = {
            "game": "escalero",
            "to_move": self.to_move(),
            "scores": list(self.totals()),
            "score_label": N_("Points"),
            "player": self.player,
            "start_player": self.start_player,
            "sheets": [list(s) for s in self.sheets],
            "throws": self.throws,
            "max_throws": self.rules.max_throws,
            "dice": list(self.dice),
            "kept": list(self.kept) if self.kept is not None else None,
            "served": self.served() and self.to_move() >= 0,
            "options": {str(r): row_value(self.dice, r, self.served(), self.rules) for r in free},
        }
        if self.settlement is not None:
            v["settlement"] = list(self.settlement.players)
            v["winners"] = list(self.winners())
            v.update(result_view(self))
        return v

    def components(self, player: int | None) -> tuple[cmp.Component, ...]:
        """The goal line, the poker dice of the turn (the standing ones marked while the others are rethrown), the
        throws, every sheet with its row names and served entries marked, the seats. Everything here is public."""
        out: list[cmp.Component] = [self.goal()]
        playing = self.settlement is None and self.start_player >= 0
        if playing and self.dice:
            out.append(dice_component(self.dice, self.kept, face="poker", seat=self.player))
            if self.served() and self.kept is None:
                out.append(cmp.Message(cmp.Phrase(N_("Served! All five dice fell in one throw."))))
        if playing:
            out.append(cmp.Counter(self.throws, target=self.rules.max_throws, label=cmp.Phrase(N_("Throws"))))
        out.append(self.sheet_component())
        totals = self.totals()
        settled = self.settlement.players if self.settlement is not None else None
        out.append(
            cmp.Seats(
                tuple(
                    cmp.SeatLine(
                        p,
                        score=totals[p],
                        active=playing and p == self.player,
                        note=(f"{settled[p]:+d}" if settled is not None and settled[p] else None),
                    )
                    for p in range(self.game.num_players)
                ),
                label=cmp.Phrase(N_("Points")),
            )
        )
        return tuple(out)

    def goal(self) -> cmp.Goal:
        """Issue 24: what the game plays for and the turn of the player to move (of eleven), first on the felt."""
        text = cmp.Phrase(N_("Most points in eleven rows; the winner gets the differences in chips"))
        if self.settlement is not None or self.start_player < 0:
            return cmp.Goal(text)
        done = N_ROWS - len(self.free_rows())
        return cmp.Goal(text, cmp.Phrase(N_("Turn {turn} of {turns}"), {"turn": done + 1, "turns": N_ROWS}))

    def sheet_component(self) -> cmp.Sheet:
        """Every player's sheet: a struck box as "—", a served entry marked, the totals (the web and the terminal
        used to tell served entries by comparing with the preset's points in JavaScript)."""

        def cell(row: int, v: int) -> Any:
            if v == EMPTY:
                return None
            if v == 0:
                return "—"
            if row_served(row, v, self.rules):
                return cmp.Phrase(N_("{points} (served)"), {"points": v})
            return v

        free = set(self.free_rows()) if self.to_move() >= 0 else set()
        n = self.game.num_players

        def options(r: int) -> tuple[Any, ...]:
            """What the throw would score in row ``r`` of the player to move (the view's ``options``)."""
            if r not in free:
                return ()
            return tuple(
                row_value(self.dice, r, self.served(), self.rules) if p == self.player else None for p in range(n)
            )

        rows = tuple(
            cmp.SheetRow(
                cmp.Phrase(ROW_MSGIDS[r]), tuple(cell(r, s[r]) for s in self.sheets), key=str(r), options=options(r)
            )
            for r in range(N_ROWS)
        )
        total = cmp.SheetRow(cmp.Phrase(N_("Total")), tuple(self.totals()), total=True)
        return cmp.Sheet(tuple(None for _ in range(n)), (*rows, total), column_seats=tuple(range(n)))

    def describe_outcome(self, outcome: Outcome, lang: str = "de", names: Sequence[str] = ()) -> str:
        """See :func:`wuerfel.games.hasard.common.describe_outcome`; ``names`` (optional) names the lot's seat."""
        return describe_outcome(outcome, lang, poker=True, names=names)

    def parse_action_text(self, text: str, player: int) -> Action:
        """A row by name writes it ("Damen", "full hand"; "Damen streichen" / "cross out queens" strikes it); poker
        dice keep those ("A A K", "A A K stehen lassen"). Rows are read first: "Asse" is the row, "A A" the dice."""
        words = text.casefold().replace(",", " ").split()
        strike = any(w in STRIKE_WORDS for w in words)
        rest = " ".join(w for w in words if w not in STRIKE_WORDS and w not in KEEP_WORDS)
        for rows in (ROWS_DE, ROWS_EN):
            for r, name in enumerate(rows):
                if rest in (name.casefold(), name.casefold().split(" (")[0]):
                    return Strike(r) if strike else Enter(r)
        if not strike and rest:
            keep = parse_keep(rest, poker=True)
            if keep is not None:
                return keep
        raise IllegalAction(N_("Type the dice to leave standing (e.g. A A K) or a row (e.g. Damen, Damen streichen)."))

    def describe_action(self, action: Action, lang: str = "de") -> str:
        rows = ROWS_EN if lang == "en" else ROWS_DE
        if isinstance(action, Keep):
            return describe_keep(action.dice, 5, lang, face="poker")
        if isinstance(action, Enter):
            pts = row_value(self.dice, action.row, self.served(), self.rules)
            return f"{rows[action.row]}: {pts}"
        if isinstance(action, Strike):
            return translate("{row}: 0 (cross out)", lang, row=rows[action.row])
        return super().describe_action(action, lang)


class EscaleroGame(Game):
    id = "escalero"
    action_classes = (Keep, Enter, Strike)
    outcome_classes = (Roll, Void, Lot)

    def new_initial_state(self) -> State:
        n = self.num_players
        sheets = tuple(tuple(EMPTY for _ in range(N_ROWS)) for _ in range(n))
        rules: EscaleroRules = self.rules
        start = -1 if rules.start == "lot" and n > 1 else 0  # solitaire needs no lot
        return EscaleroState(
            self, sheets, player=max(start, 0), start_player=start, turn=KeepTurn(limit=rules.max_throws)
        )

    length_bound = keep_sheet_bound(N_ROWS)

    def action_universe(self) -> tuple[Action, ...]:
        """Every concrete action: enter or strike each row, or a keep of up to four dice (the ids' keeps)."""
        from wuerfel.games.kit.keeps import keep_universe

        return (*(Enter(r) for r in range(N_ROWS)), *(Strike(r) for r in range(N_ROWS)), *keep_universe(4))

    def action_id(self, action: Action) -> int:
        if isinstance(action, Enter):
            return action.row
        if isinstance(action, Strike):
            return N_ROWS + action.row
        if isinstance(action, Keep):
            return 2 * N_ROWS + keep_id(action.dice)  # the kit's numbering (keeps of 0..4 dice come first)
        raise ValueError(action)

    def action_from_id(self, action_id: int) -> Action:
        if 0 <= action_id < N_ROWS:
            return Enter(action_id)
        if action_id < 2 * N_ROWS:
            return Strike(action_id - N_ROWS)
        try:
            return Keep(keep_from_id(action_id - 2 * N_ROWS, 4))
        except ValueError as exc:
            raise IllegalAction(N_("Unknown move '{kind}'."), kind=str(action_id)) from exc


# --- registration -------------------------------------------------------------------------------------------------
def _bot(game: Game, seed: int) -> Any:
    from wuerfel.games.hasard.escalero_solver import make_bot

    return make_bot(game, seed)


def _heuristic(game: Game, seed: int) -> Any:
    """The rule of thumb: plays without numpy and numba (the default where they are not installed)."""
    from wuerfel.games.hasard.escalero_heuristic import EscaleroHeuristicBot

    return EscaleroHeuristicBot(game, seed)


def _advisor(game: Game) -> Any:
    from wuerfel.games.hasard.escalero_advice import EscaleroAdvisor

    return EscaleroAdvisor(game)


def _solve(rules: Any, rules_id: str, fresh: bool = False) -> Any:
    from wuerfel.games.hasard.escalero_solver import solve_solo

    return solve_solo(rules, rules_id, fresh)


def _explain(rules: EscaleroRules, players: int) -> Any:
    from wuerfel.games.hasard.explain.escalero import explain

    return explain(rules, players)


def _render(view: dict[str, Any], lang: str) -> Any:
    from wuerfel.games.hasard.escalero_render import render_escalero

    return render_escalero(view, lang)


INFO = register(
    GameInfo(
        id="escalero",
        name_de="Escalero",
        name_en="Escalero",
        options_class=EscaleroRules,
        make=EscaleroGame,
        family="poker-dice",
        min_players=1,
        max_players=6,
        default_preset="escalero",
        presets_dir=Path(__file__).parent / "presets" / "escalero",
        locale_dir=Path(__file__).parent / "locale" / "escalero",
        web_dir=Path(__file__).parent / "web" / "escalero",
        description_de=(
            "Fünf Pokerwürfel, bis zu drei Würfe, elf Felder wie beim Kniffel; was in einem Wurf fällt "
            "(„serviert“), zählt mehr."
        ),
        description_en=(
            "Five poker dice, up to three throws, eleven boxes as in Kniffel; a hand made in one throw "
            "('served') scores more."
        ),
        bots={"optimal": _bot, "heuristic": _heuristic},
        solver_bots=frozenset({"optimal"}),
        solvers={"solo": _solve},
        terminal_renderer=_render,
        advisor=_advisor,
        default_bot="optimal",
        throw_scorer=throw_scorer,
        chips=True,
        faces="poker",
        odds=throw_odds,
        explain=_explain,
        explain_quotes=("max_throws", "max_keep", "five_served_points"),
    )
)


# --- the options in words (rule editor, ``wuerfel rules show``, the API) --------------------
_NORMAL_SERVED = (("normal", "normal"), ("serviert", "served"))

label_options(
    EscaleroRules,
    {
        "min_keep": ("Mindestens stehen lassen", "Fewest dice to keep"),
        "max_keep": ("Höchstens stehen lassen", "Most dice to keep"),
        "max_throws": ("Würfe pro Runde", "Throws per turn"),
        "five_counts_as_poker": ("Fünfling zählt als Poker", "Five of a kind counts as Poker"),
        "strict_number_rows": ("Kombinationen in den Zahlenreihen nur als 0", "Hands in the number rows only as 0"),
        "quint_points": ("Quint: normal, serviert", "Quint: normal, served"),
        "full_points": ("Full Hand: normal, serviert", "Full hand: normal, served"),
        "poker_points": ("Poker: normal, serviert", "Poker: normal, served"),
        "five_points": ("Fünfling: normal, serviert", "Five of a kind: normal, served"),
        "five_served_points": ("Fünfling serviert", "Five of a kind served"),
        "start": ("Wer beginnt", "Who begins"),
    },
    {"start": WHO_BEGINS},
    {k: _NORMAL_SERVED for k in ("quint_points", "full_points", "poker_points", "five_points")},
)
