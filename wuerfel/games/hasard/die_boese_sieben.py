"""Die böse Sieben (Hasard game 25): six dice; pairs that make seven are set aside, the rest thrown again.

"Es kommt darauf an, möglichst oft (maximal dreimal) je 2 Würfel zusammenzustellen, deren Augenzahlen zusammen 7
ergeben. Der erste Spieler wirft mit 6 Würfeln, kombiniert — wenn möglich — 2 Würfel zu einem Siebener und läßt sie
"stehen". Wahlweise wirft er mit den restlichen Würfeln ein zweites Mal, stellt wieder Siebener zusammen und wirft —
wenn nötig — noch ein drittes Mal. Dadurch hat er seinen Punktwert bestimmt und außerdem vorgegeben, wie oft seine
Gegenspieler maximal würfeln dürfen. … Am höchsten zählt dreimal die Sieben, dann zweimal die Sieben plus 12 Augen,
dann zweimal die Sieben plus 11 Augen usw. Haben 2 oder mehrere Spieler gleich viel geworfen, wird die Entscheidung
durch einen weiteren Wurf herbeigeführt."

A hand game on the kit (:mod:`wuerfel.games.kit.hands`). Resolutions (spec 25): every seven a throw can form is set
aside at once (the pairs are 1+6, 2+5, 3+4, so the most is unique; option: one per throw), the other dice are all
thrown again or the turn stops; the result is (sevens, pips of the dice not set aside), compared in that order; the
first player's throws are the others' limit (option); tied players each make one throw of six dice without
rethrow, ranked alike, again while tied. The score shown and solved for is ``100 × sevens + pips`` (2 sevens and
12 pips: 212), which orders results exactly as the book does.

Optimal play: a turn depends only on the sevens, the pips left and the throws (the dice not set aside are all thrown
again or all counted), so :func:`turn_values` is a small exact DP under any worth of the final result: alone the
expected score, against others the chance to win (``optimal`` bot, hints).
"""

from __future__ import annotations

import dataclasses
import time
from collections import Counter
from collections.abc import Callable, Sequence
from fractions import Fraction
from functools import cache
from pathlib import Path
from typing import Any, ClassVar, Literal

from wuerfel.engine import counts
from wuerfel.engine.components import Goal, Phrase
from wuerfel.engine.dice import roll_distribution
from wuerfel.engine.errors import N_
from wuerfel.engine.game import Action, Game, State
from wuerfel.engine.registry import GameInfo, register
from wuerfel.engine.rules import label_options, opt
from wuerfel.games.hasard.explain import die_boese_sieben as explained
from wuerfel.games.kit import START_NAME, START_WORDS, start_option
from wuerfel.games.kit.hands import (
    BestValueAdvisor,
    BestValueBot,
    HandGame,
    Result,
    Stop,
    ThrowOn,
    ThrowOnState,
)
from wuerfel.games.kit.rounds import SETTLE_LOSER_NAME, settle_loser_option

DICE = 6
MOST = 3


@dataclasses.dataclass(frozen=True)
class BoeseSiebenRules:
    """Options of Die böse Sieben; every default is the text or the spec's resolution."""

    max_throws: int = opt(
        3,
        de="Würfe des ersten Spielers höchstens (Text: 3)",
        en="Most throws of the first player (text: 3)",
        low=1,
        high=10,
    )
    inherit_limit: bool = opt(
        True,
        de="Die Würfe des ersten Spielers sind die Höchstzahl der anderen (Text)",
        en="The first player's throws are the others' limit (text)",
    )
    per_throw: Literal["all", "one"] = opt(
        "all",
        de="Siebener je Wurf: alle, die sich bilden lassen, oder einer",
        en="Sevens per throw: all that can be formed, or one",
    )
    throw_off_throws: int = opt(
        1,
        de="Würfe in der Stichrunde (ein Wurf mit sechs Würfeln, ohne Nachwerfen)",
        en="Throws in a throw-off (one throw of six dice, no rethrow)",
        low=1,
        high=10,
    )
    settle_loser: bool = settle_loser_option()
    start: Literal["lot", "first_seat"] = start_option()


