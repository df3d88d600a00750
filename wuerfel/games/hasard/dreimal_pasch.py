"""Dreimal Pasch (Hasard game 24): six dice, three throws, as many pairs as possible.

"Jeder Spieler hat 3 Würfe hintereinander. Ziel ist es, möglichst dreimal Pasch zu erreichen. Beim zweiten und
dritten Wurf darf man 2 bis 5 Würfel "stehen" lassen. Gewonnen hat, wer die meisten Paare werfen konnte. Bei gleicher
Pasch-Anzahl entscheiden die geworfenen Augen."

A hand game on the kit (:mod:`wuerfel.games.kit.hands`) whose turn is the kit's keep turn
(:class:`~wuerfel.games.kit.keeps.KeepTurn`). Resolutions (spec 24): before the second and third throw 2 to 5 dice
may stand, or none (all six again); keeping exactly one is not allowed; keeps are free (a die left standing may be
thrown again later); the player may stop early. The score is the number of pairs, Σ ⌊count/2⌋ (four alike are two
pairs, a triple one, six alike three); equal pairs are decided by the higher pip sum of the six dice, still equal by
a throw-off (one full turn each). Options: the throws, the keep range, whether the first player's throws bind the
others (the text says every player has three: off).

Optimal play: one turn is a small exact DP over the 462 throws of six dice and their keeps (:func:`turn_tables`,
numpy, for many worths of the final hand at once): alone the expected number of pairs, against others the chance to
win (``optimal`` bot, hints).
"""

from __future__ import annotations

import dataclasses
import time
from collections import Counter
from collections.abc import Callable, Sequence
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, Literal

from wuerfel.engine import counts
from wuerfel.engine.components import Goal, Phrase, resolve
from wuerfel.engine.dice import Multiset, roll_distribution, sort_dice, sub_multisets
from wuerfel.engine.errors import N_, IllegalAction
from wuerfel.engine.game import Action, Game, State
from wuerfel.engine.registry import GameInfo, register
from wuerfel.engine.rules import label_options, opt, require
from wuerfel.games.hasard.explain import dreimal_pasch as explained
from wuerfel.games.kit import START_NAME, START_WORDS, start_option
from wuerfel.games.kit.hands import (
    BestValueAdvisor,
    BestValueBot,
    HandGame,
    HandState,
    Result,
    Stop,
    parse_throw_or_stop,
    tie_fixed_point,
)
from wuerfel.games.kit.keeps import Keep, KeepRules, KeepTurn, describe_keep, keep_from_id, keep_id, parse_keep
from wuerfel.games.kit.rounds import SETTLE_LOSER_NAME, settle_loser_option

if TYPE_CHECKING:  # numpy only where the tables are built: the game and its other bots play without it
    import numpy as np

DICE = 6


@dataclasses.dataclass(frozen=True)
class DreimalPaschRules:
    """Options of Dreimal Pasch; every default is the text or the spec's resolution."""

    max_throws: int = opt(3, de="Würfe je Spieler (Text: 3)", en="Throws per player (text: 3)", low=1, high=6)
    min_keep: int = opt(
        2,
        de="Mindestens so viele Würfel bleiben beim Nachwerfen stehen (Text: 2; alle neu werfen ist immer erlaubt)",
        en="Fewest dice left standing at a rethrow (text: 2; throwing all again is always allowed)",
        low=1,
        high=5,
    )
    max_keep: int = opt(
        5,
        de="Höchstens so viele Würfel bleiben stehen (Text: 5)",
        en="Most dice left standing at a rethrow (text: 5)",
        low=1,
        high=5,
    )
    inherit_limit: bool = opt(
        False,
        de="Die Würfe des ersten Spielers sind die Höchstzahl der anderen (Text: nein, jeder hat 3 Würfe)",
        en="The first player's throws are the others' limit (text: no, everyone has 3)",
    )
    settle_loser: bool = settle_loser_option()
    start: Literal["lot", "first_seat"] = start_option()

    def validate(self) -> None:
        require(
            self.min_keep <= self.max_keep, "min_keep/max_keep", "min_keep ≤ max_keep", (self.min_keep, self.max_keep)
        )


