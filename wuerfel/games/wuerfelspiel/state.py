"""The Würfelspiel game on the engine API: states, actions, chance, views.

A turn: the five dice are thrown (a chance node); the player either writes them into a free box of any of his
columns (:class:`Score`, ends the turn) or keeps some dice and re-throws the rest (:class:`Keep`, at most
``rerolls`` times; at least one die must be re-thrown, spec B-6). After the last re-throw he must score.
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Sequence
from fractions import Fraction
from functools import cache, lru_cache
from typing import Any, ClassVar

from wuerfel.engine import components as cmp
from wuerfel.engine import narration
from wuerfel.engine.dice import Multiset, roll_distribution, sort_dice
from wuerfel.engine.errors import N_, IllegalAction, Words
from wuerfel.engine.game import CHANCE, JSON, TERMINAL, Action, Game, Outcome, Roll, State
from wuerfel.games.kit.keeps import (
    Keep,
    KeepRules,
    KeepTurn,
    describe_keep,
    dice_component,
    keep_actions,
    keep_from_id,
    keep_id,
    keep_refusal,
    parse_keep,
)
from wuerfel.games.wuerfelspiel import research
from wuerfel.games.wuerfelspiel.rules import (
    ALL_BOXES,
    LOWER_BOXES,
    SHEET_STYLES,
    UPPER_FACE,
    WuerfelspielRules,
    box_label,
    box_score,
    joker_score,
    sheet_style,
)
from wuerfel.i18n import translate

KEEP_ID_BASE = 1000
"""Action ids: scoring is ``column * 16 + box index`` (< 100); keeping is ``1000 +`` the kit's keep number
(:func:`wuerfel.games.kit.keeps.keep_id`, the numbering :func:`wuerfel.solvers.fillgame.dice_space` indexes by)."""
KEEP_RULES = KeepRules(5)
"""Free keeps of 0 to 4 dice: at least one die is thrown again (spec B-6); writing into a box ends the turn."""


BOX_MSGIDS: dict[str, str] = {
    "ones": N_("Aces"),
    "twos": N_("Twos"),
    "threes": N_("Threes"),
    "fours": N_("Fours"),
    "fives": N_("Fives"),
    "sixes": N_("Sixes"),
    "three_kind": N_("Three of a kind"),
    "four_kind": N_("Four of a kind"),
    "full_house": N_("Full house"),
    "small_straight": N_("Small straight"),
    "large_straight": N_("Large straight"),
    "five_kind": N_("Five of a kind"),
    "chance": N_("Chance"),
}

STYLE_MSGIDS: dict[str, dict[str, str]] = {
    "kniffel": {
        "three_kind": N_("Three of a kind (Kniffel sheet)"),
        "four_kind": N_("Four of a kind (Kniffel sheet)"),
        "five_kind": N_("Kniffel (Kniffel sheet)"),
    },
    "yahtzee": {
        "three_kind": N_("Three of a kind (Kniffel sheet)"),
        "four_kind": N_("Four of a kind (Kniffel sheet)"),
        "five_kind": N_("Yahtzee (Yahtzee sheet)"),
    },
}
"""The sheet rows' msgids where a printed sheet names a box otherwise than the Würfelspiel (``rules.STYLE_LABELS``):
"Three of a kind" is "3 Gleiche" in German, the Kniffel block's same box "Dreierpasch", so it needs its own msgid."""
"""The boxes as the sheet of the table components names them (translated: "Aces" is "1-er" on a German sheet)."""


@dataclasses.dataclass(frozen=True)
class Score(Action):
    """Write the current dice into ``box`` of ``column`` (0-based); ends the turn."""

    kind: ClassVar[str] = "score"
    column: int
    box: str


@cache
def _outcomes(n: int) -> tuple[tuple[Outcome, Fraction], ...]:
    return tuple((Roll(d), p) for d, p in roll_distribution(n))


@cache
def _score_table(columns: int, boxes: tuple[str, ...]) -> tuple[tuple[Score, ...], ...]:
    """``Score(column, box)`` for every column and box of a sheet (``[column][box index]``): the legal list's
    actions, built once and shared."""
    return tuple(tuple(Score(c, b) for b in boxes) for c in range(columns))