label_options(
    BoeseSiebenRules,
    {
        "max_throws": ("Würfe höchstens", "Most throws"),
        "inherit_limit": ("Würfe des ersten gelten für alle", "First player's throws bind all"),
        "per_throw": ("Siebener je Wurf", "Sevens per throw"),
        "throw_off_throws": ("Würfe in der Stichrunde", "Throws in a throw-off"),
        "settle_loser": SETTLE_LOSER_NAME,
        "start": START_NAME,
    },
    {
        "per_throw": {"all": ("alle möglichen", "all possible"), "one": ("einer", "one")},
        "start": START_WORDS,
    },
)


def form_sevens(dice: Sequence[int], room: int = MOST, per_throw: str = "all") -> tuple[int, tuple[int, ...]]:
    """The sevens a throw forms (at most ``room``; one with ``per_throw = "one"``) and the dice left (sorted). A die
    pairs only with its complement (1+6, 2+5, 3+4), so the most sevens is unique; which pair goes first never
    matters (every seven takes 7 pips)."""
    c = Counter(dice)
    left = list(dice)
    formed = 0
    cap = min(room, 1 if per_throw == "one" else room)
    for a in (1, 2, 3):
        while formed < cap and c[a] and c[7 - a]:
            c[a] -= 1
            c[7 - a] -= 1
            left.remove(a)
            left.remove(7 - a)
            formed += 1
    return formed, tuple(sorted(left))


@dataclasses.dataclass(frozen=True)
class SiebenTurn:
    """One turn: sevens set aside, the dice left after the last throw, throws used of ``limit``, and whether a
    throw is due, the player decides, or the turn is over."""

    limit: int
    sevens: int = 0
    rest: tuple[int, ...] = ()
    throws: int = 0
    step: Literal["throw", "decide", "done"] = "throw"
    aside: tuple[int, ...] = ()
    """The dice of the sevens set aside (shown; the solver's key keeps only their number)."""


def score_of(result: Result) -> int:
    return 100 * result[0] + result[1]


@dataclasses.dataclass(frozen=True)
class BoeseSiebenState(ThrowOnState):
    id: ClassVar[str] = "die-boese-sieben"

    def max_throws(self) -> int:
        return int(self.rules.max_throws)

    def inherit_limit(self) -> bool:
        return bool(self.rules.inherit_limit)

    def throw_off_max(self) -> int:
        return int(self.rules.throw_off_throws)

    def new_turn(self, limit: int) -> SiebenTurn:
        return SiebenTurn(limit)

    def turn_dice_to_throw(self, turn: Any) -> int:
        return DICE - 2 * turn.sevens if turn is not None and turn.step == "throw" else 0

    def turn_thrown(self, turn: Any, dice: tuple[int, ...]) -> SiebenTurn:
        formed, rest = form_sevens(dice, MOST - turn.sevens, self.rules.per_throw)
        sevens, throws = turn.sevens + formed, turn.throws + 1
        done = sevens >= MOST or throws >= turn.limit
        aside = list(dice)
        for d in rest:
            aside.remove(d)
        return dataclasses.replace(
            turn,
            sevens=sevens,
            rest=rest,
            throws=throws,
            aside=(*turn.aside, *sorted(aside)),
            step="done" if done else "decide",
        )

    def turn_result(self, turn: Any) -> Result:
        return (turn.sevens, sum(turn.rest))

    def turn_key(self, turn: Any) -> Any:
        """The sevens, the pips of the dice left (they are all thrown again or all counted: which faces they show
        is only shown), the throws and the limit, and the step."""
        if turn is None:
            return None
        return (turn.limit, turn.sevens, sum(turn.rest) if turn.step != "throw" else None, turn.throws, turn.step)

    def turn_dice(self, turn: Any) -> tuple[tuple[int, ...], tuple[int, ...] | None]:
        """The sevens set aside and the dice of the last throw; while the rest is thrown, the sevens standing."""
        if turn.step == "throw":
            return turn.aside, turn.aside
        return (*turn.aside, *turn.rest), None

    def turn_standing(self, turn: Any) -> tuple[int, ...]:
        return tuple(turn.aside)

    def turn_note(self, turn: Any) -> Any:
        # the same words during the turn as in the result ("1 Siebener, 14 Augen"; terminal L9), counted (L3)
        return Phrase(
            N_("{sevens}, {pips}, throw {throws} of {limit}"),
            {
                "sevens": counts.sevens(turn.sevens),
                "pips": counts.pips(sum(turn.rest)),
                "throws": turn.throws,
                "limit": turn.limit,
            },
        )

    def goal(self) -> Goal:
        return explained.goal()

    def score(self, result: Result) -> float:
        return float(score_of(result))

    def result_phrase(self, result: Result) -> Any:
        return Phrase(N_("{sevens}, {pips}"), {"sevens": counts.sevens(result[0]), "pips": counts.pips(result[1])})

    def view(self, player: int | None) -> dict[str, Any]:
        v = super().view(player)
        if self.phase == "turn" and self.turn is not None:
            v.update(sevens=self.turn.sevens, rest=list(self.turn.rest), throws=self.turn.throws)
        return v


