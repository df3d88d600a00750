"""Chicago (Hasard game 14) and Chicago hoch-tief (game 15): three dice, up to three throws, dice left standing stay.

"Die 1 zählt = 100, die 2 zählt = 60, und die übrigen Werte gelten entsprechend ihrer Augenzahl." The round's first
player throws up to three times, each time rethrowing 1 to 3 of the dice not yet left standing ("die nicht mehr
benutzten Würfel bleiben stehen und zählen am Schluß mit": frozen keeps); "die anderen Spieler dürfen nun nicht öfter
werfen, als der erste" (the kit's :class:`~wuerfel.games.kit.keeps.RoundLimit`). The highest score wins, an equal
score goes to fewer throws (the text's "Würfel" read as *Würfe*; option: dice thrown). The loser receives a
Bierdeckel; the first with three pays a round (loses the match). A full tie for the Bierdeckel is thrown off with one
throw of three dice each. Optional ("wahlweise"): two sixes in the first or second throw may become a standing 1
(= 100), the other six is thrown again.

Hoch-tief: after his first throw the round's first player declares "hoch" (as Chicago) or "tief": the pips count as
they are (the text's "2 = 6" is a slip: 2 = 2), the lowest sum wins and the highest receives the Bierdeckel; the
two-sixes rule applies only in "hoch".
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Hashable
from functools import cache
from pathlib import Path
from typing import Any, ClassVar, Literal

from wuerfel.engine.components import Goal
from wuerfel.engine.dice import Multiset, sort_dice
from wuerfel.engine.errors import N_, IllegalAction
from wuerfel.engine.game import JSON, Action, Game, Outcome, Roll, State
from wuerfel.engine.registry import GameInfo, register
from wuerfel.engine.rules import label_options, opt, require
from wuerfel.games.hasard.explain import chicago as explained
from wuerfel.games.kit import START_NAME, START_WORDS, Lot, Void, start_option
from wuerfel.games.kit.hand_round import STOP_WORDS, HandRoundState, Stop, new_state
from wuerfel.games.kit.keeps import Keep, KeepRules, describe_keep, keep_from_id, keep_id, parse_keep
from wuerfel.i18n import ntranslate, translate

HOCH, TIEF = "hoch", "tief"
CONVERT_WORDS = frozenset({"umdrehen", "drehen", "dreh", "convert", "turn", "sechser", "u"})


@dataclasses.dataclass(frozen=True)
class ChicagoRules:
    """Options of Chicago and Chicago hoch-tief; every default is the text or the spec's resolution."""

    max_throws: int = opt(
        3,
        de="Würfe des ersten Spielers einer Runde (Text: bis zu drei)",
        en="Throws of the round's first player (text: up to three)",
        low=1,
        high=5,
    )
    inherit_limit: bool = opt(
        True,
        de="Die anderen dürfen nicht öfter werfen als der erste (Text); aus: jeder darf die volle Zahl",
        en="The others may not throw more often than the first (text); off: everybody may use the maximum",
    )
    frozen_keeps: bool = opt(
        True,
        de="Stehengelassene Würfel bleiben bis zum Ende des Zuges stehen (Text); aus: "
        "jeder Würfel darf später wieder geworfen werden",
        en="Dice left standing stay for the rest of the turn (text); off: any die may be thrown again later",
    )
    tie_break: Literal["throws", "dice"] = opt(
        "throws",
        de="Bei gleicher Punktzahl gewinnt, wer weniger Würfe (Auflösung) oder weniger geworfene Würfel brauchte",
        en="Equal points: fewer throws (resolution) or fewer dice thrown is better",
    )
    two_sixes: bool = opt(
        False,
        de="Zwei Sechser im ersten oder zweiten Wurf: einer darf als 1 (= 100) stehen "
        "bleiben, der andere wird neu geworfen (Text: wahlweise)",
        en="Two sixes in the first or second throw: one may stand as a 1 (= 100), the other is "
        "thrown again (text: optional)",
    )
    bierdeckel: int = opt(
        3,
        de="Wer zuerst so viele Bierdeckel hat, verliert (Text: 3)",
        en="Whoever first has this many Bierdeckel loses (text: 3)",
        low=1,
        high=20,
    )
    next_start: Literal["left", "loser"] = opt(
        "left",
        de="Wer die nächste Runde beginnt: der linke Nachbar des letzten Beginners (Auflösung) oder der Verlierer",
        en="Who begins the next round: the left neighbour of the last first player (resolution) or the loser",
    )
    start: Literal["lot", "first_seat"] = start_option()

    def validate(self) -> None:
        require(1 <= self.max_throws <= 5, "max_throws", "1..5", self.max_throws)
        require(1 <= self.bierdeckel <= 20, "bierdeckel", "1..20", self.bierdeckel)