_BOX_NUMBER = {b: i for i, b in enumerate(ALL_BOXES)}
"""A box's number in the action ids (its place in ``ALL_BOXES``)."""

Column = tuple[int | None, ...]


@dataclasses.dataclass(frozen=True)
class ColumnTotals:
    upper: int
    bonus: int
    lower: int
    extra: int
    total: int


@lru_cache(maxsize=4096)
def column_totals(rules: WuerfelspielRules, column: Column, extra: int) -> ColumnTotals:
    """Upper subtotal, bonus (awarded as soon as the threshold is reached), lower subtotal, Yahtzee bonuses."""
    upper = sum(v or 0 for b, v in zip(rules.boxes, column, strict=True) if b in UPPER_FACE)
    lower = sum(v or 0 for b, v in zip(rules.boxes, column, strict=True) if b not in UPPER_FACE)
    bonus = rules.upper_bonus if rules.upper_bonus and upper >= rules.upper_bonus_threshold else 0
    return ColumnTotals(upper, bonus, lower, extra, upper + bonus + lower + extra)


@dataclasses.dataclass(frozen=True)
class WuerfelspielState(State):
    game: WuerfelspielGame
    sheets: tuple[tuple[Column, ...], ...]
    """sheets[player][column][box]: points written, None while empty."""
    extras: tuple[tuple[int, ...], ...]
    """extras[player][column]: Yahtzee bonus points earned in that column."""
    player: int = 0
    turn: KeepTurn = KeepTurn(limit=3)
    """The keep turn of the player to move (the kit's): dice, dice kept while the others are thrown, throws against
    ``rerolls + 1`` (the game's initial state sets the rules' limit). After the last box: no throw is due."""

    @property
    def dice(self) -> Multiset:
        """The dice of the turn's last throw (none before its first)."""
        return self.turn.dice

    @property
    def kept(self) -> Multiset:
        """The dice kept while the others are thrown again (empty when no throw is due)."""
        return self.turn.kept or ()

    @property
    def throws(self) -> int:
        """Throws made in this turn (1 = the first throw)."""
        return self.turn.throws

    @property
    def rolling(self) -> bool:
        """A throw is due (a chance node)."""
        return self.turn.throwing

    def with_dice(self, dice: Multiset, throws: int = 1) -> WuerfelspielState:
        """This state with the player to move looking at ``dice`` after ``throws`` throws (tests, benches, hints:
        a position without playing up to it)."""
        return dataclasses.replace(
            self, turn=KeepTurn(self.turn.limit, dice=sort_dice(dice), kept=None, throws=throws, fresh=throws == 1)
        )

    # --- node kind -------------------------------------------------------------------------------------------
    def to_move(self) -> int:
        # asked several times per state (is_terminal, actors, legal_actions): kept on the state, and set at once by
        # the transitions that know it (a throw hands the move to its thrower, a keep makes a chance node)
        d = self.__dict__
        who: int | None = d.get("_memo_to_move")
        if who is None:
            who = d["_memo_to_move"] = (
                CHANCE if self.turn.kept is not None else TERMINAL if self._all_full() else self.player
            )  # a memo beside the fields, stored as State.remember does
        return who

    def _all_full(self) -> bool:
        return all(None not in col for sheet in self.sheets for col in sheet)

    @property
    def rules(self) -> WuerfelspielRules:
        return self.game.rules

    # --- decisions -------------------------------------------------------------------------------------------
    def legal_actions(self, player: int | None = None) -> Sequence[Action]:
        d = self.__dict__  # the memos read and stored directly, as State.memo and State.remember do
        who = d.get("_memo_to_move")
        if (self.to_move() if who is None else who) < 0 or (player is not None and player != self.player):
            return ()
        memo = d.get("_memo_legal")
        if memo is not None:
            return memo  # type: ignore[no-any-return]
        turn = self.turn
        dice = turn.dice
        if len(dice) == 5 and dice[0] == dice[-1] and self.game.forced_joker:
            memo = self._legal_actions()  # the joker rule may bind this five of a kind to some boxes
        else:
            # the keeps of this throw (shared) and the open boxes: kept per player across states (a box written
            # takes its action out, see _apply_action), so built once per player and game
            opens = d.get("_memo_open")
            p = self.player
            boxes = None if opens is None else opens[p]
            if boxes is None:
                boxes = self._open_boxes()
                opens = (None,) * self.game.num_players if opens is None else opens
                d["_memo_open"] = (*opens[:p], boxes, *opens[p + 1 :])
            memo = _keeps(dice) + boxes if turn.throws < turn.limit else boxes
        d["_memo_legal"] = memo
        return memo

    def _open_boxes(self) -> tuple[Score, ...]:
        """Every open box of the player to move, column by column, in the sheet's order (no joker rule applied)."""
        rules = self.rules
        table = _score_table(rules.columns, rules.boxes)
        return tuple(
            table[c][i] for c, col in enumerate(self.sheets[self.player]) for i, v in enumerate(col) if v is None
        )

    def _legal_actions(self) -> tuple[Action, ...]:
        """The keeps (shared per throw by the kit), then the boxes the dice may go into, column by column, in the
        sheet's order — the boxes for which :meth:`score_allowed` names no reason, decided here without building
        the reasons: the joker rule is asked once per throw, and the :class:`Score` actions come from a table."""
        rules = self.rules
        boxes = rules.boxes
        table = _score_table(rules.columns, boxes)
        dice = self.dice
        forced = rules.joker == "forced" and "five_kind" in boxes and len(dice) == 5 and dice[0] == dice[-1]
        out: list[Action] = list(self.turn.keep_actions(KEEP_RULES))
        for c, col in enumerate(self.sheets[self.player]):
            row = table[c]
            if forced and col[boxes.index("five_kind")] is not None:
                upper = ALL_BOXES[dice[0] - 1]
                if upper in boxes and col[boxes.index(upper)] is None:
                    out.append(row[boxes.index(upper)])
                    continue
                if any(col[i] is None for i, b in enumerate(boxes) if b in LOWER_BOXES):
                    out.extend(row[i] for i, v in enumerate(col) if v is None and boxes[i] not in UPPER_FACE)
                    continue
            out.extend(row[i] for i, v in enumerate(col) if v is None)
        return tuple(out)

    def score_allowed(self, column: int, box: str) -> tuple[str, dict[str, Any]] | None:
        """None when the dice may go into (column, box); else the reason (msgid, params)."""
        rules = self.rules
        if not 0 <= column < rules.columns:
            return N_("There is no column {column}."), {"column": column + 1}
        if box not in rules.boxes:
            return N_("There is no box '{box}' on this sheet."), {"box": box}
        col = self.sheets[self.player][column]
        if col[rules.boxes.index(box)] is not None:
            return N_("The box {box} of column {column} is already filled."), {
                "box": _box_words_param(box, rules),
                "column": column + 1,
            }
        if self._joker_active(column) and rules.joker == "forced":
            face = self.dice[0]
            upper = ALL_BOXES[face - 1]
            if upper in rules.boxes and col[rules.boxes.index(upper)] is None:
                if box != upper:
                    return (
                        N_("Joker rule: this five of a kind must go into the box {box} of column {column}."),
                        {"box": _box_words_param(upper, rules), "column": column + 1},
                    )
            elif any(col[i] is None for i, b in enumerate(rules.boxes) if b in LOWER_BOXES) and box in UPPER_FACE:
                return (
                    N_(
                        "Joker rule: with the number box filled, this five of a kind must go into a free "
                        "box of the lower part of column {column}."
                    ),
                    {"column": column + 1},
                )
        return None

    def _joker_active(self, column: int) -> bool:
        rules = self.rules
        if rules.joker == "none" or "five_kind" not in rules.boxes or len(self.dice) != 5:
            return False
        if len(set(self.dice)) != 1:
            return False
        return self.sheets[self.player][column][rules.boxes.index("five_kind")] is not None

    def points(self, column: int, box: str) -> tuple[int, int]:
        """(points for the box, Yahtzee bonus) if the current dice were written into (column, box)."""
        rules = self.rules
        col = self.sheets[self.player][column]
        extra = 0
        dice = self.dice
        pts = self.game.box_points(dice).get(box)
        if pts is None:
            pts = box_score(box, dice, rules)  # not a box of this sheet: box_score names it
        if len(set(dice)) != 1:
            return pts, 0  # no five of a kind: neither joker nor bonus (the common case, asked every turn)
        if self._joker_active(column):
            fk = col[rules.boxes.index("five_kind")]
            if rules.yahtzee_bonus and fk:
                extra = rules.yahtzee_bonus
            if box in LOWER_BOXES:
                upper = ALL_BOXES[self.dice[0] - 1]
                upper_open = upper in rules.boxes and col[rules.boxes.index(upper)] is None
                if rules.joker in ("forced", "free") or (rules.joker == "classic" and not upper_open):
                    pts = joker_score(box, self.dice, rules)
        elif (
            rules.yahtzee_bonus
            and rules.joker == "none"
            and "five_kind" in rules.boxes
            and len(set(self.dice)) == 1
            and col[rules.boxes.index("five_kind")]
        ):
            extra = rules.yahtzee_bonus
        return pts, extra

    def explain_illegal(self, action: Action, player: int) -> None:
        if isinstance(action, Score):
            reason = self.score_allowed(action.column, action.box)
            if reason is not None:
                raise IllegalAction(reason[0], **reason[1])
        if isinstance(action, Keep):
            if not self.turn.may_rethrow():
                raise IllegalAction(
                    N_("No re-throws left: you must write the dice into a box."),
                )
            refused = keep_refusal(action.dice, self.dice, KEEP_RULES)
            if refused is not None and refused[0] == "not_thrown":
                raise IllegalAction(
                    N_("You can only keep dice you have thrown ({dice})."), dice=" ".join(map(str, self.dice))
                )
            if refused is not None:
                raise IllegalAction(N_("A re-throw needs at least one die to throw; to keep all, choose a box."))

    def _apply_action(self, action: Action, player: int) -> State:
        if isinstance(action, Keep):
            return _step(self, self.turn.keep(action.dice, KEEP_RULES, checked=False), CHANCE)
        assert isinstance(action, Score)
        pts, extra = self.points(action.column, action.box)
        sheet = list(self.sheets[player])
        col = list(sheet[action.column])
        col[self.rules.boxes.index(action.box)] = pts
        sheet[action.column] = tuple(col)
        sheets = (*self.sheets[:player], tuple(sheet), *self.sheets[player + 1 :])
        extras = self.extras
        if extra:
            ex = list(extras[player])
            ex[action.column] += extra
            extras = (*extras[:player], tuple(ex), *extras[player + 1 :])
        turn = _new_turn(self.turn.limit)
        nxt = _evolve(
            self,
            _new_turn=True,
            sheets=sheets,
            extras=extras,
            player=(player + 1) % self.game.num_players,
            turn=turn,
            _memo_to_move=CHANCE,
        )
        opens = self.__dict__.get("_memo_open")
        if opens is not None and opens[player] is not None:
            rules = self.rules
            target = _score_table(rules.columns, rules.boxes)[action.column][rules.boxes.index(action.box)]
            mine = tuple(a for a in opens[player] if a is not target)  # the lists hold the table's own actions
            nxt.__dict__["_memo_open"] = (*opens[:player], mine, *opens[player + 1 :])
        if nxt._all_full():
            nxt = _evolve(nxt, turn=dataclasses.replace(turn, kept=None), player=player, _memo_to_move=TERMINAL)
        return nxt

    # --- chance ----------------------------------------------------------------------------------------------
    def chance_outcomes(self) -> Sequence[tuple[Outcome, Fraction]]:
        turn = self.turn  # asked at every throw of a simulation: the turn's fields read directly
        kept = turn.kept
        return _outcomes(turn.n - len(kept)) if kept is not None else ()

    def dice_to_throw(self) -> int:
        return self.turn.to_throw()

    def thrower(self) -> int | None:
        return self.player if self.rolling else None

    def throw_follows(self, after_own_move: bool) -> bool:
        """Dice kept, the rest thrown at once; the first throw of a turn waits for its thrower, also when he is
        alone and his own entry in a box ended the last turn."""
        return after_own_move and self.throws > 0

    def dice_standing(self) -> Multiset:
        return self.turn.standing()

    def _apply_outcome(self, outcome: Outcome) -> State:
        assert isinstance(outcome, Roll)
        return _step(self, self.turn.thrown(outcome.dice), self.player)

    # --- results ---------------------------------------------------------------------------------------------
    def column_totals(self, player: int, column: int) -> ColumnTotals:
        return column_totals(self.rules, self.sheets[player][column], self.extras[player][column])

    def total(self, player: int) -> int:
        return sum(w * self.column_totals(player, c).total for c, w in enumerate(self.rules.column_weights))

    def scores(self) -> tuple[float, ...]:
        memo = self.memo("_memo_scores")
        if memo is None:
            memo = self.remember("_memo_scores", tuple(float(self.total(p)) for p in range(self.game.num_players)))
        return memo  # type: ignore[no-any-return]

    def winners(self) -> tuple[int, ...]:
        if not self.is_terminal():
            return ()
        s = self.scores()
        best = max(s)
        return tuple(p for p, v in enumerate(s) if v == best)

    def turn_number(self) -> int:
        """The current player's turn number (1-based): his filled boxes + 1."""
        filled = sum(v is not None for col in self.sheets[self.player] for v in col)
        return min(filled + 1, self.rules.turns)

    def view(self, player: int | None) -> JSON:
        rules = self.rules
        players = []
        for p in range(self.game.num_players):
            cols = []
            for c in range(rules.columns):
                tot = self.column_totals(p, c)
                cols.append(
                    {
                        "boxes": {b: self.sheets[p][c][i] for i, b in enumerate(rules.boxes)},
                        "upper": tot.upper,
                        "bonus": tot.bonus,
                        "lower": tot.lower,
                        "extra": tot.extra,
                        "total": tot.total,
                        "weight": rules.column_weights[c],
                    }
                )
            players.append({"columns": cols, "total": self.total(p)})
        to_move = self.to_move()
        return {
            "game": "wuerfelspiel",
            "to_move": to_move,
            "scores": list(self.scores()),
            "score_label": N_("Points"),
            "player": self.player,
            "dice": list(self.dice),
            "kept": list(self.kept),
            "throws": self.throws,
            "rerolls_left": rules.rerolls - max(0, self.throws - 1),
            "turn": self.turn_number(),
            "turns": rules.turns,
            "boxes": list(rules.boxes),
            "sheet_style": sheet_style(rules),
            "box_names": {b: [box_label(b, "de", rules), box_label(b, "en", rules)] for b in rules.boxes},
            "upper_boxes": list(rules.upper_boxes),
            "bonus_threshold": rules.upper_bonus_threshold,
            "bonus_value": rules.upper_bonus,
            "weights": list(rules.column_weights),
            "players": players,
            "winners": list(self.winners()),
        }

    def components(self, player: int | None) -> tuple[cmp.Component, ...]:
        """The dice (kept ones marked while the others are thrown again), turn and rolls left, the whole sheet with
        the points the dice would score in every open box of the current player, the seats. All public."""
        rules = self.rules
        n = self.game.num_players
        from wuerfel.games.wuerfelspiel.explain import goal  # (explain names the boxes by this module's msgids)

        playing = not self.is_terminal()
        # The aim and the round, first on the felt (issue 24).
        out: list[cmp.Component] = [goal(rules.turns, self.turn_number() if playing else None, rules.column_weights)]
        if playing and self.dice:
            out.append(dice_component(self.dice, self.kept if self.rolling else None, seat=self.player))
        if playing:
            out.append(cmp.Counter(self.turn_number(), target=rules.turns, label=cmp.Phrase(N_("Turn"))))
            out.append(cmp.Counter(rules.rerolls - max(0, self.throws - 1), label=cmp.Phrase(N_("Rolls left"))))
        out.append(self.sheet_component())
        out.append(
            cmp.Seats(
                tuple(cmp.SeatLine(p, score=self.total(p), active=playing and p == self.player) for p in range(n)),
                label=cmp.Phrase(N_("Points")),
            )
        )
        return tuple(out)

    def sheet_component(self) -> cmp.Sheet:
        """Every player's columns side by side; the candidates (points the dice score in each open box of the
        current player) come from the game, so the web no longer reads them out of the moves' labels."""
        rules = self.rules
        n = self.game.num_players
        ncols = rules.columns
        cols = [(p, c) for p in range(n) for c in range(ncols)]
        offer = not self.rolling and bool(self.dice) and not self.is_terminal()
        totals = {(p, c): self.column_totals(p, c) for p, c in cols}
        style = sheet_style(rules)

        def option(p: int, c: int, i: int, box: str) -> Any:
            if not offer or p != self.player or self.sheets[p][c][i] is not None:
                return None
            pts, extra = self.points(c, box)
            return f"{pts}+{extra}" if extra else pts

        def box_row(i: int, box: str) -> cmp.SheetRow:
            opts = tuple(option(p, c, i, box) for p, c in cols)
            msgid = STYLE_MSGIDS.get(style, {}).get(box) or BOX_MSGIDS[box]
            return cmp.SheetRow(
                cmp.Phrase(msgid),
                tuple(self.sheets[p][c][i] for p, c in cols),
                key=box,
                options=opts if any(o is not None for o in opts) else (),
            )

        def sum_row(label: cmp.Text, value: Any) -> cmp.SheetRow:
            return cmp.SheetRow(label, tuple(value(p, c) for p, c in cols), total=True)

        upper = [(i, b) for i, b in enumerate(rules.boxes) if b in UPPER_FACE]
        lower = [(i, b) for i, b in enumerate(rules.boxes) if b not in UPPER_FACE]
        rows: list[cmp.SheetRow] = [box_row(i, b) for i, b in upper]
        if upper:
            label = (
                cmp.Phrase(N_("Upper part ({threshold})"), {"threshold": rules.upper_bonus_threshold})
                if rules.upper_bonus
                else cmp.Phrase(N_("Upper part"))
            )
            rows.append(sum_row(label, lambda p, c: totals[(p, c)].upper))
            if rules.upper_bonus:
                rows.append(sum_row(cmp.Phrase(N_("Bonus")), lambda p, c: totals[(p, c)].bonus or None))
        rows += [box_row(i, b) for i, b in lower]
        rows.append(sum_row(cmp.Phrase(N_("Column total")), lambda p, c: totals[(p, c)].total))
        if ncols > 1:
            rows.append(sum_row(cmp.Phrase(N_("Weighted total")), lambda p, c: self.total(p) if c == 0 else None))
        heads = tuple(
            cmp.Phrase(N_("Column ×{w}"), {"w": w}) if ncols > 1 else None
            for _p in range(n)
            for w in rules.column_weights
        )
        return cmp.Sheet(heads, tuple(rows), column_seats=tuple(p for p, _c in cols))

    def parse_action_text(self, text: str, player: int) -> Action:
        """A move typed by a person: dice to keep ("6 6", "behalte 66", "k 66", "alle" = throw all again) or a
        column and a box ("3 Full House", "1 chance", "2 5-er", "3 fh"). Legality is checked when it is applied."""
        words = text.strip().lower().replace(",", " ").split()
        if not words:
            raise IllegalAction(N_("I did not understand that."))
        keep = parse_keep(text)
        if keep is not None:
            return keep
        column = 0
        if words[0].isdigit() and len(words) > 1:
            column = int(words[0]) - 1
            words = words[1:]
        elif self.rules.columns > 1:
            raise IllegalAction(
                N_("Name the column (1–{n}) before the box, e.g. '3 Full House'."), n=self.rules.columns
            )
        name = " ".join(words)
        box = _BOX_WORDS.get(name) or _BOX_WORDS.get(name.replace(" ", ""))
        if box is None:
            raise IllegalAction(
                N_("Unknown box '{box}'. Known: {known}"),
                box=name,
                known=Words(
                    ", ".join(box_label(b, "en", self.rules) for b in self.rules.boxes),
                    ", ".join(box_label(b, "de", self.rules) for b in self.rules.boxes),
                ),
            )
        return Score(column, box)

    def confirm_action(self, action: Action, lang: str = "de") -> str | None:
        """The question a front end asks before a typed move that writes 0 points ("3 fh" when the dice are no
        full house): a slip of the finger would cost the box for the rest of the game."""
        if (
            not isinstance(action, Score)
            or not self.dice
            or self.rolling
            or action.box not in self.rules.boxes
            or not 0 <= action.column < self.rules.columns
            or self.score_allowed(action.column, action.box)
        ):
            return None
        pts, extra = self.points(action.column, action.box)
        if pts or extra:
            return None
        label = box_label(action.box, lang, self.rules)
        if self.rules.columns == 1:
            return translate("Write 0 points into {box}?", lang, box=label)
        return translate("Write 0 points into {box} of column {column}?", lang, box=label, column=action.column + 1)

    def announcements(self, event: Action | Outcome, player: int | None, after: State) -> tuple[cmp.Phrase, ...]:
        """The sheets are open and each entry's label says what it wrote; the last entry ends the game, which the
        move list closes with who won (a solo game only with its sheet)."""
        if self.is_terminal() or not after.is_terminal() or self.game.num_players < 2:
            return ()
        return tuple(narration.ending(after))

    def describe_action(self, action: Action, lang: str = "de") -> str:
        if isinstance(action, Keep):
            return describe_keep(action.dice, 5, lang)
        if isinstance(action, Score):
            label = box_label(action.box, lang, self.rules) if action.box in ALL_BOXES else action.box
            # A sheet of one column (Kniffel, Yahtzee) names no column: "Spalte 1:" on every box said nothing
            # (issue 24 U13).
            one = self.rules.columns == 1
            if (
                self.dice
                and not self.rolling
                and action.box in self.rules.boxes
                and 0 <= action.column < self.rules.columns
            ):
                pts, extra = self.points(action.column, action.box)
                if extra:
                    if one:
                        return translate("{box} ({points} + {extra} bonus)", lang, box=label, points=pts, extra=extra)
                    return translate(
                        "Column {column}: {box} ({points} + {extra} bonus)",
                        lang,
                        column=action.column + 1,
                        box=label,
                        points=pts,
                        extra=extra,
                    )
                if one:
                    return translate("{box} ({points})", lang, box=label, points=pts)
                return translate(
                    "Column {column}: {box} ({points})", lang, column=action.column + 1, box=label, points=pts
                )
            return label if one else translate("Column {column}: {box}", lang, column=action.column + 1, box=label)
        return super().describe_action(action, lang)