class BoeseSiebenGame(HandGame):
    id = "die-boese-sieben"
    state_class = BoeseSiebenState


# --- optimal play -------------------------------------------------------------------------------------------------
@cache
def throw_table(k: int, room: int, per_throw: str) -> tuple[tuple[int, int, Fraction], ...]:
    """One throw of ``k`` dice: (sevens formed, pips left, probability), merged."""
    out: dict[tuple[int, int], Fraction] = {}
    for dice, p in roll_distribution(k):
        formed, rest = form_sevens(dice, room, per_throw)
        out[(formed, sum(rest))] = out.get((formed, sum(rest)), Fraction(0)) + p
    return tuple((f, pips, p) for (f, pips), p in sorted(out.items()))


Worth = Callable[[Result, int], Any]
"""What a final result is worth, given the throws used (they bind the later players)."""


def turn_values(limit: int, worth: Worth, per_throw: str = "all") -> Callable[[int, int, int], tuple[Any, Any]]:
    """The best play of a turn under ``worth``: a function of a decision (sevens, pips left, throws used) giving
    (value of stopping, value of throwing on; None where no throw is left). ``(0, 0, 0)`` gives the turn's value
    before its first throw as both entries."""
    memo: dict[tuple[int, int], Any] = {}

    def on(sevens: int, throws: int) -> Any:
        key = (sevens, throws)
        if key not in memo:
            total: Any = 0
            for f, pips, p in throw_table(DICE - 2 * sevens, MOST - sevens, per_throw):
                s, t = sevens + f, throws + 1
                stop = worth((s, pips), t)
                total += p * (stop if s >= MOST or t >= limit else max(stop, on(s, t)))
            memo[key] = total
        return memo[key]

    def values(sevens: int, pips: int, throws: int) -> tuple[Any, Any]:
        if throws == 0:
            v = on(0, 0)
            return v, v
        stop = worth((sevens, pips), throws)
        return stop, (on(sevens, throws) if sevens < MOST and throws < limit else None)

    return values


def solo_worth(result: Result, throws: int) -> Fraction:
    return Fraction(score_of(result))


@cache
def solo_turn(limit: int, per_throw: str) -> Callable[[int, int, int], tuple[Any, Any]]:
    return turn_values(limit, solo_worth, per_throw)


def solve_solo(rules: Any, rules_id: str, fresh: bool = False) -> Any:
    """``wuerfel solve die-boese-sieben``: the expected score (100 × sevens + pips) of one turn with the full
    throw limit, played alone at its best."""
    from wuerfel.solvers.api import SolveResult

    if fresh:
        solo_turn.cache_clear()
        throw_table.cache_clear()
        beat_chance.cache_clear()
    t0 = time.perf_counter()
    value = solo_turn(rules.max_throws, rules.per_throw)(0, 0, 0)[0]
    return SolveResult(
        game="die-boese-sieben",
        rules=rules_id,
        objective="solo",
        value=float(value),
        seconds=time.perf_counter() - t0,
        extra={"exact": str(value)},
        value_of=N_("the expected score (100 × sevens + pips) of one turn played alone at its best"),
    )


@cache
def beat_chance(limit: int, per_throw: str, best: Result, tie: float = 0.5) -> float:
    """The chance that a player with ``limit`` throws who plays only to beat ``best`` does so (a tie counting
    ``tie``: the throw-off is one throw each, the same for both, so even odds)."""
    v = turn_values(limit, lambda r, t: 1.0 if r > best else tie if r == best else 0.0, per_throw)
    return float(v(0, 0, 0)[0])


