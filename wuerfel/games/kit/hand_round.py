"""Hand rounds: every seat in turn plays one keep-and-rethrow turn, the round's first player sets the throw limit for
the others, the hands are compared (better hand, then fewer throws), ties that matter are thrown off, and the round's
loser may collect a *Bierdeckel* until one seat has enough of them (Chicago, Chicago hoch-tief, Sequenzen).

Written once for these games so that a game is its hand's value plus rules data:

* a game says how a turn may go on (:meth:`HandRoundState.turn_actions`, the kit's :class:`~.keeps.Keep` and
  :class:`~.hands.Stop` by default), what a finished hand is worth (:meth:`HandRoundState.hand_result`, a tuple compared
  "higher is better"), and what a throw-off is (:meth:`HandRoundState.throw_off_limit`: Chicago's one throw of three
  dice, Sequenzen's whole turn);
* the kit's :class:`~.keeps.KeepTurn` is the turn, :class:`~.keeps.RoundLimit` the limit the first player sets,
  :func:`~.throwoff.ranking_groups` the order of a round (main result, then one entry per throw-off);
* a round whose result nobody can use (Sequenzen: nobody has a sequence) is void and played again
  (:meth:`HandRoundState.round_void`);
* with ``marks`` the round's loser receives a Bierdeckel; the first seat with ``marks_to_lose`` of them loses the
  match, everybody else ranks by fewer Bierdeckel. Without marks the game is one round (plus throw-offs).

States are frozen dataclasses (hashable values with exact chance), so the generic exact solver can walk them.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Hashable, Sequence
from fractions import Fraction
from functools import cache
from typing import Any, ClassVar, Literal

from wuerfel.engine import components as cmp
from wuerfel.engine import narration
from wuerfel.engine.dice import Multiset, roll_distribution
from wuerfel.engine.errors import N_
from wuerfel.engine.game import CHANCE, JSON, TERMINAL, Action, Game, Outcome, Roll, State
from wuerfel.games.kit.chance import LotPhaseState
from wuerfel.games.kit.hands import Stop
from wuerfel.games.kit.hints import ValueBot
from wuerfel.games.kit.keeps import Keep, KeepTurn, RoundLimit, dice_component
from wuerfel.games.kit.lot import Lot, lot_outcomes
from wuerfel.games.kit.seats import clockwise, in_turn_order, left_of
from wuerfel.games.kit.solverkeys import dense_ranks
from wuerfel.games.kit.throwoff import ranking_groups
from wuerfel.games.kit.void import Void, throw_outcomes

STOP_WORDS = frozenset({"stop", "stopp", "halt", "genug", "aufhören", "aufhoeren", "fertig", "s", "enough"})
STOP_LABEL = N_("Stop: the dice count as they lie")
THROW_OFF_MSG = N_("Throw-off {k}: the tied players throw again")
VOID_ROUND_MSG = N_("The round is void and played again")
ROUND_POINTS = N_("Round {k}")
THROWS_ROW = N_("Throws")
MARKS_ROW = N_("Bierdeckel")
MARK_TAKEN = N_("Bierdeckel taken")  # a round's loser's cell: one mat ("beer mat" in English, not the row's plural)
THROW_OFF_ROW = N_("Throw-off {k}")
GETS_MARK = N_("{name} gets a beer mat ({marks} of {need})")


def marked(cell: Any) -> cmp.Phrase:
    """A round loser's cell on the sheet: his hand and the mat he took."""
    return cmp.Phrase(
        N_("{hand} · {mark}"), {"hand": cell if cell is not None else "–", "mark": cmp.Phrase(MARK_TAKEN)}
    )