def _evolve(state: WuerfelspielState, _new_turn: bool = False, **changes: object) -> WuerfelspielState:
    """``dataclasses.replace`` without re-running ``__init__`` (a state has no checks in it; it is copied at every
    keep, throw and box of every simulated game). What the old state remembered about itself (``State.remember``) is
    not copied: it is the old state's — except, unless ``_new_turn``, the players' open boxes, which only a box
    written changes. ``changes`` may set a memo the caller knows (``_memo_to_move``)."""
    new = object.__new__(WuerfelspielState)
    d = new.__dict__
    d.update(state.__dict__)
    for key in _MEMOS:
        d.pop(key, None)
    if _new_turn:
        d.pop("_memo_open", None)
    d.update(changes)
    return new


def _step(state: WuerfelspielState, turn: KeepTurn, who: int) -> WuerfelspielState:
    """:func:`_evolve` for a keep or a throw, written out (two or three of them in every turn of every simulated
    game): only the turn changes, and the new state knows who moves (``who``)."""
    new = object.__new__(WuerfelspielState)
    d = new.__dict__
    d.update(state.__dict__)
    d.pop("_memo_legal", None)
    d.pop("_memo_scores", None)
    d["turn"] = turn
    d["_memo_to_move"] = who
    return new


_MEMOS = ("_memo_legal", "_memo_scores", "_memo_to_move")
"""The values a Würfelspiel state remembers (its legal list, the scores, who moves) and forgets at every step; the
players' open boxes (``_memo_open``) are handed on."""