def win_worth(rules: Any, before: Sequence[Result], later: int, limit_for_later: int | None) -> Worth:
    """What a final result is worth to a player who wants to win: 0 below the best result already thrown, a share
    where he ties it, and beyond it the chance that none of the ``later`` players beats it — each of them plays
    to beat it with the limit the first player set (``limit_for_later``; None: this player is the first, and his
    own throws will be their limit). Exact for the last player and for two (the throw-off is one throw each, even
    odds); with more it assumes each later player plays only to beat the best so far."""
    best = max(before, default=None)
    tied = sum(1 for r in before if r == best)

    def u(r: Result, throws: int) -> float:
        if best is not None and r < best:
            return 0.0
        share = 1.0 / (tied + 1) if best is not None and r == best else 1.0
        if not later:
            return share
        lim = limit_for_later if limit_for_later is not None else (throws if rules.inherit_limit else rules.max_throws)
        return share * (1.0 - beat_chance(lim, rules.per_throw, r)) ** later

    return u


def decision_values(state: BoeseSiebenState, player: int) -> dict[Action, float]:
    """Throwing on and stopping, each with its chance to win (:func:`win_worth`), alone with the expected score."""
    turn, rules = state.turn, state.rules
    if state.n == 1:
        stop, on = solo_turn(turn.limit, rules.per_throw)(turn.sevens, sum(turn.rest), turn.throws)
        return {ThrowOn(): float(on), Stop(): float(stop)}
    rows = state.playoffs[-1] if state.playoffs else state.results
    before = [r for p in state.order[: state.index] if (r := rows[p]) is not None]
    later = len(state.order) - state.index - 1
    first = state.index == 0
    limit_for_later = None if first else turn.limit
    if state.playoffs:
        limit_for_later = (
            state.limit.limit() if not first else (None if rules.inherit_limit else rules.throw_off_throws)
        )
    worth = win_worth(rules, before, later, limit_for_later)
    stop, on = turn_values(turn.limit, worth, rules.per_throw)(turn.sevens, sum(turn.rest), turn.throws)
    return {ThrowOn(): float(on), Stop(): float(stop)}


class BoeseSiebenHeuristicBot:
    """Throws on while it has fewer than two sevens and the pips left are below the dice's average (3.5 each)."""

    name = "heuristic"

    def __init__(self, game: Game, seed: int = 0) -> None:
        self.game = game

    def choose(self, state: State, player: int) -> Action:
        assert isinstance(state, BoeseSiebenState)
        t = state.turn
        return ThrowOn() if t.sevens < 2 and sum(t.rest) < 3.5 * len(t.rest) else Stop()


class BoeseSiebenOptimalBot(BestValueBot):
    """Maximises its chance to win (:func:`decision_values`): exact for two players — the strategy of the generic
    exact solver (``test_two_player_bot_plays_the_generic_solvers_strategy``) — and for the last player; with more
    against the results thrown, each later player assumed to play to beat the best so far; alone the best
    expected score."""

    state_class = BoeseSiebenState

    def values(self, state: BoeseSiebenState, player: int) -> dict[Action, float]:
        return decision_values(state, player)


class BoeseSiebenAdvisor(BestValueAdvisor):
    """Throwing on and stopping with their chances to win (alone: expected score) and the loss of the worse."""

    state_class = BoeseSiebenState
    solo_measure = N_("expected score (optimal play)")

    def values(self, state: BoeseSiebenState, player: int) -> dict[Action, float]:
        return decision_values(state, player)


INFO = register(
    GameInfo(
        id="die-boese-sieben",
        name_de="Die böse Sieben",
        name_en="Wicked Seven (Die böse Sieben)",
        family="six-dice",
        options_class=BoeseSiebenRules,
        make=BoeseSiebenGame,
        min_players=2,
        max_players=8,
        default_preset="die-boese-sieben",
        presets_dir=Path(__file__).parent / "presets" / "die-boese-sieben",
        locale_dir=Path(__file__).parent / "locale" / "die-boese-sieben",
        description_de=(
            "Sechs Würfel, bis zu drei Würfe: Leg Paare mit der Summe 7 beiseite; dreimal die Sieben ist das Beste."
        ),
        description_en="Six dice, up to three throws: set aside pairs that make 7; three sevens is the best.",
        aliases=("boese-sieben", "die_boese_sieben", "die-böse-sieben"),
        bots={"heuristic": BoeseSiebenHeuristicBot, "optimal": BoeseSiebenOptimalBot},
        solvers={"solo": solve_solo},
        advisor=BoeseSiebenAdvisor,
        default_bot="heuristic",
        explain=explained.explain,
        explain_quotes=("max_throws", "throw_off_throws"),
    )
)
