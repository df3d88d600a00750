"""Sequenzen (Hasard game 16): three dice, one to three throws, only the sequences 1-2-3 < 2-3-4 < 3-4-5 < 4-5-6
count; the last throw counts.

"Jeder Spieler hat 1 bis 3 Würfel" is a slip for *Würfe* (a sequence needs all three dice). A player throws all three
dice, stops or throws all three again, up to the limit; the round's first player sets the limit for the others (as in
Chicago; option: everybody may use three). The highest sequence wins, the same sequence goes to fewer throws ("wer
dazu weniger Würfel benötigte": throws), a full tie is thrown off (one more turn each under the round's limit). If
nobody has a sequence the round is void and played again. Variant (text): at the second or third throw a player may
leave two dice standing and throw only the third (free choice which two). One game is one round; the last place (G8)
is shared unless the option settles it by a throw-off too.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Hashable, Sequence
from functools import cache
from pathlib import Path
from typing import Any, ClassVar, Literal

from wuerfel.engine.components import Goal
from wuerfel.engine.dice import Multiset
from wuerfel.engine.errors import N_, IllegalAction
from wuerfel.engine.game import JSON, Action, Game, Outcome, Roll, State
from wuerfel.engine.registry import GameInfo, register
from wuerfel.engine.rules import label_options, opt, require
from wuerfel.games.hasard.explain import sequenzen as explained
from wuerfel.games.kit import START_NAME, START_WORDS, Lot, Void, start_option
from wuerfel.games.kit.hand_round import STOP_WORDS, HandRoundState, Stop, new_state
from wuerfel.games.kit.keeps import Keep, KeepRules, describe_keep, keep_from_id, keep_id, parse_keep
from wuerfel.games.kit.rounds import SETTLE_LOSER_NAME
from wuerfel.i18n import translate

SEQUENCES: tuple[Multiset, ...] = ((1, 2, 3), (2, 3, 4), (3, 4, 5), (4, 5, 6))


def sequence_rank(dice: Multiset) -> int:
    """0 for nothing, 1 for 1-2-3 … 4 for 4-5-6."""
    d = tuple(sorted(dice))
    return SEQUENCES.index(d) + 1 if d in SEQUENCES else 0


def sequence_name(rank: int) -> str:
    return "-".join(map(str, SEQUENCES[rank - 1])) if rank else "—"


@dataclasses.dataclass(frozen=True)
class SequenzenRules:
    """Options of Sequenzen; every default is the text or the spec's resolution."""

    max_throws: int = opt(
        3,
        de="Würfe des ersten Spielers (Text: 1 bis 3)",
        en="Throws of the first player (text: 1 to 3)",
        low=1,
        high=5,
    )
    inherit_limit: bool = opt(
        True,
        de="Die anderen dürfen nicht öfter werfen als der erste (Auflösung, wie Chicago); aus: jeder darf drei",
        en="The others may not throw more often than the first (resolution, as Chicago); off: everybody may use all",
    )
    keep_two: bool = opt(
        False,
        de="Variante (Text): beim zweiten oder dritten Wurf dürfen 2 Würfel stehen bleiben",
        en="Variant (text): at the second or third throw 2 dice may stay standing",
    )
    void_when_nothing: bool = opt(
        True,
        de="Hat keiner eine Sequenz, zählt die Runde nicht und wird wiederholt (Auflösung)",
        en="If nobody has a sequence the round is void and played again (resolution)",
    )
    settle_loser: bool = opt(
        False,
        de="Gleichstand um den letzten Platz wird durch eine Stichrunde entschieden (sonst teilen sie ihn)",
        en="A tie for last place is thrown off (else the tied seats share it)",
    )
    start: Literal["lot", "first_seat"] = start_option()

    def validate(self) -> None:
        require(1 <= self.max_throws <= 5, "max_throws", "1..5", self.max_throws)


label_options(
    SequenzenRules,
    {
        "max_throws": ("Höchstzahl der Würfe", "Most throws"),
        "inherit_limit": ("Wurfzahl des ersten gilt für alle", "The first player's throws bind all"),
        "keep_two": ("Zwei Würfel stehen lassen (Variante)", "Keep two dice (variant)"),
        "void_when_nothing": ("Ohne Sequenz wird wiederholt", "Nothing for all: replay"),
        "settle_loser": SETTLE_LOSER_NAME,
        "start": START_NAME,
    },
    {"start": START_WORDS},
)


@cache
def keep_rules(keep_two: bool) -> KeepRules:
    """Throw all three again; in the variant also keep exactly two and throw the third."""
    return KeepRules(3, min_keep=2, max_keep=2, rethrow_all=True) if keep_two else KeepRules(3, 0, 0)