label_options(
    ChicagoRules,
    {
        "max_throws": ("Höchstzahl der Würfe", "Most throws"),
        "inherit_limit": ("Wurfzahl des ersten gilt für alle", "The first player's throws bind all"),
        "frozen_keeps": ("Stehengelassene Würfel bleiben stehen", "Dice left standing stay"),
        "tie_break": ("Bei gleicher Punktzahl", "Equal points"),
        "two_sixes": ("Zwei Sechser werden eine 1", "Two sixes make a 1"),
        "bierdeckel": ("Bierdeckel bis zur Niederlage", "Bierdeckel that lose"),
        "next_start": ("Beginner der nächsten Runde", "First player of the next round"),
        "start": START_NAME,
    },
    {
        "tie_break": {"throws": ("weniger Würfe", "fewer throws"), "dice": ("weniger Würfel", "fewer dice")},
        "next_start": {"left": ("linker Nachbar", "left neighbour"), "loser": ("der Verlierer", "the loser")},
        "start": START_WORDS,
    },
)


def chicago_value(dice: Multiset) -> int:
    """Points of a hand in Chicago (and hoch): 1 = 100, 2 = 60, the others their pips (1-1-1 "Chicago" = 300)."""
    return sum(100 if d == 1 else 60 if d == 2 else d for d in dice)


def tief_value(dice: Multiset) -> int:
    """Points of a hand in "tief": the pips as they are (lower is better)."""
    return sum(dice)


def hand_points(dice: Multiset, mode: str) -> int:
    return chicago_value(dice) if mode == HOCH else tief_value(dice)


@cache
def keep_rules(frozen: bool) -> KeepRules:
    """Rethrow 1 to 3 of the dice not standing: keep 0..2, frozen (text) or free."""
    return KeepRules(3, min_keep=0, max_keep=2, frozen=frozen)


def _minus(big: Multiset, small: Multiset) -> Multiset:
    c = Counter(big)
    c.subtract(small)
    return sort_dice(c.elements())


def conversion_keeps(dice: Multiset, frozen: Multiset) -> tuple[Multiset, ...]:
    """The standing dice after turning one of two sixes just thrown into a 1: the frozen dice and the 1, with or
    without the third die just thrown (the other six is thrown again)."""
    new = _minus(dice, frozen)
    if new.count(6) < 2:
        return ()
    base = sort_dice((*frozen, 1))
    other = _minus(new, (6, 6))
    out = [base]
    if other:
        out.append(sort_dice((*base, *other)))
    return tuple(out)


# --- actions ------------------------------------------------------------------------------------------------------
@dataclasses.dataclass(frozen=True)
class Declare(Action):
    """Chicago hoch-tief: the round's first player says after his first throw what counts, "hoch" or "tief"."""

    kind: ClassVar[str] = "declare"
    mode: str


@dataclasses.dataclass(frozen=True)
class Convert(Action):
    """Two sixes just thrown: one is turned to show 1 (= 100) and stays standing with ``dice`` (the other six is
    thrown again, with every die not in ``dice``)."""

    kind: ClassVar[str] = "convert"
    dice: Multiset

    def __post_init__(self) -> None:
        object.__setattr__(self, "dice", sort_dice(self.dice))