@cache
def _new_turn(limit: int) -> KeepTurn:
    """The turn before its first throw (immutable, so one shared value per limit: built at every box written)."""
    return KeepTurn(limit)


@cache
def _keeps(dice: Multiset) -> tuple[Keep, ...]:
    """The keeps of a throw (the kit's shared tuple), by the dice alone: the kit's cache also hashes the rules."""
    return keep_actions(dice, KEEP_RULES, (), False)


def _box_words_param(box: str, rules: WuerfelspielRules) -> Words:
    """A box's name for a refusal, in the reader's language (decided when the refusal is translated)."""
    return Words(box_label(box, "en", rules), box_label(box, "de", rules))


def _box_words() -> dict[str, str]:
    words: dict[str, str] = {}
    for b in ALL_BOXES:
        labels = [box_label(b, lang, style).lower() for style in SHEET_STYLES for lang in ("de", "en")]
        for name in (b, b.replace("_", " "), *labels):
            words[name] = b
            words[name.replace(" ", "")] = b
    for face, b in enumerate(ALL_BOXES[:6], start=1):
        words[f"{face}er"] = b
        words[f"{face}-er"] = b
    words.update(
        {
            "fh": "full_house",
            "ks": "small_straight",
            "gs": "large_straight",
            "kniffel": "five_kind",
            "yahtzee": "five_kind",
            "3g": "three_kind",
            "4g": "four_kind",
            "5g": "five_kind",
            "dreierpasch": "three_kind",
            "viererpasch": "four_kind",
            "ch": "chance",
        }
    )
    return words


