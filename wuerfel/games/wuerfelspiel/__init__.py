"""Würfelspiel: the 3-column Kniffel of Brettspielnetz (seed 003), with one-column Kniffel and Yahtzee as presets.

Registers the game with its bots (``heuristic``, ``best``), the exact one-column solver (objective ``score``), the
hint advisor and the terminal score sheet.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from wuerfel.engine.game import Game
from wuerfel.engine.registry import GameInfo, register
from wuerfel.games.wuerfelspiel import option_names  # noqa: F401  (names the options)
from wuerfel.games.wuerfelspiel.explain import explain
from wuerfel.games.wuerfelspiel.rules import WuerfelspielRules
from wuerfel.games.wuerfelspiel.state import Keep, Score, WuerfelspielGame, WuerfelspielState

PRESETS = Path(__file__).parent / "presets"


def _make(rules: Any, n: int) -> Game:
    return WuerfelspielGame(rules, n)


def _best(game: Game, seed: int) -> Any:
    from wuerfel.games.wuerfelspiel.bots import BestBot

    return BestBot(game, seed)


def _heuristic(game: Game, seed: int) -> Any:
    from wuerfel.games.wuerfelspiel.bots import HeuristicBot

    return HeuristicBot(game, seed)


class _AdvisorFactory:
    """The hint advisor's factory; ``exact_for`` tells the post-game analysis (:mod:`wuerfel.engine.analysis`)
    before any table is built that only one column is solved exactly: the 3-column planner estimates, and building
    it takes minutes the analysis would waste on a refusal."""

    def __call__(self, game: Game) -> Any:
        from wuerfel.games.wuerfelspiel.bots import Advisor

        return Advisor(game)

    @staticmethod
    def exact_for(game: Game) -> bool:
        return bool(game.rules.columns == 1)


_advisor = _AdvisorFactory()


def _solve_score(rules: WuerfelspielRules, rules_id: str, fresh: bool = False) -> Any:
    from wuerfel.games.wuerfelspiel.solver import solve_score

    return solve_score(rules, rules_id, fresh)


def _throw_scorer(rules: WuerfelspielRules) -> Any:
    """``wuerfel score``: the points of five dice in every box of one column (an empty sheet, no joker: the
    Kniffel joker depends on the sheet, not on the throw)."""
    from wuerfel.engine.throwscore import ThrowScorer
    from wuerfel.games.wuerfelspiel.rules import box_label, box_score

    def score(dice: Any, lang: str) -> dict[str, Any]:
        return {
            "dice": list(dice),
            "boxes": [
                {"box": b, "name": box_label(b, lang, rules), "points": box_score(b, dice, rules) if dice else 0}
                for b in rules.boxes
            ],
        }

    return ThrowScorer("boxes", rules.dice, rules.dice, score)


COMBINATION_BOXES = ("five_kind", "large_straight", "small_straight", "full_house", "four_kind", "three_kind")
"""The boxes a throw fills by its pattern, best first: a throw is classed by the first of them it fills."""


def _odds(rules: WuerfelspielRules) -> Any:
    """``wuerfel odds``: one throw of the five dice classed by the best combination box of the rules' sheet it
    fills (5 Gleiche, Große Straße, Kleine Straße, Full House, 4 Gleiche, 3 Gleiche, in that order), or by none
    (then only the number boxes and the Chance take it). A throw fills at most one of these boxes besides the ones
    it implies (a large straight is a small one, four alike are three alike), so the classes partition the throws.
    The names are the rules' sheet's (Kniffel, Dreierpasch …)."""
    from collections import Counter

    from wuerfel.engine.components import Phrase
    from wuerfel.engine.errors import N_
    from wuerfel.engine.odds import ThrowClass, ThrowOdds
    from wuerfel.games.wuerfelspiel.rules import box_label

    boxes = tuple(b for b in COMBINATION_BOXES if b in rules.boxes)

    def fills(box: str, dice: Any) -> bool:
        shape = sorted(Counter(dice).values(), reverse=True)
        present = set(dice)
        if box == "five_kind":
            return shape[0] == 5
        if box == "large_straight":
            return present in ({1, 2, 3, 4, 5}, {2, 3, 4, 5, 6})
        if box == "small_straight":
            return any({lo, lo + 1, lo + 2, lo + 3} <= present for lo in (1, 2, 3))
        if box == "full_house":
            return shape == [3, 2] or (shape[0] == 5 and rules.full_house_allows_five_kind)
        return shape[0] >= (4 if box == "four_kind" else 3)

    def classify(dice: Any) -> str:
        return next((b for b in boxes if fills(b, dice)), "none")

    def name(box: str) -> Any:
        return lambda lang: box_label(box, lang, rules)

    classes = tuple(ThrowClass(b, name(b)) for b in boxes)
    return ThrowOdds(rules.dice, (*classes, ThrowClass("none", Phrase(N_("no combination")))), classify)


def _render(view: dict[str, Any], lang: str) -> Any:
    from wuerfel.games.wuerfelspiel.render import terminal_renderer

    return terminal_renderer(view, lang)


INFO = register(
    GameInfo(
        id="wuerfelspiel",
        family="kniffel",
        name_de="Würfelspiel",
        name_en="Dice Game (3-column Kniffel)",
        options_class=WuerfelspielRules,
        make=_make,
        min_players=1,
        max_players=6,
        default_preset="brettspielnetz",
        presets_dir=PRESETS,
        locale_dir=Path(__file__).parent / "locale",
        web_dir=Path(__file__).parent / "web" / "wuerfelspiel",
        description_de=(
            "Kniffel mit drei Spalten, die einfach, doppelt und dreifach zählen; auch Kniffel und Yahtzee "
            "mit einer Spalte."
        ),
        description_en=(
            "Kniffel (Yahtzee) with three columns that count once, twice and three times; also one-column "
            "Kniffel and Yahtzee."
        ),
        aliases=("kniffel", "yahtzee"),
        bots={"heuristic": _heuristic, "best": _best},
        solver_bots=frozenset({"best"}),
        solvers={"score": _solve_score},
        advisor=_advisor,
        terminal_renderer=_render,
        default_bot="best",
        throw_scorer=_throw_scorer,
        odds=_odds,
        featured=2,
        explain=explain,
        explain_quotes=(
            "rerolls",
            "upper_bonus_threshold",
            "upper_bonus",
            "full_house",
            "small_straight",
            "large_straight",
            "five_kind",
            "yahtzee_bonus",
        ),
    )
)

__all__ = ["INFO", "Keep", "Score", "WuerfelspielGame", "WuerfelspielRules", "WuerfelspielState"]