label_options(
    DreimalPaschRules,
    {
        "max_throws": ("Würfe je Spieler", "Throws per player"),
        "min_keep": ("Mindestens stehen lassen", "Fewest dice to keep"),
        "max_keep": ("Höchstens stehen lassen", "Most dice to keep"),
        "inherit_limit": ("Würfe des ersten gelten für alle", "First player's throws bind all"),
        "settle_loser": SETTLE_LOSER_NAME,
        "start": START_NAME,
    },
    {"start": START_WORDS},
)


def pairs(dice: Sequence[int]) -> int:
    """Σ ⌊count/2⌋ over the faces: four alike are two pairs, a triple one, six alike three ("dreimal Pasch")."""
    return sum(k // 2 for k in Counter(dice).values())


def result_of(dice: Sequence[int]) -> Result:
    """(pairs, pip sum): more pairs first, then the higher pips ("entscheiden die geworfenen Augen")."""
    return (pairs(dice), sum(dice))


@cache
def keep_rules(min_keep: int, max_keep: int) -> KeepRules:
    return KeepRules(DICE, min_keep=min_keep, max_keep=max_keep, rethrow_all=True)


@dataclasses.dataclass(frozen=True)
class PaschTurn:
    """The kit's keep turn and whether the player has stopped."""

    keep: KeepTurn
    done: bool = False


@dataclasses.dataclass(frozen=True)
class DreimalPaschState(HandState):
    id: ClassVar[str] = "dreimal-pasch"

    def max_throws(self) -> int:
        return int(self.rules.max_throws)

    def inherit_limit(self) -> bool:
        return bool(self.rules.inherit_limit)

    def keep_rules(self) -> KeepRules:
        return keep_rules(self.rules.min_keep, self.rules.max_keep)

    def new_turn(self, limit: int) -> PaschTurn:
        return PaschTurn(KeepTurn(limit=limit, n=DICE))

    def turn_dice_to_throw(self, turn: Any) -> int:
        if turn is None or turn.done or not turn.keep.throwing:
            return 0
        return int(turn.keep.to_throw())

    def turn_thrown(self, turn: Any, dice: tuple[int, ...]) -> PaschTurn:
        kt = turn.keep.thrown(dice)
        return PaschTurn(kt, done=kt.throws >= kt.limit)

    def turn_actions(self, turn: Any) -> tuple[Action, ...]:
        if turn.done or turn.keep.throwing:
            return ()
        return (Stop(), *turn.keep.keep_actions(self.keep_rules(), menu=True))

    def turn_moved(self, turn: Any, action: Action) -> PaschTurn:
        if isinstance(action, Keep):
            return PaschTurn(turn.keep.keep(action.dice, self.keep_rules(), checked=False))
        return dataclasses.replace(turn, done=True)

    def turn_over(self, turn: Any) -> bool:
        return bool(turn.done)

    def turn_result(self, turn: Any) -> Result:
        return result_of(turn.keep.dice)

    def turn_throws(self, turn: Any) -> int:
        return int(turn.keep.throws)

    def turn_standing(self, turn: Any) -> tuple[int, ...]:
        return turn.keep.standing() if turn.keep.throws else ()

    def turn_dice(self, turn: Any) -> tuple[tuple[int, ...], tuple[int, ...] | None]:
        kt = turn.keep
        return kt.dice, (kt.kept if kt.throwing and kt.throws else None)

    def turn_key(self, turn: Any) -> Any:
        """The dice, the ones standing, the throws and the limit (the kit's turn without its "fresh" flag, which no
        rule here reads), and whether the player stopped."""
        if turn is None:
            return None
        kt = turn.keep
        return (kt.dice, kt.kept, kt.throws, kt.limit, turn.done)

    def turn_note(self, turn: Any) -> Any:
        kt = turn.keep
        return Phrase(
            N_("throw {throws} of {limit}, {pairs} pair"),
            {"throws": kt.throws, "limit": kt.limit, "pairs": pairs(kt.dice)},
            plural="throw {throws} of {limit}, {pairs} pairs",
            count="pairs",
        )

    def goal(self) -> Goal:
        return explained.goal(self.rules)

    def score(self, result: Result) -> float:
        return float(result[0])

    def result_phrase(self, result: Result) -> Any:
        return Phrase(N_("{pairs}, {pips}"), {"pairs": counts.pairs(result[0]), "pips": counts.pips(result[1])})

    def refuse(self, action: Action) -> None:
        if isinstance(action, Keep):
            refused = self.turn.keep.refusal(action.dice, self.keep_rules())
            if refused is not None:
                raise refused[1]
        raise IllegalAction(N_("Leave dice standing and throw the others, or stop."))

    def parse_action_text(self, text: str, player: int) -> Action:
        """ "stop" stops; dice ("3 3 5 5", "behalte 3355") keep those; "alle" throws all six again."""
        a = parse_throw_or_stop(text)
        if isinstance(a, Stop):
            return a
        keep = parse_keep(text)
        if keep is None:
            raise IllegalAction(N_("Type the dice to leave standing (e.g. 3 3 5 5), 'alle' or 'stop'."))
        return keep

    def describe_action(self, action: Action, lang: str = "de") -> str:
        if isinstance(action, Keep):
            return describe_keep(action.dice, DICE, lang)
        if isinstance(action, Stop) and self.turn is not None:
            r = result_of(self.turn.keep.dice)
            stop = Phrase(N_("stop: {pairs}, {pips}"), {"pairs": counts.pairs(r[0]), "pips": counts.pips(r[1])})
            return resolve(stop, lang)
        return super().describe_action(action, lang)

    def view(self, player: int | None) -> dict[str, Any]:
        v = super().view(player)
        if self.phase == "turn" and self.turn is not None:
            kt = self.turn.keep
            v.update(turn_dice=list(kt.dice), kept=None if kt.kept is None else list(kt.kept), throws=kt.throws)
        return v


class DreimalPaschGame(HandGame):
    id = "dreimal-pasch"
    state_class = DreimalPaschState
    action_classes = (Stop, Keep)

    def action_universe(self) -> tuple[Action, ...]:
        """Every concrete action: stop, or a keep of up to five dice (the keeps the ids decode)."""
        from wuerfel.games.kit.keeps import keep_universe

        return (Stop(), *keep_universe(DICE - 1))

    def action_id(self, action: Action) -> int:
        if isinstance(action, Stop):
            return 0
        if isinstance(action, Keep):
            return 1 + keep_id(action.dice)
        raise IllegalAction(N_("That move is not allowed now."))

    def action_from_id(self, action_id: int) -> Action:
        if action_id == 0:
            return Stop()
        try:
            return Keep(keep_from_id(action_id - 1, DICE - 1))
        except ValueError as exc:
            raise IllegalAction(N_("That move is not allowed now.")) from exc


# --- optimal play -------------------------------------------------------------------------------------------------
@dataclasses.dataclass(frozen=True)
class Space:
    """The 462 throws of six dice, their results, and per keep the throws it leads to with their chances."""

    rolls: tuple[Multiset, ...]
    index: dict[Multiset, int]
    results: tuple[Result, ...]
    keeps: tuple[Multiset, ...]
    keep_index: dict[Multiset, int]
    targets: np.ndarray
    """(keeps × rolls): the chance that keeping k and throwing the rest gives roll r."""
    legal: tuple[tuple[int, ...], ...]
    """Per roll, the keeps (indexes) a rethrow allows."""


@cache
def space(min_keep: int, max_keep: int) -> Space:
    import numpy as np

    rolls = tuple(d for d, _ in roll_distribution(DICE))
    index = {d: i for i, d in enumerate(rolls)}
    rules = keep_rules(min_keep, max_keep)
    keeps = tuple(
        sorted({k for d in rolls for k in sub_multisets(d) if rules.allows_size(len(k))}, key=lambda k: (len(k), k))
    )
    keep_index = {k: i for i, k in enumerate(keeps)}
    targets = np.zeros((len(keeps), len(rolls)))
    for ki, k in enumerate(keeps):
        for d, p in roll_distribution(DICE - len(k)):
            targets[ki, index[sort_dice(k + d)]] += float(p)
    legal = tuple(tuple(keep_index[k] for k in sub_multisets(d) if rules.allows_size(len(k))) for d in rolls)
    return Space(rolls, index, tuple(result_of(d) for d in rolls), keeps, keep_index, targets, legal)


@dataclasses.dataclass(frozen=True)
class TurnTables:
    """The best play of a turn for several worths of the final hand at once (columns)."""

    space: Space
    stop: tuple[np.ndarray, ...]
    """Per throws used t (index t − 1): rolls × worths, the value of stopping with that roll."""
    keep: tuple[np.ndarray, ...]
    """Per throws used t (index t − 1, t < limit): keeps × worths, the value of keeping k before throw t + 1."""
    start: np.ndarray
    """The value of the turn before its first throw, per worth."""

    def values(self, dice: Multiset, throws: int, col: int = 0) -> dict[Action, float]:
        i = self.space.index[dice]
        out: dict[Action, float] = {Stop(): float(self.stop[throws - 1][i, col])}
        if throws - 1 < len(self.keep):
            for k in self.space.legal[i]:
                out[Keep(self.space.keeps[k])] = float(self.keep[throws - 1][k, col])
        return out


@cache
def legal_index(min_keep: int, max_keep: int) -> np.ndarray:
    """(rolls × most keeps): the keeps a rethrow allows per roll (``Space.legal``), padded with the index one past
    the last keep, so one gather finds every roll's best keep (a Python loop over the 462 rolls was most of the time
    of a table: issue 13)."""
    import numpy as np

    sp = space(min_keep, max_keep)
    width = max(len(legal) for legal in sp.legal)
    out = np.full((len(sp.rolls), max(width, 1)), len(sp.keeps), dtype=np.int64)
    for i, legal in enumerate(sp.legal):
        out[i, : len(legal)] = legal
    return out


def turn_tables(limit: int, min_keep: int, max_keep: int, worth: Callable[[int], np.ndarray]) -> TurnTables:
    """Backward induction over the throws: ``worth(t)`` is the (rolls × worths) value of stopping after throw t.
    After the last throw the turn stops; before it the player stops or keeps what is best."""
    import numpy as np

    sp = space(min_keep, max_keep)
    stops = [worth(t) for t in range(1, limit + 1)]
    keeps: list[np.ndarray] = []
    best = stops[-1]
    for t in range(limit - 1, 0, -1):
        keep_value = sp.targets @ best  # keeps × worths: throw the rest, then play on from throw t + 1
        keeps.append(keep_value)
        # the best allowed keep of every roll at once: a gather over the padded keep lists (a row of -inf pads)
        padded = np.vstack([keep_value, np.full((1, keep_value.shape[1]), -np.inf)])
        best = np.maximum(stops[t - 1], padded[legal_index(min_keep, max_keep)].max(axis=1))
    keeps.reverse()
    first = sp.targets[sp.keep_index[()]] @ best
    return TurnTables(sp, tuple(stops), tuple(keeps), first)


@cache
def solo_tables(limit: int, min_keep: int, max_keep: int) -> TurnTables:
    import numpy as np

    sp = space(min_keep, max_keep)
    pairs_col = np.array([[float(r[0])] for r in sp.results])
    return turn_tables(limit, min_keep, max_keep, lambda t: pairs_col)


def solve_solo(rules: Any, rules_id: str, fresh: bool = False) -> Any:
    """``wuerfel solve dreimal-pasch``: the expected number of pairs of one turn played alone at its best."""
    from wuerfel.solvers.api import SolveResult

    if fresh:
        for f in (solo_tables, space, legal_index, beat_tables, duel_value, duel_tables, many_tables):
            f.cache_clear()
    t0 = time.perf_counter()
    value = float(solo_tables(rules.max_throws, rules.min_keep, rules.max_keep).start[0])
    return SolveResult(
        game="dreimal-pasch",
        rules=rules_id,
        objective="solo",
        value=value,
        seconds=time.perf_counter() - t0,
        value_of=N_("the expected number of pairs of one turn played alone at its best"),
    )


@cache
def all_results(min_keep: int, max_keep: int) -> tuple[Result, ...]:
    return tuple(sorted(set(space(min_keep, max_keep).results)))


@cache
def beat_tables(limit: int, min_keep: int, max_keep: int, tie: float) -> tuple[TurnTables, dict[Result, int]]:
    """For every possible result r at once (a column each): the best play to beat r, a tie worth ``tie``."""
    import numpy as np

    sp = space(min_keep, max_keep)
    res = all_results(min_keep, max_keep)
    col = {r: j for j, r in enumerate(res)}
    mine = np.array([[1.0 if a > r else tie if a == r else 0.0 for r in res] for a in sp.results])
    return turn_tables(limit, min_keep, max_keep, lambda t: mine), col


def beat_chance(limit: int, min_keep: int, max_keep: int, tie: float) -> dict[Result, float]:
    tables, col = beat_tables(limit, min_keep, max_keep, tie)
    return {r: float(tables.start[j]) for r, j in col.items()}


@cache
def duel_value(limit: int, min_keep: int, max_keep: int) -> float:
    """Two players (no inherited limit), both at their best: the first player's chance to win, the fixed point
    ``W = max E[1 − P(second beats r) − P(tie | r)(1 − W)]`` (a tie is thrown off by the same two in the same
    order: the same game again), by secant steps as in Quinze."""

    def f(w: float) -> float:
        return float(duel_tables(limit, min_keep, max_keep, w).start[0])

    return tie_fixed_point(f, 1e-12)


def solve_two_players(rules: Any, rules_id: str, fresh: bool = False) -> Any:
    """``wuerfel solve dreimal-pasch --players 2``: each seat's exact chance when both play to win — the duel's
    fixed point (:func:`duel_value`) over the tables of every result at once, where the generic solver would walk
    every first result times every throw of six dice. None with ``inherit_limit`` (the duel's tables give both
    players the full limit): the generic solver is then the one to ask."""
    from wuerfel.solvers.two_player import TwoPlayerResult, seat_chances

    if rules.inherit_limit:
        return None
    if fresh:
        for f in (space, legal_index, beat_tables, duel_value, duel_tables):
            f.cache_clear()
    t0 = time.perf_counter()
    first = duel_value(rules.max_throws, rules.min_keep, rules.max_keep)
    sp = space(rules.min_keep, rules.max_keep)
    entries = len(sp.results) * len(all_results(rules.min_keep, rules.max_keep)) * rules.max_throws
    return TwoPlayerResult(
        game="dreimal-pasch",
        rules=rules_id,
        seat_wins=seat_chances(first, rules.start),
        first_player_wins=first,
        seconds=time.perf_counter() - t0,
        states=entries,
        method=N_(
            "the second player's best chance against every result of the first at once, the first's best "
            "play against it, a tie (the same game again) as a fixed point"
        ),
    )


@cache
def duel_tables(limit: int, min_keep: int, max_keep: int, w: float) -> TurnTables:
    """The first player's tables when a tie is worth ``w`` to him."""
    import numpy as np

    sp = space(min_keep, max_keep)
    beaten = beat_chance(limit, min_keep, max_keep, 1.0 - w)
    col = np.array([[1.0 - beaten[r]] for r in sp.results])
    return turn_tables(limit, min_keep, max_keep, lambda t: col)


def decision_values(state: DreimalPaschState, player: int) -> dict[Action, float]:
    """Every move's chance to win (two players: the exact duel; more: each later player assumed to play to beat
    the best so far, as in Quinze), or alone its expected number of pairs."""
    r = state.rules
    kt = state.turn.keep
    if state.n == 1:
        return solo_tables(kt.limit, r.min_keep, r.max_keep).values(kt.dice, kt.throws)
    rows = state.playoffs[-1] if state.playoffs else state.results
    before = [x for p in state.order[: state.index] if (x := rows[p]) is not None]
    later = len(state.order) - state.index - 1
    if state.n == 2 and len(state.order) == 2 and not r.inherit_limit:
        w = duel_value(kt.limit, r.min_keep, r.max_keep)
        if not before:
            return duel_tables(kt.limit, r.min_keep, r.max_keep, w).values(kt.dice, kt.throws)
        tables, col = beat_tables(kt.limit, r.min_keep, r.max_keep, 1.0 - w)
        return tables.values(kt.dice, kt.throws, col[before[0]])
    best = max(before, default=None)
    tied = sum(1 for x in before if x == best)
    first_sets = bool(r.inherit_limit and state.index == 0)
    tables = many_tables(
        kt.limit, r.min_keep, r.max_keep, best, tied, later, None if first_sets else state.limit.limit()
    )
    return tables.values(kt.dice, kt.throws)


@cache
def many_tables(
    limit: int, min_keep: int, max_keep: int, best: Result | None, tied: int, later: int, later_limit: int | None
) -> TurnTables:
    """More players: a final hand is worth 0 below the best result thrown, a share where it ties it, and above it
    the chance that none of the ``later`` players beats it, each playing to beat it with ``later_limit`` throws
    (None: the throws this player uses, where the first player's throws bind the others). Built once per
    position kind and process."""
    import numpy as np

    sp = space(min_keep, max_keep)

    def worth(t: int) -> np.ndarray:
        beaten = beat_chance(later_limit or t, min_keep, max_keep, 0.5) if later else {}
        out = np.zeros((len(sp.results), 1))
        for i, res in enumerate(sp.results):
            if best is not None and res < best:
                continue
            share = 1.0 / (tied + 1) if best is not None and res == best else 1.0
            out[i, 0] = share * (1.0 - beaten[res]) ** later if later else share
        return out

    return turn_tables(limit, min_keep, max_keep, worth)


class DreimalPaschHeuristicBot:
    """Keeps the pairs it has (and a triple's pair), throws the rest again; stops at three pairs or when only a
    rethrow of the odd dice is left and it already has two pairs of high faces."""

    name = "heuristic"

    def __init__(self, game: Game, seed: int = 0) -> None:
        self.game = game

    def choose(self, state: State, player: int) -> Action:
        assert isinstance(state, DreimalPaschState)
        dice = state.turn.keep.dice
        legal = state.legal_actions(player)
        if pairs(dice) == 3 or len(legal) == 1:
            return Stop()
        c = Counter(dice)
        keep = sort_dice(f for f, k in c.items() for _ in range(2 * (k // 2)))
        a = Keep(keep)
        return a if a in legal else (Keep(()) if Keep(()) in legal else Stop())


class DreimalPaschOptimalBot(BestValueBot):
    """Maximises its chance to win (:func:`decision_values`): the exact duel with two players, against the results
    thrown with more, the expected pairs alone."""

    state_class = DreimalPaschState

    def values(self, state: DreimalPaschState, player: int) -> dict[Action, float]:
        return decision_values(state, player)


class DreimalPaschAdvisor(BestValueAdvisor):
    """Every move with its chance to win (alone: expected pairs) and its loss against the best."""

    state_class = DreimalPaschState
    solo_measure = N_("expected pairs (optimal play)")

    def values(self, state: DreimalPaschState, player: int) -> dict[Action, float]:
        return decision_values(state, player)


INFO = register(
    GameInfo(
        id="dreimal-pasch",
        family="six-dice",
        name_de="Dreimal Pasch",
        name_en="Three Doubles (Dreimal Pasch)",
        options_class=DreimalPaschRules,
        make=DreimalPaschGame,
        min_players=2,
        max_players=8,
        default_preset="dreimal-pasch",
        presets_dir=Path(__file__).parent / "presets" / "dreimal-pasch",
        locale_dir=Path(__file__).parent / "locale" / "dreimal-pasch",
        description_de="Sechs Würfel, drei Würfe: Wer die meisten Paare hat, gewinnt.",
        description_en="Six dice, three throws: whoever has the most pairs wins.",
        aliases=("dreimal_pasch",),
        bots={"heuristic": DreimalPaschHeuristicBot, "optimal": DreimalPaschOptimalBot},
        solver_bots=frozenset({"optimal"}),
        solvers={"solo": solve_solo},
        two_player_solver=solve_two_players,
        advisor=DreimalPaschAdvisor,
        default_bot="heuristic",
        explain=explained.explain,
        explain_quotes=("max_throws", "min_keep", "max_keep"),
    )
)