@dataclasses.dataclass(frozen=True)
class ChicagoState(HandRoundState):
    mode: str = HOCH
    """"hoch" or "tief"; "" until the round's first player has declared (hoch-tief)."""
    rolled_dice: int = 0
    """Dice thrown this turn (read only with ``tie_break = "dice"``)."""

    id: ClassVar[str] = "chicago"
    hoch_tief: ClassVar[bool] = False

    def max_throws(self) -> int:
        return int(self.rules.max_throws)

    def marks_to_lose(self) -> int:
        return int(self.rules.bierdeckel)

    def settle_winner(self) -> bool:
        return False  # only the Bierdeckel needs one seat: a shared best score changes nothing

    def keep_rules(self) -> KeepRules:
        return keep_rules(bool(self.rules.frozen_keeps))

    def rolled(self) -> int:
        return self.rolled_dice

    def hand_result(self, dice: Multiset, throws: int, rolled: int) -> tuple[int, ...]:
        pts = hand_points(dice, self.mode)
        cost = rolled if self.rules.tie_break == "dice" else throws
        return (pts if self.mode == HOCH else -pts, -cost)

    def throw_off_result(self, dice: Multiset, throws: int, rolled: int) -> tuple[int, ...]:
        pts = hand_points(dice, self.mode)
        return (pts if self.mode == HOCH else -pts, 0)

    def throw_off_limit(self) -> int:
        return 1  # "one throw of 3 dice each, same values"

    def score_of(self, result: tuple[int, ...]) -> int:
        return abs(result[0])

    def begin_round(self, start: int) -> ChicagoState:
        s = super().begin_round(start)
        assert isinstance(s, ChicagoState)
        return dataclasses.replace(s, mode="" if self.hoch_tief else HOCH, rolled_dice=0)

    def reset_turn(self) -> ChicagoState:
        return dataclasses.replace(self, rolled_dice=0) if self.rolled_dice else self

    def note_throw(self, k: int) -> ChicagoState:
        return dataclasses.replace(self, rolled_dice=self.rolled_dice + k) if self.rules.tie_break == "dice" else self

    def pending_decision(self) -> bool:
        return self.mode == "" and self.turn.throws >= 1 and not self.turn.throwing

    def conversions(self) -> tuple[Multiset, ...]:
        """Standing dice a two-sixes conversion may leave (module text; the spec's resolution)."""
        t = self.turn
        if not (
            self.rules.two_sixes
            and self.mode == HOCH
            and not self.in_throw_off
            and t.throws in (1, 2)
            and t.may_rethrow()
        ):
            return ()
        return conversion_keeps(t.dice, t.frozen if self.rules.frozen_keeps else ())

    def turn_actions(self) -> tuple[Action, ...]:
        if self.pending_decision():
            return (Declare(HOCH), Declare(TIEF))
        if not self.turn.may_rethrow():
            return ()
        return (*self.turn.keep_actions(self.keep_rules(), menu=True), *(Convert(k) for k in self.conversions()))

    def apply_turn_action(self, action: Action) -> ChicagoState:
        if isinstance(action, Declare):
            return dataclasses.replace(self, mode=action.mode).after_throw()  # type: ignore[return-value]
        if isinstance(action, Convert):
            frozen_rules = dataclasses.replace(self.keep_rules(), frozen=True)
            return dataclasses.replace(self, turn=self.turn.keep(action.dice, frozen_rules, checked=False))
        assert isinstance(action, Keep)
        return dataclasses.replace(self, turn=self.turn.keep(action.dice, self.keep_rules(), checked=False))

    def explain_illegal(self, action: Action, player: int) -> None:
        if self.pending_decision() and not isinstance(action, Declare):
            raise IllegalAction(N_("First say what counts this round: hoch or tief."))
        if isinstance(action, Declare) and not self.pending_decision():
            raise IllegalAction(N_("Only the round's first player declares hoch or tief, after his first throw."))
        if isinstance(action, Convert):
            raise IllegalAction(
                N_(
                    "Only two sixes of the dice just thrown, in the first or second throw, may become "
                    "a 1, and only when another throw is allowed."
                )
            )
        super().explain_illegal(action, player)

    # --- people ------------------------------------------------------------------------------------------------
    def parse_action_text(self, text: str, player: int) -> Action:
        words = text.casefold().replace(",", " ").split()
        if not words:
            raise IllegalAction(N_("I did not understand that."))
        if words[0] in (HOCH, "high") and len(words) == 1:
            return Declare(HOCH)
        if words[0] in (TIEF, "low") and len(words) == 1:
            return Declare(TIEF)
        if len(words) == 1 and words[0] in STOP_WORDS:
            return Stop()
        if words[0] in CONVERT_WORDS:
            options = self.conversions()
            rest = parse_keep(" ".join(words[1:])) if len(words) > 1 else None
            want = (
                sort_dice((*options[0], *rest.dice))
                if options and rest is not None
                else (options[0] if options else ())
            )
            return Convert(want)
        keep = parse_keep(text)
        if keep is not None:
            return keep
        raise IllegalAction(N_("Type the dice to leave standing (e.g. 1 2), stop, or hoch/tief."))

    def describe_action(self, action: Action, lang: str = "de") -> str:
        if isinstance(action, Stop):
            pts = hand_points(self.turn.dice, self.mode or HOCH)
            return ntranslate("Stop with {points} point", "Stop with {points} points", pts, lang, points=pts)
        if isinstance(action, Keep):
            return describe_keep(action.dice, 3, lang)
        if isinstance(action, Declare):
            return translate(
                N_("hoch: highest points win (1 = 100, 2 = 60)")
                if action.mode == HOCH
                else N_("tief: lowest pips win"),
                lang,
            )
        if isinstance(action, Convert):
            return translate(
                N_("turn a six into a 1, keep {kept}, rethrow {n}"),
                lang,
                kept=" ".join(map(str, action.dice)),
                n=3 - len(action.dice),
            )
        return super().describe_action(action, lang)

    def describe_outcome(self, outcome: Outcome, lang: str = "de", names: Any = ()) -> str:
        if isinstance(outcome, Roll):
            return " ".join(str(d) for d in outcome.dice)
        return super().describe_outcome(outcome, lang, names)

    def view_extra(self, player: int | None) -> JSON:
        out: JSON = {"mode": self.mode}
        if self.turn.dice:
            out["points"] = hand_points(self.turn.dice, self.mode or HOCH)
        return out

    def message(self) -> Any:
        from wuerfel.engine.components import Phrase

        msg = super().message()
        if msg is not None or not self.hoch_tief or self.phase != "play":
            return msg
        if self.mode == "":
            return Phrase(N_("The first player declares hoch or tief after his first throw"))
        return Phrase(N_("This round counts {mode}"), {"mode": self.mode})

    def goal(self) -> Goal:
        return explained.goal(self)

    def extra_key(self) -> Hashable:
        """Chicago's own fields for the solver's key: what counts this round, the dice thrown (read with the
        tie-break by dice only; 0 otherwise)."""
        return (self.mode, self.rolled_dice)