_BOX_WORDS = _box_words()


class WuerfelspielGame(Game):
    id = "wuerfelspiel"
    action_classes = (Keep, Score)
    rules: WuerfelspielRules

    @functools.cached_property
    def _box_points(self) -> dict[Multiset, dict[str, int]]:
        return {}

    def box_points(self, dice: Multiset) -> dict[str, int]:
        """What the (sorted) ``dice`` score in each box of the sheet, without joker (:func:`box_score`): one row per
        throw, kept on the game (252 throws of five dice), since a box is scored at the end of every turn."""
        table = self._box_points
        row = table.get(dice)
        if row is None:
            row = table[dice] = {b: box_score(b, dice, self.rules) for b in self.rules.boxes}
        return row

    @functools.cached_property
    def forced_joker(self) -> bool:
        """The joker rule may bind a five of a kind to some boxes (then its legal list is built box by box)."""
        return self.rules.joker == "forced" and "five_kind" in self.rules.boxes

    def new_initial_state(self) -> WuerfelspielState:
        r = self.rules
        empty_col: Column = tuple(None for _ in r.boxes)
        sheets = tuple(tuple(empty_col for _ in range(r.columns)) for _ in range(self.num_players))
        extras = tuple(tuple(0 for _ in range(r.columns)) for _ in range(self.num_players))
        return WuerfelspielState(self, sheets, extras, turn=KeepTurn(limit=r.rerolls + 1))

    length_bound = research.length_bound
    tensor_layout = research.tensor_layout

    def action_universe(self) -> tuple[Action, ...]:
        """Every concrete action these rules can ever offer: each box of each column, each keep of the dice."""
        from wuerfel.games.kit.keeps import keep_universe

        r = self.rules
        return (*(Score(c, b) for c in range(r.columns) for b in r.boxes), *keep_universe(r.dice))

    def action_id(self, action: Action) -> int:
        if isinstance(action, Score) and action.box in _BOX_NUMBER:
            return action.column * 16 + _BOX_NUMBER[action.box]
        if isinstance(action, Keep):
            return KEEP_ID_BASE + keep_id(action.dice)
        raise ValueError(action)

    def action_from_id(self, action_id: int) -> Action:
        if action_id >= KEEP_ID_BASE:
            try:
                return Keep(keep_from_id(action_id - KEEP_ID_BASE, 5))
            except ValueError as exc:
                raise IllegalAction(N_("Unknown move '{kind}'."), kind=str(action_id)) from exc
        return Score(action_id // 16, ALL_BOXES[action_id % 16])