@dataclasses.dataclass(frozen=True)
class HandRoundState(LotPhaseState):
    """A position of a hand-round game (module text)."""

    game: Game = dataclasses.field(compare=False, repr=False)
    phase: Literal["lot", "play", "over"] = "lot"
    start: int = 0
    """The first player of the current round."""
    order: tuple[int, ...] = ()
    """Who plays in the current pass, in turn order (everybody; the tied seats in a throw-off)."""
    index: int = 0
    """Position of the player whose turn it is in ``order``."""
    turn: KeepTurn = KeepTurn(limit=3, n=3)
    limit: RoundLimit = RoundLimit(3)
    passes: tuple[tuple[tuple[int, ...] | None, ...], ...] = ()
    """The current round's passes: the main pass, then one per throw-off; per seat its hand's result (None: not
    played in it)."""
    marks: tuple[int, ...] = ()
    """Bierdeckel per seat (games with marks)."""
    round_no: int = 0
    shown: tuple[tuple[Multiset, int] | None, ...] = ()
    """Per seat the hand and throws of its last finished turn in this round (shown on the table only)."""
    past: tuple[tuple[int, tuple[tuple[int, int] | None, ...], int | None], ...] = ()
    """The settled rounds of a match for Bierdeckel, oldest first, for the sheet only: (round number, per seat its
    score and throws, or None, the seat that took the Bierdeckel or None). The sheet showed the running round alone,
    so earlier results were gone (issue 24, web U16)."""

    decided: tuple[int, tuple[tuple[int, ...], ...], int | None] | None = None
    """(round number from 1, its ranking groups, the seat that took a Bierdeckel) of the round settled last; no
    groups for a void round played again. Only told (:meth:`announcements`), never read by a rule: the next round
    clears the passes it was decided from."""

    id: ClassVar[str] = ""
    n_dice: ClassVar[int] = 3
    display_fields: ClassVar[tuple[str, ...]] = ("shown", "past", "decided")

    # --- what a game says (the players, the rules, the lot and the ranking's winners are the kit's) ------------
    def max_throws(self) -> int:
        return int(self.rules.max_throws)

    def marks_to_lose(self) -> int:
        """Bierdeckel that lose the match; 0: no marks, the game is one round."""
        return 0

    def hand_result(self, dice: Multiset, throws: int, rolled: int) -> tuple[int, ...]:
        """What a finished turn is worth, compared lexicographically, higher is better (fewer throws included)."""
        raise NotImplementedError

    def throw_off_result(self, dice: Multiset, throws: int, rolled: int) -> tuple[int, ...]:
        """What a throw-off turn is worth (default: as a turn)."""
        return self.hand_result(dice, throws, rolled)

    def throw_off_limit(self) -> int:
        """Throws of a throw-off turn (default: the limit of the round's later players)."""
        return self.limit.limit()

    def settle_winner(self) -> bool:
        """Whether a tie for the first place is thrown off."""
        return True

    def settle_loser(self) -> bool:
        """Whether a tie for the last place is thrown off (the Bierdeckel needs one loser)."""
        return self.marks_to_lose() > 0

    def round_void(self, results: Sequence[tuple[int, ...] | None]) -> bool:
        """Whether the main pass just finished is void and played again (nobody has anything)."""
        return False

    def turn_actions(self) -> tuple[Action, ...]:
        """The moves of the player whose turn it is, after a throw with throws left (besides :class:`Stop`)."""
        raise NotImplementedError

    def apply_turn_action(self, action: Action) -> HandRoundState:
        """Apply a game-specific move of the turn (a keep is the kit's)."""
        raise NotImplementedError

    def pending_decision(self) -> bool:
        """A decision the player must take before his turn may end (Chicago hoch-tief's declaration)."""
        return False

    def dice_face(self) -> cmp.Face:
        return "pips"

    def rolled(self) -> int:
        """Dice thrown in the current turn (for a tie-break by dice; kept by games that read it)."""
        return 0

    # --- flow ------------------------------------------------------------------------------------------------
    @property
    def in_throw_off(self) -> bool:
        return len(self.passes) > 1

    @property
    def seat(self) -> int:
        return self.order[self.index] if self.phase == "play" else -1

    def new_turn(self, limit: int) -> KeepTurn:
        return KeepTurn(limit=limit, n=self.n_dice)

    def begin_round(self, start: int) -> HandRoundState:
        order = clockwise(start, self.n)
        lim = self.limit.new_round()
        return dataclasses.replace(
            self,
            phase="play",
            start=start,
            order=order,
            index=0,
            limit=lim,
            turn=self.new_turn(lim.limit()),
            passes=((None,) * self.n,),
            shown=(None,) * self.n,
        )

    def initial(self, lot: bool) -> HandRoundState:
        s = dataclasses.replace(
            self,
            marks=(0,) * self.n,
            limit=RoundLimit(self.max_throws(), self.inherit()),
            turn=self.new_turn(self.max_throws()),
            shown=(None,) * self.n,
        )
        return s if lot else s.begin_round(0)

    def inherit(self) -> bool:
        return bool(getattr(self.rules, "inherit_limit", True))

    def end_turn(self) -> HandRoundState:
        """The player whose turn it is is done: note his result, pass the dice on, settle the round at its end."""
        p = self.seat
        t = self.turn
        result = (self.throw_off_result if self.in_throw_off else self.hand_result)(t.dice, t.throws, self.rolled())
        row = list(self.passes[-1])
        row[p] = result
        shown = list(self.shown)
        shown[p] = (t.dice, t.throws)
        s = dataclasses.replace(self, passes=(*self.passes[:-1], tuple(row)), shown=tuple(shown))
        if not self.in_throw_off:
            s = dataclasses.replace(s, limit=s.limit.turn_over(t.throws))
        if s.index + 1 < len(s.order):
            lim = s.throw_off_limit() if s.in_throw_off else s.limit.limit()
            return dataclasses.replace(s, index=s.index + 1, turn=s.new_turn(lim)).reset_turn()
        return s.settle()

    def reset_turn(self) -> HandRoundState:
        """Clear the game's own per-turn fields (default: none)."""
        return self

    def round_results(self) -> list[tuple[int, ...]]:
        """Per seat: its main result, then its result in each throw-off (0s where it did not play one)."""
        width = len(next(r for r in self.passes[0] if r is not None))
        return [tuple(x for row in self.passes for x in (row[p] or (0,) * width)) for p in range(self.n)]

    def round_results_before(self) -> list[tuple[int, ...]]:
        """:meth:`round_results` without the pass under way (what a throw-off refines)."""
        return dataclasses.replace(self, passes=self.passes[:-1]).round_results()

    def round_groups(self) -> tuple[tuple[int, ...], ...]:
        return ranking_groups(self.round_results())

    def settle(self) -> HandRoundState:
        if not self.in_throw_off and self.round_void(self.passes[0]):
            return dataclasses.replace(
                self, round_no=self.round_no + 1, decided=(self.round_no + 1, (), None)
            ).begin_round(self.start)
        groups = self.round_groups()
        tied: tuple[int, ...] = ()
        if self.settle_winner() and len(groups[0]) > 1:
            tied = groups[0]
        elif self.settle_loser() and len(groups[-1]) > 1:
            tied = groups[-1]
        if tied:
            order = in_turn_order(tied, self.start, self.n)
            s = dataclasses.replace(self, passes=(*self.passes, (None,) * self.n), order=order, index=0)
            return dataclasses.replace(s, turn=s.new_turn(s.throw_off_limit())).reset_turn()
        need = self.marks_to_lose()
        if need <= 0:
            return dataclasses.replace(self, phase="over", decided=(self.round_no + 1, groups, None))
        loser = groups[-1][0] if len(groups) > 1 else None
        marks = list(self.marks)
        if loser is not None:
            marks[loser] += 1
        s = dataclasses.replace(self, marks=tuple(marks), decided=(self.round_no + 1, groups, loser))
        if loser is not None and marks[loser] >= need:
            return dataclasses.replace(s, phase="over")  # the last round stays on the sheet as the running one
        played = tuple(
            (self.score_of(r), sh[1]) if r is not None and sh is not None else None
            for r, sh in zip(self.passes[0], self.shown, strict=True)
        )
        s = dataclasses.replace(s, past=(*self.past, (self.round_no + 1, played, loser)))
        nxt = (
            loser
            if loser is not None and getattr(self.rules, "next_start", "left") == "loser"
            else left_of(self.start, self.n)
        )
        return dataclasses.replace(s, round_no=self.round_no + 1).begin_round(nxt)

    # --- node kind -------------------------------------------------------------------------------------------
    def to_move(self) -> int:
        if self.phase == "over":
            return TERMINAL
        if self.phase == "lot" or self.turn.throwing:
            return CHANCE
        return self.seat

    def legal_actions(self, player: int | None = None) -> Sequence[Action]:
        mover = self.to_move()
        if mover < 0 or (player is not None and player != mover):
            return ()
        cached = self.memo("_memo_legal")
        if cached is not None:
            return cached  # type: ignore[no-any-return]
        if self.pending_decision():
            out: tuple[Action, ...] = self.turn_actions()
        else:
            out = (Stop(), *self.turn_actions()) if self.turn.may_rethrow() else ()
        return self.remember("_memo_legal", out)  # type: ignore[no-any-return]

    def _apply_action(self, action: Action, player: int) -> State:
        if isinstance(action, Stop):
            return self.end_turn()
        return self.apply_turn_action(action)

    def explain_illegal(self, action: Action, player: int) -> None:
        if isinstance(action, Keep) and not self.pending_decision():
            refused = self.turn.refusal(action.dice, self.keep_rules())
            if refused is not None:
                raise refused[1]

    def keep_rules(self) -> Any:
        raise NotImplementedError

    def after_throw(self) -> HandRoundState:
        """The dice fell: the turn ends at the limit (unless a decision is due first)."""
        if not self.turn.may_rethrow() and not self.pending_decision():
            return self.end_turn()
        return self

    # --- chance ----------------------------------------------------------------------------------------------
    def chance_outcomes(self) -> Sequence[tuple[Outcome, Fraction]]:
        if self.phase == "lot":
            return lot_outcomes(self.n)
        if self.phase == "play" and self.turn.throwing:
            return throw_outcomes(self.turn.to_throw())
        return ()

    def dice_to_throw(self) -> int:
        return self.turn.to_throw() if self.phase == "play" and self.turn.throwing else 0

    def thrower(self) -> int | None:
        return self.seat if self.phase == "play" and self.turn.throwing else None

    def throw_follows(self, after_own_move: bool) -> bool:
        """A rethrow follows the keep at once; a turn's first throw waits for its thrower."""
        return after_own_move and self.turn.throws > 0

    def dice_standing(self) -> Multiset:
        return self.turn.standing() if self.phase == "play" and self.turn.throwing else ()

    def _apply_outcome(self, outcome: Outcome) -> State:
        if isinstance(outcome, Lot):
            return self.begin_round(outcome.seat)
        if isinstance(outcome, Void):
            return self
        assert isinstance(outcome, Roll)
        s = dataclasses.replace(self, turn=self.turn.thrown(outcome.dice))
        return s.note_throw(len(outcome.dice)).after_throw()

    def note_throw(self, k: int) -> HandRoundState:
        """Count ``k`` dice thrown (games that read the dice rolled keep them)."""
        return self

    # --- results ---------------------------------------------------------------------------------------------
    def scores(self) -> tuple[float, ...]:
        """Bierdeckel where the game has them (fewer is better), else the hand's main value this round."""
        if self.marks_to_lose() > 0:
            return tuple(float(m) for m in self.marks)
        return (
            tuple(float(self.score_of(r)) if r is not None else 0.0 for r in self.passes[0])
            if self.passes
            else (0.0,) * self.n
        )

    def score_of(self, result: tuple[int, ...]) -> int:
        """The number shown as a seat's score for its result (default: the result's first entry)."""
        return result[0]

    def lower_is_better(self) -> bool:
        return self.marks_to_lose() > 0

    def ranking(self) -> tuple[tuple[int, ...], ...]:
        if self.phase != "over":
            return ()
        if self.marks_to_lose() > 0:
            return ranking_groups([(m,) for m in self.marks], lower_is_better=True)
        return self.round_groups()

    # --- information -----------------------------------------------------------------------------------------
    def view(self, player: int | None) -> JSON:
        out: JSON = {
            "game": self.id,
            "to_move": self.to_move(),
            "scores": list(self.scores()),
            "round": self.round_no + 1,
            "start": self.start,
            "seat": self.seat,
            "dice": list(self.turn.dice),
            "kept": list(self.turn.kept) if self.turn.kept is not None else None,
            "frozen": list(self.turn.frozen),
            "throws": self.turn.throws,
            "limit": self.turn.limit,
            "results": [list(r) if r is not None else None for r in self.passes[0]] if self.passes else [],
            "throw_off": len(self.passes) - 1 if self.passes else 0,
        }
        if self.marks_to_lose() > 0:
            out["marks"] = list(self.marks)
            out["marks_to_lose"] = self.marks_to_lose()
        if self.phase == "over":
            out["ranking"] = [p for g in self.ranking() for p in g]
            out["losers"] = list(self.losers())
        out.update(self.view_extra(player))
        return out

    def view_extra(self, player: int | None) -> JSON:
        return {}

    def message(self) -> cmp.Phrase | None:
        if self.phase == "over":
            return cmp.Phrase(N_("The game is over."))
        if self.phase == "play" and self.in_throw_off:
            return cmp.Phrase(THROW_OFF_MSG, {"k": len(self.passes) - 1})
        return None

    def cell(self, p: int) -> Any:
        """The sheet's cell of seat ``p`` for this round: its hand's score and throws (None: not played yet)."""
        shown = self.shown[p] if self.shown else None
        result = self.passes[0][p]
        if shown is None or result is None:
            return None
        return self.hand_cell(self.score_of(result), shown[1])

    @staticmethod
    def hand_cell(points: int, throws: int) -> Any:
        """A hand on the sheet: its score and the throws it took."""
        return cmp.Phrase(
            N_("{points} in {throws} throw"),
            {"points": points, "throws": throws},
            plural="{points} in {throws} throws",
            count="throws",
        )

    def past_rows(self) -> list[cmp.SheetRow]:
        """The settled rounds (:attr:`past`), each a row of the sheet; the seat that took the Bierdeckel marked."""
        rows = []
        for k, played, loser in self.past:
            cells = []
            for p, hand in enumerate(played):
                cell = self.hand_cell(*hand) if hand is not None else None
                cells.append(marked(cell) if p == loser else cell)
            rows.append(cmp.SheetRow(cmp.Phrase(ROUND_POINTS, {"k": k}), tuple(cells), key=f"round-{k}"))
        return rows

    def running_cells(self) -> tuple[Any, ...]:
        """The running round's cells; once the match is over it is the round that ended it, and its loser's cell
        carries the mat as every settled round's does (it lacked it: "Bierdeckel 0 1 3" at the foot of a sheet
        whose last round showed no mat)."""
        cells = [self.cell(p) for p in range(self.n)]
        if self.phase == "over" and self.decided is not None and self.decided[0] == self.round_no + 1:
            loser = self.decided[2]
            if loser is not None:
                cells[loser] = marked(cells[loser])
        return tuple(cells)

    def components(self, player: int | None) -> tuple[Any, ...]:
        scores = self.scores()
        playing = self.phase == "play"
        seats = cmp.Seats(
            tuple(
                cmp.SeatLine(
                    seat=p,
                    score=scores[p],
                    active=playing and p == self.seat,
                    finished=self.phase == "over" and p in self.winners(),
                )
                for p in range(self.n)
            ),
            lower_is_better=self.lower_is_better(),
            label=cmp.Phrase(MARKS_ROW) if self.marks_to_lose() > 0 else None,
        )
        goal = self.goal()
        out: list[Any] = [*((goal,) if goal is not None else ()), seats]
        rows = self.past_rows()
        if self.passes:
            rows.append(cmp.SheetRow(cmp.Phrase(ROUND_POINTS, {"k": self.round_no + 1}), self.running_cells()))
            for k, row in enumerate(self.passes[1:]):
                rows.append(
                    cmp.SheetRow(
                        cmp.Phrase(THROW_OFF_ROW, {"k": k + 1}),
                        tuple(self.score_of(r) if r is not None else None for r in row),
                    )
                )
        if self.marks_to_lose() > 0:
            rows.append(cmp.SheetRow(cmp.Phrase(MARKS_ROW), tuple(self.marks), total=True))
        if rows:
            out.append(
                cmp.Sheet(
                    columns=("",) * self.n,  # each column is headed by its seat's name ("… 2" read like a score)
                    rows=tuple(rows),
                    column_seats=tuple(range(self.n)),
                )
            )
        if playing and self.turn.dice:
            out.append(dice_component(self.turn.dice, self.turn.kept, face=self.dice_face(), seat=self.seat))
        if playing:
            # The one count of the turn's throws (web B6: a seat note "throw 3 of at most 3" beside "2 / 3 throws"
            # counted the throw to come against the throws made).
            out.append(cmp.Counter(self.turn.throws, target=self.turn.limit, label=cmp.Phrase(THROWS_ROW)))
        out.extend(self.extra_components())
        msg = self.message()
        if msg is not None:
            out.append(cmp.Message(msg))
        return tuple(out)

    def extra_components(self) -> tuple[Any, ...]:
        return ()

    def goal(self) -> cmp.Goal | None:
        """What the game plays to and where it stands, drawn first on the felt (issue 24); None: nothing."""
        return None

    def announcements(self, event: Action | Outcome, player: int | None, after: State) -> tuple[cmp.Phrase, ...]:
        """A round settled (who won it, who takes a Bierdeckel and whether it loses him the match, the next round and
        its first player), a void round, a throw-off and why. Everything told is on every seat's sheet."""
        if not isinstance(after, HandRoundState) or self.phase != "play":
            return ()
        out: list[cmp.Phrase] = []
        if after.decided is not None and after.decided != self.decided:
            k, groups, loser = after.decided
            if not groups:
                out.append(cmp.Phrase(VOID_ROUND_MSG))
            else:
                out.append(narration.won(groups[0], k if self.marks_to_lose() > 0 else None))
                if loser is not None:
                    out.append(
                        cmp.Phrase(
                            GETS_MARK,
                            {"name": cmp.SeatRef(loser), "marks": after.marks[loser], "need": self.marks_to_lose()},
                        )
                    )
                    if after.phase == "over":
                        out.append(cmp.Phrase(narration.LOST, {"names": cmp.SeatRef(loser)}))
            if after.phase == "play" and groups:
                out.append(cmp.Phrase(narration.NEW_ROUND, {"k": after.round_no + 1, "name": cmp.SeatRef(after.start)}))
        elif after.phase == "play" and len(after.passes) > len(self.passes):
            tied = after.order
            again = self.in_throw_off and set(tied) <= set(self.order)
            out.append(narration.throw_off(tied, first=set(tied) == set(after.round_groups()[0]), again=again))
        return tuple(out)

    # --- exact solving -----------------------------------------------------------------------------------------
    def extra_key(self) -> Hashable:
        """The game's own fields the rest of the game reads (for :meth:`solver_key`)."""
        return ()

    def solver_key(self) -> Hashable:
        """The state without what is only shown (the finished hands' dice, the round's number) and, while dice are
        thrown, without the hand the standing dice came from (the throw replaces it: :meth:`KeepTurn.thrown` reads
        only the standing dice; free keeps leave no frozen dice that matter); in a throw-off the earlier passes only
        by the order they put the seats in (:func:`~wuerfel.games.kit.solverkeys.dense_ranks`: a throw-off that
        ties again comes back to the same key instead of growing the history); in the lot and at the end only what
        the rest reads. A void round played again comes back to the key of its start. Seats are never
        relabelled."""
        if self.phase != "play":
            return (self.phase, self.start, self.marks, self.ranking() if self.phase == "over" else ())
        t = self.turn
        frozen = t.frozen if self.keep_rules().frozen else ()
        turn = (t.limit, t.throws, t.kept, frozen) if t.throwing else (t.limit, t.throws, t.dice, frozen)
        passes: Hashable = self.passes
        if self.in_throw_off:
            passes = (dense_ranks(self.round_results_before()), self.passes[-1])
        return (self.start, self.order, self.index, turn, self.limit, passes, self.marks, self.extra_key())


@cache
def float_rolls(k: int) -> tuple[tuple[Multiset, float], ...]:
    """Every throw of ``k`` dice with its probability as a float: what the hand-round games' turn solvers (numpy
    inductions) sum over, converted from the exact distribution once per count for all of them."""
    return tuple((d, float(p)) for d, p in roll_distribution(k))


class MenuValueBot(ValueBot):
    """A hand-round game's optimal bot where the game rates every legal move (:meth:`values`: a chance to win the
    round): the best move, a tie going to the move listed first — the menu lists stopping before a rethrow, so a tie
    stops with fewer throws (the kit's :class:`~.hints.ValueBot`). Chicago and Sequenzen subclass it with their
    state class and their values, so their bots cannot differ in how they break a tie."""

    def tie_break(self, state: Any, player: int) -> Callable[[Action], Any]:
        order = {a: i for i, a in enumerate(state.legal_actions(player))}
        return lambda a: -order[a]


def new_state(cls: type[HandRoundState], game: Game) -> HandRoundState:
    """The initial state of a hand-round game: the lot (G3) unless the rules say seat 1 begins."""
    state = cls(game)
    return state.initial(lot=getattr(game.rules, "start", "lot") == "lot")