class ChicagoGame(Game):
    id = "chicago"
    state_class: ClassVar[type[ChicagoState]] = ChicagoState
    action_classes = (Stop, Keep, Declare, Convert)
    outcome_classes = (Roll, Void, Lot)

    def new_initial_state(self) -> State:
        return new_state(self.state_class, self)

    def action_universe(self) -> tuple[Action, ...]:
        """Every concrete action: stop, the declarations (Hoch/Tief only), a conversion (numbered 3..39: the keeps
        of number 0..36) and a keep of up to three dice."""
        from wuerfel.engine.dice import keep_table
        from wuerfel.games.kit.keeps import keep_universe

        declare = (Declare(HOCH), Declare(TIEF)) if isinstance(self, ChicagoHochTiefGame) else ()
        converts = (Convert(k) for k in keep_table(3) if keep_id(k) < 37)
        return (Stop(), *declare, *converts, *keep_universe(3))

    def action_id(self, action: Action) -> int:
        if isinstance(action, Stop):
            return 0
        if isinstance(action, Declare):
            return 1 if action.mode == HOCH else 2
        if isinstance(action, Convert):
            return 3 + keep_id(action.dice)
        if isinstance(action, Keep):
            return 40 + keep_id(action.dice)
        raise ValueError(action)

    def action_from_id(self, action_id: int) -> Action:
        try:
            if action_id == 0:
                return Stop()
            if action_id in (1, 2):
                return Declare(HOCH if action_id == 1 else TIEF)
            if 3 <= action_id < 40:
                return Convert(keep_from_id(action_id - 3, 3))
            return Keep(keep_from_id(action_id - 40, 3))
        except ValueError as exc:
            raise IllegalAction(N_("Unknown move '{kind}'."), kind=str(action_id)) from exc


@dataclasses.dataclass(frozen=True)
class ChicagoHochTiefState(ChicagoState):
    id: ClassVar[str] = "chicago-hoch-tief"
    hoch_tief: ClassVar[bool] = True


class ChicagoHochTiefGame(ChicagoGame):
    id = "chicago-hoch-tief"
    state_class = ChicagoHochTiefState


def make_hoch_tief(rules: Any, n: int) -> Game:
    return ChicagoHochTiefGame(rules, n)