@dataclasses.dataclass(frozen=True)
class SequenzenState(HandRoundState):
    id: ClassVar[str] = "sequenzen"

    def keep_rules(self) -> KeepRules:
        return keep_rules(bool(self.rules.keep_two))

    def hand_result(self, dice: Multiset, throws: int, rolled: int) -> tuple[int, ...]:
        return (sequence_rank(dice), -throws)

    def settle_loser(self) -> bool:
        return bool(self.rules.settle_loser)

    def round_void(self, results: Sequence[tuple[int, ...] | None]) -> bool:
        return bool(self.rules.void_when_nothing) and all(r is not None and r[0] == 0 for r in results)

    def turn_actions(self) -> tuple[Action, ...]:
        return self.turn.keep_actions(self.keep_rules(), menu=True) if self.turn.may_rethrow() else ()

    def apply_turn_action(self, action: Action) -> SequenzenState:
        assert isinstance(action, Keep)
        return dataclasses.replace(self, turn=self.turn.keep(action.dice, self.keep_rules(), checked=False))

    def cell(self, p: int) -> Any:
        from wuerfel.engine import components as cmp

        shown = self.shown[p] if self.shown else None
        result = self.passes[0][p]
        if shown is None or result is None:
            return None
        rank = result[0]
        return cmp.Phrase(
            N_("{hand} in {throws} throw"),
            {"hand": sequence_name(rank) if rank else cmp.Phrase(N_("nothing")), "throws": shown[1]},
            plural="{hand} in {throws} throws",
            count="throws",
        )

    def parse_action_text(self, text: str, player: int) -> Action:
        words = text.casefold().split()
        if len(words) == 1 and words[0] in STOP_WORDS:
            return Stop()
        keep = parse_keep(text)
        if keep is not None:
            return keep
        raise IllegalAction(N_("Type the dice to leave standing (two dice), stop, or alle."))

    def describe_action(self, action: Action, lang: str = "de") -> str:
        if isinstance(action, Stop):
            rank = sequence_rank(self.turn.dice)
            hand = sequence_name(rank) if rank else translate(N_("nothing"), lang)
            return translate(N_("Stop with {hand}"), lang, hand=hand)
        if isinstance(action, Keep):
            if not action.dice:
                return translate(N_("Throw all three dice again"), lang)
            return describe_keep(action.dice, 3, lang)
        return super().describe_action(action, lang)

    def describe_outcome(self, outcome: Outcome, lang: str = "de", names: Sequence[str] = ()) -> str:
        return super().describe_outcome(outcome, lang, names)

    def view_extra(self, player: int | None) -> JSON:
        return {"sequence": sequence_rank(self.turn.dice) if self.turn.dice else 0}

    def extra_key(self) -> Hashable:
        return ()

    def goal(self) -> Goal:
        return explained.goal()


class SequenzenGame(Game):
    id = "sequenzen"
    action_classes = (Stop, Keep)
    outcome_classes = (Roll, Void, Lot)

    def new_initial_state(self) -> State:
        return new_state(SequenzenState, self)

    def action_universe(self) -> tuple[Action, ...]:
        """Every concrete action: stop, or a keep of up to three dice (the keeps the ids decode)."""
        from wuerfel.games.kit.keeps import keep_universe

        return (Stop(), *keep_universe(3))

    def action_id(self, action: Action) -> int:
        if isinstance(action, Stop):
            return 0
        if isinstance(action, Keep):
            return 1 + keep_id(action.dice)
        raise ValueError(action)

    def action_from_id(self, action_id: int) -> Action:
        if action_id == 0:
            return Stop()
        try:
            return Keep(keep_from_id(action_id - 1, 3))
        except ValueError as exc:
            raise IllegalAction(N_("Unknown move '{kind}'."), kind=str(action_id)) from exc


class HeuristicBot:
    """A rule of thumb: stop with any sequence, else throw again (in the variant keep two dice that can still make
    the highest sequence). It lives here, not in :mod:`sequenzen_solver`, so that it plays without numpy."""

    name = "heuristic"

    def __init__(self, game: Game, seed: int = 0) -> None:
        self.game = game

    def choose(self, state: State, player: int) -> Action:
        assert isinstance(state, SequenzenState)
        legal = state.legal_actions(player)
        if sequence_rank(state.turn.dice) > 0:
            return Stop()
        pairs = [
            a
            for a in legal
            if isinstance(a, Keep) and len(a.dice) == 2 and a.dice[0] != a.dice[1] and a.dice[1] - a.dice[0] <= 2
        ]
        if pairs:
            return max(pairs, key=lambda a: a.dice)
        return Keep(()) if Keep(()) in legal else Stop()


def _bot(kind: str) -> Any:
    def factory(game: Game, seed: int) -> Any:
        if kind == "heuristic":
            return HeuristicBot(game)
        from wuerfel.games.hasard import sequenzen_solver as ss

        return ss.OptimalBot(game)

    return factory


def _advisor(game: Game) -> Any:
    from wuerfel.games.hasard.sequenzen_solver import SequenzenAdvisor

    return SequenzenAdvisor(game)


def _solve(rules: Any, rules_id: str, fresh: bool = False) -> Any:
    from wuerfel.games.hasard.sequenzen_solver import solve_solo

    return solve_solo(rules, rules_id, fresh)


INFO = register(
    GameInfo(
        id="sequenzen",
        family="three-dice",
        name_de="Sequenzen",
        name_en="Sequences (Sequenzen)",
        options_class=SequenzenRules,
        make=SequenzenGame,
        min_players=2,
        max_players=8,
        default_preset="sequenzen",
        presets_dir=Path(__file__).parent / "presets" / "sequenzen",
        locale_dir=Path(__file__).parent / "locale" / "sequenzen",
        description_de="Drei Würfel, bis zu drei Würfe: Nur die Folgen 1-2-3 bis 4-5-6 zählen, die höchste gewinnt.",
        description_en="Three dice, up to three throws: only the runs 1-2-3 to 4-5-6 count, the highest wins.",
        bots={"optimal": _bot("optimal"), "heuristic": _bot("heuristic")},
        solver_bots=frozenset({"optimal"}),
        solvers={"solo": _solve},
        advisor=_advisor,
        default_bot="optimal",
        explain=explained.explain,
        explain_quotes=("max_throws",),
    )
)