class HeuristicBot:
    """A rule of thumb: keep the ones and twos ("hoch") or the low dice ("tief"), stop with a good hand, declare
    "hoch" when the first throw shows a one or a two. It lives here, not in :mod:`chicago_solver`, so that it
    plays without numpy (issue 26)."""

    name = "heuristic"

    def __init__(self, game: Game, seed: int = 0) -> None:
        self.game = game

    def choose(self, state: State, player: int) -> Action:
        assert isinstance(state, ChicagoState)
        legal = state.legal_actions(player)
        dice = state.turn.dice
        if state.mode == "":
            return Declare(HOCH if (1 in dice or 2 in dice) else TIEF)
        mode = state.mode
        if mode == HOCH:
            good = hand_points(dice, HOCH) >= 160
            wanted = tuple(d for d in dice if d in (1, 2))[:2]
        else:
            good = hand_points(dice, TIEF) <= 6
            wanted = tuple(d for d in dice if d <= 2)[:2]
        if good:
            return Stop()
        for a in legal:
            if isinstance(a, Convert):
                return a
        want = sort_dice(wanted)
        for a in legal:
            if isinstance(a, Keep) and a.dice == want:
                return a
        keeps = [a for a in legal if isinstance(a, Keep) and set(want) >= set(a.dice)]
        return keeps[0] if keeps else Stop()


def _bot(kind: str) -> Any:
    def factory(game: Game, seed: int) -> Any:
        if kind == "heuristic":
            return HeuristicBot(game)
        from wuerfel.games.hasard import chicago_solver

        return chicago_solver.OptimalBot(game)

    return factory


def _advisor(game: Game) -> Any:
    from wuerfel.games.hasard.chicago_solver import ChicagoAdvisor

    return ChicagoAdvisor(game)


def _solve(hoch_tief: bool) -> Any:
    def solve(rules: Any, rules_id: str, fresh: bool = False) -> Any:
        from wuerfel.games.hasard.chicago_solver import solve_solo

        return solve_solo(rules, rules_id, fresh, hoch_tief)

    return solve


def _solve_two(hoch_tief: bool) -> Any:
    def solve(rules: Any, rules_id: str, fresh: bool = False) -> Any:
        from wuerfel.games.hasard.chicago_solver import solve_two_players

        return solve_two_players(rules, rules_id, fresh, hoch_tief)

    return solve


PRESETS = Path(__file__).parent / "presets"

INFO = register(
    GameInfo(
        id="chicago",
        family="three-dice",
        name_de="Chicago",
        name_en="Chicago",
        options_class=ChicagoRules,
        make=ChicagoGame,
        min_players=2,
        max_players=8,
        default_preset="chicago",
        presets_dir=PRESETS / "chicago",
        locale_dir=Path(__file__).parent / "locale" / "chicago",
        description_de=(
            "Drei Würfel, bis zu drei Würfe: Eine 1 zählt 100, eine 2 zählt 60; wer am wenigsten hat, "
            "bekommt einen Bierdeckel."
        ),
        description_en=(
            "Three dice, up to three throws: a 1 counts 100, a 2 counts 60; the lowest score gets a beer mat."
        ),
        bots={"optimal": _bot("optimal"), "heuristic": _bot("heuristic")},
        solver_bots=frozenset({"optimal"}),
        solvers={"solo": _solve(False)},
        two_player_solver=_solve_two(False),
        advisor=_advisor,
        default_bot="optimal",
        explain=explained.explain,
        explain_quotes=("max_throws", "bierdeckel"),
    )
)

INFO_HOCH_TIEF = register(
    GameInfo(
        id="chicago-hoch-tief",
        family="three-dice",
        name_de="Chicago hoch-tief",
        name_en="Chicago high–low (Chicago hoch-tief)",
        options_class=ChicagoRules,
        make=make_hoch_tief,
        min_players=2,
        max_players=8,
        default_preset="chicago-hoch-tief",
        presets_dir=PRESETS / "chicago-hoch-tief",
        locale_dir=Path(__file__).parent / "locale" / "chicago",
        description_de=(
            "Wie Chicago, doch der Erste sagt nach seinem Wurf „hoch“ oder „tief“ an: Bei „tief“ "
            "gewinnt die kleinste Summe."
        ),
        description_en=(
            "Chicago, but the first player calls 'high' or 'low' after his throw: at 'low' the smallest total wins."
        ),
        bots={"optimal": _bot("optimal"), "heuristic": _bot("heuristic")},
        solver_bots=frozenset({"optimal"}),
        solvers={"solo": _solve(True)},
        two_player_solver=_solve_two(True),
        advisor=_advisor,
        default_bot="optimal",
        explain=explained.explain_hoch_tief,
        explain_quotes=("max_throws", "bierdeckel"),
    )
)
